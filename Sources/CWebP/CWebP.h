#include <stddef.h>
#include <webp/decode.h>
