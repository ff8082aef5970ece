/* SPDX-License-Identifier: MIT */
/* test_answer - every task's answer format (common/eval/answer.h), table-driven.
 *
 * Per task: a record with the release's field names and JSON types, the gold
 * answer gen gold must write for it (the original's format), responses gen's
 * strict reading must accept as correct, responses it must refuse (ERROR), and
 * one response on which strict and release verdicts differ (docs/evaluation.md
 * lists these classes).  On top: the gold answer is correct under both parsers
 * with reasoning lines before it; a record whose gold field has another JSON
 * type than the release's is refused; huge and binary responses do not crash.
 * The release's own verdicts on thousands of responses are pinned by
 * test_release_vectors.
 */
#include "answer.h"
#include "choice.h"
#include "json_out.h"
#include "requests.h"
#include "pytext.h"
#include "testlib.h"

#include <stdlib.h>
#include <string.h>

typedef struct row {
    const char *task;
    const char *record;
    const char *gold;
    const char *accept[6]; /* strict: correct */
    const char *reject[6]; /* strict: ERROR */
    const char *differs;   /* strict and release disagree on the verdict */
    const char *bad_type;  /* the record with the gold field of another type */
} row;

static const row ROWS[] = {
    {"change_colour", "{\"num_differences\": 3}", "COUNT:3", {"count: 3", "**COUNT:3**", "3", "COUNT:03."},
     {"COUNT: three", "COUNT:3 circles", "There are 3.", "COUNT: 3 4"}, "The count is 3 (I think)",
     "{\"num_differences\": \"3\"}"},
    {"circle_boxes", "{\"answer\": 0, \"num_objects\": 5}", "COUNT:0", {"COUNT: 0", "0"}, {"COUNT:", "COUNT: none"},
     "I would move 0 circles, COUNT:1", "{\"answer\": 0.5, \"num_objects\": 5}"},
    {"circle_location", "{\"quadrant\": 2, \"count\": 4, \"num_objects\": 10}", "QUADRANT:2 COUNT:4",
     {"quadrant: 2 count: 4", "QUADRANT:2, COUNT:4", "COUNT:4 QUADRANT:2"}, {"QUADRANT:2", "2 4", "QUADRANT:2 COUNT:4 COUNT:5"},
     "QUADRANT:2 COUNT:4\nOn second thought the answer is different.", "{\"quadrant\": \"2\", \"count\": 4, \"num_objects\": 10}"},
    {"circle_right_triangle", "{\"rows\": 6, \"cols\": 6, \"circles\": 5, \"triangles\": 7, \"right\": false}", "NO",
     {"no", "**NO**", "ANSWER: No"}, {"NOT SURE", "No, there is none", "nope"}, "I cannot see it.\nYES",
     "{\"rows\": 6, \"cols\": 6, \"circles\": 5, \"triangles\": 7, \"right\": 0}"},
    {"colours_present",
     "{\"colours_present\": [\"No\", \"Yes\", \"No\"], \"num_objects\": 1}", "ANSWER: No, Yes, No",
     {"ANSWER: no, yes, no", "no yes no", "ANSWER: no , yes , no"}, {"ANSWER: no, yes, maybe", "ANSWER: no, yes, no!"},
     "ANSWER: no, yes, perhaps, no", "{\"colours_present\": \"No Yes No\", \"num_objects\": 1}"},
    {"comparing_size", "{\"Gold_output\": [\"Blue\", \"Green\"], \"Rows\": 2}", "ANSWER: Blue Green",
     {"ANSWER: blue green", "ANSWER: Blue, Green", "Blue Green"}, {"ANSWER: Blue Red", "ANSWER: Blue-Green"},
     "ANSWER: Blue is bigger, then Green", "{\"Gold_output\": \"Blue Green\", \"Rows\": 2}"},
    {"count_coloured_circles", "{\"num_objects\": 9, \"red_circle\": 4}", "COUNT:4", {"COUNT: 4", "4"},
     {"COUNT:4 red", "four"}, "4 red circles", "{\"num_objects\": 9, \"red_circle\": [4]}"},
    {"counting_circles", "{\"num_objects\": 12}", "COUNT:12", {"COUNT:12", "`COUNT: 12`"}, {"COUNT:12.0", "COUNT:1 2"},
     "COUNT:12.5", "{\"num_objects\": true}"},
    {"counting_locations", "{\"num_objects_over_table\": 3, \"num_objects_under_table\": 1}", "ABOVE:3 BELOW:1",
     {"above:3 below:1", "ABOVE: 3, BELOW: 1"}, {"ABOVE:3", "3 1", "ABOVE:3 BELOW:one"}, "3 above and 1 below",
     "{\"num_objects_over_table\": \"3\", \"num_objects_under_table\": 1}"},
    {"counting_shapes", "{\"circles\": 2, \"squares\": 1, \"triangles\": 0}", "CIRCLES:2 TRIANGLES:0 SQUARES:1",
     {"circles:2 triangles:0 squares:1", "SQUARES:1 CIRCLES:2 TRIANGLES:0"}, {"CIRCLES:2 TRIANGLES:0", "2 0 1"},
     "CIRCLES:2 TRIANGLES:0 SQUARES:1\nThat is all.", "{\"circles\": 2, \"squares\": 1, \"triangles\": null}"},
    {"cross_and_knots", "{\"n\": 6, \"crosses\": 3, \"cross_positions\": [[0, 0]], \"gold_output\": [[2, 3], [4, 5]]}",
     "(2,3)", {"(4,5)", "( 2 , 3 )", "[2,3]", "(2,3)."}, {"(2,3) (4,5)", "cell 2,3", "(2;3)"}, "Cell (2,3) is safe",
     "{\"n\": 6, \"crosses\": 3, \"cross_positions\": [], \"gold_output\": [\"B3\"]}"},
    {"graph_counting", "{\"num_nodes\": 5, \"num_edges\": 6}", "NODES:5 EDGES:6", {"nodes: 5 edges: 6", "EDGES:6 NODES:5"},
     {"NODES:5", "NODES:5 EDGES:6 LOOPS:0"}, "nodes:5 edges:6", "{\"num_nodes\": 5, \"num_edges\": \"6\"}"},
    {"grid_path", "{\"rows\": 6, \"path_size\": 3, \"gold_output\": [\"circle\", \"square\", \"circle\"]}",
     "SHAPES : circle , square , circle", {"SHAPES: Circle, Square, Circle", "circle,square,circle"},
     {"SHAPES : circle , red square , circle", "SHAPES : circle"}, "The path: circle, square, circle",
     "{\"rows\": 6, \"path_size\": 3, \"gold_output\": \"circle square circle\"}"},
    {"identifying_shapes", "{\"Gold_output\": [\"Circle\", \"Hexagon\"], \"Gold_side\": [0, 6], \"Rows\": 2}",
     "ANSWER: Circle Hexagon", {"ANSWER: circle hexagon", "Circle, Hexagon"}, {"ANSWER: Circle 6-gon", "ANSWER: 0 6"},
     "ANSWER: Circle, Hexagon!", "{\"Gold_output\": [1, 2], \"Gold_side\": [0, 6], \"Rows\": 2}"},
    {"inside_circles", "{\"inside_circles\": true, \"num_circles\": 4}", "ANSWER: Yes", {"yes", "ANSWER: YES."},
     {"ANSWER: Yes and no", "Eyes"}, "I cannot tell.\nANSWER: Yes", "{\"inside_circles\": 1, \"num_circles\": 4}"},
    {"layered_colours", "{\"num_layers\": 2, \"colors\": [\"skyblue\", \"red\"]}", "COLOURS: skyblue , red",
     {"COLOURS: SkyBlue, Red", "skyblue red"}, {"COLOURS: sky blue , red", "COLOURS: skyblue , crimson"},
     "COLOURS: skyblue , crimson , red", "{\"num_layers\": 2, \"colors\": \"skyblue red\"}"},
    {"layered_shapes", "{\"num_layers\": 2, \"order\": [\"diamond\", \"circle\"]}", "SHAPES : diamond , circle",
     {"SHAPES : Diamond , Circle", "diamond,circle"}, {"SHAPES : diamond , big circle", "SHAPES : diamond ,"},
     "The shapes, top to bottom: diamond, circle", "{\"num_layers\": 2, \"order\": [1, 2]}"},
    {"list_colours", "{\"num_objects\": 3, \"list_colours\": [\"blue\", \"red\"]}", "blue, red",
     {"Red, Blue", "red blue", "ANSWER: blue, red"}, {"red, blue, sky", "COLOURS: red, blue"}, "red, blue and sky",
     "{\"num_objects\": 3, \"list_colours\": \"blue red\"}"},
    {"list_shapes", "{\"num_objects\": 3, \"list_shapes\": [\"circle\", \"square\"]}", "circle, square",
     {"square, circle", "Square Circle", "circle, square, circle"}, {"circles, squares", "circle, hexagon"},
     "circle, hexagon, square", "{\"num_objects\": 3, \"list_shapes\": [\"circle\", 4]}"},
    {"locate_circles_colour", "{\"rows\": 6, \"n_circles\": 2, \"gold_output\": [[3, 3], [1, 2]]}", "(3,3) (1,2)",
     {"(1,2) (3,3)", "(1, 2), (3, 3)", "ANSWER: (3,3) (1,2)"}, {"(1,2) and (3,3)", "1,2 3,3"}, "(1, 2) (3, 3)",
     "{\"rows\": 6, \"n_circles\": 2, \"gold_output\": [[3, 3, 1]]}"},
    {"locate_circles_shape", "{\"rows\": 6, \"n_circles\": 1, \"gold_output\": [[6, 1]]}", "(6,1)", {"(6,1)", "( 6,1 )"},
     {"(6,1,1)", "row 6 column 1"}, "(6, 1)", "{\"rows\": 6, \"n_circles\": 1, \"gold_output\": \"(6,1)\"}"},
    {"match_outline", "{\"Gold_output\": 2, \"Rows\": 4}", "ANSWER:2", {"ANSWER: 2", "2"}, {"ANSWER: two", "COUNT:2"},
     "2 of 4 rows match", "{\"Gold_output\": \"2\", \"Rows\": 4}"},
    {"match_shadow", "{\"Gold_output\": 0, \"Rows\": 4}", "ANSWER:0", {"answer: 0", "0"}, {"ANSWER: none", "0 rows"},
     "ANSWER:0 (of 4 rows)", "{\"Gold_output\": [0], \"Rows\": 4}"},
    {"maze_solving", "{\"path\": [\"S\", \"2\", \"3\", \"E\"], \"Rows\": 4, \"Columns\": 4}", "S,2,3,E",
     {"S, 2, 3, E"}, {"S 2 3 E", "S,2,3,E,"}, "S,2,3,E\nThat is the path.", "{\"path\": [[0, 0], [0, 1]], \"Rows\": 4, \"Columns\": 4}"},
    {"mirror_image", "{\"mirror_image\": 3, \"num_objects\": 5}", "COUNT: 3", {"COUNT:3", "3"}, {"COUNT: 3/5", "three"},
     "3 of 5", "{\"mirror_image\": \"3\", \"num_objects\": 5}"},
    {"numbered_shapes",
     "{\"circles\": [\"11\", \"2\"], \"triangles\": [\"1\"], \"rectangles\": [\"3\"], \"pentagons\": [], \"num_objects\": 2}",
     "CIRCLES: 11, 2", {"CIRCLES: 2, 11", "2 11", "CIRCLES:11,2"}, {"CIRCLES: 2, eleven", "CIRCLES: [2, 11]"},
     "CIRCLES: [2, 11]", "{\"circles\": [11, 2], \"triangles\": [], \"rectangles\": [], \"pentagons\": [], \"num_objects\": 2}"},
    {"sort_circles", "{\"Gold_output\": [3, 1, 2], \"Rows\": 3}", "3 1 2", {"3 1 2", "3, 1, 2", "Sorted:\n3 1 2"},
     {"3 1 two", "C3 C1 C2"}, "Sorted:\n3 1 2", "{\"Gold_output\": [\"3\", \"1\", \"2\"], \"Rows\": 3}"},
    {"sort_lines", "{\"Gold_output\": [2, 1], \"Lines\": 2}", "2 1", {"2 1", "2,1"}, {"2 > 1", "B A"}, "2, 1",
     "{\"Gold_output\": \"2 1\", \"Lines\": 2}"},
    {"vanishing_objects", "{\"circles\": 1, \"squares\": 2, \"triangles\": 0, \"vanished\": 2}", "COUNT:2",
     {"COUNT: 2", "2"}, {"COUNT: 2 objects", "two"}, "2 objects vanished", "{\"circles\": 1, \"squares\": 2, \"triangles\": 0, \"vanished\": \"2\"}"},
    {"water_image", "{\"water_image\": 1, \"num_objects\": 3}", "COUNT: 1", {"COUNT:1", "1"}, {"COUNT: 1 of 3", "one"},
     "1 object of 3", "{\"water_image\": [1], \"num_objects\": 3}"},
};

