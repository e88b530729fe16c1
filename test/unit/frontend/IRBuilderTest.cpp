//===- IRBuilderTest.cpp - Frontend lowering on small real sources --------===//
//
// Each test writes a small C/C++ file to a temporary directory, runs
// analyzeTU on it (real Clang, real system headers) and checks the printed IR
// (see summarize/ir/IRPrinter.h for the format) or the IR structures.
//===----------------------------------------------------------------------===//
#include "frontend/Frontend.h"
#include "summarize/ir/IRPrinter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <thread>

using namespace racer;
using frontend::TUJob;
using frontend::TUResult;

namespace {

class IRBuilderTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> D;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("racecar-fe", D));
    Dir = std::string(D);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  std::string write(const std::string &Name, const std::string &Text) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::ofstream(std::string(P)) << Text;
    return std::string(P);
  }

  TUResult run(const std::string &Name, const std::string &Text,
               std::vector<std::string> Flags = {"-std=c++17"}) {
    std::string Path = write(Name, Text);
    TUJob J;
    J.File = Path;
    J.Directory = Dir;
    J.CommandLine.push_back(llvm::StringRef(Name).ends_with(".c") ? "clang"
                                                                  : "clang++");
    J.CommandLine.insert(J.CommandLine.end(), Flags.begin(), Flags.end());
    J.CommandLine.push_back(Path);
    return frontend::analyzeTU(J, {});
  }

  /// Runs and returns the printed module; fails the test if Clang failed.
  std::string ir(const std::string &Name, const std::string &Text,
                 std::vector<std::string> Flags = {"-std=c++17"}) {
    TUResult R = run(Name, Text, std::move(Flags));
    EXPECT_TRUE(R.Ok) << R.Diagnostics;
    std::string S;
    llvm::raw_string_ostream OS(S);
    ir::printModule(R.Module, OS);
    return S;
  }

  static const ir::Function *fn(const ir::Module &M, const std::string &Name) {
    for (const ir::Function &F : M.Functions)
      if (F.Name == Name)
        return &F;
    return nullptr;
  }

  static std::vector<const ir::Instr *> calls(const ir::Function &F,
                                              const std::string &Callee) {
    std::vector<const ir::Instr *> Out;
    for (const ir::Block &B : F.Blocks)
      for (const ir::Instr &I : B.Instrs)
        if (I.Kind == ir::InstrKind::Call && I.call().CalleeName == Callee)
          Out.push_back(&I);
    return Out;
  }

  std::string Dir;
};

TEST_F(IRBuilderTest, MemberReadAndWriteThroughThis) {
  TUResult R = run("counter.cpp", R"(
struct Counter {
  int n_ = 0;
  void inc() { n_++; }
  int get() const { return n_; }
  void set(int v) { this->n_ = v; }
};
)");
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  const ir::Function *Inc = fn(R.Module, "Counter::inc");
  ASSERT_NE(Inc, nullptr);
  EXPECT_EQ(Inc->Kind, ir::FunctionKind::Method);
  EXPECT_EQ(Inc->Class, "Counter");
  ASSERT_EQ(Inc->Formals.size(), 1u);
  EXPECT_EQ(Inc->Formals[0], "this");
  std::string S;
  llvm::raw_string_ostream OS(S);
  ir::printModule(R.Module, OS);
  EXPECT_NE(S.find("0: read this->n_ @0:4:16"), std::string::npos) << S;
  EXPECT_NE(S.find("1: write this->n_ @0:4:16"), std::string::npos) << S;
  EXPECT_NE(S.find("write this->n_ @0:6:27"), std::string::npos) << S;
  // The path is Formal(0) Deref Field("Counter::n_").
  const ir::Instr &W = Inc->Blocks[1].Instrs[1];
  ASSERT_EQ(W.Kind, ir::InstrKind::Write);
  EXPECT_EQ(W.Path.Root, ir::RootKind::Formal);
  EXPECT_EQ(W.Path.Index, 0u);
  ASSERT_EQ(W.Path.Steps.size(), 2u);
  EXPECT_EQ(W.Path.Steps[0].kind(), ir::StepKind::Deref);
  EXPECT_EQ(W.Path.Steps[1].kind(), ir::StepKind::Field);
  EXPECT_EQ(W.Path.Steps[1].name(), "Counter::n_");
  // Reading the by-value parameter itself is not an access.
  const ir::Function *Set = fn(R.Module, "Counter::set");
  ASSERT_NE(Set, nullptr);
  EXPECT_EQ(Set->Formals.size(), 2u);
  EXPECT_EQ(S.find("read v"), std::string::npos) << S;
}

TEST_F(IRBuilderTest, PointerChainsReadEachPointer) {
  std::string S = ir("chain.cpp", R"(
struct Inner { int x; };
struct Outer { Inner *p; Inner arr[4]; void f(int i) { this->p->x = 1; arr[i].x = 2; } };
)");
  EXPECT_NE(S.find("read this->p @"), std::string::npos) << S;
  EXPECT_NE(S.find("write this->p->x @"), std::string::npos) << S;
  EXPECT_NE(S.find("write this->arr[].x @"), std::string::npos) << S;
}

TEST_F(IRBuilderTest, LocalsBoundToFieldsAndFreshObjects) {
  TUResult R = run("list.cpp", R"(
struct Node { int v; Node *next; };
Node *make();
struct List {
  Node *head_;
  int sum() { Node *n = head_; int s = 0; while (n) { s += n->v; n = n->next; } return s; }
  void grow() { Node *n = new Node; n->v = 1; Node *m = make(); m->v = 2; int &r = head_->v; r = 3; }
  Node *first() { return head_; }
};
)");
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  std::string S;
  llvm::raw_string_ostream OS(S);
  ir::printModule(R.Module, OS);
  EXPECT_NE(S.find("bind n = this->head_"), std::string::npos) << S;
  EXPECT_NE(S.find("read n->v"), std::string::npos) << S;
  EXPECT_NE(S.find("bind n = n->next"), std::string::npos) << S;
  EXPECT_NE(S.find("bind n = fresh"), std::string::npos) << S;
  EXPECT_NE(S.find("write n->v"), std::string::npos) << S;
  EXPECT_NE(S.find("call make() result=m"), std::string::npos) << S;
  EXPECT_EQ(S.find("bind m ="), std::string::npos) << S;
  EXPECT_NE(S.find("bind r = &this->head_->v"), std::string::npos) << S;
  EXPECT_NE(S.find("write *r"), std::string::npos) << S;
  EXPECT_NE(S.find("return this->head_"), std::string::npos) << S;
  // Locals are numbered in order of appearance.
  const ir::Function *Grow = fn(R.Module, "List::grow");
  ASSERT_NE(Grow, nullptr);
  EXPECT_EQ(Grow->Locals, (std::vector<ir::Symbol>{"n", "m", "r"}));
}

