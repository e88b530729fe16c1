#include "ledger.h"

namespace bank {
long Ledger::balance() const { return balance_; }
} // namespace bank
