//===- SyntheticIR.cpp - Realistic generated IR for benchmarks ------------===//
#include "perf/SyntheticIR.h"

#include "summarize/Summarizer.h"

#include <algorithm>
#include <string>

namespace racer::perf {

namespace {

/// splitmix64: tiny, and the same sequence on every platform (unlike the
/// standard distributions).
class Rng {
public:
  explicit Rng(uint64_t Seed) : S(Seed) {}
  uint64_t next() {
    uint64_t Z = (S += 0x9E3779B97F4A7C15ull);
    Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
    Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
    return Z ^ (Z >> 31);
  }
  unsigned below(unsigned N) { return N ? unsigned(next() % N) : 0; }
  bool chance(unsigned Percent) { return below(100) < Percent; }
  template <typename T, size_t N> const T &pick(const T (&A)[N]) {
    return A[below(N)];
  }

private:
  uint64_t S;
};

const char *const Nouns[] = {"Inventory", "Logger",  "Cache",   "Session",
                             "Pool",      "Queue",   "Registry", "Buffer",
                             "Router",    "Tracker", "Index",   "Store"};
const char *const Verbs[] = {"add",    "remove", "get",   "update",
                             "flush",  "size",   "find",  "reset",
                             "push",   "pop",    "lookup", "record"};
const char *const Fields[] = {"count", "items", "entries", "head",  "size",
                              "stats", "buf",   "state",   "cache", "names"};
const char *const Containers[] = {"std::vector", "std::unordered_map",
                                  "std::map", "std::deque"};
const char *const ContainerMethods[] = {"push_back", "find", "size",
                                        "insert",    "erase", "empty",
                                        "operator[]", "clear"};
const char *const ParamCodes[] = {"#", "#I#", "#&1$@N@std@S@basic_string>#C#",
                                  "#*I#", "#b#"};

struct ClassShape {
  std::string Qualified; ///< proj::mod3::Cache12
  std::string Usr;       ///< c:@N@proj@N@mod3@S@Cache12
  std::string Short;     ///< Cache12
  std::string Namespace; ///< proj::mod3
  std::vector<std::string> Fields; ///< qualified; Fields[0] is the mutex
  uint32_t File = 0;
  bool Locking = false; ///< its methods may lock the mutex
};

struct Callable {
  std::string Symbol, Name;
  std::string Class; ///< qualified, "" for free functions
};

class Generator {
public:
  Generator(const SyntheticOptions &O, ir::Module &M) : O(O), M(M) {}

  /// Generates \p Count functions in classes numbered from \p ClassBase.
  void run(unsigned Count, uint64_t Seed, const std::string &Ns,
           unsigned ClassBase, uint32_t HeaderFile, bool OwnHeaders) {
    Rng R(Seed);
    unsigned PerClass = std::max(1u, O.MethodsPerClass);
    std::vector<Callable> Known; // earlier functions of this run
    ClassShape C;
    unsigned InClass = PerClass; // start a class at once
    unsigned ClassNo = ClassBase;
    for (unsigned I = 0; I < Count; ++I) {
      if (InClass == PerClass) {
        C = makeClass(R, Ns, ClassNo++, HeaderFile, OwnHeaders);
        InClass = 0;
      }
      ++InClass;
      bool Free = R.chance(12);
      ir::Function F = Free ? freeFunction(R, C, I) : method(R, C, I, InClass);
      body(R, F, Free ? nullptr : &C, Known, F.Location.File);
      F.LastLine = line(F.Location.File); // the closing brace
      Known.push_back({F.Symbol, F.Name, Free ? "" : C.Qualified});
      M.Functions.push_back(std::move(F));
    }
  }

private:
  uint32_t line(uint32_t File) {
    if (Lines.size() <= File)
      Lines.resize(File + 1, 1);
    return Lines[File] += 1 + File % 3;
  }