/* The release's own Output and ERROR on responses where Python's str and int
 * rules are easy to get wrong (issue 28), as the release's utils.py gives them
 * under Python 3.11 (/usr/bin/python3; each case's text is pre + unit * times +
 * post, and the ERROR likewise).  output is the Output as --annotated writes it
 * (NULL: None). */
typedef struct release_case {
    const char *task, *record;
    const char *pre, *unit;
    int times;
    const char *post;
    const char *output;
    const char *err_pre, *err_unit;
    int err_times;
    const char *err_post;
    bool correct;
} release_case;

#define LOCATE "{\"rows\": 6, \"n_circles\": 1, \"gold_output\": [[3, 6]]}"
#define CROSS "{\"n\": 6, \"crosses\": 3, \"cross_positions\": [[0, 0]], \"gold_output\": [[0, 0]]}"
#define SORT "{\"Gold_output\": [2, 1], \"Lines\": 2}"
#define LIMIT_MSG                                                                                                  \
    "Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; use "                  \
    "sys.set_int_max_str_digits() to increase the limit"
static const release_case CASES[] = {
    /* int() skips ASCII space and \t\n\v\f\r and non-ASCII white space, not U+001C..U+001F */
    {"locate_circles_colour", LOCATE, "(\x1c" "3,6)", "", 0, "", NULL, "Invalid output", "", 0, "", false},
    {"locate_circles_colour", LOCATE, "(3,\x1d" "6)", "", 0, "", NULL, "Invalid output", "", 0, "", false},
    {"locate_circles_colour", LOCATE, "(\x1e" "3,6)", "", 0, "", NULL, "Invalid output", "", 0, "", false},
    {"locate_circles_colour", LOCATE, "(3,6\x1f)", "", 0, "", NULL, "Invalid output", "", 0, "", false},
    {"locate_circles_shape", LOCATE, "(\x1c" "3,6)", "", 0, "", NULL, "Invalid output", "", 0, "", false},
    {"locate_circles_colour", LOCATE, "(\v3,6)", "", 0, "", "[[3, 6]]", NULL, NULL, 0, NULL, true},
    {"locate_circles_colour", LOCATE, "(\xe3\x80\x80" "3,6)", "", 0, "", "[[3, 6]]", NULL, NULL, 0, NULL, true},
    {"sort_lines", SORT, "2 1\x1c", "", 0, "", "[2, 1]", NULL, NULL, 0, NULL, true},
    /* 'İ'.lower() is two code points: no ASCII word; KELVIN SIGN lowers to k */
    {"grid_path", "{\"rows\": 6, \"path_size\": 3, \"gold_output\": [\"circle\", \"square\", \"triangle\"]}",
     "SHAPES : c\xc4\xb0rcle , square , triangle", "", 0, "", "[\"c\xc4\xb0rcle\", \"square\", \"triangle\"]", NULL,
     NULL, 0, NULL, false},
    {"layered_shapes", "{\"num_layers\": 3, \"order\": [\"circle\", \"square\", \"triangle\"]}",
     "SHAPES : c\xc4\xb0rcle , square , triangle", "", 0, "", "[\"c\xc4\xb0rcle\", \"square\", \"triangle\"]", NULL,
     NULL, 0, NULL, false},
    {"identifying_shapes", "{\"Rows\": 1, \"Gold_output\": [\"circle\"]}", "ANSWER: C\xc4\xb0RCLE", "", 0, "",
     "[\"circle\"]", NULL, NULL, 0, NULL, true},
    /* the regex matches the first pair; int() raises past 4300 digits */
    {"cross_and_knots", CROSS, "(", "1", 4301, ",0) (0,0)", NULL, "Unexpected error while parsing " LIMIT_MSG "\n", "",
     0, "", false},
    {"cross_and_knots", CROSS, "[", "1", 4301, ",0] [0,0]", NULL, "Unexpected error while parsing " LIMIT_MSG "\n", "",
     0, "", false},
    {"circle_location", "{\"quadrant\": 2, \"count\": 4, \"num_objects\": 10}", "QUADRANT:", "1", 4301, " COUNT:4",
     NULL, "Unexpected error while parsing " LIMIT_MSG "\n", "", 0, "", false},
    {"sort_lines", SORT, "", "1", 4301, "", NULL, LIMIT_MSG, "", 0, "", false},
    {"change_colour", "{\"num_differences\": 3}", "COUNT: ", "1", 4301, "", NULL, LIMIT_MSG, "", 0, "", false},
    /* int()'s message: the repr of the item, cut to 200 characters */
    {"sort_lines", SORT, "x", "\xc3\xa9", 40, "", NULL, "invalid literal for int() with base 10: 'x", "\xc3\xa9", 40,
     "'", false},
    {"sort_circles", "{\"Gold_output\": [3, 1, 2], \"Rows\": 3}", "x", "\xc3\xa9", 300, "", NULL,
     "invalid literal for int() with base 10: 'x", "\xc3\xa9", 198, "", false},
    {"sort_lines", SORT, "1 'a\"\t\xe2\x80\x8b", "", 0, "", NULL,
     "invalid literal for int() with base 10: '\\'a\"\\t\\u200b'", "", 0, "", false},
    {"sort_lines", SORT, "1_0 2__0", "", 0, "", NULL, "invalid literal for int() with base 10: '2__0'", "", 0, "",
     false},
    /* an int past 2^53 prints with all its digits */
    {"sort_lines", SORT, "100000000000000000000 1", "", 0, "", "[100000000000000000000, 1]", NULL, NULL, 0, NULL,
     false},
    {"cross_and_knots", CROSS, "(0,", "1", 4300, ")", "[0, 1111111111111111111", NULL, NULL, 0, NULL, false},
    /* each task's own texts */
    {"colours_present", "{\"num_objects\": 1, \"colours_present\": [\"yes\"]}", "", "", 0, "", NULL,
     "list index out of range", "", 0, "", false},
    {"colours_present", "{\"num_objects\": 1, \"colours_present\": [\"yes\"]}", "maybe", "", 0, "", NULL,
     "Does not give yes/no answer", "", 0, "", false},
    {"layered_colours", "{\"num_layers\": 2, \"colors\": [\"skyblue\", \"red\"]}", "  \n ", "", 0, "", NULL,
     "Unexpected error while parsing list index out of range\n", "", 0, "", false},
};

