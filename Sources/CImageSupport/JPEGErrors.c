// The libjpeg error manager of both shims: one jump, no printing (CImageSupportJPEG.h).

#include <stdio.h>

#include <jpeglib.h>

#include "CImageSupportJPEG.h"

void wfi_jpeg_error_exit(j_common_ptr info) {
    wfi_jpeg_errors *errors = (wfi_jpeg_errors *)info->err;
    longjmp(errors->jump, 1);
}

/// No library text may reach stderr.
static void output_message(j_common_ptr info) { (void)info; }

void wfi_jpeg_errors_install(wfi_jpeg_errors *errors, void (*emit_message)(j_common_ptr, int)) {
    jpeg_std_error(&errors->manager);
    errors->manager.error_exit = wfi_jpeg_error_exit;
    errors->manager.emit_message = emit_message;
    errors->manager.output_message = output_message;
}

void wfi_jpeg_message(j_common_ptr info, char *message, size_t capacity) {
    char text[JMSG_LENGTH_MAX];
    info->err->format_message(info, text);
    wfi_message(message, capacity, "%s", text);
}
