/* SPDX-License-Identifier: MIT */
/* _perceptv.c - the CPython extension under the perceptv package
 * (python/perceptv/__init__.py): a thin layer over lib/include/perceptv.h, and
 * over gen's own recipe and level-list checks (common/store: recipe.h,
 * options.h), so a mixture or a level string is refused exactly as gen refuses it.
 *
 *   Config(task, seed, split=None, grid_size=6, scale=1.0, frames=0)   frames: a video task's (0: 16)
 *       .make(file, level) -> (images, record, gold, prompt)   images: list of HxWx3 uint8 arrays
 *                                 (a video task: its frames in order); prompt: the text a model sees
 *       .check_level(level)                           ValueError with gen's message
 *   tasks() -> list of names; suggest(name) -> str or None
 *   task_info(name) -> (images, level_min, level_max, lowest_level, prompt)
 *   score(task, record_json, response, strict) -> (correct, answer_json or None, error or None)
 *   parse_levels(text, limit) -> list of levels, as gen's --num_sizes reads text
 *   read_recipe(path) -> bytes; check_recipe(text, label) -> the recipe normalised (JSON text)
 *
 * Every str argument is refused with a ValueError if it holds a NUL (C would
 * read it cut short), and every whole number is an int or has __index__ (numpy's
 * integers), never a bool, with its range checked before it meets a C int.
 *
 * Making a sample releases the GIL.  Each call makes into a pv_sample it holds
 * alone: the thread's own, taken out of the thread's slot for the call, or a
 * new one when the slot is empty because a call is already under way on this
 * thread (a garbage-collector callback, a __del__ or a weakref finalizer run by
 * an allocation inside make() can make a sample of its own in the middle of one:
 * it then gets its own pv_sample and cannot free or change the record and scene
 * the outer call is reading). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include "perceptv.h"

#include "options.h"
#include "recipe.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_key_t sample_key;
static pthread_once_t sample_once = PTHREAD_ONCE_INIT;

static void sample_release(void *p)
{
    pv_sample_free(p);
}

static void sample_key_make(void)
{
    pthread_key_create(&sample_key, sample_release);
}

/* A sample for one call, held by the caller alone until sample_give (NULL only
 * when out of memory): the thread's own, taken out of its slot, or a new one
 * when a call on this thread already holds it. */
static pv_sample *sample_take(void)
{
    pthread_once(&sample_once, sample_key_make);
    pv_sample *s = pthread_getspecific(sample_key);
    if (s)
        pthread_setspecific(sample_key, NULL);
    else
        s = pv_sample_new();
    return s;
}

/* Back into the thread's slot (kept for the next call), or freed when a call
 * made meanwhile has filled the slot. */
static void sample_give(pv_sample *s)
{
    if (!pthread_getspecific(sample_key) && pthread_setspecific(sample_key, s) == 0)
        return;
    pv_sample_free(s);
}

/* s as UTF-8 for C: a str without a NUL (C would read it cut short at one). */
static const char *text_arg(PyObject *s, const char *what)
{
    if (!PyUnicode_Check(s)) {
        PyErr_Format(PyExc_TypeError, "%s must be a str, not %.100s", what, Py_TYPE(s)->tp_name);
        return NULL;
    }
    Py_ssize_t n;
    const char *t = PyUnicode_AsUTF8AndSize(s, &n);
    if (!t)
        return NULL;
    if ((size_t)n != strlen(t)) {
        PyErr_Format(PyExc_ValueError, "%s %R holds a NUL character", what, s);
        return NULL;
    }
    return t;
}

/* o as a whole number: an int or anything with __index__ (numpy's integers),
 * not a bool.  0 with *v set, or *over set when it does not fit a long long;
 * -1 with TypeError. */
static int whole_arg(PyObject *o, const char *what, long long *v, int *over)
{
    if (PyBool_Check(o) || !PyIndex_Check(o) || strcmp(Py_TYPE(o)->tp_name, "numpy.bool_") == 0) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    PyObject *i = PyNumber_Index(o);
    if (!i)
        return -1;
    *over = 0;
    *v = PyLong_AsLongLongAndOverflow(i, over);
    Py_DECREF(i);
    if (*v == -1 && PyErr_Occurred())
        return -1;
    return 0;
}

