/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "report.h"

#include "answer.h"
#include "dataset_read.h"
#include "errors.h"
#include "eval.h"
#include "font.h"
#include "fsutil.h"
#include "requests.h"
#include "sha256.h"
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* An image larger than this is not embedded (an 800x800 task image is < 100 KB;
 * a --scale 4 one a few MB). */
#define REPORT_MAX_IMAGE (64L << 20)
/* All embedded images together: a page beyond this is no use in a browser, and
 * the bound keeps gen's memory to a few times it (100 sparse 60 MiB "images"
 * would otherwise take ~8 GB). */
#define REPORT_MAX_EMBED ((size_t)256 << 20)
/* Thumbnail width in CSS pixels: labels of a 6x6 board are still legible. */
#define REPORT_THUMB_PX "220"
/* A video's frames in a gallery entry: at most REPORT_FRAMES of them, first to
 * last, 160 px wide (a 500x300 frame's number label stays legible), four a row. */
#define REPORT_FRAMES 8
#define REPORT_FRAME_PX "160"
#define REPORT_FRAMES_PX "680"

/* ---- escaping --------------------------------------------------------------- */

/* Length of the valid UTF-8 sequence at s (n bytes left), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len;
    unsigned min;
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        len = 2, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef)
        len = 3, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        len = 4, min = 0x10000;
    else
        return 0;
    if (len > n)
        return 0;
    unsigned v = c & (0xff >> (len + 1));
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        v = (v << 6) | (s[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
        return 0;
    return len;
}

/* Appends n bytes of untrusted text as HTML text (or a quoted attribute value):
 * & < > " ' escaped, invalid UTF-8 and control characters (C0 but tab and
 * newline, DEL, and C1: U+0080..U+009F) as U+FFFD. */
static void html_text(strbuf *sb, const char *text, size_t n)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (i < n) {
        unsigned char c = s[i];
        size_t l = utf8_len(s + i, n - i);
        if (l == 0 || (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f || (l == 2 && c == 0xc2 && s[i + 1] < 0xa0)) {
            strbuf_add(sb, "\xef\xbf\xbd");
            i += l ? l : 1;
            continue;
        }
        if (l > 1) {
            char tmp[5];
            memcpy(tmp, s + i, l);
            tmp[l] = '\0';
            strbuf_add(sb, tmp);
            i += l;
            continue;
        }
        switch (c) {
        case '&': strbuf_add(sb, "&amp;"); break;
        case '<': strbuf_add(sb, "&lt;"); break;
        case '>': strbuf_add(sb, "&gt;"); break;
        case '"': strbuf_add(sb, "&quot;"); break;
        case '\'': strbuf_add(sb, "&#39;"); break;
        default: {
            char tmp[2] = {(char)c, '\0'};
            strbuf_add(sb, tmp);
        }
        }
        i++;
    }
}

static void html(strbuf *sb, const char *text)
{
    html_text(sb, text, strlen(text));
}

/* A relative URL path: every byte but unreserved ones and '/' percent-encoded. */
static void url_path(strbuf *sb, const char *path)
{
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("/-._~", *p))
            strbuf_addf(sb, "%c", *p);
        else
            strbuf_addf(sb, "%%%02X", *p);
    }
}

/* ---- paths -------------------------------------------------------------------- */

/* The path of `to` relative to directory `from` (both absolute, canonical). */
static char *relative_path(const char *from, const char *to)
{
    size_t common = 0, i = 0;
    for (; from[i] && from[i] == to[i]; i++)
        if (from[i] == '/')
            common = i;
    if (!from[i] && (to[i] == '/' || !to[i]))
        common = i; /* `to` lies inside `from` */
    strbuf sb = {0};
    for (const char *p = from + common; *p; p++)
        if (*p == '/')
            strbuf_add(&sb, "../");
    const char *rest = to + common;
    if (*rest == '/')
        rest++;
    strbuf_add(&sb, rest);
    return sb.buf ? sb.buf : xstrdup("");
}

/* The canonical directory the report file will be in. */
static char *report_dir(const char *out)
{
    char *copy = xstrdup(out);
    char *slash = strrchr(copy, '/');
    const char *dir = slash ? (slash == copy ? "/" : (*slash = '\0', copy)) : ".";
    char *real = realpath(dir, NULL);
    free(copy);
    return real;
}