  ClassShape makeClass(Rng &R, const std::string &Ns, unsigned No,
                       uint32_t HeaderFile, bool OwnHeaders) {
    ClassShape C;
    C.Short = std::string(R.pick(Nouns)) + std::to_string(No);
    C.Namespace = Ns + "::mod" + std::to_string(No % 7);
    C.Qualified = C.Namespace + "::" + C.Short;
    C.Usr = "c:@N@" + Ns + "@N@mod" + std::to_string(No % 7) + "@S@" + C.Short;
    C.Fields.push_back(C.Qualified + "::mu_");
    for (unsigned F = 0; F < std::max(1u, O.FieldsPerClass); ++F)
      C.Fields.push_back(C.Qualified + "::" + R.pick(Fields) + std::to_string(F) +
                         "_");
    C.File = HeaderFile;
    if (OwnHeaders && R.chance(60)) {
      M.Files.push_back("/home/dev/proj/include/" + C.Namespace.substr(0, 4) +
                        "/mod" + std::to_string(No % 7) + "/" + C.Short + ".h");
      C.File = uint32_t(M.Files.size() - 1);
    }
    ir::ClassInfo CI;
    CI.Name = C.Qualified;
    C.Locking = R.chance(O.LockingClassPercent);
    CI.HasGuardedFields = C.Locking && R.chance(30);
    CI.MarkedThreadSafe = C.Locking && R.chance(5);
    CI.Location = {C.File, line(C.File), 7};
    M.Classes.push_back(CI);
    return C;
  }

  ir::Function method(Rng &R, const ClassShape &C, unsigned I, unsigned InClass) {
    ir::Function F;
    F.Class = C.Qualified;
    F.Access = R.chance(75) ? ir::AccessSpec::Public
                            : (R.chance(50) ? ir::AccessSpec::Private
                                            : ir::AccessSpec::Protected);
    std::string Short;
    if (InClass == 1) {
      F.Kind = ir::FunctionKind::Constructor;
      Short = C.Short;
    } else if (InClass == 2) {
      F.Kind = ir::FunctionKind::Destructor;
      Short = "~" + C.Short;
    } else {
      F.Kind = R.chance(6)   ? ir::FunctionKind::StaticMethod
               : R.chance(5) ? ir::FunctionKind::Lambda
                             : ir::FunctionKind::Method;
      Short = std::string(R.pick(Verbs)) + std::to_string(I);
      if (F.Kind == ir::FunctionKind::Lambda)
        Short = "operator()";
    }
    F.Name = C.Qualified + "::" + Short;
    F.Symbol = C.Usr + "@F@" + Short + R.pick(ParamCodes);
    if (F.Kind == ir::FunctionKind::Lambda)
      F.Symbol = C.Usr + "@F@" + std::string(R.pick(Verbs)) + std::to_string(I) +
                 "#@Sa@F@operator()#1";
    if (F.Kind != ir::FunctionKind::StaticMethod)
      F.Formals.push_back("this");
    unsigned Params = R.below(3);
    for (unsigned P = 0; P < Params; ++P)
      F.Formals.push_back(P == 0 ? "other" : "key");
    F.Location = {C.File, line(C.File), 3};
    return F;
  }

  ir::Function freeFunction(Rng &R, const ClassShape &C, unsigned I) {
    ir::Function F;
    std::string Short = std::string(R.pick(Verbs)) + "Helper" + std::to_string(I);
    F.Name = C.Namespace + "::" + Short;
    F.Symbol = "c:@N@" + C.Namespace.substr(0, C.Namespace.find("::")) + "@F@" +
               Short + R.pick(ParamCodes);
    F.Kind = ir::FunctionKind::Free;
    F.Formals = {"ctx", "n"};
    F.Location = {0, line(0), 1};
    return F;
  }