TEST_F(IRBuilderTest, LockGuardConstructorAndDestructor) {
  TUResult R = run("guard.cpp", R"(
#include <mutex>
class Counter {
  std::mutex mu_;
  int n_ = 0;
 public:
  void inc() { std::lock_guard<std::mutex> g(mu_); n_++; }
};
)");
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  const ir::Function *Inc = fn(R.Module, "Counter::inc");
  ASSERT_NE(Inc, nullptr);
  auto Ctors = calls(*Inc, "std::lock_guard::lock_guard");
  auto Dtors = calls(*Inc, "std::lock_guard::~lock_guard");
  ASSERT_EQ(Ctors.size(), 1u);
  ASSERT_EQ(Dtors.size(), 1u);
  const ir::CallInfo &C = Ctors[0]->call();
  EXPECT_TRUE(C.IsConstructor);
  ASSERT_EQ(C.Args.size(), 2u);
  EXPECT_EQ(C.Args[0].K, ir::Operand::Kind::Object);
  EXPECT_EQ(C.Args[0].Path.Root, ir::RootKind::Local);
  EXPECT_EQ(Inc->Locals.at(C.Args[0].Path.Index), "g");
  EXPECT_EQ(C.ArgTypes[0], "std::lock_guard");
  EXPECT_EQ(ir::printOperand(C.Args[1]), "&this->mu_");
  EXPECT_EQ(C.ArgTypes[1], "std::mutex");
  EXPECT_FALSE(C.Callee.empty());
  const ir::CallInfo &D = Dtors[0]->call();
  EXPECT_TRUE(D.IsDestructor);
  ASSERT_EQ(D.Args.size(), 1u);
  EXPECT_EQ(ir::printOperand(D.Args[0]), "&g");
  // Order in the block: ctor, read, write, dtor.
  std::string S;
  llvm::raw_string_ostream OS(S);
  ir::printFunction(*Inc, OS);
  size_t A = S.find("lock_guard::lock_guard"), B = S.find("read this->n_"),
         W = S.find("write this->n_"), E = S.find("lock_guard::~lock_guard");
  EXPECT_TRUE(A < B && B < W && W < E) << S;
}

TEST_F(IRBuilderTest, GuardConstructorsRecordTheStoredMutexPointer) {
  TUResult R = run("guard_ptr.cpp", R"(
#include <pthread.h>
struct Mutex { void Lock(); void Unlock(); pthread_mutex_t mu_; };
Mutex *pick();
class MutexLock {
  Mutex *const mu_;
  Mutex &ref_;
  Mutex *other_;
 public:
  MutexLock(Mutex *mu, Mutex &r) : mu_(mu), ref_(r) { other_ = pick(); mu_->Lock(); }
  void Reset(Mutex *m) { other_ = m; }
};
)");
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  const ir::Function *Ctor = fn(R.Module, "MutexLock::MutexLock");
  const ir::Function *Reset = fn(R.Module, "MutexLock::Reset");
  ASSERT_NE(Ctor, nullptr);
  ASSERT_NE(Reset, nullptr);
  std::map<std::string, std::string> Stored;
  for (const ir::Block &B : Ctor->Blocks)
    for (const ir::Instr &I : B.Instrs)
      if (I.Kind == ir::InstrKind::Write)
        Stored[ir::printPath(I.Path)] =
            I.hasValue() ? ir::printOperand(I.value()) : "none";
  EXPECT_EQ(Stored["this->mu_"], "mu");
  EXPECT_EQ(Stored["this->ref_"], "r");
  // A call's result designates nothing we can name.
  EXPECT_EQ(Stored["this->other_"], "none");
  // Outside a constructor, a parameter's pointer stored is recorded too:
  // the caller's object may be reachable by others from then on.
  Stored.clear();
  for (const ir::Block &B : Reset->Blocks)
    for (const ir::Instr &I : B.Instrs)
      if (I.Kind == ir::InstrKind::Write)
        Stored[ir::printPath(I.Path)] =
            I.hasValue() ? ir::printOperand(I.value()) : "none";
  EXPECT_EQ(Stored["this->other_"], "m");
}

TEST_F(IRBuilderTest, MutexWrappersAreClassesWithOneEmbeddedLock) {
  TUResult R = run("wrappers.cpp", R"(
#include <pthread.h>
#include <mutex>
namespace port {
class Mutex { public: void Lock(); void Unlock(); void AssertHeld();
  private: pthread_mutex_t mu_; bool locked_; };
}
class Instrumented { public: void Lock(); void Unlock();
  private: port::Mutex mutex_; long waits_; };
class TwoLocks { public: void Lock(); void Unlock();
  private: port::Mutex a_, b_; };
class Striped { public: void lock(); private: std::mutex m_[4]; };
class Holder { public: void Lock(); private: port::Mutex *mu_; };
class Data { public: void Put(); private: std::mutex mu_; int v_; };
void port::Mutex::Lock() {}
void Instrumented::Lock() {}
void TwoLocks::Lock() {}
void Striped::lock() {}
void Holder::Lock() {}
void Data::Put() {}
)");
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  auto Wrapper = [&](const char *Name) {
    const ir::Function *F = fn(R.Module, Name);
    EXPECT_NE(F, nullptr) << Name;
    return F && F->LockWrapper;
  };
  EXPECT_TRUE(Wrapper("port::Mutex::Lock"));
  EXPECT_TRUE(Wrapper("Instrumented::Lock")); // one mutex, two levels down
  EXPECT_FALSE(Wrapper("TwoLocks::Lock"));
  EXPECT_FALSE(Wrapper("Striped::lock"));     // an array of mutexes
  EXPECT_FALSE(Wrapper("Holder::Lock"));      // points to its mutex
  EXPECT_FALSE(Wrapper("Data::Put"));         // no lock interface
}

TEST_F(IRBuilderTest, UniqueLockTagTypesAndTryLockBranches) {
  std::string S = ir("ulock.cpp", R"(
#include <mutex>
struct S {
  std::mutex m;
  int x;
  void f() {
    std::unique_lock<std::mutex> l(m, std::defer_lock);
    l.lock();
    l.unlock();
    if (m.try_lock()) { x = 1; m.unlock(); }
  }
  void g() {
    std::unique_lock<std::mutex> l(m, std::try_to_lock);
    if (!l) return;
    x = 2;
  }
};
)");
  EXPECT_NE(S.find("call std::unique_lock::unique_lock(&l:std::unique_lock, "
                   "&this->m:std::mutex, fresh:std::defer_lock_t) ctor"),
            std::string::npos)
      << S;
  EXPECT_NE(S.find("call std::unique_lock::lock(&l:std::unique_lock)"),
            std::string::npos)
      << S;
  EXPECT_NE(S.find("fresh:std::try_to_lock_t"), std::string::npos) << S;
  // `if (m.try_lock())` and `if (!l)` branch on the calls.
  EXPECT_NE(S.find("cond=#"), std::string::npos) << S;
  EXPECT_NE(S.find("cond=!#"), std::string::npos) << S;
}

TEST_F(IRBuilderTest, CondCallPointsAtTheTryLockCall) {
  TUResult R = run("try.c", R"(
#include <pthread.h>
pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
int g_n;
void f(void) {
  if (pthread_mutex_trylock(&g_mu) == 0) { g_n++; pthread_mutex_unlock(&g_mu); }
}
)",
                   {"-std=c11"});
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  const ir::Function *F = fn(R.Module, "f");
  ASSERT_NE(F, nullptr);
  bool Found = false;
  for (const ir::Block &B : F->Blocks) {
    if (B.CondCall < 0)
      continue;
    Found = true;
    ASSERT_LT(size_t(B.CondCall), B.Instrs.size());
    EXPECT_EQ(B.Instrs[B.CondCall].call().CalleeName, "pthread_mutex_trylock");
    EXPECT_TRUE(B.CondNegated); // == 0 means acquired
    ASSERT_EQ(B.Succs.size(), 2u);
    // The `then` successor (Succs[0]) writes g_n.
    const ir::Block &Then = F->Blocks[B.Succs[0]];
    ASSERT_FALSE(Then.Instrs.empty());
    EXPECT_EQ(ir::printInstr(Then.Instrs[0]).substr(0, 9), "read g_n ");
  }
  EXPECT_TRUE(Found);
}

