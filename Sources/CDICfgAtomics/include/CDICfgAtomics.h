// What DICfgTypedRuntime's storage needs of the platform, in C so that it imports neither Foundation
// nor the C library's Swift overlay: a slot written once, under a lock, with release order, and read
// without the lock with acquire order (a reader that sees the pointer sees the object it points to
// whole); and a recursive lock, so a build may build on its thread the singletons it takes.
#ifndef CDICFG_ATOMICS_H
#define CDICFG_ATOMICS_H

static inline const void *_Nullable dicfg_load_acquire(const void *_Nullable const *_Nonnull slot) {
  return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

static inline void dicfg_store_release(const void *_Nullable *_Nonnull slot, const void *_Nullable value) {
  __atomic_store_n(slot, value, __ATOMIC_RELEASE);
}

/// A recursive mutex; `dicfg_lock_destroy` frees it.
void *_Nonnull dicfg_lock_create(void);
void dicfg_lock_destroy(void *_Nonnull lock);
void dicfg_lock_lock(void *_Nonnull lock);
void dicfg_lock_unlock(void *_Nonnull lock);

#endif
