/* SPDX-License-Identifier: MIT */
/* graph_counting: a graph of n light blue node discs joined by gray straight
 * edges, laid out by a force-directed (Fruchterman-Reingold) spring layout as
 * networkx's spring_layout does, on the original's 1200x1200 white canvas.  The
 * question: how many nodes and edges (NODES:x EDGES:y).
 * Record (the original's order): num_nodes = n, num_edges.
 * See docs/tasks/graph_counting.md. */
#include "errors.h"
#include "generator.h"
#include "mplfig.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The original's figure: 12 x 12 in at 100 dpi, axes over the whole figure. */
#define CANVAS 1200
/* A node as networkx draws it: a scatter marker of 2000 pt^2 (62.1 px across)
 * with matplotlib's 1 pt edge in the face colour: 31.75 px radius (measured on the
 * original: 31.7). */
#define NODE_SIZE 2000.0
#define EDGE_PT 1.0
#define NODE_R (sqrt(NODE_SIZE) / 2 * 100 / 72 + 0.5 * EDGE_PT * 100 / 72)
/* An edge: 1 pt wide. */
#define EDGE_W (EDGE_PT * 100.0 / 72)
/* The layout: networkx's defaults (50 iterations, its stopping threshold), and the
 * margins its drawing adds around the node positions (5% of the edges' extent on
 * each side, then matplotlib's 5% autoscale margin). */
#define FR_ITERATIONS 50
#define FR_THRESHOLD 1e-4
#define EDGE_PAD 0.05
#define AXES_MARGIN 0.05
/* Readability (tasks.md rule 6): the original's layouts often hide a node under
 * another or an edge under a node.  gen draws the layout again until
 *  - two nodes keep NODE_GAP px of white between their discs (no node hides
 *    another, and an edge between them shows at least this long: 3 px once the
 *    image is scaled to 448 px);
 *  - an edge passes no node it does not join closer than EDGE_CLEAR px of white
 *    (or it would read as two edges meeting there);
 *  - two edges leaving one node differ in direction by MIN_FAN_DEG (or they run
 *    together as one line out of the disc);
 *  - two edges leaving one node on opposite sides bend there: the straight line
 *    through the node along either edge misses the other edge's far node centre
 *    by THROUGH_GAP px (3 px at 448).  A chain A-B-C drawn straight reads as one
 *    edge A-C passing under B: EDGE_CLEAR's defect seen from the other side,
 *    which EDGE_CLEAR cannot catch, since it measures only the edges drawn
 *    (A-C is none), never the line that two edges of one node make;
 *  - two edges that cross do so at MIN_CROSS_DEG at least (a flatter crossing
 *    looks like two edges merging and parting), and CROSS_CLEAR px of white
 *    away from every node (a crossing at a node's rim looks like edges ending
 *    there). */
#define NODE_GAP 8.0
#define EDGE_CLEAR 10.0
#define MIN_FAN_DEG 8.0
#define THROUGH_GAP NODE_GAP
#define MIN_CROSS_DEG 8.0
#define CROSS_CLEAR 10.0
/* Graphs (pairs and layout) drawn at most for one sample (level 20 needs about
 * 115 on average, level 25 about a thousand, with a long tail). */
#define MAX_LAYOUTS 50000

static const rgb NODE_FILL = {173, 216, 230}; /* matplotlib's lightblue */
static const rgb EDGE_INK = {128, 128, 128};  /* gray */

typedef struct pt {
    double x, y;
} pt;

/* networkx's spring layout, dense solver: positions uniform in the unit square,
 * k = 1/sqrt(n), temperature 0.1 x the initial extent cooling linearly, then
 * centred and scaled so the largest |coordinate| is 1. */
