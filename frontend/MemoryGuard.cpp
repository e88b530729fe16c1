//===- MemoryGuard.cpp - A per-TU allocation limit ------------------------===//
#include "frontend/MemoryGuard.h"

#include "llvm/Support/CrashRecoveryContext.h"

#include <algorithm>
#include <cstdlib>
#include <malloc.h>
#include <new>
#include <unistd.h>

namespace racer::frontend {

namespace {
/// Per thread: zero-initialised, so it is usable from the first allocation.
struct Guard {
  bool Active;
  bool Hit;
  int64_t Held;
  int64_t Limit;
};
thread_local Guard G;

[[noreturn]] void limitHit() {
  G.Active = false; // unwinding may allocate
  G.Hit = true;
  if (llvm::CrashRecoveryContext *CRC =
          llvm::CrashRecoveryContext::GetCurrent())
    CRC->HandleExit(1);
  std::abort();
}
} // namespace

void guardThreadMemory(uint64_t LimitBytes) {
  G.Held = 0;
  G.Hit = false;
  G.Limit = static_cast<int64_t>(LimitBytes);
  G.Active = LimitBytes != 0;
}

void unguardThreadMemory() { G.Active = false; }

bool threadMemoryLimitHit() { return G.Hit; }

uint64_t defaultMemoryLimit() {
  long Pages = sysconf(_SC_PHYS_PAGES), Page = sysconf(_SC_PAGESIZE);
  if (Pages <= 0 || Page <= 0)
    return 0;
  return static_cast<uint64_t>(Pages) * static_cast<uint64_t>(Page) / 2;
}

} // namespace racer::frontend

//===----------------------------------------------------------------------===//
// The replaced global allocation functions (the aligned and nothrow forms
// of the standard library call these or free() directly).
//===----------------------------------------------------------------------===//

using racer::frontend::G;

/// Adds a new block to the guarded thread's count; past the limit, stops
/// the TU.
static void counted(void *P) {
  if (!G.Active)
    return;
  G.Held += static_cast<int64_t>(malloc_usable_size(P));
  if (G.Held > G.Limit)
    racer::frontend::limitHit();
}

void *operator new(std::size_t N) {
  for (;;) {
    if (void *P = std::malloc(N ? N : 1)) {
      counted(P);
      return P;
    }
    std::new_handler H = std::get_new_handler();
    if (!H)
      throw std::bad_alloc();
    H();
  }
}

void *operator new[](std::size_t N) { return ::operator new(N); }

void operator delete(void *P) noexcept {
  if (P && G.Active)
    G.Held -= static_cast<int64_t>(malloc_usable_size(P));
  std::free(P);
}

void operator delete[](void *P) noexcept { ::operator delete(P); }
void operator delete(void *P, std::size_t) noexcept { ::operator delete(P); }
void operator delete[](void *P, std::size_t) noexcept { ::operator delete(P); }

// LLVM's BumpPtrAllocator (Clang's AST arena) allocates through the aligned
// forms.
void *operator new(std::size_t N, std::align_val_t A) {
  std::size_t Align = std::max(static_cast<std::size_t>(A), sizeof(void *));
  for (;;) {
    void *P = nullptr;
    if (posix_memalign(&P, Align, N ? N : 1) == 0) {
      counted(P);
      return P;
    }
    std::new_handler H = std::get_new_handler();
    if (!H)
      throw std::bad_alloc();
    H();
  }
}

void *operator new[](std::size_t N, std::align_val_t A) {
  return ::operator new(N, A);
}
void operator delete(void *P, std::align_val_t) noexcept {
  ::operator delete(P);
}
void operator delete[](void *P, std::align_val_t) noexcept {
  ::operator delete(P);
}
void operator delete(void *P, std::size_t, std::align_val_t) noexcept {
  ::operator delete(P);
}
void operator delete[](void *P, std::size_t, std::align_val_t) noexcept {
  ::operator delete(P);
}
