/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-journal.c: the game log and the changes each entry made. */

#define G_LOG_DOMAIN "adj-journal"

#include "config.h"

#include <string.h>

#include "adj-cards.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-journal.h"
#include "adj-json.h"

/* A change, with its target and field in the same block: one allocation for a change of the
 * thousands a long journal holds. */
static AdjChange *
change_new (AdjChangeOp  op,
            const char  *target,
            const char  *field)
{
  gsize target_size = strlen (target) + 1;
  gsize field_size = field != NULL ? strlen (field) + 1 : 0;
  AdjChange *change = g_malloc0 (sizeof (AdjChange) + target_size + field_size);
  char *text = (char *) (change + 1);

  change->op = op;
  change->target = memcpy (text, target, target_size);
  if (field != NULL)
    change->field = memcpy (text + target_size, field, field_size);
  return change;
}

static void
change_free (AdjChange *change)
{
  json_object_put (change->before);
  json_object_put (change->after);
  g_free (change);
}

/* A change set with room for @size changes. */
static AdjChangeSet *
change_set_new_sized (guint size)
{
  AdjChangeSet *set = g_new0 (AdjChangeSet, 1);

  set->changes = g_ptr_array_new_full (size, (GDestroyNotify) change_free);
  return set;
}

AdjChangeSet *
adj_change_set_new (void)
{
  return change_set_new_sized (0);
}

void
adj_change_set_free (AdjChangeSet *set)
{
  if (set == NULL)
    return;
  g_ptr_array_unref (set->changes);
  g_free (set);
}

guint
adj_change_set_len (const AdjChangeSet *set)
{
  return set->changes->len;
}

AdjChange *
adj_change_set_get (const AdjChangeSet *set,
                    guint               i)
{
  g_return_val_if_fail (i < set->changes->len, NULL);
  return g_ptr_array_index (set->changes, i);
}

void
adj_change_set_add_set (AdjChangeSet *set,
                        const char   *target,
                        const char   *field,
                        json_object  *before,
                        json_object  *after)
{
  AdjChange *change = change_new (ADJ_CHANGE_SET, target, field);

  change->before = before;
  change->after = after;
  g_ptr_array_add (set->changes, change);
}

/* A unit added (it is the value after) or removed (the value before). */
static void
add_unit_change (AdjChangeSet *set,
                 AdjChangeOp   op,
                 json_object  *unit,
                 guint         index)
{
  AdjChange *change = change_new (op, "battle", NULL);

  if (op == ADJ_CHANGE_ADD_UNIT)
    change->after = unit;
  else
    change->before = unit;
  change->index = index;
  g_ptr_array_add (set->changes, change);
}

void
adj_change_set_add_unit (AdjChangeSet *set,
                         json_object  *unit,
                         guint         index)
{
  add_unit_change (set, ADJ_CHANGE_ADD_UNIT, unit, index);
}

void
adj_change_set_remove_unit (AdjChangeSet *set,
                            json_object  *unit,
                            guint         index)
{
  add_unit_change (set, ADJ_CHANGE_REMOVE_UNIT, unit, index);
}

static const char *const op_names[] = { "set", "add-unit", "remove-unit" };

/* The values are shared with the change set, not copied: nothing changes them. */
json_object *
adj_change_set_to_json (const AdjChangeSet *set)
{
  json_object *arr = json_object_new_array_ext ((int) set->changes->len);

  for (guint i = 0; i < set->changes->len; i++)
    {
      AdjChange *c = g_ptr_array_index (set->changes, i);
      json_object *obj = json_object_new_object ();

      json_object_object_add (obj, "op", json_object_new_string (op_names[c->op]));
      json_object_object_add (obj, "target", json_object_new_string (c->target));
      switch (c->op)
        {
        case ADJ_CHANGE_SET:
          json_object_object_add (obj, "field", json_object_new_string (c->field));
          json_object_object_add (obj, "before", json_object_get (c->before));
          json_object_object_add (obj, "after", json_object_get (c->after));
          break;
        case ADJ_CHANGE_ADD_UNIT:
        case ADJ_CHANGE_REMOVE_UNIT:
          json_object_object_add (obj, "unit", json_object_get (c->op == ADJ_CHANGE_ADD_UNIT
                                                                ? c->after : c->before));
          json_object_object_add (obj, "index", json_object_new_int ((int) c->index));
          break;
        default:
          g_assert_not_reached ();
        }
      json_object_array_add (arr, obj);
    }
  return arr;
}

