/* test_answer - the answer line of every task (common/program/answer.h), table-driven.
 *
 * Per task: a record, the gold text it must give (what follows "ANSWER: "), the
 * variants a careful grader accepts, and rejected responses, each with the OUTPUT
 * it must parse to (compact JSON) or "ERROR:" and a piece of the error message.
 * On top of the table, every task's gold is put through the forgiving rules that
 * apply to all tasks (case, emphasis, fences, full stop, CRLF, reasoning before it)
 * and the rejections that apply to all (answer not last, empty, nothing after
 * ANSWER:), and the difficulty axis is read from the record.
 */
#include "answer.h"
#include "testlib.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct probe {
    const char *response;
    const char *expect; /* OUTPUT as compact JSON, or "ERROR:<part of the message>" */
} probe;

typedef struct row {
    const char *task;
    const char *record; /* the record's fields (no id) */
    const char *gold;   /* its gold text */
    long axis;          /* its difficulty value */
    const char *accept[8];
    probe reject[10];
} row;

static const row ROWS[] = {
    {"change_colour", "{\"num_differences\": 3}", "3", 3,
     {"ANSWER: 03", "Answer : 3", "ANSWER:3"},
     {{"ANSWER: 4", "4"}, {"ANSWER: three", "ERROR:not a whole number"}, {"ANSWER: 3 4", "ERROR:expected one"},
      {"ANSWER: -3", "ERROR:not a whole number"}, {"ANSWER: 3.0", "ERROR:not a whole number"}}},
    {"circle_boxes", "{\"answer\": 0, \"num_objects\": 5}", "0", 5,
     {"ANSWER: 0", "ANSWER: 000"},
     {{"ANSWER: 1", "1"}, {"ANSWER: none", "ERROR:not a whole number"}, {"COUNT: 0", "ERROR:does not start"}}},
    {"circle_location", "{\"count\": 4, \"num_objects\": 10, \"quadrant\": \"top-right\"}", "top-right 4", 10,
     {"ANSWER: Top-Right 4", "ANSWER: top-right, 4", "ANSWER: TOP-RIGHT; 4."},
     {{"ANSWER: top-right 5", "[\"top-right\",\"5\"]"}, {"ANSWER: top-left 4", "[\"top-left\",\"4\"]"},
      {"ANSWER: 4 top-right", "[\"4\",\"top-right\"]"}, {"ANSWER: top-right", "[\"top-right\"]"},
      {"ANSWER: top right 4", "[\"top\",\"right\",\"4\"]"}}},
    {"circle_right_triangle", "{\"circles\": 5, \"cols\": 6, \"right\": 2, \"rows\": 3, \"triangles\": 7}", "5 2 7", 3,
     {"ANSWER: 5, 2, 7", "ANSWER: 5;2;7"},
     {{"ANSWER: 5 7 2", "[5,7,2]"}, {"ANSWER: 5 2 8", "[5,2,8]"}, {"ANSWER: 5 2", "ERROR:expected 3 whole numbers"},
      {"ANSWER: 5 2 7 0", "ERROR:expected 3 whole numbers"}, {"ANSWER: circles 5", "ERROR:expected 3"}}},
    {"colours_present",
     "{\"colours_present\": [\"no\", \"yes\", \"no\", \"no\", \"no\", \"no\", \"no\", \"no\", \"no\", \"no\", \"no\", "
     "\"no\", \"no\", \"no\", \"no\", \"no\", \"no\", \"no\", \"no\", \"yes\"], \"num_objects\": 2}",
     "no yes no no no no no no no no no no no no no no no no no yes", 2,
     {"ANSWER: No Yes no no no no no no no no no no no no no no no no no YES",
      "ANSWER: no,yes,no,no,no,no,no,no,no,no,no,no,no,no,no,no,no,no,no,yes"},
     {{"ANSWER: yes no no no no no no no no no no no no no no no no no no yes",
       "[\"yes\",\"no\",\"no\",\"no\",\"no\",\"no\",\"no\",\"no\",\"no\",\"no\",\"no\",\"no\",\"no\",\"no\",\"no\","
       "\"no\",\"no\",\"no\",\"no\",\"yes\"]"},
      {"ANSWER: no yes", "[\"no\",\"yes\"]"}}},
    {"comparing_size", "{\"Gold_output\": \"left right right\", \"Rows\": 3}", "left right right", 3,
     {"ANSWER: Left, Right, Right", "ANSWER: **left right right**"},
     {{"ANSWER: right left right", "[\"right\",\"left\",\"right\"]"}, {"ANSWER: left right", "[\"left\",\"right\"]"},
      {"ANSWER: left right right left", "[\"left\",\"right\",\"right\",\"left\"]"}}},
    {"count_coloured_circles", "{\"num_objects\": 9, \"red_circle\": 2}", "2", 9,
     {"ANSWER: 2."},
     {{"ANSWER: 9", "9"}, {"ANSWER: 2\n\nANSWER: 3", "3"}}},
    {"counting_circles", "{\"num_objects\": 17}", "17", 17,
     {"There are 17 circles.\nANSWER: 17", "ANSWER: 17\n\n\n", "ANSWER: 0017"},
     {{"ANSWER: 16", "16"}, {"ANSWER: 1 7", "ERROR:expected one"}, {"17", "ERROR:does not start"},
      {"ANSWER: 17 circles", "ERROR:expected one"}, {"ANSWER: 99999999999", "ERROR:not a whole number"}}},
    {"counting_locations", "{\"num_objects_over_table\": 6, \"num_objects_under_table\": 0}", "6 0", 6,
     {"ANSWER: 6,0"},
     {{"ANSWER: 0 6", "[0,6]"}, {"ANSWER: 6", "ERROR:expected 2"}, {"ANSWER: 6 1", "[6,1]"}}},
    {"counting_shapes", "{\"circles\": 4, \"squares\": 2, \"triangles\": 0}", "4 2 0", 4,
     {"ANSWER: 4; 2; 0"},
     {{"ANSWER: 2 4 0", "[2,4,0]"}, {"ANSWER: 4 2", "ERROR:expected 3"}, {"ANSWER: 4 2 0 1", "ERROR:expected 3"}}},
    {"cross_and_knots", "{\"cross_positions\": [[1, 5], [2, 4]], \"crosses\": 2, \"gold_output\": \"E1 D2\", \"n\": 7}",
     "E1 D2", 7,
     {"ANSWER: e1 d2", "ANSWER: D2 E1", "ANSWER: E1, D2"},
     {{"ANSWER: E1", "[\"E1\"]"}, {"ANSWER: E1 D2 A3", "[\"A3\",\"D2\",\"E1\"]"}, {"ANSWER: E1 D3", "[\"D3\",\"E1\"]"},
      {"ANSWER: E1 E1 D2", "[\"D2\",\"E1\",\"E1\"]"}, {"ANSWER: NONE", "[]"}}},
    {"cross_and_knots", "{\"cross_positions\": [], \"crosses\": 0, \"gold_output\": \"NONE\", \"n\": 1}", "NONE", 1,
     {"ANSWER: none", "ANSWER: None."},
     {{"ANSWER: A1", "[\"A1\"]"}, {"ANSWER: none none", "[\"none\",\"none\"]"}}},
    {"graph_counting", "{\"num_edges\": 15, \"num_nodes\": 10}", "10 15", 10,
     {"ANSWER: 10, 15"},
     {{"ANSWER: 15 10", "[15,10]"}, {"ANSWER: NODES:10 EDGES:15", "ERROR:not a whole number"}}},
    {"grid_path", "{\"gold_output\": \"A3 B3 C3 C2\", \"path_size\": 4, \"rows\": 3}", "A3 B3 C3 C2", 3,
     {"ANSWER: a3 b3 c3 c2", "ANSWER: A3, B3, C3, C2"},
     {{"ANSWER: A3 C3 B3 C2", "[\"A3\",\"C3\",\"B3\",\"C2\"]"}, {"ANSWER: A3 B3 C3", "[\"A3\",\"B3\",\"C3\"]"},
      {"ANSWER: A3 B3 C3 C2 C1", "[\"A3\",\"B3\",\"C3\",\"C2\",\"C1\"]"},
      {"ANSWER: A3-B3-C3-C2", "[\"a3-b3-c3-c2\"]"}}},
    {"identifying_shapes", "{\"Gold_output\": \"pentagon\", \"Gold_side\": 5, \"Rows\": 4}", "pentagon", 4,
     {"ANSWER: Pentagon", "ANSWER: PENTAGON."},
     {{"ANSWER: hexagon", "[\"hexagon\"]"}, {"ANSWER: pentagons", "[\"pentagons\"]"},
      {"ANSWER: a pentagon", "[\"A\",\"pentagon\"]"}}},
    {"inside_circles", "{\"inside_circles\": 3, \"num_circles\": 8}", "3", 8,
     {"ANSWER: 3"},
     {{"ANSWER: 2", "2"}, {"ANSWER:", "ERROR:nothing after"}}},
    {"layered_colours", "{\"colors\": [\"red\", \"navy\", \"mint\"], \"num_layers\": 3}", "red navy mint", 3,
     {"ANSWER: Red, Navy, Mint", "ANSWER: red; navy; mint"},
     {{"ANSWER: navy red mint", "[\"navy\",\"red\",\"mint\"]"}, {"ANSWER: red navy", "[\"red\",\"navy\"]"},
      {"ANSWER: red navy mint teal", "[\"red\",\"navy\",\"mint\",\"teal\"]"}}},
    {"layered_shapes", "{\"num_layers\": 2, \"order\": [\"star\", \"circle\"]}", "star circle", 2,
     {"ANSWER: Star Circle"},
     {{"ANSWER: circle star", "[\"circle\",\"star\"]"}, {"ANSWER: stars circles", "[\"stars\",\"circles\"]"}}},
    {"list_colours", "{\"list_colours\": [\"red\", \"lime\", \"red\"], \"num_objects\": 3}", "red lime red", 3,
     {"ANSWER: RED LIME RED"},
     {{"ANSWER: red red lime", "[\"red\",\"red\",\"lime\"]"}, {"ANSWER: red lime", "[\"red\",\"lime\"]"}}},
    {"list_shapes", "{\"list_shapes\": [\"diamond\", \"star\"], \"num_objects\": 2}", "diamond star", 2,
     {"ANSWER: diamond, star"},
     {{"ANSWER: star diamond", "[\"star\",\"diamond\"]"}, {"ANSWER: square star", "[\"square\",\"star\"]"}}},
    {"locate_circles_colour", "{\"gold_output\": \"B1 purple, C1 blue, B3 red\", \"n_circles\": 3, \"rows\": 6}",
     "B1 purple, C1 blue, B3 red", 3,
     {"ANSWER: b1 Purple, c1 Blue, b3 Red", "ANSWER: B3 red, B1 purple, C1 blue", "ANSWER: B1 purple C1 blue B3 red",
      "ANSWER: B1 purple; C1 blue; B3 red."},
     {{"ANSWER: B1 blue, C1 purple, B3 red", "[\"B1 blue\",\"B3 red\",\"C1 purple\"]"},
      {"ANSWER: B1 purple, C1 blue", "[\"B1 purple\",\"C1 blue\"]"},
      {"ANSWER: B1 purple, C1 blue, B3", "ERROR:pairs"}, {"ANSWER: purple B1, blue C1, red B3", "ERROR:not a cell"}}},
    {"locate_circles_shape", "{\"gold_output\": \"D2 E2 C4\", \"n_circles\": 3, \"rows\": 6}", "D2 E2 C4", 3,
     {"ANSWER: c4 d2 e2", "ANSWER: D2,E2,C4"},
     {{"ANSWER: D2 E2", "[\"D2\",\"E2\"]"}, {"ANSWER: D2 E2 C4 C5", "[\"C4\",\"C5\",\"D2\",\"E2\"]"},
      {"ANSWER: D2 E3 C4", "[\"C4\",\"D2\",\"E3\"]"}}},
    {"match_outline", "{\"Gold_output\": \"C\", \"Rows\": 5}", "C", 5,
     {"ANSWER: c", "ANSWER: **C**", "ANSWER: C."},
     {{"ANSWER: D", "[\"D\"]"}, {"ANSWER: C D", "[\"C\",\"D\"]"}, {"ANSWER: (C)", "[\"(c)\"]"}}},
    {"match_shadow", "{\"Gold_output\": \"A\", \"Rows\": 1}", "A", 1,
     {"ANSWER: a"},
     {{"ANSWER: B", "[\"B\"]"}, {"The answer is A.", "ERROR:does not start"}}},
    {"maze_solving", "{\"Columns\": 3, \"Rows\": 3, \"path\": [[1, 0], [1, 1], [2, 1], [2, 2]]}",
     "[[1, 0], [1, 1], [2, 1], [2, 2]]", 2,
     {"ANSWER: [[1,0],[1,1],[2,1],[2,2]]", "ANSWER: (1, 0) (1, 1) (2, 1) (2, 2)",
      "ANSWER: [1, 0], [1, 1], [2, 1], [2, 2]",
      "ANSWER: `[[1, 0], [1, 1], [2, 1], [2, 2]]`."},
     {{"ANSWER: [[1, 0], [2, 1], [1, 1], [2, 2]]", "[[1,0],[2,1],[1,1],[2,2]]"},
      {"ANSWER: [[1, 0], [1, 1], [2, 2]]", "[[1,0],[1,1],[2,2]]"},
      {"ANSWER: [[1, 0], [1, 1], [2, 1], [2, 3]]", "[[1,0],[1,1],[2,1],[2,3]]"},
      {"ANSWER: [[1, 0], [1, 1], [2, 1], [2, 2]", "ERROR:pairs"}, {"ANSWER: [[1, 0, 1]]", "ERROR:pairs"},
      {"ANSWER: A1 B1", "ERROR:pairs"}, {"ANSWER: []", "ERROR:pairs"}}},
    {"mirror_image", "{\"mirror_image\": \"yes\", \"num_objects\": 4}", "yes", 4,
     {"ANSWER: Yes", "ANSWER: YES."},
     {{"ANSWER: no", "[\"no\"]"}, {"ANSWER: yes, it is", "[\"yes\",\"it\",\"is\"]"}, {"yes", "ERROR:does not start"}}},
    {"numbered_shapes",
     "{\"circles\": [52], \"num_objects\": 6, \"pentagons\": [7, 90], \"rectangles\": [], \"triangles\": [3, 33, 4]}",
     "{\"circles\": [52], \"pentagons\": [7, 90], \"rectangles\": [], \"triangles\": [3, 33, 4]}", 6,
     {"ANSWER: {\"circles\":[52],\"pentagons\":[90,7],\"rectangles\":[],\"triangles\":[3,4,33]}",
      "ANSWER: {\"Circles\": [52], \"Pentagons\": [7, 90], \"Rectangles\": [], \"Triangles\": [3, 4, 33]}",
      "```json\nANSWER: {\"circles\": [52], \"pentagons\": [7, 90], \"rectangles\": [], \"triangles\": [3, 4, 33]}\n```"},
     {{"ANSWER: {\"circles\": [52], \"pentagons\": [7, 90], \"rectangles\": [3], \"triangles\": [33, 4]}",
       "{\"circles\":[52],\"pentagons\":[7,90],\"rectangles\":[3],\"triangles\":[4,33]}"},
      {"ANSWER: {\"circles\": [52], \"pentagons\": [7, 90], \"triangles\": [3, 33, 4]}", "ERROR:exactly the 4 keys"},
      {"ANSWER: {\"circles\": [52], \"pentagons\": [7, 90], \"rectangles\": [], \"triangles\": [3, 33, 4], "
       "\"stars\": []}",
       "ERROR:exactly the 4 keys"},
      {"ANSWER: {\"circles\": [52], \"circles\": [7, 90], \"rectangles\": [], \"triangles\": [3, 33, 4]}",
       "ERROR:repeated"},
      {"ANSWER: {\"circles\": [\"52\"], \"pentagons\": [7, 90], \"rectangles\": [], \"triangles\": [3, 33, 4]}",
       "ERROR:not a whole number"},
      {"ANSWER: circles 52", "ERROR:JSON object"}}},
    {"sort_circles", "{\"Gold_output\": \"E H J F\", \"Rows\": 4}", "E H J F", 4,
     {"ANSWER: e h j f", "ANSWER: E, H, J, F", "ANSWER: *E H J F*"},
     {{"ANSWER: E J H F", "[\"E\",\"J\",\"H\",\"F\"]"}, {"ANSWER: E H J", "[\"E\",\"H\",\"J\"]"},
      {"ANSWER: F J H E", "[\"F\",\"J\",\"H\",\"E\"]"}, {"ANSWER: EHJF", "[\"ehjf\"]"}}},
    {"sort_lines", "{\"Gold_output\": \"A\", \"Lines\": 1}", "A", 1,
     {"ANSWER: a"},
     {{"ANSWER: A B", "[\"A\",\"B\"]"}, {"ANSWER: 1", "[\"1\"]"}}},
    {"vanishing_objects",
     "{\"circles\": 10, \"squares\": 9, \"triangles\": 1, "
     "\"vanished\": {\"circles\": 1, \"squares\": 2, \"triangles\": 0}}",
     "1 2 0", 10,
     {"ANSWER: 1, 2, 0"},
     {{"ANSWER: 2 1 0", "[2,1,0]"}, {"ANSWER: circles: 1, squares: 2, triangles: 0", "ERROR:expected 3"},
      {"ANSWER: 1 2", "ERROR:expected 3"}}},
    {"water_image", "{\"num_objects\": 12, \"water_image\": \"no\"}", "no", 12,
     {"ANSWER: No", "ANSWER: __no__"},
     {{"ANSWER: yes", "[\"yes\"]"}, {"ANSWER: no.\nI think.", "ERROR:does not start"}}},
};

