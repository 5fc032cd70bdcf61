// The lazy loader the image codec targets (CWebP, CAVIF) share: a family of shared libraries
// opened with dlopen on first use, and a trampoline per function that jumps through a pointer
// the loader fills. A process that never writes WebP or AVIF never loads those libraries (nor
// the six AV1 codecs libavif pulls in). CFFmpeg loads FFmpeg's four libraries with it too.
//
// A family's .c file lists its functions once in an X-macro, X(library, ret, name, (params),
// (args)) or V(library, name, (params), (args)) for void functions, then:
//   FUNCTIONS(CLOADER_SLOT_X, CLOADER_SLOT_V)           one pointer per function
//   static const struct cloader_symbol symbols[] = {FUNCTIONS(CLOADER_ENTRY_X, CLOADER_ENTRY_V)};
//   static struct cloader_family family = CLOADER_FAMILY(sonames, symbols);
//   #define CLOADER_CURRENT family
//   FUNCTIONS(CLOADER_TRAMPOLINE_X, CLOADER_TRAMPOLINE_V)
// The compiler checks each trampoline against the library's own header.
#ifndef GIF2X_CLOADER_H
#define GIF2X_CLOADER_H

#include <pthread.h>
#include <stddef.h>

/// One function: which library of the family has it, its name, and where its address goes.
struct cloader_symbol {
  int library;
  const char *name;
  void **slot;
};

/// A family of libraries and the functions resolved from them; loaded at most once.
struct cloader_family {
  const char *const *sonames;
  int library_count;
  const struct cloader_symbol *symbols;
  size_t symbol_count;
  pthread_mutex_t lock;
  int state;  // 0 not tried, 1 tried
  int failed_library;
  char reason[512];
};

#define CLOADER_FAMILY(sonames_, symbols_)                                        \
  {(sonames_), (int)(sizeof(sonames_) / sizeof((sonames_)[0])), (symbols_),      \
   sizeof(symbols_) / sizeof((symbols_)[0]), PTHREAD_MUTEX_INITIALIZER, 0, -1, {0}}

/// Opens every library of `family` (RTLD_LAZY | RTLD_LOCAL) and resolves every function, once
/// per process. Returns -1 when all is loaded; otherwise the index of the library that failed,
/// with `*reason` (if not NULL) set to why: dlerror's text or the missing function.
int cloader_load(struct cloader_family *family, const char **reason);

/// The safety net of a trampoline reached before a successful load: loads, or says which
/// library is missing on standard error and aborts (the Swift side loads first and reports a
/// missing library as an error, so this never runs in gif2x).
void cloader_require(struct cloader_family *family, const char *function);

#define CLOADER_HIDDEN __attribute__((visibility("hidden")))
#define CLOADER_SLOT_X(lib, ret, name, params, args) static ret(*slot_##name) params;
#define CLOADER_SLOT_V(lib, name, params, args) static void(*slot_##name) params;
#define CLOADER_ENTRY_X(lib, ret, name, params, args) {lib, #name, (void **)&slot_##name},
#define CLOADER_ENTRY_V(lib, name, params, args) {lib, #name, (void **)&slot_##name},
// The body both trampolines share: the target's address, loading the family first when it is
// not there yet.
#define CLOADER_TARGET(name)                                                          \
  __typeof__(slot_##name) target_ = __atomic_load_n(&slot_##name, __ATOMIC_ACQUIRE); \
  if (!target_) {                                                                    \
    cloader_require(&CLOADER_CURRENT, #name);                                        \
    target_ = __atomic_load_n(&slot_##name, __ATOMIC_ACQUIRE);                       \
  }
#define CLOADER_TRAMPOLINE_X(lib, ret, name, params, args) \
  CLOADER_HIDDEN ret name params {                         \
    CLOADER_TARGET(name)                                   \
    return target_ args;                                   \
  }
#define CLOADER_TRAMPOLINE_V(lib, name, params, args) \
  CLOADER_HIDDEN void name params {                   \
    CLOADER_TARGET(name)                              \
    target_ args;                                     \
  }

#endif
