// A small C face for libpng: whole-image encode and decode of straight-alpha RGBA, with
// libpng's longjmp error handling kept on this side (Swift cannot be unwound through).
#ifndef GIF2X_CPNG_H
#define GIF2X_CPNG_H

#include <stddef.h>
#include <stdint.h>

/// Row filters for cpng_encode.
enum {
  /// No filter: the fastest, for large sheet pages.
  CPNG_FILTER_NONE = 0,
  /// libpng picks the best of the five filters for each row: the smallest file.
  CPNG_FILTER_ADAPTIVE = 1
};

/// Encodes `height` rows of `width` RGBA pixels (row stride `width * 4`) as a PNG file with zlib
/// level `level` (0-9) and `filter` (a CPNG_FILTER_ value). On success returns 0 and sets
/// `*out` (free it with cpng_free) and `*count`; on failure returns -1 with libpng's reason in
/// `error` (`error_size` bytes).
int cpng_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int level, int filter,
                uint8_t **out, size_t *count, char *error, size_t error_size);

/// Decodes a PNG file to straight-alpha RGBA (any colour type and depth, 16-bit reduced to
/// 8). On success returns 0 and sets `*width`, `*height` and `*rgba` (width * height * 4 bytes;
/// free it with cpng_free); on failure returns -1 with the reason in `error`.
int cpng_decode(const uint8_t *bytes, size_t count, uint32_t *width, uint32_t *height,
                uint8_t **rgba, char *error, size_t error_size);

/// Frees a buffer cpng_encode or cpng_decode returned.
void cpng_free(void *buffer);

/// libpng's run-time version ("1.6.39").
const char *cpng_version(void);

#endif
