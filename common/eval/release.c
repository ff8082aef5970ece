/* SPDX-License-Identifier: MIT */
#include "release.h"

#include "json_out.h"
#include "pytext.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- the parsers (utils.py output_from_text), by kind ---- */
typedef enum {
    RP_FIRST_INT,   /* the first \b\d+\b of the last line that is neither empty nor only punctuation */
    RP_TWO_INTS,    /* the first two of those numbers: counting_locations */
    RP_KEYS,        /* re.search("KEY:\s*(\d+)") anywhere in the response, per key */
    RP_YESNO,       /* yes/no searched in the second-to-last line, then the last */
    RP_WORDS,       /* the last line's space-separated words, letters only, lower case, filtered */
    RP_COLON_COMMA, /* the text after the response's last ':', split at ',' */
    RP_CELLS,       /* (r,c) tokens of the last line after its last ':'; else the line before */
    RP_TUPLE,       /* "None" or the first (x,y) / [x,y] of the last line */
    RP_MAZE,        /* the second-to-last line split at ',', or the last when that gives one item */
    RP_INTS_FIRST,  /* int() of every space-separated item of the first line */
    RP_INTS_LAST,   /* the same on the last line */
    RP_NUMBERS      /* every \b\d+\b of the last line, as strings, sorted */
} rparser;

/* RP_WORDS: which words are kept. */
typedef enum { W_IN_LIST, W_NOT_ANSWER } wkeep;

/* ---- the scorers (eval.py), by kind ---- */
typedef enum {
    RS_INT,        /* Output is a number equal to the gold field */
    RS_KEYS,       /* Output[out_key[i]] == record[gold[i]] for every key */
    RS_BOOL,       /* Output == the gold bool */
    RS_LOWER_LIST, /* [s.lower() for s in Output] == [s.lower() for s in gold] */
    RS_NUMBERED,   /* sorted(str(s).lower() for s in Output) == [s.lower() for s in gold] */
    RS_CELLS,      /* sorted(Output) == sorted(gold) */
    RS_CROSS,      /* Output in gold, or None and gold empty */
    RS_EXACT       /* Output == gold */
} rscorer;

typedef enum { FT_INT, FT_BOOL, FT_STRINGS, FT_INTS, FT_CELLS } ftype;

struct release_task {
    const char *name;
    const char *format;      /* the output prompt's format string */
    const char *label;       /* the format's leading word before ':' (strict parser), or NULL */
    const char *answer_type; /* the paper's answer types: single, fixed length, list, set */
    const char *gold_template;
    rparser parser;
    /* RP_WORDS */
    wkeep keep;
    const char *const *words;
    bool sorted_words, set_words;
    /* RP_KEYS: the keys searched, and the Output's key for each */
    const char *keys[4], *out_keys[4];
    rscorer scorer;
    const char *gold[4]; /* the record fields compared, in out_keys order */
    ftype gold_type;
    const char *axis[4]; /* the category key: a field, or the sum of fields */
    const char *axis_name;
    bool skip_error;  /* eval.py passes over records with an ERROR (wrong) */
    bool drop_error;  /* eval.py leaves records with an ERROR out of its counts */
    bool min_two;     /* grid_path: fewer than two items is an ERROR */
    bool diamond;     /* layered_shapes: rectangle, square, rhombus read as diamond */
    /* the ERROR texts of the task's utils.py: RP_WORDS's when no word is kept
     * (NULL: no error, an empty Output), and whether an exception's text is
     * written f"Unexpected error while parsing {e}\n" (else str(e)) */
    const char *empty_error;
    bool wrapped;
};

static const char *const W_YESNO[] = {"yes", "no", NULL};
static const char *const W_BLUEGREEN[] = {"blue", "green", NULL};
static const char *const W_SHAPES4[] = {"circle", "triangle", "square", "pentagon", NULL};
/* layered_colours' parser: its 20 colour names. */
static const char *const W_COLOURS20[] = {"black", "gray",  "brown",    "maroon",    "red",      "coral", "tan",
                                          "orange", "ivory", "goldenrod", "yellow",   "green",    "olive", "turquoise",
                                          "skyblue", "blue", "lavender",  "purple",   "pink",     "fuchsia", NULL};
/* list_colours' parser: matplotlib's CSS4 colour names (148). */
static const char *const W_CSS4[] = {
    "aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige", "bisque", "black", "blanchedalmond",
    "blue", "blueviolet", "brown", "burlywood", "cadetblue", "chartreuse", "chocolate", "coral", "cornflowerblue",
    "cornsilk", "crimson", "cyan", "darkblue", "darkcyan", "darkgoldenrod", "darkgray", "darkgreen", "darkgrey",
    "darkkhaki", "darkmagenta", "darkolivegreen", "darkorange", "darkorchid", "darkred", "darksalmon",
    "darkseagreen", "darkslateblue", "darkslategray", "darkslategrey", "darkturquoise", "darkviolet", "deeppink",
    "deepskyblue", "dimgray", "dimgrey", "dodgerblue", "firebrick", "floralwhite", "forestgreen", "fuchsia",
    "gainsboro", "ghostwhite", "gold", "goldenrod", "gray", "green", "greenyellow", "grey", "honeydew", "hotpink",
    "indianred", "indigo", "ivory", "khaki", "lavender", "lavenderblush", "lawngreen", "lemonchiffon", "lightblue",
    "lightcoral", "lightcyan", "lightgoldenrodyellow", "lightgray", "lightgreen", "lightgrey", "lightpink",
    "lightsalmon", "lightseagreen", "lightskyblue", "lightslategray", "lightslategrey", "lightsteelblue",
    "lightyellow", "lime", "limegreen", "linen", "magenta", "maroon", "mediumaquamarine", "mediumblue",
    "mediumorchid", "mediumpurple", "mediumseagreen", "mediumslateblue", "mediumspringgreen", "mediumturquoise",
    "mediumvioletred", "midnightblue", "mintcream", "mistyrose", "moccasin", "navajowhite", "navy", "oldlace",
    "olive", "olivedrab", "orange", "orangered", "orchid", "palegoldenrod", "palegreen", "paleturquoise",
    "palevioletred", "papayawhip", "peachpuff", "peru", "pink", "plum", "powderblue", "purple", "rebeccapurple",
    "red", "rosybrown", "royalblue", "saddlebrown", "salmon", "sandybrown", "seagreen", "seashell", "sienna",
    "silver", "skyblue", "slateblue", "slategray", "slategrey", "snow", "springgreen", "steelblue", "tan", "teal",
    "thistle", "tomato", "turquoise", "violet", "wheat", "white", "whitesmoke", "yellow", "yellowgreen", NULL};

#define COUNT_TASK(n, field, axisf, fmt, tmpl, lab)                                                                \
    {.name = n, .format = fmt, .label = lab, .answer_type = "single", .gold_template = tmpl, .parser = RP_FIRST_INT,           \
     .scorer = RS_INT, .gold = {field}, .gold_type = FT_INT, .axis = {axisf}}