  /// A field of the class: `this->f`, `this->f[].g`, `this->f->g`, or of a
  /// parameter: `other->f` (2-4 steps).
  ir::AccessPath fieldPath(Rng &R, const ir::Function &F, const ClassShape *C) {
    bool HasThis = !F.Formals.empty() && F.Formals[0] == "this";
    if (!C || !HasThis) {
      if (F.Formals.empty() || R.chance(40))
        return ir::AccessPath::global("c:@N@proj@g_stats" + std::to_string(R.below(8)),
                                      "g_stats")
            .field("proj::Stats::" + std::string(R.pick(Fields)));
      return ir::AccessPath::formal(0, F.Formals[0])
          .deref()
          .field("proj::Context::" + std::string(R.pick(Fields)));
    }
    const std::string &Field = C->Fields[1 + R.below(C->Fields.size() - 1)];
    ir::AccessPath Base;
    if (F.Formals.size() > 1 && R.chance(15))
      Base = ir::AccessPath::formal(1, F.Formals[1]).deref();
    else
      Base = ir::AccessPath::formal(0, "this").deref();
    ir::AccessPath P = Base.field(Field);
    unsigned Shape = R.below(100);
    if (Shape < 20)
      return P.index().field(C->Namespace + "::Entry::" + R.pick(Fields));
    if (Shape < 35)
      return P.deref().field(C->Namespace + "::Node::next");
    return P;
  }

  static ir::Instr access(ir::InstrKind K, ir::AccessPath P, ir::Loc L) {
    ir::Instr I;
    I.Kind = K;
    I.Path = std::move(P);
    I.Location = L;
    return I;
  }