/* ---- the page ------------------------------------------------------------------ */

static const char PAGE_CSS[] =
    "body{font:14px/1.4 sans-serif;margin:24px;color:#222;background:#fff}"
    "h1{font-size:22px}h2{font-size:18px;margin-top:28px;border-bottom:1px solid #ccc}"
    "table.acc{border-collapse:collapse;margin:12px 0}"
    "table.acc td,table.acc th{border:1px solid #ccc;padding:3px 8px;text-align:right;vertical-align:top}"
    "table.acc td:first-child,table.acc th:first-child{text-align:left}"
    "span.cat{display:inline-block;margin:1px 3px 1px 0;padding:0 3px;white-space:nowrap;font-size:11px;"
    "border-radius:2px}"
    "img.plot{max-width:100%;border:1px solid #ddd}"
    "#filters{position:sticky;top:0;background:#f4f4f4;padding:8px;border:1px solid #ddd;z-index:1}"
    "#filters label{margin-right:12px}"
    ".entry{display:flex;gap:14px;border:1px solid #ddd;margin:10px 0;padding:8px;align-items:flex-start}"
    ".entry.unparseable{border-left:5px solid #b58900}.entry.wrong{border-left:5px solid #c0392b}"
    ".imgs{display:flex;gap:6px;flex:none}"
    "img.thumb{width:" REPORT_THUMB_PX "px;height:auto;border:1px solid #bbb;cursor:zoom-in;background:#fff}"
    ".imgs.frames{flex-wrap:wrap;max-width:" REPORT_FRAMES_PX "px}.imgs.frames img.thumb{width:" REPORT_FRAME_PX "px}"
    "table.steps td.none{color:#888}dd code{white-space:pre-wrap}"
    "dl{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:2px 10px;min-width:0}"
    "dt{font-weight:bold;color:#555}dd{margin:0;min-width:0}"
    "pre{white-space:pre-wrap;word-break:break-all;margin:0;background:#fafafa;padding:4px;"
    "border:1px solid #eee;max-height:320px;overflow:auto}"
    "code{background:#f3f3f3;padding:0 3px}"
    "#zoom{position:fixed;inset:0;background:rgba(0,0,0,.8);display:flex;align-items:center;"
    "justify-content:center;cursor:zoom-out;z-index:2}#zoom[hidden]{display:none}"
    "#zoom img{max-width:95vw;max-height:95vh;background:#fff}";

/* The page's only script: filters and the enlarged image.  Its SHA-256 goes into
 * the Content-Security-Policy, so no other script can run. */
static const char PAGE_JS[] =
    "(function(){"
    "var t=document.getElementById('f-task'),l=document.getElementById('f-level'),"
    "c=document.getElementById('f-count'),ks=document.getElementsByName('f-kind'),"
    "es=Array.prototype.slice.call(document.querySelectorAll('.entry')),"
    "ss=Array.prototype.slice.call(document.querySelectorAll('section.task')),"
    "z=document.getElementById('zoom'),zi=z.querySelector('img');"
    "function kind(){for(var i=0;i<ks.length;i++)if(ks[i].checked)return ks[i].value;return'all';}"
    "function levels(){var seen={},v=[],keep=l.value;es.forEach(function(e){"
    "if((t.value===''||e.dataset.task===t.value)&&!seen[e.dataset.level]){seen[e.dataset.level]=1;"
    "v.push(+e.dataset.level);}});v.sort(function(a,b){return a-b;});"
    "while(l.options.length>1)l.remove(1);v.forEach(function(x){var o=document.createElement('option');"
    "o.value=String(x);o.textContent=String(x);l.appendChild(o);});l.value=seen[keep]?keep:'';}"
    "function apply(){var k=kind(),n=0;es.forEach(function(e){var s=(t.value===''||e.dataset.task===t.value)&&"
    "(l.value===''||e.dataset.level===l.value)&&(k==='all'||e.dataset.kind===k);e.hidden=!s;if(s)n++;});"
    "ss.forEach(function(s){s.hidden=!s.querySelector('.entry:not([hidden])');});"
    "c.textContent='Showing '+n+' of '+es.length+' answers';}"
    "t.addEventListener('change',function(){levels();apply();});l.addEventListener('change',apply);"
    "for(var i=0;i<ks.length;i++)ks[i].addEventListener('change',apply);"
    "document.addEventListener('click',function(ev){var e=ev.target;"
    "if(e.classList&&e.classList.contains('thumb')){zi.src=e.src;zi.alt=e.alt;z.hidden=false;}"
    "else if(!z.hidden&&z.contains(e)){z.hidden=true;zi.removeAttribute('src');}});"
    "document.addEventListener('keydown',function(ev){if(ev.key==='Escape')z.hidden=true;});"
    "levels();apply();})();";

