/* graph_counting: the record's counts equal the node discs and edge lines drawn;
 * every edge joins two distinct nodes at their centres, no pair twice; no edge comes
 * near a node it does not end at; edges at one node fan apart, crossings are steep
 * and away from nodes, other edges keep apart.  In the rendered image, the dark
 * strokes leaving each node (counted on a circle just outside its disc) add up to
 * twice the edge count.  Over the run, graphs are neither always trees nor always
 * complete. */
#include "harness.h"

#include <math.h>
#include <string.h>

/* Slightly looser than the generator's margins: the check accepts what a careful
 * reader can still read, the generator keeps more. */
#define MIN_NODE_GAP 40.0      /* white between two nodes' ink */
#define MIN_EDGE_NODE_GAP 9.0  /* white between an edge and a node it does not end at */
#define MIN_FAN_DEG 20.0       /* edges at one node */
#define MIN_CROSS_DEG 25.0     /* edges that cross */
#define MIN_CROSS_NODE 18.0    /* a crossing from any node's ink */
#define MIN_EDGE_EDGE_GAP 8.0  /* white between edges that neither cross nor share a node */
/* Pixel check: the circle sampled around each node lies this far outside its ink. */
#define PROBE_OUT 6.0
#define PROBE_SAMPLES 1440
/* Light gaps shorter than this (px of arc) inside one stroke are anti-aliasing; two
 * strokes 20 degrees apart leave a gap of more than 5 px at the probe. */
#define PROBE_MERGE 3.0
/* A pixel this dark (sum of channels) is edge ink; the white ground and the node's
 * light fill are far brighter. */
#define DARK_SUM 300

#define MAX_NODES 64
#define MAX_EDGES 256

static int trees, complete, between, sized;

typedef struct seg {
    point a, b;
    int u, v;
} seg;

/* Own geometry, independent of common/toolkit/shapes.c. */
static double pt_seg(point a, point b, double x, double y)
{
    double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? ((x - a.x) * dx + (y - a.y) * dy) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(a.x + t * dx - x, a.y + t * dy - y);
}

