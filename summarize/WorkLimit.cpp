//===- WorkLimit.cpp - A bound on one function's summarization ------------===//
#include "summarize/WorkLimit.h"

namespace racer {
namespace {
uint64_t Limit = DefaultFunctionWorkLimit;
} // namespace

void setFunctionWorkLimit(uint64_t Units) { Limit = Units; }
uint64_t functionWorkLimit() { return Limit; }

} // namespace racer
