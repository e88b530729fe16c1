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

bool FormalTest::admits(int64_t V) const {
  const int64_t C = Values.empty() ? 0 : Values[0];
  switch (K) {
  case Op::Any:
    return true;
  case Op::Eq:
    return V == C;
  case Op::Ne:
    return V != C;
  case Op::AnyBit:
    return (V & C) != 0;
  case Op::NoBit:
    return (V & C) == 0;
  case Op::Lt:
    return V < C;
  case Op::Ge:
    return V >= C;
  case Op::NoneOf:
    for (int64_t X : Values)
      if (X == V)
        return false;
    return true;
  }
  return true;
}

// Vectors of instructions must move, not copy, when they grow.
static_assert(std::is_nothrow_move_constructible_v<Instr>);
static_assert(std::is_nothrow_move_constructible_v<Operand>);

} // namespace racer::ir
