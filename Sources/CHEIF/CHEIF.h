// Debian installs heif.h under the multiarch include folder, which pkg-config names.
#include <libheif/heif.h>
