#pragma once
void *table_worker_ok(void *);