static void add_pct(strbuf *sb, double v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%.2f", v);
    size_t l = strlen(buf);
    while (l > 0 && buf[l - 1] == '0')
        buf[--l] = '\0';
    if (l > 0 && buf[l - 1] == '.')
        buf[--l] = '\0';
    strbuf_add(sb, buf);
}

typedef struct page {
    strbuf html;
    const char *out_dir; /* canonical directory of the report (relative mode) */
    bool embed;
    long images;         /* images referenced or embedded */
    size_t embedded;     /* bytes of image data embedded */
} page;

/* One image: <img> with a relative path, or a data URI of the file. */
static int add_image(page *pg, const eval_task *t, const char *name, const char *alt, char *err, size_t errlen)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/data/%s", t->dir, name);
    strbuf_add(&pg->html, "<img class=\"thumb\" loading=\"lazy\" alt=\"");
    html(&pg->html, alt);
    strbuf_add(&pg->html, "\" src=\"");
    if (pg->embed) {
        /* Through the reader gen check uses: below the directory, no link
         * followed at any step, a regular file, capped before reading. */
        char name_in[300];
        snprintf(name_in, sizeof name_in, "data/%s", name);
        char *data;
        size_t n;
        if (ds_read(t->dir, name_in, (size_t)REPORT_MAX_IMAGE, &data, &n, err, errlen) != 0)
            return GEN_EXIT_IO;
        if (pg->embedded + (n + 2) / 3 * 4 > REPORT_MAX_EMBED) {
            free(data);
            snprintf(err, errlen, "the images to embed come to more than %zu MiB; make the page without --embed",
                     REPORT_MAX_EMBED >> 20);
            return GEN_EXIT_IO;
        }
        strbuf_add(&pg->html, "data:image/png;base64,");
        size_t before = pg->html.len;
        base64_append(&pg->html, (const unsigned char *)data, n);
        pg->embedded += pg->html.len - before;
        free(data);
    } else {
        char *abs = realpath(t->dir, NULL);
        if (!abs) {
            snprintf(err, errlen, "cannot resolve '%s': %s", t->dir, strerror(errno));
            return GEN_EXIT_IO;
        }
        strbuf target = {0};
        strbuf_addf(&target, "%s/data/%s", abs, name);
        char *rel = relative_path(pg->out_dir, target.buf);
        url_path(&pg->html, rel);
        free(rel);
        strbuf_free(&target);
        free(abs);
    }
    strbuf_add(&pg->html, "\">");
    pg->images++;
    return 0;
}

static void add_response(strbuf *sb, const char *text)
{
    size_t n = strlen(text);
    size_t shown = n > REPORT_MAX_RESPONSE ? REPORT_MAX_RESPONSE : n;
    if (shown <= REPORT_FOLD_CHARS) {
        strbuf_add(sb, "<pre>");
        html_text(sb, text, shown);
        strbuf_add(sb, "</pre>");
        return;
    }
    /* Fold on a character boundary: never split a UTF-8 sequence. */
    size_t cut = REPORT_FOLD_CHARS;
    while (cut > 0 && ((unsigned char)text[cut] & 0xc0) == 0x80)
        cut--;
    strbuf_add(sb, "<pre>");
    html_text(sb, text, cut);
    strbuf_addf(sb, "</pre><details><summary>all %zu bytes</summary><pre>", n);
    html_text(sb, text, shown);
    if (shown < n)
        strbuf_addf(sb, "\n[... %zu more bytes not shown]", n - shown);
    strbuf_add(sb, "</pre></details>");
}

