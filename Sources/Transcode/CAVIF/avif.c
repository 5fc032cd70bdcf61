// The libavif functions gif2x calls, as trampolines into the library cavif_load() opens
// (CLoader.h).
#include "CAVIF.h"

#include "CLoader.h"

enum { LIBAVIF = 0 };

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
  V(LIBAVIF, avifRGBImageAllocatePixels, (avifRGBImage * rgb), (rgb))                         \
  V(LIBAVIF, avifRGBImageFreePixels, (avifRGBImage * rgb), (rgb))                             \
  X(LIBAVIF, avifEncoder *, avifEncoderCreate, (void), ())                                    \
  V(LIBAVIF, avifEncoderDestroy, (avifEncoder * e), (e))                                      \
  X(LIBAVIF, avifResult, avifEncoderAddImage,                                                 \
    (avifEncoder * e, const avifImage *i, uint64_t d, avifAddImageFlags f), (e, i, d, f))     \
  X(LIBAVIF, avifResult, avifEncoderFinish, (avifEncoder * e, avifRWData *o), (e, o))         \
  V(LIBAVIF, avifEncoderSetCodecSpecificOption, (avifEncoder * e, const char *k, const char *v), \
    (e, k, v))                                                                                \
  V(LIBAVIF, avifRWDataFree, (avifRWData * d), (d))                                           \
  X(LIBAVIF, avifDecoder *, avifDecoderCreate, (void), ())                                    \
  V(LIBAVIF, avifDecoderDestroy, (avifDecoder * d), (d))                                      \
  X(LIBAVIF, avifResult, avifDecoderSetIOMemory, (avifDecoder * d, const uint8_t *b, size_t n), \
    (d, b, n))                                                                                \
  X(LIBAVIF, avifResult, avifDecoderParse, (avifDecoder * d), (d))                            \
  X(LIBAVIF, avifResult, avifDecoderNextImage, (avifDecoder * d), (d))

AVIF_FUNCTIONS(CLOADER_SLOT_X, CLOADER_SLOT_V)
static const struct cloader_symbol symbols[] = {AVIF_FUNCTIONS(CLOADER_ENTRY_X, CLOADER_ENTRY_V)};
// libavif's soname major is not in its header; 0.11 is libavif.so.15 (Debian libavif15).
static const char *const sonames[] = {"libavif.so.15"};
static struct cloader_family family = CLOADER_FAMILY(sonames, symbols);

const char *cavif_soname(void) { return sonames[0]; }

int cavif_load(const char **reason) { return cloader_load(&family, reason); }

#define CLOADER_CURRENT family
AVIF_FUNCTIONS(CLOADER_TRAMPOLINE_X, CLOADER_TRAMPOLINE_V)
