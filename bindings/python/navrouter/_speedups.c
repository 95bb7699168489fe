/*
 * navrouter._speedups: Registry.resolve, Registry.lookup and a navigator event's data in one C call each from Python,
 * for CPython 3.10 and later (the stable ABI, so one build serves every later version). The ctypes paths in _speed.py
 * do the same in Python and stay the fallback (PyPy, Python 3.9, a package built without a C compiler,
 * NAVROUTER_PYTHON_SPEEDUPS=0).
 *
 * What it does and nothing more: the URL's UTF-8 from the str, the library's navrouter_registry_resolve_packed(),
 * navrouter_registry_lookup() or event accessors, and what they gave turned into a navrouter.Match, the look-up's
 * tuple or the event's data. Routing stays in the library; the errors are the Python side's (bind() hands over the
 * function that makes them, and the ctypes paths for arguments this module does not take). The module links nothing:
 * bind() also hands it the addresses of the loaded library's functions.
 *
 * Threading: no state but what bind() sets once, under the GIL; a call's output goes to buffers on the calling
 * thread's stack (or a heap buffer for a match larger than it), so concurrent calls share nothing.
 */
#define Py_LIMITED_API 0x030A0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The library's types and constants; its functions are not linked: bind() hands over the ones this module calls. */
#include "navrouter.h"

/* The library's functions this module calls (bind() takes their addresses by name; LIBRARY_FUNCTIONS lists them). */
#define FOR_EACH_LIBRARY_FUNCTION(F)                                                                                   \
    F(navrouter_registry_resolve_packed)                                                                               \
    F(navrouter_registry_lookup)                                                                                       \
    F(navrouter_event_kind)                                                                                            \
    F(navrouter_event_transition)                                                                                      \
    F(navrouter_event_ticket)                                                                                          \
    F(navrouter_event_json)

/* Each function's pointer, typed from its declaration in navrouter.h. */
typedef struct {
#define LIBRARY_FUNCTION_POINTER(name) __typeof__(name) *name;
    FOR_EACH_LIBRARY_FUNCTION(LIBRARY_FUNCTION_POINTER)
#undef LIBRARY_FUNCTION_POINTER
} library_functions;

static const char *const library_function_names[] = {
#define LIBRARY_FUNCTION_NAME(name) #name,
    FOR_EACH_LIBRARY_FUNCTION(LIBRARY_FUNCTION_NAME)
#undef LIBRARY_FUNCTION_NAME
};
enum { LIBRARY_FUNCTION_COUNT = sizeof library_function_names / sizeof library_function_names[0] };

