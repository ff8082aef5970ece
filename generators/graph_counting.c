/* graph_counting: a graph of n node discs joined by straight edges.
 * Record: num_edges = edges drawn, num_nodes = n.  See docs/tasks/graph_counting.md. */
#include "errors.h"
#include "generator.h"
#include "layout.h"
#include "shapes.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Node radius: 18 px discs are plainly nodes, not line ends or dots. */
#define NODE_R 18.0
/* Node outline width, so pale nodes keep a crisp edge. */
#define NODE_STROKE 2.5
/* White between two nodes' ink: 56 px leaves room for edges to pass between them
 * with EDGE_NODE_CLEAR to spare on both sides. */
#define NODE_GAP 56.0
/* White between an edge's ink and the ink of any node it does not end at: an edge
 * that grazes a node would look as if it ended there. */
#define EDGE_NODE_CLEAR 12.0
/* Edge line width. */
#define EDGE_WIDTH 3.0
/* Two edges leaving one node differ in direction by at least this (degrees), so they
 * are two lines where they meet the disc rather than one thick one. */
#define EDGE_FAN_DEG 25.0
/* Two edges that cross do so at least this steeply (degrees): a shallow crossing
 * looks like two edges merging. */
#define EDGE_CROSS_DEG 30.0
/* A crossing lies at least this far from every node's ink, so it never looks like
 * an edge ending at (or leaving from) that node. */
#define CROSS_NODE_CLEAR 24.0
/* Edges that do not cross or share a node keep this much white between their ink,
 * so two edges never run together. */
#define EDGE_EDGE_CLEAR 10.0
/* Node layouts tried before giving up: with a fresh layout the edge target is
 * reached almost always within a few tries at every default level. */
#define GRAPH_RESTARTS 200
/* Edge targets: at least EDGE_MIN_PER_NODE * (n - 1) (so the graph is rarely very
 * sparse) and at most EDGE_MAX_PER_NODE * n + 1 edges (never crowded), and never
 * more than the n(n-1)/2 pairs there are; so small graphs are sometimes complete,
 * larger ones are sometimes trees, sometimes with cycles. */
#define EDGE_MIN_PER_NODE 0.75
#define EDGE_MAX_PER_NODE 1.5

/* The node colour: a light blue that black edges stand out against. */
static const rgb NODE_FILL = {150, 195, 240};
static const rgb NODE_INK = {30, 30, 30};
static const rgb EDGE_INK = {0, 0, 0};

typedef struct edge {
    int a, b;
} edge;

typedef struct cand {
    edge e;
    double key;
} cand;

static int cand_cmp(const void *x, const void *y)
{
    double a = ((const cand *)x)->key, b = ((const cand *)y)->key;
    return (a > b) - (a < b);
}

static point centre(const disc *d) { return (point){d->x, d->y}; }

/* Angle in degrees between the lines of u and v, in [0, 90]. */
static double line_angle(point u0, point u1, point v0, point v1)
{
    double ux = u1.x - u0.x, uy = u1.y - u0.y, vx = v1.x - v0.x, vy = v1.y - v0.y;
    double c = fabs(ux * vx + uy * vy) / (hypot(ux, uy) * hypot(vx, vy));
    return acos(fmin(1.0, c)) * 180 / M_PI;
}

/* Angle in degrees between the rays o->p and o->q, in [0, 180]. */
static double ray_angle(point o, point p, point q)
{
    double ux = p.x - o.x, uy = p.y - o.y, vx = q.x - o.x, vy = q.y - o.y;
    double c = (ux * vx + uy * vy) / (hypot(ux, uy) * hypot(vx, vy));
    return acos(fmax(-1.0, fmin(1.0, c))) * 180 / M_PI;
}

/* Where segments a-b and c-d cross (they are known to intersect, not parallel). */
static point crossing(point a, point b, point c, point d)
{
    double rx = b.x - a.x, ry = b.y - a.y, sx = d.x - c.x, sy = d.y - c.y;
    double den = rx * sy - ry * sx;
    double t = ((c.x - a.x) * sy - (c.y - a.y) * sx) / den;
    return (point){a.x + t * rx, a.y + t * ry};
}

