/*
 * navrouter._speedups: Registry.resolve in one C call from Python, for CPython 3.10 and later (the stable ABI, so one
 * build serves every later version). The ctypes path in _speed.py does the same in Python and stays the fallback
 * (PyPy, Python 3.9, a package built without a C compiler, NAVROUTER_PYTHON_SPEEDUPS=0).
 *
 * What it does and nothing more: the URL's UTF-8 from the str, the library's navrouter_registry_resolve_packed(),
 * and the packed match turned into a navrouter.Match. Routing stays in the library; the errors are the Python side's
 * (bind() hands over the function that makes them, and the ctypes path for URLs this one does not take). The module
 * links nothing: bind() also hands it the address of the loaded library's function.
 *
 * Threading: no state but what bind() sets once, under the GIL; the packed match goes to a buffer on the calling
 * thread's stack (or a heap buffer for a match larger than it), so concurrent calls share nothing.
 */
#define Py_LIMITED_API 0x030A0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The library's types and constants; its functions are not linked: bind() hands over the one this module calls. */
#include "navrouter.h"

typedef __typeof__(navrouter_registry_resolve_packed) *resolve_packed_function;

/* Set once by bind(): the library's function, navrouter.Match, tuple's tp_new, and the Python callables. */
typedef struct {
    resolve_packed_function resolve_packed;
    PyObject *match_type;
    newfunc tuple_new;
    PyObject *json_loads;
    PyObject *error_for_status;
    PyObject *fallback;
} speedups_state;

static speedups_state *state_of(PyObject *module) {
    return (speedups_state *)PyModule_GetState(module);
}

/* Reads the NUL-terminated strings of a packed match in order, each checked to end inside the buffer. */
typedef struct {
    const char *next;
    const char *end;
} string_reader;

/* The next string as a str (a new reference), or NULL with an exception set. */
static PyObject *read_string(string_reader *reader) {
    const char *start = reader->next;
    const char *nul = start < reader->end ? memchr(start, 0, (size_t)(reader->end - start)) : NULL;
    if (nul == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "navrouter: a packed match ended early");
        return NULL;
    }
    reader->next = nul + 1;
    return PyUnicode_DecodeUTF8(start, nul - start, NULL);
}

/* count (name, value) pairs into a new dict; NULL with an exception set. */
static PyObject *read_dict(string_reader *reader, uint32_t count) {
    PyObject *dict = PyDict_New();
    for (uint32_t i = 0; dict != NULL && i < count; i++) {
        PyObject *name = read_string(reader);
        PyObject *value = name == NULL ? NULL : read_string(reader);
        if (value == NULL || PyDict_SetItem(dict, name, value) < 0) {
            Py_CLEAR(dict);
        }
        Py_XDECREF(name);
        Py_XDECREF(value);
    }
    return dict;
}

/* count (name, value) pairs into a new list of 2-tuples; NULL with an exception set. */
static PyObject *read_pairs(string_reader *reader, uint32_t count) {
    PyObject *list = PyList_New(count);
    for (uint32_t i = 0; list != NULL && i < count; i++) {
        PyObject *name = read_string(reader);
        PyObject *value = name == NULL ? NULL : read_string(reader);
        PyObject *pair = value == NULL ? NULL : PyTuple_Pack(2, name, value);
        Py_XDECREF(name);
        Py_XDECREF(value);
        if (pair == NULL) {
            Py_CLEAR(list);
        } else {
            PyList_SetItem(list, i, pair); /* steals pair */
        }
    }
    return list;
}

/* The optional string of a flag, or None (a new reference either way); NULL with an exception set. */
static PyObject *read_optional(string_reader *reader, uint32_t flags, uint32_t flag) {
    if (!(flags & flag)) {
        return Py_NewRef(Py_None);
    }
    return read_string(reader);
}

