/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-rr-dashboard.c: the Colenso dashboard of Redvers' Reverse.
 *
 * One page for what the solitaire player would otherwise keep on the Turn & Status track, the
 * Segment track, the brigade bars and in the three cups: the step of the sequence of play with
 * what it still needs and the rolls that belong to it, "Next Step", the command points, the
 * Game Turn, Confidence and Loss tracks (drawn boxes, the marker filled), each brigade's orders,
 * the drifts, the cups, the emplacements and every counter of both sides.
 *
 * The page is built once.  On every change of the battle the step, the tracks and the fixed
 * rows (nine brigades, six drifts, three cups) have their texts set again, which is cheap; the
 * buttons of the step are made again only when the step marker moves.  The counters are list
 * boxes bound to filtered views of the battle's units: a row is made when a unit comes and
 * follows its own unit's "changed" signal, so a roll that hurts one battalion redraws one row.
 *
 * Everything is read through adj-rr.h, which never gives a hidden value: a drift shows its
 * marker only once the rules turn it over, and a cup only how many chits it holds.  Every
 * button calls a core function that journals what it does, so undo takes it back.
 *
 * Before the game is set up a status page stands in for all of it: what set-up does, the charts
 * it reads (each with the action panel's table editor a click away) and the counters whose
 * strengths are still to be entered (each a click from the Unit page), and the button to the
 * set-up dialog, where the player ticks variants until their ratings balance and names the
 * emplacement areas.  Set-up is one journal entry: undo brings the status page back.
 */

#define G_LOG_DOMAIN "adj-rr-dashboard"

#include "config.h"

#include <string.h>

#include "adj-battle-window.h"
#include "adj-error.h"
#include "adj-i18n.h"
#include "adj-mechanic-panel.h"
#include "adj-random.h"
#include "adj-rr-dashboard.h"
#include "adj-rr.h"
#include "adj-table-editor.h"
#include "adj-tables.h"

/* ---- a track of numbered boxes ---- */

#define ADJ_TYPE_RR_TRACK_BAR (adj_rr_track_bar_get_type ())

G_DECLARE_FINAL_TYPE (AdjRrTrackBar, adj_rr_track_bar, ADJ, RR_TRACK_BAR, GtkWidget)

struct _AdjRrTrackBar {
  GtkWidget parent_instance;
  int       first;
  int       last;
  int       value;       /* the marker: the box filled */
  int       ring;        /* a second marker drawn as a thick frame (0: none) */
  int       zone_from;   /* boxes tinted from zone_from to zone_to (0: none) */
  int       zone_to;
};

G_DEFINE_FINAL_TYPE (AdjRrTrackBar, adj_rr_track_bar, GTK_TYPE_WIDGET)

#define TRACK_GAP 3

static void
adj_rr_track_bar_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  AdjRrTrackBar *self = ADJ_RR_TRACK_BAR (widget);
  int n = MAX (1, self->last - self->first + 1);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = n * 12 + (n - 1) * TRACK_GAP;
      *natural = n * 36 + (n - 1) * TRACK_GAP;
    }
  else
    {
      PangoLayout *layout = gtk_widget_create_pango_layout (widget, "20");
      int height = 0;

      pango_layout_get_pixel_size (layout, NULL, &height);
      g_object_unref (layout);
      *minimum = *natural = MAX (30, height + 16);
    }
}

static void
append_number (GtkWidget     *widget,
               GtkSnapshot   *snapshot,
               int            number,
               gboolean       bold,
               double         scale,
               const GdkRGBA *color,
               double         x,
               double         width,
               double         height)
{
  g_autofree char *text = g_strdup_printf ("%d", number);
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoAttrList *attrs = pango_attr_list_new ();
  int w = 0, h = 0;

  pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
  if (scale < 1)
    pango_attr_list_insert (attrs, pango_attr_scale_new (scale));
  if (bold)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_HEAVY));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  pango_layout_get_pixel_size (layout, &w, &h);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) (x + (width - w) / 2),
                                                          (float) ((height - h) / 2)));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
  g_object_unref (layout);
}

/* The boxes in the style's own colours: the text colour for frames and numbers (so dark style
 * and high contrast follow), the accent colours for the marker. */
static void
adj_rr_track_bar_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  AdjRrTrackBar *self = ADJ_RR_TRACK_BAR (widget);
  GtkStyleContext *context = gtk_widget_get_style_context (widget);
  int n = MAX (1, self->last - self->first + 1);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  double box = (width - (n - 1) * TRACK_GAP) / n;
  GdkRGBA fg, accent_bg, accent_fg, frame, tint, dim;
  gboolean all_numbers;
  double scale = 1;

  if (box <= 2 || height <= 2)
    return;
  gtk_style_context_get_color (context, &fg);
  if (!gtk_style_context_lookup_color (context, "accent_bg_color", &accent_bg))
    accent_bg = fg;
  if (!gtk_style_context_lookup_color (context, "accent_fg_color", &accent_fg))
    accent_fg = (GdkRGBA) { 1, 1, 1, 1 };
  frame = fg;
  frame.alpha *= 0.45f;
  tint = fg;
  tint.alpha *= 0.12f;
  dim = fg;
  dim.alpha *= 0.8f;

  /* Numbers shrink a little to fit narrow boxes; narrower still, only every fifth box, the
   * ends and the markers are numbered. */
  {
    PangoLayout *layout = gtk_widget_create_pango_layout (widget, "20");
    int w = 0;

    pango_layout_get_pixel_size (layout, &w, NULL);
    g_object_unref (layout);
    if (w > 0 && w + 4 > box)
      scale = MAX (0.7, (box - 4) / w);
    all_numbers = w * scale + 4 <= box;
  }

  for (int i = 0; i < n; i++)
    {
      int number = self->first + i;
      double x = i * (box + TRACK_GAP);
      graphene_rect_t rect = GRAPHENE_RECT_INIT ((float) x, 0, (float) box, (float) height);
      GskRoundedRect rounded;
      gboolean marker = number == self->value;
      gboolean ring = number == self->ring;
      float widths[4];
      GdkRGBA colors[4];

      gsk_rounded_rect_init_from_rect (&rounded, &rect, MIN (6.f, (float) box / 4));
      gtk_snapshot_push_rounded_clip (snapshot, &rounded);
      if (marker)
        gtk_snapshot_append_color (snapshot, &accent_bg, &rect);
      else if (self->zone_from > 0 && number >= self->zone_from && number <= self->zone_to)
        gtk_snapshot_append_color (snapshot, &tint, &rect);
      gtk_snapshot_pop (snapshot);

      for (int k = 0; k < 4; k++)
        {
          widths[k] = ring ? 3.f : 1.f;
          colors[k] = ring ? fg : frame;
        }
      gtk_snapshot_append_border (snapshot, &rounded, widths, colors);

      if (marker || ring || all_numbers || number == self->first || number == self->last ||
          number % 5 == 0)
        append_number (widget, snapshot, number, marker || ring, scale,
                       marker ? &accent_fg : &dim, x, box, height);
    }
}

static void
adj_rr_track_bar_class_init (AdjRrTrackBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = adj_rr_track_bar_measure;
  widget_class->snapshot = adj_rr_track_bar_snapshot;
  gtk_widget_class_set_css_name (widget_class, "rr-track");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_METER);
}

static void
adj_rr_track_bar_init (AdjRrTrackBar *self)
{
  self->first = 1;
  self->last = 20;
  self->value = 1;
}

static void
track_bar_set (AdjRrTrackBar *self,
               int            value,
               int            ring,
               int            zone_from,
               int            zone_to,
               const char    *spoken)
{
  if (self->value == value && self->ring == ring && self->zone_from == zone_from &&
      self->zone_to == zone_to)
    return;
  self->value = value;
  self->ring = ring;
  self->zone_from = zone_from;
  self->zone_to = zone_to;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, (double) self->first,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, (double) self->last,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, (double) value,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, spoken,
                                  -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- the dashboard ---- */

/* A fixed row: a brigade or a drift, with its state and the button of the step. */
typedef struct {
  char       *id;
  GtkWidget  *row;
  GtkLabel   *state;
  GtkButton  *button;
  char       *task;     /* what the button does now: "order", "charge", "withdraw", ... */
  char       *text;     /* the state as shown */
} FixedRow;

static void
fixed_row_free (gpointer data)
{
  FixedRow *r = data;

  g_free (r->id);
  g_free (r->task);
  g_free (r->text);
  g_free (r);
}

struct _AdjRrDashboard {
  GtkWidget      parent_instance;

  GtkWidget     *setup_page;
  AdwPreferencesGroup *charts_group;
  GtkWidget     *strengths_group;
  AdwExpanderRow *strengths_row;
  GtkWidget     *strengths_done_row;
  GtkWidget     *scroller;
  GtkLabel      *where_label;
  GtkButton     *next_button;
  GtkBox        *phase_strip;
  GtkLabel      *segment_label;
  GtkLabel      *step_label;
  GtkLabel      *hint_label;
  GtkWidget     *pending_box;
  GtkLabel      *pending_label;
  GtkLabel      *result_label;
  GtkFlowBox    *actions_box;
  GtkLabel      *cp_label;
  GtkLabel      *cp_detail_label;
  GtkLabel      *turn_value;
  GtkLabel      *turn_note;
  AdjRrTrackBar *turn_track;
  GtkLabel      *confidence_value;
  GtkLabel      *confidence_note;
  GtkLabel      *shaken_badge;
  AdjRrTrackBar *confidence_track;
  GtkLabel      *loss_value;
  GtkLabel      *loss_note;
  AdjRrTrackBar *loss_track;
  GtkListBox    *brigade_list;
  GtkFlowBox    *state_flow;
  GtkListBox    *drift_list;
  GtkListBox    *cup_list;
  GtkWidget     *emplacement_heading;
  GtkListBox    *emplacement_list;
  GtkFlowBox    *units_flow;
  GtkLabel      *british_heading;
  GtkListBox    *british_list;
  GtkLabel      *boer_heading;
  GtkListBox    *boer_list;

  AdjBattle     *battle;
  GPtrArray     *brigades;      /* FixedRow, in the order of the orders of battle */
  GPtrArray     *drifts;        /* FixedRow */
  GtkWidget     *cup_rows[ADJ_RR_N_CUPS];
  GtkLabel      *cup_counts[ADJ_RR_N_CUPS];
  char          *cup_texts[ADJ_RR_N_CUPS];
  GPtrArray     *emplacements;  /* AdwActionRow */
  GtkFilterListModel *british;
  GtkFilterListModel *boer;
  char          *shown_step;    /* the step whose buttons stand in actions_box */
  GPtrArray     *action_labels; /* their labels */
  GtkWidget     *roll_button;   /* the step's roll, if it has one */
  GtkWidget     *dice_button;   /* and its dice typed in */
  char          *step_title;
  char          *cp_text;
  GPtrArray     *chart_rows;    /* AdwActionRow per chart set-up reads, before set-up */
  GPtrArray     *strength_rows; /* a row per counter still without its strengths */
  char          *missing_key;   /* their ids, joined: the rows are made again when it changes */
};

G_DEFINE_FINAL_TYPE (AdjRrDashboard, adj_rr_dashboard, GTK_TYPE_WIDGET)

enum {
  MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The rolls a step asks for. */
typedef struct {
  const char *id;          /* also the step it belongs to */
  const char *label;
  const char *tooltip;
} RollDef;

static const RollDef rolls[] = {
  { "draw-event", N_("_Draw a British Event Chit"),
    N_("One chit at random from the British event cup") },
  { "roll-send", N_("_Roll for the Orders Sent"),
    N_("Two dice on your Send Orders table for every order planned this turn") },
  { "roll-receive", N_("_Roll for the Orders Arriving"),
    N_("Two dice on your Receive Orders table for every Objective Marker due this turn") },
  { "draw-boer-event", N_("_Draw a Boer Event Chit"),
    N_("One chit at random from the Boer event cup") },
  { "shaken-test", N_("_Roll the Shaken Test"),
    N_("Two dice, plus one for every box Confidence stands below the Game Turn") },
};

/* The mechanics of the action panel a step uses, offered as buttons that open them. */
typedef struct {
  const char *step;
  const char *mechanics[4];
} StepMechanics;

static const StepMechanics step_mechanics[] = {
  { "boer-guns-fire", { "rr/boer-target", "rr/shell-fire", "rr/formation-morale", NULL } },
  { "boer-recovery", { "rr/unit-recovery", NULL } },
  { "batteries-fire", { "rr/shell-fire", "rr/formation-morale", NULL } },
  { "approach", { "rr/rifle-fire", "rr/losses", "rr/formation-morale", "rr/leader-casualty" } },
  { "close-combat", { "rr/rifle-fire", "rr/losses", "rr/formation-morale",
                      "rr/leader-casualty" } },
  { "overrun", { "rr/leader-casualty", NULL } },
  { "british-rifles", { "rr/rifle-fire", "rr/formation-morale", "rr/leader-reaction", NULL } },
  { "leader-markers", { "rr/leader-recovery", NULL } },
  { "unit-recovery", { "rr/unit-recovery", NULL } },
  { "commandos-fire", { "rr/boer-target", "rr/rifle-fire", "rr/leader-reaction",
                        "rr/leader-casualty" } },
};

/* Steps in which commandos may fire, and so draw an SP counter first. */
static const char *const sp_counter_steps[] = {
  "approach", "close-combat", "commandos-fire", NULL
};

static const RollDef *
find_roll (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (rolls); i++)
    if (g_strcmp0 (rolls[i].id, id) == 0)
      return &rolls[i];
  return NULL;
}

static void
report_text (AdjRrDashboard *self,
             const char     *text)
{
  g_signal_emit (self, signals[MESSAGE], 0, text);
}

static void
report (AdjRrDashboard *self,
        GError         *error)
{
  report_text (self, error->message);
}

static AdjBattleWindow *
battle_window (AdjRrDashboard *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return ADJ_IS_BATTLE_WINDOW (root) ? ADJ_BATTLE_WINDOW (root) : NULL;
}

/* What the entries made since @before say, as a toast with Undo. */
static void
toast_since (AdjRrDashboard *self,
             guint           before)
{
  AdjBattleWindow *window = battle_window (self);
  AdjJournal *journal = adj_battle_get_journal (self->battle);
  guint n = journal->position > before ? journal->position - before : 0;

  if (window == NULL || n == 0)
    return;
  if (n == 1)
    adj_battle_window_toast (window, adj_journal_get_entry (journal, before)->summary, TRUE);
  else
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%u result, listed under the step",
                                                         "%u results, listed under the step", n),
                                               n);
      adj_battle_window_toast_results (window, text, before, journal->position);
    }
}

