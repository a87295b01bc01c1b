// The C part of the process fittings (see Sources/ProcessFittings/README.md): the one switch
// that turns every fitting off, and the thread start that the scanner's workers use.
#ifndef CPROCESSFITTINGS_H
#define CPROCESSFITTINGS_H

#include <pthread.h>
#include <stdbool.h>

/// The environment variable that turns every process fitting off when set to anything but
/// empty or "0".
#define WFS_NO_FITTINGS_VARIABLE "WATERFALL_SITE_NO_FITTINGS"

/// Whether the process fittings are on: true unless `WATERFALL_SITE_NO_FITTINGS` says otherwise.
/// Read at every call, so it costs a `getenv`; callers ask once per thread start or process.
bool wfs_fittings_on(void);

/// `pthread_create`, but with the fittings on the thread starts on a processor other than the
/// caller's when the process may use another, then may run anywhere. Returns 0 or an error
/// number.
int wfs_start_thread(pthread_t *thread, void *(*start)(void *), void *argument);

#endif
