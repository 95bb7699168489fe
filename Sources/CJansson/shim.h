/* Jansson, as the core sees it. The only C the core imports: JSON is parsed and written by Jansson. */
#include <jansson.h>