/* No byte sequence that is not UTF-8 (none of these texts holds U+FFFD itself). */
static bool utf8_valid(const char *s, size_t n)
{
    pystr p = py_decode(s, n);
    bool ok = true;
    for (size_t i = 0; i < p.n; i++)
        ok = ok && p.c[i] != 0xFFFD;
    py_free(&p);
    return ok;
}

static char *repeat(const char *pre, const char *unit, int times, const char *post)
{
    strbuf sb = {0};
    strbuf_add(&sb, pre);
    for (int i = 0; i < times; i++)
        strbuf_add(&sb, unit);
    strbuf_add(&sb, post);
    return sb.buf;
}

static void release_cases(void)
{
    for (size_t k = 0; k < sizeof CASES / sizeof CASES[0]; k++) {
        const release_case *c = &CASES[k];
        const generator *g = generator_find(c->task);
        cJSON *rec = cJSON_Parse(c->record);
        char err[256];
        CHECK(g && rec && answer_check_record(g, rec, err, sizeof err) == 0, "case %zu: bad record", k);
        if (!g || !rec) {
            cJSON_Delete(rec);
            continue;
        }
        char *resp = repeat(c->pre, c->unit, c->times, c->post);
        answer_verdict v;
        answer_judge(g, ANSWER_RELEASE, rec, resp, strlen(resp), false, &v);
        strbuf out = {0};
        if (v.output)
            json_append(&out, v.output);
        /* a prefix for the 4300-digit Output */
        bool out_ok = c->output ? out.buf && strncmp(out.buf, c->output, strlen(c->output)) == 0 : !v.output;
        CHECK(out_ok, "%s case %zu '%.60s': Output %.80s, the release's %.80s", c->task, k, resp,
              out.buf ? out.buf : "None", c->output ? c->output : "None");
        char *want = c->err_pre ? repeat(c->err_pre, c->err_unit, c->err_times, c->err_post) : NULL;
        CHECK(want ? v.error && strcmp(v.error, want) == 0 : !v.error,
              "%s case %zu '%.60s': ERROR '%.300s', the release's '%.300s'", c->task, k, resp,
              v.error ? v.error : "None", want ? want : "None");
        CHECK(!v.error || utf8_valid(v.error, strlen(v.error)), "%s case %zu: the ERROR is not UTF-8", c->task, k);
        CHECK(v.correct == c->correct, "%s case %zu '%.60s': %s, the release says %s", c->task, k, resp,
              v.correct ? "correct" : "wrong", c->correct ? "correct" : "wrong");
        free(want);
        strbuf_free(&out);
        answer_verdict_clear(&v);
        free(resp);
        cJSON_Delete(rec);
    }
}

