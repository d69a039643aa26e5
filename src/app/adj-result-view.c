/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adj-result-view.c: the result of a roll, for the whole table to read.
 *
 * From the top: how it went for the side that acted (an icon and a word, in the colour of the
 * tone), the units that took part, the result in large type, the reason on one line (its full
 * text in the tooltip), the dice as dice faces and the cards as cards grouped by who rolled,
 * and the whole working-out in a popover, so opening it moves nothing else.
 *
 * The type follows the width the view is given: size_allocate() picks one of the classes
 * result-s, result-m, result-l and result-xl, which the style sheet sizes (the headline is at
 * least 40 px in every one, except a long headline in the narrowest, result-s with
 * result-long).
 */

#define G_LOG_DOMAIN "adj-result-view"

#include "config.h"

#include "adj-card-view.h"
#include "adj-dice-view.h"
#include "adj-i18n.h"
#include "adj-result-view.h"

struct _AdjResultView {
  GtkWidget   parent_instance;

  GtkWidget  *box;
  GtkWidget  *tone_box;
  GtkImage   *tone_icon;
  GtkLabel   *tone_label;
  GtkLabel   *actors_label;
  GtkLabel   *headline_label;
  GtkLabel   *reason_label;
  GtkBox     *rolls_box;
  GtkWidget  *breakdown_button;
  GtkBox     *lines_box;

  AdjTone     tone;
  const char *size_class;
  guint       groups_per_row;  /* of a deal to many units: 1 reads down a narrow pane */
  gboolean    roomy;           /* a screen of its own, looked at and never clicked */
};

G_DEFINE_FINAL_TYPE (AdjResultView, adj_result_view, GTK_TYPE_WIDGET)

/* The narrowest width of each size class, widest first. */
static const struct {
  int         min_width;
  const char *css_class;
} sizes[] = {
  { 900, "result-xl" },
  { 600, "result-l" },
  { 400, "result-m" },
  { 0, "result-s" },
};

/* Headlines longer than this many characters take the class result-long. */
#define LONG_HEADLINE 18

/* The classes of the tones, in the order of AdjTone. */
static const char *const tone_classes[] = { "tone-neutral", "tone-good", "tone-bad", "tone-mixed" };

static void
show_tone (AdjResultView *self,
           AdjTone        tone)
{
  const char *icon = NULL, *word = NULL;

  gtk_widget_remove_css_class (self->box, tone_classes[self->tone]);
  self->tone = tone;
  gtk_widget_add_css_class (self->box, tone_classes[tone]);
  /* The colour is never alone: an icon and a word say the same. */
  switch (tone)
    {
    case ADJ_TONE_GOOD:
      icon = "emblem-ok-symbolic";
      /* TRANSLATORS: over a result that went well for the unit or side that acted */
      word = _("Success");
      break;
    case ADJ_TONE_BAD:
      icon = "dialog-error-symbolic";
      /* TRANSLATORS: over a result that went badly for the unit or side that acted */
      word = _("Setback");
      break;
    case ADJ_TONE_MIXED:
      icon = "dialog-warning-symbolic";
      /* TRANSLATORS: over a result that went partly well, partly badly for who acted */
      word = _("Mixed Result");
      break;
    case ADJ_TONE_NEUTRAL:
    default:
      break;
    }
  gtk_image_set_from_icon_name (self->tone_icon, icon);
  gtk_label_set_text (self->tone_label, word != NULL ? word : "");
  gtk_widget_set_visible (self->tone_box, word != NULL);
}

/* Ten dice of a volley in rows of five still fit the narrowest result pane. */
#define FACES_PER_ROW 5

/* Add @face to the last row of @faces, or to a new row once that one is full. */
static void
add_face (GtkWidget *faces,
          GtkWidget *face)
{
  GtkWidget *row = gtk_widget_get_last_child (faces);
  guint n = 0;

  for (GtkWidget *c = row != NULL ? gtk_widget_get_first_child (row) : NULL; c != NULL;
       c = gtk_widget_get_next_sibling (c))
    n++;
  if (row == NULL || n == FACES_PER_ROW)
    {
      row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      gtk_widget_set_halign (row, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (faces), row);
    }
  gtk_box_append (GTK_BOX (row), face);
}