static char *compact(const cJSON *v)
{
    return v ? cJSON_PrintUnformatted(v) : NULL;
}

/* Parses resp and checks it against the expectation; returns whether correct. */
static void expect(const generator *g, const cJSON *gold, const char *resp, size_t len, const char *want,
                   bool want_correct)
{
    char err[256] = "";
    cJSON *out = answer_parse(g, resp, len, err, sizeof err);
    bool correct = answer_equal(out, gold);
    CHECK(correct == want_correct, "%s: '%s' scored %s, expected %s (%s)", g->name, resp, correct ? "right" : "wrong",
          want_correct ? "right" : "wrong", out ? "parsed" : err);
    if (want && strncmp(want, "ERROR:", 6) == 0) {
        CHECK(!out && strstr(err, want + 6), "%s: '%s' gave %s '%s', expected an error with '%s'", g->name, resp,
              out ? "OUTPUT" : "ERROR", out ? "" : err, want + 6);
    } else if (want) {
        char *s = compact(out);
        CHECK(s && strcmp(s, want) == 0, "%s: '%s' gave OUTPUT %s, expected %s (%s)", g->name, resp, s ? s : "none",
              want, out ? "" : err);
        free(s);
    }
    cJSON_Delete(out);
}

static void with_gold(const generator *g, const cJSON *gold, const char *fmt, const char *text, bool want_correct)
{
    char buf[1024];
    snprintf(buf, sizeof buf, fmt, text);
    expect(g, gold, buf, strlen(buf), NULL, want_correct);
}