static bool judge(const generator *g, answer_parser p, const cJSON *rec, const char *resp, answer_verdict *v)
{
    answer_judge(g, p, rec, resp, strlen(resp), false, v);
    return v->correct;
}

/* ---- composed questions (issue 30): ANSWER_CHOICE ---- */

/* A choice task of its own, so these cases hold whatever the registry has. */
static const generator CHOICE = {
    .name = "comp_test",
    .images = GEN_IMAGES_FRAMES,
    .answer = {.format = "ANSWER: X", .kind = ANSWER_CHOICE, .gold = {"answer"}, .axis = "num_conditions"},
};

static const char CHOICE_RECORD[] =
    "{\"id\": \"1_1.png\", \"logic\": \"sequential\", \"num_conditions\": 3, \"question\": \"Which colour is it?\", "
    "\"options\": [\"red\", \"blue\", \"green\", \"yellow\", \"purple\"], \"answer\": \"B\", "
    "\"answer_value\": \"blue\", \"category\": \"colour\", \"steps\": ["
    "{\"text\": \"the frame the circle vanishes in\", \"answer\": \"3\", \"rule\": \"vanish circle\"}, "
    "{\"text\": \"the shape left of the bar then\", \"answer\": \"triangle\", \"rule\": \"left bar 3\"}, "
    "{\"text\": \"its colour in frame 5\", \"answer\": \"Blue\", \"rule\": \"colour 5\"}]}";