/* A navrouter.Match from a packed match of size bytes (see navrouter_packed_match); NULL with an exception set. */
static PyObject *decode(speedups_state *state, PyObject *url, const void *packed, size_t size) {
    navrouter_packed_match head;
    if (size < sizeof head + 1) {
        PyErr_SetString(PyExc_RuntimeError, "navrouter: a packed match is shorter than its head");
        return NULL;
    }
    memcpy(&head, packed, sizeof head);
    string_reader reader = {(const char *)packed + sizeof head, (const char *)packed + size};
    PyObject *fields[8] = {NULL};
    fields[0] = read_string(&reader);
    fields[1] = Py_NewRef(url);
    fields[3] = fields[0] == NULL ? NULL : read_dict(&reader, head.path_parameter_count);
    fields[4] = fields[3] == NULL ? NULL : read_pairs(&reader, head.query_item_count);
    if (fields[4] != NULL) {
        /* The merged parameters: their own pairs when there are query items, else the path parameters' copy. */
        fields[2] =
            head.merged_parameter_count ? read_dict(&reader, head.merged_parameter_count) : PyDict_Copy(fields[3]);
    }
    fields[5] = fields[2] == NULL ? NULL : read_optional(&reader, head.flags, NAVROUTER_PACKED_REMAINDER);
    fields[6] = fields[5] == NULL ? NULL : read_optional(&reader, head.flags, NAVROUTER_PACKED_FRAGMENT);
    PyObject *props = fields[6] == NULL ? NULL : read_optional(&reader, head.flags, NAVROUTER_PACKED_PROPS);
    if (props != NULL && props != Py_None) {
        fields[7] = PyObject_CallFunctionObjArgs(state->json_loads, props, NULL);
        Py_DECREF(props);
    } else {
        fields[7] = props;
    }
    PyObject *match = NULL;
    PyObject *tuple = fields[7] == NULL ? NULL : PyTuple_New(8);
    for (int i = 0; tuple != NULL && i < 8; i++) {
        PyTuple_SetItem(tuple, i, fields[i]); /* steals */
        fields[i] = NULL;
    }
    PyObject *arguments = tuple == NULL ? NULL : PyTuple_Pack(1, tuple);
    Py_XDECREF(tuple);
    if (arguments != NULL) { /* tuple.__new__(Match, fields), as NamedTuple's _make does without its Python frame */
        match = state->tuple_new((PyTypeObject *)state->match_type, arguments, NULL);
        Py_DECREF(arguments);
    }
    for (int i = 0; i < 8; i++) {
        Py_XDECREF(fields[i]);
    }
    return match;
}

/* An address passed as an int; NULL with an exception set (ValueError saying what_is_needed for 0). */
static void *address_argument(PyObject *value, const char *what_is_needed) {
    void *address = PyLong_AsVoidPtr(value);
    if (address == NULL && !PyErr_Occurred()) {
        PyErr_SetString(PyExc_ValueError, what_is_needed);
    }
    return address;
}

/* Raises the error of a failed resolve: the exception error_for_status(status) makes (it reads this thread's
 * navrouter_last_error(), which nothing has overwritten since). Returns NULL. */
static PyObject *raise_status(speedups_state *state, int status) {
    PyObject *error = PyObject_CallFunction(state->error_for_status, "i", status);
    if (error != NULL) {
        PyErr_SetObject((PyObject *)Py_TYPE(error), error);
        Py_DECREF(error);
    }
    return NULL;
}

/*
 * resolve(registry_address: int, url: str) -> Match, raising as Registry.resolve does. A URL this path does not take
 * (not a str, a NUL or a lone surrogate in it) goes to the ctypes path (fallback), which says what is wrong or passes
 * the surrogate as surrogatepass does.
 */