TEST_F(IRBuilderTest, ScalarReturnsSayZeroOrTheCallResultLocal) {
  TUResult R = run("ret.c", R"(
#include <pthread.h>
#include <stddef.h>
pthread_t g_t;
void *work(void *a) { return NULL; }
int start(void) {
  int err = pthread_create(&g_t, 0, work, 0);
  if (err != 0)
    return err;
  return (0);
}
int other(int x) { return x + 1; }
)",
                   {"-std=c11"});
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  auto Returns = [&](const char *Name) {
    std::vector<std::string> Out;
    const ir::Function *F = fn(R.Module, Name);
    if (F)
      for (const ir::Block &B : F->Blocks)
        for (const ir::Instr &I : B.Instrs)
          if (I.Kind == ir::InstrKind::Return)
            Out.push_back(ir::printInstr(I));
    return Out;
  };
  std::vector<std::string> Start = Returns("start");
  ASSERT_EQ(Start.size(), 2u);
  EXPECT_EQ(Start[0].substr(0, 26), "return scalar value(err) @");
  EXPECT_EQ(Start[1].substr(0, 13), "return zero @");
  // A pointer function's `return NULL` is zero too; another value is not.
  std::vector<std::string> Work = Returns("work");
  ASSERT_EQ(Work.size(), 1u);
  EXPECT_EQ(Work[0].substr(0, 13), "return zero @");
  std::vector<std::string> Other = Returns("other");
  ASSERT_EQ(Other.size(), 1u);
  EXPECT_EQ(Other[0].substr(0, 17), "return scalar ? @");
}

TEST_F(IRBuilderTest, DistinctElementArgsOfACountedLoop) {
  TUResult R = run("slots.c", R"(
#include <pthread.h>
struct slot { pthread_t t; int v; };
struct slot slots[8];
void *work(void *a) { return a; }
void start(void) {
  for (int i = 0; i < 8; i++)
    pthread_create(&slots[i].t, 0, work, &slots[i]);
}
void skip(void) {
  for (int i = 0; i < 8; i++) {
    pthread_create(&slots[i].t, 0, work, &slots[i]);
    i++;
  }
}
void rounds(void) {
  for (int r = 0; r < 2; r++)
    for (int i = 0; i < 8; i++)
      pthread_create(&slots[i].t, 0, work, &slots[i]);
}
void plus(void) {
  for (int i = 0; i < 8; i++)
    pthread_create(0, 0, work, slots + i);
}
void jumps(int again) {
top:
  for (int i = 0; i < 8; i++)
    pthread_create(&slots[i].t, 0, work, &slots[i]);
  if (again--)
    goto top;
}
)",
                   {"-std=c11"});
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  auto Distinct = [&](const char *Name) {
    const ir::Function *F = fn(R.Module, Name);
    auto Cs = F ? calls(*F, "pthread_create") : decltype(calls(*F, ""))();
    return Cs.size() == 1 ? Cs[0]->call().DistinctArgs : ~0u;
  };
  EXPECT_EQ(Distinct("start"), 1u << 3); // &slots[i]; &slots[i].t is a field
  EXPECT_EQ(Distinct("skip"), 0u);       // the body changes the counter
  EXPECT_EQ(Distinct("rounds"), 0u);     // another loop repeats it
  EXPECT_EQ(Distinct("plus"), 1u << 3);  // slots + i
  EXPECT_EQ(Distinct("jumps"), 0u);      // a goto repeats it
}

TEST_F(IRBuilderTest, DistinctElementArgsOfAMethodCallCountItsObject) {
  TUResult R = run("env.cpp", R"(
struct Env { void StartThread(void (*fn)(void *), void *arg); };
struct Slot { long ops; };
Slot slots[8];
void body(void *) {}
void start(Env *env) {
  for (int i = 0; i < 8; i++)
    env->StartThread(body, &slots[i]);
}
void same(Env *env) {
  for (int i = 0; i < 8; i++)
    env->StartThread(body, &slots[0]);
}
)");
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  auto Distinct = [&](const char *Name) {
    const ir::Function *F = fn(R.Module, Name);
    auto Cs = F ? calls(*F, "Env::StartThread") : decltype(calls(*F, ""))();
    return Cs.size() == 1 ? Cs[0]->call().DistinctArgs : ~0u;
  };
  // Args: the object, body, &slots[i]: bit 2.
  EXPECT_EQ(Distinct("start"), 1u << 2);
  EXPECT_EQ(Distinct("same"), 0u);
}

TEST_F(IRBuilderTest, WalkedArgsAreElementsOfALoopOverTheWholeArray) {
  TUResult R = run("walk.c", R"(
#include <stdio.h>
struct conn { long last; };
struct conn conns[16];
int reap(struct conn *c, long now) { return now - c->last > 30; }
void note(void) {}
int every(long now) {
  int n = 0;
  for (int i = 0; i < 16; i++)
    n += reap(&conns[i], now);
  return n;
}
int logged(long now) {
  int n = 0;
  for (int i = 0; i < 16; i++) {
    printf("%d\n", i);
    n += reap(&conns[i], now);
  }
  return n;
}
int prefix(long now, int k) {
  int n = 0;
  for (int i = 0; i < k; i++)
    n += reap(&conns[i], now);
  return n;
}
int other_call(long now) {
  int n = 0;
  for (int i = 0; i < 16; i++) {
    note();
    n += reap(&conns[i], now);
  }
  return n;
}
int first(long now) {
  int n = 0;
  for (int i = 0; i < 16; i++)
    n += reap(&conns[0], now);
  return n;
}
)",
                   {"-std=c11"});
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  auto Walked = [&](const char *Name) {
    const ir::Function *F = fn(R.Module, Name);
    auto Cs = F ? calls(*F, "reap") : decltype(calls(*F, ""))();
    return Cs.size() == 1 ? Cs[0]->call().WalkedArgs : ~0u;
  };
  EXPECT_EQ(Walked("every"), 1u);      // &conns[i], i over 0..15
  EXPECT_EQ(Walked("logged"), 1u);     // the library's calls do not count
  EXPECT_EQ(Walked("prefix"), 0u);     // k elements, not every one
  EXPECT_EQ(Walked("other_call"), 0u); // note() may start a thread
  EXPECT_EQ(Walked("first"), 0u);      // one element, sixteen times
}

TEST_F(IRBuilderTest, SerialFlagsOfSubmissionsAndZeroStores) {
  TUResult R = run("serial.cpp", R"(
void submit(void (*fn)(void *), void *arg);
void work(void *) {}
struct Q {
  bool busy_ = false;
  int pending_ = 0;
  void chain() {
    if (busy_) {
    } else if (pending_ == 0) {
    } else {
      busy_ = true;
      submit(work, this);
    }
  }
  void negated() {
    if (!busy_) {
      busy_ = true;
      submit(work, this);
    }
  }
  void early() {
    if (busy_)
      return;
    busy_ = true;
    submit(work, this);
  }
  void unchecked() {
    busy_ = true;
    submit(work, this);
  }
  void before_set() {
    if (!busy_) {
      submit(work, this);
      busy_ = true;
    }
  }
  void in_loop() {
    if (!busy_) {
      busy_ = true;
      for (int i = 0; i < 2; i++)
        submit(work, this);
    }
  }
  void counted() {
    if (pending_ < 2) {
      pending_++;
      submit(work, this);
    }
  }
  void done() { busy_ = false; pending_ = 0; }
};
)");
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  auto Flag = [&](const char *Name) {
    const ir::Function *F = fn(R.Module, std::string("Q::") + Name);
    if (!F)
      return std::string("no function");
    auto Cs = calls(*F, "submit");
    if (Cs.size() != 1 || Cs[0]->call().Callables.size() != 1)
      return std::string("no submission");
    return ir::printOperand(Cs[0]->call().Callables[0].SerialFlag);
  };
  EXPECT_EQ(Flag("chain"), "&this->busy_");
  EXPECT_EQ(Flag("negated"), "&this->busy_");
  EXPECT_EQ(Flag("early"), "&this->busy_");
  EXPECT_EQ(Flag("unchecked"), "?");  // never seen false
  EXPECT_EQ(Flag("before_set"), "?"); // submitted before the set
  EXPECT_EQ(Flag("in_loop"), "?");    // a loop submits again
  EXPECT_EQ(Flag("counted"), "?");    // a count, not a flag
  // `busy_ = false;` stores zero; so does `pending_ = 0;`; `busy_ = true;`
  // does not.
  const ir::Function *Done = fn(R.Module, "Q::done");
  ASSERT_TRUE(Done);
  unsigned Zero = 0;
  for (const ir::Block &B : Done->Blocks)
    for (const ir::Instr &I : B.Instrs)
      Zero += I.Kind == ir::InstrKind::Write && (I.Dest & ir::StoresZero);
  EXPECT_EQ(Zero, 2u);
  const ir::Function *Chain = fn(R.Module, "Q::chain");
  ASSERT_TRUE(Chain);
  for (const ir::Block &B : Chain->Blocks)
    for (const ir::Instr &I : B.Instrs)
      EXPECT_FALSE(I.Kind == ir::InstrKind::Write && (I.Dest & ir::StoresZero));
}

