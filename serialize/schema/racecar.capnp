# racecar.capnp - on-disk form of one translation unit's IR module and
# (optionally) its functions' summaries.
#
# Mirrors summarize/ir/IR.h, summarize/ir/AccessPath.h and
# summarize/Summary.h field by field. serialize/ModuleCodec.cpp is the only
# code that reads or writes it; nothing outside serialize/ sees these types.
#
# String table. Every string of the IR (symbols, qualified names, field
# names, spellings, file paths) is stored once in TUFile.strings and
# referenced by its UInt32 index (fields named `...` :StrId below).
# Index 0 is always "" so that an unset field means the empty string.
# Strings are numbered in order of first use by the encoder, which walks the
# file in a fixed order, so the table (like the whole message) is a pure
# function of the input. Symbols, qualified names and field names repeat on
# almost every instruction: on synthetic TUs the table makes the message
# ~43% smaller and the zstd-compressed file ~46% smaller (~55% with
# summaries), and encoding ~1.6x faster; see serialize/README.md.
#
# Evolution. The file header (see ModuleCodec.h) carries FormatVersion and
# TUFile.formatVersion repeats it. Any change to this schema that an older
# reader cannot ignore, or any change to the meaning of a field, must bump
# racer::serialize::FormatVersion; readers reject other versions with a
# clear error and the cache treats such entries as misses.

@0xc99a619a1170b29e;

$import "/capnp/c++.capnp".namespace("racer::serialize::schema");

using StrId = UInt32;   # index into TUFile.strings

# ---- summarize/ir/AccessPath.h ----------------------------------------------

enum RootKind { formal @0; global @1; local @2; }
enum StepKind { field @0; deref @1; index @2; elided @3; walk @4; linked @5; }

struct PathStep {
  kind @0 :StepKind;
  name @1 :StrId;           # Field: qualified field name
}

struct AccessPath {
  root @0 :RootKind;
  index @1 :UInt32;         # Formal index / local id
  symbol @2 :StrId;         # Global: USR
  spelling @3 :StrId;
  steps @4 :List(PathStep);
}

# ---- summarize/ir/IR.h ------------------------------------------------------

struct Loc {
  file @0 :UInt32;          # index into Module.files (not a StrId)
  line @1 :UInt32;
  col @2 :UInt32;
}

enum OperandKind { object @0; fresh @1; unknown @2; value @3; }

struct Operand {
  kind @0 :OperandKind = unknown;
  path @1 :AccessPath;      # null = default-constructed path
}

enum LockEffectKind {
  acquire @0; acquireShared @1; release @2; tryAcquire @3; requires @4;
  requiresShared @5; assert @6; assertShared @7;
}

struct DeclaredLockEffect {
  kind @0 :LockEffectKind;
  lock @1 :AccessPath;
}

struct CallableArg {
  arg @0 :UInt32;
  callee @1 :StrId;
  calleeName @2 :StrId;
  hasReceiver @3 :Bool;
  receiver @4 :Operand;     # null = unknown
  numParams @5 :UInt32;
  captures @6 :List(Operand);
  decayedArgs @7 :List(Operand);
  serialFlag @8 :Operand;   # null = unknown
}

struct CallInfo {
  callee @0 :StrId;
  calleeName @1 :StrId;
  args @2 :List(Operand);
  argTypes @3 :List(StrId);
  resultLocal @4 :Int32 = -1;
  isConstructor @5 :Bool;
  isDestructor @6 :Bool;
  declaredEffects @7 :List(DeclaredLockEffect);
  callables @8 :List(CallableArg);
  elementType @9 :StrId;
  loopRange @10 :StrId;
  scalarResult @11 :Int16 = -1;
  distinctArgs @12 :UInt32;
  scalarArgs @13 :List(ScalarArg);
  writableArgs @14 :UInt32;
  makesClosure @15 :Bool;
  underModeTest @16 :Bool;
  runsTask @17 :Bool;
  walkedArgs @18 :UInt32;
}

struct ScalarArg {
  arg @0 :UInt32;
  isFormal @1 :Bool;
  value @2 :Int64;
}