/* A video's frames (at most REPORT_FRAMES, first to last, chosen evenly): the
 * names N_k.png made from the id's N and the record's frame count, never taken
 * from the record's strings. */
static int add_frames(page *pg, const eval_task *t, const cJSON *rec, const char *id, char *err, size_t errlen)
{
    long n = 0;
    const char *p = id;
    while (*p >= '0' && *p <= '9' && n < 100000000L)
        n = n * 10 + (*p++ - '0');
    if (p == id || strcmp(p, "_1.png") != 0)
        return add_image(pg, t, id, "frame 1", err, errlen);
    int f = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(rec, "frames"));
    if (f < 1)
        f = 1;
    if (f > GEN_MAX_IMAGES)
        f = GEN_MAX_IMAGES;
    int shown = f < REPORT_FRAMES ? f : REPORT_FRAMES;
    int rc = 0;
    for (int k = 0; k < shown && rc == 0; k++) {
        int frame = shown == 1 ? 1 : 1 + (int)(((long)k * (f - 1) * 2 + (shown - 1)) / (2L * (shown - 1)));
        char name[48], alt[32];
        snprintf(name, sizeof name, "%ld_%d.png", n, frame);
        snprintf(alt, sizeof alt, "frame %d", frame);
        rc = add_image(pg, t, name, alt, err, errlen);
    }
    return rc;
}

/* A composed question's entry lines: the question and options, and the steps
 * with their gold answers and the first wrong one. */
static void add_composed(strbuf *h, const eval_task *t, const cJSON *rec, long idx)
{
    const cJSON *q = cJSON_GetObjectItemCaseSensitive(rec, "question");
    strbuf_add(h, "<dt>question</dt><dd>");
    if (cJSON_IsString(q))
        html(h, q->valuestring);
    const cJSON *opts = cJSON_GetObjectItemCaseSensitive(rec, "options"), *o;
    int k = 0;
    cJSON_ArrayForEach(o, opts) {
        if (k >= 26)
            break;
        strbuf_addf(h, "%s%c. ", k ? ", " : "<br>", 'A' + k);
        html(h, cJSON_IsString(o) ? o->valuestring : "?");
        k++;
    }
    strbuf_add(h, "</dd><dt>steps</dt><dd>");
    const cJSON *steps = cJSON_GetObjectItemCaseSensitive(rec, "steps"), *st;
    k = 0;
    cJSON_ArrayForEach(st, steps) {
        const cJSON *a = cJSON_GetObjectItemCaseSensitive(st, "answer");
        const cJSON *x = cJSON_GetObjectItemCaseSensitive(st, "text");
        strbuf_addf(h, "%s%d. ", k ? "<br>" : "", k + 1);
        if (cJSON_IsString(x))
            html(h, x->valuestring);
        strbuf_add(h, ": <code>");
        html(h, cJSON_IsString(a) ? a->valuestring : "?");
        strbuf_add(h, "</code>");
        k++;
    }
    int f = t->first_wrong[idx];
    if (f == ANSWER_NO_STEPS)
        strbuf_add(h, "<br><em>the response states no steps</em>");
    else if (f == ANSWER_ALL_STEPS_RIGHT)
        strbuf_add(h, "<br><em>every step right</em>");
    else
        strbuf_addf(h, "<br><em>first wrong step: %d</em>", f);
    strbuf_add(h, "</dd>");
}

typedef struct gallery_item {
    long index;
    long level;
} gallery_item;

