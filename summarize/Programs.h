//===- Programs.h - Telling a database's programs apart ---------*- C++ -*-===//
//
// Why: a compile database often holds several programs that share sources
// (a server, its CLI, its benchmark; a monorepo's many binaries), and the
// link makes one program of them. A slot filled by the server's code
// (`fe->rfileProc`, `l->before_sleep`) then calls the server's handlers from
// the benchmark's event loop too, and one definition of a function that
// each program defines for itself (`_serverAssert` in the server's debug.c
// and in the tools' redisassert.c) joins the two: the benchmark's threads
// seem to run the server's replication code.
//
// Which object files a program links is not in a compile database. What
// is: the functions each `main` reaches by direct calls and by the
// functions it names (thread entries, callbacks it registers), not through
// a slot's dispatcher (summarize/IndirectCalls.h) and not into a function
// two programs define (ir LinkedProgram::DuplicateDefinitions). A file that
// another `main` reaches that way and this one does not is another
// program's: the thread check does not follow this `main`'s threads into
// it (ThreadRaces, otherProgram). A file no `main` reaches directly (code
// reached only through slots) is shared, as before.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_PROGRAMS_H
#define RACER_SUMMARIZE_PROGRAMS_H

#include "summarize/ir/IR.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace racer {

/// For each `main` (a function index) of a program with several: the files
/// only other `main`s reach (sorted).
using ProgramPartition = std::map<uint32_t, std::vector<uint32_t>>;

/// \p Duplicates: symbols defined by two programs, sorted.
ProgramPartition partitionPrograms(const std::vector<ir::Function> &Functions,
                                   llvm::ArrayRef<std::string> Duplicates);

} // namespace racer

#endif