/* Sorted by name.  Stored once under a sibling (same format): change_colour's output
 * prompt (count_coloured_circles'), circle_boxes' and counting_circles' utils.py
 * (count_coloured_circles'), match_outline's eval.py (match_shadow's), mirror_image's
 * utils.py and prompts (water_image's), list_colours' input prompt (list_shapes'),
 * locate_circles_colour's eval.py and locate_circles_shape's utils.py and rules
 * (each other's). */
static const release_task tasks[] = {
    COUNT_TASK("change_colour", "num_differences", "num_differences", "COUNT:x", "COUNT:{num_differences}", "COUNT"),
    COUNT_TASK("circle_boxes", "answer", "num_objects", "COUNT:x", "COUNT:{answer}", "COUNT"),
    {.name = "circle_location", .format = "QUADRANT:x COUNT:y", .answer_type = "fixed length",
     .gold_template = "QUADRANT:{quadrant} COUNT:{count}", .parser = RP_KEYS, .keys = {"QUADRANT", "COUNT"},
     .out_keys = {"Quadrant", "Count"}, .wrapped = true, .scorer = RS_KEYS, .gold = {"quadrant", "count"},
     .gold_type = FT_INT, .axis = {"num_objects"}},
    {.name = "circle_right_triangle", .format = "YES/NO", .answer_type = "single", .gold_template = "{right?YES:NO}",
     .parser = RP_YESNO, .scorer = RS_BOOL, .gold = {"right"}, .gold_type = FT_BOOL, .axis = {"circles"},
     .skip_error = true},
    {.name = "colours_present", .label = "ANSWER", .format = "ANSWER: yes , no, no, yes", .answer_type = "fixed length",
     .gold_template = "ANSWER: {colours_present/, }", .parser = RP_WORDS, .keep = W_IN_LIST, .words = W_YESNO,
     .empty_error = "Does not give yes/no answer", .scorer = RS_LOWER_LIST, .gold = {"colours_present"},
     .gold_type = FT_STRINGS, .axis = {"num_objects"}},
    {.name = "comparing_size", .label = "ANSWER", .format = "ANSWER: Blue Green Blue", .answer_type = "list",
     .gold_template = "ANSWER: {Gold_output/ }", .parser = RP_WORDS, .keep = W_IN_LIST, .words = W_BLUEGREEN,
     .empty_error = "Does not give answer in the correct format", .scorer = RS_LOWER_LIST, .gold = {"Gold_output"},
     .gold_type = FT_STRINGS, .axis = {"Rows"}},
    COUNT_TASK("count_coloured_circles", "red_circle", "num_objects", "COUNT:x", "COUNT:{red_circle}", "COUNT"),
    COUNT_TASK("counting_circles", "num_objects", "num_objects", "COUNT:x", "COUNT:{num_objects}", "COUNT"),
    {.name = "counting_locations", .format = "ABOVE:x BELOW:y", .answer_type = "fixed length",
     .gold_template = "ABOVE:{num_objects_over_table} BELOW:{num_objects_under_table}", .parser = RP_TWO_INTS,
     .out_keys = {"num_objects_over_table", "num_objects_under_table"}, .scorer = RS_KEYS,
     .gold = {"num_objects_over_table", "num_objects_under_table"}, .gold_type = FT_INT,
     .axis = {"num_objects_over_table"}},
    {.name = "counting_shapes", .format = "CIRCLES:x TRIANGLES:y SQUARES:z", .answer_type = "fixed length",
     .gold_template = "CIRCLES:{circles} TRIANGLES:{triangles} SQUARES:{squares}", .parser = RP_KEYS,
     .keys = {"CIRCLES", "TRIANGLES", "SQUARES"}, .out_keys = {"circles", "triangles", "squares"}, .wrapped = true,
     .scorer = RS_KEYS, .gold = {"circles", "triangles", "squares"}, .gold_type = FT_INT,
     .axis = {"circles", "triangles", "squares"}, .axis_name = "circles+triangles+squares", .drop_error = true},
    {.name = "cross_and_knots", .format = "(x,y) or None", .answer_type = "fixed length",
     .gold_template = "{gold_output#}", .parser = RP_TUPLE, .wrapped = true, .scorer = RS_CROSS,
     .gold = {"gold_output"}, .gold_type = FT_CELLS, .axis = {"crosses"}, .skip_error = true},
    {.name = "graph_counting", .format = "NODES:x EDGES:y", .answer_type = "fixed length",
     .gold_template = "NODES:{num_nodes} EDGES:{num_edges}", .parser = RP_KEYS, .keys = {"NODES", "EDGES"},
     .out_keys = {"num_nodes", "num_edges"}, .wrapped = true, .scorer = RS_KEYS, .gold = {"num_nodes", "num_edges"},
     .gold_type = FT_INT, .axis = {"num_nodes"}},
    {.name = "grid_path", .label = "SHAPES", .format = "SHAPES : Shape 1 , Shape 2", .answer_type = "list",
     .gold_template = "SHAPES : {gold_output/ , }", .parser = RP_COLON_COMMA, .min_two = true,
     .scorer = RS_LOWER_LIST, .gold = {"gold_output"}, .gold_type = FT_STRINGS, .axis = {"path_size"},
     .skip_error = true},
    {.name = "identifying_shapes", .label = "ANSWER", .format = "ANSWER: Circle Triangle Circle", .answer_type = "list",
     .gold_template = "ANSWER: {Gold_output/ }", .parser = RP_WORDS, .keep = W_NOT_ANSWER,
     .empty_error = "Does not give answer in correct format", .scorer = RS_LOWER_LIST, .gold = {"Gold_output"},
     .gold_type = FT_STRINGS, .axis = {"Rows"}},
    {.name = "inside_circles", .label = "ANSWER", .format = "ANSWER: x (Yes or No)", .answer_type = "single",
     .gold_template = "ANSWER: {inside_circles?Yes:No}", .parser = RP_YESNO, .scorer = RS_BOOL,
     .gold = {"inside_circles"}, .gold_type = FT_BOOL, .axis = {"num_circles"}},
    {.name = "layered_colours", .label = "COLOURS", .format = "COLOURS: Colour 1 , Colour 2", .answer_type = "list",
     .gold_template = "COLOURS: {colors/ , }", .parser = RP_WORDS, .keep = W_IN_LIST, .words = W_COLOURS20,
     .wrapped = true, .scorer = RS_LOWER_LIST, .gold = {"colors"}, .gold_type = FT_STRINGS, .axis = {"num_layers"}},
    {.name = "layered_shapes", .label = "SHAPES", .format = "SHAPES : Shape 1 , Shape 2", .answer_type = "list",
     .gold_template = "SHAPES : {order/ , }", .parser = RP_COLON_COMMA, .diamond = true, .scorer = RS_LOWER_LIST,
     .gold = {"order"}, .gold_type = FT_STRINGS, .axis = {"num_layers"}},
    {.name = "list_colours", .format = "a list of all the colours found", .answer_type = "set",
     .gold_template = "{list_colours/, }", .parser = RP_WORDS, .keep = W_IN_LIST, .words = W_CSS4,
     .sorted_words = true, .empty_error = "Does not give correct format", .scorer = RS_LOWER_LIST,
     .gold = {"list_colours"}, .gold_type = FT_STRINGS, .axis = {"num_objects"}},
    {.name = "list_shapes", .format = "a set of unique shapes found", .answer_type = "set",
     .gold_template = "{list_shapes/, }", .parser = RP_WORDS, .keep = W_IN_LIST, .words = W_SHAPES4,
     .sorted_words = true, .set_words = true, .empty_error = "Does not give correct format", .scorer = RS_LOWER_LIST,
     .gold = {"list_shapes"}, .gold_type = FT_STRINGS, .axis = {"num_objects"}},
    {.name = "locate_circles_colour", .format = "(row,column) (row,column)", .answer_type = "set",
     .gold_template = "{gold_output/ }", .parser = RP_CELLS, .scorer = RS_CELLS, .gold = {"gold_output"},
     .gold_type = FT_CELLS, .axis = {"n_circles"}, .skip_error = true},
    {.name = "locate_circles_shape", .format = "(row,column) (row,column)", .answer_type = "set",
     .gold_template = "{gold_output/ }", .parser = RP_CELLS, .scorer = RS_CELLS, .gold = {"gold_output"},
     .gold_type = FT_CELLS, .axis = {"n_circles"}, .skip_error = true},
    COUNT_TASK("match_outline", "Gold_output", "Rows", "ANSWER:x", "ANSWER:{Gold_output}", "ANSWER"),
    COUNT_TASK("match_shadow", "Gold_output", "Rows", "ANSWER:x", "ANSWER:{Gold_output}", "ANSWER"),
    {.name = "maze_solving", .format = "S,2,3,E", .answer_type = "list", .gold_template = "{path/,}",
     .parser = RP_MAZE, .scorer = RS_EXACT, .gold = {"path"}, .gold_type = FT_STRINGS, .axis = {"Rows"}},
    COUNT_TASK("mirror_image", "mirror_image", "num_objects", "COUNT: x", "COUNT: {mirror_image}", "COUNT"),
    {.name = "numbered_shapes", .label = "CIRCLES", .format = "CIRCLES:x (x the list of numbers)", .answer_type = "set",
     .gold_template = "CIRCLES: {circles/, }", .parser = RP_NUMBERS, .scorer = RS_NUMBERED, .gold = {"circles"},
     .gold_type = FT_STRINGS, .axis = {"num_objects"}},
    {.name = "sort_circles", .format = "labels, space separated", .answer_type = "list",
     .gold_template = "{Gold_output/ }", .parser = RP_INTS_FIRST, .scorer = RS_EXACT, .gold = {"Gold_output"},
     .gold_type = FT_INTS, .axis = {"Rows"}},
    {.name = "sort_lines", .format = "labels, space separated", .answer_type = "list",
     .gold_template = "{Gold_output/ }", .parser = RP_INTS_LAST, .scorer = RS_EXACT, .gold = {"Gold_output"},
     .gold_type = FT_INTS, .axis = {"Lines"}},
    COUNT_TASK("vanishing_objects", "vanished", "vanished", "COUNT:x", "COUNT:{vanished}", "COUNT"),
    COUNT_TASK("water_image", "water_image", "num_objects", "COUNT: x", "COUNT: {water_image}", "COUNT"),
};

