// The floor: the least a program can do with the same libraries. DCT-scaled decode (power of two,
// smallest scale ≥ the width) of the whole image into one buffer, a plain box filter, and a
// baseline, Huffman-optimised encode at quality 82. No error handling beyond libjpeg's default,
// no orientation, no ICC, no streaming. Usage: floor OUTDIR WIDTH FILE…

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

int main(int argc, char **argv) {
    if (argc < 4) return 2;
    const unsigned target = (unsigned)atoi(argv[2]);
    for (int a = 3; a < argc; a++) {
        FILE *in = fopen(argv[a], "rb");
        if (in == NULL) return 1;
        struct jpeg_decompress_struct d;
        struct jpeg_error_mgr e1, e2;
        d.err = jpeg_std_error(&e1);
        jpeg_create_decompress(&d);
        jpeg_stdio_src(&d, in);
        jpeg_read_header(&d, TRUE);
        d.out_color_space = JCS_RGB;
        unsigned denominator = 8;
        while (denominator > 1 && (d.image_width + denominator - 1) / denominator < target) denominator /= 2;
        d.scale_num = 1;
        d.scale_denom = denominator;
        jpeg_start_decompress(&d);
        const unsigned sw = d.output_width, sh = d.output_height;
        unsigned char *image = malloc((size_t)sw * sh * 3);
        while (d.output_scanline < sh) {
            JSAMPROW row = image + (size_t)d.output_scanline * sw * 3;
            jpeg_read_scanlines(&d, &row, 1);
        }
        jpeg_finish_decompress(&d);
        jpeg_destroy_decompress(&d);
        fclose(in);

        const unsigned tw = target < sw ? target : sw;
        const unsigned th = (unsigned)((double)tw * sh / sw + 0.5);
        unsigned char *out = malloc((size_t)tw * th * 3);
        for (unsigned y = 0; y < th; y++) {
            unsigned y0 = (unsigned)((unsigned long long)y * sh / th), y1 = (unsigned)((unsigned long long)(y + 1) * sh / th);
            if (y1 <= y0) y1 = y0 + 1;
            for (unsigned x = 0; x < tw; x++) {
                unsigned x0 = (unsigned)((unsigned long long)x * sw / tw), x1 = (unsigned)((unsigned long long)(x + 1) * sw / tw);
                if (x1 <= x0) x1 = x0 + 1;
                unsigned sum[3] = {0, 0, 0}, n = (x1 - x0) * (y1 - y0);
                for (unsigned yy = y0; yy < y1; yy++) {
                    const unsigned char *p = image + ((size_t)yy * sw + x0) * 3;
                    for (unsigned xx = x0; xx < x1; xx++, p += 3) { sum[0] += p[0]; sum[1] += p[1]; sum[2] += p[2]; }
                }
                unsigned char *q = out + ((size_t)y * tw + x) * 3;
                for (int c = 0; c < 3; c++) q[c] = (unsigned char)((sum[c] + n / 2) / n);
            }
        }
        free(image);

        const char *base = strrchr(argv[a], '/');
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", argv[1], base ? base + 1 : argv[a]);
        FILE *file = fopen(path, "wb");
        struct jpeg_compress_struct c;
        c.err = jpeg_std_error(&e2);
        jpeg_create_compress(&c);
        jpeg_stdio_dest(&c, file);
        c.image_width = tw;
        c.image_height = th;
        c.input_components = 3;
        c.in_color_space = JCS_RGB;
        jpeg_set_defaults(&c);
        jpeg_set_quality(&c, 82, TRUE);
        c.optimize_coding = TRUE;
        jpeg_start_compress(&c, TRUE);
        while (c.next_scanline < th) {
            JSAMPROW row = out + (size_t)c.next_scanline * tw * 3;
            jpeg_write_scanlines(&c, &row, 1);
        }
        jpeg_finish_compress(&c);
        jpeg_destroy_compress(&c);
        fclose(file);
        free(out);
    }
    return 0;
}