static void spring_layout(rng *r, int n, const unsigned char *adj, pt *pos, pt *disp)
{
    for (int i = 0; i < n; i++) {
        pos[i].x = rng_uniform(r, 0, 1);
        pos[i].y = rng_uniform(r, 0, 1);
    }
    if (n == 1) {
        pos[0] = (pt){0, 0};
        return;
    }
    double k = sqrt(1.0 / n), x0 = 1, x1 = 0, y0 = 1, y1 = 0;
    for (int i = 0; i < n; i++) {
        x0 = fmin(x0, pos[i].x);
        x1 = fmax(x1, pos[i].x);
        y0 = fmin(y0, pos[i].y);
        y1 = fmax(y1, pos[i].y);
    }
    double t = fmax(x1 - x0, y1 - y0) * 0.1, dt = t / (FR_ITERATIONS + 1);
    for (int it = 0; it < FR_ITERATIONS; it++) {
        for (int i = 0; i < n; i++) {
            double dx = 0, dy = 0;
            for (int j = 0; j < n; j++) {
                double ex = pos[i].x - pos[j].x, ey = pos[i].y - pos[j].y;
                double d = fmax(hypot(ex, ey), 0.01);
                double f = k * k / (d * d) - (adj[i * n + j] ? d / k : 0);
                dx += ex * f;
                dy += ey * f;
            }
            disp[i] = (pt){dx, dy};
        }
        double moved = 0;
        for (int i = 0; i < n; i++) {
            double len = hypot(disp[i].x, disp[i].y);
            if (len < 0.01)
                len = 0.1;
            double mx = disp[i].x * t / len, my = disp[i].y * t / len;
            pos[i].x += mx;
            pos[i].y += my;
            moved += mx * mx + my * my;
        }
        t -= dt;
        if (sqrt(moved) / n < FR_THRESHOLD)
            break;
    }
    double mx = 0, my = 0, lim = 0;
    for (int i = 0; i < n; i++) {
        mx += pos[i].x / n;
        my += pos[i].y / n;
    }
    for (int i = 0; i < n; i++) {
        pos[i].x -= mx;
        pos[i].y -= my;
        lim = fmax(lim, fmax(fabs(pos[i].x), fabs(pos[i].y)));
    }
    if (lim > 0)
        for (int i = 0; i < n; i++) {
            pos[i].x /= lim;
            pos[i].y /= lim;
        }
}

/* networkx's drawing of the layout: plt.figure(figsize=(12, 12)) with axes over
 * the whole figure, its view what matplotlib's autoscale makes of the data
 * limits: the nodes' box joined with the edges' box padded by EDGE_PAD of its
 * size (draw_networkx_edges' corners), widened by AXES_MARGIN on each side
 * (nonsingular first: one node alone gets +-0.05 about it); no equal aspect,
 * y up.  Sets f (mplfig.h) and pos to the canvas pixels of the nodes' centres. */
static void to_pixels(int n, const int (*edge)[2], int m, pt *pos, mplfig *f)
{
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    for (int i = 0; i < n; i++) {
        lo[0] = fmin(lo[0], pos[i].x), hi[0] = fmax(hi[0], pos[i].x);
        lo[1] = fmin(lo[1], pos[i].y), hi[1] = fmax(hi[1], pos[i].y);
    }
    if (m > 0) {
        double elo[2] = {INFINITY, INFINITY}, ehi[2] = {-INFINITY, -INFINITY};
        for (int e = 0; e < m; e++)
            for (int k = 0; k < 2; k++) {
                const pt *p = &pos[edge[e][k]];
                elo[0] = fmin(elo[0], p->x), ehi[0] = fmax(ehi[0], p->x);
                elo[1] = fmin(elo[1], p->y), ehi[1] = fmax(ehi[1], p->y);
            }
        for (int a = 0; a < 2; a++) {
            double pad = EDGE_PAD * (ehi[a] - elo[a]);
            lo[a] = fmin(lo[a], elo[a] - pad);
            hi[a] = fmax(hi[a], ehi[a] + pad);
        }
    }
    for (int a = 0; a < 2; a++) {
        if (hi[a] - lo[a] <= fmax(fabs(lo[a]), fabs(hi[a])) * 1e-15) { /* transforms.nonsingular */
            if (lo[a] == 0 && hi[a] == 0) {
                lo[a] = -0.05;
                hi[a] = 0.05;
            } else {
                lo[a] -= 0.05 * fabs(lo[a]);
                hi[a] += 0.05 * fabs(hi[a]);
            }
        }
        double mg = (hi[a] - lo[a]) * AXES_MARGIN;
        lo[a] -= mg;
        hi[a] += mg;
    }
    mplfig_add_axes(f, 12, 12, 100, 0, 0, 1, 1);
    mplfig_limits(f, lo[0], hi[0], lo[1], hi[1]);
    mplfig_whole(f);
    for (int i = 0; i < n; i++)
        pos[i] = (pt){mplfig_x(f, pos[i].x), mplfig_y(f, pos[i].y)};
}

