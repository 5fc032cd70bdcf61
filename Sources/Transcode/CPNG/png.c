// libpng behind CPNG.h. Encoding uses libpng's full API (for the zlib level and row filter);
// decoding its simplified API (png_image), which converts any PNG to RGBA.
#include "CPNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// The growing output buffer and the first error text.
struct writer {
  uint8_t *bytes;
  size_t count;
  size_t capacity;
  int out_of_memory;
  char *error;
  size_t error_size;
};

static void write_bytes(png_structp png, png_bytep data, size_t length) {
  struct writer *w = png_get_io_ptr(png);
  if (w->count + length > w->capacity) {
    size_t capacity = w->capacity ? w->capacity : 65536;
    while (capacity < w->count + length) capacity *= 2;
    uint8_t *grown = realloc(w->bytes, capacity);
    if (!grown) {
      w->out_of_memory = 1;
      png_error(png, "out of memory");
    }
    w->bytes = grown;
    w->capacity = capacity;
  }
  memcpy(w->bytes + w->count, data, length);
  w->count += length;
}

static void flush_nothing(png_structp png) { (void)png; }

static void on_error(png_structp png, png_const_charp message) {
  struct writer *w = png_get_error_ptr(png);
  snprintf(w->error, w->error_size, "%s", message);
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

int cpng_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int level, int filter,
                uint8_t **out, size_t *count, char *error, size_t error_size) {
  struct writer w = {NULL, 0, 0, 0, error, error_size};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &w, on_error, on_warning);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!png || !info) {
    png_destroy_write_struct(&png, NULL);
    snprintf(error, error_size, "out of memory");
    return -1;
  }
  // w's address is passed to libpng, so its fields are in memory when libpng longjmps here.
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    free(w.bytes);
    return -1;
  }
  png_set_write_fn(png, &w, write_bytes, flush_nothing);
  png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(png, level);
  png_set_filter(png, PNG_FILTER_TYPE_BASE,
                 filter == CPNG_FILTER_NONE ? PNG_FILTER_NONE : PNG_ALL_FILTERS);
  // zlib's default strategy, not the Z_FILTERED libpng picks for filtered rows: measured on
  // posters of the bench GIFs at level 9, 1-4% smaller (large-1920x1080: 240,445 bytes against
  // 249,182).
  png_set_compression_strategy(png, 0 /* Z_DEFAULT_STRATEGY */);
  // Larger IDAT chunks: fewer chunk headers and CRCs on big pages.
  png_set_compression_buffer_size(png, 1 << 20);
  png_write_info(png, info);
  for (uint32_t y = 0; y < height; y++) {
    png_write_row(png, rgba + (size_t)y * width * 4);
  }
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  *out = w.bytes;
  *count = w.count;
  return 0;
}

int cpng_decode(const uint8_t *bytes, size_t count, uint32_t *width, uint32_t *height,
                uint8_t **rgba, char *error, size_t error_size) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, bytes, count)) {
    snprintf(error, error_size, "%s", image.message);
    png_image_free(&image);
    return -1;
  }
  image.format = PNG_FORMAT_RGBA;
  size_t size = PNG_IMAGE_SIZE(image);
  uint8_t *pixels = malloc(size ? size : 1);
  if (!pixels) {
    png_image_free(&image);
    snprintf(error, error_size, "out of memory");
    return -1;
  }
  if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
    snprintf(error, error_size, "%s", image.message);
    free(pixels);
    png_image_free(&image);
    return -1;
  }
  *width = image.width;
  *height = image.height;
  *rgba = pixels;
  return 0;
}

void cpng_free(void *buffer) { free(buffer); }

const char *cpng_version(void) { return png_get_libpng_ver(NULL); }
