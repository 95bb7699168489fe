#include "thread_slot.h"

#include <stddef.h>

_Thread_local void *cabi_thread_slot = NULL;
_Thread_local long core_command_depth = 0;
