// The benchmark floor: the least a header scanner can do with libjpeg and libpng. One thread,
// a plain loop over a list of files, `jpeg_read_header` or `png_read_info` on each, default
// stdio sources, no walk, no EXIF, no output but a count.
//
// Usage: floor LIST_FILE   (one path per line)

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <png.h>

struct jpeg_error { struct jpeg_error_mgr manager; jmp_buf jump; };

static void jpeg_exit(j_common_ptr info) { longjmp(((struct jpeg_error *)info->err)->jump, 1); }
static void jpeg_quiet(j_common_ptr info) { (void)info; }

static int read_jpeg(FILE *file, unsigned long *pixels) {
    struct jpeg_decompress_struct info;
    struct jpeg_error errors;
    info.err = jpeg_std_error(&errors.manager);
    errors.manager.error_exit = jpeg_exit;
    errors.manager.output_message = jpeg_quiet;
    if (setjmp(errors.jump)) { jpeg_destroy_decompress(&info); return 0; }
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, file);
    jpeg_read_header(&info, TRUE);
    *pixels += (unsigned long)info.image_width * info.image_height;
    jpeg_destroy_decompress(&info);
    return 1;
}

static int read_png(FILE *file, unsigned long *pixels) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) { png_destroy_read_struct(&png, &info, NULL); return 0; }
    png_init_io(png, file);
    png_read_info(png, info);
    *pixels += (unsigned long)png_get_image_width(png, info) * png_get_image_height(png, info);
    png_destroy_read_struct(&png, &info, NULL);
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: floor LIST_FILE\n"); return 64; }
    FILE *list = fopen(argv[1], "r");
    if (!list) { perror(argv[1]); return 1; }
    char path[4096];
    unsigned long pixels = 0, read = 0, failed = 0;
    while (fgets(path, sizeof path, list)) {
        path[strcspn(path, "\n")] = '\0';
        size_t length = strlen(path);
        int jpeg = length > 4 && strcmp(path + length - 4, ".jpg") == 0;
        int png = length > 4 && strcmp(path + length - 4, ".png") == 0;
        if (!jpeg && !png) continue;
        FILE *file = fopen(path, "rb");
        if (!file) { failed++; continue; }
        int ok = jpeg ? read_jpeg(file, &pixels) : read_png(file, &pixels);
        fclose(file);
        if (ok) read++; else failed++;
    }
    fclose(list);
    printf("%lu headers read, %lu failed, %lu pixels\n", read, failed, pixels);
    return failed != 0;
}