/* Entered dice as an AdjRandom; NULL in *out (and TRUE) when none were typed. */
static gboolean
entered_random (const char  *dice,
                AdjRandom  **out,
                GError     **error)
{
  g_autoptr(GArray) values = NULL;
  g_autofree char *text = g_strstrip (g_strdup (dice != NULL ? dice : ""));

  *out = NULL;
  if (text[0] == '\0')
    return TRUE;
  if (!adj_dice_parse (text, &values, error))
    return FALSE;
  *out = adj_random_new (NULL, NULL);
  adj_random_enter_dice (*out, (const int *) (gpointer) values->data, values->len);
  return TRUE;
}

/* Dice typed in and not used: the roll is made, but the players should know. */
static void
check_used (AdjRrDashboard *self,
            AdjRandom      *random)
{
  g_autoptr(GError) error = NULL;

  if (random != NULL && !adj_random_check_used (random, &error))
    report (self, error);
}

static const char *
choice_label (AdjRuleset *rs,
              const char *field,
              const char *value)
{
  const AdjField *f = adj_ruleset_find_status_field (rs, field);
  const AdjChoice *choices;
  const AdjChoice *c;
  guint n = 0;

  if (f == NULL || value == NULL)
    return value;
  choices = adj_ruleset_field_choices (rs, f, &n);
  c = adj_field_find_choice (choices, n, value);
  return c != NULL ? adj_gettext (c->label) : value;
}

static json_object *
member (json_object *obj,
        const char  *key)
{
  json_object *v = NULL;

  if (obj != NULL && json_object_is_type (obj, json_type_object))
    json_object_object_get_ex (obj, key, &v);
  return v;
}

static const char *
member_string (json_object *obj,
               const char  *key)
{
  json_object *v = member (obj, key);

  return v != NULL && json_object_is_type (v, json_type_string) ? json_object_get_string (v)
                                                                 : NULL;
}

static int
setting_int (AdjRrDashboard *self,
             const char     *key)
{
  json_object *v = member (adj_battle_get_settings (self->battle), key);

  return v != NULL ? json_object_get_int (v) : 0;
}

/* Step @number (1-based) of a segment of rr.json's sequence. */
static json_object *
step_json (AdjRuleset *rs,
           const char *segment,
           int         number)
{
  json_object *steps = member (adj_rr_segment_json (rs, segment), "steps");

  if (steps == NULL || number < 1 || (gsize) number > json_object_array_length (steps))
    return NULL;
  return json_object_array_get_idx (steps, (gsize) number - 1);
}

static const char *
json_label (json_object *obj,
            const char  *key)
{
  const char *text = member_string (obj, key);

  return text != NULL ? adj_gettext (text) : "";
}

static GtkWidget *
chip_new (const char *style)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_widget_add_css_class (label, "badge");
  if (style != NULL)
    gtk_widget_add_css_class (label, style);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  return label;
}

/* Swap one state class of a widget for another among @classes. */
static void
set_state_class (GtkWidget          *widget,
                 const char * const *classes,
                 const char         *wanted)
{
  for (guint i = 0; classes[i] != NULL; i++)
    if (g_strcmp0 (classes[i], wanted) == 0)
      gtk_widget_add_css_class (widget, classes[i]);
    else
      gtk_widget_remove_css_class (widget, classes[i]);
}

/* ---- the counters ---- */

typedef struct {
  AdjRrDashboard *self;
  AdjUnit        *unit;      /* borrowed: the row goes before the unit does */
  GtkLabel       *name;
  GtkLabel       *detail;
  GtkLabel       *markers;
  GtkLabel       *morale;
  GtkLabel       *strength;
} UnitParts;

static const char *const morale_classes[] = {
  "rr-normal", "rr-disrupted", "rr-suppressed", "rr-routed", NULL
};

static void
update_unit_row (GtkWidget *row)
{
  UnitParts *parts = g_object_get_data (G_OBJECT (row), "parts");
  AdjRrDashboard *self = parts->self;
  AdjUnit *unit = parts->unit;
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  json_object *status = adj_unit_get_status (unit);
  const AdjUnitType *type = adj_battle_unit_type (self->battle, unit);
  const char *brigade = adj_unit_get_status_string (unit, "brigade");
  const char *group = adj_unit_get_status_string (unit, "group");
  const char *morale = member_string (status, "morale");
  gboolean destroyed = adj_unit_get_destroyed (unit);
  g_autoptr(GPtrArray) marks = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *detail = NULL;
  const char *where = brigade != NULL ? choice_label (rs, "brigade", brigade)
                                      : group != NULL ? choice_label (rs, "group", group) : NULL;
  int losses = adj_unit_get_status_int (unit, "losses");

  gtk_label_set_text (parts->name, adj_unit_get_name (unit));
  if (where != NULL)
    /* TRANSLATORS: under a counter's name, e.g. "Battalion of infantry · 5th (Irish) Infantry
     * Brigade" */
    detail = g_strdup_printf (_("%s · %s"), type != NULL ? adj_gettext (type->label) : "", where);
  else
    detail = g_strdup (type != NULL ? adj_gettext (type->label) : "");
  gtk_label_set_text (parts->detail, detail);
  gtk_widget_set_tooltip_text (GTK_WIDGET (parts->detail), detail);

  /* The markers on the counter, in words. */
  if (losses > 0)
    g_ptr_array_add (marks, g_strdup_printf (_("Losses %d"), losses));
  if (adj_unit_get_status_bool (unit, "reduced"))
    g_ptr_array_add (marks, g_strdup (_("Reduced")));
  if (g_strcmp0 (adj_unit_get_status_string (unit, "leader_marker"), "panicked") == 0)
    g_ptr_array_add (marks, g_strdup (_("Panicked")));
  if (g_strcmp0 (adj_unit_get_status_string (unit, "leader_marker"), "standing-firm") == 0)
    g_ptr_array_add (marks, g_strdup (_("Standing Firm")));
  if (adj_unit_get_status_bool (unit, "replaced"))
    g_ptr_array_add (marks, g_strdup (_("Replacement")));
  if (member (status, "mounted") != NULL)
    g_ptr_array_add (marks, g_strdup (adj_unit_get_status_bool (unit, "mounted")
                                      ? _("Mounted") : _("Dismounted")));
  if (member (status, "limbered") != NULL)
    g_ptr_array_add (marks, g_strdup (adj_unit_get_status_bool (unit, "limbered")
                                      ? _("Limbered") : _("Unlimbered")));
  if (member_string (status, "hq_mode") != NULL)
    g_ptr_array_add (marks, g_strdup (choice_label (rs, "hq_mode",
                                                    member_string (status, "hq_mode"))));
  if (g_strcmp0 (adj_unit_get_status_string (unit, "boer_marker"), "released") == 0)
    g_ptr_array_add (marks, g_strdup (_("Released")));
  if (g_strcmp0 (adj_unit_get_status_string (unit, "boer_marker"), "return") == 0)
    g_ptr_array_add (marks, g_strdup (_("Return")));
  if (g_strcmp0 (adj_unit_get_status_string (unit, "sp_counter"), "no-fire") == 0)
    g_ptr_array_add (marks, g_strdup (_("No Fire counter")));
  else if (g_strcmp0 (adj_unit_get_status_string (unit, "sp_counter"), "value") == 0)
    {
      int v = adj_unit_get_status_int (unit, "sp_counter_value");

      /* TRANSLATORS: the SP counter on a commando, e.g. "SP counter +2" */
      g_ptr_array_add (marks, v < 0 ? g_strdup_printf (_("SP counter −%d"), -v)
                                    : g_strdup_printf (_("SP counter +%d"), v));
    }
  if (marks->len > 0)
    {
      g_autofree char *text = NULL;

      g_ptr_array_add (marks, NULL);
      text = g_strjoinv (" · ", (char **) marks->pdata);
      gtk_label_set_text (parts->markers, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (parts->markers), text);
    }
  gtk_widget_set_visible (GTK_WIDGET (parts->markers), marks->len > 0);

  if (morale != NULL && !destroyed)
    {
      g_autofree char *css = g_strconcat ("rr-", morale, NULL);

      gtk_label_set_text (parts->morale, choice_label (rs, "morale", morale));
      set_state_class (GTK_WIDGET (parts->morale), morale_classes, css);
    }
  gtk_widget_set_visible (GTK_WIDGET (parts->morale), morale != NULL && !destroyed);

  if (destroyed)
    {
      gtk_label_set_text (parts->strength, _("Eliminated"));
      gtk_widget_add_css_class (row, "destroyed");
    }
  else if (member (status, "sp") != NULL && adj_unit_get_status_int (unit, "sp") <= 0)
    /* Nothing was read off the counter yet: a 0 would look like a strength. */
    gtk_label_set_text (parts->strength, _("SP not entered"));
  else if (member (status, "sp") != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("%d SP"), adj_rr_unit_strength (self->battle,
                                                                                unit));
      gtk_label_set_text (parts->strength, text);
    }
  else
    gtk_label_set_text (parts->strength, "");
  if (!destroyed)
    gtk_widget_remove_css_class (row, "destroyed");
  if (!destroyed && member (status, "sp") != NULL && adj_unit_get_status_int (unit, "sp") <= 0)
    gtk_widget_add_css_class (GTK_WIDGET (parts->strength), "rr-not-entered");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (parts->strength), "rr-not-entered");
}

static void
on_unit_changed (AdjUnit    *unit,
                 const char *field,
                 GtkWidget  *row)
{
  update_unit_row (row);
}

static GtkWidget *
label_new (const char *style,
           float       xalign)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (style != NULL)
    gtk_widget_add_css_class (label, style);
  return label;
}

static GtkWidget *
create_unit_row (gpointer item,
                 gpointer user_data)
{
  AdjRrDashboard *self = user_data;
  AdjUnit *unit = ADJ_UNIT (item);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  UnitParts *parts = g_new0 (UnitParts, 1);

  parts->self = self;
  parts->unit = unit;
  parts->name = GTK_LABEL (label_new ("unit-name", 0));
  parts->detail = GTK_LABEL (label_new ("dim-label", 0));
  parts->markers = GTK_LABEL (label_new ("rr-markers", 0));
  parts->morale = GTK_LABEL (chip_new ("rr-morale"));
  parts->strength = GTK_LABEL (label_new ("rr-strength", 1));
  gtk_widget_add_css_class (GTK_WIDGET (parts->detail), "caption");
  gtk_label_set_ellipsize (parts->strength, PANGO_ELLIPSIZE_NONE);
  gtk_widget_set_valign (GTK_WIDGET (parts->strength), GTK_ALIGN_CENTER);

  gtk_widget_add_css_class (row, "rr-unit");
  gtk_widget_set_hexpand (text, TRUE);
  gtk_widget_set_valign (text, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (text), GTK_WIDGET (parts->name));
  gtk_box_append (GTK_BOX (text), GTK_WIDGET (parts->detail));
  gtk_box_append (GTK_BOX (text), GTK_WIDGET (parts->markers));
  gtk_box_append (GTK_BOX (box), text);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (parts->morale));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (parts->strength));
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_set_tooltip_text (row, _("Show this counter in the unit pane"));

  g_object_set_data_full (G_OBJECT (row), "parts", parts, g_free);
  g_object_set_data_full (G_OBJECT (row), "unit-id", g_strdup (adj_unit_get_id (unit)), g_free);
  g_signal_connect_object (unit, "changed", G_CALLBACK (on_unit_changed), row, 0);
  update_unit_row (row);
  return row;
}

static void
on_unit_activated (GtkListBox     *list,
                   GtkListBoxRow  *row,
                   AdjRrDashboard *self)
{
  AdjBattleWindow *window = battle_window (self);
  const char *id = g_object_get_data (G_OBJECT (row), "unit-id");

  if (window != NULL && id != NULL)
    adj_battle_window_select_unit (window, id);
}

/* Counters of one side; the markers of the orders and the emplacements have their own place. */
static gboolean
is_counter_of (gpointer item,
               gpointer user_data)
{
  AdjUnit *unit = ADJ_UNIT (item);
  const char *type = adj_unit_get_type_id (unit);

  return g_strcmp0 (adj_unit_get_side (unit), user_data) == 0 &&
         g_strcmp0 (type, "planned-objective") != 0 && g_strcmp0 (type, "objective") != 0 &&
         g_strcmp0 (type, "emplacement") != 0;
}

static GtkFilterListModel *
bind_side (AdjRrDashboard *self,
           GtkListBox     *list,
           const char     *side)
{
  GtkCustomFilter *filter = gtk_custom_filter_new (is_counter_of, (gpointer) side, NULL);
  GtkFilterListModel *model = gtk_filter_list_model_new (
    g_object_ref (adj_battle_get_units (self->battle)), GTK_FILTER (filter));

  gtk_list_box_bind_model (list, G_LIST_MODEL (model), create_unit_row, self, NULL);
  return model;
}

/* ---- the fixed rows: brigades, drifts, cups ---- */

static void on_row_button_clicked (GtkButton      *button,
                                   AdjRrDashboard *self);

static FixedRow *
fixed_row_new (AdjRrDashboard *self,
               GtkListBox     *list,
               const char     *id,
               const char     *title)
{
  FixedRow *r = g_new0 (FixedRow, 1);
  GtkWidget *row = adw_action_row_new ();

  r->id = g_strdup (id);
  r->row = row;
  r->state = GTK_LABEL (chip_new ("rr-state"));
  gtk_label_set_max_width_chars (r->state, 34);
  r->button = GTK_BUTTON (gtk_button_new ());
  gtk_widget_set_valign (GTK_WIDGET (r->button), GTK_ALIGN_CENTER);
  gtk_widget_set_visible (GTK_WIDGET (r->button), FALSE);
  g_object_set_data (G_OBJECT (r->button), "fixed-row", r);
  g_signal_connect (r->button, "clicked", G_CALLBACK (on_row_button_clicked), self);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (r->state));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (r->button));
  gtk_list_box_append (list, row);
  return r;
}

/* Show the row's button for @task (NULL: none). */
static void
fixed_row_offer (FixedRow   *r,
                 const char *task,
                 const char *label,
                 const char *tooltip)
{
  g_free (r->task);
  r->task = g_strdup (task);
  if (task != NULL)
    {
      gtk_button_set_label (r->button, label);
      gtk_button_set_use_underline (r->button, TRUE);
      gtk_widget_set_tooltip_text (GTK_WIDGET (r->button), tooltip);
    }
  gtk_widget_set_visible (GTK_WIDGET (r->button), task != NULL);
}

static void
fixed_row_set_state (FixedRow   *r,
                     const char *text,
                     const char *tooltip)
{
  g_free (r->text);
  r->text = g_strdup (text);
  gtk_label_set_text (r->state, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (r->state), tooltip != NULL ? tooltip : text);
}