  void body(Rng &R, ir::Function &F, const ClassShape *C,
            const std::vector<Callable> &Known, uint32_t File) {
    unsigned Target = std::max(2u, O.InstrsPerFunction / 2 +
                                       R.below(O.InstrsPerFunction + 1));
    std::vector<ir::Instr> Is;
    auto loc = [&] { return ir::Loc{File, line(File), 3 + R.below(30)}; };
    bool HasThis = !F.Formals.empty() && F.Formals[0] == "this";
    bool Locked = C && HasThis && C->Locking && R.chance(O.LockedMethodPercent);
    int32_t Guard = -1;
    if (Locked) {
      Guard = int32_t(F.Locals.size());
      F.Locals.push_back("lock");
      ir::Instr I;
      I.Kind = ir::InstrKind::Call;
      I.Location = loc();
      I.call().Callee = "c:@N@std@S@lock_guard>#$@N@std@S@mutex@F@lock_guard#&S1_#";
      I.call().CalleeName = "std::lock_guard::lock_guard";
      I.call().Args = {ir::Operand::object(ir::AccessPath::local(Guard, "lock")),
                     ir::Operand::object(ir::AccessPath::formal(0, "this")
                                             .deref()
                                             .field(C->Fields[0]))};
      I.call().ArgTypes = {"std::lock_guard", "std::mutex"};
      I.call().IsConstructor = true;
      Is.push_back(std::move(I));
    }
    while (Is.size() < Target) {
      unsigned K = R.below(100);
      if (K < 30) {
        Is.push_back(access(ir::InstrKind::Read, fieldPath(R, F, C), loc()));
      } else if (K < 45) {
        ir::AccessPath P = fieldPath(R, F, C);
        ir::Loc L = loc();
        Is.push_back(access(ir::InstrKind::Read, P, L)); // `x++`
        Is.push_back(access(ir::InstrKind::Write, std::move(P), L));
      } else if (K < 52) {
        Is.push_back(access(ir::InstrKind::Write, fieldPath(R, F, C), loc()));
      } else if (K < 55) {
        ir::Instr I = access(R.chance(50) ? ir::InstrKind::Read : ir::InstrKind::Write,
                             fieldPath(R, F, C), loc());
        I.Atomic = true;
        Is.push_back(std::move(I));
      } else if (K < 72) {
        // A call: mostly to an earlier method of the same class (on `this`),
        // else to an earlier free helper, else to a function with no body
        // in the program. Like real code, a method's transitive callees
        // touch a bounded set of paths.
        const Callable *Callee = nullptr;
        if (C && HasThis && R.chance(65)) {
          for (size_t J = Known.size(); J-- > 0 && !Callee;)
            if (Known[J].Class == C->Qualified && R.chance(50))
              Callee = &Known[J];
        } else if (R.chance(50)) {
          for (size_t J = Known.size(), Seen = 0; J-- > 0 && Seen < 40 && !Callee; ++Seen)
            if (Known[J].Class.empty() && R.chance(30))
              Callee = &Known[J];
        }
        ir::Instr I;
        I.Kind = ir::InstrKind::Call;
        I.Location = loc();
        if (Callee) {
          I.call().Callee = Callee->Symbol;
          I.call().CalleeName = Callee->Name;
        } else {
          std::string Ext = std::string(R.pick(Verbs)) + "External" +
                            std::to_string(R.below(50));
          I.call().Callee = "c:@N@ext@F@" + Ext + "#I#";
          I.call().CalleeName = "ext::" + Ext;
        }
        if (Callee && !Callee->Class.empty()) {
          I.call().Args.push_back(ir::Operand::object(
              ir::AccessPath::formal(0, "this").deref()));
          I.call().ArgTypes.push_back(C->Qualified);
        }
        unsigned Extra = R.below(3);
        for (unsigned A = 0; A < Extra; ++A) {
          I.call().Args.push_back(R.chance(50) ? ir::Operand::unknown()
                                             : ir::Operand::fresh());
          I.call().ArgTypes.push_back(R.chance(30) ? "std::basic_string" : "");
        }
        Is.push_back(std::move(I));
      } else if (K < 84) {
        // A modeled container member call on a field.
        ir::Instr I;
        I.Kind = ir::InstrKind::Call;
        I.Location = loc();
        std::string Cont = R.pick(Containers);
        std::string Meth = R.pick(ContainerMethods);
        I.call().CalleeName = Cont + "::" + Meth;
        I.call().Callee = "c:@N@std@S@" + Cont.substr(5) + ">#I#$@N@std@S@allocator>#I@F@" +
                        Meth + "#&1I#";
        I.call().Args = {ir::Operand::object(fieldPath(R, F, C))};
        I.call().ArgTypes = {Cont};
        if (R.chance(60)) {
          I.call().Args.push_back(ir::Operand::unknown());
          I.call().ArgTypes.push_back("");
        }
        if (R.chance(20)) {
          uint32_t Res = uint32_t(F.Locals.size());
          F.Locals.push_back("it");
          I.call().ResultLocal = int32_t(Res);
        }
        Is.push_back(std::move(I));
      } else if (K < 94) {
        // `Node *n = this->head_; n->next = ...`
        uint32_t N = uint32_t(F.Locals.size());
        F.Locals.push_back("node");
        ir::Instr B;
        B.Kind = ir::InstrKind::Bind;
        B.Location = loc();
        B.Dest = N;
        B.value() = ir::Operand::object(fieldPath(R, F, C).deref());
        Is.push_back(std::move(B));
        std::string NodeField = (C ? C->Namespace : std::string("proj")) + "::Node::" +
                                R.pick(Fields);
        Is.push_back(access(R.chance(50) ? ir::InstrKind::Read : ir::InstrKind::Write,
                            ir::AccessPath::local(N, "node").deref().field(NodeField),
                            loc()));
      } else {
        Is.push_back(access(R.chance(70) ? ir::InstrKind::Read : ir::InstrKind::Write,
                            ir::AccessPath::global("c:@N@proj@g_config", "g_config")
                                .field("proj::Config::" + std::string(R.pick(Fields))),
                            loc()));
      }
    }
    if (R.chance(20)) {
      ir::Instr I;
      I.Kind = ir::InstrKind::Return;
      I.Location = loc();
      I.value() = R.chance(60) ? ir::Operand::object(fieldPath(R, F, C))
                             : ir::Operand::unknown();
      Is.push_back(std::move(I));
    }
    if (Locked) {
      ir::Instr I;
      I.Kind = ir::InstrKind::Call;
      I.Location = loc();
      I.call().Callee = "c:@N@std@S@lock_guard>#$@N@std@S@mutex@F@~lock_guard#";
      I.call().CalleeName = "std::lock_guard::~lock_guard";
      I.call().Args = {ir::Operand::object(ir::AccessPath::local(Guard, "lock"))};
      I.call().ArgTypes = {"std::lock_guard"};
      I.call().IsDestructor = true;
      Is.push_back(std::move(I));
    }

    // Control flow: straight line, or a diamond `if (c) {..} else {..}`
    // (the guard's constructor stays in the entry, its destructor in the
    // exit block).
    if (Is.size() < 8 || R.chance(40)) {
      ir::Block B;
      Is.shrink_to_fit(); // as decoded from a TU file: no spare capacity
      B.Instrs = std::move(Is);
      F.Blocks.push_back(std::move(B));
      return;
    }
    size_t A = Is.size() / 3, Bm = A + (Is.size() - A) / 3,
           Cm = Bm + (Is.size() - Bm) / 2;
    ir::Block B0, B1, B2, B3;
    B0.Instrs.assign(Is.begin(), Is.begin() + A);
    B1.Instrs.assign(Is.begin() + A, Is.begin() + Bm);
    B2.Instrs.assign(Is.begin() + Bm, Is.begin() + Cm);
    B3.Instrs.assign(Is.begin() + Cm, Is.end());
    B0.Succs = {1, 2};
    B1.Succs = {3};
    B2.Succs = {3};
    F.Blocks = {std::move(B0), std::move(B1), std::move(B2), std::move(B3)};
  }

