// libavif's header for Transcode/AVIF, and the loader: the binary is not linked against libavif
// (which pulls in ~6 AV1 codec libraries); avif.c defines each function used as a trampoline
// into the library cavif_load() opens (see CLoader.h, docs/ARCHITECTURE.md).
#ifndef GIF2X_CAVIF_H
#define GIF2X_CAVIF_H

#include <avif/avif.h>

/// The soname the header describes: "libavif.so.15" for libavif 0.11, "libavif.so.16" for 1.x.
const char *cavif_soname(void);

/// Opens libavif once per process. Returns -1 when loaded, else 0 with `*reason` set to why.
int cavif_load(const char **reason);

/// One row of `width` straight RGBA pixels into 8-bit BT.709 limited-range Y, U and V (4:4:4),
/// and its alpha bytes into `a` unless it is NULL, with libavif's arithmetic (single precision,
/// each channel over 255, rounded half up): the bytes `avifImageRGBToYUV` makes, vectorised.
void cavif_rgba_to_yuv444_row(const uint8_t *rgba, int width, uint8_t *y, uint8_t *u,
                              uint8_t *v, uint8_t *a);

#endif