static void
build_fixed_rows (AdjRrDashboard *self)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  const char * const *brigades = adj_rr_brigades (rs);
  const char * const *drifts = adj_rr_drifts (rs);
  static const char *const cup_titles[] = {
    N_("British event chits"), N_("Boer event chits"), N_("Boer SP counters")
  };

  for (guint i = 0; brigades != NULL && brigades[i] != NULL; i++)
    {
      FixedRow *r = fixed_row_new (self, self->brigade_list, brigades[i],
                                   adj_rr_brigade_label (rs, brigades[i]));

      gtk_widget_add_css_class (GTK_WIDGET (r->state), "rr-order");
      g_ptr_array_add (self->brigades, r);
    }
  for (guint i = 0; drifts != NULL && drifts[i] != NULL; i++)
    g_ptr_array_add (self->drifts, fixed_row_new (self, self->drift_list, drifts[i],
                                                  adj_rr_drift_label (rs, drifts[i])));
  for (AdjRrCup c = 0; c < ADJ_RR_N_CUPS; c++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *count = gtk_label_new (NULL);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_gettext (cup_titles[c]));
      gtk_widget_add_css_class (count, "rr-count");
      gtk_widget_set_valign (count, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), count);
      gtk_list_box_append (self->cup_list, row);
      self->cup_rows[c] = row;
      self->cup_counts[c] = GTK_LABEL (count);
    }
}

/* What a brigade's markers say. */
static char *
order_text (const AdjRrOrder *order)
{
  switch (order->state)
    {
    case ADJ_RR_ORDER_PLANNED:
      /* TRANSLATORS: a brigade's Planned Objective, e.g. "Planned: Colenso Station" */
      return g_strdup_printf (_("Planned: %s"), order->planned_area);
    case ADJ_RR_ORDER_IN_TRANSIT:
      if (order->turns_to_arrive <= 0)
        return g_strdup (_("Arrives this turn"));
      if (order->turns_to_arrive == 1)
        /* TRANSLATORS: an order on its way, e.g. "Arrives next turn (turn 2)" */
        return g_strdup_printf (_("Arrives next turn (turn %d)"), order->arrives);
      /* TRANSLATORS: an order on its way, e.g. "Arrives in 2 turns (turn 3)" */
      return g_strdup_printf (ngettext ("Arrives in %d turn (turn %d)",
                                        "Arrives in %d turns (turn %d)",
                                        order->turns_to_arrive),
                              order->turns_to_arrive, order->arrives);
    case ADJ_RR_ORDER_OBJECTIVE:
      /* TRANSLATORS: the order has arrived; e.g. "Arrived: making for Colenso Station" */
      return g_strdup_printf (_("Arrived: making for %s"), order->objective_area);
    case ADJ_RR_ORDER_FAIL:
      /* TRANSLATORS: an emergency withdrawal; e.g. "Fail: falling back to Naval Gun Hill" */
      return g_strdup_printf (_("Fail: falling back to %s"), order->objective_area);
    case ADJ_RR_ORDER_CHARGE:
      return g_strdup (_("Charging the guns: place its marker"));
    case ADJ_RR_ORDER_NONE:
    default:
      return g_strdup (_("No order"));
    }
}

static const char *const order_classes[] = {
  "rr-none", "rr-planned", "rr-in-transit", "rr-objective", "rr-fail", "rr-charge", NULL
};

static void
update_brigades (AdjRrDashboard    *self,
                 const AdjRrTracks *t)
{
  gboolean over = g_strcmp0 (t->result, "none") != 0;

  for (guint i = 0; i < self->brigades->len; i++)
    {
      FixedRow *r = g_ptr_array_index (self->brigades, i);
      AdjUnit *leader = adj_rr_brigade_leader (self->battle, r->id);
      AdjRrOrder order;
      int start = 0, now = 0;
      g_autofree char *text = NULL;
      g_autofree char *subtitle = NULL;
      gboolean lost_quarter;
      gboolean strengths;

      if (leader == NULL || !adj_rr_get_order (self->battle, r->id, &order))
        {
          fixed_row_set_state (r, _("Not in this battle"), NULL);
          fixed_row_offer (r, NULL, NULL, NULL);
          continue;
        }
      strengths = adj_rr_brigade_strength (self->battle, r->id, &start, &now, NULL);
      text = order_text (&order);
      fixed_row_set_state (r, text, order.state == ADJ_RR_ORDER_IN_TRANSIT
                                    ? _("Sent: its Objective Marker waits on the turn track")
                                    : NULL);
      set_state_class (GTK_WIDGET (r->state), order_classes,
                       order_classes[MIN ((guint) order.state, G_N_ELEMENTS (order_classes) - 2)]);
      if (!strengths)
        /* TRANSLATORS: under a brigade, e.g. "Hart · strengths not entered yet" */
        subtitle = g_strdup_printf (_("%s · strengths not entered yet"),
                                    adj_unit_get_name (leader));
      else if (order.ordered_this_turn)
        /* TRANSLATORS: under a brigade, e.g. "Hart · 18 of 20 SP · ordered this turn" */
        subtitle = g_strdup_printf (_("%s · %d of %d SP · ordered this turn"),
                                    adj_unit_get_name (leader), now, start);
      else
        /* TRANSLATORS: under a brigade, e.g. "Hart · 18 of 20 SP" */
        subtitle = g_strdup_printf (_("%s · %d of %d SP"), adj_unit_get_name (leader), now,
                                    start);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (r->row), subtitle);

      /* The button the step offers for this brigade. */
      lost_quarter = start > 0 && (start - now) * 4 >= start;
      /* A brigade whose strengths are not in yet still takes orders; one wiped out does not. */
      if (over || (strengths && now == 0))
        fixed_row_offer (r, NULL, NULL, NULL);
      else if (g_strcmp0 (t->step, "plan-orders") == 0 && !order.ordered_this_turn &&
               order.state != ADJ_RR_ORDER_IN_TRANSIT && order.state != ADJ_RR_ORDER_CHARGE)
        fixed_row_offer (r, "order", _("_Order…"), _("Give the brigade an objective"));
      else if (order.state == ADJ_RR_ORDER_CHARGE)
        fixed_row_offer (r, "charge", _("_Place Marker…"),
                         _("Name the area of the guns the brigade charges"));
      else if (g_strcmp0 (t->step, "withdrawal") == 0 && lost_quarter &&
               order.state != ADJ_RR_ORDER_FAIL)
        fixed_row_offer (r, "withdraw", _("_Withdrawal…"),
                         _("The brigade has lost a quarter of its strength or more: test for an "
                           "emergency withdrawal"));
      else if (g_strcmp0 (t->segment, "british-movement") == 0 &&
               order.state == ADJ_RR_ORDER_OBJECTIVE)
        fixed_row_offer (r, "reached", _("_Reached"),
                         _("The leader stands in his objective area: take the marker off"));
      else
        fixed_row_offer (r, NULL, NULL, NULL);
    }
}

static const char *const drift_classes[] = {
  "rr-hidden", "rr-revealed", "rr-found", "rr-cleared", NULL
};

/* "12, 10, 10, 10 or 6": the markers a drift's value is drawn from (no secret). */
static char *
drift_pool (AdjRuleset *rs,
            const char *drift)
{
  json_object *drifts = member (adj_ruleset_get_json (rs), "drifts");
  static const char *const groups[] = { "high", "low" };

  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    {
      json_object *group = member (drifts, groups[g]);
      json_object *areas = member (group, "areas");
      json_object *markers = member (group, "markers");

      for (gsize i = 0; areas != NULL && i < json_object_array_length (areas); i++)
        if (g_strcmp0 (member_string (json_object_array_get_idx (areas, i), "id"), drift) == 0)
          {
            g_autoptr(GString) values = g_string_new (NULL);
            gsize n = markers != NULL ? json_object_array_length (markers) : 0;

            for (gsize k = 0; k < n; k++)
              {
                if (k > 0)
                  g_string_append (values, k + 1 == n ? _(" or ") : ", ");
                g_string_append_printf (values, "%d",
                                        json_object_get_int (json_object_array_get_idx (markers,
                                                                                        k)));
              }
            /* TRANSLATORS: the markers a drift's value is drawn from, e.g. "One of 6, 6, 8 or 4" */
            return g_strdup_printf (_("One of %s"), values->str);
          }
    }
  return g_strdup ("");
}

static void
update_drifts (AdjRrDashboard    *self,
               const AdjRrTracks *t)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  gboolean over = g_strcmp0 (t->result, "none") != 0;

  for (guint i = 0; i < self->drifts->len; i++)
    {
      FixedRow *r = g_ptr_array_index (self->drifts, i);
      int value = 0;
      AdjRrDriftState state = adj_rr_drift_state (self->battle, r->id, &value);
      g_autofree char *key = g_strdelimit (g_strconcat (r->id, "_tried", NULL), "-", '_');
      g_autofree char *pool = drift_pool (rs, r->id);
      g_autofree char *text = NULL;
      gboolean tried = setting_int (self, key) == t->turn;
      gboolean open = state == ADJ_RR_DRIFT_HIDDEN || state == ADJ_RR_DRIFT_REVEALED;

      switch (state)
        {
        case ADJ_RR_DRIFT_REVEALED:
          /* TRANSLATORS: a drift marker turned over but not yet beaten, e.g. "Shows 10 · not
           * found" */
          text = g_strdup_printf (_("Shows %d · not found"), value);
          break;
        case ADJ_RR_DRIFT_FOUND:
          text = g_strdup_printf (_("Found · %d"), value);
          break;
        case ADJ_RR_DRIFT_CLEARED:
          text = g_strdup (_("Opened by a commando"));
          break;
        case ADJ_RR_DRIFT_HIDDEN:
        default:
          text = g_strdup (_("Hidden"));
          break;
        }
      fixed_row_set_state (r, text, state == ADJ_RR_DRIFT_HIDDEN
                                    ? _("Its marker lies face down until a battalion or "
                                        "regiment tries to cross")
                                    : NULL);
      set_state_class (GTK_WIDGET (r->state), drift_classes, drift_classes[state]);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (r->row),
                                   tried && open ? _("Looked for this turn: again next turn")
                                                 : pool);

      if (!over && open && !tried && g_strcmp0 (t->segment, "british-movement") == 0)
        fixed_row_offer (r, "find", _("_Find…"),
                         _("A battalion or regiment is about to enter it: turn the marker over "
                           "and roll"));
      else if (!over && open && g_strcmp0 (t->segment, "boer-movement") == 0)
        fixed_row_offer (r, "commando", _("_Commando Entered"),
                         _("A commando moved into it: the marker goes, unseen, and the drift "
                           "is open"));
      else
        fixed_row_offer (r, NULL, NULL, NULL);
    }
}

static void
update_cups (AdjRrDashboard *self)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);

  for (AdjRrCup c = 0; c < ADJ_RR_N_CUPS; c++)
    {
      guint count = adj_rr_cup_count (self->battle, c);
      g_autoptr(GPtrArray) play = adj_rr_cup_in_play (self->battle, c);
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *number = g_strdup_printf ("%u", count);
      g_autofree char *subtitle = NULL;

      for (guint i = 0; play != NULL && i < play->len; i++)
        g_ptr_array_add (names, adj_rr_chit_label (rs, c, g_ptr_array_index (play, i)));
      if (names->len > 0)
        {
          g_autofree char *list = NULL;

          g_ptr_array_add (names, NULL);
          list = g_strjoinv (", ", (char **) names->pdata);
          /* TRANSLATORS: the chits drawn that will come back, e.g. "In play: Bob Hart" */
          subtitle = g_strdup_printf (_("In play: %s"), list);
        }
      else
        subtitle = g_strdup (c == ADJ_RR_CUP_SP ? _("Counters on commandos go back at Boer "
                                                   "Shaken")
                                                : _("No chit drawn is waiting to go back"));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->cup_rows[c]), subtitle);
      gtk_label_set_text (self->cup_counts[c], number);
      g_free (self->cup_texts[c]);
      self->cup_texts[c] = g_strdup_printf (ngettext ("%u in the cup", "%u in the cup", count),
                                            count);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->cup_counts[c]), self->cup_texts[c]);
    }
}

static void on_emplacement_clicked (GtkButton      *button,
                                    AdjRrDashboard *self);

/* An emplacement's row offers what the rules let the player report about it now: the first
 * shot from its area while it still shows Hidden, and who holds its area in the Boer Shaken
 * segment. */
static void
update_emplacements (AdjRrDashboard *self)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  g_autoptr(GPtrArray) ids = adj_rr_emplacements (self->battle);
  AdjRrTracks t;

  /* A handful of rows: made again only when markers come or go. */
  if (ids->len != self->emplacements->len)
    {
      for (guint i = 0; i < self->emplacements->len; i++)
        gtk_list_box_remove (self->emplacement_list, g_ptr_array_index (self->emplacements, i));
      g_ptr_array_set_size (self->emplacements, 0);
      for (guint i = 0; i < ids->len; i++)
        {
          GtkWidget *row = adw_action_row_new ();
          GtkWidget *chip = chip_new ("rr-state");
          GtkWidget *button = gtk_button_new ();

          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
          g_signal_connect (button, "clicked", G_CALLBACK (on_emplacement_clicked), self);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), chip);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
          g_object_set_data (G_OBJECT (row), "chip", chip);
          g_object_set_data (G_OBJECT (row), "button", button);
          gtk_list_box_append (self->emplacement_list, row);
          g_ptr_array_add (self->emplacements, row);
        }
    }
  adj_rr_get_tracks (self->battle, &t);
  for (guint i = 0; i < ids->len; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (self->battle, g_ptr_array_index (ids, i));
      GtkWidget *row = g_ptr_array_index (self->emplacements, i);
      GtkWidget *button = g_object_get_data (G_OBJECT (row), "button");
      const char *state;

      if (unit == NULL)
        continue;
      state = adj_unit_get_status_string (unit, "emplacement");
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_unit_get_name (unit));
      gtk_label_set_text (g_object_get_data (G_OBJECT (row), "chip"),
                          choice_label (rs, "emplacement", state));
      g_object_set_data_full (G_OBJECT (button), "emplacement",
                              g_strdup (adj_unit_get_id (unit)), g_free);
      if (g_strcmp0 (state, "hidden") == 0)
        {
          gtk_button_set_label (GTK_BUTTON (button), _("First Shot…"));
          gtk_widget_set_tooltip_text (button, _("A Boer unit in this area has fired: the "
                                                 "Hidden marker comes off"));
          gtk_widget_set_visible (button, TRUE);
        }
      else
        {
          gtk_button_set_label (GTK_BUTTON (button), _("Who Holds It…"));
          gtk_widget_set_tooltip_text (button, _("Say who is in this area now: the British "
                                                 "capture the emplacement, or the Boers retake "
                                                 "it"));
          gtk_widget_set_visible (button, g_strcmp0 (t.segment, "boer-shaken") == 0);
        }
    }
  gtk_widget_set_visible (self->emplacement_heading, ids->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->emplacement_list), ids->len > 0);
}

/* ---- before set-up ---- */

static void refresh (AdjRrDashboard *self);

/* The charts adj_rr_setup() reads, in the order it reads them; the variants only for the rows
 * chosen. */
static const char *const setup_charts[] = {
  "variants", "british-event-chits", "boer-event-chits", "sp-counters", NULL
};