static const pv_task *task_named(PyObject *name)
{
    const char *n = text_arg(name, "task");
    if (!n)
        return NULL;
    const pv_task *t = pv_task_find(n);
    if (!t) {
        const char *s = pv_task_suggest(n);
        if (s)
            PyErr_Format(PyExc_ValueError, "unknown task '%s' (did you mean '%s'?)", n, s);
        else
            PyErr_Format(PyExc_ValueError, "unknown task '%s' (perceptv.tasks() lists them all)", n);
    }
    return t;
}

static PyObject *raise_status(int rc, const char *err)
{
    PyErr_SetString(rc == PV_EINTERNAL ? PyExc_RuntimeError : PyExc_ValueError, err);
    return NULL;
}

/* ---- Config ---- */

typedef struct {
    PyObject_HEAD
    pv_config *c;
    const pv_task *t;
} ConfigObject;

static void Config_dealloc(ConfigObject *self)
{
    pv_config_free(self->c);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Config_init(ConfigObject *self, PyObject *args, PyObject *kw)
{
    static char *names[] = {"task", "seed", "split", "grid_size", "scale", "frames", NULL};
    PyObject *task, *seed, *split = Py_None, *grid_obj = NULL, *frames_obj = NULL;
    double scale = 1.0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "UO|$OOdO", names, &task, &seed, &split, &grid_obj, &scale,
                                     &frames_obj))
        return -1;
    /* once: make() reads the configuration with the GIL released, so it never changes */
    if (self->c) {
        PyErr_SetString(PyExc_RuntimeError, "a Config is set up once (make another one)");
        return -1;
    }
    if (PyBool_Check(seed) || !PyIndex_Check(seed) || strcmp(Py_TYPE(seed)->tp_name, "numpy.bool_") == 0) {
        PyErr_Format(PyExc_TypeError, "seed must be an int, not %.100s", Py_TYPE(seed)->tp_name);
        return -1;
    }
    PyObject *seed_int = PyNumber_Index(seed);
    if (!seed_int)
        return -1;
    unsigned long long sd = PyLong_AsUnsignedLongLong(seed_int);
    if (sd == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "bad seed %R (expected a whole number 0..18446744073709551615)", seed_int);
        Py_DECREF(seed_int);
        return -1;
    }
    Py_DECREF(seed_int);
    long long grid = 6, frames = 0;
    int over = 0;
    if (grid_obj) {
        if (whole_arg(grid_obj, "grid_size", &grid, &over) != 0)
            return -1;
        if (over || grid < INT_MIN || grid > INT_MAX) {
            PyErr_Format(PyExc_ValueError, "bad --grid_size %R (expected 2..26)", grid_obj);
            return -1;
        }
    }
    if (frames_obj) {
        if (whole_arg(frames_obj, "frames", &frames, &over) != 0)
            return -1;
        if (over || frames < INT_MIN || frames > INT_MAX) {
            PyErr_Format(PyExc_ValueError, "bad --frames %R (expected a whole number from 2 to 64)", frames_obj);
            return -1;
        }
    }
    const pv_task *t = task_named(task);
    if (!t)
        return -1;
    pv_config *c = pv_config_new(t, (uint64_t)sd);
    if (!c) {
        PyErr_NoMemory();
        return -1;
    }
    char err[512];
    int rc = PV_OK;
    if (split != Py_None) {
        const char *sp = text_arg(split, "split");
        if (!sp) {
            pv_config_free(c);
            return -1;
        }
        rc = pv_config_set_split(c, sp, err, sizeof err);
    }
    if (rc == PV_OK)
        rc = pv_config_set_grid_size(c, (int)grid, err, sizeof err);
    if (rc == PV_OK)
        rc = pv_config_set_scale(c, scale, err, sizeof err);
    if (rc == PV_OK && frames != 0) /* 0: the task's own (16 frames for a video task, none for the others) */
        rc = pv_config_set_frames(c, (int)frames, err, sizeof err);
    if (rc != PV_OK) {
        pv_config_free(c);
        raise_status(rc, err);
        return -1;
    }
    self->c = c;
    self->t = t;
    return 0;
}

/* self's configuration, or NULL with RuntimeError (Config.__new__ without __init__). */
static pv_config *config_of(ConfigObject *self)
{
    if (!self->c)
        PyErr_SetString(PyExc_RuntimeError, "Config not initialised");
    return self->c;
}

/* A level for self's task: an int (not a bool) that fits a C int; a value past
 * one gets gen's own message for a level out of range, naming the value given. */
