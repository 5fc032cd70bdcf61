// See CLoader.h.
#include "CLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

enum { MAX_LIBRARIES = 8 };

static void load_locked(struct cloader_family *f) {
  void *handles[MAX_LIBRARIES] = {0};
  if (f->library_count > MAX_LIBRARIES) {
    snprintf(f->reason, sizeof f->reason, "too many libraries in one family");
    f->failed_library = 0;
    return;
  }
  for (int i = 0; i < f->library_count; i++) {
    handles[i] = dlopen(f->sonames[i], RTLD_LAZY | RTLD_LOCAL);
    if (!handles[i]) {
      const char *why = dlerror();
      snprintf(f->reason, sizeof f->reason, "%s", why ? why : "cannot be opened");
      f->failed_library = i;
      return;
    }
  }
  for (size_t i = 0; i < f->symbol_count; i++) {
    if (!dlsym(handles[f->symbols[i].library], f->symbols[i].name)) {
      snprintf(f->reason, sizeof f->reason, "%s has no function %s",
               f->sonames[f->symbols[i].library], f->symbols[i].name);
      f->failed_library = f->symbols[i].library;
      return;
    }
  }
  // Published only when every function is there; the trampolines read with acquire.
  for (size_t i = 0; i < f->symbol_count; i++) {
    void *address = dlsym(handles[f->symbols[i].library], f->symbols[i].name);
    __atomic_store_n(f->symbols[i].slot, address, __ATOMIC_RELEASE);
  }
}

int cloader_load(struct cloader_family *f, const char **reason) {
  pthread_mutex_lock(&f->lock);
  if (!f->state) {
    load_locked(f);
    f->state = 1;
  }
  int failed = f->failed_library;
  pthread_mutex_unlock(&f->lock);
  if (reason) *reason = failed >= 0 ? f->reason : NULL;
  return failed;
}

void cloader_require(struct cloader_family *f, const char *function) {
  const char *reason = NULL;
  int library = cloader_load(f, &reason);
  if (library < 0) return;
  fprintf(stderr, "gif2x: %s needs %s, which cannot be loaded: %s\n", function,
          f->sonames[library], reason ? reason : "");
  abort();
}