/* The rules every task shares, applied to its gold text. */
static void common_rules(const generator *g, const cJSON *gold, const char *text)
{
    static const char *const right[] = {
        "ANSWER: %s", "answer: %s", "Answer:   %s  ", "**ANSWER:** %s", "**ANSWER: %s**", "`ANSWER: %s`",
        "ANSWER: %s.", "## ANSWER: %s", "> ANSWER: %s", "Let me look.\n\nStep 1: ...\nANSWER: %s\n",
        "Reasoning...\r\nANSWER: %s\r\n", "```\nANSWER: %s\n```", "```text\nANSWER: %s\n```\n\n", "\tANSWER:\t%s"};
    static const char *const wrong[] = {"ANSWER: %s\nDone.", "ANSWER: %s\n\nI hope this helps!",
                                        "The answer is %s", "%s", "ANSWER %s", "ANSWERS: %s", "Final ANSWER: %s"};
    for (size_t i = 0; i < sizeof right / sizeof *right; i++)
        with_gold(g, gold, right[i], text, true);
    for (size_t i = 0; i < sizeof wrong / sizeof *wrong; i++)
        with_gold(g, gold, wrong[i], text, false);
    char up[1024], low[1024];
    size_t n = strlen(text);
    for (size_t i = 0; i <= n && i < sizeof up; i++) {
        up[i] = (char)toupper((unsigned char)text[i]);
        low[i] = (char)tolower((unsigned char)text[i]);
    }
    with_gold(g, gold, "ANSWER: %s", up, true);
    with_gold(g, gold, "ANSWER: %s", low, true);
    expect(g, gold, "", 0, "ERROR:empty", false);
    expect(g, gold, "\n \n```\n```\n", 11, "ERROR:empty", false);
    expect(g, gold, "ANSWER:", 7, "ERROR:nothing after", false);
    expect(g, gold, "ANSWER: \xff\xfe", 11, "ERROR:not printable ASCII", false);
    /* NUL bytes and a line over the limit: errors, never a crash or an overread */
    char nul[] = "ANSWER: 1\0 2";
    expect(g, gold, nul, sizeof nul - 1, "ERROR:not printable", false);
    size_t big = ANSWER_MAX_LINE + 10;
    char *huge = malloc(big);
    memset(huge, '1', big);
    memcpy(huge, "ANSWER: ", 8);
    expect(g, gold, huge, big, "ERROR:longer than", false);
    free(huge);
}

