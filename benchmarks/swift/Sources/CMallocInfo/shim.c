#include "malloc_info_shim.h"