/* The values of the players' charts in effect for this battle. */
static AdjTables *
setup_tables (AdjRrDashboard  *self,
              GError         **error)
{
  AdjContext ctx;

  adj_battle_context (self->battle, &ctx);
  return adj_tables_for_context (&ctx, error);
}

/* The first chart set-up with @variants would find incomplete, or NULL. */
static const char *
incomplete_chart (AdjRrDashboard     *self,
                  const char * const *variants)
{
  g_autoptr(AdjTables) tables = setup_tables (self, NULL);
  guint n = variants != NULL ? g_strv_length ((char **) variants) : 0;

  if (tables == NULL)
    return NULL;
  if (n > 0)
    {
      g_autofree AdjTableCell *cells = g_new0 (AdjTableCell, n);

      for (guint i = 0; i < n; i++)
        {
          cells[i].row = variants[i];
          cells[i].column = "value";
        }
      if (!adj_tables_require (tables, "variants", cells, n, NULL))
        return "variants";
    }
  for (guint i = 1; setup_charts[i] != NULL; i++)
    if (!adj_tables_is_complete (tables, setup_charts[i]))
      return setup_charts[i];
  return NULL;
}

static void
on_chart_saved (AdjTableEditor *editor,
                int             destination,
                AdjRrDashboard *self)
{
  /* Saved to the user's file, the battle itself does not change: look again. */
  refresh (self);
}

/* The table editor of a chart, as the action panel opens it. */
static void
open_chart (AdjRrDashboard *self,
            const char     *table_id)
{
  AdjBattleWindow *window = battle_window (self);
  GtkWidget *editor;

  if (window == NULL)
    return;
  editor = adj_mechanic_panel_open_table (adj_battle_window_get_mechanic_panel (window),
                                          table_id);
  if (editor != NULL)
    g_signal_connect_object (editor, "saved", G_CALLBACK (on_chart_saved), self, 0);
}

static void
on_enter_chart_clicked (GtkButton      *button,
                        AdjRrDashboard *self)
{
  open_chart (self, g_object_get_data (G_OBJECT (button), "table"));
}

static void
build_chart_rows (AdjRrDashboard *self)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);

  for (guint i = 0; setup_charts[i] != NULL; i++)
    {
      const AdjTableShape *shape = adj_table_shape_lookup (rs, setup_charts[i]);
      GtkWidget *row, *icon, *button;

      if (shape == NULL)
        continue;
      row = adw_action_row_new ();
      icon = gtk_image_new ();
      button = gtk_button_new_with_mnemonic (_("_Enter…"));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_gettext (shape->title));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (button, _("Type the chart in from your copy of the game"));
      g_object_set_data (G_OBJECT (button), "table", (gpointer) setup_charts[i]);
      g_signal_connect (button, "clicked", G_CALLBACK (on_enter_chart_clicked), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      g_object_set_data (G_OBJECT (row), "table", (gpointer) setup_charts[i]);
      g_object_set_data (G_OBJECT (row), "icon", icon);
      g_object_set_data (G_OBJECT (row), "button", button);
      adw_preferences_group_add (self->charts_group, row);
      g_ptr_array_add (self->chart_rows, row);
    }
}

static void
update_chart_rows (AdjRrDashboard *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjTables) tables = setup_tables (self, &error);

  for (guint i = 0; i < self->chart_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->chart_rows, i);
      const char *id = g_object_get_data (G_OBJECT (row), "table");
      GtkWidget *icon = g_object_get_data (G_OBJECT (row), "icon");
      gboolean optional = g_str_equal (id, "variants");
      gboolean complete = tables != NULL && adj_tables_is_complete (tables, id);
      g_autofree char *entered = tables != NULL ? adj_table_describe_entered (tables, id) : NULL;
      g_autofree char *subtitle = NULL;

      if (tables == NULL)
        subtitle = g_strdup (error->message);
      else if (complete)
        subtitle = g_strdup (_("Complete"));
      else if (optional)
        /* TRANSLATORS: e.g. "3 of 11 cells entered · only the variants you play need a
         * rating" */
        subtitle = g_strdup_printf (_("%s · only the variants you play need a rating"), entered);
      else
        /* TRANSLATORS: e.g. "3 of 13 cells entered · needed before set-up" */
        subtitle = g_strdup_printf (_("%s · needed before set-up"), entered);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_image_set_from_icon_name (GTK_IMAGE (icon), complete ? "emblem-ok-symbolic"
                                                              : "dialog-warning-symbolic");
      gtk_widget_set_visible (icon, complete || !optional);
      if (complete)
        {
          gtk_widget_add_css_class (icon, "success");
          gtk_widget_remove_css_class (icon, "warning");
        }
      else
        {
          gtk_widget_add_css_class (icon, "warning");
          gtk_widget_remove_css_class (icon, "success");
        }
      gtk_widget_set_visible (g_object_get_data (G_OBJECT (row), "button"), !complete);
    }
}

/* Whether the orders of battle start the counter below its printed strength, which set-up
 * works out from that strength. */
static gboolean
starts_reduced (AdjRuleset *rs,
                const char *unit_id)
{
  json_object *brigades = member (member (member (adj_ruleset_get_json (rs), "order_of_battle"),
                                          "british"), "brigades");

  for (gsize b = 0; brigades != NULL && b < json_object_array_length (brigades); b++)
    {
      json_object *units = member (json_object_array_get_idx (brigades, b), "units");

      for (gsize k = 0; units != NULL && k < json_object_array_length (units); k++)
        {
          json_object *u = json_object_array_get_idx (units, k);

          if (g_strcmp0 (member_string (u, "id"), unit_id) == 0)
            return member (u, "start_sp") != NULL;
        }
    }
  return FALSE;
}

/* What to say of the counters in @ids that set-up reads: their strengths first. */
static void
append_read_first (AdjRrDashboard *self,
                   GPtrArray      *ids,
                   GString        *text)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);

  for (guint i = 0; i < ids->len; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (self->battle, g_ptr_array_index (ids, i));

      if (unit == NULL || !starts_reduced (rs, adj_unit_get_id (unit)))
        continue;
      if (text->len > 0)
        g_string_append_c (text, ' ');
      /* TRANSLATORS: a counter set-up reads, e.g. "Enter the 2nd Royal Fusiliers first: ..." */
      g_string_append_printf (text, _("Enter the %s first: set-up marks the losses it starts "
                                      "the game with from its strength."),
                              adj_unit_get_name (unit));
    }
}

static void
on_strength_row_activated (AdwActionRow   *row,
                           AdjRrDashboard *self)
{
  AdjBattleWindow *window = battle_window (self);

  if (window == NULL)
    return;
  adj_battle_window_select_unit (window, g_object_get_data (G_OBJECT (row), "unit-id"));
  adj_battle_window_show_page (window, "unit");
}

static void
update_strengths (AdjRrDashboard *self)
{
  g_autoptr(GPtrArray) ids = adj_rr_missing_strengths (self->battle);
  g_autoptr(GString) key = g_string_new (NULL);
  g_autoptr(GString) description = g_string_new (NULL);
  g_autofree char *count = NULL;

  /* Each counter with what it still lacks, so a row says "reverse" once the front is in. */
  for (guint i = 0; i < ids->len; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (self->battle, g_ptr_array_index (ids, i));

      g_string_append_printf (key, "%s:%d:%d\n", (const char *) g_ptr_array_index (ids, i),
                              unit != NULL && adj_unit_get_status_int (unit, "sp") > 0,
                              unit != NULL && adj_unit_get_status_int (unit, "reduced_sp") > 0);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->strengths_row), ids->len > 0);
  gtk_widget_set_visible (self->strengths_done_row, ids->len == 0);
  if (g_strcmp0 (self->missing_key, key->str) == 0)
    return;
  g_free (self->missing_key);
  self->missing_key = g_strdup (key->str);

  for (guint i = 0; i < self->strength_rows->len; i++)
    adw_expander_row_remove (self->strengths_row, g_ptr_array_index (self->strength_rows, i));
  g_ptr_array_set_size (self->strength_rows, 0);
  for (guint i = 0; i < ids->len; i++)
    {
      AdjUnit *unit = adj_battle_find_unit (self->battle, g_ptr_array_index (ids, i));
      const AdjUnitType *type = unit != NULL ? adj_battle_unit_type (self->battle, unit) : NULL;
      const char *type_id = unit != NULL ? adj_unit_get_type_id (unit) : NULL;
      gboolean two_sided = g_strcmp0 (type_id, "battalion") == 0 ||
                           g_strcmp0 (type_id, "commando") == 0;
      gboolean no_front = unit != NULL && adj_unit_get_status_int (unit, "sp") <= 0;
      gboolean no_reverse = two_sided && adj_unit_get_status_int (unit, "reduced_sp") <= 0;
      GtkWidget *row, *arrow;
      g_autofree char *subtitle = NULL;

      if (unit == NULL)
        continue;
      row = adw_action_row_new ();
      arrow = gtk_image_new_from_icon_name ("go-next-symbolic");
      /* TRANSLATORS: under a counter to enter, e.g. "Battalion of infantry · both strengths
       * missing" */
      subtitle = g_strdup_printf (_("%s · %s"), type != NULL ? adj_gettext (type->label) : "",
                                  no_front && no_reverse ? _("both strengths missing")
                                  : no_front ? _("strength missing")
                                             : _("reverse strength missing"));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_unit_get_name (unit));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_widget_set_tooltip_text (row, _("Open this counter in the Unit page"));
      g_object_set_data_full (G_OBJECT (row), "unit-id", g_strdup (adj_unit_get_id (unit)),
                              g_free);
      g_signal_connect (row, "activated", G_CALLBACK (on_strength_row_activated), self);
      adw_expander_row_add_row (self->strengths_row, row);
      g_ptr_array_add (self->strength_rows, row);
    }

  count = g_strdup_printf (ngettext ("%u counter still shows 0", "%u counters still show 0",
                                     ids->len), ids->len);
  adw_expander_row_set_subtitle (self->strengths_row, count);
  if (ids->len > 0)
    g_string_append (description, _("Set-up can go ahead without them. Enter them whenever you "
                                    "like in the Unit page: pick a counter below to open it "
                                    "there."));
  append_read_first (self, ids, description);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self->strengths_group),
                                         description->len > 0 ? description->str : NULL);
}

static void
update_setup_page (AdjRrDashboard *self)
{
  json_object *tracks = member (adj_ruleset_get_json (adj_battle_get_ruleset (self->battle)),
                                "tracks");
  json_object *cp = member (tracks, "start_cp");
  g_autofree char *description = NULL;

  description = g_strdup_printf (_("Setting up picks the variants and the areas with an "
                                   "emplacement, lays the six drift markers face down without "
                                   "showing them, fills the chit cups from your charts and "
                                   "starts Game Turn 1 at British Send Orders with %d CP. It is "
                                   "one step: Undo takes it back."),
                                 cp != NULL ? json_object_get_int (cp) : 8);
  adw_status_page_set_description (ADW_STATUS_PAGE (self->setup_page), description);
  update_chart_rows (self);
  update_strengths (self);
}

/* ---- the step ---- */

static void
on_roll_clicked (GtkButton      *button,
                 AdjRrDashboard *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "rr.roll", "s",
                              g_object_get_data (G_OBJECT (button), "roll"));
}

static void
on_enter_dice_clicked (GtkButton      *button,
                       AdjRrDashboard *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "rr.enter-dice", "s",
                              g_object_get_data (G_OBJECT (button), "roll"));
}

static void
on_mechanic_clicked (GtkButton      *button,
                     AdjRrDashboard *self)
{
  AdjBattleWindow *window = battle_window (self);

  if (window == NULL)
    return;
  adj_battle_window_show_page (window, "act");
  adj_mechanic_panel_select (adj_battle_window_get_mechanic_panel (window),
                             g_object_get_data (G_OBJECT (button), "mechanic"));
}

static void show_sp_counter_dialog (AdjRrDashboard *self);

static void
on_sp_counter_clicked (AdjRrDashboard *self)
{
  show_sp_counter_dialog (self);
}

static GtkWidget *
add_action (AdjRrDashboard *self,
            const char     *label,
            const char     *tooltip,
            gboolean        suggested)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_add_css_class (button, "pill");
  if (suggested)
    gtk_widget_add_css_class (button, "rr-roll");
  gtk_flow_box_append (self->actions_box, button);
  /* The button takes the focus, not the cell around it. */
  gtk_widget_set_focusable (gtk_widget_get_parent (button), FALSE);
  g_ptr_array_add (self->action_labels, g_strdup (gtk_button_get_label (GTK_BUTTON (button))));
  return button;
}

static void
fill_actions (AdjRrDashboard    *self,
              const AdjRrTracks *t)
{
  const RollDef *roll = find_roll (t->step);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->actions_box))) != NULL)
    gtk_flow_box_remove (self->actions_box, child);
  g_ptr_array_set_size (self->action_labels, 0);
  self->roll_button = NULL;
  self->dice_button = NULL;
  if (g_strcmp0 (t->result, "none") != 0 || !adj_rr_is_set_up (self->battle))
    return;

  if (roll != NULL)
    {
      GtkWidget *button = add_action (self, adj_gettext (roll->label),
                                      adj_gettext (roll->tooltip), TRUE);
      GtkWidget *enter = add_action (self, _("_Enter Dice…"),
                                     _("Type in the dice rolled at the table instead"), FALSE);

      g_object_set_data (G_OBJECT (button), "roll", (gpointer) roll->id);
      g_object_set_data (G_OBJECT (enter), "roll", (gpointer) roll->id);
      g_signal_connect (button, "clicked", G_CALLBACK (on_roll_clicked), self);
      g_signal_connect (enter, "clicked", G_CALLBACK (on_enter_dice_clicked), self);
      self->roll_button = button;
      self->dice_button = enter;
    }
  if (g_strv_contains (sp_counter_steps, t->step))
    {
      GtkWidget *button = add_action (self, _("Draw an _SP Counter…"),
                                      _("A commando about to fire without a counter draws one "
                                        "from the cup"), FALSE);

      g_signal_connect_swapped (button, "clicked", G_CALLBACK (on_sp_counter_clicked), self);
    }
  for (guint i = 0; i < G_N_ELEMENTS (step_mechanics); i++)
    {
      if (!g_str_equal (step_mechanics[i].step, t->step))
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (step_mechanics[i].mechanics); k++)
        {
          const char *id = step_mechanics[i].mechanics[k];
          const AdjMechanic *mech = id != NULL ? adj_mechanic_lookup (id) : NULL;
          GtkWidget *button;

          if (mech == NULL)
            continue;
          button = add_action (self, adj_gettext (mech->title), adj_gettext (mech->summary),
                               FALSE);
          g_object_set_data (G_OBJECT (button), "mechanic", (gpointer) mech->id);
          g_signal_connect (button, "clicked", G_CALLBACK (on_mechanic_clicked), self);
        }
    }
}

