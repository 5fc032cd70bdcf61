// libwebp's headers (encode, decode, animation encoder and decoder) for Transcode/WebP, and the
// loader: the binary is not linked against libwebp; webp.c defines each function used as a
// trampoline into the libraries cwebp_load() opens (see CLoader.h, docs/ARCHITECTURE.md).
#ifndef GIF2X_CWEBP_H
#define GIF2X_CWEBP_H

#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

/// The libraries, in the order cwebp_load() opens them.
enum { CWEBP_LIBWEBP = 0, CWEBP_LIBWEBPMUX = 1, CWEBP_LIBWEBPDEMUX = 2, CWEBP_LIBRARY_COUNT = 3 };

/// The soname of library `library` (a CWEBP_ value): "libwebp.so.7", ...
const char *cwebp_soname(int library);

/// Opens libwebp, libwebpmux and libwebpdemux once per process. Returns -1 when loaded; else
/// the CWEBP_ index of the library that failed, with `*reason` set to why.
int cwebp_load(const char **reason);

/// The inline initialisers of the headers, which pass the ABI version they were built with.
static inline int cwebp_config_init(WebPConfig *config) { return WebPConfigInit(config); }
static inline int cwebp_picture_init(WebPPicture *picture) { return WebPPictureInit(picture); }
static inline int cwebp_anim_encoder_options_init(WebPAnimEncoderOptions *options) {
  return WebPAnimEncoderOptionsInit(options);
}
static inline WebPAnimEncoder *cwebp_anim_encoder_new(int width, int height,
                                                      const WebPAnimEncoderOptions *options) {
  return WebPAnimEncoderNew(width, height, options);
}
static inline WebPMux *cwebp_mux_new(void) { return WebPMuxNew(); }
static inline int cwebp_anim_decoder_options_init(WebPAnimDecoderOptions *options) {
  return WebPAnimDecoderOptionsInit(options);
}
static inline WebPAnimDecoder *cwebp_anim_decoder_new(const WebPData *data,
                                                      const WebPAnimDecoderOptions *options) {
  return WebPAnimDecoderNew(data, options);
}

#endif
