// Shared by two programs built from one compile database (as redis builds
// redis-server, redis-cli and redis-benchmark): each has its own main.
#pragma once
extern int g_hits;
void record_hit();