/* Whether the step's roll is still to be made. */
static gboolean
roll_wanted (AdjRrDashboard    *self,
             const AdjRrTracks *t,
             const char        *pending)
{
  if (g_str_equal (t->step, "roll-send"))
    {
      for (guint i = 0; i < self->brigades->len; i++)
        {
          FixedRow *r = g_ptr_array_index (self->brigades, i);
          AdjRrOrder order;

          if (adj_rr_get_order (self->battle, r->id, &order) &&
              order.state == ADJ_RR_ORDER_PLANNED)
            return TRUE;
        }
      return FALSE;
    }
  if (g_str_equal (t->step, "roll-receive"))
    return pending != NULL;
  if (g_str_equal (t->step, "shaken-test"))
    return !t->step_done && t->confidence <= t->turn;
  return !t->step_done;
}

/* What happened at this step so far: the entries since the step marker's own. */
static char *
step_results (AdjRrDashboard *self)
{
  AdjJournal *journal = adj_battle_get_journal (self->battle);
  g_autoptr(GPtrArray) lines = g_ptr_array_new ();
  g_autoptr(GString) text = g_string_new (NULL);
  guint i;

  for (i = journal->position; i > 0; i--)
    {
      AdjEntry *entry = adj_journal_get_entry (journal, i - 1);

      if (g_strcmp0 (entry->kind, "turn") == 0)
        break;
      g_ptr_array_add (lines, entry->summary);
    }
  /* Before the first move of the marker there is no step to speak of (only the set-up). */
  if (i == 0)
    g_ptr_array_set_size (lines, 0);
  /* The latest few, oldest first. */
  if (lines->len > 6)
    g_ptr_array_remove_range (lines, 6, lines->len - 6);
  for (guint k = lines->len; k > 0; k--)
    {
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, g_ptr_array_index (lines, k - 1));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
update_phase_strip (AdjRrDashboard *self,
                    const char     *phase)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->phase_strip));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      gboolean current = g_strcmp0 (g_object_get_data (G_OBJECT (child), "phase"), phase) == 0;

      if (current)
        gtk_widget_add_css_class (child, "current");
      else
        gtk_widget_remove_css_class (child, "current");
    }
}

static void
build_phase_strip (AdjRrDashboard *self)
{
  GPtrArray *phases = adj_ruleset_get_phases (adj_battle_get_ruleset (self->battle));

  for (guint i = 0; i < phases->len; i++)
    {
      const AdjChoice *p = g_ptr_array_index (phases, i);
      GtkWidget *label = gtk_label_new (adj_gettext (p->label));

      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (label, "rr-phase");
      gtk_widget_set_tooltip_text (label, adj_gettext (p->label));
      g_object_set_data (G_OBJECT (label), "phase", (gpointer) p->id);
      gtk_box_append (self->phase_strip, label);
    }
}

static void
update_step (AdjRrDashboard    *self,
             const AdjRrTracks *t)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  json_object *segment = adj_rr_segment_json (rs, t->segment);
  json_object *step = step_json (rs, t->segment, t->step_number);
  g_autofree char *pending = adj_rr_pending (self->battle);
  g_autofree char *results = step_results (self);
  g_autofree char *key = g_strdup_printf ("%d:%s:%s:%s", t->turn, t->segment, t->step,
                                          t->result);
  g_autofree char *segment_text = NULL;
  gboolean over = g_strcmp0 (t->result, "none") != 0;
  gboolean set_up = adj_rr_is_set_up (self->battle);

  update_phase_strip (self, over ? NULL : t->phase);
  g_free (self->step_title);
  if (over)
    {
      const AdjField *f = adj_ruleset_find_battle_field (rs, "result");
      const AdjField *why = adj_ruleset_find_battle_field (rs, "end_reason");
      const AdjChoice *c = f != NULL ? adj_field_find_choice (f->choices, f->n_choices,
                                                             t->result) : NULL;
      const AdjChoice *w = why != NULL ? adj_field_find_choice (why->choices, why->n_choices,
                                                               t->end_reason) : NULL;

      segment_text = g_strdup (_("The battle is over"));
      self->step_title = g_strdup (c != NULL ? adj_gettext (c->label) : t->result);
      gtk_label_set_text (self->hint_label, w != NULL ? adj_gettext (w->label) : "");
    }
  else
    {
      /* TRANSLATORS: the segment and the step marker in it, e.g. "British Send Orders · step 1
       * of 2" */
      segment_text = g_strdup_printf (_("%s · step %d of %d"), json_label (segment, "label"),
                                      t->step_number, t->n_steps);
      self->step_title = g_strdup (json_label (step, "label"));
      gtk_label_set_text (self->hint_label, json_label (step, "hint"));
    }
  gtk_label_set_text (self->segment_label, segment_text);
  gtk_label_set_text (self->step_label, self->step_title);

  gtk_label_set_text (self->pending_label, pending != NULL ? pending : "");
  gtk_widget_set_visible (self->pending_box, pending != NULL && !over);
  gtk_label_set_text (self->result_label, results);
  gtk_widget_set_visible (GTK_WIDGET (self->result_label), results[0] != '\0');

  if (g_strcmp0 (self->shown_step, key) != 0 || !set_up)
    {
      g_free (self->shown_step);
      self->shown_step = g_steal_pointer (&key);
      fill_actions (self, t);
    }
  if (self->roll_button != NULL)
    {
      gboolean wanted = roll_wanted (self, t, pending);

      /* While the step waits for its roll, the roll is the thing to press. */
      gtk_widget_set_sensitive (self->roll_button, wanted);
      gtk_widget_set_sensitive (self->dice_button, wanted);
      if (wanted)
        gtk_widget_add_css_class (self->roll_button, "suggested-action");
      else
        gtk_widget_remove_css_class (self->roll_button, "suggested-action");
    }
  gtk_widget_set_visible (GTK_WIDGET (self->actions_box), self->action_labels->len > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->next_button), set_up && !over);
}

static void
update_tracks (AdjRrDashboard    *self,
               const AdjRrTracks *t)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  int last = adj_ruleset_get_max_turns (rs) > 0 ? adj_ruleset_get_max_turns (rs) : 20;
  g_autofree char *turn = g_strdup_printf ("%d", t->turn);
  g_autofree char *confidence = g_strdup_printf ("%d", t->confidence);
  g_autofree char *loss = g_strdup_printf ("%d", t->loss);
  g_autofree char *cp = g_strdup_printf ("%d", t->cp);
  g_autofree char *cp_detail = NULL;
  g_autofree char *spoken = NULL;
  static const char *const shaken_classes[] = { "rr-steady", "rr-shaken", "rr-shaken-twice",
                                                NULL };

  gtk_label_set_text (self->turn_value, turn);
  gtk_label_set_text (self->confidence_value, confidence);
  gtk_label_set_text (self->loss_value, loss);

  /* TRANSLATORS: read out for the Game Turn track, e.g. "Game Turn 3 of 20" */
  spoken = g_strdup_printf (_("Game Turn %d of %d"), t->turn, last);
  track_bar_set (self->turn_track, t->turn, 0, 0, 0, spoken);
  g_free (spoken);
  /* The boxes at or below the Game Turn are where the Boers must test for Shaken. */
  spoken = g_strdup_printf (_("Confidence %d; the Game Turn is %d"), t->confidence, t->turn);
  track_bar_set (self->confidence_track, t->confidence, t->turn, 1, t->turn, spoken);
  g_free (spoken);
  spoken = g_strdup_printf (_("Loss %d of 20"), t->loss);
  track_bar_set (self->loss_track, t->loss, 0, 15, 20, spoken);

  gtk_label_set_text (self->shaken_badge, t->shaken == 0 ? _("Not shaken")
                                          : t->shaken == 1 ? _("Shaken once")
                                                           : _("Shaken twice"));
  set_state_class (GTK_WIDGET (self->shaken_badge), shaken_classes,
                   shaken_classes[CLAMP (t->shaken, 0, 2)]);

  gtk_label_set_text (self->cp_label, cp);
  cp_detail = g_strdup_printf (ngettext ("%d spent this turn · an order costs 1, and what is left "
                                         "is lost when the turn ends",
                                         "%d spent this turn · an order costs 1, and what is left "
                                         "is lost when the turn ends", t->cp_spent),
                               t->cp_spent);
  gtk_label_set_text (self->cp_detail_label, cp_detail);
  g_free (self->cp_text);
  /* TRANSLATORS: the command points, e.g. "7 CP left, 1 spent" */
  self->cp_text = g_strdup_printf (_("%d CP left, %d spent"), t->cp, t->cp_spent);
}

static void
refresh (AdjRrDashboard *self)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  int last = adj_ruleset_get_max_turns (rs) > 0 ? adj_ruleset_get_max_turns (rs) : 20;
  const AdjChoice *phase;
  g_autofree char *where = NULL;
  gboolean set_up = adj_rr_is_set_up (self->battle);
  AdjRrTracks t;

  adj_rr_get_tracks (self->battle, &t);
  phase = adj_ruleset_find_phase (rs, t.phase);
  /* Before set-up there is no game to show: the page that sets it up stands in for it. */
  gtk_widget_set_visible (self->setup_page, !set_up);
  gtk_widget_set_visible (self->scroller, set_up);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rr.setup", !set_up);
  if (!set_up)
    update_setup_page (self);
  /* TRANSLATORS: e.g. "Turn 3 of 20 · Movement phase" */
  where = g_strdup_printf (_("Turn %d of %d · %s phase"), t.turn, last,
                           phase != NULL ? adj_gettext (phase->label) : t.phase);
  gtk_label_set_text (self->where_label, where);
  update_step (self, &t);
  update_tracks (self, &t);
  update_brigades (self, &t);
  update_drifts (self, &t);
  update_cups (self);
  update_emplacements (self);
}

static void
on_battle_changed (AdjBattle      *battle,
                   AdjRrDashboard *self)
{
  refresh (self);
}

/* ---- dialogs ---- */

typedef void (*DialogDone) (AdjRrDashboard   *self,
                            AdwMessageDialog *dialog);

static void
on_dialog_response (AdwMessageDialog *dialog,
                    const char       *response,
                    AdjRrDashboard   *self)
{
  DialogDone done = g_object_get_data (G_OBJECT (dialog), "adj-done");

  if (g_strcmp0 (response, g_object_get_data (G_OBJECT (dialog), "adj-response")) == 0 &&
      done != NULL)
    done (self, dialog);
}

static AdwMessageDialog *
dialog_new (AdjRrDashboard *self,
            const char     *heading,
            const char     *body,
            const char     *response,
            const char     *response_label,
            GtkWidget      *extra,
            DialogDone      done)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                              heading, body);

  if (extra != NULL)
    adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), extra);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    response, response_label, NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), response,
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), response);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "adj-response", g_strdup (response), g_free);
  g_object_set_data (G_OBJECT (dialog), "adj-done", done);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_dialog_response), self, 0);
  return ADW_MESSAGE_DIALOG (dialog);
}

static GtkWidget *
entry_new (const char *placeholder,
           const char *accessible)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible, -1);
  return entry;
}

static GtkWidget *
dice_entry_new (void)
{
  return entry_new (_("Dice rolled at the table, or empty to roll here"), _("Dice"));
}

static const char *
dialog_text (AdwMessageDialog *dialog,
             const char       *name)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), name);

  return entry != NULL ? gtk_editable_get_text (entry) : NULL;
}

static const char *
dialog_id (AdwMessageDialog *dialog,
           const char       *name)
{
  return g_object_get_data (G_OBJECT (dialog), name);
}

/* A drop-down of units; the ids go with the dialog under @name. */
static GtkWidget *
unit_drop_down (AdwMessageDialog *dialog,
                const char       *name,
                GPtrArray        *units,
                const char       *accessible)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *drop;

  for (guint i = 0; i < units->len; i++)
    {
      AdjUnit *unit = g_ptr_array_index (units, i);

      gtk_string_list_append (labels, adj_unit_get_name (unit));
      g_ptr_array_add (ids, g_strdup (adj_unit_get_id (unit)));
    }
  drop = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (labels)), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (drop), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible, -1);
  g_object_set_data_full (G_OBJECT (dialog), name, ids, (GDestroyNotify) g_ptr_array_unref);
  g_object_set_data (G_OBJECT (dialog), "drop-down", drop);
  return drop;
}

static const char *
dialog_unit (AdwMessageDialog *dialog,
             const char       *name)
{
  GPtrArray *ids = g_object_get_data (G_OBJECT (dialog), name);
  GtkDropDown *drop = g_object_get_data (G_OBJECT (dialog), "drop-down");
  guint i = drop != NULL ? gtk_drop_down_get_selected (drop) : GTK_INVALID_LIST_POSITION;

  return ids != NULL && i < ids->len ? g_ptr_array_index (ids, i) : NULL;
}

static GtkWidget *
vbox_new (void)
{
  return gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
}

/* Entered dice for a roll. */
static void
enter_dice_done (AdjRrDashboard   *self,
                 AdwMessageDialog *dialog)
{
  g_autoptr(GError) error = NULL;

  if (!adj_rr_dashboard_roll (self, dialog_id (dialog, "roll"), dialog_text (dialog, "dice"),
                              &error))
    report (self, error);
}