/* One group of dice or cards: who rolled above, the dice or cards side by side below. */
static GtkWidget *
new_group (const char *who)
{
  GtkWidget *group = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *label = gtk_label_new (who);
  GtkWidget *faces = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  /* The faces stand in rows of FACES_PER_ROW. */
  gtk_widget_add_css_class (label, "result-roller");
  gtk_widget_set_visible (label, who != NULL && who[0] != '\0');
  gtk_box_append (GTK_BOX (group), label);
  gtk_box_append (GTK_BOX (group), faces);
  return group;
}

/* The group of faces that follows: in a row of groups_per_row once there are more than two
 * (a deal to every unit), else straight in the box. */
static void
append_group (AdjResultView *self,
              GtkWidget     *group,
              guint          index,
              gboolean       many)
{
  GtkWidget *row;

  if (!many || self->groups_per_row <= 1)
    {
      gtk_box_append (self->rolls_box, group);
      return;
    }
  row = gtk_widget_get_last_child (GTK_WIDGET (self->rolls_box));
  if (row == NULL || index % self->groups_per_row == 0)
    {
      row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 24);
      gtk_widget_set_halign (row, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (row, "result-group-row");
      gtk_box_append (self->rolls_box, row);
    }
  gtk_box_append (GTK_BOX (row), group);
}

static void
show_rolls (AdjResultView    *self,
            const AdjOutcome *outcome)
{
  GtkWidget *group = NULL, *faces = NULL, *old;
  const char *group_label = NULL;
  guint n_groups = 0;
  gboolean many;

  while ((old = gtk_widget_get_first_child (GTK_WIDGET (self->rolls_box))) != NULL)
    gtk_box_remove (self->rolls_box, old);
  /* Count the groups first: more than two are laid out otherwise. */
  for (guint i = 0; outcome != NULL && i < outcome->rolls->len; i++)
    {
      const AdjRoll *roll = g_ptr_array_index (outcome->rolls, i);

      if (i == 0 || g_strcmp0 (group_label, roll->label) != 0)
        n_groups++;
      group_label = roll->label;
    }
  many = n_groups > 2;
  n_groups = 0;
  group_label = NULL;
  for (guint i = 0; outcome != NULL && i < outcome->rolls->len; i++)
    {
      const AdjRoll *roll = g_ptr_array_index (outcome->rolls, i);

      /* The dice of one roller stay together, however many pulls they took. */
      if (group == NULL || g_strcmp0 (group_label, roll->label) != 0)
        {
          group_label = roll->label;
          group = new_group (roll->label != NULL ? adj_gettext (roll->label) : NULL);
          faces = gtk_widget_get_last_child (group);
          append_group (self, group, n_groups, many);
          n_groups++;
        }
      for (guint k = 0; k < roll->n_values; k++)
        add_face (faces, roll->sides == 0 ? adj_card_view_new (roll->cards[k], 60)
                                          : adj_dice_view_new (roll->sides, roll->dice[k]));
    }
  /* Two rollers face each other; a deal to every unit reads down, and never widens the pane
   * (or, on a wide screen, in rows of groups_per_row). */
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->rolls_box),
                                  many ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (self->rolls_box, many ? 12 : 24);
  gtk_widget_set_visible (GTK_WIDGET (self->rolls_box), group != NULL);
}

static void
show_lines (AdjResultView    *self,
            const AdjOutcome *outcome)
{
  GtkWidget *old;
  guint shown = 0;

  while ((old = gtk_widget_get_first_child (GTK_WIDGET (self->lines_box))) != NULL)
    gtk_box_remove (self->lines_box, old);
  for (guint l = 0; outcome != NULL && l < outcome->lines->len; l++)
    {
      const AdjExplainLine *line = g_ptr_array_index (outcome->lines, l);
      GtkWidget *hbox, *label, *value = NULL;

      /* The reason already stands under the headline. */
      if (line->kind == ADJ_EXPLAIN_TABLE && !line->has_value &&
          g_strcmp0 (line->label, outcome->reason) == 0)
        continue;
      hbox = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      label = gtk_label_new (line->label);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 48);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_box_append (GTK_BOX (hbox), label);
      if (line->kind == ADJ_EXPLAIN_MODIFIER)
        {
          g_autofree char *text = g_strdup_printf ("%+d", line->value);
          value = gtk_label_new (text);
          gtk_widget_set_margin_start (label, 12);
        }
      else if (line->has_value)
        {
          g_autofree char *text = g_strdup_printf ("%d", line->value);
          value = gtk_label_new (text);
        }
      if (line->kind == ADJ_EXPLAIN_TOTAL || line->kind == ADJ_EXPLAIN_TABLE)
        gtk_widget_add_css_class (label, "heading");
      if (line->kind == ADJ_EXPLAIN_NOTE)
        gtk_widget_add_css_class (label, "dim-label");
      if (value != NULL)
        {
          gtk_widget_add_css_class (value, "numeric");
          if (line->kind == ADJ_EXPLAIN_TOTAL)
            gtk_widget_add_css_class (value, "heading");
          gtk_box_append (GTK_BOX (hbox), value);
        }
      gtk_box_append (self->lines_box, hbox);
      shown++;
    }
  gtk_widget_set_visible (self->breakdown_button, shown > 0 && !self->roomy);
}