typedef struct choice_case {
    const char *response;
    char letter;     /* the letter read, 0 for unparseable */
    int first_wrong; /* ANSWER_NO_STEPS, ANSWER_ALL_STEPS_RIGHT or the step */
} choice_case;

static const choice_case CHOICE_CASES[] = {
    {"ANSWER: B", 'B', ANSWER_NO_STEPS},
    {"answer: b", 'B', ANSWER_NO_STEPS},
    {"**ANSWER:** B", 'B', ANSWER_NO_STEPS},
    {"**ANSWER: B**", 'B', ANSWER_NO_STEPS},
    {"ANSWER: (B)", 'B', ANSWER_NO_STEPS},
    {"ANSWER : [B]", 'B', ANSWER_NO_STEPS},
    {"ANSWER: B.", 'B', ANSWER_NO_STEPS},
    {"ANSWER: B. blue", 'B', ANSWER_NO_STEPS},
    {"ANSWER: B (Blue)", 'B', ANSWER_NO_STEPS},
    {"  - ANSWER: `B`  ", 'B', ANSWER_NO_STEPS},
    {"I look at every frame.\r\nANSWER: B\r\n", 'B', ANSWER_NO_STEPS},
    {"ANSWER: C", 'C', ANSWER_NO_STEPS},
    {"ANSWER: A\nOn second thought:\nANSWER: B", 'B', ANSWER_NO_STEPS},
    {"ANSWER: B\nANSWER: C", 'C', ANSWER_NO_STEPS},
    {"ANSWER: B\nANSWER: maybe C", 'B', ANSWER_NO_STEPS}, /* not an answer line: the last one that is */
    /* a lone carriage return ends a line, as "\n" and "\r\n" do (issue 36) */
    {"ANSWER: A\rANSWER: B", 'B', ANSWER_NO_STEPS},
    {"I looked.\rANSWER: B\r", 'B', ANSWER_NO_STEPS},
    {"STEP 1: 3\rSTEP 2: triangle\rSTEP 3: blue\rANSWER: B", 'B', ANSWER_ALL_STEPS_RIGHT},
    {"STEP 1: 3\r\nSTEP 2: triangle\r\rSTEP 3: red\rANSWER: A", 'A', 3},
    /* unparseable */
    {"B", 0, ANSWER_NO_STEPS},
    {"", 0, ANSWER_NO_STEPS},
    {"ANSWER:", 0, ANSWER_NO_STEPS},
    {"ANSWER: F", 0, ANSWER_NO_STEPS},
    {"ANSWER: Blue", 0, ANSWER_NO_STEPS},
    {"ANSWER: AB", 0, ANSWER_NO_STEPS},
    {"ANSWER: B or C", 0, ANSWER_NO_STEPS},
    {"ANSWER: B. red", 0, ANSWER_NO_STEPS}, /* the letter and another letter's option */
    {"ANSWER: B, C", 0, ANSWER_NO_STEPS},
    {"The final ANSWER: B", 0, ANSWER_NO_STEPS},
    {"ANSWERS: B", 0, ANSWER_NO_STEPS},
    /* steps */
    {"STEP 1: 3\nSTEP 2: triangle\nSTEP 3: blue\nANSWER: B", 'B', ANSWER_ALL_STEPS_RIGHT},
    {"STEP 1: 03\nstep 2: Triangle.\n**STEP 3:** **blue**\nANSWER: B", 'B', ANSWER_ALL_STEPS_RIGHT},
    {"STEP 1: \"3\"\nSTEP 2: 'triangle'\nSTEP 3: `BLUE`\nANSWER: B", 'B', ANSWER_ALL_STEPS_RIGHT},
    {"STEP 1: 4\nSTEP 2: triangle\nSTEP 3: blue\nANSWER: B", 'B', 1},
    {"STEP 1: 3\nSTEP 2: square\nSTEP 3: red\nANSWER: A", 'A', 2},
    {"STEP 1: 3\nSTEP 2: triangle\nSTEP 3: red\nANSWER: A", 'A', 3},
    {"STEP 1: 3\nSTEP 3: blue\nANSWER: B", 'B', 2},                        /* a missing step is wrong */
    {"STEP 2: triangle\nSTEP 3: blue\nANSWER: B", 'B', 1},
    {"STEP 1: 4\nSTEP 1: 3\nSTEP 2: triangle\nSTEP 3: blue\nANSWER: B", 'B', 0}, /* the last line of a step */
    {"STEP 1: 3\nANSWER: B\nSTEP 2: triangle\nSTEP 3: blue", 'B', 2},         /* only lines before the answer */
    {"STEP 1: 3\nSTEP 2: triangle\nSTEP 3: blue", 0, ANSWER_ALL_STEPS_RIGHT},  /* no answer: all lines */
    {"STEP 1: 3 objects\nSTEP 2: triangle\nSTEP 3: blue\nANSWER: B", 'B', 1},  /* one word or number */
    {"STEP 1:\nSTEP 2: triangle\nSTEP 3: blue\nANSWER: B", 'B', 1},           /* empty */
    {"STEP 0: 3\nSTEP 4: x\nSTEP 9999: y\nANSWER: B", 'B', ANSWER_NO_STEPS},    /* out of 1..3 */
    {"STEP one: 3\nSTEP: 3\nSTEPS 1: 3\nANSWER: B", 'B', ANSWER_NO_STEPS},      /* not step lines */
};