static void
show_enter_dice_dialog (AdjRrDashboard *self,
                        const char     *roll_id)
{
  const RollDef *roll = find_roll (roll_id);
  g_autofree char *label = NULL;
  g_autofree char *body = NULL;
  GtkWidget *entry;
  AdwMessageDialog *dialog;

  if (roll == NULL)
    return;
  label = g_strdup (adj_gettext (roll->label));
  /* The label without its mnemonic underline. */
  {
    char *u = strchr (label, '_');
    if (u != NULL)
      memmove (u, u + 1, strlen (u));
  }
  if (g_str_equal (roll_id, "draw-event") || g_str_equal (roll_id, "draw-boer-event"))
    {
      AdjRrCup cup = g_str_equal (roll_id, "draw-event") ? ADJ_RR_CUP_BRITISH : ADJ_RR_CUP_BOER;

      body = g_strdup_printf (_("%s: type a number from 1 to %u to pick the chit, as a die with "
                                "one face for every chit in the cup would."),
                              label, adj_rr_cup_count (self->battle, cup));
    }
  else
    /* TRANSLATORS: e.g. "Roll for the Orders Sent: type the dice rolled at the table, two for
     * each roll, e.g. 3 5." */
    body = g_strdup_printf (_("%s: type the dice rolled at the table, two for each roll, for "
                              "example 3 5."), label);
  entry = entry_new (_("Dice, e.g. 3 5"), _("Dice"));
  dialog = dialog_new (self, _("Enter the Dice"), body, "roll", _("_Use These Dice"), entry,
                       enter_dice_done);
  g_object_set_data (G_OBJECT (dialog), "dice", entry);
  g_object_set_data (G_OBJECT (dialog), "roll", (gpointer) roll->id);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
order_done (AdjRrDashboard   *self,
            AdwMessageDialog *dialog)
{
  GtkCheckButton *from_long = g_object_get_data (G_OBJECT (dialog), "from-long");
  g_autofree char *area = g_strstrip (g_strdup (dialog_text (dialog, "area")));
  g_autoptr(GError) error = NULL;

  if (!adj_rr_dashboard_plan_order (self, dialog_id (dialog, "brigade"), area,
                                    from_long != NULL && gtk_check_button_get_active (from_long),
                                    &error))
    report (self, error);
}

static void
show_order_dialog (AdjRrDashboard *self,
                   const char     *brigade)
{
  AdjRuleset *rs = adj_battle_get_ruleset (self->battle);
  AdjUnit *leader = adj_rr_brigade_leader (self->battle, brigade);
  GtkWidget *box = vbox_new ();
  GtkWidget *entry = entry_new (_("Objective area, as the map names it"), _("Objective area"));
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;
  AdjRrTracks t;
  gboolean batteries = FALSE;

  adj_rr_get_tracks (self->battle, &t);
  {
    json_object *oob = member (member (adj_ruleset_get_json (rs), "order_of_battle"), "british");
    json_object *list = member (oob, "brigades");

    for (gsize i = 0; list != NULL && i < json_object_array_length (list); i++)
      {
        json_object *b = json_object_array_get_idx (list, i);

        if (g_strcmp0 (member_string (b, "id"), brigade) == 0)
          batteries = g_strcmp0 (member_string (b, "kind"), "artillery") == 0;
      }
  }
  /* TRANSLATORS: a dialog heading, e.g. "An Order for Hart" */
  heading = g_strdup_printf (_("An Order for %s"), leader != NULL ? adj_unit_get_name (leader)
                                                                  : brigade);
  body = g_strdup_printf (ngettext ("Name the area the %s is to make for: not a drift or a "
                                    "bridge, and no more than five areas from its leader. The "
                                    "order costs 1 CP; %d is left.",
                                    "Name the area the %s is to make for: not a drift or a "
                                    "bridge, and no more than five areas from its leader. The "
                                    "order costs 1 CP; %d are left.", t.cp),
                          adj_rr_brigade_label (rs, brigade), t.cp);
  gtk_box_append (GTK_BOX (box), entry);
  dialog = dialog_new (self, heading, body, "send", _("_Send the Order"), box, order_done);
  if (batteries)
    {
      GtkWidget *check = gtk_check_button_new_with_mnemonic (_("Long's _free order: no CP, and "
                                                               "it takes effect at once"));

      gtk_box_append (GTK_BOX (box), check);
      g_object_set_data (G_OBJECT (dialog), "from-long", check);
    }
  g_object_set_data (G_OBJECT (dialog), "area", entry);
  g_object_set_data_full (G_OBJECT (dialog), "brigade", g_strdup (brigade), g_free);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
charge_done (AdjRrDashboard   *self,
             AdwMessageDialog *dialog)
{
  g_autofree char *area = g_strstrip (g_strdup (dialog_text (dialog, "area")));
  g_autoptr(GError) error = NULL;

  if (!adj_rr_place_objective (self->battle, dialog_id (dialog, "brigade"), area, &error))
    report (self, error);
}

static void
show_charge_dialog (AdjRrDashboard *self,
                    const char     *brigade)
{
  GtkWidget *entry = entry_new (_("Area of the guns"), _("Area of the guns"));
  AdwMessageDialog *dialog;
  g_autofree char *body = g_strdup_printf (_("The %s charges the guns. Name the area where its "
                                             "Objective Marker goes."),
                                           adj_rr_brigade_label (adj_battle_get_ruleset (
                                                                   self->battle), brigade));

  dialog = dialog_new (self, _("A Charge at the Guns"), body, "place", _("_Place the Marker"),
                       entry, charge_done);
  g_object_set_data (G_OBJECT (dialog), "area", entry);
  g_object_set_data_full (G_OBJECT (dialog), "brigade", g_strdup (brigade), g_free);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
withdraw_done (AdjRrDashboard   *self,
               AdwMessageDialog *dialog)
{
  GtkSpinButton *spin = g_object_get_data (G_OBJECT (dialog), "modifier");
  g_autofree char *area = g_strstrip (g_strdup (dialog_text (dialog, "area")));
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(GError) error = NULL;
  guint before = adj_battle_get_journal (self->battle)->position;
  gboolean withdrew = FALSE;

  if (!entered_random (dialog_text (dialog, "dice"), &random, &error) ||
      !adj_rr_emergency_withdrawal (self->battle, dialog_id (dialog, "brigade"), area,
                                    gtk_spin_button_get_value_as_int (spin), random, &withdrew,
                                    &error))
    {
      report (self, error);
      return;
    }
  check_used (self, random);
  toast_since (self, before);
}

static void
show_withdraw_dialog (AdjRrDashboard *self,
                      const char     *brigade)
{
  GtkWidget *box = vbox_new ();
  GtkWidget *area = entry_new (_("Area nearer the HQ, out of Boer rifle range"),
                               _("Area to fall back to"));
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *caption = gtk_label_new_with_mnemonic (_("_Modifier"));
  GtkWidget *spin = gtk_spin_button_new_with_range (-9, 9, 1);
  GtkWidget *dice = dice_entry_new ();
  AdwMessageDialog *dialog;
  g_autofree char *body = g_strdup_printf (_("The %s tests on your Emergency Withdrawal table "
                                             "(with half its strength gone it withdraws without "
                                             "a test). If it withdraws, its Objective Marker "
                                             "goes, showing Fail, to the area you name."),
                                           adj_rr_brigade_label (adj_battle_get_ruleset (
                                                                   self->battle), brigade));

  gtk_label_set_mnemonic_widget (GTK_LABEL (caption), spin);
  gtk_label_set_xalign (GTK_LABEL (caption), 0);
  gtk_widget_set_hexpand (caption, TRUE);
  gtk_box_append (GTK_BOX (row), caption);
  gtk_box_append (GTK_BOX (row), spin);
  gtk_box_append (GTK_BOX (box), area);
  gtk_box_append (GTK_BOX (box), row);
  gtk_box_append (GTK_BOX (box), dice);
  dialog = dialog_new (self, _("Emergency Withdrawal"), body, "test", _("_Test"), box,
                       withdraw_done);
  g_object_set_data (G_OBJECT (dialog), "area", area);
  g_object_set_data (G_OBJECT (dialog), "modifier", spin);
  g_object_set_data (G_OBJECT (dialog), "dice", dice);
  g_object_set_data_full (G_OBJECT (dialog), "brigade", g_strdup (brigade), g_free);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
fired_done (AdjRrDashboard   *self,
            AdwMessageDialog *dialog)
{
  guint before = adj_battle_get_journal (self->battle)->position;
  g_autoptr(GError) error = NULL;

  if (!adj_rr_emplacement_fired (self->battle, dialog_id (dialog, "emplacement"), &error))
    {
      report (self, error);
      return;
    }
  toast_since (self, before);
}

static void
holds_done (AdjRrDashboard   *self,
            AdwMessageDialog *dialog)
{
  GtkCheckButton *british = g_object_get_data (G_OBJECT (dialog), "british");
  GtkCheckButton *boers = g_object_get_data (G_OBJECT (dialog), "boers");
  guint before = adj_battle_get_journal (self->battle)->position;
  g_autoptr(GError) error = NULL;

  if (!adj_rr_update_emplacement (self->battle, dialog_id (dialog, "emplacement"),
                                  gtk_check_button_get_active (british),
                                  gtk_check_button_get_active (boers), &error))
    {
      report (self, error);
      return;
    }
  if (adj_battle_get_journal (self->battle)->position == before)
    report_text (self, _("Nothing changes: the emplacement stays as it is"));
  else
    toast_since (self, before);
}

static void
on_emplacement_clicked (GtkButton      *button,
                        AdjRrDashboard *self)
{
  const char *id = g_object_get_data (G_OBJECT (button), "emplacement");
  AdjUnit *unit = adj_battle_find_unit (self->battle, id);
  AdwMessageDialog *dialog;

  if (unit == NULL)
    return;
  if (g_strcmp0 (adj_unit_get_status_string (unit, "emplacement"), "hidden") == 0)
    {
      g_autofree char *body = g_strdup_printf (_("A Boer unit in %s fired its first shot: the "
                                                 "emplacement there is no longer hidden."),
                                               adj_unit_get_name (unit));

      dialog = dialog_new (self, _("First Shot From an Emplacement"), body, "fired",
                           _("_Reveal"), NULL, fired_done);
    }
  else
    {
      GtkWidget *box = vbox_new ();
      GtkWidget *british = gtk_check_button_new_with_mnemonic (_("_British units are in the "
                                                                 "area"));
      GtkWidget *boers = gtk_check_button_new_with_mnemonic (_("B_oer units are in the area"));
      g_autofree char *body = g_strdup_printf (_("Who stands in %s now? The British capture "
                                                 "an emplacement they hold alone; the Boers "
                                                 "retake one the British have left."),
                                               adj_unit_get_name (unit));

      gtk_box_append (GTK_BOX (box), british);
      gtk_box_append (GTK_BOX (box), boers);
      dialog = dialog_new (self, _("Who Holds the Emplacement"), body, "apply", _("_Apply"),
                           box, holds_done);
      g_object_set_data (G_OBJECT (dialog), "british", british);
      g_object_set_data (G_OBJECT (dialog), "boers", boers);
    }
  g_object_set_data_full (G_OBJECT (dialog), "emplacement", g_strdup (id), g_free);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
find_done (AdjRrDashboard   *self,
           AdwMessageDialog *dialog)
{
  g_autoptr(GError) error = NULL;

  if (!adj_rr_dashboard_find_drift (self, dialog_id (dialog, "drift"),
                                    dialog_unit (dialog, "units"), dialog_text (dialog, "dice"),
                                    NULL, &error))
    report (self, error);
}

static void
show_find_dialog (AdjRrDashboard *self,
                  const char     *drift)
{
  GListModel *units = adj_battle_get_units (self->battle);
  g_autoptr(GPtrArray) crossers = g_ptr_array_new_with_free_func (g_object_unref);
  GtkWidget *box = vbox_new ();
  GtkWidget *dice = dice_entry_new ();
  AdwMessageDialog *dialog;
  g_autofree char *heading = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      AdjUnit *unit = g_list_model_get_item (units, i);
      const char *type = adj_unit_get_type_id (unit);

      if ((g_strcmp0 (type, "battalion") == 0 || g_strcmp0 (type, "regiment") == 0) &&
          !adj_unit_get_destroyed (unit))
        g_ptr_array_add (crossers, unit);
      else
        g_object_unref (unit);
    }
  /* TRANSLATORS: a dialog heading, e.g. "Look for Bridle Drift" */
  heading = g_strdup_printf (_("Look for %s"),
                             adj_rr_drift_label (adj_battle_get_ruleset (self->battle), drift));
  dialog = dialog_new (self, heading,
                       _("Which battalion or regiment is about to enter it? The marker is "
                         "turned over and two dice must come to its value or less."),
                       "find", _("_Look for It"), box, find_done);
  gtk_box_append (GTK_BOX (box), unit_drop_down (dialog, "units", crossers, _("Unit")));
  gtk_box_append (GTK_BOX (box), dice);
  g_object_set_data (G_OBJECT (dialog), "dice", dice);
  g_object_set_data_full (G_OBJECT (dialog), "drift", g_strdup (drift), g_free);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
sp_counter_done (AdjRrDashboard   *self,
                 AdwMessageDialog *dialog)
{
  g_autoptr(AdjRandom) random = NULL;
  g_autoptr(GError) error = NULL;
  guint before = adj_battle_get_journal (self->battle)->position;

  if (!entered_random (dialog_text (dialog, "dice"), &random, &error) ||
      !adj_rr_draw_sp_counter (self->battle, dialog_unit (dialog, "units"), random, &error))
    {
      report (self, error);
      return;
    }
  check_used (self, random);
  toast_since (self, before);
}

static void
show_sp_counter_dialog (AdjRrDashboard *self)
{
  GListModel *units = adj_battle_get_units (self->battle);
  g_autoptr(GPtrArray) commandos = g_ptr_array_new_with_free_func (g_object_unref);
  GtkWidget *box = vbox_new ();
  GtkWidget *dice = dice_entry_new ();
  AdwMessageDialog *dialog;

  for (guint i = 0; i < g_list_model_get_n_items (units); i++)
    {
      AdjUnit *unit = g_list_model_get_item (units, i);

      if (g_strcmp0 (adj_unit_get_type_id (unit), "commando") == 0 &&
          !adj_unit_get_destroyed (unit) &&
          g_strcmp0 (adj_unit_get_status_string (unit, "sp_counter"), "none") == 0)
        g_ptr_array_add (commandos, unit);
      else
        g_object_unref (unit);
    }
  if (commandos->len == 0)
    {
      report_text (self, _("Every commando in play has its SP counter already"));
      return;
    }
  dialog = dialog_new (self, _("Draw an SP Counter"),
                       _("Which commando is about to fire? It draws a counter from the cup, "
                         "which stays on it until the Boer Shaken segment."),
                       "draw", _("_Draw"), box, sp_counter_done);
  gtk_box_append (GTK_BOX (box), unit_drop_down (dialog, "units", commandos, _("Commando")));
  gtk_box_append (GTK_BOX (box), dice);
  g_object_set_data (G_OBJECT (dialog), "dice", dice);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
status_done (AdjRrDashboard   *self,
             AdwMessageDialog *dialog)
{
  GtkSpinButton *line = g_object_get_data (G_OBJECT (dialog), "line");
  GtkSpinButton *times = g_object_get_data (G_OBJECT (dialog), "times");
  g_autoptr(GError) error = NULL;
  guint before = adj_battle_get_journal (self->battle)->position;

  if (!adj_rr_apply_status (self->battle, (guint) gtk_spin_button_get_value_as_int (line),
                            gtk_spin_button_get_value_as_int (times), &error))
    report (self, error);
  else
    toast_since (self, before);
}

static GtkWidget *
spin_row (const char *mnemonic,
          GtkWidget  *spin)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *caption = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_mnemonic_widget (GTK_LABEL (caption), spin);
  gtk_label_set_xalign (GTK_LABEL (caption), 0);
  gtk_widget_set_hexpand (caption, TRUE);
  gtk_box_append (GTK_BOX (row), caption);
  gtk_box_append (GTK_BOX (row), spin);
  return row;
}

static void
show_status_dialog (AdjRrDashboard *self)
{
  const AdjTableShape *shape = adj_table_shape_lookup (adj_battle_get_ruleset (self->battle),
                                                       "status");
  GtkWidget *box = vbox_new ();
  GtkWidget *line = gtk_spin_button_new_with_range (1, shape != NULL ? shape->n_rows : 16, 1);
  GtkWidget *times = gtk_spin_button_new_with_range (1, 20, 1);
  AdwMessageDialog *dialog;

  gtk_box_append (GTK_BOX (box), spin_row (_("_Line of the chart"), line));
  gtk_box_append (GTK_BOX (box), spin_row (_("_Times"), times));
  dialog = dialog_new (self, _("Status Chart"),
                       _("Which line of your Status chart happened, and how many times? "
                         "Confidence and Loss move as that line says."),
                       "apply", _("_Move the Markers"), box, status_done);
  g_object_set_data (G_OBJECT (dialog), "line", line);
  g_object_set_data (G_OBJECT (dialog), "times", times);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* "+2", "−1", "0": a balance rating as the chart prints it. */
static char *
signed_text (int value)
{
  return value < 0 ? g_strdup_printf ("−%d", -value)
       : value > 0 ? g_strdup_printf ("+%d", value) : g_strdup ("0");
}

/* The set-up dialog: the variants with their ratings and the running balance, the emplacement
 * areas, the counters without strengths and the charts still to enter. */
typedef struct {
  AdjRrDashboard      *self;
  AdwMessageDialog    *dialog;
  GPtrArray           *variants;   /* row ids of the variants chart, parallel to checks */
  GPtrArray           *checks;     /* GtkCheckButton */
  GArray              *ratings;    /* int, parallel; only read for rows with a rating */
  GtkLabel            *balance;
  AdwPreferencesGroup *places;
  GPtrArray           *entries;    /* AdwEntryRow */
  GtkLabel            *verdict;
} Setup;

static void
setup_free (gpointer  data,
            GClosure *closure)
{
  Setup *d = data;

  g_object_unref (d->self);
  g_ptr_array_unref (d->variants);
  g_ptr_array_unref (d->checks);
  g_array_unref (d->ratings);
  g_ptr_array_unref (d->entries);
  g_free (d);
}

/* The variants ticked (NULL-terminated, the ids borrowed). */
static GPtrArray *
setup_chosen (Setup *d)
{
  GPtrArray *chosen = g_ptr_array_new ();

  for (guint i = 0; i < d->checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (d->checks, i)))
      g_ptr_array_add (chosen, g_ptr_array_index (d->variants, i));
  g_ptr_array_add (chosen, NULL);
  return chosen;
}

/* The areas named (NULL-terminated, owned); rows left empty name none. */
static GPtrArray *
setup_areas (Setup *d)
{
  GPtrArray *areas = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < d->entries->len; i++)
    {
      char *text = g_strstrip (g_strdup (gtk_editable_get_text (g_ptr_array_index (d->entries,
                                                                                    i))));

      if (text[0] != '\0')
        g_ptr_array_add (areas, text);
      else
        g_free (text);
    }
  g_ptr_array_add (areas, NULL);
  return areas;
}

/* The running balance, and why Set Up may not be pressed yet (or that it may). */
static void
setup_validate (Setup *d)
{
  g_autoptr(GPtrArray) chosen = setup_chosen (d);
  g_autoptr(GPtrArray) areas = setup_areas (d);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdjTables) tables = setup_tables (d->self, &error);
  g_autofree char *sum = NULL;
  g_autofree char *balance = NULL;
  g_autofree char *why = NULL;
  const char *chart;
  int total = 0;

  for (guint i = 0; i < d->checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (d->checks, i)))
      total += g_array_index (d->ratings, int, i);
  sum = signed_text (total);
  /* TRANSLATORS: the sum of the balance ratings of the variants ticked, e.g. "Balance −1" */
  balance = g_strdup_printf (_("Balance %s"), sum);
  gtk_label_set_text (d->balance, balance);
  if (total == 0)
    {
      gtk_widget_add_css_class (GTK_WIDGET (d->balance), "success");
      gtk_widget_remove_css_class (GTK_WIDGET (d->balance), "error");
    }
  else
    {
      gtk_widget_add_css_class (GTK_WIDGET (d->balance), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (d->balance), "success");
    }

  if (tables == NULL)
    why = g_strdup (error->message);
  else if ((chart = incomplete_chart (d->self, (const char * const *) chosen->pdata)) != NULL &&
           !adj_tables_require (tables, chart, NULL, 0, &error))
    why = g_strdup (error->message);
  else if (total != 0)
    /* TRANSLATORS: %s is the balance, e.g. "+1" */
    why = g_strdup_printf (_("The variants ticked add up to %s. Their balance must be 0 to set "
                             "up: tick or untick variants until it is."), sum);
  for (guint i = 0; why == NULL && areas->pdata[i] != NULL; i++)
    {
      const char *area = areas->pdata[i];

      if (g_utf8_strlen (area, -1) > 200)
        why = g_strdup (_("An area’s name may be 200 characters at most"));
      for (guint j = 0; why == NULL && j < i; j++)
        if (g_str_equal (area, areas->pdata[j]))
          /* TRANSLATORS: %s is an area as the player typed it */
          why = g_strdup_printf (_("“%s” is named twice: an area holds one emplacement at "
                                   "most"), area);
    }

  if (why != NULL)
    {
      gtk_label_set_text (d->verdict, why);
      gtk_widget_add_css_class (GTK_WIDGET (d->verdict), "error");
    }
  else
    {
      guint n = chosen->len - 1;
      g_autofree char *ready = n == 0
        ? g_strdup (_("Ready: the game as written, without variants."))
        : g_strdup_printf (ngettext ("Ready: %u variant, and the balance is 0.",
                                     "Ready: %u variants, and the balance is 0.", n), n);

      gtk_label_set_text (d->verdict, ready);
      gtk_widget_remove_css_class (GTK_WIDGET (d->verdict), "error");
    }
  adw_message_dialog_set_response_enabled (d->dialog, "setup", why == NULL);
}

static void
on_setup_check_toggled (GtkCheckButton *check,
                        Setup          *d)
{
  setup_validate (d);
}

static void
on_setup_area_changed (GtkEditable *entry,
                       Setup       *d)
{
  setup_validate (d);
}

static void
on_remove_area_clicked (GtkButton *button,
                        Setup     *d)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), ADW_TYPE_ENTRY_ROW);

  if (row == NULL)
    return;
  g_ptr_array_remove (d->entries, row);
  adw_preferences_group_remove (d->places, row);
  setup_validate (d);
}

