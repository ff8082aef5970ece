/* SPDX-License-Identifier: MIT */
/* The registry is sorted and unique, names every generators/<task>.c, and each
 * descriptor is complete and matches the release's field table
 * (tests/release_fields.txt, copied from the dataset card), or for gen's own
 * tasks without an original, tests/own_tasks.txt. */
#include "generator.h"
#include "testlib.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

/* The rest of task's line in a table file of tests/ ("task<white space>rest"),
 * or NULL: release_fields.txt gives "images fields", release_axes.txt the axis. */
static const char *table_row(const char *file, const char *task, char *buf, size_t n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/%s", GEN_SOURCE_DIR, file);
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char line[512];
    const char *found = NULL;
    while (fgets(line, sizeof line, f)) {
        size_t name = strcspn(line, " \t");
        if (line[0] == '#' || line[name] == '\0' || strlen(task) != name || strncmp(line, task, name) != 0)
            continue;
        char *rest = line + name + strspn(line + name, " \t");
        rest[strcspn(rest, "\r\n")] = '\0';
        snprintf(buf, n, "%s", rest);
        found = buf;
    }
    fclose(f);
    return found;
}

/* True when name is one of g's fields, or "a.b" with a one of them. */
static bool is_field(const generator *g, const char *name)
{
    size_t n = strcspn(name, ".");
    for (const gen_field *f = g->fields; f->name; f++)
        if (strlen(f->name) == n && strncmp(f->name, name, n) == 0)
            return true;
    return false;
}

int main(void)
{
    CHECK(GENERATOR_COUNT > 0, "no tasks");
    for (int i = 1; i < GENERATOR_COUNT; i++)
        CHECK(strcmp(GENERATORS[i - 1]->name, GENERATORS[i]->name) < 0, "list.h not sorted or repeats at '%s'",
              GENERATORS[i]->name);

    DIR *d = opendir(GEN_SOURCE_DIR "/generators");
    CHECK(d != NULL, "cannot open generators/");
    struct dirent *e;
    int files = 0;
    while (d && (e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 3 || strcmp(e->d_name + n - 2, ".c") != 0 || strcmp(e->d_name, "registry.c") == 0)
            continue;
        char task[256];
        snprintf(task, sizeof task, "%.*s", (int)(n - 2), e->d_name);
        CHECK(generator_find(task) != NULL, "generators/%s is not listed in generators/list.h", e->d_name);
        files++;
    }
    if (d)
        closedir(d);
    CHECK(files == GENERATOR_COUNT, "%d generator files, %d listed", files, GENERATOR_COUNT);

    for (int i = 0; i < GENERATOR_COUNT; i++) {
        const generator *g = GENERATORS[i];
        CHECK(g->sample && g->summary && g->input_prompt && g->rules && g->output_prompt, "%s: incomplete descriptor",
              g->name);
        CHECK(g->level_min >= g->lowest_level && g->level_min <= g->level_max, "%s: bad default levels", g->name);
        char want[512], have[512] = "", axis[128];
        const char *rel = table_row("release_fields.txt", g->name, want, sizeof want);
        const char *rax = table_row("release_axes.txt", g->name, axis, sizeof axis);
        /* gen's own tasks (no original): "images fields axis" in own_tasks.txt */
        const char *own = table_row("own_tasks.txt", g->name, want, sizeof want);
        CHECK(!(own && (rel || rax)), "%s is in own_tasks.txt and in the release's tables", g->name);
        if (own) {
            char *space = strrchr(want, ' ');
            if (space) {
                *space = '\0';
                snprintf(axis, sizeof axis, "%s", space + 1);
                rel = want;
                rax = axis;
            }
        }
        CHECK(g->images == 1 || g->images == 2 || (own && g->images == GEN_IMAGES_FRAMES), "%s: images %d", g->name,
              g->images);
        CHECK(rel != NULL, "%s is neither a release task nor one of gen's own (own_tasks.txt)", g->name);
        size_t at = g->images == GEN_IMAGES_FRAMES ? (size_t)snprintf(have, sizeof have, "F")
                                                   : (size_t)snprintf(have, sizeof have, "%d", g->images);
        bool level_field_listed = false;
        for (const gen_field *f = g->fields; f->name; f++) {
            at += (size_t)snprintf(have + at, sizeof have - at, "%s%s", f == g->fields ? " " : ",", f->name);
            level_field_listed |= g->level_field && strcmp(g->level_field, f->name) == 0;
        }
        CHECK(rel && strcmp(rel, have) == 0, "%s: fields '%s', release '%s'", g->name, have, rel ? rel : "?");
        /* NULL when no one field records the level (counting_shapes: n shapes of three kinds;
         * maze_solving: E's carve number is not recorded) */
        CHECK(!g->level_field || level_field_listed, "%s: level_field is not one of its fields", g->name);
        /* the answer spec: gold fields are record fields, the axis is the release's */
        CHECK(rax && g->answer.axis && strcmp(rax, g->answer.axis) == 0, "%s: answer axis '%s', release '%s'",
              g->name, g->answer.axis ? g->answer.axis : "none", rax ? rax : "?");
        CHECK(g->answer.gold[0] != NULL, "%s: no gold field in its answer spec", g->name);
        for (int k = 0; g->answer.gold[k]; k++)
            CHECK(is_field(g, g->answer.gold[k]), "%s: gold field '%s' is not a record field", g->name,
                  g->answer.gold[k]);
        CHECK(g->answer.kind != ANSWER_INT_SETS || g->answer.keys, "%s: a keyed answer without keys", g->name);
    }
    CHECK(generator_find("counting_circles") != NULL, "counting_circles missing");
    CHECK(generator_find("no_such_task") == NULL, "found a task that does not exist");
    const char *s = generator_suggest("countng_circles");
    CHECK(s && strcmp(s, "counting_circles") == 0, "no suggestion for a typo");
    CHECK(generator_suggest("zzzzzzzzzzzz") == NULL, "suggested something for nonsense");
    TEST_END("registry");
}