static int level_arg(ConfigObject *self, PyObject *o, int *level)
{
    long long v;
    int over;
    if (whole_arg(o, "a level", &v, &over) != 0)
        return -1;
    if (over > 0 || (!over && v > INT_MAX)) {
        PyErr_Format(PyExc_ValueError, "%s: level %R is above %d", pv_task_name(self->t), o, CLI_MAX_LEVEL);
        return -1;
    }
    if (over < 0 || v < INT_MIN) {
        PyErr_Format(PyExc_ValueError, "%s: level %R is below the lowest level %d", pv_task_name(self->t), o,
                     pv_task_lowest_level(self->t));
        return -1;
    }
    *level = (int)v;
    return 0;
}

static PyObject *Config_check_level(ConfigObject *self, PyObject *arg)
{
    if (!config_of(self))
        return NULL;
    int level;
    if (level_arg(self, arg, &level) != 0)
        return NULL;
    char err[512];
    int rc = pv_config_check_level(self->c, level, err, sizeof err);
    if (rc != PV_OK)
        return raise_status(rc, err);
    Py_RETURN_NONE;
}

/* The sample s holds as Python objects: images drawn into new arrays, record,
 * gold and prompt copied.  Anything here may run Python code (an allocation
 * can start the garbage collector), which may make other samples on this
 * thread: they go into other pv_samples (sample_take), never into s. */
static PyObject *sample_objects(pv_sample *s, char *err, size_t errlen)
{
    PyObject *record = PyUnicode_FromString(pv_sample_record(s));
    PyObject *gold = PyUnicode_FromString(pv_sample_gold(s));
    PyObject *prompt = PyUnicode_FromString(pv_sample_prompt(s));
    int n = pv_sample_image_count(s);
    PyObject *images = record && gold && prompt ? PyList_New(n) : NULL;
    /* Images of one size (a video task's frames, a pair's two when alike) are
     * views of one (n, h, w, 3) array: one allocation a sample, which glibc keeps in its heap from one
     * sample to the next; n separate arrays were trimmed from the heap's top and
     * faulted in again every other sample (docs/performance.md, "In-process"). */
    PyObject *block = NULL;
    int w0, h0, same = n > 1;
    if (same)
        pv_sample_image_size(s, 0, &w0, &h0);
    for (int k = 1; same && k < n; k++) {
        int w, h;
        pv_sample_image_size(s, k, &w, &h);
        same = w == w0 && h == h0;
    }
    if (images && same) {
        npy_intp dims[4] = {n, h0, w0, 3};
        block = PyArray_SimpleNew(4, dims, NPY_UINT8);
        if (!block)
            Py_CLEAR(images);
    }
    for (int k = 0; images && k < n; k++) {
        int w, h;
        pv_sample_image_size(s, k, &w, &h);
        npy_intp dims[3] = {h, w, 3};
        PyObject *a = block ? PySequence_GetItem(block, k) : PyArray_SimpleNew(3, dims, NPY_UINT8);
        if (!a) {
            Py_CLEAR(images);
            break;
        }
        uint8_t *dst = PyArray_DATA((PyArrayObject *)a);
        PyList_SET_ITEM(images, k, a);
        int rc;
        Py_BEGIN_ALLOW_THREADS
        rc = pv_sample_draw(s, k, dst, err, errlen);
        Py_END_ALLOW_THREADS
        if (rc != PV_OK) {
            Py_CLEAR(images);
            raise_status(rc, err);
        }
    }
    PyObject *r = images ? PyTuple_Pack(4, images, record, gold, prompt) : NULL;
    Py_XDECREF(block);
    Py_XDECREF(images);
    Py_XDECREF(record);
    Py_XDECREF(gold);
    Py_XDECREF(prompt);
    return r;
}