static void choice_cases(void)
{
    cJSON *rec = cJSON_Parse(CHOICE_RECORD);
    char err[256];
    CHECK(rec && answer_check_record(&CHOICE, rec, err, sizeof err) == 0, "choice: the record is refused: %s", err);
    long level = 0;
    CHECK(answer_axis(&CHOICE, rec, &level) == 0 && level == 3, "choice: level %ld, not 3", level);
    CHECK(strcmp(answer_axis_name(&CHOICE), "num_conditions") == 0 && strcmp(answer_format(&CHOICE), "ANSWER: X") == 0 &&
              strcmp(answer_type(&CHOICE), "single") == 0,
          "choice: axis, format or type");
    strbuf gold = {0};
    CHECK(answer_gold_text(&CHOICE, rec, &gold, err, sizeof err) == 0 &&
              strcmp(gold.buf, "STEP 1: 3\nSTEP 2: triangle\nSTEP 3: Blue\nANSWER: B") == 0,
          "choice: gold '%s'", gold.buf ? gold.buf : err);
    for (int p = 0; p < 2; p++) {
        answer_verdict v;
        answer_judge(&CHOICE, (answer_parser)p, rec, gold.buf, gold.len, true, &v);
        CHECK(v.correct && !v.error && v.first_wrong_step == ANSWER_ALL_STEPS_RIGHT,
              "choice: the gold is not correct with every step right (%s)", v.error ? v.error : "wrong");
        answer_verdict_clear(&v);
    }
    strbuf_free(&gold);
    for (size_t k = 0; k < sizeof CHOICE_CASES / sizeof CHOICE_CASES[0]; k++) {
        const choice_case *c = &CHOICE_CASES[k];
        for (int p = 0; p < 2; p++) {
            answer_verdict v;
            answer_judge(&CHOICE, (answer_parser)p, rec, c->response, strlen(c->response), p == 0, &v);
            const char *got = v.output && cJSON_IsString(v.output) ? v.output->valuestring : "";
            bool read_ok = c->letter ? strlen(got) == 1 && got[0] == c->letter && !v.error : !v.output && v.error;
            CHECK(read_ok, "choice: '%s' read as '%s' (%s), expected %c", c->response, got, v.error ? v.error : "-",
                  c->letter ? c->letter : '0');
            CHECK(v.correct == (c->letter == 'B'), "choice: '%s' is %s", c->response, v.correct ? "correct" : "wrong");
            CHECK(v.first_wrong_step == c->first_wrong, "choice: '%s': first wrong step %d, expected %d", c->response,
                  v.first_wrong_step, c->first_wrong);
            answer_verdict_clear(&v);
        }
    }
    /* a tag the harness strips from raw responses only */
    answer_verdict v;
    answer_judge(&CHOICE, ANSWER_STRICT, rec, "ANSWER: B <end>", 15, true, &v);
    CHECK(v.correct, "choice: a raw 'ANSWER: B <end>' is not read");
    answer_verdict_clear(&v);
    /* NUL bytes and a megabyte of junk */
    static const char nul[] = "STEP 1: 3\0\nSTEP 2: triangle\nANSWER: B";
    answer_judge(&CHOICE, ANSWER_STRICT, rec, nul, sizeof nul - 1, false, &v);
    CHECK(v.correct && v.first_wrong_step == 1, "choice: a NUL inside a step: %d", v.first_wrong_step);
    answer_verdict_clear(&v);
    size_t big = ANSWER_MAX_RESPONSE;
    static const char pattern[] = "STEP 1:\nANSWER: (\n\0"; /* its own NUL too */
    char *junk = malloc(big + 1);
    for (size_t i = 0; i < big + 1; i++)
        junk[i] = pattern[i % sizeof pattern];
    answer_judge(&CHOICE, ANSWER_STRICT, rec, junk, big, true, &v);
    CHECK(!v.correct && v.error, "choice: junk is read");
    answer_verdict_clear(&v);
    answer_judge(&CHOICE, ANSWER_STRICT, rec, junk, big + 1, true, &v);
    CHECK(!v.correct && v.error && strstr(v.error, "1 MiB"), "choice: an oversized response is parsed");
    answer_verdict_clear(&v);
    free(junk);
    /* step answers */
    CHECK(choice_step_equal("0", 1, "0") && choice_step_equal("007", 3, "7") && choice_step_equal(" Red. ", 6, "red"),
          "choice: equal step answers differ");
    CHECK(!choice_step_equal("", 0, "") && !choice_step_equal("7", 1, "70") && !choice_step_equal("reds", 4, "red") &&
              !choice_step_equal("-7", 2, "7"),
          "choice: different step answers are equal");
    /* records refused */
    static const char *const bad[] = {
        "\"answer\": \"F\"", "\"answer\": 1", "\"answer\": \"b\"", "\"options\": [\"red\", 2]", "\"options\": [\"red\"]",
        "\"options\": [\"a\", \"b\", \"c\", \"d\", \"e\", \"f\"]", "\"steps\": [{\"text\": \"x\"}]", "\"steps\": \"3\"",
        "\"steps\": [{\"answer\": \"1\"}, {\"answer\": \"1\"}, {\"answer\": \"1\"}, {\"answer\": \"1\"}, {\"answer\": \"1\"}, "
        "{\"answer\": \"1\"}, {\"answer\": \"1\"}, {\"answer\": \"1\"}, {\"answer\": \"1\"}, {\"answer\": \"1\"}, {\"answer\": \"1\"}, "
        "{\"answer\": \"1\"}, {\"answer\": \"1\"}, {\"answer\": \"1\"}, {\"answer\": \"1\"}, {\"answer\": \"1\"}, {\"answer\": \"1\"}]",
        "\"num_conditions\": \"3\"", "\"num_conditions\": 2.5",
        /* the level is the number of steps, as gen check has it (issue 36: gen score and report had
         * taken 2147483648 and made a table row of it) */
        "\"num_conditions\": 2147483648", "\"num_conditions\": 4", "\"num_conditions\": 0",
        "\"num_conditions\": -3"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        cJSON *b = cJSON_Duplicate(rec, true);
        cJSON *field = cJSON_Parse(strchr(bad[k], ':') + 1);
        char key[32];
        snprintf(key, sizeof key, "%.*s", (int)(strchr(bad[k] + 1, '"') - bad[k] - 1), bad[k] + 1);
        cJSON_ReplaceItemInObjectCaseSensitive(b, key, field);
        CHECK(answer_check_record(&CHOICE, b, err, sizeof err) != 0, "choice: a record with %s is accepted", bad[k]);
        cJSON_Delete(b);
    }
    cJSON *b = cJSON_Duplicate(rec, true);
    cJSON_DeleteItemFromObjectCaseSensitive(b, "steps");
    CHECK(answer_check_record(&CHOICE, b, err, sizeof err) != 0 && strstr(err, "'steps'"),
          "choice: a record without steps is accepted");
    cJSON_Delete(b);
    /* the per-sample text gen requests and the library send */
    strbuf q = {0};
    requests_question_text(rec, &q);
    CHECK(q.buf && strcmp(q.buf, "\nWhich colour is it?\nA. red\nB. blue\nC. green\nD. yellow\nE. purple") == 0,
          "choice: question text '%s'", q.buf ? q.buf : "");
    strbuf_free(&q);
    cJSON *plain = cJSON_Parse("{\"id\": \"1.png\", \"num_objects\": 3}");
    requests_question_text(plain, &q);
    CHECK(q.len == 0, "choice: a record without a question gets text");
    cJSON_Delete(plain);
    cJSON *mixed = cJSON_Parse("{\"question\": \"Q?\", \"options\": [\"a\", 2]}");
    requests_question_text(mixed, &q);
    CHECK(q.len == 0, "choice: options with a non-string get text");
    cJSON_Delete(mixed);
    strbuf_free(&q);
    cJSON_Delete(rec);
}

