#include "thread_slot.h"

#include <stddef.h>

_Thread_local void *cabi_thread_slot = NULL;