static PyObject *Config_make(ConfigObject *self, PyObject *args)
{
    PyObject *file_obj, *level_obj;
    if (!PyArg_ParseTuple(args, "OO", &file_obj, &level_obj) || !config_of(self))
        return NULL;
    long long file;
    int over, level;
    if (whole_arg(file_obj, "file", &file, &over) != 0)
        return NULL;
    if (over || file < 0 || file > GEN_MAX_FILE) {
        PyErr_Format(PyExc_ValueError, "file numbers %R .. %R are out of range (0 .. %ld)", file_obj, file_obj,
                     GEN_MAX_FILE);
        return NULL;
    }
    if (level_arg(self, level_obj, &level) != 0)
        return NULL;
    pv_sample *s = sample_take();
    if (!s)
        return PyErr_NoMemory();
    char err[1024];
    int rc;
    /* the scene and record, then each image drawn straight into its array */
    Py_BEGIN_ALLOW_THREADS
    rc = pv_make_scene(self->c, (int64_t)file, level, s, err, sizeof err);
    Py_END_ALLOW_THREADS
    PyObject *r = rc == PV_OK ? sample_objects(s, err, sizeof err) : raise_status(rc, err);
    sample_give(s);
    return r;
}

static PyMethodDef Config_methods[] = {
    {"make", (PyCFunction)Config_make, METH_VARARGS, "make(file, level) -> (images, record_json, gold, prompt)"},
    {"check_level", (PyCFunction)Config_check_level, METH_O, "check_level(level): ValueError if gen refuses it"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject ConfigType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "perceptv._perceptv.Config",
    .tp_basicsize = sizeof(ConfigObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Config(task, seed, split=None, grid_size=6, scale=1.0): what gen's options say",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Config_init,
    .tp_dealloc = (destructor)Config_dealloc,
    .tp_methods = Config_methods,
};

/* ---- functions ---- */

static PyObject *m_tasks(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    int n = pv_task_count();
    PyObject *l = PyList_New(n);
    for (int i = 0; l && i < n; i++)
        PyList_SET_ITEM(l, i, PyUnicode_FromString(pv_task_name(pv_task_at(i))));
    return l;
}

static PyObject *m_suggest(PyObject *self, PyObject *name)
{
    (void)self;
    const char *n = text_arg(name, "task");
    if (!n)
        return NULL;
    const char *s = pv_task_suggest(n);
    if (!s)
        Py_RETURN_NONE;
    return PyUnicode_FromString(s);
}

static PyObject *m_task_info(PyObject *self, PyObject *name)
{
    (void)self;
    const pv_task *t = task_named(name);
    if (!t)
        return NULL;
    char *prompt = pv_task_prompt(t);
    PyObject *r = Py_BuildValue("(iiiis)", pv_task_images(t), pv_task_level_min(t), pv_task_level_max(t),
                                pv_task_lowest_level(t), prompt);
    pv_free(prompt);
    return r;
}

static PyObject *m_score(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *task, *record_obj, *response;
    int strict;
    if (!PyArg_ParseTuple(args, "UUOp", &task, &record_obj, &response, &strict))
        return NULL;
    const char *record = text_arg(record_obj, "the record");
    if (!record)
        return NULL;
    if (!PyUnicode_Check(response)) {
        PyErr_Format(PyExc_TypeError, "the answer must be a str, not %.100s", Py_TYPE(response)->tp_name);
        return NULL;
    }
    const pv_task *t = task_named(task);
    if (!t)
        return NULL;
    Py_ssize_t len;
    const char *text = PyUnicode_AsUTF8AndSize(response, &len);
    if (!text)
        return NULL;
    pv_verdict *v = NULL;
    char err[512];
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = pv_score(t, record, text, (size_t)len, strict ? PV_PARSER_STRICT : PV_PARSER_RELEASE, &v, err, sizeof err);
    Py_END_ALLOW_THREADS
    if (rc != PV_OK)
        return raise_status(rc, err);
    const char *a = pv_verdict_answer(v), *e = pv_verdict_error(v);
    PyObject *r = Py_BuildValue("(Nzz)", PyBool_FromLong(pv_verdict_correct(v)), a, e);
    pv_verdict_free(v);
    return r;
}

/* parse_levels(text, limit): the levels of text as gen's --num_sizes reads them
 * (each white-space separated word one argument: "1..20", "1,2,5"), refused as
 * gen refuses them, and with ValueError as soon as there are more than limit
 * (the samples one run makes, over the samples a level). */
static PyObject *m_parse_levels(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *text_obj;
    long limit;
    if (!PyArg_ParseTuple(args, "Ul", &text_obj, &limit))
        return NULL;
    const char *text = text_arg(text_obj, "levels");
    if (!text)
        return NULL;
    char *copy = strdup(text), *save = NULL, err[512] = "";
    if (!copy)
        return PyErr_NoMemory();
    int *levels = NULL, n = 0, bad = 0, words = 0;
    for (char *w = strtok_r(copy, " \t\n\r\f\v", &save); w && !bad; w = strtok_r(NULL, " \t\n\r\f\v", &save)) {
        words++;
        bad = options_parse_levels(w, &levels, &n, err, sizeof err) != 0;
        if (!bad && n > limit) {
            snprintf(err, sizeof err, "more than %ld levels (one run makes at most %ld samples)", limit,
                     CLI_MAX_SAMPLES);
            bad = 1;
        }
    }
    free(copy);
    if (!bad && words == 0) {
        snprintf(err, sizeof err, "empty level list in --num_sizes");
        bad = 1;
    }
    PyObject *l = bad ? NULL : PyList_New(n);
    for (int i = 0; l && i < n; i++) {
        PyObject *v = PyLong_FromLong(levels[i]);
        if (!v)
            Py_CLEAR(l);
        else
            PyList_SET_ITEM(l, i, v);
    }
    free(levels);
    if (bad)
        PyErr_SetString(PyExc_ValueError, err);
    return l;
}

/* read_recipe(path): the bytes of a recipe file, read as gen recipe reads it (a
 * regular file, never a FIFO or device, of at most 1 MiB, checked before a byte
 * is read); FileNotFoundError or ValueError with gen's message. */
static PyObject *m_read_recipe(PyObject *self, PyObject *arg)
{
    (void)self;
    PyObject *path_bytes = NULL;
    if (!PyUnicode_FSConverter(arg, &path_bytes))
        return NULL;
    char *text = NULL, err[1024];
    size_t len = 0;
    int rc, missing;
    Py_BEGIN_ALLOW_THREADS
    rc = recipe_read_text(PyBytes_AS_STRING(path_bytes), &text, &len, err, sizeof err);
    missing = rc != 0 && errno == ENOENT;
    Py_END_ALLOW_THREADS
    Py_DECREF(path_bytes);
    if (rc != 0) {
        PyErr_Format(missing ? PyExc_FileNotFoundError : PyExc_ValueError, "recipe: %s", err);
        return NULL;
    }
    PyObject *r = PyBytes_FromStringAndSize(text, (Py_ssize_t)len);
    free(text);
    return r;
}

/* check_recipe(text, label): the recipe checked by gen recipe's own checks and
 * normalised (recipe_check_text); label names it in messages (None: none). */
static PyObject *m_check_recipe(PyObject *self, PyObject *args)
{
    (void)self;
    Py_buffer text;
    PyObject *label_obj;
    if (!PyArg_ParseTuple(args, "y*O", &text, &label_obj))
        return NULL;
    const char *label = label_obj == Py_None ? NULL : text_arg(label_obj, "the recipe's name");
    if (!label && label_obj != Py_None) {
        PyBuffer_Release(&text);
        return NULL;
    }
    char err[1024] = "";
    char *out = recipe_check_text(text.buf, (size_t)text.len, label, err, sizeof err);
    PyBuffer_Release(&text);
    if (!out) {
        PyErr_SetString(PyExc_ValueError, err);
        return NULL;
    }
    PyObject *r = PyUnicode_FromString(out);
    free(out);
    return r;
}

static PyMethodDef module_methods[] = {
    {"parse_levels", m_parse_levels, METH_VARARGS, "parse_levels(text, limit) -> levels, as gen's --num_sizes"},
    {"read_recipe", m_read_recipe, METH_O, "read_recipe(path) -> the file's bytes, read as gen recipe reads it"},
    {"check_recipe", m_check_recipe, METH_VARARGS, "check_recipe(text, label) -> the recipe normalised (JSON)"},
    {"tasks", m_tasks, METH_NOARGS, "tasks() -> the task names"},
    {"suggest", m_suggest, METH_O, "suggest(name) -> the closest task name, or None"},
    {"task_info", m_task_info, METH_O, "task_info(name) -> (images, level_min, level_max, lowest_level, prompt)"},
    {"score", m_score, METH_VARARGS, "score(task, record_json, response, strict) -> (correct, answer_json, error)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_perceptv", "gen in-process (libperceptv)", -1,
                                    module_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__perceptv(void)
{
    import_array();
    if (PyType_Ready(&ConfigType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    Py_INCREF(&ConfigType);
    if (PyModule_AddObject(m, "Config", (PyObject *)&ConfigType) < 0 ||
        PyModule_AddStringConstant(m, "LIBRARY_VERSION", pv_version()) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
