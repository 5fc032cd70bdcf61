// The libwebp functions gif2x calls, as trampolines into the libraries cwebp_load() opens
// (CLoader.h). A function the Swift code calls without being listed here is an undefined
// reference at link time, never a silent failure.
// libwebp's headers declare every function with default visibility; the trampolines here are
// hidden (they must not take the place of libwebp's own functions in libraries such as
// libavcodec that link libwebp), so this file declares them plainly.
#define WEBP_EXTERN extern
#include "CWebP.h"

#include "CLoader.h"

#define WEBP_FUNCTIONS(X, V)                                                                  \
  X(CWEBP_LIBWEBP, int, WebPGetEncoderVersion, (void), ())                                    \
  X(CWEBP_LIBWEBP, int, WebPGetDecoderVersion, (void), ())                                    \
  X(CWEBP_LIBWEBP, int, WebPConfigInitInternal, (WebPConfig * c, WebPPreset p, float q, int v), \
    (c, p, q, v))                                                                             \
  X(CWEBP_LIBWEBP, int, WebPValidateConfig, (const WebPConfig *c), (c))                       \
  X(CWEBP_LIBWEBP, int, WebPPictureInitInternal, (WebPPicture * p, int v), (p, v))            \
  X(CWEBP_LIBWEBP, int, WebPPictureAlloc, (WebPPicture * p), (p))                             \
  V(CWEBP_LIBWEBP, WebPPictureFree, (WebPPicture * p), (p))                                   \
  X(CWEBP_LIBWEBP, int, WebPPictureImportRGBA, (WebPPicture * p, const uint8_t *rgba, int s), \
    (p, rgba, s))                                                                             \
  X(CWEBP_LIBWEBP, int, WebPEncode, (const WebPConfig *c, WebPPicture *p), (c, p))            \
  V(CWEBP_LIBWEBP, WebPMemoryWriterInit, (WebPMemoryWriter * w), (w))                         \
  V(CWEBP_LIBWEBP, WebPMemoryWriterClear, (WebPMemoryWriter * w), (w))                        \
  X(CWEBP_LIBWEBP, int, WebPMemoryWrite, (const uint8_t *d, size_t n, const WebPPicture *p),  \
    (d, n, p))                                                                                \
  X(CWEBP_LIBWEBP, uint8_t *, WebPDecodeRGBA,                                                 \
    (const uint8_t *d, size_t n, int *w, int *h), (d, n, w, h))                               \
  V(CWEBP_LIBWEBP, WebPFree, (void *p), (p))                                                  \
  X(CWEBP_LIBWEBPMUX, int, WebPGetMuxVersion, (void), ())                                     \
  X(CWEBP_LIBWEBPMUX, int, WebPAnimEncoderOptionsInitInternal,                                \
    (WebPAnimEncoderOptions * o, int v), (o, v))                                              \
  X(CWEBP_LIBWEBPMUX, WebPAnimEncoder *, WebPAnimEncoderNewInternal,                          \
    (int w, int h, const WebPAnimEncoderOptions *o, int v), (w, h, o, v))                     \
  X(CWEBP_LIBWEBPMUX, int, WebPAnimEncoderAdd,                                                \
    (WebPAnimEncoder * e, struct WebPPicture *f, int t, const struct WebPConfig *c),          \
    (e, f, t, c))                                                                             \
  X(CWEBP_LIBWEBPMUX, int, WebPAnimEncoderAssemble, (WebPAnimEncoder * e, WebPData *d),       \
    (e, d))                                                                                   \
  X(CWEBP_LIBWEBPMUX, const char *, WebPAnimEncoderGetError, (WebPAnimEncoder * e), (e))      \
  V(CWEBP_LIBWEBPMUX, WebPAnimEncoderDelete, (WebPAnimEncoder * e), (e))                      \
  X(CWEBP_LIBWEBPMUX, WebPMux *, WebPNewInternal, (int v), (v))                               \
  V(CWEBP_LIBWEBPMUX, WebPMuxDelete, (WebPMux * m), (m))                                      \
  X(CWEBP_LIBWEBPMUX, WebPMuxError, WebPMuxPushFrame,                                         \
    (WebPMux * m, const WebPMuxFrameInfo *f, int c), (m, f, c))                               \
  X(CWEBP_LIBWEBPMUX, WebPMuxError, WebPMuxSetAnimationParams,                                \
    (WebPMux * m, const WebPMuxAnimParams *p), (m, p))                                        \
  X(CWEBP_LIBWEBPMUX, WebPMuxError, WebPMuxSetCanvasSize, (WebPMux * m, int w, int h),        \
    (m, w, h))                                                                                \
  X(CWEBP_LIBWEBPMUX, WebPMuxError, WebPMuxAssemble, (WebPMux * m, WebPData *d), (m, d))      \
  X(CWEBP_LIBWEBPDEMUX, int, WebPGetDemuxVersion, (void), ())                                 \
  X(CWEBP_LIBWEBPDEMUX, int, WebPAnimDecoderOptionsInitInternal,                              \
    (WebPAnimDecoderOptions * o, int v), (o, v))                                              \
  X(CWEBP_LIBWEBPDEMUX, WebPAnimDecoder *, WebPAnimDecoderNewInternal,                        \
    (const WebPData *d, const WebPAnimDecoderOptions *o, int v), (d, o, v))                   \
  X(CWEBP_LIBWEBPDEMUX, int, WebPAnimDecoderGetInfo,                                          \
    (const WebPAnimDecoder *d, WebPAnimInfo *i), (d, i))                                      \
  X(CWEBP_LIBWEBPDEMUX, int, WebPAnimDecoderGetNext, (WebPAnimDecoder * d, uint8_t **b, int *t), \
    (d, b, t))                                                                                \
  X(CWEBP_LIBWEBPDEMUX, int, WebPAnimDecoderHasMoreFrames, (const WebPAnimDecoder *d), (d))   \
  V(CWEBP_LIBWEBPDEMUX, WebPAnimDecoderDelete, (WebPAnimDecoder * d), (d))

WEBP_FUNCTIONS(CLOADER_SLOT_X, CLOADER_SLOT_V)
static const struct cloader_symbol symbols[] = {WEBP_FUNCTIONS(CLOADER_ENTRY_X, CLOADER_ENTRY_V)};
static const char *const sonames[] = {"libwebp.so.7", "libwebpmux.so.3", "libwebpdemux.so.2"};
static struct cloader_family family = CLOADER_FAMILY(sonames, symbols);
_Static_assert(sizeof sonames / sizeof sonames[0] == CWEBP_LIBRARY_COUNT, "one soname each");

const char *cwebp_soname(int library) {
  return library >= 0 && library < CWEBP_LIBRARY_COUNT ? sonames[library] : "";
}

int cwebp_load(const char **reason) { return cloader_load(&family, reason); }

#define CLOADER_CURRENT family
WEBP_FUNCTIONS(CLOADER_TRAMPOLINE_X, CLOADER_TRAMPOLINE_V)