enum FormalTestOp { any @0; eq @1; ne @2; anyBit @3; noBit @4; lt @5; ge @6; noneOf @7; }

struct FormalTest {
  op @0 :FormalTestOp;
  values @1 :List(Int64);
}

enum InstrKind { read @0; write @1; call @2; bind @3; return @4; }

# Pointer fields (location, path, value, call) are null when the C++ field
# holds its default value, so a Read carries no CallInfo and so on.
struct Instr {
  kind @0 :InstrKind;
  location @1 :Loc;
  path @2 :AccessPath;
  atomic @3 :Bool;
  dest @4 :UInt32;
  value @5 :Operand;
  call @6 :CallInfo;
}

struct Block {
  instrs @0 :List(Instr);
  succs @1 :List(UInt32);
  condCall @2 :Int32 = -1;
  condNegated @3 :Bool;
  condLocal @4 :Int32 = -1;
  noReturn @5 :Bool;
  condFormal @6 :Int32 = -1;
  edgeTests @7 :List(FormalTest);
}

enum AccessSpec { none @0; public @1; protected @2; private @3; }
enum FunctionKind {
  free @0; method @1; staticMethod @2; constructor @3; destructor @4; lambda @5;
}

struct Function {
  symbol @0 :StrId;
  name @1 :StrId;
  className @2 :StrId;
  access @3 :AccessSpec;
  kind @4 :FunctionKind;
  formals @5 :List(StrId);
  locals @6 :List(StrId);
  location @7 :Loc;
  blocks @8 :List(Block);
  declaredEffects @9 :List(DeclaredLockEffect);
  handRolledSync @10 :Loc;
  conditionWait @11 :Loc;
  onceInit @12 :Loc;
  onceInitLast @13 :UInt32;
  updatesAtomically @14 :Bool;
  onlyForwards @15 :Bool;
  flagGuard @16 :Loc;
  flagGuardLast @17 :UInt32;
  flagGuardVar @18 :StrId;
  lockWrapper @19 :Bool;
  documentedRequires @20 :UInt8;  # ir::DocumentedLock (format 28)
  lastLine @21 :UInt32;           # ir::Function::LastLine (format 35)
  onceInitVar @22 :StrId;         # ir::Function::OnceInitVar (format 36)
  onceInitUnwritten @23 :List(StrId);
  conditionWaitSignals @24 :Bool; # ir::SyncPatterns (format 38)
  barrierWait @25 :Loc;           # ir::SyncPatterns (format 41)
  lastSignalLine @26 :UInt32;     # ir::SyncPatterns (format 42)
  signalledWait @27 :Bool;        # ir::SyncPatterns (format 42)
  acquireRegion @28 :Loc;         # ir::SyncPatterns (format 44)
  acquireRegionLast @29 :UInt32;
  acquireVar @30 :StrId;
  acquireSpin @31 :Bool;
  publishLine @32 :UInt32;
  publishVar @33 :StrId;
  acquireLastOwner @34 :Bool;
}

struct ClassInfo {
  name @0 :StrId;
  hasGuardedFields @1 :Bool;
  isCapability @2 :Bool;
  markedThreadSafe @3 :Bool;
  location @4 :Loc;
  bases @5 :List(StrId);  # ir::ClassInfo::Bases (format 39)
}

struct Module {
  mainFile @0 :StrId;
  files @1 :List(StrId);
  functions @2 :List(Function);
  classes @3 :List(ClassInfo);
  skippedBodies @4 :List(StrId);   # symbols, sorted (format 14)
  addressTaken @5 :List(StrId);    # global symbols, sorted (format 15)
  addressesKnown @6 :Bool;         # false: any global's address may be taken
  functionPointersCalled @7 :List(StrId);    # sorted (format 18)
  functionPointersAssigned @8 :List(StrId);  # sorted (format 18)
  functionPointerStores @9 :List(StrId);     # "slot\tvalue", sorted (format 28)
}

# ---- summarize/Summary.h ----------------------------------------------------

enum AccessKind { read @0; write @1; containerRead @2; containerWrite @3; }
enum ThreadsKind { noThread @0; anyThreadButSelf @1; anyThread @2; }