static GtkWidget *
setup_add_area (Setup *d)
{
  GtkWidget *row = adw_entry_row_new ();
  GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Area with an emplacement"));
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (remove, _("Remove this area"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Remove this area"), -1);
  gtk_widget_add_css_class (remove, "flat");
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), remove);
  g_signal_connect (remove, "clicked", G_CALLBACK (on_remove_area_clicked), d);
  g_signal_connect (row, "changed", G_CALLBACK (on_setup_area_changed), d);
  adw_preferences_group_add (d->places, row);
  g_ptr_array_add (d->entries, row);
  return row;
}

static void
on_add_area_clicked (GtkButton *button,
                     Setup     *d)
{
  gtk_widget_grab_focus (setup_add_area (d));
  setup_validate (d);
}

static void
on_setup_enter_chart_clicked (GtkButton *button,
                              Setup     *d)
{
  AdjRrDashboard *self = g_object_ref (d->self);
  const char *table = g_object_get_data (G_OBJECT (button), "table");

  /* The editor opens over the window, not over this dialog. */
  gtk_window_close (GTK_WINDOW (d->dialog));
  open_chart (self, table);
  g_object_unref (self);
}

static void
on_chart_missing_response (AdwMessageDialog *dialog,
                           const char       *response,
                           AdjRrDashboard   *self)
{
  if (g_str_equal (response, "enter"))
    open_chart (self, g_object_get_data (G_OBJECT (dialog), "table"));
}

/* Set-up found a chart incomplete: say which, and offer its editor. */
static void
show_chart_missing (AdjRrDashboard *self,
                    const char     *table_id,
                    const char     *message)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                              _("A Chart Is Not Complete"), message);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Not Now"),
                                    "enter", _("_Enter the Chart…"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "enter",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "enter");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data (G_OBJECT (dialog), "table", (gpointer) table_id);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_chart_missing_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_setup_response (AdwMessageDialog *dialog,
                   const char       *response,
                   Setup            *d)
{
  g_autoptr(GPtrArray) chosen = NULL;
  g_autoptr(GPtrArray) areas = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_str_equal (response, "setup"))
    return;
  chosen = setup_chosen (d);
  areas = setup_areas (d);
  if (!adj_rr_dashboard_set_up (d->self, (const char * const *) chosen->pdata,
                                (const char * const *) areas->pdata, &error))
    {
      const char *chart = g_error_matches (error, ADJ_ERROR, ADJ_ERROR_TABLE_INCOMPLETE)
        ? incomplete_chart (d->self, (const char * const *) chosen->pdata) : NULL;

      if (chart != NULL)
        show_chart_missing (d->self, chart, error->message);
      else
        report (d->self, error);
    }
}

static GtkWidget *
setup_variants_group (Setup *d)
{
  AdjRuleset *rs = adj_battle_get_ruleset (d->self->battle);
  const AdjTableShape *shape = adj_table_shape_lookup (rs, "variants");
  g_autoptr(AdjTables) tables = setup_tables (d->self, NULL);
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *balance = gtk_label_new (NULL);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Variants"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Tick the variants to play. Each has a balance "
                                           "rating on your Variants chart, and together they "
                                           "must come to 0."));
  gtk_widget_add_css_class (balance, "rr-balance");
  gtk_widget_set_valign (balance, GTK_ALIGN_END);
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), balance);
  d->balance = GTK_LABEL (balance);

  /* A variant without its rating cannot be chosen: the way to enter them comes first. */
  if (shape != NULL && tables != NULL && !adj_tables_is_complete (tables, shape->id))
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button = gtk_button_new_with_mnemonic (_("_Enter…"));
      g_autofree char *entered = adj_table_describe_entered (tables, "variants");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_gettext (shape->title));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), entered);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (button), "table", (gpointer) setup_charts[0]);
      g_signal_connect (button, "clicked", G_CALLBACK (on_setup_enter_chart_clicked), d);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }

  for (guint r = 0; shape != NULL && r < shape->n_rows; r++)
    {
      const AdjChoice *variant = &shape->rows[r];
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();
      GtkWidget *rating = gtk_label_new (NULL);
      int value = 0;
      gboolean rated = tables != NULL &&
                       adj_tables_get_int (tables, "variants", variant->id, "value", &value,
                                           NULL);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_gettext (variant->label));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      gtk_widget_add_css_class (rating, "rr-rating");
      gtk_widget_set_valign (rating, GTK_ALIGN_CENTER);
      if (rated)
        {
          g_autofree char *text = signed_text (value);
          g_autofree char *spoken = g_strdup_printf (_("Balance rating %s"), text);

          gtk_label_set_text (GTK_LABEL (rating), text);
          gtk_widget_set_tooltip_text (rating, spoken);
        }
      else
        {
          gtk_label_set_text (GTK_LABEL (rating), "—");
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                       _("No rating entered on your Variants chart"));
          gtk_widget_set_sensitive (row, FALSE);
        }
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), rating);
      g_signal_connect (check, "toggled", G_CALLBACK (on_setup_check_toggled), d);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
      g_ptr_array_add (d->variants, (gpointer) variant->id);
      g_ptr_array_add (d->checks, check);
      g_array_append_val (d->ratings, value);
    }
  return group;
}

static GtkWidget *
setup_places_group (Setup *d)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *add = gtk_button_new ();
  GtkWidget *content = adw_button_content_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Emplacements"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Name every area that starts with an emplacement "
                                           "marker, as your map names it. Each starts Hidden. "
                                           "Empty rows are left out."));
  adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (content), "list-add-symbolic");
  adw_button_content_set_label (ADW_BUTTON_CONTENT (content), _("_Add Area"));
  adw_button_content_set_use_underline (ADW_BUTTON_CONTENT (content), TRUE);
  gtk_button_set_child (GTK_BUTTON (add), content);
  gtk_widget_add_css_class (add, "flat");
  gtk_widget_set_valign (add, GTK_ALIGN_END);
  g_signal_connect (add, "clicked", G_CALLBACK (on_add_area_clicked), d);
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), add);
  d->places = ADW_PREFERENCES_GROUP (group);
  setup_add_area (d);
  return group;
}

/* The counters still without their strengths: set-up does not need them. */
static GtkWidget *
setup_strengths_group (Setup *d)
{
  g_autoptr(GPtrArray) ids = adj_rr_missing_strengths (d->self->battle);
  g_autoptr(GString) description = NULL;
  GtkWidget *group;
  g_autofree char *title = NULL;

  if (ids->len == 0)
    return NULL;
  group = adw_preferences_group_new ();
  title = g_strdup_printf (ngettext ("%u Counter Without Its Strengths",
                                     "%u Counters Without Their Strengths", ids->len), ids->len);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  description = g_string_new (_("Set-up can go ahead without them: enter what is printed on "
                                "them in the Unit page, before or after. The dashboard lists "
                                "them until they are in."));
  append_read_first (d->self, ids, description);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description->str);
  return group;
}

/* The charts set-up needs that are not complete, each with a way to enter it. */
static GtkWidget *
setup_charts_group (Setup *d)
{
  AdjRuleset *rs = adj_battle_get_ruleset (d->self->battle);
  g_autoptr(AdjTables) tables = setup_tables (d->self, NULL);
  GtkWidget *group = NULL;

  for (guint i = 1; tables != NULL && setup_charts[i] != NULL; i++)
    {
      const AdjTableShape *shape = adj_table_shape_lookup (rs, setup_charts[i]);
      g_autofree char *entered = NULL;
      GtkWidget *row, *button;

      if (shape == NULL || adj_tables_is_complete (tables, shape->id))
        continue;
      if (group == NULL)
        {
          group = adw_preferences_group_new ();
          adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group),
                                           _("Charts to Enter First"));
          adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                                 _("The cups are filled from these: type them "
                                                   "in from your copy of the game."));
        }
      entered = adj_table_describe_entered (tables, shape->id);
      row = adw_action_row_new ();
      button = gtk_button_new_with_mnemonic (_("_Enter…"));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), adj_gettext (shape->title));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), entered);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (button), "table", (gpointer) setup_charts[i]);
      g_signal_connect (button, "clicked", G_CALLBACK (on_setup_enter_chart_clicked), d);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }
  return group;
}

static void
on_status_clicked (AdjRrDashboard *self)
{
  show_status_dialog (self);
}

static void
on_next_clicked (AdjRrDashboard *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "rr.next-step", NULL);
}

static void
on_row_button_clicked (GtkButton      *button,
                       AdjRrDashboard *self)
{
  FixedRow *r = g_object_get_data (G_OBJECT (button), "fixed-row");
  g_autoptr(GError) error = NULL;
  guint before = adj_battle_get_journal (self->battle)->position;
  g_autofree char *id = g_strdup (r->id);
  g_autofree char *task = g_strdup (r->task);

  if (g_strcmp0 (task, "order") == 0)
    show_order_dialog (self, id);
  else if (g_strcmp0 (task, "charge") == 0)
    show_charge_dialog (self, id);
  else if (g_strcmp0 (task, "withdraw") == 0)
    show_withdraw_dialog (self, id);
  else if (g_strcmp0 (task, "find") == 0)
    show_find_dialog (self, id);
  else if (g_strcmp0 (task, "reached") == 0)
    {
      if (!adj_rr_objective_reached (self->battle, id, &error))
        report (self, error);
      else
        toast_since (self, before);
    }
  else if (g_strcmp0 (task, "commando") == 0)
    {
      if (!adj_rr_commando_opens_drift (self->battle, id, &error))
        report (self, error);
      else
        toast_since (self, before);
    }
}