TEST_F(IRBuilderTest, PthreadLockOfGlobalIsObjectGlobal) {
  TUResult R = run("pt.c", R"(
#include <pthread.h>
pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
struct stats { int hits; };
struct stats g_stats;
void bump(struct stats *s) {
  pthread_mutex_lock(&g_mu);
  g_stats.hits++;
  s->hits = 1;
  pthread_mutex_unlock(&g_mu);
}
)",
                   {"-std=c11"});
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  const ir::Function *F = fn(R.Module, "bump");
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->Kind, ir::FunctionKind::Free);
  auto Locks = calls(*F, "pthread_mutex_lock");
  ASSERT_EQ(Locks.size(), 1u);
  const ir::Operand &A = Locks[0]->call().Args.at(0);
  EXPECT_EQ(A.K, ir::Operand::Kind::Object);
  EXPECT_EQ(A.Path.Root, ir::RootKind::Global);
  EXPECT_EQ(A.Path.Symbol, "c:@g_mu");
  EXPECT_TRUE(A.Path.Steps.empty());
  std::string S;
  llvm::raw_string_ostream OS(S);
  ir::printFunction(*F, OS);
  EXPECT_NE(S.find("write g_stats.hits"), std::string::npos) << S;
  EXPECT_NE(S.find("write s->hits"), std::string::npos) << S;
}

TEST_F(IRBuilderTest, StandardContainerAndAtomicCallNames) {
  std::string S = ir("std.cpp", R"(
#include <atomic>
#include <map>
#include <string>
#include <vector>
struct S {
  std::vector<int> v_;
  std::map<int, int> m_;
  std::string s_;
  std::atomic<int> a_{0};
  void f() {
    v_.push_back(1);
    m_[1] = 2;
    s_.append("x");
    a_.store(1);
    a_.fetch_add(1);
    int y = a_.load(); (void)y;
  }
};
)");
  EXPECT_NE(S.find("call std::vector::push_back(&this->v_:std::vector"),
            std::string::npos)
      << S;
  EXPECT_NE(S.find("call std::map::operator[](&this->m_:std::map"),
            std::string::npos)
      << S;
  EXPECT_NE(S.find("call std::basic_string::append(&this->s_"),
            std::string::npos)
      << S;
  // libstdc++ implements std::atomic<int>'s members in std::__atomic_base.
  EXPECT_NE(S.find("::store(&this->a_"), std::string::npos) << S;
  EXPECT_NE(S.find("::fetch_add(&this->a_"), std::string::npos) << S;
  EXPECT_NE(S.find("::load(&this->a_"), std::string::npos) << S;
}

TEST_F(IRBuilderTest, C11AtomicsAndAtomicBuiltinsAreAtomicAccesses) {
  std::string S = ir("atom.c", R"(
#include <stdatomic.h>
struct s { _Atomic int total; int plain; };
void f(struct s *p) {
  p->total += 1;
  __atomic_fetch_add(&p->plain, 1, __ATOMIC_SEQ_CST);
  int v = __atomic_load_n(&p->plain, __ATOMIC_ACQUIRE); (void)v;
  p->plain = 2;
}
)",
                     {"-std=c11"});
  EXPECT_NE(S.find("write p->total atomic"), std::string::npos) << S;
  EXPECT_NE(S.find("write p->plain atomic"), std::string::npos) << S;
  EXPECT_NE(S.find("read p->plain atomic"), std::string::npos) << S;
  EXPECT_NE(S.find("write p->plain @"), std::string::npos) << S;
}

TEST_F(IRBuilderTest, LambdasAreLoweredAndCalledWhereCreatedOrInvoked) {
  TUResult R = run("lambda.cpp", R"(
template <class F> void later(F f);
namespace shop {
class Inventory {
  int count_ = 0;
 public:
  void add(int n) {
    auto f = [this, n]() { count_ += n; };
    f();
    later([this] { count_--; });
  }
};
}
)");
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  // Named by its line's offset in `add` (line 7) and its column.
  const ir::Function *L = fn(R.Module, "shop::Inventory::add::lambda@+1:14");
  ASSERT_NE(L, nullptr);
  EXPECT_EQ(L->Kind, ir::FunctionKind::Lambda);
  EXPECT_EQ(L->Class, "shop::Inventory");
  EXPECT_EQ(L->Formals.at(0), "this");
  const ir::Function *Add = fn(R.Module, "shop::Inventory::add");
  ASSERT_NE(Add, nullptr);
  EXPECT_EQ(L->Symbol, Add->Symbol + "@lambda@+1:14");
  std::string S;
  llvm::raw_string_ostream OS(S);
  ir::printFunction(*L, OS);
  EXPECT_NE(S.find("write this->count_"), std::string::npos) << S;
  // f is only ever invoked here: one call, made at `f()` (in the block where
  // it is invoked), passing `this`.
  auto Invocations = calls(*Add, L->Name);
  ASSERT_EQ(Invocations.size(), 1u);
  EXPECT_EQ(Invocations[0]->call().Callee, L->Symbol);
  EXPECT_EQ(ir::printOperand(Invocations[0]->call().Args.at(0)), "this");
  // Located where it runs, at `f()` (reports show the body's accesses at
  // the access, with this call as a note).
  EXPECT_EQ(Invocations[0]->Location.Line, 9u);
  EXPECT_FALSE(Invocations[0]->call().MakesClosure);
  // The lambda passed to later() escapes: it is called where it is created,
  // and the call says so (a stored callable's runner is not seen).
  const ir::Function *Escaping =
      fn(R.Module, "shop::Inventory::add::lambda@+3:11");
  ASSERT_NE(Escaping, nullptr);
  auto Creations = calls(*Add, Escaping->Name);
  ASSERT_EQ(Creations.size(), 1u);
  EXPECT_EQ(ir::printOperand(Creations[0]->call().Args.at(0)), "this");
  EXPECT_EQ(Creations[0]->Location.Line, 10u);
  EXPECT_TRUE(Creations[0]->call().MakesClosure);
}

TEST_F(IRBuilderTest, ALambdaPassedAsAStdFunctionIsTheCallablePassed) {
  // The std::function temporary made for the parameter holds the lambda:
  // the call hands over the lambda (with its captured `this`); a
  // std::function parameter handed on (moved) is that parameter.
  TUResult R = run("wrapped.cpp", R"(
#include <functional>
#include <utility>
struct Workers {
  void Start(std::function<void()> job);
};
struct Server {
  int served_ = 0;
  void Serve(Workers &w) { w.Start([this] { served_++; }); }
};
void Forward(Workers &w, std::function<void()> fn) { w.Start(std::move(fn)); }
)");
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  const ir::Function *Serve = fn(R.Module, "Server::Serve");
  ASSERT_NE(Serve, nullptr);
  auto Starts = calls(*Serve, "Workers::Start");
  ASSERT_EQ(Starts.size(), 1u);
  ASSERT_EQ(Starts[0]->call().Callables.size(), 1u);
  const ir::CallableArg &Passed = Starts[0]->call().Callables[0];
  EXPECT_EQ(Passed.Arg, 1u);
  EXPECT_EQ(Passed.CalleeName.str(), "Server::Serve::lambda@+0:36");
  EXPECT_TRUE(Passed.HasReceiver);
  EXPECT_EQ(ir::printOperand(Passed.Receiver), "this");
  const ir::Function *Fwd = fn(R.Module, "Forward");
  ASSERT_NE(Fwd, nullptr);
  auto Forwarded = calls(*Fwd, "Workers::Start");
  ASSERT_EQ(Forwarded.size(), 1u);
  ASSERT_EQ(Forwarded[0]->call().Callables.size(), 1u);
  const ir::CallableArg &Handed = Forwarded[0]->call().Callables[0];
  EXPECT_EQ(Handed.CalleeName.str(), "std::function::operator()");
  EXPECT_EQ(ir::printOperand(Handed.Receiver), "&fn");
}