const release_task *release_find(const char *task)
{
    for (size_t i = 0; i < sizeof tasks / sizeof tasks[0]; i++)
        if (strcmp(tasks[i].name, task) == 0)
            return &tasks[i];
    return NULL;
}

const char *release_format(const release_task *t)
{
    return t->format;
}

const char *release_answer_type(const release_task *t)
{
    return t->answer_type;
}

const char *release_key_name(const release_task *t)
{
    return t->axis_name ? t->axis_name : t->axis[0];
}

/* ---- records ---- */

static bool is_int(const cJSON *v)
{
    return cJSON_IsNumber(v) && v->valuedouble > -1e15 && v->valuedouble < 1e15 &&
           v->valuedouble == floor(v->valuedouble);
}

static bool type_ok(ftype t, const cJSON *v)
{
    const cJSON *e;
    switch (t) {
    case FT_INT:
        return is_int(v);
    case FT_BOOL:
        return cJSON_IsBool(v);
    case FT_STRINGS:
        if (!cJSON_IsArray(v))
            return false;
        cJSON_ArrayForEach(e, v) if (!cJSON_IsString(e)) return false;
        return true;
    case FT_INTS:
        if (!cJSON_IsArray(v))
            return false;
        cJSON_ArrayForEach(e, v) if (!is_int(e)) return false;
        return true;
    case FT_CELLS:
        if (!cJSON_IsArray(v))
            return false;
        cJSON_ArrayForEach(e, v) {
            if (!cJSON_IsArray(e) || cJSON_GetArraySize(e) != 2 || !is_int(e->child) || !is_int(e->child->next))
                return false;
        }
        return true;
    }
    return false;
}

static const char *type_name(ftype t)
{
    static const char *const names[] = {"a whole number", "a bool (true/false)", "a list of strings",
                                         "a list of whole numbers", "a list of [int, int] pairs"};
    return names[t];
}

int release_check_record(const release_task *t, const cJSON *record, char *err, size_t errlen)
{
    for (int i = 0; t->gold[i]; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(record, t->gold[i]);
        if (!type_ok(t->gold_type, v)) {
            snprintf(err, errlen, "field '%s' is %s, the release's is %s", t->gold[i],
                     v ? "of another type" : "missing", type_name(t->gold_type));
            return -1;
        }
    }
    for (int i = 0; t->axis[i]; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(record, t->axis[i]);
        if (!is_int(v)) {
            snprintf(err, errlen, "field '%s' (the release's category) is %s, the release's is a whole number",
                     t->axis[i], v ? "of another type" : "missing");
            return -1;
        }
    }
    return 0;
}

int release_key(const release_task *t, const cJSON *record, long *key)
{
    long sum = 0;
    for (int i = 0; t->axis[i]; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(record, t->axis[i]);
        if (!is_int(v))
            return -1;
        sum += (long)v->valuedouble;
    }
    *key = sum;
    return 0;
}

/* ---- gold answers ---- */

static void add_item(strbuf *out, const cJSON *e)
{
    if (cJSON_IsString(e))
        strbuf_add(out, e->valuestring);
    else if (cJSON_IsArray(e))
        strbuf_addf(out, "(%lld,%lld)", (long long)e->child->valuedouble, (long long)e->child->next->valuedouble);
    else
        strbuf_addf(out, "%lld", (long long)e->valuedouble);
}

/* The template: text with {field} (a number), {field/SEP} (a list joined by SEP),
 * {field?A:B} (a bool) and {field#} (cross_and_knots: the first cell or None). */