static int cmp_shown(const void *a, const void *b)
{
    const gallery_item *x = a, *y = b;
    if (x->level != y->level)
        return x->level < y->level ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* The gallery of task t: its wrong and unparseable answers. */
static int add_gallery(page *pg, const eval_set *s, const eval_task *t, long *count, char *err, size_t errlen)
{
    const generator *g = t->g;
    gallery_item *list = xmalloc(sizeof *list * ((size_t)t->n + 1));
    cJSON **recs = xmalloc(sizeof *recs * ((size_t)t->n + 1));
    long n = 0, i = 0;
    for (cJSON *r = t->records->child; r && i < t->n; r = r->next, i++) {
        recs[i] = r;
        if (!t->correct[i])
            list[n++] = (gallery_item){i, t->axis[i]};
    }
    qsort(list, (size_t)n, sizeof *list, cmp_shown);
    strbuf *h = &pg->html;
    strbuf_add(h, "<section class=\"task\" data-task=\"");
    html(h, g->name);
    strbuf_add(h, "\"><h2>");
    html(h, g->name);
    strbuf_addf(h, ": %ld wrong or unparseable of %ld</h2>\n", n, t->n);
    int rc = 0;
    for (long k = 0; k < n && rc == 0; k++) {
        long idx = list[k].index;
        bool parsed = t->error[idx] == NULL;
        char id[256];
        eval_record_id(s, t, idx, id, sizeof id);
        strbuf_addf(h, "<div class=\"entry %s\" data-task=\"", parsed ? "wrong" : "unparseable");
        html(h, g->name);
        strbuf_addf(h, "\" data-level=\"%ld\" data-kind=\"%s\"><div class=\"imgs%s\">", t->axis[idx],
                    parsed ? "wrong" : "unparseable", g->images == GEN_IMAGES_FRAMES ? " frames" : "");
        const char *name = t->ids[idx];
        if (g->images == GEN_IMAGES_FRAMES) {
            rc = add_frames(pg, t, recs[idx], name, err, errlen);
        } else if (g->images == 2 && strncmp(name, "second", strlen("second")) == 0) {
            /* the id names the second image; the first has the same number */
            char first[300];
            snprintf(first, sizeof first, "first%s", name + strlen("second"));
            rc = add_image(pg, t, first, "first image", err, errlen);
            if (rc == 0)
                rc = add_image(pg, t, name, "second image", err, errlen);
        } else {
            rc = add_image(pg, t, name, "image", err, errlen);
        }
        strbuf_add(h, "</div><dl><dt>id</dt><dd><code>");
        html(h, id);
        strbuf_addf(h, "</code></dd><dt>%s</dt><dd>%ld</dd><dt>gold</dt><dd><code>", answer_axis_name(g), t->axis[idx]);
        strbuf gold = {0};
        char gerr[256];
        if (answer_gold_text(g, recs[idx], &gold, gerr, sizeof gerr) == 0)
            html(h, gold.buf ? gold.buf : "");
        else
            html(h, gerr);
        strbuf_free(&gold);
        strbuf_add(h, "</code></dd>");
        if (eval_is_choice(t))
            add_composed(h, t, recs[idx], idx);
        strbuf_add(h, "<dt>parsed</dt><dd>");
        if (parsed) {
            strbuf_add(h, "<code>");
            html(h, t->output[idx] ? t->output[idx] : "None");
            strbuf_add(h, "</code>");
        } else {
            strbuf_add(h, "<em>unparseable: ");
            html(h, t->error[idx] ? t->error[idx] : "no answer");
            strbuf_add(h, "</em>");
        }
        strbuf_add(h, "</dd><dt>response</dt><dd>");
        if (t->response[idx])
            add_response(h, t->response[idx]);
        else {
            strbuf_add(h, "<em>no response");
            if (t->why && t->why[idx]) {
                strbuf_add(h, ": ");
                html(h, t->why[idx]);
            }
            strbuf_add(h, "</em>");
        }
        strbuf_add(h, "</dd></dl></div>\n");
    }
    strbuf_add(h, "</section>\n");
    *count += n;
    free(list);
    free(recs);
    return rc;
}

/* The process metric of a composed-question task: per level, the share of
 * records whose first wrong STEP is each step, none, or that state no steps. */
static void add_steps_table(strbuf *h, const eval_task *t)
{
    eval_steps st;
    eval_steps_of(t, &st);
    strbuf_add(h, "<h3>");
    html(h, t->g->name);
    strbuf_add(h, ": first wrong step (% of the level's records)</h3>\n<table class=\"acc steps\"><tr><th>");
    html(h, answer_axis_name(t->g));
    strbuf_add(h, "</th><th>records</th><th>no steps given</th>");
    for (int j = 0; j < st.width; j++)
        strbuf_addf(h, "<th>step %d</th>", j + 1);
    strbuf_add(h, "<th>none wrong</th></tr>\n");
    for (int k = 0; k < st.count; k++) {
        strbuf_addf(h, "<tr><td>%ld</td><td>%ld</td><td>", st.value[k], st.n[k]);
        add_pct(h, eval_pct(st.no_steps[k], st.n[k]));
        strbuf_add(h, "</td>");
        for (int j = 0; j < st.width; j++) {
            if (j >= st.steps[k]) {
                strbuf_add(h, "<td class=\"none\">-</td>");
                continue;
            }
            strbuf_add(h, "<td>");
            add_pct(h, eval_pct(st.first[k * st.width + j], st.n[k]));
            strbuf_add(h, "</td>");
        }
        strbuf_add(h, "<td>");
        add_pct(h, eval_pct(st.all_right[k], st.n[k]));
        strbuf_add(h, "</td></tr>\n");
    }
    strbuf_add(h, "</table>\n");
    eval_steps_free(&st);
    /* and the accuracy per answer category */
    eval_kinds k;
    eval_kinds_of(t, &k);
    strbuf_add(h, "<h3>");
    html(h, t->g->name);
    strbuf_add(h, ": accuracy by answer category</h3>\n<table class=\"acc steps\"><tr><th>category</th>"
                  "<th>records</th><th>accuracy %</th></tr>\n");
    for (int j = 0; j < k.count; j++) {
        strbuf_add(h, "<tr><td>");
        html(h, k.name[j]);
        strbuf_addf(h, "</td><td>%ld</td><td>", k.n[j]);
        add_pct(h, eval_pct(k.right[j], k.n[j]));
        strbuf_add(h, "</td></tr>\n");
    }
    strbuf_add(h, "</table>\n");
    eval_kinds_free(&k);
}

static void add_table(strbuf *h, const eval_set *s)
{
    strbuf_add(h, "<table class=\"acc\"><tr><th>task</th><th>overall %</th><th>records</th>"
                  "<th style=\"text-align:left\">by difficulty (value: %)</th></tr>\n");
    for (int k = 0; k < s->n; k++) {
        const eval_task *t = &s->t[k];
        eval_categories c;
        eval_categories_of(t, &c);
        strbuf_add(h, "<tr><td>");
        html(h, t->g->name);
        strbuf_add(h, "</td><td>");
        add_pct(h, eval_pct(t->right, t->n));
        strbuf_addf(h, "</td><td>%ld</td><td style=\"text-align:left\">", t->n);
        for (int j = 0; j < c.count; j++) {
            /* a heat map: red at 0 %, yellow at 50 %, green at 100 % */
            double v = eval_pct(c.right[j], c.n[j]);
            strbuf_addf(h, "<span class=\"cat\" style=\"background:hsl(%d,70%%,82%%)\">%ld: ", (int)(1.2 * v),
                        c.value[j]);
            add_pct(h, v);
            strbuf_add(h, "</span>");
        }
        strbuf_add(h, "</td></tr>\n");
        eval_categories_free(&c);
    }
    if (s->tree) {
        strbuf_add(h, "<tr><th>mean over tasks</th><th>");
        add_pct(h, eval_mean_accuracy(s));
        strbuf_add(h, "</th><th></th><th></th></tr>\n");
    }
    strbuf_add(h, "</table>\n");
    for (int k = 0; k < s->n; k++)
        if (eval_is_choice(&s->t[k]))
            add_steps_table(h, &s->t[k]);
}

static int build_page(page *pg, const eval_set *s, const char *root, const char *answers, char *err, size_t errlen)
{
    strbuf *h = &pg->html;
    /* The script's hash for the Content-Security-Policy. */
    sha256_ctx sc;
    uint8_t digest[32];
    sha256_init(&sc);
    sha256_update(&sc, PAGE_JS, strlen(PAGE_JS));
    sha256_final(&sc, digest);
    strbuf js_hash = {0};
    base64_append(&js_hash, digest, sizeof digest);
    strbuf_add(h, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                  "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                  "img-src 'self' data: file:; style-src 'unsafe-inline'; script-src 'sha256-");
    strbuf_add(h, js_hash.buf);
    strbuf_add(h, "'\">\n<title>gen report: ");
    html(h, answers);
    strbuf_add(h, "</title>\n<style>");
    strbuf_add(h, PAGE_CSS);
    strbuf_add(h, "</style></head><body>\n<h1>Error analysis</h1>\n<p>Answers <code>");
    html(h, answers);
    strbuf_add(h, "</code> scored against <code>");
    html(h, root);
    long total = 0, right = 0, unparsed = 0;
    for (int k = 0; k < s->n; k++) {
        total += s->t[k].n;
        right += s->t[k].right;
        for (long i = 0; i < s->t[k].n; i++)
            unparsed += s->t[k].error[i] != NULL;
    }
    strbuf_addf(h, "</code>: %d task%s, %ld records, %ld correct, %ld wrong, %ld unparseable.</p>\n", s->n,
                s->n == 1 ? "" : "s", total, right, total - right - unparsed, unparsed);
    add_table(h, s);
    strbuf png = {0};
    int rc = eval_plot_png(s, &png, err, errlen);
    if (rc == 0) {
        strbuf_add(h, "<p><img class=\"plot\" alt=\"accuracy against difficulty\" src=\"data:image/png;base64,");
        base64_append(h, (const unsigned char *)png.buf, png.len);
        strbuf_add(h, "\"></p>\n");
    }
    strbuf_free(&png);
    /* filters */
    strbuf_add(h, "<div id=\"filters\"><label>task <select id=\"f-task\"><option value=\"\">all tasks</option>");
    for (int k = 0; k < s->n; k++) {
        strbuf_add(h, "<option value=\"");
        html(h, s->t[k].g->name);
        strbuf_add(h, "\">");
        html(h, s->t[k].g->name);
        strbuf_add(h, "</option>");
    }
    strbuf_add(h, "</select></label><label>level <select id=\"f-level\"><option value=\"\">all levels</option>"
                  "</select></label>"
                  "<label><input type=\"radio\" name=\"f-kind\" value=\"all\" checked> wrong and unparseable</label>"
                  "<label><input type=\"radio\" name=\"f-kind\" value=\"wrong\"> wrong</label>"
                  "<label><input type=\"radio\" name=\"f-kind\" value=\"unparseable\"> unparseable</label>"
                  "<span id=\"f-count\"></span></div>\n");
    long shown = 0;
    for (int k = 0; k < s->n && rc == 0; k++)
        rc = add_gallery(pg, s, &s->t[k], &shown, err, errlen);
    if (shown == 0)
        strbuf_add(h, "<p>Every answer is correct: nothing to show.</p>\n");
    strbuf_add(h, "<div id=\"zoom\" hidden><img alt=\"\"></div>\n<script>");
    strbuf_add(h, PAGE_JS);
    strbuf_add(h, "</script>\n</body></html>\n");
    strbuf_free(&js_hash);
    return rc;
}

int report_write(const char *root, const char *answers, const char *out, const generator *task,
                 answer_parser parser, bool embed, bool quiet)
{
    const char *pos[2] = {root, answers};
    char err[1024];
    page pg;
    memset(&pg, 0, sizeof pg);
    pg.embed = embed;
    char *dir = report_dir(out);
    if (!dir) {
        fprintf(stderr, "gen: cannot write '%s': its directory does not exist\n", out);
        return GEN_EXIT_IO;
    }
    pg.out_dir = dir;
    eval_set s;
    int rc = eval_load_opts(pos[0], task, true, &s, err, sizeof err);
    s.parser = parser;
    if (!rc && eval_out_refuse_input(out, &s, pos[1], NULL, err, sizeof err) != 0)
        rc = GEN_EXIT_USAGE;
    if (!rc)
        rc = eval_read_answers(pos[1], &s, err, sizeof err);
    if (!rc)
        eval_answers_notes(&s, pos[1], quiet, stderr);
    if (!rc && font_init(err, sizeof err) != 0)
        rc = GEN_EXIT_IO;
    else if (!rc) {
        eval_score(&s);
        rc = build_page(&pg, &s, pos[0], pos[1], err, sizeof err);
        font_done();
    }
    if (!rc)
        rc = eval_write_whole(out, &pg.html, err, sizeof err);
    if (rc)
        fprintf(stderr, "gen: %s\n", err);
    else if (!quiet)
        fprintf(stderr, "gen: wrote '%s' (%zu bytes, %ld images %s)\n", out, pg.html.len, pg.images,
                embed ? "embedded" : "referenced");
    strbuf_free(&pg.html);
    eval_free(&s);
    free(dir);
    return rc;
}