TEST_F(IRBuilderTest, AThreadPoolsQueueOfStdFunctionsIsASlot) {
  // Submit stores its std::function parameter into the queue; the worker
  // calls what it pops through the queue's slot. A call of a single
  // std::function member is not through a slot (each object's own
  // callback), though what is stored into it is recorded.
  TUResult R = run("pool.cpp", R"(
#include <deque>
#include <functional>
#include <utility>
class Pool {
 public:
  void Submit(std::function<void()> task) { tasks_.push_back(std::move(task)); }
  void RunOne() {
    std::function<void()> task;
    task = std::move(tasks_.front());
    tasks_.pop_front();
    task();
  }
  void SetDone(std::function<void()> f) { done_ = std::move(f); }
  void Done() { done_(); }
  void Post(std::function<void()> f) { items_.push_back(Item{1, std::move(f)}); }
  void RunFront() {
    Item &front = items_.front();
    front.fn();
  }
 private:
  struct Item { int prio; std::function<void()> fn; };
  std::deque<std::function<void()>> tasks_;
  std::function<void()> done_;
  std::deque<Item> items_;
};
)");
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  // The slot \p Field: \p Pusher stores its formal 1 there, and \p Runner
  // makes one call through it.
  auto ExpectSlot = [&](const char *Field, const char *Pusher,
                        const char *Runner) {
    SCOPED_TRACE(Field);
    const ir::Function *Push = fn(R.Module, Pusher);
    ASSERT_NE(Push, nullptr);
    EXPECT_TRUE(llvm::is_contained(R.Module.FunctionPointerStores,
                                   std::string("field:") + Field +
                                       "\tformal:" + Push->Symbol.str() +
                                       "#1"));
    const ir::Function *Run = fn(R.Module, Runner);
    ASSERT_NE(Run, nullptr);
    auto Through = calls(*Run, Field);
    ASSERT_EQ(Through.size(), 1u);
    EXPECT_EQ(Through[0]->call().Callee.str(),
              std::string(ir::IndirectCalleePrefix) + "field:" + Field);
  };
  ExpectSlot("Pool::tasks_", "Pool::Submit", "Pool::RunOne");
  const ir::Function *Done = fn(R.Module, "Pool::Done");
  ASSERT_NE(Done, nullptr);
  EXPECT_EQ(calls(*Done, "std::function::operator()").size(), 1u);
  // A queue of structs holding the task: the field is the slot, for calls
  // of a queued struct's field (through a reference to the front here).
  ExpectSlot("Pool::Item::fn", "Pool::Post", "Pool::RunFront");
}

TEST_F(IRBuilderTest, LambdaNamesDoNotMoveWithLinesAboveTheirFunction) {
  // Lines added above a function rename none of its lambdas (their callers'
  // summaries name them: the summary cache keeps them); a lambda outside
  // any function is named by its line.
  std::string Keep;
  auto Names = [&](const std::string &Above) {
    TUResult R = run("lambdas.cpp", Above + R"(
int g;
template <class F> void keep(F f) { f(); }
void run() {
  auto f = [] { g++; };
  f();
  keep([] { g += 2; });
}
auto h = [] { g--; };
)");
    EXPECT_TRUE(R.Ok) << R.Diagnostics;
    std::vector<std::string> N;
    for (const ir::Function &F : R.Module.Functions)
      if (F.Kind == ir::FunctionKind::Lambda)
        N.push_back(F.Symbol.str() + " " + F.Name.str());
    std::sort(N.begin(), N.end());
    // keep<> instantiated with run's second lambda: Clang's USR names the
    // lambda's type by its file offset; the symbol by its offset in run.
    for (const ir::Function &F : R.Module.Functions)
      if (F.Name.str() == "keep")
        Keep = F.Symbol.str();
    return N;
  };
  std::vector<std::string> Before = Names("");
  const std::string KeepBefore = Keep;
  std::vector<std::string> After = Names("\n\n\n");
  EXPECT_FALSE(KeepBefore.empty());
  EXPECT_EQ(KeepBefore, Keep) << "the instantiation keeps its symbol";
  ASSERT_EQ(Before.size(), 3u);
  // (Sorted: run's lambdas first, then the namespace-scope one.)
  EXPECT_EQ(Before[0].substr(Before[0].rfind(' ') + 1), "run::lambda@+1:12");
  EXPECT_EQ(Before[0], After[0]);
  EXPECT_EQ(Before[1], After[1]);
  EXPECT_NE(Before[2], After[2]) << "at namespace scope: by line";
}

TEST_F(IRBuilderTest, InstantiationsWithTwoLambdasOfOneFunctionDiffer) {
  // Clang's USR names an anonymous local class in a function template's
  // arguments by its function alone: `run2<lambda 1>` and `run2<lambda 2>`
  // would be one symbol, and the link would keep one body. Each keeps its
  // own, and its own when lines are added above.
  auto Symbols = [&](const std::string &Above) {
    TUResult R = run("two.cpp", Above + R"(
int a, b;
template <class F> void run2(F f) { f(); f(); }
void both() {
  run2([] { a++; });
  run2([] { b++; });
}
)");
    EXPECT_TRUE(R.Ok) << R.Diagnostics;
    std::vector<std::string> S;
    for (const ir::Function &F : R.Module.Functions)
      if (F.Name.str() == "run2")
        S.push_back(F.Symbol.str());
    std::sort(S.begin(), S.end());
    return S;
  };
  std::vector<std::string> Before = Symbols("");
  ASSERT_EQ(Before.size(), 2u);
  EXPECT_NE(Before[0], Before[1]);
  EXPECT_EQ(Before, Symbols("\n\n"));
}

TEST_F(IRBuilderTest, BranchesOnLocalsHoldingTryLockResults) {
  std::string S = ir("trylocal.cpp", R"(
#include <mutex>
#include <pthread.h>
struct P {
  pthread_mutex_t fd_;
  std::mutex mu_;
  int polls_, pending_;
  void poll() {
    int rc = pthread_mutex_trylock(&fd_);
    if (rc != 0)
      return;
    ++polls_;
    pthread_mutex_unlock(&fd_);
  }
  void drain() {
    bool locked = mu_.try_lock();
    if (locked) { pending_ = 0; mu_.unlock(); }
  }
  long take() { return ++polls_; }
};
)");
  size_t Poll = S.find("function P::poll");
  size_t Drain = S.find("function P::drain");
  ASSERT_NE(Poll, std::string::npos);
  ASSERT_NE(Drain, std::string::npos);
  std::string PollIR = S.substr(Poll, Drain - Poll);
  EXPECT_NE(PollIR.find("cond=#0\n    0: call pthread_mutex_trylock(&this->fd_"),
            std::string::npos)
      << PollIR;
  std::string DrainIR = S.substr(Drain);
  EXPECT_NE(DrainIR.find("cond=#0\n    0: call std::mutex::try_lock("),
            std::string::npos)
      << DrainIR;
  // `return ++polls_;` is one read and one write, no second read.
  size_t Take = S.find("function P::take");
  ASSERT_NE(Take, std::string::npos);
  std::string TakeIR = S.substr(Take);
  EXPECT_NE(TakeIR.find("0: read this->polls_"), std::string::npos) << TakeIR;
  EXPECT_NE(TakeIR.find("1: write this->polls_"), std::string::npos) << TakeIR;
  EXPECT_EQ(TakeIR.find("2: read this->polls_"), std::string::npos) << TakeIR;
}