int release_gold_text(const release_task *t, const cJSON *record, strbuf *out, char *err, size_t errlen)
{
    if (release_check_record(t, record, err, errlen) != 0)
        return -1;
    for (const char *p = t->gold_template; *p;) {
        if (*p != '{') {
            strbuf_addf(out, "%c", *p++);
            continue;
        }
        const char *close = strchr(p, '}');
        char spec[64];
        snprintf(spec, sizeof spec, "%.*s", (int)(close - p - 1), p + 1);
        p = close + 1;
        char *mark = strpbrk(spec, "/?#");
        char op = mark ? *mark : 0;
        if (mark)
            *mark = '\0';
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(record, spec);
        if (op == '/') {
            const cJSON *e;
            bool first = true;
            cJSON_ArrayForEach(e, v) {
                if (!first)
                    strbuf_add(out, mark + 1);
                first = false;
                add_item(out, e);
            }
        } else if (op == '?') {
            char *colon = strchr(mark + 1, ':');
            if (cJSON_IsTrue(v))
                strbuf_addf(out, "%.*s", (int)(colon - mark - 1), mark + 1);
            else
                strbuf_add(out, colon + 1);
        } else if (op == '#') {
            if (cJSON_GetArraySize(v) == 0)
                strbuf_add(out, "None");
            else
                add_item(out, v->child);
        } else {
            add_item(out, v);
        }
    }
    return 0;
}

/* ---- parsing ---- */

static char *dup(const char *s)
{
    return xstrdup(s);
}