/* Set once by bind(): the library's functions, navrouter.Match, tuple's tp_new, and the Python callables. */
typedef struct {
    bool bound;
    library_functions library;
    PyObject *match_type;
    newfunc tuple_new;
    PyObject *json_loads;
    PyObject *error_for_status;
    PyObject *resolve_fallback;
    PyObject *lookup_fallback;
    PyObject *event_fallback;
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

/* Raises the error of a failed library call: the exception error_for_status(status) makes (it reads this thread's
 * navrouter_last_error(), which nothing has overwritten since). Returns NULL. */
static PyObject *raise_status(speedups_state *state, int status) {
    PyObject *error = PyObject_CallFunction(state->error_for_status, "i", status);
    if (error != NULL) {
        PyErr_SetObject((PyObject *)Py_TYPE(error), error);
        Py_DECREF(error);
    }
    return NULL;
}

/* A call's URL, as resolve() and lookup() take it. */
typedef struct {
    void *registry;
    const char *bytes; /* the str's own UTF-8 (kept by the str) */
    Py_ssize_t length;
} url_call;

/*
 * Reads (registry_address: int, url: str) into call: 1 when it is read, 0 when this module does not take the URL
 * (not a str, a NUL or a lone surrogate in it: the ctypes path says what is wrong, or passes the surrogate as
 * surrogatepass does), -1 with an exception set.
 */
static int read_url_call(speedups_state *state, const char *name, PyObject *const *args, Py_ssize_t count,
                         url_call *call) {
    if (count != 2) {
        PyErr_Format(PyExc_TypeError, "%s() takes a registry address and a URL", name);
        return -1;
    }
    if (!state->bound) {
        PyErr_SetString(PyExc_RuntimeError, "navrouter._speedups: bind() was not called");
        return -1;
    }
    call->registry = address_argument(args[0], "a registry's address is needed");
    if (call->registry == NULL) {
        return -1;
    }
    PyObject *url = args[1];
    call->bytes = PyUnicode_Check(url) ? PyUnicode_AsUTF8AndSize(url, &call->length) : NULL;
    if (call->bytes == NULL || memchr(call->bytes, 0, (size_t)call->length) != NULL) {
        PyErr_Clear();
        return 0;
    }
    return 1;
}

/* resolve(registry_address: int, url: str) -> Match, raising as Registry.resolve does (see read_url_call). */
static PyObject *speedups_resolve(PyObject *module, PyObject *const *args, Py_ssize_t count) {
    speedups_state *state = state_of(module);
    url_call call;
    int read = read_url_call(state, "resolve", args, count, &call);
    if (read <= 0) {
        return read < 0 ? NULL : PyObject_CallFunctionObjArgs(state->resolve_fallback, args[0], args[1], NULL);
    }
    /* Safety: buffer is uint32-aligned and capacity bytes long; call.bytes (the URL's UTF-8, kept by the str) stays
     * valid while the GIL is released, as the caller holds the URL. The GIL is released as ctypes releases it: a
     * thread that holds it through every call starves the threads that give it up at each foreign call (each then
     * waits for the interpreter's switch interval, 5 ms, to get it back), and the first resolve after a change of
     * routes compiles the table, which other threads need not wait for. */
    uint32_t stack[1024];
    void *buffer = stack;
    size_t capacity = sizeof stack;
    size_t size = 0;
    PyThreadState *thread = PyEval_SaveThread();
    int status = state->library.navrouter_registry_resolve_packed(call.registry, call.bytes, (size_t)call.length,
                                                                  buffer, capacity, &size);
    if (status == NAVROUTER_ELIMIT && size > capacity) {
        buffer = malloc(size); /* not PyMem_Malloc: the GIL is released */
        if (buffer != NULL) {
            capacity = size;
            status = state->library.navrouter_registry_resolve_packed(call.registry, call.bytes, (size_t)call.length,
                                                                      buffer, capacity, &size);
        }
    }
    PyEval_RestoreThread(thread);
    if (buffer == NULL) {
        return PyErr_NoMemory();
    }
    PyObject *result = status < 0 ? raise_status(state, status) : decode(state, args[1], buffer, size);
    if (buffer != stack) {
        free(buffer);
    }
    return result;
}

/*
 * lookup(registry_address: int, url: str) -> (route_index, [(start, end), ...]): navrouter_registry_lookup() with
 * room for 64 segments, raising as Registry.lookup does (see read_url_call).
 */
static PyObject *speedups_lookup(PyObject *module, PyObject *const *args, Py_ssize_t count) {
    speedups_state *state = state_of(module);
    url_call call;
    int read = read_url_call(state, "lookup", args, count, &call);
    if (read <= 0) {
        return read < 0 ? NULL : PyObject_CallFunctionObjArgs(state->lookup_fallback, args[0], args[1], NULL);
    }
    navrouter_range segments[64];
    uint32_t index = 0;
    size_t found = 0;
    /* Safety: segments holds the 64 ranges passed as its capacity; call.bytes as in resolve(). */
    PyThreadState *thread = PyEval_SaveThread();
    int status = state->library.navrouter_registry_lookup(call.registry, call.bytes, (size_t)call.length, &index,
                                                          segments, 64, &found);
    PyEval_RestoreThread(thread);
    if (status < 0) {
        return raise_status(state, status);
    }
    PyObject *ranges = PyList_New((Py_ssize_t)found);
    for (size_t i = 0; ranges != NULL && i < found; i++) {
        PyObject *range = Py_BuildValue("(II)", segments[i].start, segments[i].end);
        if (range == NULL) {
            Py_CLEAR(ranges);
        } else {
            PyList_SetItem(ranges, (Py_ssize_t)i, range); /* steals range */
        }
    }
    return ranges == NULL ? NULL : Py_BuildValue("(IN)", index, ranges); /* N: steals ranges */
}

/*
 * event_data(event_address: int) -> (transition, ticket) for a state_changed event (half of all events), else the
 * event's JSON parsed by json.loads (a dict): what a navigator's Event is made from, without a ctypes call per field.
 * Called inside the navigator callback, while the event is valid. None (no event) goes to the ctypes path.
 */
static PyObject *speedups_event_data(PyObject *module, PyObject *const *args, Py_ssize_t count) {
    speedups_state *state = state_of(module);
    if (count != 1) {
        PyErr_SetString(PyExc_TypeError, "event_data() takes an event's address");
        return NULL;
    }
    if (!state->bound) {
        PyErr_SetString(PyExc_RuntimeError, "navrouter._speedups: bind() was not called");
        return NULL;
    }
    if (args[0] == Py_None) {
        return PyObject_CallFunctionObjArgs(state->event_fallback, args[0], NULL);
    }
    const navrouter_event *event = address_argument(args[0], "an event's address is needed");
    if (event == NULL) {
        return NULL;
    }
    /* Safety: the address is the navigator callback's event, valid for the whole callback (the caller's frame). */
    if (state->library.navrouter_event_kind(event) == NAVROUTER_EVENT_STATE_CHANGED) {
        return Py_BuildValue("(KK)", (unsigned long long)state->library.navrouter_event_transition(event),
                             (unsigned long long)state->library.navrouter_event_ticket(event));
    }
    const char *json = state->library.navrouter_event_json(event); /* owned by the event */
    if (json == NULL) {                                            /* the ctypes path says what is wrong */
        return PyObject_CallFunctionObjArgs(state->event_fallback, args[0], NULL);
    }
    PyObject *text = PyUnicode_FromString(json);
    PyObject *data = text == NULL ? NULL : PyObject_CallFunctionObjArgs(state->json_loads, text, NULL);
    Py_XDECREF(text);
    return data;
}

/*
 * bind(functions: dict[str, int], match_type, json_loads, error_for_status, resolve_fallback, lookup_fallback,
 * event_fallback): before any other call; a later call changes nothing. functions maps each name in
 * LIBRARY_FUNCTIONS to its address in the loaded library. error_for_status(status) makes the exception of a failed
 * call; the fallbacks take the arguments this module does not take.
 */
static PyObject *speedups_bind(PyObject *module, PyObject *const *args, Py_ssize_t count) {
    speedups_state *state = state_of(module);
    if (count != 7) {
        PyErr_SetString(PyExc_TypeError, "bind() takes 7 arguments");
        return NULL;
    }
    if (!PyDict_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "bind() needs a dict of the library's function addresses by name");
        return NULL;
    }
    void *addresses[LIBRARY_FUNCTION_COUNT];
    for (int i = 0; i < LIBRARY_FUNCTION_COUNT; i++) {
        PyObject *address = PyDict_GetItemString(args[0], library_function_names[i]); /* borrowed */
        if (address == NULL) {
            PyErr_Format(PyExc_ValueError, "bind() needs the address of %s", library_function_names[i]);
            return NULL;
        }
        addresses[i] = address_argument(address, "bind() needs the library functions' addresses, not 0");
        if (addresses[i] == NULL) {
            return NULL;
        }
    }
    if (!PyType_Check(args[1]) || !PyType_IsSubtype((PyTypeObject *)args[1], &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "bind() needs a tuple type for the match");
        return NULL;
    }
    for (int i = 2; i < 7; i++) {
        if (!PyCallable_Check(args[i])) {
            PyErr_SetString(PyExc_TypeError, "bind() needs json_loads, error_for_status and the fallbacks callable");
            return NULL;
        }
    }
    newfunc tuple_new = (newfunc)PyType_GetSlot(&PyTuple_Type, Py_tp_new); /* NULL before 3.10 (static type) */
    if (tuple_new == NULL) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_RuntimeError, "navrouter._speedups needs CPython 3.10 or later");
        }
        return NULL;
    }
    if (!state->bound) {
        /* the loaded library's functions, as ctypes found them, in the order of library_function_names */
        memcpy(&state->library, addresses, sizeof state->library);
        state->match_type = Py_NewRef(args[1]);
        state->json_loads = Py_NewRef(args[2]);
        state->error_for_status = Py_NewRef(args[3]);
        state->resolve_fallback = Py_NewRef(args[4]);
        state->lookup_fallback = Py_NewRef(args[5]);
        state->event_fallback = Py_NewRef(args[6]);
        state->tuple_new = tuple_new;
        state->bound = true;
    }
    Py_RETURN_NONE;
}