TEST_F(IRBuilderTest, CapabilityAttributesBecomeDeclaredEffects) {
  TUResult R = run("caps.cpp", R"(
#define CAP(x) __attribute__((capability(x)))
#define GUARDED_BY(x) __attribute__((guarded_by(x)))
#define ACQUIRE(...) __attribute__((acquire_capability(__VA_ARGS__)))
#define ACQUIRE_SHARED(...) __attribute__((acquire_shared_capability(__VA_ARGS__)))
#define RELEASE(...) __attribute__((release_capability(__VA_ARGS__)))
#define TRY_ACQUIRE(...) __attribute__((try_acquire_capability(__VA_ARGS__)))
class CAP("mutex") Mutex {
 public:
  void Lock() ACQUIRE();
  void ReaderLock() ACQUIRE_SHARED();
  void Unlock() RELEASE();
  bool TryLock() TRY_ACQUIRE(true);
};
void lockBoth(Mutex &a, Mutex *b) __attribute__((exclusive_lock_function(a, b)));
void unlockOld(Mutex *m) __attribute__((unlock_function(m)));
class __attribute__((annotate("racecar_thread_safe"))) Account {
  Mutex mu_;
  int balance_ GUARDED_BY(mu_) = 0;
  void lockIt() ACQUIRE(mu_) { mu_.Lock(); }
 public:
  void deposit(Mutex &other) { lockIt(); balance_++; mu_.Unlock(); lockBoth(mu_, &other); unlockOld(&other); }
};
class Savings : public Account {};
)");
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  std::string S;
  llvm::raw_string_ostream OS(S);
  ir::printModule(R.Module, OS);
  EXPECT_NE(S.find("effects acquire(this->mu_)"), std::string::npos) << S;
  EXPECT_NE(S.find("call Account::lockIt(this:Account) acquire(this->mu_)"),
            std::string::npos)
      << S;
  EXPECT_NE(S.find("call Mutex::Lock(&this->mu_:Mutex) acquire(*this)"),
            std::string::npos)
      << S;
  EXPECT_NE(S.find("call Mutex::Unlock(&this->mu_:Mutex) release(*this)"),
            std::string::npos)
      << S;
  // lockBoth(Mutex &a, Mutex *b): a reference and a pointer, both Deref'd.
  EXPECT_NE(S.find("call lockBoth(&this->mu_:Mutex, other) "
                   "acquire(*a) acquire(*b)"),
            std::string::npos)
      << S;
  EXPECT_NE(S.find("release(*m)"), std::string::npos) << S;
  EXPECT_NE(S.find("class Mutex capability"), std::string::npos) << S;
  EXPECT_NE(S.find("class Account guarded thread_safe"), std::string::npos)
      << S;
  EXPECT_NE(S.find("class Savings thread_safe"), std::string::npos) << S;
}

TEST_F(IRBuilderTest, TemplateInstantiationsAreLowered) {
  TUResult R = run("tmpl.cpp", R"(
namespace shop {
template <class T> struct Box { T v; void set(T x) { v = x; } };
}
template <class T> T twice(T x) { return x + x; }
int use() { shop::Box<int> a; a.set(1); shop::Box<long> b; b.set(2); return twice(3); }
)");
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  std::vector<std::string> Symbols;
  for (const ir::Function &F : R.Module.Functions)
    if (F.Name == "shop::Box::set")
      Symbols.push_back(F.Symbol);
  ASSERT_EQ(Symbols.size(), 2u);
  EXPECT_NE(Symbols[0], Symbols[1]);
  EXPECT_NE(fn(R.Module, "twice"), nullptr);
  const ir::Function *Use = fn(R.Module, "use");
  ASSERT_NE(Use, nullptr);
  auto Sets = calls(*Use, "shop::Box::set");
  ASSERT_EQ(Sets.size(), 2u);
  EXPECT_EQ(Sets[0]->call().Callee, Symbols[0]);
  EXPECT_EQ(Sets[1]->call().Callee, Symbols[1]);
}

TEST_F(IRBuilderTest, GccCommandLinesWork) {
  write("include/shared.h", "struct stats { int hits; };\n");
  std::string C = write("src/x.c", R"(
#include "shared.h"
#include <stdio.h>
void f(struct stats *s) { s->hits++; }
)");
  std::string Build = Dir + "/build";
  llvm::sys::fs::create_directories(Build);
  TUJob J;
  J.File = C;
  J.Directory = Build;
  J.CommandLine = {"/usr/bin/x86_64-linux-gnu-gcc-12",
                   "-O2",
                   "-g",
                   "-fno-strict-aliasing",
                   "-Wall",
                   "-MD",
                   "-MF",
                   "x.d",
                   "-fno-tree-vrp",
                   "-fconserve-stack",
                   "-mindirect-branch=thunk-extern",
                   "-mindirect-branch-register",
                   "-mrecord-mcount",
                   "-fstack-clash-protection",
                   "-I../include",
                   "-o",
                   "x.o",
                   "-c",
                   "../src/x.c"};
  TUResult R = frontend::analyzeTU(J, {});
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  ASSERT_NE(fn(R.Module, "f"), nullptr);
  // The user header is recorded (absolute, normalized) though nothing in it
  // is referenced by a location of f.
  ASSERT_EQ(R.Module.Files.size(), 2u);
  EXPECT_EQ(R.Module.Files[0], C);
  EXPECT_EQ(R.Module.Files[1], Dir + "/include/shared.h");

  // g++ (and c++) compile even .c files as C++; <vector> must be found.
  std::string Cpp = write("src/y.c", R"(
#include <vector>
struct V { std::vector<int> v; void f() { v.push_back(1); } };
)");
  for (const char *Driver : {"g++", "c++", "/usr/bin/x86_64-linux-gnu-g++-12"}) {
    TUJob K;
    K.File = Cpp;
    K.Directory = Build;
    K.CommandLine = {Driver, "-std=gnu++17", "-O2", "-fno-tree-vrp",
                     "-c",   "../src/y.c",   "-o",  "y.o"};
    TUResult RK = frontend::analyzeTU(K, {});
    EXPECT_TRUE(RK.Ok) << Driver << ": " << RK.Diagnostics;
    EXPECT_NE(fn(RK.Module, "V::f"), nullptr) << Driver;
  }
}

TEST_F(IRBuilderTest, SyntaxErrorsFailTheTU) {
  TUResult R = run("bad.cpp", "int f() { return 1 }\n");
  EXPECT_FALSE(R.Ok);
  EXPECT_NE(R.Diagnostics.find("bad.cpp:1:"), std::string::npos)
      << R.Diagnostics;
  EXPECT_NE(R.Diagnostics.find("error:"), std::string::npos) << R.Diagnostics;
  EXPECT_TRUE(R.Module.Functions.empty());
  EXPECT_TRUE(R.Module.Files.empty());
}