static PyObject *speedups_resolve(PyObject *module, PyObject *const *args, Py_ssize_t count) {
    speedups_state *state = state_of(module);
    if (count != 2) {
        PyErr_SetString(PyExc_TypeError, "resolve() takes a registry address and a URL");
        return NULL;
    }
    if (state->resolve_packed == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "navrouter._speedups: bind() was not called");
        return NULL;
    }
    void *registry = address_argument(args[0], "resolve() needs a registry's address");
    if (registry == NULL) {
        return NULL;
    }
    PyObject *url = args[1];
    Py_ssize_t length = 0;
    const char *bytes = PyUnicode_Check(url) ? PyUnicode_AsUTF8AndSize(url, &length) : NULL;
    if (bytes == NULL || memchr(bytes, 0, (size_t)length) != NULL) {
        PyErr_Clear();
        return PyObject_CallFunctionObjArgs(state->fallback, args[0], url, NULL);
    }
    /* Safety: buffer is uint32-aligned and capacity bytes long; bytes (url's UTF-8, kept by the str) stays valid
     * while the GIL is released, as the caller holds url. The GIL is released as ctypes releases it: a thread that
     * holds it through every call starves the threads that give it up at each foreign call (each then waits for
     * the interpreter's switch interval, 5 ms, to get it back), and the first resolve after a change of routes
     * compiles the table, which other threads need not wait for. */
    uint32_t stack[1024];
    void *buffer = stack;
    size_t capacity = sizeof stack;
    size_t size = 0;
    PyThreadState *thread = PyEval_SaveThread();
    int status = state->resolve_packed(registry, bytes, (size_t)length, buffer, capacity, &size);
    if (status == NAVROUTER_ELIMIT && size > capacity) {
        buffer = malloc(size); /* not PyMem_Malloc: the GIL is released */
        if (buffer != NULL) {
            capacity = size;
            status = state->resolve_packed(registry, bytes, (size_t)length, buffer, capacity, &size);
        }
    }
    PyEval_RestoreThread(thread);
    if (buffer == NULL) {
        return PyErr_NoMemory();
    }
    PyObject *result = status < 0 ? raise_status(state, status) : decode(state, url, buffer, size);
    if (buffer != stack) {
        free(buffer);
    }
    return result;
}

/*
 * bind(resolve_packed_address: int, match_type, json_loads, error_for_status, fallback): before resolve(); a later
 * call changes nothing. error_for_status(status) makes the exception of a failed resolve; fallback(address, url)
 * resolves what this path does not take.
 */
static PyObject *speedups_bind(PyObject *module, PyObject *const *args, Py_ssize_t count) {
    speedups_state *state = state_of(module);
    if (count != 5) {
        PyErr_SetString(PyExc_TypeError, "bind() takes 5 arguments");
        return NULL;
    }
    void *function = address_argument(args[0], "bind() needs the address of navrouter_registry_resolve_packed");
    if (function == NULL) {
        return NULL;
    }
    if (!PyType_Check(args[1]) || !PyType_IsSubtype((PyTypeObject *)args[1], &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "bind() needs a tuple type for the match");
        return NULL;
    }
    if (!PyCallable_Check(args[2]) || !PyCallable_Check(args[3]) || !PyCallable_Check(args[4])) {
        PyErr_SetString(PyExc_TypeError, "bind() needs json_loads, error_for_status and fallback callables");
        return NULL;
    }
    if (state->resolve_packed == NULL) {
        state->match_type = Py_NewRef(args[1]);
        state->json_loads = Py_NewRef(args[2]);
        state->error_for_status = Py_NewRef(args[3]);
        state->fallback = Py_NewRef(args[4]);
        state->tuple_new = (newfunc)PyType_GetSlot(&PyTuple_Type, Py_tp_new);
        state->resolve_packed = (resolve_packed_function)function; /* the loaded library's, as ctypes found it */
    }
    Py_RETURN_NONE;
}

static int speedups_traverse(PyObject *module, visitproc visit, void *arg) {
    speedups_state *state = state_of(module);
    Py_VISIT(state->match_type);
    Py_VISIT(state->json_loads);
    Py_VISIT(state->error_for_status);
    Py_VISIT(state->fallback);
    return 0;
}

static int speedups_clear(PyObject *module) {
    speedups_state *state = state_of(module);
    Py_CLEAR(state->match_type);
    Py_CLEAR(state->json_loads);
    Py_CLEAR(state->error_for_status);
    Py_CLEAR(state->fallback);
    return 0;
}

static void speedups_free(void *module) {
    speedups_clear((PyObject *)module);
}

static PyMethodDef speedups_methods[] = {
    {"resolve", (PyCFunction)(void (*)(void))speedups_resolve, METH_FASTCALL,
     "resolve(registry_address, url) -> Match"},
    {"bind", (PyCFunction)(void (*)(void))speedups_bind, METH_FASTCALL,
     "bind(resolve_packed_address, match_type, json_loads, error_for_status, fallback)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef speedups_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "navrouter._speedups",
    .m_doc = "Registry.resolve in one C call (the binding's; not an API).",
    .m_size = sizeof(speedups_state),
    .m_methods = speedups_methods,
    .m_traverse = speedups_traverse,
    .m_clear = speedups_clear,
    .m_free = speedups_free,
};

PyMODINIT_FUNC PyInit__speedups(void) {
    return PyModuleDef_Init(&speedups_module);
}
