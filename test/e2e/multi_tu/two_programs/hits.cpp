// The server's threads race here; the tool, single-threaded, adds nothing.
#include "hits.h"

int g_hits = 0;

void record_hit() { ++g_hits; } // expected-race{{unprotected write to `g_hits` in 'record_hit' (reached from 'serve_bad') races with itself on another thread}}