static double seg_dist(pt a, pt b, pt p)
{
    double vx = b.x - a.x, vy = b.y - a.y, l2 = vx * vx + vy * vy;
    double t = l2 > 0 ? ((p.x - a.x) * vx + (p.y - a.y) * vy) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(a.x + t * vx - p.x, a.y + t * vy - p.y);
}

static double cross2(pt o, pt a, pt b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

/* Acute angle between the directions of segments a and b, degrees. */
static double angle_between(pt a0, pt a1, pt b0, pt b1)
{
    double ux = a1.x - a0.x, uy = a1.y - a0.y, vx = b1.x - b0.x, vy = b1.y - b0.y;
    double c = fabs(ux * vx + uy * vy) / (hypot(ux, uy) * hypot(vx, vy));
    return acos(fmin(1.0, c)) * 180 / M_PI;
}

/* True when every node, edge and crossing of the drawn graph can be told apart. */
static bool readable(int n, const int (*edge)[2], int m, const pt *p)
{
    for (int i = 0; i < n; i++) {
        if (p[i].x - NODE_R < 0 || p[i].x + NODE_R > CANVAS || p[i].y - NODE_R < 0 || p[i].y + NODE_R > CANVAS)
            return false;
        for (int j = 0; j < i; j++)
            if (hypot(p[i].x - p[j].x, p[i].y - p[j].y) < 2 * NODE_R + NODE_GAP)
                return false;
    }
    for (int e = 0; e < m; e++) {
        pt a = p[edge[e][0]], b = p[edge[e][1]];
        for (int i = 0; i < n; i++)
            if (i != edge[e][0] && i != edge[e][1] && seg_dist(a, b, p[i]) < NODE_R + EDGE_W / 2 + EDGE_CLEAR)
                return false;
        for (int f = 0; f < e; f++) {
            pt c = p[edge[f][0]], d = p[edge[f][1]];
            int shared = (edge[e][0] == edge[f][0]) + (edge[e][0] == edge[f][1]) + (edge[e][1] == edge[f][0]) +
                         (edge[e][1] == edge[f][1]);
            if (shared) {
                /* directions out of the shared node */
                pt o = edge[e][0] == edge[f][0] || edge[e][0] == edge[f][1] ? a : b;
                pt u = o.x == a.x && o.y == a.y ? b : a, v = o.x == c.x && o.y == c.y ? d : c;
                double ux = u.x - o.x, uy = u.y - o.y, vx = v.x - o.x, vy = v.y - o.y;
                double lu = hypot(ux, uy), lv = hypot(vx, vy), cs = (ux * vx + uy * vy) / (lu * lv);
                double between = acos(fmax(-1.0, fmin(1.0, cs)));
                if (between * 180 / M_PI < MIN_FAN_DEG)
                    return false;
                /* a far node's distance from the line along the other edge */
                if (between > M_PI / 2 && fmin(lu, lv) * sin(between) < THROUGH_GAP)
                    return false;
            } else {
                double d1 = cross2(a, b, c), d2 = cross2(a, b, d), d3 = cross2(c, d, a), d4 = cross2(c, d, b);
                bool cross = ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0));
                if (!cross)
                    continue;
                if (angle_between(a, b, c, d) < MIN_CROSS_DEG)
                    return false;
                double t = d1 / (d1 - d2); /* where c-d meets a-b */
                pt x = {c.x + t * (d.x - c.x), c.y + t * (d.y - c.y)};
                for (int i = 0; i < n; i++)
                    if (hypot(x.x - p[i].x, x.y - p[i].y) < NODE_R + CROSS_CLEAR)
                        return false;
            }
        }
    }
    return true;
}

