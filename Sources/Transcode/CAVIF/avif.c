// The libavif functions gif2x calls, as trampolines into the library cavif_load() opens
// (CLoader.h).
#include "CAVIF.h"

#include "CLoader.h"

enum { LIBAVIF = 0 };

// Two functions that return nothing in libavif 0.11 return an avifResult from 1.0 on.
#if AVIF_VERSION_MAJOR >= 1
#define AVIF_RESULT_1X(X, V, lib, name, params, args) X(lib, avifResult, name, params, args)
#else
#define AVIF_RESULT_1X(X, V, lib, name, params, args) V(lib, name, params, args)
#endif

#define AVIF_FUNCTIONS(X, V)                                                                  \
  X(LIBAVIF, const char *, avifVersion, (void), ())                                           \
  V(LIBAVIF, avifCodecVersions, (char out[256]), (out))                                       \
  X(LIBAVIF, const char *, avifCodecName, (avifCodecChoice c, avifCodecFlags f), (c, f))      \
  X(LIBAVIF, const char *, avifResultToString, (avifResult r), (r))                           \
  X(LIBAVIF, avifImage *, avifImageCreate, (uint32_t w, uint32_t h, uint32_t d, avifPixelFormat f), \
    (w, h, d, f))                                                                             \
  V(LIBAVIF, avifImageDestroy, (avifImage * i), (i))                                          \
  X(LIBAVIF, avifResult, avifImageAllocatePlanes, (avifImage * i, avifPlanesFlags p), (i, p)) \
  V(LIBAVIF, avifRGBImageSetDefaults, (avifRGBImage * rgb, const avifImage *i), (rgb, i))     \
  X(LIBAVIF, avifResult, avifImageRGBToYUV, (avifImage * i, const avifRGBImage *rgb), (i, rgb)) \
  X(LIBAVIF, avifResult, avifImageYUVToRGB, (const avifImage *i, avifRGBImage *rgb), (i, rgb)) \
  AVIF_RESULT_1X(X, V, LIBAVIF, avifRGBImageAllocatePixels, (avifRGBImage * rgb), (rgb))      \
  V(LIBAVIF, avifRGBImageFreePixels, (avifRGBImage * rgb), (rgb))                             \
  X(LIBAVIF, avifEncoder *, avifEncoderCreate, (void), ())                                    \
  V(LIBAVIF, avifEncoderDestroy, (avifEncoder * e), (e))                                      \
  X(LIBAVIF, avifResult, avifEncoderAddImage,                                                 \
    (avifEncoder * e, const avifImage *i, uint64_t d, avifAddImageFlags f), (e, i, d, f))     \
  X(LIBAVIF, avifResult, avifEncoderFinish, (avifEncoder * e, avifRWData *o), (e, o))         \
  AVIF_RESULT_1X(X, V, LIBAVIF, avifEncoderSetCodecSpecificOption,                            \
    (avifEncoder * e, const char *k, const char *v), (e, k, v))                               \
  V(LIBAVIF, avifRWDataFree, (avifRWData * d), (d))                                           \
  X(LIBAVIF, avifDecoder *, avifDecoderCreate, (void), ())                                    \
  V(LIBAVIF, avifDecoderDestroy, (avifDecoder * d), (d))                                      \
  X(LIBAVIF, avifResult, avifDecoderSetIOMemory, (avifDecoder * d, const uint8_t *b, size_t n), \
    (d, b, n))                                                                                \
  X(LIBAVIF, avifResult, avifDecoderParse, (avifDecoder * d), (d))                            \
  X(LIBAVIF, avifResult, avifDecoderNextImage, (avifDecoder * d), (d))

AVIF_FUNCTIONS(CLOADER_SLOT_X, CLOADER_SLOT_V)
static const struct cloader_symbol symbols[] = {AVIF_FUNCTIONS(CLOADER_ENTRY_X, CLOADER_ENTRY_V)};
// libavif's soname major is not in its header, but follows from its version: 0.11 is
// libavif.so.15 (Debian 12's libavif15), every 1.x so far libavif.so.16 (Debian 13's libavif16,
// 1.2.1; Ubuntu 24.04's, 1.0.4).
#if AVIF_VERSION_MAJOR >= 1
static const char *const sonames[] = {"libavif.so.16"};
#elif AVIF_VERSION_MINOR == 11
static const char *const sonames[] = {"libavif.so.15"};
#else
#error "libavif before 0.11: gif2x needs 0.11 or later"
#endif
static struct cloader_family family = CLOADER_FAMILY(sonames, symbols);

const char *cavif_soname(void) { return sonames[0]; }

int cavif_load(const char **reason) { return cloader_load(&family, reason); }

#define CLOADER_CURRENT family
AVIF_FUNCTIONS(CLOADER_TRAMPOLINE_X, CLOADER_TRAMPOLINE_V)

// libavif's avifImageRGBToYUV for 8-bit RGBA to 8-bit YUV 4:4:4 in BT.709, limited range, as
// plain loops the compiler vectorises. The same single-precision operations in the same order,
// never fused (a fused multiply-add rounds once where libavif rounds twice), so the bytes are
// libavif's (Tests/TranscodeTests/AVIFPlanesTests). Rounding half up is libavif's
// floorf(x + 0.5f); truncation gives the same byte once clamped (they differ only below 0).
#pragma STDC FP_CONTRACT OFF

static inline uint8_t cavif_byte(float x) {
  int t = (int)(x + 0.5f);
  return (uint8_t)(t < 0 ? 0 : t > 255 ? 255 : t);
}

void cavif_rgba_to_yuv444_row(const uint8_t *rgba, int width, uint8_t *y, uint8_t *u,
                              uint8_t *v, uint8_t *a) {
  const float kr = 0.2126f, kb = 0.0722f;
  const float kg = 1.0f - kr - kb;
  const float du = 2 * (1 - kb), dv = 2 * (1 - kr);
  for (int i = 0; i < width; i++) {
    float r = rgba[4 * i] / 255.0f, g = rgba[4 * i + 1] / 255.0f, b = rgba[4 * i + 2] / 255.0f;
    float luma = (kr * r) + (kg * g) + (kb * b);
    y[i] = cavif_byte(luma * 219.0f + 16.0f);
    u[i] = cavif_byte(((b - luma) / du) * 224.0f + 128.0f);
    v[i] = cavif_byte(((r - luma) / dv) * 224.0f + 128.0f);
  }
  if (a) {
    for (int i = 0; i < width; i++) a[i] = rgba[4 * i + 3];
  }
}