AdjChangeSet *
adj_change_set_from_json (json_object  *json,
                          const char   *file,
                          const char   *path,
                          GError      **error)
{
  static const char *const keys[] = {
    "op", "target", "field", "before", "after", "unit", "index", NULL
  };
  static const char *const set_only[] = { "field", "before", "after", NULL };
  static const char *const unit_only[] = { "unit", "index", NULL };
  g_autoptr(AdjChangeSet) set = NULL;
  gsize n;

  if (!json_object_is_type (json, json_type_array))
    {
      adj_json_fail (error, ADJ_ERROR_INVALID, file, path, _("expected an array, found %s"),
                     adj_json_type_name (json));
      return NULL;
    }

  n = json_object_array_length (json);
  set = change_set_new_sized ((guint) MIN (n, G_MAXUINT));
  for (gsize i = 0; i < n; i++)
    {
      json_object *obj = json_object_array_get_idx (json, i);
      g_autofree char *where = adj_json_path_index (path, i);
      const char *op = NULL, *target = NULL, *field = NULL;
      const char * const *not_allowed;
      json_object *unit = NULL, *before = NULL, *after = NULL;
      gint64 index = 0;

      if (!adj_json_expect_object (obj, file, where, error) ||
          !adj_json_check_keys (obj, keys, file, where, error) ||
          !adj_json_get_string (obj, "op", TRUE, &op, file, where, error) ||
          !adj_json_get_string (obj, "target", TRUE, &target, file, where, error))
        return NULL;

      if (g_str_equal (op, "set"))
        not_allowed = unit_only;
      else if (g_str_equal (op, "add-unit") || g_str_equal (op, "remove-unit"))
        not_allowed = set_only;
      else
        {
          adj_json_fail_at (error, ADJ_ERROR_INVALID, file, where, "op",
                            _("expected “set”, “add-unit” or “remove-unit”, found “%s”"), op);
          return NULL;
        }
      for (guint k = 0; not_allowed[k] != NULL; k++)
        if (json_object_object_get_ex (obj, not_allowed[k], NULL))
          {
            adj_json_fail_unknown_key (error, file, where, not_allowed[k]);
            return NULL;
          }

      if (op[0] == 's')
        {
          if (!adj_json_get_string (obj, "field", TRUE, &field, file, where, error))
            return NULL;
          json_object_object_get_ex (obj, "before", &before);
          json_object_object_get_ex (obj, "after", &after);
          /* The values are shared with the document read, not copied: nothing changes them. */
          adj_change_set_add_set (set, target, field, json_object_get (before),
                                  json_object_get (after));
        }
      else
        {
          if (!adj_json_get_object (obj, "unit", TRUE, &unit, file, where, error) ||
              !adj_json_get_int (obj, "index", TRUE, 0, G_MAXINT, &index, file, where, error))
            return NULL;
          add_unit_change (set, op[0] == 'a' ? ADJ_CHANGE_ADD_UNIT : ADJ_CHANGE_REMOVE_UNIT,
                           adj_json_copy (unit), (guint) index);
        }
    }
  return g_steal_pointer (&set);
}

/* An entry with @changes, which it takes. */
static AdjEntry *
entry_new (const char   *kind,
           const char   *mechanic,
           const char   *summary,
           AdjChangeSet *changes)
{
  AdjEntry *entry = g_new0 (AdjEntry, 1);

  entry->kind = g_strdup (kind);
  entry->mechanic = g_strdup (mechanic);
  entry->summary = g_strdup (summary);
  entry->changes = changes;
  return entry;
}

AdjEntry *
adj_entry_new (const char *kind,
               const char *mechanic,
               const char *summary)
{
  AdjEntry *entry = entry_new (kind, mechanic, summary, adj_change_set_new ());

  entry->time = g_get_real_time ();
  return entry;
}

void
adj_entry_free (AdjEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->kind);
  g_free (entry->mechanic);
  g_free (entry->summary);
  g_free (entry->phase);
  g_free (entry->phase_label);
  json_object_put (entry->inputs);
  json_object_put (entry->outcome);
  json_object_put (entry->odds);
  json_object_put (entry->json);
  adj_change_set_free (entry->changes);
  g_free (entry);
}

