// expected-no-races
#include "hits.h"

int g_hits = 0;

void record_hit() { ++g_hits; }