/* The drawing in the original's calls, the layout in its own units
 * (tests/same_scene.py). */
static void describe(scene *s, int n, const int (*edge)[2], int m, const pt *pos)
{
    if (!s->desc)
        return;
    strbuf e = {0}, p = {0};
    for (int i = 0; i < m; i++)
        strbuf_addf(&e, "%s%d,%d", i ? "," : "", edge[i][0], edge[i][1]);
    for (int i = 0; i < n; i++)
        strbuf_addf(&p, "%s%.17g,%.17g", i ? "," : "", pos[i].x, pos[i].y);
    scene_describe(s, "mpl plainfigure w=12 h=12");
    scene_describe(s, "mpl nxdraw nodes=%d %s%s%s pos=%s, node_color=lightblue edge_color=gray node_size=2000", n,
                   m ? "edges=" : "", m ? e.buf : "", m ? "," : "", p.buf);
    scene_describe(s, "mpl save");
    strbuf_free(&e);
    strbuf_free(&p);
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    int pairs = n * (n - 1) / 2, m = 0;
    if (n > 1) {
        int most = pairs < n + 5 ? pairs : n + 5;
        m = rng_int(&ctx->rng, n - 1, most);
    }
    int (*all)[2] = xmalloc(sizeof *all * (size_t)(pairs ? pairs : 1));
    unsigned char *adj = xmalloc((size_t)n * (size_t)n);
    pt *pos = xmalloc(sizeof *pos * (size_t)n), *disp = xmalloc(sizeof *disp * (size_t)n);
    pt *lay = xmalloc(sizeof *lay * (size_t)n); /* the layout in its own units */
    mplfig fig;
    /* The edge count m stays as drawn (its distribution is the original's); the
     * pairs and the layout are drawn again, from the same streams, until the
     * drawing is readable: spring layouts of graphs with isolated nodes or
     * several components squeeze the rest together, so a fixed graph may never
     * draw readably. */
    rng lr;
    gen_stream(ctx, "layout", &lr);
    for (int tries = 0;; tries++) {
        if (tries == MAX_LAYOUTS) {
            free(all);
            free(adj);
            free(pos);
            free(disp);
            free(lay);
            return gen_fail(ctx, "cannot lay out %d nodes and %d edges readably in %d graphs", n, m, MAX_LAYOUTS);
        }
        /* m of the n(n-1)/2 pairs, uniformly (a partial shuffle of all pairs) */
        for (int i = 0, c = 0; i < n; i++)
            for (int j = i + 1; j < n; j++, c++) {
                all[c][0] = i;
                all[c][1] = j;
            }
        for (int e = 0; e < m; e++) {
            int k = e + (int)rng_below(&ctx->rng, (uint32_t)(pairs - e));
            int t0 = all[e][0], t1 = all[e][1];
            all[e][0] = all[k][0], all[e][1] = all[k][1];
            all[k][0] = t0, all[k][1] = t1;
        }
        memset(adj, 0, (size_t)n * (size_t)n);
        for (int e = 0; e < m; e++) {
            adj[all[e][0] * n + all[e][1]] = 1;
            adj[all[e][1] * n + all[e][0]] = 1;
        }
        spring_layout(&lr, n, adj, pos, disp);
        memcpy(lay, pos, sizeof *pos * (size_t)n);
        to_pixels(n, (const int(*)[2])all, m, pos, &fig);
        if (readable(n, (const int(*)[2])all, m, pos))
            break;
        ctx->redraws++;
    }
    scene *s = ctx->img[0];
    scene_reset(s, CANVAS, CANVAS);
    describe(s, n, (const int(*)[2])all, m, lay);
    mplfig_clip(&fig, s);
    /* the edges under the nodes, in networkx's order (G.edges(): each node's
     * neighbours in the order their edges were added, each edge once, from the
     * lower-numbered of its nodes seen first), gray 1 pt lines as its
     * LineCollection draws them */
    int *order = xmalloc(sizeof *order * (size_t)(m ? m : 1)), k = 0;
    for (int u = 0; u < n; u++)
        for (int e = 0; e < m; e++) {
            int a = all[e][0], b = all[e][1];
            if ((a == u && b > u) || (b == u && a > u))
                order[k++] = e;
        }
    for (int r = 0; r < m; r++) {
        int e = order[r], u = all[e][0] < all[e][1] ? all[e][0] : all[e][1], v = all[e][0] ^ all[e][1] ^ u;
        point ends[2] = {mplfig_vertex(&fig, lay[u].x, lay[u].y), mplfig_vertex(&fig, lay[v].x, lay[v].y)};
        prim *l = scene_polyline(s, ends, 2, 0, EDGE_INK);
        prim_mpl(l, mplfig_pt(&fig, EDGE_PT), EDGE_INK, AGG_JOIN_ROUND, AGG_CAP_BUTT, AGG_SNAP_AUTO, true);
        l->kind = "edge";
        l->colour_name = "gray";
        l->object = n + e;
    }
    free(order);
    /* the nodes: one scatter marker 'o' of 2000 pt^2 stamped at each (draw_markers) */
    for (int i = 0; i < n; i++) {
        prim *c = mplfig_marker(&fig, s, lay[i].x, lay[i].y, NODE_SIZE, NODE_FILL, EDGE_PT, NODE_FILL);
        c->kind = "node";
        c->colour_name = "lightblue";
        c->object = i;
    }
    cJSON_AddNumberToObject(ctx->record, "num_nodes", n);
    cJSON_AddNumberToObject(ctx->record, "num_edges", m);
    free(all);
    free(adj);
    free(pos);
    free(disp);
    free(lay);
    return GEN_EXIT_OK;
}

