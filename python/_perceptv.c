/* _perceptv.c - the CPython extension under the perceptv package
 * (python/perceptv/__init__.py): a thin layer over lib/include/perceptv.h.
 *
 *   Config(task, seed, split=None, grid_size=6, scale=1.0, frames=0)   frames: a video task's (0: 16)
 *       .make(file, level) -> (images, record, gold, prompt)   images: list of HxWx3 uint8 arrays
 *                                 (a video task: its frames in order); prompt: the text a model sees
 *       .check_level(level)                           ValueError with gen's message
 *   tasks() -> list of names; suggest(name) -> str or None
 *   task_info(name) -> (images, level_min, level_max, lowest_level, prompt)
 *   score(task, record_json, response, strict) -> (correct, answer_json or None, error or None)
 *
 * Making a sample releases the GIL; each thread makes into a pv_sample of its
 * own (kept per thread, freed when the thread ends). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include "perceptv.h"

#include <pthread.h>
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

/* This thread's sample (NULL only when out of memory). */
static pv_sample *thread_sample(void)
{
    pthread_once(&sample_once, sample_key_make);
    pv_sample *s = pthread_getspecific(sample_key);
    if (!s) {
        s = pv_sample_new();
        if (s)
            pthread_setspecific(sample_key, s);
    }
    return s;
}

static const pv_task *task_named(PyObject *name)
{
    const char *n = PyUnicode_AsUTF8(name);
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
    PyObject *task, *seed, *split = Py_None;
    int grid = 6, frames = 0;
    double scale = 1.0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "UO|$Oidi", names, &task, &seed, &split, &grid, &scale, &frames))
        return -1;
    PyObject *seed_obj = seed;
    if (!PyLong_Check(seed_obj) || PyBool_Check(seed_obj)) {
        PyErr_Format(PyExc_TypeError, "seed must be an int, not %.100s", Py_TYPE(seed_obj)->tp_name);
        return -1;
    }
    unsigned long long sd = PyLong_AsUnsignedLongLong(seed_obj);
    if (sd == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyObject *r = PyObject_Repr(seed_obj);
        PyErr_Format(PyExc_ValueError, "bad seed %s (expected a whole number 0..18446744073709551615)",
                     r ? PyUnicode_AsUTF8(r) : "?");
        Py_XDECREF(r);
        return -1;
    }
    const pv_task *t = task_named(task);
    if (!t)
        return -1;
    pv_config_free(self->c);
    self->c = pv_config_new(t, (uint64_t)sd);
    self->t = t;
    if (!self->c) {
        PyErr_NoMemory();
        return -1;
    }
    char err[512];
    int rc = PV_OK;
    if (split != Py_None) {
        const char *sp = PyUnicode_Check(split) ? PyUnicode_AsUTF8(split) : NULL;
        if (!sp) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "split must be a str or None");
            return -1;
        }
        rc = pv_config_set_split(self->c, sp, err, sizeof err);
    }
    if (rc == PV_OK)
        rc = pv_config_set_grid_size(self->c, grid, err, sizeof err);
    if (rc == PV_OK)
        rc = pv_config_set_scale(self->c, scale, err, sizeof err);
    if (rc == PV_OK && frames != 0) /* 0: the task's own (16 frames for a video task, none for the others) */
        rc = pv_config_set_frames(self->c, frames, err, sizeof err);
    if (rc != PV_OK) {
        raise_status(rc, err);
        return -1;
    }
    return 0;
}

static PyObject *Config_check_level(ConfigObject *self, PyObject *arg)
{
    int level = (int)PyLong_AsLong(arg);
    if (level == -1 && PyErr_Occurred())
        return NULL;
    char err[512];
    int rc = pv_config_check_level(self->c, level, err, sizeof err);
    if (rc != PV_OK)
        return raise_status(rc, err);
    Py_RETURN_NONE;
}

static PyObject *Config_make(ConfigObject *self, PyObject *args)
{
    long long file;
    int level;
    if (!PyArg_ParseTuple(args, "Li", &file, &level))
        return NULL;
    if (!self->c) {
        PyErr_SetString(PyExc_RuntimeError, "Config not initialised");
        return NULL;
    }
    pv_sample *s = thread_sample();
    if (!s)
        return PyErr_NoMemory();
    char err[1024];
    int rc;
    /* the scene and record, then each image drawn straight into its array */
    Py_BEGIN_ALLOW_THREADS
    rc = pv_make_scene(self->c, (int64_t)file, level, s, err, sizeof err);
    Py_END_ALLOW_THREADS
    if (rc != PV_OK)
        return raise_status(rc, err);
    int n = pv_sample_image_count(s);
    PyObject *images = PyList_New(n);
    if (!images)
        return NULL;
    for (int k = 0; k < n; k++) {
        int w, h;
        pv_sample_image_size(s, k, &w, &h);
        npy_intp dims[3] = {h, w, 3};
        PyObject *a = PyArray_SimpleNew(3, dims, NPY_UINT8);
        if (!a) {
            Py_DECREF(images);
            return NULL;
        }
        uint8_t *dst = PyArray_DATA((PyArrayObject *)a);
        PyList_SET_ITEM(images, k, a);
        Py_BEGIN_ALLOW_THREADS
        rc = pv_sample_draw(s, k, dst, err, sizeof err);
        Py_END_ALLOW_THREADS
        if (rc != PV_OK) {
            Py_DECREF(images);
            return raise_status(rc, err);
        }
    }
    return Py_BuildValue("(Nsss)", images, pv_sample_record(s), pv_sample_gold(s), pv_sample_prompt(s));
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
    const char *n = PyUnicode_AsUTF8(name);
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
    PyObject *task, *response;
    const char *record;
    int strict;
    if (!PyArg_ParseTuple(args, "UsOp", &task, &record, &response, &strict))
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

static PyMethodDef module_methods[] = {
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
