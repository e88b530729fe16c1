// expected-no-races
// The benchmark's own assertion handler: the same function, another
// program's definition (the link keeps the server's, debug.cpp).
#include "event_loop.h"

#include <cstdio>

void assert_fail(const char *what) { std::fprintf(stderr, "%s\n", what); }
