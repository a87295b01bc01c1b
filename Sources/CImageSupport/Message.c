// The message buffer every shim function fills: the caller owns it and may pass none.

#include "CImageSupport.h"

#include <stdarg.h>
#include <stdio.h>

void wfi_message(char *message, size_t capacity, const char *format, ...) {
    if (message == NULL || capacity == 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, capacity, format, arguments);
    va_end(arguments);
}
