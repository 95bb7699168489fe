#include "thread_slot.h"

#include <stddef.h>

static _Thread_local void *slot = NULL;

void *cabi_thread_slot_get(void) { return slot; }

void cabi_thread_slot_set(void *value) { slot = value; }