/* The module's LIBRARY_FUNCTIONS: the names bind() needs addresses of. */
static int speedups_exec(PyObject *module) {
    PyObject *names = PyTuple_New(LIBRARY_FUNCTION_COUNT);
    for (int i = 0; names != NULL && i < LIBRARY_FUNCTION_COUNT; i++) {
        PyObject *name = PyUnicode_FromString(library_function_names[i]);
        if (name == NULL) {
            Py_CLEAR(names);
        } else {
            PyTuple_SetItem(names, i, name); /* steals name */
        }
    }
    if (names == NULL) {
        return -1;
    }
    int added = PyModule_AddObjectRef(module, "LIBRARY_FUNCTIONS", names);
    Py_DECREF(names);
    return added;
}

static int speedups_traverse(PyObject *module, visitproc visit, void *arg) {
    speedups_state *state = state_of(module);
    Py_VISIT(state->match_type);
    Py_VISIT(state->json_loads);
    Py_VISIT(state->error_for_status);
    Py_VISIT(state->resolve_fallback);
    Py_VISIT(state->lookup_fallback);
    Py_VISIT(state->event_fallback);
    return 0;
}

static int speedups_clear(PyObject *module) {
    speedups_state *state = state_of(module);
    Py_CLEAR(state->match_type);
    Py_CLEAR(state->json_loads);
    Py_CLEAR(state->error_for_status);
    Py_CLEAR(state->resolve_fallback);
    Py_CLEAR(state->lookup_fallback);
    Py_CLEAR(state->event_fallback);
    return 0;
}

