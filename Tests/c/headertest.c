/* Compiled with -std=c99 -Wall -Wextra -Werror -pedantic, and as C++: the header must be clean in both. */
#include <navrouter.h>
#include <navrouter_jansson.h>

int main(void) {
    return navrouter_abi_version() == NAVROUTER_ABI_VERSION ? 0 : 1;
}
