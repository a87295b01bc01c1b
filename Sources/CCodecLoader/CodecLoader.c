// Opens libheif, libwebp and libwebpdemux with dlopen on first use and fills their tables.

#include "CCodecLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/// One library: how to find it, what to say when it is missing, and what became of the load.
typedef struct library {
    const char *soname;
    const char *package;
    const char *const *functions;
    size_t count;
    void **table;
    pthread_once_t once;
    bool loaded;
    /// Why the load failed, kept for every later caller (dlerror is per thread and per call).
    char failure[512];
} library;

static void load(library *library) {
    // RTLD_LOCAL: nothing of ours resolves against the library's symbols by accident.
    void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(library->failure, sizeof library->failure,
                 "%s cannot be loaded (%s): install the Debian package %s", library->soname,
                 reason != NULL ? reason : "not found", library->package);
        return;
    }
    for (size_t i = 0; i < library->count; i++) {
        library->table[i] = dlsym(handle, library->functions[i]);
        if (library->table[i] == NULL) {
            snprintf(library->failure, sizeof library->failure,
                     "%s has no function %s (too old a version?): install the Debian package %s",
                     library->soname, library->functions[i], library->package);
            // The library stays open: unloading one that may have started threads is unsafe.
            return;
        }
    }
    library->loaded = true;
}

#define WFC_NAME(name) #name,

static const char *const heif_functions[] = {WFC_HEIF_FUNCTIONS(WFC_NAME)};
static const char *const webp_functions[] = {WFC_WEBP_FUNCTIONS(WFC_NAME)};
static const char *const webpdemux_functions[] = {WFC_WEBPDEMUX_FUNCTIONS(WFC_NAME)};

static wfc_heif heif_table;
static wfc_webp webp_table;
static wfc_webpdemux webpdemux_table;

// Each table is a struct of function pointers only, in the order of its list, so it is also an
// array of as many pointers.
_Static_assert(sizeof heif_table == sizeof heif_functions, "one pointer per libheif function");
_Static_assert(sizeof webp_table == sizeof webp_functions, "one pointer per libwebp function");
_Static_assert(sizeof webpdemux_table == sizeof webpdemux_functions, "one pointer per libwebpdemux function");

#define LIBRARY(soname_, package_, functions_, table_)                                             \
    {.soname = soname_, .package = package_, .functions = functions_,                             \
     .count = sizeof functions_ / sizeof *functions_, .table = (void **)&table_,                  \
     .once = PTHREAD_ONCE_INIT}

static library heif_library = LIBRARY("libheif.so.1", "libheif1", heif_functions, heif_table);
static library webp_library = LIBRARY("libwebp.so.7", "libwebp7", webp_functions, webp_table);
static library webpdemux_library =
    LIBRARY("libwebpdemux.so.2", "libwebpdemux2", webpdemux_functions, webpdemux_table);

static void load_heif(void) { load(&heif_library); }
static void load_webp(void) { load(&webp_library); }
static void load_webpdemux(void) { load(&webpdemux_library); }

static bool ready(library *library, void (*loader)(void), char *message, size_t capacity) {
    pthread_once(&library->once, loader);
    if (!library->loaded && message != NULL && capacity > 0) {
        snprintf(message, capacity, "%s", library->failure);
    }
    return library->loaded;
}

const wfc_heif *wfc_load_heif(char *message, size_t capacity) {
    return ready(&heif_library, load_heif, message, capacity) ? &heif_table : NULL;
}

const wfc_webp *wfc_load_webp(char *message, size_t capacity) {
    return ready(&webp_library, load_webp, message, capacity) ? &webp_table : NULL;
}

const wfc_webpdemux *wfc_load_webpdemux(char *message, size_t capacity) {
    return ready(&webpdemux_library, load_webpdemux, message, capacity) ? &webpdemux_table : NULL;
}