static void speedups_free(void *module) {
    speedups_clear((PyObject *)module);
}

static PyMethodDef speedups_methods[] = {
    {"resolve", (PyCFunction)(void (*)(void))speedups_resolve, METH_FASTCALL,
     "resolve(registry_address, url) -> Match"},
    {"bind", (PyCFunction)(void (*)(void))speedups_bind, METH_FASTCALL,
     "bind(functions, match_type, json_loads, error_for_status, resolve_fallback, lookup_fallback, event_fallback)"},
    {"lookup", (PyCFunction)(void (*)(void))speedups_lookup, METH_FASTCALL,
     "lookup(registry_address, url) -> (route_index, [(start, end), ...])"},
    {"event_data", (PyCFunction)(void (*)(void))speedups_event_data, METH_FASTCALL,
     "event_data(event_address) -> (transition, ticket) | dict"},
    {NULL, NULL, 0, NULL},
};

static PyModuleDef_Slot speedups_slots[] = {
    {Py_mod_exec, (void *)speedups_exec},
    {0, NULL},
};

static struct PyModuleDef speedups_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "navrouter._speedups",
    .m_doc = "Registry.resolve, Registry.lookup and events' data in one C call each (the binding's; not an API).",
    .m_size = sizeof(speedups_state),
    .m_methods = speedups_methods,
    .m_slots = speedups_slots,
    .m_traverse = speedups_traverse,
    .m_clear = speedups_clear,
    .m_free = speedups_free,
};

PyMODINIT_FUNC PyInit__speedups(void) {
    return PyModuleDef_Init(&speedups_module);
}