struct HeldLock {
  lock @0 :AccessPath;
  shared @1 :Bool;
  unknown @2 :Bool;
  queueFront @3 :Bool;
  conditional @4 :Bool;
  taskRun @5 :Bool;
}

struct CallSite {
  callee @0 :StrId;
  location @1 :Loc;
  runsLoop @2 :Bool;
  crashPath @3 :Bool;
}

struct AccessSnapshot {
  kind @0 :AccessKind;
  path @1 :AccessPath;
  containerMethod @2 :StrId;
  locks @3 :List(HeldLock);
  threads @4 :ThreadsKind;
  location @5 :Loc;
  trace @6 :List(CallSite);
  live @7 :List(UInt32);
  inForkChild @8 :Bool;
  joinedOuter @9 :UInt8;
  nestings @10 :List(LockNesting);
  releasedBefore @11 :List(HeldLock);
  atomic @12 :Bool;
  walksEveryElement @13 :Bool;
}

struct LockNesting {
  outer @0 :AccessPath;
  inner @1 :AccessPath;
  outerHeld @2 :Bool;
  innerHeld @3 :Bool;
}

struct ThreadSpawn {
  id @0 :UInt32;
  entry @1 :StrId;
  entryName @2 :StrId;
  args @3 :List(Operand);
  handle @4 :Operand;       # null = unknown
  multi @5 :Bool;
  liveAtSpawn @6 :List(UInt32);
  location @7 :Loc;
  trace @8 :List(CallSite);
  loopRange @9 :StrId;
  freshArgs @10 :UInt32;
  inForkChild @11 :Bool;
  onlyOnZeroResult @12 :Bool;
  serial @13 :List(Operand);
  pool @14 :Bool;
}

struct LockEffect {
  acquired @0 :List(HeldLock);
  released @1 :List(HeldLock);
  assumed @2 :List(HeldLock);
  mayRelease @3 :List(HeldLock);
  taken @4 :List(AccessPath);
  nestings @5 :List(LockNesting);
  returned @6 :List(HeldLock);
  onceHeld @7 :List(HeldLock);  # LockEffect::OnceHeld (format 40)
}

struct FunctionSummary {
  symbol @0 :StrId;
  name @1 :StrId;
  threads @2 :ThreadsKind;
  usesLocksDirectly @3 :Bool;
  locks @4 :LockEffect;
  accesses @5 :List(AccessSnapshot);
  returnValue @6 :Operand;
  spawns @7 :List(ThreadSpawn);
  liveAtExit @8 :List(UInt32);
  joins @9 :List(Operand);
  lockOwners @10 :UInt8;  # LockOwner bits (summarize/ConcurrencyEvidence.h)
  callContexts @11 :List(CallContext);
  assumptions @12 :List(Assumption);
  handRolledSync @13 :Loc;   # FunctionSummary::HandRolledSync
  conditionalLock @14 :Loc;  # FunctionSummary::ConditionalLock
  handRolledDepth @15 :UInt8;
  memberPointers @16 :List(MemberPointer);
  callableRuns @17 :List(CallableRun);
  publications @18 :List(MemberPointer);  # FunctionSummary::Publications
  flagClears @19 :List(MemberPointer);    # FunctionSummary::FlagClears
}

struct CallableRun {
  callee @0 :StrId;
  formal @1 :Int32;
  locks @2 :List(HeldLock);
}

struct MemberPointer {
  member @0 :AccessPath;
  value @1 :Operand;
}

struct Assumption {
  kind @0 :UInt8;    # AssumptionKind (summarize/Assumptions.h)
  location @1 :Loc;
}

struct CallContext {
  callee @0 :StrId;
  flags @1 :UInt8;   # CallContext::Flag bits (summarize/Summary.h)
  formal @2 :UInt8;  # with OnFormal: the caller's formal
  freshArgs @3 :UInt32; # bit i: actual i is the caller's unshared object
}

# ---- the file ---------------------------------------------------------------

struct TUFile {
  formatVersion @0 :UInt32;
  mainFile @1 :StrId;
  module @2 :Module;
  summaries @3 :List(FunctionSummary);
  strings @4 :List(Text);   # strings[0] == ""
}