json_object *
adj_entry_to_json (const AdjEntry *entry)
{
  json_object *obj;

  /* An entry in a journal (it has its number) never changes: it is written out once and the
   * document kept, so that saving a long game does not build every entry again. */
  if (entry->json != NULL)
    return json_object_get (entry->json);
  obj = json_object_new_object ();

  json_object_object_add (obj, "seq", json_object_new_int ((int) entry->seq));
  json_object_object_add (obj, "time", json_object_new_int64 (entry->time));
  json_object_object_add (obj, "kind", json_object_new_string (entry->kind));
  if (entry->mechanic != NULL)
    json_object_object_add (obj, "mechanic", json_object_new_string (entry->mechanic));
  json_object_object_add (obj, "summary", json_object_new_string (entry->summary));
  json_object_object_add (obj, "turn", json_object_new_int (entry->turn));
  if (entry->phase != NULL)
    json_object_object_add (obj, "phase", json_object_new_string (entry->phase));
  if (entry->phase_label != NULL)
    json_object_object_add (obj, "phase_label", json_object_new_string (entry->phase_label));
  /* An entry's values never change once it is written: the document shares them, as an entry
   * read from a file shares the document's. */
  if (entry->inputs != NULL)
    json_object_object_add (obj, "inputs", json_object_get (entry->inputs));
  if (entry->outcome != NULL)
    json_object_object_add (obj, "outcome", json_object_get (entry->outcome));
  if (entry->odds != NULL)
    json_object_object_add (obj, "odds", json_object_get (entry->odds));
  json_object_object_add (obj, "changes", adj_change_set_to_json (entry->changes));
  if (entry->seq > 0)
    ((AdjEntry *) entry)->json = json_object_get (obj);
  return obj;
}

AdjEntry *
adj_entry_from_json (json_object  *json,
                     const char   *file,
                     const char   *path,
                     GError      **error)
{
  static const char *const keys[] = {
    "seq", "time", "kind", "mechanic", "summary", "turn", "phase", "phase_label", "inputs",
    "outcome", "odds", "changes", NULL
  };
  AdjEntry *entry;
  AdjChangeSet *change_set;
  const char *kind = NULL, *mechanic = NULL, *summary = NULL, *phase = NULL;
  const char *phase_label = NULL;
  gint64 seq = 0, time = 0, turn = 0;
  json_object *inputs = NULL, *outcome = NULL, *odds = NULL, *changes = NULL;
  g_autofree char *changes_path = NULL;

  if (!adj_json_expect_object (json, file, path, error) ||
      !adj_json_check_keys (json, keys, file, path, error) ||
      !adj_json_get_int (json, "seq", TRUE, 1, G_MAXINT, &seq, file, path, error) ||
      !adj_json_get_int (json, "time", FALSE, 0, G_MAXINT64, &time, file, path, error) ||
      !adj_json_get_string (json, "kind", TRUE, &kind, file, path, error) ||
      !adj_json_get_string (json, "mechanic", FALSE, &mechanic, file, path, error) ||
      !adj_json_get_string (json, "summary", TRUE, &summary, file, path, error) ||
      !adj_json_get_int (json, "turn", FALSE, 0, 100000, &turn, file, path, error) ||
      !adj_json_get_string (json, "phase", FALSE, &phase, file, path, error) ||
      !adj_json_get_string (json, "phase_label", FALSE, &phase_label, file, path, error) ||
      !adj_json_get_object (json, "inputs", FALSE, &inputs, file, path, error) ||
      !adj_json_get_object (json, "outcome", FALSE, &outcome, file, path, error) ||
      !adj_json_get_object (json, "odds", FALSE, &odds, file, path, error) ||
      !adj_json_get_array (json, "changes", TRUE, &changes, file, path, error))
    return NULL;

  changes_path = adj_json_path_key (path, "changes");
  change_set = adj_change_set_from_json (changes, file, changes_path, error);
  if (change_set == NULL)
    return NULL;
  entry = entry_new (kind, mechanic, summary, change_set);
  entry->seq = (guint) seq;
  entry->time = time;
  entry->turn = (int) turn;
  entry->phase = g_strdup (phase);
  entry->phase_label = g_strdup (phase_label);
  entry->inputs = json_object_get (inputs);
  entry->outcome = json_object_get (outcome);
  entry->odds = json_object_get (odds);
  return entry;
}

AdjJournal *
adj_journal_new (void)
{
  AdjJournal *journal = g_new0 (AdjJournal, 1);

  journal->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) adj_entry_free);
  journal->next_seq = 1;
  return journal;
}

void
adj_journal_free (AdjJournal *journal)
{
  if (journal == NULL)
    return;
  g_ptr_array_unref (journal->entries);
  g_free (journal);
}

guint
adj_journal_get_n_entries (const AdjJournal *journal)
{
  return journal->entries->len;
}

AdjEntry *
adj_journal_get_entry (const AdjJournal *journal,
                       guint             i)
{
  g_return_val_if_fail (i < journal->entries->len, NULL);
  return g_ptr_array_index (journal->entries, i);
}

