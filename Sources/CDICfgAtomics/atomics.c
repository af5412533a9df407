#include "CDICfgAtomics.h"

#include <pthread.h>
#include <stdlib.h>

void *dicfg_lock_create(void) {
  pthread_mutex_t *mutex = malloc(sizeof(pthread_mutex_t));
  if (mutex == NULL) abort();
  pthread_mutexattr_t attributes;
  pthread_mutexattr_init(&attributes);
  pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(mutex, &attributes);
  pthread_mutexattr_destroy(&attributes);
  return mutex;
}

void dicfg_lock_destroy(void *lock) {
  pthread_mutex_destroy((pthread_mutex_t *)lock);
  free(lock);
}

void dicfg_lock_lock(void *lock) { pthread_mutex_lock((pthread_mutex_t *)lock); }

void dicfg_lock_unlock(void *lock) { pthread_mutex_unlock((pthread_mutex_t *)lock); }
