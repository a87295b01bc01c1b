#ifndef CIMAGESUPPORTJPEG_H
#define CIMAGESUPPORTJPEG_H

// The libjpeg error manager both shims install (JPEGErrors.c). libjpeg reports an error through
// `error_exit`, which must not return (the default calls exit()), and prints through
// `output_message`: here the first jumps back to the caller's setjmp and the second prints
// nothing. Not part of the umbrella header, so Swift never imports libjpeg's declarations; C
// files include it after <stdio.h> and <jpeglib.h>.

#include "CImageSupport.h"

#include <setjmp.h>

/// An error manager with its jump target; the library's `err` pointer converts back to it.
typedef struct wfi_jpeg_errors {
    struct jpeg_error_mgr manager; // first, so the library's pointer converts back
    jmp_buf jump;
} wfi_jpeg_errors;

/// Sets `errors` up as libjpeg's standard manager with a jumping `error_exit` and a silent
/// `output_message`; `emit_message` is the caller's policy for warnings (the header reader
/// ignores them, the decoder turns those that mean damage into errors).
void wfi_jpeg_errors_install(wfi_jpeg_errors *errors, void (*emit_message)(j_common_ptr, int));

/// The jump `error_exit` makes: to `errors->jump` of the manager `info` holds.
void wfi_jpeg_error_exit(j_common_ptr info);

/// The library's text for its last error or warning, into the caller's message buffer.
void wfi_jpeg_message(j_common_ptr info, char *message, size_t capacity);

#endif