gboolean
adj_journal_can_undo (const AdjJournal *journal)
{
  return journal->position > 0;
}

gboolean
adj_journal_can_redo (const AdjJournal *journal)
{
  return journal->position < journal->entries->len;
}

void
adj_journal_push (AdjJournal *journal,
                  AdjEntry   *entry)
{
  if (journal->position < journal->entries->len)
    g_ptr_array_remove_range (journal->entries, journal->position,
                              journal->entries->len - journal->position);
  if (entry->seq == 0)
    entry->seq = journal->next_seq;
  journal->next_seq = MAX (journal->next_seq, entry->seq) + 1;
  g_ptr_array_add (journal->entries, entry);
  journal->position = journal->entries->len;
}

/* ---- list items ---- */

struct _AdjJournalItem {
  GObject      parent_instance;
  guint        seq;
  char        *kind;
  char        *summary;
  int          turn;
  char        *phase;
  char        *phase_label;
  json_object *outcome;
  gboolean     undone;
};

G_DEFINE_FINAL_TYPE (AdjJournalItem, adj_journal_item, G_TYPE_OBJECT)

enum {
  ITEM_PROP_0,
  ITEM_PROP_UNDONE,
  ITEM_N_PROPS
};

static GParamSpec *item_properties[ITEM_N_PROPS];

static void
adj_journal_item_finalize (GObject *object)
{
  AdjJournalItem *self = ADJ_JOURNAL_ITEM (object);

  g_free (self->kind);
  g_free (self->summary);
  g_free (self->phase);
  g_free (self->phase_label);
  json_object_put (self->outcome);
  G_OBJECT_CLASS (adj_journal_item_parent_class)->finalize (object);
}

static void
adj_journal_item_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  AdjJournalItem *self = ADJ_JOURNAL_ITEM (object);

  switch (prop_id)
    {
    case ITEM_PROP_UNDONE:
      g_value_set_boolean (value, self->undone);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adj_journal_item_class_init (AdjJournalItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = adj_journal_item_finalize;
  object_class->get_property = adj_journal_item_get_property;

  item_properties[ITEM_PROP_UNDONE] =
    g_param_spec_boolean ("undone", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, ITEM_N_PROPS, item_properties);
}

static void
adj_journal_item_init (AdjJournalItem *self)
{
}

AdjJournalItem *
adj_journal_item_new (const AdjEntry *entry,
                      gboolean        undone)
{
  AdjJournalItem *self = g_object_new (ADJ_TYPE_JOURNAL_ITEM, NULL);

  self->seq = entry->seq;
  self->kind = g_strdup (entry->kind);
  self->summary = g_strdup (entry->summary);
  self->turn = entry->turn;
  self->phase = g_strdup (entry->phase);
  self->phase_label = g_strdup (entry->phase_label);
  self->outcome = json_object_get (entry->outcome);
  self->undone = undone;
  return self;
}

guint adj_journal_item_get_seq (AdjJournalItem *item) { return item->seq; }
const char *adj_journal_item_get_kind (AdjJournalItem *item) { return item->kind; }
const char *adj_journal_item_get_summary (AdjJournalItem *item) { return item->summary; }
int adj_journal_item_get_turn (AdjJournalItem *item) { return item->turn; }
const char *adj_journal_item_get_phase (AdjJournalItem *item) { return item->phase; }
const char *adj_journal_item_get_phase_label (AdjJournalItem *item) { return item->phase_label; }
json_object *adj_journal_item_get_outcome (AdjJournalItem *item) { return item->outcome; }
gboolean adj_journal_item_get_undone (AdjJournalItem *item) { return item->undone; }

void
adj_journal_item_set_undone (AdjJournalItem *item,
                             gboolean        undone)
{
  g_return_if_fail (ADJ_IS_JOURNAL_ITEM (item));

  if (item->undone == undone)
    return;
  item->undone = undone;
  g_object_notify_by_pspec (G_OBJECT (item), item_properties[ITEM_PROP_UNDONE]);
}

/* ---- the journal as a list model ---- */

struct _AdjJournalModel {
  GObject     parent_instance;
  AdjJournal *journal;
  GPtrArray  *items;   /* an AdjJournalItem per entry, NULL until first asked for */
};

static void adj_journal_model_list_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AdjJournalModel, adj_journal_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      adj_journal_model_list_init))

static void
clear_item (gpointer item)
{
  if (item != NULL)
    g_object_unref (item);
}

static void
adj_journal_model_finalize (GObject *object)
{
  AdjJournalModel *self = ADJ_JOURNAL_MODEL (object);

  g_ptr_array_unref (self->items);
  adj_journal_free (self->journal);
  G_OBJECT_CLASS (adj_journal_model_parent_class)->finalize (object);
}

