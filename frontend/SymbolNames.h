//===- SymbolNames.h - Stable symbols and readable names for decls -*- C++ -*-===//
//
// Why: functions are linked across TUs by symbol (Clang USR) and library
// models are keyed by qualified name. Both must be computed the same way for a
// definition and for every call of it, so every place that names a decl goes
// through here.
//
// Names: DeclContexts joined by "::"; namespaces and records by their plain
// identifier; inline namespaces (std::__cxx11, std::__1) are skipped; an
// anonymous namespace is `(anonymous:FILE)` with FILE the basename of the file
// that opens it (classes in two TUs' anonymous namespaces are different
// classes); no template arguments; anonymous structs/unions
// that are members are skipped, other unnamed records use their typedef
// name or "(anonymous)". Constructors are `C::C`, destructors `C::~C`,
// conversions `C::operator int`. A lambda is named after the function (or
// scope) that contains it plus `lambda@LINE:COL` (presumed position of its
// introducer): `shop::Inventory::add::lambda@41:12`; its call operator has the
// same name (no `::operator()`).
//
// Symbols: the decl's USR; for a lambda's call operator, the symbol of the
// enclosing function (or scope) + "@lambda@LINE:COL" (+ template arguments
// for each specialization of a generic lambda).
//===----------------------------------------------------------------------===//
#ifndef RACER_FRONTEND_SYMBOLNAMES_H
#define RACER_FRONTEND_SYMBOLNAMES_H

#include "clang/AST/Type.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace clang {
class Decl;
class NamedDecl;
class FunctionDecl;
class FieldDecl;
class RecordDecl;
class VarDecl;
} // namespace clang

namespace racer::frontend {

/// Qualified name of a record, variable, function, ... per the scheme above.
/// While it lives (on the thread lowering a TU), internal-linkage symbols
/// name their file by its path relative to \p Root (empty: absolute), a
/// relative file name being taken from \p Dir, the TU's directory.
class SymbolFileRoot {
public:
  SymbolFileRoot(llvm::StringRef Root, llvm::StringRef Dir);
  ~SymbolFileRoot();
  SymbolFileRoot(const SymbolFileRoot &) = delete;
  SymbolFileRoot &operator=(const SymbolFileRoot &) = delete;
};

std::string qualifiedName(const clang::NamedDecl *D);
/// Qualified name of a function (lambda call operators: the lambda's name).
std::string functionName(const clang::FunctionDecl *FD);
/// Stable cross-TU symbol of a function.
std::string functionSymbol(const clang::FunctionDecl *FD);
/// "Class::field".
std::string fieldName(const clang::FieldDecl *FD);
/// Symbol (USR) of a global or static variable.
std::string variableSymbol(const clang::VarDecl *VD);
/// Qualified name of the record type T (references and cv stripped, pointers
/// not), "" if T is not a record type.
std::string recordTypeName(clang::QualType T);
/// True for the call operator of a lambda's closure type.
bool isLambdaCallOperator(const clang::FunctionDecl *FD);
/// The class a function's accesses are attributed to: the parent record of
/// a method; for a lambda, the class of the innermost enclosing non-lambda
/// method; "" for free functions.
std::string enclosingClassName(const clang::FunctionDecl *FD);

} // namespace racer::frontend

#endif
