//===- IR.cpp - racecar's Clang-free intermediate representation ----------===//
#include "summarize/ir/IR.h"

namespace racer::ir {

const CallInfo &Instr::noCall() {
  static const CallInfo None;
  return None;
}

const Operand &Instr::noValue() {
  static const Operand None;
  return None;
}

// Vectors of instructions must move, not copy, when they grow.
static_assert(std::is_nothrow_move_constructible_v<Instr>);
static_assert(std::is_nothrow_move_constructible_v<Operand>);

} // namespace racer::ir