/* ---- actions ---- */

static void
action_next_step (GtkWidget  *widget,
                  const char *name,
                  GVariant   *param)
{
  AdjRrDashboard *self = ADJ_RR_DASHBOARD (widget);
  g_autoptr(GError) error = NULL;

  if (!adj_rr_dashboard_next_step (self, &error))
    report (self, error);
}

static void
action_roll (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  AdjRrDashboard *self = ADJ_RR_DASHBOARD (widget);
  g_autoptr(GError) error = NULL;

  if (!adj_rr_dashboard_roll (self, g_variant_get_string (param, NULL), NULL, &error))
    report (self, error);
}

static void
action_enter_dice (GtkWidget  *widget,
                   const char *name,
                   GVariant   *param)
{
  show_enter_dice_dialog (ADJ_RR_DASHBOARD (widget), g_variant_get_string (param, NULL));
}

static void
action_status_chart (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  show_status_dialog (ADJ_RR_DASHBOARD (widget));
}

static void
action_setup (GtkWidget  *widget,
              const char *name,
              GVariant   *param)
{
  adj_rr_dashboard_show_setup (ADJ_RR_DASHBOARD (widget));
}

/* ---- life cycle ---- */

static void
adj_rr_dashboard_map (GtkWidget *widget)
{
  AdjRrDashboard *self = ADJ_RR_DASHBOARD (widget);

  GTK_WIDGET_CLASS (adj_rr_dashboard_parent_class)->map (widget);
  /* The charts may have been typed in elsewhere (the preferences) while the page was away. */
  if (self->battle != NULL && !adj_rr_is_set_up (self->battle))
    update_setup_page (self);
}

static void
adj_rr_dashboard_dispose (GObject *object)
{
  AdjRrDashboard *self = ADJ_RR_DASHBOARD (object);

  if (self->british_list != NULL)
    gtk_list_box_bind_model (self->british_list, NULL, NULL, NULL, NULL);
  if (self->boer_list != NULL)
    gtk_list_box_bind_model (self->boer_list, NULL, NULL, NULL, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADJ_TYPE_RR_DASHBOARD);
  g_clear_object (&self->british);
  g_clear_object (&self->boer);
  g_clear_object (&self->battle);
  G_OBJECT_CLASS (adj_rr_dashboard_parent_class)->dispose (object);
}

static void
adj_rr_dashboard_finalize (GObject *object)
{
  AdjRrDashboard *self = ADJ_RR_DASHBOARD (object);

  g_ptr_array_unref (self->brigades);
  g_ptr_array_unref (self->drifts);
  g_ptr_array_unref (self->emplacements);
  g_ptr_array_unref (self->action_labels);
  for (guint c = 0; c < ADJ_RR_N_CUPS; c++)
    g_free (self->cup_texts[c]);
  g_free (self->shown_step);
  g_free (self->step_title);
  g_free (self->cp_text);
  g_ptr_array_unref (self->chart_rows);
  g_ptr_array_unref (self->strength_rows);
  g_free (self->missing_key);
  G_OBJECT_CLASS (adj_rr_dashboard_parent_class)->finalize (object);
}

static void
adj_rr_dashboard_class_init (AdjRrDashboardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_rr_dashboard_dispose;
  object_class->finalize = adj_rr_dashboard_finalize;
  widget_class->map = adj_rr_dashboard_map;

  /**
   * AdjRrDashboard::message:
   * @text: something the player should read (why an action could not be done)
   */
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (ADJ_TYPE_RR_TRACK_BAR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-rr-dashboard.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, setup_page);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, charts_group);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, strengths_group);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, strengths_row);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, strengths_done_row);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, scroller);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, where_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, next_button);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, phase_strip);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, segment_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, step_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, hint_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, pending_box);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, pending_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, result_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, actions_box);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, cp_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, cp_detail_label);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, turn_value);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, turn_note);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, turn_track);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, confidence_value);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, confidence_note);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, shaken_badge);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, confidence_track);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, loss_value);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, loss_note);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, loss_track);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, brigade_list);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, state_flow);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, drift_list);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, cup_list);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, emplacement_heading);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, emplacement_list);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, units_flow);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, british_heading);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, british_list);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, boer_heading);
  gtk_widget_class_bind_template_child (widget_class, AdjRrDashboard, boer_list);
  gtk_widget_class_bind_template_callback (widget_class, on_next_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_status_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_unit_activated);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  gtk_widget_class_install_action (widget_class, "rr.next-step", NULL, action_next_step);
  gtk_widget_class_install_action (widget_class, "rr.roll", "s", action_roll);
  gtk_widget_class_install_action (widget_class, "rr.enter-dice", "s", action_enter_dice);
  gtk_widget_class_install_action (widget_class, "rr.status-chart", NULL, action_status_chart);
  gtk_widget_class_install_action (widget_class, "rr.setup", NULL, action_setup);
}

static void
flow_children_unfocusable (GtkFlowBox *flow)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (flow)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);
}

static void
adj_rr_dashboard_init (AdjRrDashboard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->brigades = g_ptr_array_new_with_free_func (fixed_row_free);
  self->drifts = g_ptr_array_new_with_free_func (fixed_row_free);
  self->emplacements = g_ptr_array_new ();
  self->action_labels = g_ptr_array_new_with_free_func (g_free);
  self->chart_rows = g_ptr_array_new ();
  self->strength_rows = g_ptr_array_new ();
  flow_children_unfocusable (self->state_flow);
  flow_children_unfocusable (self->units_flow);
  gtk_label_set_text (self->turn_note, _("Boer event chits from turn 5; at 20 the Boers hold"));
  gtk_label_set_text (self->confidence_note,
                      _("Framed: the Game Turn. In the shaded boxes the Boers test for Shaken"));
  gtk_label_set_text (self->loss_note, _("Shaded: a British win would be Pyrrhic; at 20 the "
                                         "Boers win"));
}

/* ---- public ---- */

GtkWidget *
adj_rr_dashboard_new (AdjBattle *battle)
{
  AdjRrDashboard *self;
  AdjSide *side;

  g_return_val_if_fail (ADJ_IS_BATTLE (battle), NULL);

  self = g_object_new (ADJ_TYPE_RR_DASHBOARD, NULL);
  self->battle = g_object_ref (battle);
  build_phase_strip (self);
  build_fixed_rows (self);
  build_chart_rows (self);
  self->british = bind_side (self, self->british_list, ADJ_RR_BRITISH);
  self->boer = bind_side (self, self->boer_list, ADJ_RR_BOER);
  side = adj_battle_find_side (battle, ADJ_RR_BRITISH);
  gtk_label_set_text (self->british_heading, side != NULL ? side->name : _("British"));
  side = adj_battle_find_side (battle, ADJ_RR_BOER);
  gtk_label_set_text (self->boer_heading, side != NULL ? side->name : _("Boers"));
  g_signal_connect_object (battle, "changed", G_CALLBACK (on_battle_changed), self, 0);
  refresh (self);
  return GTK_WIDGET (self);
}

GtkWidget *
adj_rr_dashboard_show_setup (AdjRrDashboard *self)
{
  GtkRoot *root;
  GtkWidget *dialog, *box, *scroller, *group, *verdict;
  Setup *d;
  int room;

  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), NULL);

  if (adj_rr_is_set_up (self->battle))
    {
      report_text (self, _("The game is set up already"));
      return NULL;
    }
  root = gtk_widget_get_root (GTK_WIDGET (self));
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Set Up the Game"),
                                   _("Adjutant lays the drift markers face down and fills the "
                                     "cups without showing anyone what they hold."));
  d = g_new0 (Setup, 1);
  d->self = g_object_ref (self);
  d->dialog = ADW_MESSAGE_DIALOG (dialog);
  d->variants = g_ptr_array_new ();
  d->checks = g_ptr_array_new ();
  d->ratings = g_array_new (FALSE, FALSE, sizeof (int));
  d->entries = g_ptr_array_new ();

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  if ((group = setup_charts_group (d)) != NULL)
    gtk_box_append (GTK_BOX (box), group);
  gtk_box_append (GTK_BOX (box), setup_variants_group (d));
  gtk_box_append (GTK_BOX (box), setup_places_group (d));
  if ((group = setup_strengths_group (d)) != NULL)
    gtk_box_append (GTK_BOX (box), group);

  /* As tall as the window leaves room for, beside the heading and the buttons. */
  room = GTK_IS_WIDGET (root) ? gtk_widget_get_height (GTK_WIDGET (root)) - 240 : 420;
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller),
                                              CLAMP (room, 200, 460));
  gtk_widget_set_size_request (scroller, 440, -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), box);

  /* Why Set Up cannot be pressed yet, right above it. */
  verdict = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (verdict), TRUE);
  gtk_label_set_xalign (GTK_LABEL (verdict), 0);
  gtk_widget_add_css_class (verdict, "rr-verdict");
  d->verdict = GTK_LABEL (verdict);
  {
    GtkWidget *outer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

    gtk_box_append (GTK_BOX (outer), scroller);
    gtk_box_append (GTK_BOX (outer), verdict);
    adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), outer);
  }

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "setup", _("_Set Up"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "setup",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_setup_response), d, setup_free, 0);
  setup_validate (d);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

gboolean
adj_rr_dashboard_set_up (AdjRrDashboard      *self,
                         const char * const  *variants,
                         const char * const  *emplacements,
                         GError             **error)
{
  AdjBattleWindow *window;

  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), FALSE);

  if (!adj_rr_setup (self->battle, variants, emplacements, NULL, error))
    return FALSE;
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (
                              GTK_SCROLLED_WINDOW (self->scroller)), 0);
  /* The journal's line is long: the toast only says it is done, and offers to undo it. */
  if ((window = battle_window (self)) != NULL)
    adj_battle_window_toast (window, _("The game is set up: Game Turn 1 begins"), TRUE);
  return TRUE;
}

gboolean
adj_rr_dashboard_next_step (AdjRrDashboard  *self,
                            GError         **error)
{
  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), FALSE);
  return adj_rr_next_step (self->battle, error);
}

gboolean
adj_rr_dashboard_roll (AdjRrDashboard  *self,
                       const char      *roll,
                       const char      *dice,
                       GError         **error)
{
  g_autoptr(AdjRandom) random = NULL;
  guint before;
  gboolean ok;

  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), FALSE);

  if (find_roll (roll) == NULL)
    {
      g_set_error (error, ADJ_ERROR, ADJ_ERROR_NOT_FOUND, _("There is no roll “%s” on the "
                                                            "dashboard"), roll != NULL ? roll : "");
      return FALSE;
    }
  if (!entered_random (dice, &random, error))
    return FALSE;
  before = adj_battle_get_journal (self->battle)->position;
  if (g_str_equal (roll, "draw-event"))
    ok = adj_rr_draw_event (self->battle, ADJ_RR_CUP_BRITISH, random, NULL, error);
  else if (g_str_equal (roll, "draw-boer-event"))
    ok = adj_rr_draw_event (self->battle, ADJ_RR_CUP_BOER, random, NULL, error);
  else if (g_str_equal (roll, "roll-send"))
    ok = adj_rr_roll_send_orders (self->battle, random, error);
  else if (g_str_equal (roll, "roll-receive"))
    ok = adj_rr_roll_receive_orders (self->battle, random, error);
  else
    ok = adj_rr_shaken_test (self->battle, random, error);
  if (ok)
    check_used (self, random);
  /* Some rolls are journaled one order at a time: what was done stays done. */
  toast_since (self, before);
  return ok;
}

gboolean
adj_rr_dashboard_plan_order (AdjRrDashboard  *self,
                             const char      *brigade,
                             const char      *area,
                             gboolean         from_long,
                             GError         **error)
{
  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), FALSE);
  return adj_rr_plan_order (self->battle, brigade, area, from_long, error);
}

gboolean
adj_rr_dashboard_find_drift (AdjRrDashboard  *self,
                             const char      *drift,
                             const char      *unit,
                             const char      *dice,
                             gboolean        *found,
                             GError         **error)
{
  g_autoptr(AdjRandom) random = NULL;
  guint before;

  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), FALSE);

  if (!entered_random (dice, &random, error))
    return FALSE;
  before = adj_battle_get_journal (self->battle)->position;
  if (!adj_rr_find_drift (self->battle, drift, unit, random, found, error))
    return FALSE;
  check_used (self, random);
  toast_since (self, before);
  return TRUE;
}

int
adj_rr_dashboard_get_marker (AdjRrDashboard      *self,
                             AdjRrDashboardTrack  track)
{
  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), 0);

  switch (track)
    {
    case ADJ_RR_DASHBOARD_TURN:
      return self->turn_track->value;
    case ADJ_RR_DASHBOARD_CONFIDENCE:
      return self->confidence_track->value;
    case ADJ_RR_DASHBOARD_LOSS:
      return self->loss_track->value;
    default:
      g_return_val_if_reached (0);
    }
}

const char *
adj_rr_dashboard_get_step_title (AdjRrDashboard *self)
{
  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), NULL);
  return self->step_title;
}

const char *
adj_rr_dashboard_get_cp_text (AdjRrDashboard *self)
{
  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), NULL);
  return self->cp_text;
}

static const char *
fixed_text (GPtrArray  *rows,
            const char *id)
{
  for (guint i = 0; i < rows->len; i++)
    {
      FixedRow *r = g_ptr_array_index (rows, i);

      if (g_strcmp0 (r->id, id) == 0)
        return r->text;
    }
  return NULL;
}

const char *
adj_rr_dashboard_get_order_text (AdjRrDashboard *self,
                                 const char     *brigade)
{
  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), NULL);
  return fixed_text (self->brigades, brigade);
}

const char *
adj_rr_dashboard_get_drift_text (AdjRrDashboard *self,
                                 const char     *drift)
{
  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), NULL);
  return fixed_text (self->drifts, drift);
}

const char *
adj_rr_dashboard_get_cup_text (AdjRrDashboard *self,
                               guint           cup)
{
  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), NULL);
  g_return_val_if_fail (cup < ADJ_RR_N_CUPS, NULL);
  return self->cup_texts[cup];
}

GStrv
adj_rr_dashboard_get_step_actions (AdjRrDashboard *self)
{
  GStrvBuilder *builder;
  GStrv result;

  g_return_val_if_fail (ADJ_IS_RR_DASHBOARD (self), NULL);

  builder = g_strv_builder_new ();
  for (guint i = 0; i < self->action_labels->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (self->action_labels, i));
  result = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return result;
}