/* The highest level refused up front rather than searched for: readable layouts
 * get rarer with every node (graphs drawn per sample, seed 5: level 20 about 13,
 * 24 about 200, 26 about 370, 28 about 1,540; level 30 runs out of MAX_LAYOUTS,
 * after a minute).  At 26 a sample fails about once in 10^6 (e^-5000/370). */
#define MAX_NODES 26

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    if (p->level > MAX_NODES) {
        snprintf(err, errlen, "cannot lay out more than %d nodes readably on the %dx%d canvas (above it a readable "
                 "graph is too rare to search for)", MAX_NODES, CANVAS, CANVAS);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"num_nodes", FIELD_INT}, {"num_edges", FIELD_INT}, {NULL, 0}};

const generator gen_graph_counting = {
    .name = "graph_counting",
    .summary = "a graph of light blue nodes and gray edges; count the nodes and the edges",
    .images = 1,
    .fields = fields,
    .level_field = "num_nodes",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The picture shows a graph: each light blue circle is a node, and each line joining two circles "
                    "is an edge. The graph can be a single node with no edges, and it need not be connected.",
    .rules = "Count the nodes and count the edges of the graph.",
    .output_prompt = "Your last line must read NODES:x EDGES:y, with x the number of nodes and y the number of "
                     "edges in digits, for example NODES:6 EDGES:7",
    .answer = {.format = "NODES:x EDGES:y", .kind = ANSWER_INTS, .gold = {"num_nodes", "num_edges"},
               .axis = "num_nodes"},
    .check_level = check_level,
    .sample = sample,
};
