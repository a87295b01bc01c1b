#ifndef CIMAGEHEADERS_H
#define CIMAGEHEADERS_H
// Placeholder: the scanner issue replaces this with the libjpeg/libpng header shim.
int wfs_shim_version(void);
#endif