int main(void)
{
    int nrows = (int)(sizeof ROWS / sizeof ROWS[0]), release_tasks = 0;
    for (int k = 0; k < GENERATOR_COUNT; k++)
        release_tasks += GENERATORS[k]->answer.kind != ANSWER_CHOICE;
    CHECK(nrows == release_tasks, "%d rows for %d tasks with a release format", nrows, release_tasks);
    for (int k = 0; k < nrows; k++) {
        const row *w = &ROWS[k];
        const generator *g = generator_find(w->task);
        CHECK(g != NULL, "no task %s", w->task);
        if (!g)
            continue;
        cJSON *rec = cJSON_Parse(w->record);
        char err[256];
        CHECK(answer_check_record(g, rec, err, sizeof err) == 0, "%s: record refused: %s", w->task, err);
        strbuf sb = {0};
        CHECK(answer_gold_text(g, rec, &sb, err, sizeof err) == 0 && strcmp(sb.buf, w->gold) == 0,
              "%s: gold '%s', expected '%s'", w->task, sb.buf ? sb.buf : err, w->gold);
        strbuf_free(&sb);
        static const char *const wraps[] = {"%s", "Let me think.\nThe image shows several things.\n%s", "%s\n"};
        /* the release reads some tasks' first line (sort_circles) or does not strip
         * a final newline (cross_and_knots, locate_circles_*): only the bare gold is
         * sure to be correct there */
        for (int p = 0; p < 2; p++)
            for (int j = 0; j < (p == ANSWER_STRICT ? 3 : 1); j++) {
                char buf[512];
                snprintf(buf, sizeof buf, wraps[j], w->gold);
                answer_verdict v;
                CHECK(judge(g, (answer_parser)p, rec, buf, &v), "%s: %s parser: gold wrapped as '%s' is not correct (%s)",
                      w->task, p ? "strict" : "release", buf, v.error ? v.error : "wrong");
                answer_verdict_clear(&v);
            }
        for (int j = 0; j < 6 && w->accept[j]; j++) {
            answer_verdict v;
            CHECK(judge(g, ANSWER_STRICT, rec, w->accept[j], &v), "%s: strict refuses '%s' (%s)", w->task,
                  w->accept[j], v.error ? v.error : "wrong");
            answer_verdict_clear(&v);
        }
        for (int j = 0; j < 6 && w->reject[j]; j++) {
            answer_verdict v;
            judge(g, ANSWER_STRICT, rec, w->reject[j], &v);
            CHECK(v.error != NULL && !v.correct, "%s: strict reads '%s'", w->task, w->reject[j]);
            answer_verdict_clear(&v);
        }
        answer_verdict a, b;
        judge(g, ANSWER_RELEASE, rec, w->differs, &a);
        judge(g, ANSWER_STRICT, rec, w->differs, &b);
        CHECK(a.correct != b.correct, "%s: '%s' is %s under both parsers", w->task, w->differs,
              a.correct ? "correct" : "wrong");
        answer_verdict_clear(&a);
        answer_verdict_clear(&b);
        cJSON *bad = cJSON_Parse(w->bad_type);
        CHECK(bad && answer_check_record(g, bad, err, sizeof err) != 0, "%s: a record of other types is accepted",
              w->task);
        cJSON_Delete(bad);
        /* hostile responses */
        size_t big = 1 << 20;
        char *junk = malloc(big);
        for (size_t i = 0; i < big; i++)
            junk[i] = (char)("7(,)\n: YES<a>\xc3\xa9"[i % 15]);
        for (int p = 0; p < 2; p++) {
            answer_verdict v;
            answer_judge(g, (answer_parser)p, rec, junk, big, true, &v);
            answer_verdict_clear(&v);
            answer_judge(g, (answer_parser)p, rec, "", 0, true, &v);
            CHECK(!v.correct, "%s: the empty response is correct", w->task);
            answer_verdict_clear(&v);
        }
        free(junk);
        cJSON_Delete(rec);
    }
    release_cases();
    choice_cases();
    TEST_END("test_answer");
}