static double segment_gap(point a, point b, point c, point d)
{
    return fmin(fmin(segment_distance(a, b, c.x, c.y), segment_distance(a, b, d.x, d.y)),
                fmin(segment_distance(c, d, a.x, a.y), segment_distance(c, d, b.x, b.y)));
}

/* True when edge e clears every node but its ends. */
static bool edge_clears_nodes(const disc *nodes, int n, edge e)
{
    double need = NODE_R + NODE_STROKE / 2 + EDGE_WIDTH / 2 + EDGE_NODE_CLEAR;
    point a = centre(&nodes[e.a]), b = centre(&nodes[e.b]);
    for (int i = 0; i < n; i++)
        if (i != e.a && i != e.b && segment_distance(a, b, nodes[i].x, nodes[i].y) < need)
            return false;
    return true;
}

/* True when e can join the m edges already chosen. */
static bool edge_fits(const disc *nodes, int n, const edge *chosen, int m, edge e)
{
    point a = centre(&nodes[e.a]), b = centre(&nodes[e.b]);
    double ink = NODE_R + NODE_STROKE / 2;
    for (int k = 0; k < m; k++) {
        edge f = chosen[k];
        point c = centre(&nodes[f.a]), d = centre(&nodes[f.b]);
        int shared = f.a == e.a || f.b == e.a ? e.a : f.a == e.b || f.b == e.b ? e.b : -1;
        if (shared >= 0) {
            point o = centre(&nodes[shared]);
            point p = shared == e.a ? b : a;
            point q = shared == f.a ? d : c;
            if (ray_angle(o, p, q) < EDGE_FAN_DEG)
                return false;
            continue;
        }
        if (segments_intersect(a, b, c, d)) {
            if (line_angle(a, b, c, d) < EDGE_CROSS_DEG)
                return false;
            point x = crossing(a, b, c, d);
            for (int i = 0; i < n; i++)
                if (hypot(x.x - nodes[i].x, x.y - nodes[i].y) < ink + CROSS_NODE_CLEAR)
                    return false;
        } else if (segment_gap(a, b, c, d) < EDGE_WIDTH + EDGE_EDGE_CLEAR) {
            return false;
        }
    }
    return true;
}

static void edge_range(int n, int *lo, int *hi)
{
    int pairs = n * (n - 1) / 2;
    *lo = (int)ceil(EDGE_MIN_PER_NODE * (n - 1));
    *hi = (int)floor(EDGE_MAX_PER_NODE * n) + 1;
    if (*hi > pairs)
        *hi = pairs;
    if (*lo > *hi)
        *lo = *hi;
}

/* Chooses m edges among the nodes, preferring short ones; returns how many it found. */
static int choose_edges(rng *r, const disc *nodes, int n, int m, edge *out, cand *c)
{
    int nc = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            edge e = {i, j};
            if (!edge_clears_nodes(nodes, n, e))
                continue;
            /* short edges first, with enough noise that the graph is not just the
             * nearest-neighbour graph */
            double len = hypot(nodes[i].x - nodes[j].x, nodes[i].y - nodes[j].y);
            c[nc++] = (cand){e, len * rng_uniform(r, 1.0, 2.5)};
        }
    qsort(c, (size_t)nc, sizeof *c, cand_cmp);
    int got = 0;
    for (int k = 0; k < nc && got < m; k++)
        if (edge_fits(nodes, n, out, got, c[k].e))
            out[got++] = c[k].e;
    return got;
}

