// Private header (listed in srcs).
#pragma once
#define STOCK_BUMP(x) ((x) + 1)
