//===- BaselineReader.cpp - The fingerprints of a SARIF log, streamed -----===//
#include "report/BaselineReader.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"

namespace racer::report {

namespace {

/// What a value is to the walk: the places on the way to a fingerprint.
enum class Role { Root, Runs, Run, Results, Result, Fingerprints, Other };

class Walker {
public:
  Walker(llvm::StringRef T, llvm::StringSet<> &Out) : T(T), Out(Out) {}

  bool run(std::string &Why) {
    skipSpace();
    if (!value(Role::Root, 0))
      return fail(Why);
    skipSpace();
    if (I != T.size()) {
      Error = "text after the log";
      return fail(Why);
    }
    if (!SawRuns) {
      Why = "not a SARIF log (no \"runs\")";
      return false;
    }
    return true;
  }

private:
  bool fail(std::string &Why) {
    if (Error.empty())
      Error = "invalid JSON";
    // Line and column of where it stopped.
    unsigned Line = 1, Col = 1;
    for (size_t K = 0; K < I && K < T.size(); ++K) {
      if (T[K] == '\n')
        ++Line, Col = 1;
      else
        ++Col;
    }
    Why = Error + " at line " + std::to_string(Line) + ", column " +
          std::to_string(Col);
    return false;
  }
  void skipSpace() {
    while (I < T.size() &&
           (T[I] == ' ' || T[I] == '\n' || T[I] == '\r' || T[I] == '\t'))
      ++I;
  }
  bool expect(char C) {
    skipSpace();
    if (I < T.size() && T[I] == C) {
      ++I;
      return true;
    }
    return false;
  }

  /// A string at I; its value in \p S if \p S is not null.
  bool string(std::string *S) {
    if (I >= T.size() || T[I] != '"')
      return false;
    ++I;
    while (I < T.size()) {
      char C = T[I++];
      if (C == '"')
        return true;
      if (static_cast<unsigned char>(C) < 0x20)
        return false;
      if (C != '\\') {
        if (S)
          S->push_back(C);
        continue;
      }
      if (I >= T.size())
        return false;
      char E = T[I++];
      switch (E) {
      case '"': case '\\': case '/':
        if (S) S->push_back(E);
        break;
      case 'b': if (S) S->push_back('\b'); break;
      case 'f': if (S) S->push_back('\f'); break;
      case 'n': if (S) S->push_back('\n'); break;
      case 'r': if (S) S->push_back('\r'); break;
      case 't': if (S) S->push_back('\t'); break;
      case 'u': {
        unsigned Code = 0;
        if (I + 4 > T.size() || T.substr(I, 4).getAsInteger(16, Code))
          return false;
        I += 4;
        if (S) {
          // A surrogate pair is two escapes.
          if (Code >= 0xD800 && Code < 0xDC00 && T.substr(I, 2) == "\\u") {
            unsigned Low = 0;
            if (I + 6 <= T.size() && !T.substr(I + 2, 4).getAsInteger(16, Low) &&
                Low >= 0xDC00 && Low < 0xE000) {
              Code = 0x10000 + ((Code - 0xD800) << 10) + (Low - 0xDC00);
              I += 6;
            }
          }
          char Buf[4];
          char *P = Buf;
          if (!llvm::ConvertCodePointToUTF8(Code, P))
            return false;
          S->append(Buf, P);
        }
        break;
      }
      default:
        return false;
      }
    }
    return false;
  }

  bool literal() {
    size_t Start = I;
    while (I < T.size() && (llvm::isAlnum(T[I]) || T[I] == '-' ||
                            T[I] == '+' || T[I] == '.'))
      ++I;
    llvm::StringRef W = T.slice(Start, I);
    if (W == "true" || W == "false" || W == "null")
      return true;
    double D;
    return !W.empty() && !W.getAsDouble(D);
  }

  /// Where a member's value goes, given the object's role.
  static Role member(Role Of, llvm::StringRef Key) {
    switch (Of) {
    case Role::Root: return Key == "runs" ? Role::Runs : Role::Other;
    case Role::Run: return Key == "results" ? Role::Results : Role::Other;
    case Role::Result:
      return Key == "partialFingerprints" ? Role::Fingerprints : Role::Other;
    default: return Role::Other;
    }
  }

  bool value(Role R, unsigned Depth) {
    if (Depth > 600) { // (InputNesting has bounded it already)
      Error = "nested too deeply";
      return false;
    }
    skipSpace();
    if (I >= T.size())
      return false;
    char C = T[I];
    bool Value = C == '{' || C == '[' || C == '"' || C == '-' ||
                 llvm::isAlnum(C);
    if (Value && C != '{' && (R == Role::Run || R == Role::Result)) {
      Error = R == Role::Run ? "a run without \"results\""
                             : "a result without "
                               "partialFingerprints.racecarKey/v2 (not "
                               "written by racecar?)";
      return false;
    }
    if (C == '{')
      return object(R, Depth);
    if (C == '[')
      return array(R, Depth);
    if (C == '"')
      return string(nullptr);
    return literal();
  }

  bool array(Role R, unsigned Depth) {
    ++I; // [
    Role Elem = R == Role::Runs      ? Role::Run
                : R == Role::Results ? Role::Result
                                     : Role::Other;
    if (R == Role::Runs)
      SawRuns = true;
    if (expect(']'))
      return true;
    do {
      if (!value(Elem, Depth + 1))
        return false;
    } while (expect(','));
    return expect(']');
  }

  bool object(Role R, unsigned Depth) {
    ++I; // {
    bool HasResults = false, HasKey = false;
    if (!expect('}')) {
      do {
        skipSpace();
        std::string Key;
        if (!string(&Key) || !expect(':'))
          return false;
        skipSpace();
        if (R == Role::Fingerprints && Key == "racecarKey/v2") {
          std::string V;
          if (!string(&V)) {
            Error = "a racecarKey/v2 fingerprint that is not a string";
            return false;
          }
          Out.insert(V);
          HasKey = true;
          continue;
        }
        Role M = member(R, Key);
        HasResults |= M == Role::Results;
        if (M == Role::Fingerprints) {
          LastHadKey = false;
          if (!value(M, Depth + 1))
            return false;
          HasKey |= LastHadKey;
          continue;
        }
        if (!value(M, Depth + 1))
          return false;
      } while (expect(','));
      if (!expect('}'))
        return false;
    }
    if (R == Role::Fingerprints)
      LastHadKey = HasKey;
    if (R == Role::Run && !HasResults) {
      Error = "a run without \"results\"";
      return false;
    }
    if (R == Role::Result && !HasKey) {
      Error = "a result without partialFingerprints.racecarKey/v2 (not "
              "written by racecar?)";
      return false;
    }
    return true;
  }

  llvm::StringRef T;
  llvm::StringSet<> &Out;
  size_t I = 0;
  bool SawRuns = false;
  bool LastHadKey = false; ///< the last fingerprints object held the key
  std::string Error;
};

} // namespace

bool readFingerprints(llvm::StringRef Text, llvm::StringSet<> &Out,
                      std::string &Why) {
  return Walker(Text, Out).run(Why);
}

} // namespace racer::report