TEST_F(IRBuilderTest, ConcurrentAnalysesOnSeveralThreads) {
  std::string A = write("a.cpp", R"(
#include <mutex>
struct A { std::mutex m; int x; void f() { std::lock_guard<std::mutex> g(m); x++; } };
)");
  std::string B = write("sub/b.cpp", R"(
#include <vector>
struct B { std::vector<int> v; void f() { v.push_back(1); } };
)");
  auto Jobs = frontend::jobsFromCommandLine({A, B}, {"-std=c++17"});
  ASSERT_EQ(Jobs.size(), 2u);
  EXPECT_EQ(Jobs[0].CommandLine.front(), "clang++");
  std::vector<TUResult> Results(4);
  std::vector<std::thread> Threads;
  for (size_t I = 0; I < Results.size(); ++I)
    Threads.emplace_back([&, I] {
      Results[I] = frontend::analyzeTU(Jobs[I % 2], {});
    });
  for (std::thread &T : Threads)
    T.join();
  for (size_t I = 0; I < Results.size(); ++I) {
    ASSERT_TRUE(Results[I].Ok) << Results[I].Diagnostics;
    EXPECT_EQ(Results[I].Module.MainFile, I % 2 ? B : A);
    EXPECT_NE(fn(Results[I].Module, I % 2 ? "B::f" : "A::f"), nullptr);
    EXPECT_GT(Results[I].ParseSeconds, 0);
  }
}

TEST_F(IRBuilderTest, CompileDatabaseLoading) {
  write("src/one.c", "int one(void) { return 1; }\n");
  write("src/two.cpp", "int two() { return 2; }\n");
  std::string Build = Dir + "/build";
  write("build/compile_commands.json", R"([
  {"directory": ")" + Build + R"(", "command": "gcc -c ../src/one.c -o one.o", "file": "../src/one.c"},
  {"directory": ")" + Build + R"(", "arguments": ["g++", "-c", "../src/two.cpp"], "file": "../src/two.cpp"},
  {"directory": ")" + Build + R"(", "command": "gcc -O0 -c ../src/one.c", "file": "../src/one.c"}
])");
  auto All = frontend::loadCompileDatabase(Build, {});
  ASSERT_TRUE(bool(All)) << llvm::toString(All.takeError());
  ASSERT_EQ(All->size(), 2u); // duplicate entry for one.c dropped
  EXPECT_EQ((*All)[0].File, Dir + "/src/one.c");
  EXPECT_EQ((*All)[0].Directory, Build);
  EXPECT_EQ((*All)[0].CommandLine.front(), "gcc");
  EXPECT_EQ((*All)[0].CommandLine.size(), 5u); // the first entry is kept

  auto Some = frontend::loadCompileDatabase(
      Build, {Dir + "/src/two.cpp", Dir + "/src/../src/one.c"});
  ASSERT_TRUE(bool(Some)) << llvm::toString(Some.takeError());
  ASSERT_EQ(Some->size(), 2u);
  EXPECT_EQ((*Some)[0].File, Dir + "/src/two.cpp");
  TUResult R = frontend::analyzeTU((*Some)[0], {});
  EXPECT_TRUE(R.Ok) << R.Diagnostics;

  auto Missing = frontend::loadCompileDatabase(Build, {Dir + "/src/three.c"});
  ASSERT_FALSE(bool(Missing));
  EXPECT_NE(llvm::toString(Missing.takeError()).find("three.c"),
            std::string::npos);

  auto NoDB = frontend::loadCompileDatabase(Dir + "/src", {});
  ASSERT_FALSE(bool(NoDB));
  EXPECT_NE(llvm::toString(NoDB.takeError()).find("no compile_commands.json"),
            std::string::npos);
}

TEST_F(IRBuilderTest, ConstructorsDestructorsAndImplicitCopies) {
  std::string S = ir("ctor.cpp", R"(
#include <mutex>
#include <string>
struct Config { int level; std::string name; };
struct Pt { int x, y; };
class K {
  Config cfg_;
  Pt pt_;
  int x_;
  std::mutex m_;
 public:
  explicit K(int x) : x_(x) {}
  void f(Pt p) {
    Config c = cfg_; (void)c;
    pt_ = p;
    auto l = std::unique_lock<std::mutex>(m_);
  }
};
)",
                   {"-std=c++14"});
  EXPECT_NE(S.find("write this->x_ @0:12:23"), std::string::npos) << S;
  EXPECT_NE(S.find("call std::mutex::mutex(&this->m_:std::mutex) ctor"),
            std::string::npos)
      << S;
  EXPECT_NE(S.find("read this->cfg_"), std::string::npos) << S;
  EXPECT_NE(S.find("write this->pt_"), std::string::npos) << S;
  // C++14 elidable copy: the lock is constructed into l, no temporary dtor.
  EXPECT_NE(S.find("std::unique_lock::unique_lock(&l:std::unique_lock, "
                   "&this->m_:std::mutex) ctor"),
            std::string::npos)
      << S;
  EXPECT_EQ(S.find("~unique_lock(fresh"), std::string::npos) << S;
  EXPECT_NE(S.find("~unique_lock(&l:std::unique_lock) dtor"),
            std::string::npos)
      << S;
}


TEST_F(IRBuilderTest, PthreadEntriesHandlesAndEscapingLocals) {
  TUResult R = run("pool.c", R"(
#include <pthread.h>
struct job { int done; };
void *worker(void *arg) { struct job *j = arg; j->done++; return 0; }
int main(void) {
  struct job shared = {0};
  pthread_t th[4];
  int unshared = 0;
  for (int i = 0; i < 4; i++)
    pthread_create(&th[i], 0, worker, &shared);
  shared.done = 1;
  unshared++;
  for (int i = 0; i < 4; i++)
    pthread_join(th[i], 0);
  return unshared;
}
)", {"-std=c11"});
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  const ir::Function *Main = fn(R.Module, "main");
  ASSERT_NE(Main, nullptr);
  std::vector<const ir::Instr *> Creates = calls(*Main, "pthread_create");
  ASSERT_EQ(Creates.size(), 1u);
  const ir::CallInfo &C = Creates[0]->call();
  ASSERT_EQ(C.Callables.size(), 1u);
  EXPECT_EQ(C.Callables[0].Arg, 2u);
  EXPECT_EQ(C.Callables[0].CalleeName, "worker");
  EXPECT_EQ(C.Callables[0].Callee, fn(R.Module, "worker")->Symbol);
  EXPECT_FALSE(C.Callables[0].HasReceiver);
  // &th[i] designates an element of th; &shared designates shared itself.
  ASSERT_EQ(C.Args.size(), 4u);
  EXPECT_EQ(C.Args[0].K, ir::Operand::Kind::Object);
  EXPECT_EQ(C.Args[0].Path.str(), "th[]");
  EXPECT_EQ(C.Args[3].Path.str(), "shared");
  // pthread_join(th[i], 0) passes the handle's value, loaded from th[i].
  std::vector<const ir::Instr *> Joins = calls(*Main, "pthread_join");
  ASSERT_EQ(Joins.size(), 1u);
  EXPECT_EQ(Joins[0]->call().Args[0].K, ir::Operand::Kind::Value);
  EXPECT_EQ(Joins[0]->call().Args[0].Path.str(), "th[]");
  // shared's address escapes: its accesses are lowered; unshared's are not.
  bool SharedWrite = false, UnsharedAccess = false;
  for (const ir::Block &B : Main->Blocks)
    for (const ir::Instr &I : B.Instrs) {
      if (I.Kind == ir::InstrKind::Write && I.Path.str() == "shared.done")
        SharedWrite = true;
      if ((I.Kind == ir::InstrKind::Write || I.Kind == ir::InstrKind::Read) &&
          I.Path.str() == "unshared")
        UnsharedAccess = true;
    }
  EXPECT_TRUE(SharedWrite);
  EXPECT_FALSE(UnsharedAccess);
}