static int sample(gen_ctx *ctx)
{
    int n = ctx->p.level;
    scene *s = ctx->img[0];
    box area = {0, 0, s->width, s->height};
    int lo, hi;
    edge_range(n, &lo, &hi);
    int m = rng_int(&ctx->rng, lo, hi);

    disc *nodes = xmalloc(sizeof *nodes * (size_t)n);
    edge *edges = xmalloc(sizeof *edges * (size_t)(m > 0 ? m : 1));
    cand *cands = xmalloc(sizeof *cands * (size_t)(n * (n - 1) / 2 + 1));
    int got = -1;
    for (int t = 0; t < GRAPH_RESTARTS && got < m; t++) {
        /* node discs are spaced by their ink plus NODE_GAP */
        if (place_discs(&ctx->rng, &area, n, NODE_R + NODE_STROKE / 2, NODE_R + NODE_STROKE / 2, NODE_GAP, nodes) !=
            0)
            break;
        got = choose_edges(&ctx->rng, nodes, n, m, edges, cands);
    }
    free(cands);
    if (got < m) {
        free(nodes);
        free(edges);
        return gen_fail(ctx, "cannot draw %d nodes with %d clear edges on a %dx%d canvas", n, m, s->width,
                        s->height);
    }

    /* edges first, nodes on top, so every edge visibly ends at its two discs */
    for (int k = 0; k < m; k++) {
        prim *p = scene_line(s, nodes[edges[k].a].x, nodes[edges[k].a].y, nodes[edges[k].b].x, nodes[edges[k].b].y,
                             EDGE_WIDTH, EDGE_INK);
        p->kind = "edge";
        p->object = n + k;
    }
    for (int i = 0; i < n; i++) {
        prim *p = scene_circle(s, nodes[i].x, nodes[i].y, NODE_R, NODE_FILL);
        p->kind = "node";
        p->object = i;
        p->stroke_width = NODE_STROKE;
        p->stroke = NODE_INK;
    }
    free(nodes);
    free(edges);
    cJSON_AddNumberToObject(ctx->record, "num_edges", m);
    cJSON_AddNumberToObject(ctx->record, "num_nodes", n);
    return GEN_EXIT_OK;
}

/* Share of the canvas that nodes with half of NODE_GAP around each may cover: at 0.40
 * (36 nodes) 300 samples in a row still find a layout with clear edges; at 38 some
 * fail, so higher levels are refused up front. */
#define NODE_MAX_FILL 0.40

static int check_level(const gen_params *p, char *err, size_t errlen)
{
    double cell = M_PI * pow(NODE_R + NODE_STROKE / 2 + NODE_GAP / 2, 2);
    int most = (int)(NODE_MAX_FILL * GEN_CANVAS * GEN_CANVAS / cell);
    if (p->level > most) {
        snprintf(err, errlen, "cannot draw %d nodes %.0f px apart on a %dx%d canvas (at most %d)", p->level, NODE_GAP,
                 GEN_CANVAS, GEN_CANVAS, most);
        return -1;
    }
    return 0;
}

static const gen_field fields[] = {{"num_edges", FIELD_INT}, {"num_nodes", FIELD_INT}, {NULL, 0}};

const generator gen_graph_counting = {
    .name = "graph_counting",
    .summary = "a graph of n round nodes joined by straight edges; count nodes and edges",
    .images = 1,
    .fields = fields,
    .level_field = "num_nodes",
    .level_min = 1,
    .level_max = 20,
    .lowest_level = 1,
    .input_prompt = "The image shows a graph: light blue round nodes, some of them joined by straight black lines "
                    "called edges. Every edge runs from one node to another; edges may cross each other, but an "
                    "edge never passes through a node. The graph may also be a single node without edges.",
    .rules = "Count the nodes of the graph, then count its edges. A crossing of two edges is not a node, and each "
             "edge counts once.",
    .output_prompt = "The last line of your answer must be ANSWER: followed by the number of "
                     "nodes and the number of edges, in digits and separated by a space, for "
                     "example ANSWER: 6 8.",
    .answer = {.kind = ANSWER_INTS, .gold = {"num_nodes", "num_edges"}, .axis = "num_nodes"},
    .check_level = check_level,
    .sample = sample,
};
