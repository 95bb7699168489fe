/* CPathScan is header-only (include/path_scan.h: static inline functions the core's scanner inlines). This file
 * makes it a C target, so that the build tracks the header: a change to it recompiles the core. */
#include "path_scan.h"