/* The reason and the headline wrap: the height depends on the width, as the box's does.
 * Without this GTK would ask for one height whatever the width, and a reason wrapped over three
 * lines would push the dice out of the card. */
static GtkSizeRequestMode
adj_result_view_get_request_mode (GtkWidget *widget)
{
  return gtk_widget_get_request_mode (ADJ_RESULT_VIEW (widget)->box);
}

static void
adj_result_view_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  AdjResultView *self = ADJ_RESULT_VIEW (widget);

  gtk_widget_measure (self->box, orientation, for_size, minimum, natural, minimum_baseline,
                      natural_baseline);
}

static void
adj_result_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  AdjResultView *self = ADJ_RESULT_VIEW (widget);
  const char *size_class = sizes[G_N_ELEMENTS (sizes) - 1].css_class;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    if (width >= sizes[i].min_width)
      {
        size_class = sizes[i].css_class;
        break;
      }
  /* A new class changes the type, and the height with it: GTK measures again next frame. */
  if (size_class != self->size_class)
    {
      if (self->size_class != NULL)
        gtk_widget_remove_css_class (widget, self->size_class);
      self->size_class = size_class;
      gtk_widget_add_css_class (widget, size_class);
    }
  gtk_widget_allocate (self->box, width, height, baseline, NULL);
}

static void
adj_result_view_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ADJ_TYPE_RESULT_VIEW);
  G_OBJECT_CLASS (adj_result_view_parent_class)->dispose (object);
}

static void
adj_result_view_class_init (AdjResultViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = adj_result_view_dispose;
  widget_class->get_request_mode = adj_result_view_get_request_mode;
  widget_class->measure = adj_result_view_measure;
  widget_class->size_allocate = adj_result_view_size_allocate;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/adjutant/Adjutant/adj-result-view.ui");
  gtk_widget_class_bind_template_child (widget_class, AdjResultView, box);
  gtk_widget_class_bind_template_child (widget_class, AdjResultView, tone_box);
  gtk_widget_class_bind_template_child (widget_class, AdjResultView, tone_icon);
  gtk_widget_class_bind_template_child (widget_class, AdjResultView, tone_label);
  gtk_widget_class_bind_template_child (widget_class, AdjResultView, actors_label);
  gtk_widget_class_bind_template_child (widget_class, AdjResultView, headline_label);
  gtk_widget_class_bind_template_child (widget_class, AdjResultView, reason_label);
  gtk_widget_class_bind_template_child (widget_class, AdjResultView, rolls_box);
  gtk_widget_class_bind_template_child (widget_class, AdjResultView, breakdown_button);
  gtk_widget_class_bind_template_child (widget_class, AdjResultView, lines_box);
  gtk_widget_class_set_css_name (widget_class, "resultview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
adj_result_view_init (AdjResultView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  show_tone (self, ADJ_TONE_NEUTRAL);
}

GtkWidget *
adj_result_view_new (void)
{
  return g_object_new (ADJ_TYPE_RESULT_VIEW, NULL);
}

void
adj_result_view_set_outcome (AdjResultView    *self,
                             const AdjOutcome *outcome)
{
  const char *actors = outcome != NULL ? outcome->actors : NULL;
  const char *reason = outcome != NULL ? outcome->reason : NULL;

  g_return_if_fail (ADJ_IS_RESULT_VIEW (self));

  show_tone (self, outcome != NULL ? adj_outcome_get_tone (outcome) : ADJ_TONE_NEUTRAL);
  gtk_label_set_text (self->actors_label, actors != NULL ? actors : "");
  gtk_widget_set_visible (GTK_WIDGET (self->actors_label), actors != NULL);
  gtk_label_set_text (self->headline_label, outcome != NULL ? outcome->title : "");
  /* A headline that is a sentence ("Every group named is under command") is set a size
   * smaller, so that it keeps to two lines or so in a narrow column. */
  if (outcome != NULL && g_utf8_strlen (outcome->title, -1) > LONG_HEADLINE)
    gtk_widget_add_css_class (GTK_WIDGET (self), "result-long");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "result-long");
  gtk_label_set_text (self->reason_label, reason != NULL ? reason : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->reason_label), reason);
  gtk_widget_set_visible (GTK_WIDGET (self->reason_label), reason != NULL);
  show_rolls (self, outcome);
  show_lines (self, outcome);
}