static double side(point o, point a, point b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

/* Proper crossing test (edges without a shared node never touch at an end). */
static bool cross(point a, point b, point c, point d)
{
    return side(c, d, a) * side(c, d, b) < 0 && side(a, b, c) * side(a, b, d) < 0;
}

static double dir_angle(point o, point p, point q)
{
    double a = atan2(p.y - o.y, p.x - o.x) - atan2(q.y - o.y, q.x - o.x);
    a = fabs(fmod(a, 2 * M_PI));
    return (a > M_PI ? 2 * M_PI - a : a) * 180 / M_PI;
}

static double seg_seg_gap(const seg *s, const seg *t)
{
    return fmin(fmin(pt_seg(s->a, s->b, t->a.x, t->a.y), pt_seg(s->a, s->b, t->b.x, t->b.y)),
                fmin(pt_seg(t->a, t->b, s->a.x, s->a.y), pt_seg(t->a, t->b, s->b.x, s->b.y)));
}

static const char *check(const sample_out *s, const gen_params *p, char *msg, size_t n)
{
    const scene *sc = &s->img[0];
    const prim *node[MAX_NODES];
    seg e[MAX_EDGES];
    int nn = 0, ne = 0;
    for (int i = 0; i < sc->nprims; i++) {
        const prim *a = &sc->prims[i];
        if (a->type == PRIM_CIRCLE && a->kind && strcmp(a->kind, "node") == 0 && nn < MAX_NODES)
            node[nn++] = a;
        else if (a->type == PRIM_POLYLINE && a->npts == 2 && a->kind && strcmp(a->kind, "edge") == 0 && ne < MAX_EDGES)
            e[ne++] = (seg){prim_points(sc, a)[0], prim_points(sc, a)[1], -1, -1};
        else
            return "a primitive that is neither a node nor an edge";
    }
    if (nn != p->level || rec_int(s, "num_nodes") != nn) {
        snprintf(msg, n, "drew %d nodes, level %d, record %d", nn, p->level, rec_int(s, "num_nodes"));
        return msg;
    }
    if (rec_int(s, "num_edges") != ne) {
        snprintf(msg, n, "drew %d edges, record %d", ne, rec_int(s, "num_edges"));
        return msg;
    }
    double ink = node[0]->r + node[0]->stroke_width / 2, ew = sc->prims[0].stroke_width;
    for (int i = 0; i < nn; i++) {
        const prim *a = node[i];
        if (a->x - ink < 0 || a->y - ink < 0 || a->x + ink > sc->width || a->y + ink > sc->height)
            return "a node leaves the canvas";
        for (int j = 0; j < i; j++)
            if (hypot(a->x - node[j]->x, a->y - node[j]->y) - 2 * ink < MIN_NODE_GAP)
                return "two nodes are too close";
    }
    /* ends at node centres, no loops, no repeats */
    for (int k = 0; k < ne; k++) {
        for (int i = 0; i < nn; i++) {
            if (hypot(e[k].a.x - node[i]->x, e[k].a.y - node[i]->y) < 0.5)
                e[k].u = i;
            if (hypot(e[k].b.x - node[i]->x, e[k].b.y - node[i]->y) < 0.5)
                e[k].v = i;
        }
        if (e[k].u < 0 || e[k].v < 0)
            return "an edge does not end at node centres";
        if (e[k].u == e[k].v)
            return "a self-loop";
        for (int j = 0; j < k; j++)
            if ((e[j].u == e[k].u && e[j].v == e[k].v) || (e[j].u == e[k].v && e[j].v == e[k].u))
                return "a repeated edge";
        for (int i = 0; i < nn; i++) {
            if (i == e[k].u || i == e[k].v)
                continue;
            double gap = pt_seg(e[k].a, e[k].b, node[i]->x, node[i]->y) - ink - ew / 2;
            if (gap < MIN_EDGE_NODE_GAP) {
                snprintf(msg, n, "edge %d-%d passes %.1f px from node %d", e[k].u, e[k].v, gap, i);
                return msg;
            }
        }
    }
    /* pairs of edges */
    for (int k = 0; k < ne; k++)
        for (int j = 0; j < k; j++) {
            const seg *x = &e[k], *y = &e[j];
            int sh = x->u == y->u || x->u == y->v ? x->u : x->v == y->u || x->v == y->v ? x->v : -1;
            if (sh >= 0) {
                point o = {node[sh]->x, node[sh]->y};
                point pa = x->u == sh ? x->b : x->a, pb = y->u == sh ? y->b : y->a;
                if (dir_angle(o, pa, pb) < MIN_FAN_DEG)
                    return "two edges leave a node almost together";
                continue;
            }
            if (cross(x->a, x->b, y->a, y->b)) {
                double ang = dir_angle((point){0, 0}, (point){x->b.x - x->a.x, x->b.y - x->a.y},
                                       (point){y->b.x - y->a.x, y->b.y - y->a.y});
                if (ang > 90)
                    ang = 180 - ang;
                if (ang < MIN_CROSS_DEG)
                    return "two edges cross at a shallow angle";
                /* crossing point */
                double rx = x->b.x - x->a.x, ry = x->b.y - x->a.y, sx = y->b.x - y->a.x, sy = y->b.y - y->a.y;
                double t = ((y->a.x - x->a.x) * sy - (y->a.y - x->a.y) * sx) / (rx * sy - ry * sx);
                double cx = x->a.x + t * rx, cy = x->a.y + t * ry;
                for (int i = 0; i < nn; i++)
                    if (hypot(cx - node[i]->x, cy - node[i]->y) - ink < MIN_CROSS_NODE)
                        return "two edges cross next to a node";
            } else if (seg_seg_gap(x, y) - ew < MIN_EDGE_EDGE_GAP) {
                return "two edges run too close";
            }
        }

    /* pixels: dark runs on a circle around each node = its degree */
    const canvas *cv = harness_render(sc);
    int runs_total = 0;
    for (int i = 0; i < nn; i++) {
        rgb c = canvas_pixel(cv, (int)node[i]->x, (int)node[i]->y);
        if (memcmp(&c, &node[i]->fill, sizeof c) != 0)
            return "a node's centre pixel is not its fill";
        double rr = ink + PROBE_OUT;
        bool dark[PROBE_SAMPLES];
        for (int k = 0; k < PROBE_SAMPLES; k++) {
            double t = 2 * M_PI * k / PROBE_SAMPLES;
            int px = (int)lround(node[i]->x + rr * cos(t)), py = (int)lround(node[i]->y + rr * sin(t));
            if (px < 0 || py < 0 || px >= sc->width || py >= sc->height)
                return "a probe circle leaves the canvas";
            rgb q = canvas_pixel(cv, px, py);
            dark[k] = q.r + q.g + q.b < DARK_SUM;
        }
        /* A stroke is a dark run; light gaps shorter than PROBE_MERGE px of arc are
         * the anti-aliased staircase of one stroke, not the white between two. */
        int merge = (int)ceil(PROBE_MERGE / (2 * M_PI * rr / PROBE_SAMPLES));
        int start = -1; /* a sample ending a light gap of at least `merge` */
        for (int k = 0, gap = 0; k < 2 * PROBE_SAMPLES && start < 0; k++) {
            gap = dark[k % PROBE_SAMPLES] ? 0 : gap + 1;
            if (gap >= merge)
                start = k % PROBE_SAMPLES;
        }
        if (start < 0)
            return "a node is ringed by ink";
        int runs = 0, light = merge; /* begin on a light sample: a run counts once */
        for (int j = 1; j <= PROBE_SAMPLES; j++) {
            int k = (start + j) % PROBE_SAMPLES;
            if (dark[k]) {
                if (light >= merge)
                    runs++;
                light = 0;
            } else {
                light++;
            }
        }
        int deg = 0;
        for (int k = 0; k < ne; k++)
            deg += e[k].u == i || e[k].v == i;
        if (runs != deg) {
            snprintf(msg, n, "node %d shows %d strokes leaving it, has %d edges", i, runs, deg);
            return msg;
        }
        runs_total += runs;
    }
    if (runs_total != 2 * rec_int(s, "num_edges"))
        return "strokes seen do not add up to the edge count";

    if (nn >= 4) {
        sized++;
        trees += ne == nn - 1;
        complete += ne == nn * (nn - 1) / 2;
        between += ne > nn - 1 && ne < nn * (nn - 1) / 2;
    }
    return NULL;
}

int main(void)
{
    int rc = harness_run("graph_counting", check, NULL, 0);
    printf("graphs with >= 4 nodes: %d, %d with n-1 edges, %d complete, %d between\n", sized, trees, complete,
           between);
    if (between == 0 || trees + complete == sized) {
        printf("FAIL edge counts do not vary\n");
        return 1;
    }
    return rc;
}