/* lines = [s for s in filter(None, text.strip().split("\n")) if not only punctuation] */
static size_t content_lines(pyspan text, pyspan **out, bool drop_punct)
{
    pyspan *all;
    size_t n = py_split(py_strip(text), '\n', &all), k = 0;
    for (size_t i = 0; i < n; i++) {
        if (all[i].n == 0)
            continue;
        if (drop_punct) {
            bool punct = true;
            for (size_t j = 0; j < all[i].n && punct; j++) {
                uint32_t c = all[i].c[j];
                if ((c < 0x80 && ((c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z'))) || py_isspace(c))
                    punct = false;
            }
            if (punct)
                continue;
        }
        all[k++] = all[i];
    }
    *out = all;
    return k;
}

static cJSON *number(double v)
{
    return cJSON_CreateNumber(v);
}

/* An int of the Output read from digits: its value, and Python's exact digits
 * where a double cannot hold them (json_append prints those, not 1e+20). */
static cJSON *int_item(double v, pyspan digits, bool neg)
{
    cJSON *n = cJSON_CreateNumber(v);
    if (fabs(v) >= 9007199254740992.0)
        n->valuestring = py_int_text(digits, neg);
    return n;
}

/* An exception's text (msg, taken) as the task's utils.py writes it into ERROR. */
static char *exc(const release_task *t, char *msg)
{
    if (!t->wrapped)
        return msg;
    strbuf sb = {0};
    strbuf_addf(&sb, "Unexpected error while parsing %s\n", msg);
    free(msg);
    return sb.buf;
}

/* str(e) of int() on a run of more than 4300 digits. */
static char *too_long(size_t digits)
{
    return py_int_error((pyspan){NULL, 0}, PY_INT_TOO_LONG, digits);
}

static int cmp_strp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void parse_numbers_line(const release_task *t, pyspan text, cJSON **output, char **error)
{
    pyspan *lines, *nums = NULL;
    size_t nl = content_lines(text, &lines, true);
    size_t nn = nl ? py_find_numbers(lines[nl - 1], &nums) : 0;
    size_t want = t->parser == RP_TWO_INTS ? 2 : 1;
    if (!nl || (t->parser != RP_NUMBERS && nn < want)) {
        *error = exc(t, dup("list index out of range"));
    } else if (t->parser == RP_NUMBERS) {
        if (!nn) {
            *error = dup("Does not give correct format");
        } else {
            /* sorted() of str: code point order, which is UTF-8's byte order */
            char **s = xmalloc(sizeof(char *) * nn);
            for (size_t i = 0; i < nn; i++)
                s[i] = py_utf8(nums[i]);
            qsort(s, nn, sizeof *s, cmp_strp);
            *output = cJSON_CreateArray();
            for (size_t i = 0; i < nn; i++) {
                cJSON_AddItemToArray(*output, cJSON_CreateString(s[i]));
                free(s[i]);
            }
            free(s);
        }
    } else {
        double v[2];
        bool ok = true;
        for (size_t i = 0; i < want && ok; i++)
            if (!(ok = py_digits_value(nums[i], &v[i])))
                *error = exc(t, too_long(nums[i].n));
        if (ok && want == 1) {
            *output = int_item(v[0], nums[0], false);
        } else if (ok) {
            *output = cJSON_CreateObject();
            cJSON_AddItemToObject(*output, t->out_keys[0], int_item(v[0], nums[0], false));
            cJSON_AddItemToObject(*output, t->out_keys[1], int_item(v[1], nums[1], false));
        }
    }
    free(lines);
    free(nums);
}

/* re.search(KEY + r":\s*(\d+)", text): the digits' span, or false. */
static bool search_key(pyspan text, const char *key, pyspan *digits)
{
    size_t kl = strlen(key);
    for (size_t i = 0; i + kl + 1 <= text.n; i++) {
        size_t j = 0;
        while (j < kl && text.c[i + j] == (unsigned char)key[j])
            j++;
        if (j < kl || text.c[i + kl] != ':')
            continue;
        size_t p = i + kl + 1;
        while (p < text.n && py_isspace(text.c[p]))
            p++;
        size_t d = p;
        while (p < text.n && py_decimal(text.c[p]) >= 0)
            p++;
        if (p > d) {
            *digits = (pyspan){text.c + d, p - d};
            return true;
        }
    }
    return false;
}

static void parse_keys(const release_task *t, pyspan text, cJSON **output, char **error)
{
    pyspan d[4];
    for (int i = 0; t->keys[i]; i++)
        if (!search_key(text, t->keys[i], &d[i])) {
            *error = dup("No match found");
            return;
        }
    cJSON *o = cJSON_CreateObject();
    for (int i = 0; t->keys[i]; i++) {
        double v;
        if (!py_digits_value(d[i], &v)) {
            cJSON_Delete(o);
            *error = exc(t, too_long(d[i].n));
            return;
        }
        cJSON_AddItemToObject(o, t->out_keys[i], int_item(v, d[i], false));
    }
    *output = o;
}

/* re.search(r'\s*(yes|no)\s*', line, re.IGNORECASE): 1 yes, 0 no, -1 none. */
static int search_yesno(pyspan line)
{
    for (size_t i = 0; i < line.n; i++) {
        uint32_t c[3];
        for (int k = 0; k < 3; k++) {
            c[k] = i + (size_t)k < line.n ? line.c[i + (size_t)k] : 0;
            c[k] = c[k] == 0x17F ? 's' : c[k] < 0x80 ? py_lower(c[k]) : c[k]; /* ſ folds to s */
        }
        if (c[0] == 'y' && c[1] == 'e' && c[2] == 's')
            /* OUTPUT is match.group(1).capitalize() == "Yes": a 'ſ' matched
             * for s (IGNORECASE) makes it False */
            return line.c[i + 2] == 0x17F ? 0 : 1;
        if (c[0] == 'n' && c[1] == 'o')
            return 0;
    }
    return -1;
}

static void parse_yesno(pyspan text, cJSON **output, char **error)
{
    pyspan *lines;
    size_t n = py_split(text, '\n', &lines);
    pyspan line = py_strip(lines[n < 2 ? n - 1 : n - 2]);
    /* the first search is on line.lower(): lower() maps no other character to
     * y, e, s, n or o, so it is the same case-free search */
    int r = search_yesno(line);
    if (r < 0)
        r = search_yesno(py_strip(lines[n - 1]));
    free(lines);
    if (r < 0)
        *error = dup("Output file should have last line as either 'yes' or 'no'");
    else
        *output = cJSON_CreateBool(r);
}

static bool in_words(const char *w, const char *const *words)
{
    for (int i = 0; words[i]; i++)
        if (strcmp(w, words[i]) == 0)
            return true;
    return false;
}

static void parse_words(const release_task *t, pyspan text, cJSON **output, char **error)
{
    pyspan *lines;
    size_t nl = content_lines(text, &lines, false);
    if (!nl) {
        free(lines);
        *error = exc(t, dup("list index out of range"));
        return;
    }
    pyspan *items;
    size_t ni = py_split(lines[nl - 1], ' ', &items);
    char **kept = xmalloc(sizeof(char *) * (ni + 1));
    size_t nk = 0;
    for (size_t i = 0; i < ni; i++) {
        if (!items[i].n)
            continue;
        /* re.sub(r'[^a-zA-Z]', '', x.lower()) */
        char *w = xmalloc(items[i].n + 2);
        size_t wl = 0;
        for (size_t j = 0; j < items[i].n; j++) {
            uint32_t c = py_lower(items[i].c[j]);
            if (c < 0x80 && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
                w[wl++] = (char)c;
            else if (c == 0x130) /* 'İ'.lower() is i and a combining dot, which the filter drops */
                w[wl++] = 'i';
        }
        w[wl] = '\0';
        bool keep = t->keep == W_NOT_ANSWER ? strcmp(w, "answer") != 0 : in_words(w, t->words);
        if (keep && t->set_words)
            for (size_t k = 0; k < nk && keep; k++)
                keep = strcmp(kept[k], w) != 0;
        if (keep)
            kept[nk++] = w;
        else
            free(w);
    }
    free(items);
    free(lines);
    if (t->sorted_words)
        qsort(kept, nk, sizeof *kept, cmp_strp);
    if (!nk && t->empty_error) {
        *error = dup(t->empty_error);
    } else {
        *output = cJSON_CreateArray();
        for (size_t k = 0; k < nk; k++)
            cJSON_AddItemToArray(*output, cJSON_CreateString(kept[k]));
    }
    for (size_t k = 0; k < nk; k++)
        free(kept[k]);
    free(kept);
}

static cJSON *split_strip(pyspan line, uint32_t sep)
{
    pyspan *items;
    size_t n = py_split(line, sep, &items);
    cJSON *arr = cJSON_CreateArray();
    for (size_t i = 0; i < n; i++) {
        char *s = py_utf8(py_strip(items[i]));
        cJSON_AddItemToArray(arr, cJSON_CreateString(s));
        free(s);
    }
    free(items);
    return arr;
}

static void parse_colon_comma(const release_task *t, pyspan text, cJSON **output, char **error)
{
    pyspan *parts;
    size_t n = py_split(text, ':', &parts);
    cJSON *path = split_strip(py_strip(parts[n - 1]), ',');
    free(parts);
    if (t->min_two && cJSON_GetArraySize(path) < 2) {
        cJSON_Delete(path);
        *error = dup("Output file should have last line as path in correct format");
        return;
    }
    *output = path;
}

/* One line of "(r,c)" tokens split at single spaces; false when any token fails. */
static bool cells_of(pyspan line, cJSON **out)
{
    pyspan *tok;
    size_t n = py_split(line, ' ', &tok);
    cJSON *arr = cJSON_CreateArray();
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        pyspan s = py_strip_chars(tok[i], "()");
        pyspan *f;
        size_t nf = py_split(s, ',', &f);
        double v[2];
        pyspan d[2];
        size_t nd;
        ok = nf >= 2 && py_int(f[0], &v[0], &d[0], &nd) == PY_INT_OK && py_int(f[1], &v[1], &d[1], &nd) == PY_INT_OK;
        if (ok) {
            cJSON *pair = cJSON_CreateArray();
            for (int k = 0; k < 2; k++)
                cJSON_AddItemToArray(pair, int_item(v[k], d[k], v[k] < 0));
            cJSON_AddItemToArray(arr, pair);
        }
        free(f);
    }
    free(tok);
    if (!ok) {
        cJSON_Delete(arr);
        return false;
    }
    *out = arr;
    return true;
}

static void parse_cells(pyspan text, cJSON **output, char **error)
{
    pyspan *lines;
    size_t n = py_split(text, '\n', &lines);
    pyspan *parts;
    size_t np = py_split(py_strip(lines[n - 1]), ':', &parts);
    bool ok = cells_of(py_strip(parts[np - 1]), output);
    free(parts);
    if (!ok)
        ok = n >= 2 && cells_of(lines[n - 2], output);
    free(lines);
    if (!ok)
        *error = dup("Invalid output");
}

/* re.search(r'\((-?\d+)\s*,\s*(-?\d+)\)') (round) or r'\[(-?\d+),\s*(-?\d+)\]' (square),
 * then map(int, match.groups()): 1 with the pair in out, 0 when nothing matches,
 * -1 with *error when the first match holds a number int() refuses (over 4300
 * digits: the regex matched, so Python raises and never looks further). */
static int search_pair(const release_task *t, pyspan s, bool round, cJSON **out, char **error)
{
    uint32_t open = round ? '(' : '[', close = round ? ')' : ']';
    for (size_t i = 0; i < s.n; i++) {
        if (s.c[i] != open)
            continue;
        size_t p = i + 1;
        pyspan d[2];
        bool neg[2], ok = true;
        for (int k = 0; k < 2 && ok; k++) {
            neg[k] = p < s.n && s.c[p] == '-';
            if (neg[k])
                p++;
            size_t start = p;
            while (p < s.n && py_decimal(s.c[p]) >= 0)
                p++;
            d[k] = (pyspan){s.c + start, p - start};
            ok = p > start;
            if (ok && k == 0) {
                if (round)
                    while (p < s.n && py_isspace(s.c[p]))
                        p++;
                ok = p < s.n && s.c[p] == ',';
                p++;
                while (ok && p < s.n && py_isspace(s.c[p]))
                    p++;
            }
        }
        if (!ok || p >= s.n || s.c[p] != close)
            continue;
        double v[2];
        for (int k = 0; k < 2; k++)
            if (!py_digits_value(d[k], &v[k])) {
                *error = exc(t, too_long(d[k].n));
                return -1;
            }
        *out = cJSON_CreateArray();
        for (int k = 0; k < 2; k++)
            cJSON_AddItemToArray(*out, int_item(neg[k] ? -v[k] : v[k], d[k], neg[k]));
        return 1;
    }
    return 0;
}

static void parse_tuple(const release_task *t, pyspan text, cJSON **output, char **error)
{
    pyspan *lines;
    size_t n = py_split(text, '\n', &lines);
    pyspan line = py_strip(lines[n - 1]);
    free(lines);
    if (py_eq(line, "None"))
        return; /* Output None, ERROR None: the answer "no such cell" */
    int r = search_pair(t, line, true, output, error);
    if (r == 0)
        r = search_pair(t, line, false, output, error);
    if (r == 0)
        *error = dup("Output file should have a single tuple of integers");
}

static void parse_maze(pyspan text, cJSON **output)
{
    pyspan *lines;
    size_t n = py_split(py_strip(text), '\n', &lines);
    cJSON *path = split_strip(py_strip(lines[n < 2 ? n - 1 : n - 2]), ',');
    if (cJSON_GetArraySize(path) < 2) {
        cJSON_Delete(path);
        path = split_strip(py_strip(lines[n - 1]), ',');
    }
    free(lines);
    *output = path;
}

static void parse_ints(bool first, pyspan text, cJSON **output, char **error)
{
    pyspan *lines, *items;
    size_t n = py_split(py_strip(text), '\n', &lines);
    size_t ni = py_split(lines[first ? 0 : n - 1], ' ', &items);
    cJSON *arr = cJSON_CreateArray();
    for (size_t i = 0; i < ni; i++) {
        double v;
        pyspan d;
        size_t nd;
        py_int_status st = py_int(py_strip(items[i]), &v, &d, &nd);
        if (st != PY_INT_OK) {
            *error = py_int_error(py_strip(items[i]), st, nd);
            cJSON_Delete(arr);
            arr = NULL;
            break;
        }
        cJSON_AddItemToArray(arr, int_item(v, d, v < 0));
    }
    free(lines);
    free(items);
    *output = arr;
}

void release_parse(const release_task *t, const char *text, size_t len, cJSON **output, char **error)
{
    *output = NULL;
    *error = NULL;
    pystr s = py_decode(text, len);
    pyspan sp = py_span(&s);
    switch (t->parser) {
    case RP_FIRST_INT:
    case RP_TWO_INTS:
    case RP_NUMBERS:
        parse_numbers_line(t, sp, output, error);
        break;
    case RP_KEYS:
        parse_keys(t, sp, output, error);
        break;
    case RP_YESNO:
        parse_yesno(sp, output, error);
        break;
    case RP_WORDS:
        parse_words(t, sp, output, error);
        break;
    case RP_COLON_COMMA:
        parse_colon_comma(t, sp, output, error);
        break;
    case RP_CELLS:
        parse_cells(sp, output, error);
        break;
    case RP_TUPLE:
        parse_tuple(t, sp, output, error);
        break;
    case RP_MAZE:
        parse_maze(sp, output);
        break;
    case RP_INTS_FIRST:
    case RP_INTS_LAST:
        parse_ints(t->parser == RP_INTS_FIRST, sp, output, error);
        break;
    }
    py_free(&s);
}

/* ---- scoring ---- */

static bool num_eq(const cJSON *a, const cJSON *b)
{
    return cJSON_IsNumber(a) && cJSON_IsNumber(b) && a->valuedouble == b->valuedouble;
}

/* Python's lower() of an ASCII or UTF-8 string, for comparisons. */
static char *lower_copy(const char *s)
{
    pystr p = py_decode(s, strlen(s));
    for (size_t i = 0; i < p.n; i++)
        p.c[i] = py_lower(p.c[i]);
    char *out = py_utf8(py_span(&p));
    py_free(&p);
    return out;
}

static bool lower_lists_equal(const cJSON *out, const cJSON *gold, bool diamond)
{
    if (cJSON_GetArraySize(out) != cJSON_GetArraySize(gold))
        return false;
    const cJSON *a = out->child, *b = gold->child;
    for (; a && b; a = a->next, b = b->next) {
        if (!cJSON_IsString(a))
            return false;
        char *x = lower_copy(a->valuestring), *y = lower_copy(b->valuestring);
        if (diamond && (!strcmp(x, "rectangle") || !strcmp(x, "square") || !strcmp(x, "rhombus"))) {
            free(x);
            x = xstrdup("diamond");
        }
        bool eq = strcmp(x, y) == 0;
        free(x);
        free(y);
        if (!eq)
            return false;
    }
    return true;
}

static int cmp_cell(const void *a, const void *b)
{
    const double *x = a, *y = b;
    if (x[0] != y[0])
        return x[0] < y[0] ? -1 : 1;
    return (x[1] > y[1]) - (x[1] < y[1]);
}

/* sorted(a) == sorted(b) for lists of [int, int]. */
static bool cell_sets_equal(const cJSON *a, const cJSON *b)
{
    int n = cJSON_GetArraySize(a);
    if (n != cJSON_GetArraySize(b))
        return false;
    double *x = xmalloc(sizeof(double) * 2 * ((size_t)n + 1)), *y = xmalloc(sizeof(double) * 2 * ((size_t)n + 1));
    int i = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, a) {
        x[2 * i] = e->child->valuedouble;
        x[2 * i + 1] = e->child->next->valuedouble;
        i++;
    }
    i = 0;
    cJSON_ArrayForEach(e, b) {
        y[2 * i] = e->child->valuedouble;
        y[2 * i + 1] = e->child->next->valuedouble;
        i++;
    }
    qsort(x, (size_t)n, sizeof(double) * 2, cmp_cell);
    qsort(y, (size_t)n, sizeof(double) * 2, cmp_cell);
    bool eq = memcmp(x, y, sizeof(double) * 2 * (size_t)n) == 0;
    free(x);
    free(y);
    return eq;
}

bool release_correct(const release_task *t, const cJSON *record, const cJSON *output, const char *error,
                     bool *dropped)
{
    *dropped = t->drop_error && error;
    char why[160];
    if (release_check_record(t, record, why, sizeof why) != 0)
        return false; /* no gold to be right about */
    if (*dropped || (t->skip_error && error) || !output)
        return t->scorer == RS_CROSS && !error && !output &&
               cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(record, t->gold[0])) == 0;
    const cJSON *gold = cJSON_GetObjectItemCaseSensitive(record, t->gold[0]);
    switch (t->scorer) {
    case RS_INT:
        return num_eq(output, gold);
    case RS_KEYS:
        for (int i = 0; t->gold[i]; i++)
            if (!num_eq(cJSON_GetObjectItemCaseSensitive(output, t->out_keys[i]),
                        cJSON_GetObjectItemCaseSensitive(record, t->gold[i])))
                return false;
        return true;
    case RS_BOOL:
        return cJSON_IsBool(output) && cJSON_IsTrue(output) == cJSON_IsTrue(gold);
    case RS_LOWER_LIST:
        return lower_lists_equal(output, gold, t->diamond);
    case RS_NUMBERED: {
        /* the parser's strings are already sorted and have no letters to lower */
        return lower_lists_equal(output, gold, false);
    }
    case RS_CELLS:
        return cell_sets_equal(output, gold);
    case RS_CROSS: {
        const cJSON *e;
        cJSON_ArrayForEach(e, gold) if (num_eq(e->child, output->child) &&
                                        num_eq(e->child->next, output->child->next)) return true;
        return false;
    }
    case RS_EXACT: {
        if (cJSON_GetArraySize(output) != cJSON_GetArraySize(gold))
            return false;
        const cJSON *a = output->child, *b = gold->child;
        for (; a && b; a = a->next, b = b->next) {
            if (cJSON_IsString(b) ? !cJSON_IsString(a) || strcmp(a->valuestring, b->valuestring) != 0
                                  : !num_eq(a, b))
                return false;
        }
        return true;
    }
    }
    return false;
}

/* ---- the harness ---- */

size_t release_strip_tags(char *text, size_t n)
{
    size_t end = n; /* where the match must end: the end, or before a final newline */
    if (n && text[n - 1] == '\n')
        end = n - 1;
    if (end == 0 || text[end - 1] != '>')
        return n;
    size_t start = end;
    while (start > 0 && text[start - 1] != '\n')
        start--;
    for (size_t i = start; i + 1 < end; i++)
        if (text[i] == '<') {
            memmove(text + i, text + end, n - end);
            return i + (n - end);
        }
    return n;
}

/* ---- gen's strict reading ---- */

/* The strict parser's answer line: the last line that is neither blank nor only
 * punctuation (a code fence, a rule), without markdown emphasis (* and `), a
 * leading '#' or '>', surrounding white space and one final full stop.  NULL with
 * *why when there is none or it holds a byte that is not printable ASCII. */
static char *strict_line(const char *text, size_t len, const char **why)
{
    const char *end = text + len;
    while (end > text) {
        const char *s = end;
        while (s > text && s[-1] != '\n')
            s--;
        bool content = false;
        for (const char *p = s; p < end; p++)
            if (isalnum((unsigned char)*p) || (unsigned char)*p >= 0x80)
                content = true;
        if (content) {
            char *out = xmalloc((size_t)(end - s) + 1), *o = out;
            for (const char *p = s; p < end; p++) {
                unsigned char c = (unsigned char)*p;
                if (c >= 0x80 || (c < 0x20 && c != '\t' && c != '\r')) {
                    free(out);
                    *why = "the answer line holds a character that is not printable ASCII";
                    return NULL;
                }
                if (c != '*' && c != '`')
                    *o++ = (char)(c == '\t' || c == '\r' ? ' ' : c);
            }
            *o = '\0';
            char *p = out;
            while (*p == ' ' || *p == '#' || *p == '>')
                p++;
            size_t n = strlen(p);
            while (n && p[n - 1] == ' ')
                n--;
            if (n && p[n - 1] == '.')
                n--;
            while (n && p[n - 1] == ' ')
                n--;
            memmove(out, p, n);
            out[n] = '\0';
            return out;
        }
        end = s > text ? s - 1 : text;
    }
    *why = "no answer line";
    return NULL;
}

/* Removes a leading "LABEL:" (case-free; spaces before the colon allowed) when it
 * is the task's label; returns the rest, or NULL when another label leads. */
static char *strict_unlabel(char *line, const char *label)
{
    char *colon = strchr(line, ':');
    if (!colon)
        return line;
    char *p = line;
    while (p < colon && isalpha((unsigned char)*p))
        p++;
    char *q = p;
    while (q < colon && *q == ' ')
        q++;
    if (q != colon || p == line)
        return line; /* a colon inside the answer (a key:value task) */
    size_t n = (size_t)(p - line);
    const char *want = label ? label : "ANSWER";
    if (strlen(want) != n || strncasecmp(line, want, n) != 0)
        return NULL;
    p = colon + 1;
    while (*p == ' ')
        p++;
    return p;
}

/* Items separated by commas and/or spaces (empty ones skipped), or by commas
 * only (each trimmed, empty ones kept, so "a,,b" fails the item check). */
static int strict_items(char *s, char ***out, bool commas_only)
{
    int n = 0;
    char **v = xmalloc(sizeof(char *) * (strlen(s) + 2));
    char *p = s;
    for (;;) {
        if (!commas_only)
            while (*p == ' ' || *p == ',')
                p++;
        if (!*p && (!commas_only || n == 0))
            break;
        char *start = p;
        while (*p && *p != ',' && (commas_only || *p != ' '))
            p++;
        char *b = start, *e = p;
        while (b < e && *b == ' ')
            b++;
        while (e > b && e[-1] == ' ')
            e--;
        v[n] = xmalloc((size_t)(e - b) + 1);
        memcpy(v[n], b, (size_t)(e - b));
        v[n][e - b] = '\0';
        n++;
        if (commas_only) {
            if (!*p)
                break;
            p++; /* the comma */
        }
    }
    *out = v;
    return n;
}

static void free_items(char **v, int n)
{
    for (int i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

static bool all_alpha(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!isalpha((unsigned char)*s))
            return false;
    return true;
}

static bool all_alnum(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s))
            return false;
    return true;
}

static bool strict_number(const char *s, double *v)
{
    if (!*s || strlen(s) > 9)
        return false;
    for (const char *p = s; *p; p++)
        if (!isdigit((unsigned char)*p))
            return false;
    *v = atof(s);
    return true;
}

static void lower_ascii(char *s)
{
    for (; *s; s++)
        *s = (char)tolower((unsigned char)*s);
}

/* "(r,c)" with optional spaces inside. */
static bool strict_cell(const char **pp, double *r, double *c, char open, char close)
{
    const char *p = *pp;
    if (*p++ != open)
        return false;
    while (*p == ' ')
        p++;
    char *e;
    long a = strtol(p, &e, 10);
    if (e == p || !isdigit((unsigned char)*p))
        return false;
    p = e;
    while (*p == ' ')
        p++;
    if (*p++ != ',')
        return false;
    while (*p == ' ')
        p++;
    long b = strtol(p, &e, 10);
    if (e == p || !isdigit((unsigned char)*p))
        return false;
    p = e;
    while (*p == ' ')
        p++;
    if (*p++ != close)
        return false;
    *r = (double)a;
    *c = (double)b;
    *pp = p;
    return true;
}

static void strict_fail(char **error, const char *fmt, const char *arg)
{
    strbuf sb = {0};
    strbuf_addf(&sb, fmt, arg);
    *error = sb.buf;
}

void release_parse_strict(const release_task *t, const char *text, size_t len, cJSON **output, char **error)
{
    *output = NULL;
    *error = NULL;
    const char *why = NULL;
    char *line = strict_line(text, len, &why);
    if (!line) {
        *error = xstrdup(why);
        return;
    }
    char *s = line;
    /* "Answer:" or "Final answer:" before the answer in the task's own format */
    static const char *const lead[] = {"final answer", "answer"};
    for (int k = 0; k < 2; k++) {
        size_t n = strlen(lead[k]);
        if (strncasecmp(s, lead[k], n) != 0) /* stops at s's end */
            continue;
        char *q = s + n;
        while (*q == ' ')
            q++;
        if (*q == ':' && q[1]) {
            s = q + 1;
            while (*s == ' ')
                s++;
            break;
        }
    }
    if (t->parser != RP_KEYS && t->parser != RP_TWO_INTS) {
        s = strict_unlabel(s, t->label);
        if (!s) {
            strict_fail(error, "the answer line does not start with %s:", t->label ? t->label : "the answer");
            free(line);
            return;
        }
    }
    char **it = NULL;
    int n = 0;
    switch (t->parser) {
    case RP_FIRST_INT: {
        double v;
        if (strict_number(s, &v))
            *output = number(v);
        else
            strict_fail(error, "expected one whole number, found '%.40s'", s);
        break;
    }
    case RP_KEYS:
    case RP_TWO_INTS: {
        /* KEY:N pairs, each of the task's keys once, nothing else */
        static const char *const two[] = {"ABOVE", "BELOW", NULL};
        const char *const *keys = t->parser == RP_TWO_INTS ? two : t->keys;
        int nk = 0;
        while (keys[nk])
            nk++;
        double val[4];
        bool seen[4] = {false, false, false, false};
        const char *p = s;
        int found = 0;
        while (*p) {
            while (*p == ' ' || *p == ',')
                p++;
            if (!*p)
                break;
            const char *k = p;
            while (isalpha((unsigned char)*p))
                p++;
            size_t kl = (size_t)(p - k);
            while (*p == ' ')
                p++;
            int which = -1;
            for (int i = 0; i < nk; i++)
                if (strlen(keys[i]) == kl && strncasecmp(k, keys[i], kl) == 0)
                    which = i;
            if (which < 0 || seen[which] || *p != ':')
                break;
            p++;
            while (*p == ' ')
                p++;
            const char *d = p;
            while (isdigit((unsigned char)*p))
                p++;
            char num[16];
            if (p == d || p - d > 9 || (*p && *p != ' ' && *p != ','))
                break;
            snprintf(num, sizeof num, "%.*s", (int)(p - d), d);
            val[which] = atof(num);
            seen[which] = true;
            found++;
        }
        if (found != nk || *p) {
            strict_fail(error, "expected %s", t->parser == RP_TWO_INTS ? "ABOVE:x BELOW:y" : t->format);
            break;
        }
        *output = cJSON_CreateObject();
        for (int i = 0; i < nk; i++)
            cJSON_AddItemToObject(*output, t->out_keys[i], number(val[i]));
        break;
    }
    case RP_YESNO:
        lower_ascii(s);
        if (strcmp(s, "yes") == 0 || strcmp(s, "no") == 0)
            *output = cJSON_CreateBool(s[0] == 'y');
        else
            strict_fail(error, "expected YES or NO, found '%.40s'", s);
        break;
    case RP_WORDS:
        n = strict_items(s, &it, false);
        for (int i = 0; i < n && !*error; i++) {
            lower_ascii(it[i]);
            if (!all_alpha(it[i]) || (t->keep == W_IN_LIST && !in_words(it[i], t->words)))
                strict_fail(error, "'%.40s' is not one of the answer's words", it[i]);
        }
        if (!*error && n == 0)
            *error = xstrdup("no items");
        if (!*error) {
            if (t->sorted_words)
                qsort(it, (size_t)n, sizeof *it, cmp_strp);
            *output = cJSON_CreateArray();
            for (int i = 0; i < n; i++)
                if (!t->set_words || i == 0 || strcmp(it[i], it[i - 1]) != 0)
                    cJSON_AddItemToArray(*output, cJSON_CreateString(it[i]));
        }
        break;
    case RP_COLON_COMMA:
    case RP_MAZE:
        n = strict_items(s, &it, true);
        for (int i = 0; i < n && !*error; i++)
            if (t->parser == RP_MAZE ? !all_alnum(it[i]) : !all_alpha(it[i]))
                strict_fail(error, "'%.40s' is not a single word", it[i]);
        if (!*error && n < (t->min_two || t->parser == RP_MAZE ? 2 : 1))
            *error = xstrdup("too few items");
        if (!*error) {
            *output = cJSON_CreateArray();
            for (int i = 0; i < n; i++)
                cJSON_AddItemToArray(*output, cJSON_CreateString(it[i]));
        }
        break;
    case RP_CELLS: {
        const char *p = s;
        cJSON *arr = cJSON_CreateArray();
        while (*p) {
            while (*p == ' ' || *p == ',')
                p++;
            if (!*p)
                break;
            double r, c;
            if (!strict_cell(&p, &r, &c, '(', ')')) {
                strict_fail(error, "expected (row,column) cells, found '%.40s'", p);
                break;
            }
            cJSON *pair = cJSON_CreateArray();
            cJSON_AddItemToArray(pair, number(r));
            cJSON_AddItemToArray(pair, number(c));
            cJSON_AddItemToArray(arr, pair);
        }
        if (!*error && cJSON_GetArraySize(arr) == 0)
            *error = xstrdup("no cells");
        if (*error)
            cJSON_Delete(arr);
        else
            *output = arr;
        break;
    }
    case RP_TUPLE: {
        if (strcasecmp(s, "none") == 0)
            break;
        const char *p = s;
        double r, c;
        if ((strict_cell(&p, &r, &c, '(', ')') || strict_cell(&p, &r, &c, '[', ']')) && !*p) {
            *output = cJSON_CreateArray();
            cJSON_AddItemToArray(*output, number(r));
            cJSON_AddItemToArray(*output, number(c));
        } else {
            strict_fail(error, "expected (x,y) or None, found '%.40s'", s);
        }
        break;
    }
    case RP_INTS_FIRST:
    case RP_INTS_LAST:
    case RP_NUMBERS:
        n = strict_items(s, &it, false);
        for (int i = 0; i < n && !*error; i++) {
            double v;
            if (!strict_number(it[i], &v))
                strict_fail(error, "'%.40s' is not a whole number", it[i]);
        }
        if (!*error && n == 0)
            *error = xstrdup("no numbers");
        if (!*error) {
            if (t->parser == RP_NUMBERS)
                qsort(it, (size_t)n, sizeof *it, cmp_strp);
            *output = cJSON_CreateArray();
            for (int i = 0; i < n; i++)
                cJSON_AddItemToArray(*output, t->parser == RP_NUMBERS ? cJSON_CreateString(it[i])
                                                                       : number(atof(it[i])));
        }
        break;
    }
    if (it)
        free_items(it, n);
    free(line);
}
