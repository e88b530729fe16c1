//===- PackedBody.h - A function body in compact bytes ---------*- C++ -*-===//
//
// Why: a linked program holds every function's IR until its SCC is
// summarized, and at a million functions that IR is most of the memory of
// linking it (an Instr is 112 bytes, plus the heap blocks of every vector).
// Packed, a body is a few varints per instruction: each symbol is its
// number in a table of the body's own (one byte for most bodies), each line
// its distance from the previous location's; unpacked only while its SCC is
// summarized.
//
//   auto P = ir::packBody(F, FileMap);  // F.Blocks and F.Locals moved out
//   F.Packed = P;
//   ir::Function Work = ir::withBody(F); // header copied, body unpacked
//
// In-process only: the table holds pointers into this process's interner,
// so these bytes are never written anywhere (serialize/ is the on-disk
// format).
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_IR_PACKEDBODY_H
#define RACER_SUMMARIZE_IR_PACKEDBODY_H

#include "summarize/ir/IR.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace racer::ir {

/// A call passes formal Formal on as its actual Arg to Callee.
struct FormalForward {
  Symbol Callee;
  Symbol CalleeName;
  uint32_t Arg = 0;
  uint32_t Formal = 0;
};

struct PackedBody {
  /// Blocks and Locals.
  std::vector<uint8_t> Bytes;
  /// Loc::File of every instruction in Bytes indexes this map (shared by the
  /// functions of one module): the linker renumbers files after packing by
  /// rewriting the map, and unpackBody applies it.
  std::shared_ptr<const std::vector<uint32_t>> FileMap;
  /// Direct callees (symbols of Call instructions), sorted, unique: the call
  /// graph needs no unpacking.
  std::vector<Symbol> Callees;
  /// Functions named as callable arguments (thread entries), sorted, unique.
  std::vector<Symbol> Callables;
  /// The callables handed to a thread-creating call (LibraryModels'
  /// ThreadCreate), sorted, unique.
  std::vector<Symbol> ThreadEntries;
  /// Bit k: some branch tests formal k (Block::CondFormal).
  uint32_t TestedFormals = 0;
  /// The calls' actuals that pass a formal on (ScalarArg::IsFormal).
  std::vector<FormalForward> Forwards;
  /// Some call passes a known scalar (CallInfo::ScalarArgs).
  bool PassesScalars = false;
};

/// Moves \p F's Blocks and Locals into a PackedBody (F keeps its header).
std::shared_ptr<const PackedBody>
packBody(Function &F, std::shared_ptr<const std::vector<uint32_t>> FileMap);

/// Blocks and Locals of \p P into \p Into, files mapped through P.FileMap.
void unpackBody(const PackedBody &P, Function &Into);

/// \p F with its body: a copy of the header with the body unpacked if \p F
/// is packed, else a plain copy.
Function withBody(const Function &F);

/// Gives \p Into the body of \p Body (a withBody copy of it, changed):
/// packed again if \p Into is packed (its Locs already the program's).
void replaceBody(Function &Into, Function &&Body);

/// Direct callees of \p F (packed or not), in order of first call.
std::vector<Symbol> calleesOf(const Function &F);
/// Functions \p F names as callable arguments (packed or not).
std::vector<Symbol> callablesOf(const Function &F);
/// The callables \p F hands to thread-creating calls (`pthread_create`,
/// `std::thread`): the functions it may start as threads.
std::vector<Symbol> threadEntriesOf(const Function &F);
/// Bit k (k < 32): some branch of \p F tests formal k (packed or not).
uint32_t testedFormalsOf(const Function &F);
/// The formals \p F passes on unchanged to its callees (packed or not).
std::vector<FormalForward> formalForwardsOf(const Function &F);
/// Some call of \p F passes a known scalar actual (packed or not).
bool passesScalarsOf(const Function &F);

} // namespace racer::ir

#endif