TEST_F(IRBuilderTest, LambdaCapturesAreFormalsAndThreadArgumentsDecay) {
  TUResult R = run("threads.cpp", R"(
#include <functional>
#include <thread>
struct Stats { long hits = 0; void bump() { ++hits; } };
void add(long &total, Stats *s) { total += s->hits; }
int main() {
  long total = 0;
  Stats st, *sp = &st;
  std::thread a([&total, sp](int k) { total += k; sp->bump(); }, 3);
  std::thread b(add, std::ref(total), sp);
  std::thread c(&Stats::bump, &st);
  a.join(); b.join(); c.join();
}
)", {"-std=c++17"});
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  // The lambda: formals this, k, then the captures total (by reference)
  // and sp (by copy).
  const ir::Function *L = nullptr;
  for (const ir::Function &F : R.Module.Functions)
    if (F.Kind == ir::FunctionKind::Lambda)
      L = &F;
  ASSERT_NE(L, nullptr);
  ASSERT_EQ(L->Formals.size(), 4u);
  EXPECT_EQ(L->Formals[1], "k");
  EXPECT_EQ(L->Formals[2], "total");
  EXPECT_EQ(L->Formals[3], "sp");
  bool WritesTotal = false;
  for (const ir::Block &B : L->Blocks)
    for (const ir::Instr &I : B.Instrs)
      if (I.Kind == ir::InstrKind::Write && I.Path.Root == ir::RootKind::Formal &&
          I.Path.Index == 2 && I.Path.Steps.size() == 1 &&
          I.Path.Steps[0].kind() == ir::StepKind::Deref)
        WritesTotal = true;
  EXPECT_TRUE(WritesTotal) << "total += k writes Formal(2) Deref";

  const ir::Function *Main = fn(R.Module, "main");
  ASSERT_NE(Main, nullptr);
  std::vector<const ir::Instr *> Ctors = calls(*Main, "std::thread::thread");
  ASSERT_EQ(Ctors.size(), 3u);
  // a: the lambda, with its receiver, one parameter and two captures; the
  // data argument 3 is decayed to an unknown scalar.
  const ir::CallableArg &LA = Ctors[0]->call().Callables.at(0);
  EXPECT_EQ(LA.Callee, L->Symbol);
  EXPECT_TRUE(LA.HasReceiver);
  EXPECT_EQ(LA.NumParams, 1u);
  ASSERT_EQ(LA.Captures.size(), 2u);
  EXPECT_EQ(LA.Captures[0].K, ir::Operand::Kind::Object);
  EXPECT_EQ(LA.Captures[0].Path.str(), "total");
  EXPECT_EQ(LA.Captures[1].Path.str(), "*sp"); // what sp points to
  ASSERT_EQ(LA.DecayedArgs.size(), 1u);
  // b: add(std::ref(total), sp): total itself, and what sp points to.
  const ir::CallableArg &BA = Ctors[1]->call().Callables.at(0);
  EXPECT_EQ(BA.CalleeName, "add");
  ASSERT_EQ(BA.DecayedArgs.size(), 2u);
  EXPECT_EQ(BA.DecayedArgs[0].Path.str(), "total");
  EXPECT_EQ(BA.DecayedArgs[1].K, ir::Operand::Kind::Object);
  // c: &Stats::bump with &st as `this`.
  const ir::CallableArg &CA = Ctors[2]->call().Callables.at(0);
  EXPECT_EQ(CA.CalleeName, "Stats::bump");
  ASSERT_EQ(CA.DecayedArgs.size(), 1u);
  EXPECT_EQ(CA.DecayedArgs[0].Path.str(), "st");
}

TEST_F(IRBuilderTest, ThreadContainerElementType) {
  TUResult R = run("vec.cpp", R"(
#include <thread>
#include <vector>
void work(int) {}
int main() {
  std::vector<std::thread> pool;
  std::vector<int> ids;
  for (int i = 0; i < 3; ++i) { pool.emplace_back(work, i); ids.push_back(i); }
  for (auto &t : pool) t.join();
}
)", {"-std=c++17"});
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  const ir::Function *Main = fn(R.Module, "main");
  ASSERT_NE(Main, nullptr);
  std::vector<const ir::Instr *> E = calls(*Main, "std::vector::emplace_back");
  ASSERT_EQ(E.size(), 1u);
  EXPECT_EQ(E[0]->call().ElementType, "std::thread");
  ASSERT_EQ(E[0]->call().Callables.size(), 1u);
  EXPECT_EQ(E[0]->call().Callables[0].CalleeName, "work");
  std::vector<const ir::Instr *> P = calls(*Main, "std::vector::push_back");
  ASSERT_EQ(P.size(), 1u);
  EXPECT_EQ(P[0]->call().ElementType, "");
}

} // namespace

TEST_F(IRBuilderTest, AModeAssertedInOneMethodHoldsInTheSameModeElsewhere) {
  // `if (recovering_ != 0) { db_->mu()->AssertHeld(); ..}` in one method:
  // the same test elsewhere in the class (`if (recovering_)` too) starts its
  // branch with that assertion; another member, another constant, or an
  // assertion that is not its branch's first statement, do not.
  TUResult R = run("modes.cpp", R"(
struct Mutex { void AssertHeld() const; };
struct DB { Mutex *mu(); void Touch(); };
class Inserter {
  DB *db_;
  long recovering_ = 0, draining_ = 0;
  bool verbose_ = false;
 public:
  void Commit() { if (recovering_ != 0) { db_->mu()->AssertHeld(); db_->Touch(); } }
  void Rollback() { if (recovering_) { db_->Touch(); } }
  void Other() { if (recovering_ == 2) db_->Touch(); if (verbose_) db_->Touch(); }
  void Late() { if (draining_ != 0) { db_->Touch(); db_->mu()->AssertHeld(); } }
  void Drain() { if (draining_) db_->Touch(); }
};
)");
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  auto Asserts = [&](const char *Name) {
    const ir::Function *F = fn(R.Module, std::string("Inserter::") + Name);
    EXPECT_NE(F, nullptr) << Name;
    return F ? calls(*F, "Mutex::AssertHeld").size() : size_t(0);
  };
  EXPECT_EQ(Asserts("Commit"), 1u);
  EXPECT_EQ(Asserts("Rollback"), 1u);
  EXPECT_EQ(Asserts("Other"), 0u);
  EXPECT_EQ(Asserts("Late"), 1u);
  EXPECT_EQ(Asserts("Drain"), 0u);
  // Placed first in the branch, before the call it covers.
  const ir::Function *Rb = fn(R.Module, "Inserter::Rollback");
  ASSERT_NE(Rb, nullptr);
  for (const ir::Block &B : Rb->Blocks)
    for (const ir::Instr &I : B.Instrs)
      if (I.Kind == ir::InstrKind::Call) {
        EXPECT_EQ(I.call().CalleeName, "Mutex::AssertHeld");
        break;
      }
}

TEST_F(IRBuilderTest, CallsThatAreAModeTestsWholeBranchAreMarked) {
  // `if (two_queues_) mu_.lock();` (a member tested, no else): the lock is
  // held in one mode of the object. A parameter's test, a branch with an
  // else, or a branch of more than the call, is not marked.
  TUResult R = run("modecalls.cpp", R"(
struct Mutex { void lock(); void unlock(); };
class Log {
  Mutex mu_;
  bool two_queues_ = false;
  int n_ = 0;
 public:
  void Switch(bool flag) {
    if (two_queues_) mu_.lock();
    if (two_queues_ != 0) { mu_.unlock(); }
    if (flag) mu_.lock();
    if (two_queues_) mu_.unlock(); else n_++;
    if (n_ == 2) { mu_.lock(); n_++; }
  }
};
)");
  ASSERT_TRUE(R.Ok) << R.Diagnostics;
  const ir::Function *F = fn(R.Module, "Log::Switch");
  ASSERT_NE(F, nullptr);
  std::vector<bool> Marks;
  for (const ir::Block &B : F->Blocks)
    for (const ir::Instr &I : B.Instrs)
      if (I.Kind == ir::InstrKind::Call &&
          (I.call().CalleeName == "Mutex::lock" ||
           I.call().CalleeName == "Mutex::unlock"))
        Marks.push_back(I.call().UnderModeTest);
  ASSERT_EQ(Marks.size(), 5u);
  EXPECT_EQ(llvm::count(Marks, true), 2);
}