int main(void)
{
    bool covered[64] = {false};
    for (size_t r = 0; r < sizeof ROWS / sizeof *ROWS; r++) {
        const row *w = &ROWS[r];
        const generator *g = generator_find(w->task);
        CHECK(g != NULL, "unknown task %s", w->task);
        if (!g)
            continue;
        for (int k = 0; k < GENERATOR_COUNT; k++)
            covered[k] |= GENERATORS[k] == g;
        cJSON *rec = cJSON_Parse(w->record);
        CHECK(rec != NULL, "%s: the table's record does not parse", w->task);
        strbuf sb = {0};
        char err[256];
        CHECK(answer_gold_text(g, rec, &sb, err, sizeof err) == 0 && strcmp(sb.buf, w->gold) == 0,
              "%s: gold text '%s', expected '%s'", w->task, sb.buf ? sb.buf : err, w->gold);
        strbuf_free(&sb);
        long axis = -1;
        CHECK(answer_axis(g, rec, &axis) == 0 && axis == w->axis, "%s: axis %ld, expected %ld", w->task, axis,
              w->axis);
        cJSON *gold = answer_gold(g, rec, err, sizeof err);
        CHECK(gold != NULL, "%s: no gold: %s", w->task, err);
        if (gold) {
            common_rules(g, gold, w->gold);
            for (int i = 0; w->accept[i]; i++)
                expect(g, gold, w->accept[i], strlen(w->accept[i]), NULL, true);
            for (int i = 0; w->reject[i].response; i++)
                expect(g, gold, w->reject[i].response, strlen(w->reject[i].response), w->reject[i].expect, false);
        }
        cJSON_Delete(gold);
        /* a record without its gold field is refused, not scored */
        cJSON *empty = cJSON_CreateObject();
        CHECK(answer_gold(g, empty, err, sizeof err) == NULL, "%s: an empty record gave a gold answer", w->task);
        cJSON_Delete(empty);
        cJSON_Delete(rec);
    }
    for (int k = 0; k < GENERATOR_COUNT; k++)
        CHECK(covered[k], "task %s has no row in the table", GENERATORS[k]->name);
    /* the prompt of every task names the convention, with an example */
    for (int k = 0; k < GENERATOR_COUNT; k++)
        CHECK(strstr(GENERATORS[k]->output_prompt, "The last line of your answer must be ANSWER: ") != NULL,
              "%s: output_prompt does not ask for the ANSWER: line", GENERATORS[k]->name);
    TEST_END("test_answer");
}