static void
adj_journal_model_class_init (AdjJournalModelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = adj_journal_model_finalize;
}

static void
adj_journal_model_init (AdjJournalModel *self)
{
  self->journal = adj_journal_new ();
  self->items = g_ptr_array_new_with_free_func (clear_item);
}

static GType
adj_journal_model_get_item_type (GListModel *list)
{
  return ADJ_TYPE_JOURNAL_ITEM;
}

static guint
adj_journal_model_get_n_items (GListModel *list)
{
  return ADJ_JOURNAL_MODEL (list)->items->len;
}

static gpointer
adj_journal_model_get_item (GListModel *list,
                            guint       position)
{
  AdjJournalModel *self = ADJ_JOURNAL_MODEL (list);
  AdjJournalItem **item;

  if (position >= self->items->len)
    return NULL;
  item = (AdjJournalItem **) &g_ptr_array_index (self->items, position);
  if (*item == NULL)
    *item = adj_journal_item_new (adj_journal_get_entry (self->journal, position),
                                  position >= self->journal->position);
  return g_object_ref (*item);
}

static void
adj_journal_model_list_init (GListModelInterface *iface)
{
  iface->get_item_type = adj_journal_model_get_item_type;
  iface->get_n_items = adj_journal_model_get_n_items;
  iface->get_item = adj_journal_model_get_item;
}

AdjJournalModel *
adj_journal_model_new (void)
{
  return g_object_new (ADJ_TYPE_JOURNAL_MODEL, NULL);
}

AdjJournal *
adj_journal_model_get_journal (AdjJournalModel *model)
{
  g_return_val_if_fail (ADJ_IS_JOURNAL_MODEL (model), NULL);
  return model->journal;
}

void
adj_journal_model_changed (AdjJournalModel *model,
                           guint            position,
                           guint            removed,
                           guint            added)
{
  g_return_if_fail (ADJ_IS_JOURNAL_MODEL (model));
  g_return_if_fail (position + removed <= model->items->len);
  g_return_if_fail (model->items->len - removed + added == model->journal->entries->len);

  if (removed > 0)
    g_ptr_array_remove_range (model->items, position, removed);
  if (added > 0)
    {
      guint tail = model->items->len - position;

      g_ptr_array_set_size (model->items, model->items->len + added);
      memmove (model->items->pdata + position + added, model->items->pdata + position,
               tail * sizeof (gpointer));
      memset (model->items->pdata + position, 0, added * sizeof (gpointer));
    }
  if (removed > 0 || added > 0)
    g_list_model_items_changed (G_LIST_MODEL (model), position, removed, added);
}

void
adj_journal_model_set_undone (AdjJournalModel *model,
                              guint            index,
                              gboolean         undone)
{
  g_return_if_fail (ADJ_IS_JOURNAL_MODEL (model));

  /* An item not made yet takes its state from the journal's position when it is. */
  if (index < model->items->len && g_ptr_array_index (model->items, index) != NULL)
    adj_journal_item_set_undone (g_ptr_array_index (model->items, index), undone);
}

char *
adj_journal_describe_rolls (json_object *outcome)
{
  json_object *rolls;
  GString *text = g_string_new (NULL);

  if (outcome == NULL || !json_object_object_get_ex (outcome, "rolls", &rolls) ||
      !json_object_is_type (rolls, json_type_array))
    return g_string_free (text, FALSE);

  for (gsize i = 0; i < json_object_array_length (rolls); i++)
    {
      json_object *roll = json_object_array_get_idx (rolls, i);
      json_object *label = NULL, *values = NULL;
      gboolean cards = json_object_object_get_ex (roll, "cards", &values);

      if (!cards)
        json_object_object_get_ex (roll, "dice", &values);
      json_object_object_get_ex (roll, "label", &label);
      if (!json_object_is_type (values, json_type_array))
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      if (label != NULL)
        g_string_append_printf (text, "%s ", json_object_get_string (label));
      for (gsize k = 0; k < json_object_array_length (values); k++)
        {
          json_object *v = json_object_array_get_idx (values, k);

          if (k > 0)
            g_string_append (text, cards ? ", " : " + ");
          if (cards)
            {
              AdjCard card;
              if (adj_card_parse (json_object_get_string (v), &card))
                {
                  g_autofree char *name = adj_card_describe (card);
                  g_string_append (text, name);
                }
            }
          else
            g_string_append_printf (text, "%d", json_object_get_int (v));
        }
    }
  return g_string_free (text, FALSE);
}
