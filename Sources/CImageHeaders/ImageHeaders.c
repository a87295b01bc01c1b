#include "CImageHeaders.h"
int wfs_shim_version(void) { return 1; }