  const SyntheticOptions &O;
  ir::Module &M;
  std::vector<uint32_t> Lines; ///< next line per file
};

} // namespace

ir::Module makeSyntheticModule(const SyntheticOptions &O) {
  ir::Module M;
  std::string Main = "/home/dev/proj/src/mod" + std::to_string(O.TUIndex % 7) +
                     "/unit" + std::to_string(O.TUIndex) + ".cpp";
  M.MainFile = Main;
  M.Files.push_back(Main);
  unsigned ClassesPerTU = O.Functions / std::max(1u, O.MethodsPerClass) + 1;
  if (O.SharedFunctions) {
    // The shared header is Files[1] in every TU, so its functions' bodies
    // (locations included) are identical everywhere.
    M.Files.push_back("/home/dev/proj/include/proj/common.h");
    Generator G(O, M);
    G.run(O.SharedFunctions, O.Seed ^ 0x5eed5eed5eedull, "proj",
          /*ClassBase=*/1000000, /*HeaderFile=*/1, /*OwnHeaders=*/false);
  }
  Generator G(O, M);
  G.run(O.Functions, O.Seed * 1000003 + O.TUIndex, "proj",
        /*ClassBase=*/O.TUIndex * ClassesPerTU, /*HeaderFile=*/0,
        /*OwnHeaders=*/true);
  return M;
}

std::vector<ir::Module> makeSyntheticProgram(unsigned TUs,
                                             const SyntheticOptions &PerTU) {
  std::vector<ir::Module> P;
  P.reserve(TUs);
  for (unsigned T = 0; T < TUs; ++T) {
    SyntheticOptions O = PerTU;
    O.TUIndex = T;
    P.push_back(makeSyntheticModule(O));
  }
  return P;
}

std::vector<FunctionSummary> summarizeSyntheticModule(const ir::Module &M) {
  ProgramSummarizer PS(M.Functions);
  PS.summarizeAll();
  return PS.summaries();
}

size_t instructionCount(const ir::Module &M) {
  size_t N = 0;
  for (const ir::Function &F : M.Functions)
    for (const ir::Block &B : F.Blocks)
      N += B.Instrs.size();
  return N;
}

} // namespace racer::perf
