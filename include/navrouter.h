/* placeholder: grows below */
#ifndef NAVROUTER_H
#define NAVROUTER_H
#endif