const char *
adj_result_view_get_headline (AdjResultView *self)
{
  g_return_val_if_fail (ADJ_IS_RESULT_VIEW (self), NULL);
  return gtk_label_get_text (self->headline_label);
}

const char *
adj_result_view_get_actors (AdjResultView *self)
{
  g_return_val_if_fail (ADJ_IS_RESULT_VIEW (self), NULL);
  return gtk_label_get_text (self->actors_label);
}

AdjTone
adj_result_view_get_tone (AdjResultView *self)
{
  g_return_val_if_fail (ADJ_IS_RESULT_VIEW (self), ADJ_TONE_NEUTRAL);
  return self->tone;
}

/* The groups of faces in the order shown, through their rows when they stand in rows. */
static GtkWidget *
first_in (GtkWidget *child)
{
  if (child != NULL && gtk_widget_has_css_class (child, "result-group-row"))
    return gtk_widget_get_first_child (child);
  return child;
}

static GtkWidget *
first_group (AdjResultView *self)
{
  return first_in (gtk_widget_get_first_child (GTK_WIDGET (self->rolls_box)));
}

static GtkWidget *
next_group (AdjResultView *self,
            GtkWidget     *group)
{
  GtkWidget *parent = gtk_widget_get_parent (group);

  if (gtk_widget_get_next_sibling (group) != NULL)
    return gtk_widget_get_next_sibling (group);
  if (parent == GTK_WIDGET (self->rolls_box))
    return NULL;
  return first_in (gtk_widget_get_next_sibling (parent));
}

void
adj_result_view_set_roomy (AdjResultView *self,
                           gboolean       roomy)
{
  g_return_if_fail (ADJ_IS_RESULT_VIEW (self));

  /* Nobody clicks a TV: no button there to see how a result was worked out. */
  self->roomy = roomy;
  gtk_widget_set_visible (self->breakdown_button,
                          !roomy && gtk_widget_get_first_child (GTK_WIDGET (self->lines_box)) != NULL);
  /* Five groups a row: a deal to two dozen units takes five rows of a 1080-line screen. */
  self->groups_per_row = roomy ? 5 : 1;
  gtk_label_set_single_line_mode (self->reason_label, !roomy);
  gtk_label_set_ellipsize (self->reason_label, roomy ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END);
  gtk_label_set_wrap (self->reason_label, roomy);
  gtk_label_set_justify (self->reason_label, GTK_JUSTIFY_CENTER);
}

char *
adj_result_view_describe_rolls (AdjResultView *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (ADJ_IS_RESULT_VIEW (self), NULL);

  for (GtkWidget *group = first_group (self); group != NULL; group = next_group (self, group))
    {
      GtkWidget *who = gtk_widget_get_first_child (group);

      if (text->len > 0)
        g_string_append (text, "; ");
      g_string_append_printf (text, "%s:", gtk_label_get_text (GTK_LABEL (who)));
      for (GtkWidget *row = gtk_widget_get_first_child (gtk_widget_get_last_child (group));
           row != NULL; row = gtk_widget_get_next_sibling (row))
        for (GtkWidget *face = gtk_widget_get_first_child (row); face != NULL;
             face = gtk_widget_get_next_sibling (face))
          {
            if (ADJ_IS_DICE_VIEW (face))
              g_string_append_printf (text, " %d", adj_dice_view_get_value (ADJ_DICE_VIEW (face)));
            else
              g_string_append_printf (text, " %s", adj_card_name (adj_card_view_get_card (
                                                     ADJ_CARD_VIEW (face))));
          }
    }
  return g_string_free (text, FALSE);
}
