//===- Symbol.h - Interned, immutable strings -------------------*- C++ -*-===//
//
// Why: summaries copy names everywhere (qualified field names in every path
// step, callee names in every trace frame, lock paths in every snapshot).
// Interning makes a name one pointer: copies are free and equality is a
// pointer comparison. Ordering still compares the contents, so output order
// never depends on allocation order.
//
//   ir::Symbol A("Counter::n_"), B(std::string("Counter::n_"));
//   A == B;                 // pointer equality
//   const std::string &S = A;  // the interned text, alive for the process
//
// The interner is process-wide and thread-safe (sharded mutexes); interned
// strings are never freed.
//===----------------------------------------------------------------------===//
#ifndef RACER_SUMMARIZE_IR_SYMBOL_H
#define RACER_SUMMARIZE_IR_SYMBOL_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <functional>
#include <string>

namespace racer::ir {

class Symbol {
public:
  Symbol() : S(&emptyString()) {}
  Symbol(llvm::StringRef Str) : S(intern(Str)) {}
  Symbol(const std::string &Str) : S(intern(Str)) {}
  Symbol(const char *Str) : S(intern(Str)) {}

  const std::string &str() const { return *S; }
  operator const std::string &() const { return *S; }
  operator llvm::StringRef() const { return *S; }

  bool empty() const { return S->empty(); }
  size_t size() const { return S->size(); }
  const char *c_str() const { return S->c_str(); }
  const char *data() const { return S->data(); }

  friend bool operator==(Symbol A, Symbol B) { return A.S == B.S; }
  friend bool operator!=(Symbol A, Symbol B) { return A.S != B.S; }
  /// By contents: deterministic whatever the interning order.
  friend bool operator<(Symbol A, Symbol B) {
    return A.S != B.S && *A.S < *B.S;
  }
  friend bool operator>(Symbol A, Symbol B) { return B < A; }
  friend bool operator<=(Symbol A, Symbol B) { return !(B < A); }
  friend bool operator>=(Symbol A, Symbol B) { return !(A < B); }

  friend bool operator==(Symbol A, const std::string &B) { return *A.S == B; }
  friend bool operator==(const std::string &A, Symbol B) { return A == *B.S; }
  friend bool operator!=(Symbol A, const std::string &B) { return *A.S != B; }
  friend bool operator!=(const std::string &A, Symbol B) { return A != *B.S; }
  friend bool operator==(Symbol A, const char *B) { return *A.S == B; }
  friend bool operator==(const char *A, Symbol B) { return A == *B.S; }
  friend bool operator!=(Symbol A, const char *B) { return *A.S != B; }
  friend bool operator!=(const char *A, Symbol B) { return A != *B.S; }
  friend bool operator==(Symbol A, llvm::StringRef B) { return *A.S == B; }
  friend bool operator==(llvm::StringRef A, Symbol B) { return A == *B.S; }
  friend bool operator!=(Symbol A, llvm::StringRef B) { return *A.S != B; }
  friend bool operator!=(llvm::StringRef A, Symbol B) { return A != *B.S; }

  friend std::string operator+(const std::string &A, Symbol B) {
    return A + *B.S;
  }
  friend std::string operator+(Symbol A, const std::string &B) {
    return *A.S + B;
  }
  friend std::string operator+(const char *A, Symbol B) { return A + *B.S; }
  friend std::string operator+(Symbol A, const char *B) { return *A.S + B; }

  /// The interned string's address, 8-byte aligned (PathStep keeps a kind
  /// in its low bits), and back.
  const void *opaque() const { return S; }
  static Symbol fromOpaque(const void *P) {
    Symbol Sym;
    Sym.S = static_cast<const std::string *>(P);
    return Sym;
  }

  /// Identity hash (pointer); for hash containers only, never for order.
  size_t hash() const { return std::hash<const void *>()(S); }

private:
  /// Inline: every default Symbol (a Deref step's name) is this one.
  static const std::string &emptyString() {
    static const std::string *Empty = new std::string();
    return *Empty;
  }
  static const std::string *intern(llvm::StringRef Str);

  const std::string *S;
};

} // namespace racer::ir

namespace llvm {
class raw_ostream;
}
namespace racer::ir {
llvm::raw_ostream &operator<<(llvm::raw_ostream &OS, Symbol S);
}

template <> struct std::hash<racer::ir::Symbol> {
  size_t operator()(racer::ir::Symbol S) const { return S.hash(); }
};

#endif
