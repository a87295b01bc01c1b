// The one switch of the process fittings, in C so the thread start and the Swift fittings read
// the same rule.

#include "CProcessFittings.h"

#include <stdlib.h>
#include <string.h>

bool wfs_fittings_on(void) {
    const char *value = getenv(WFS_NO_FITTINGS_VARIABLE);
    return value == NULL || value[0] == '\0' || strcmp(value, "0") == 0;
}
