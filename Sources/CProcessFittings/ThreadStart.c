// Starting the scanner's worker threads on another processor than the caller's: the fitting
// "workers start on the other processor" of Sources/ProcessFittings/README.md.

#define _GNU_SOURCE
#include "CProcessFittings.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdlib.h>

typedef struct start_context {
    void *(*start)(void *);
    void *argument;
#if defined(__linux__)
    /// Whether the thread starts pinned away from its creator's processor, and must widen its
    /// affinity back to `allowed` first.
    bool widen;
    cpu_set_t allowed;
#endif
} start_context;

static void *trampoline(void *raw) {
    start_context context = *(start_context *)raw;
    free(raw);
#if defined(__linux__)
    // Started away from the caller's processor; from now on the scheduler may move it anywhere
    // the process may run, as any thread.
    if (context.widen) pthread_setaffinity_np(pthread_self(), sizeof context.allowed, &context.allowed);
#endif
    return context.start(context.argument);
}

int wfs_start_thread(pthread_t *thread, void *(*start)(void *), void *argument) {
    start_context *context = malloc(sizeof *context);
    if (context == NULL) return ENOMEM;
    context->start = start;
    context->argument = argument;
    pthread_attr_t attributes;
    int status = pthread_attr_init(&attributes);
    if (status != 0) {
        free(context);
        return status;
    }
#if defined(__linux__)
    context->widen = false;
    int current = wfs_fittings_on() ? sched_getcpu() : -1;
    if (current >= 0 && sched_getaffinity(0, sizeof context->allowed, &context->allowed) == 0 &&
        CPU_ISSET(current, &context->allowed) && CPU_COUNT(&context->allowed) > 1) {
        cpu_set_t elsewhere = context->allowed;
        CPU_CLR(current, &elsewhere);
        context->widen = pthread_attr_setaffinity_np(&attributes, sizeof elsewhere, &elsewhere) == 0;
    }
#endif
    status = pthread_create(thread, &attributes, trampoline, context);
    pthread_attr_destroy(&attributes);
    if (status != 0) free(context);
    return status;
}
