// The FFmpeg functions gif2x calls, defined here as trampolines into the libraries that
// cffmpeg_load() opens with dlopen: the binary has no DT_NEEDED entry for any libav*/libsw*
// library, so a process that never encodes never loads them.
//
// Each function is listed once in FFMPEG_FUNCTIONS with its prototype; the compiler checks every
// definition against FFmpeg's own header, and a function the Swift code starts calling without
// being listed here is an "undefined reference" at link time, never a silent failure.
//
// A trampoline called before cffmpeg_load() loads the libraries itself (the Swift side calls
// FFmpegLibraries.load() first so that a missing library is an error it can report; this is
// only the safety net). If that load fails, the process cannot go on: it says so and aborts.
// The loading is CLoader's (Sources/Transcode/CLoader), shared with CWebP and CAVIF.
#define _GNU_SOURCE  // dl_iterate_phdr
#include "CFFmpeg.h"
#include "CLoader.h"

#include <dlfcn.h>
#include <link.h>
#include <string.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <libavutil/macros.h>

// X(library, return type, name, (parameters), (arguments)) for functions returning a value;
// V(library, name, (parameters), (arguments)) for void functions.
#define FFMPEG_FUNCTIONS(X, V)                                                                  \
  X(AVUTIL, unsigned, avutil_version, (void), ())                                               \
  X(AVUTIL, const char *, av_version_info, (void), ())                                          \
  X(AVUTIL, int, av_strerror, (int e, char *buf, size_t size), (e, buf, size))                  \
  V(AVUTIL, av_log_set_callback, (void (*cb)(void *, int, const char *, va_list)), (cb))        \
  X(AVUTIL, int, av_log_format_line2,                                                           \
    (void *p, int level, const char *fmt, va_list vl, char *line, int size, int *prefix),       \
    (p, level, fmt, vl, line, size, prefix))                                                    \
  X(AVUTIL, int, av_dict_set, (AVDictionary * *m, const char *k, const char *v, int f),         \
    (m, k, v, f))                                                                               \
  X(AVUTIL, int, av_dict_set_int, (AVDictionary * *m, const char *k, int64_t v, int f),         \
    (m, k, v, f))                                                                               \
  V(AVUTIL, av_dict_free, (AVDictionary * *m), (m))                                             \
  X(AVUTIL, AVDictionaryEntry *, av_dict_get,                                                   \
    (const AVDictionary *m, const char *k, const AVDictionaryEntry *prev, int f),               \
    (m, k, prev, f))                                                                            \
  X(AVUTIL, int, av_opt_set, (void *o, const char *k, const char *v, int f), (o, k, v, f))      \
  X(AVUTIL, int, av_opt_set_int, (void *o, const char *k, int64_t v, int f), (o, k, v, f))      \
  X(AVUTIL, AVFrame *, av_frame_alloc, (void), ())                                              \
  V(AVUTIL, av_frame_free, (AVFrame * *frame), (frame))                                         \
  V(AVUTIL, av_frame_unref, (AVFrame * frame), (frame))                                         \
  X(AVUTIL, int, av_frame_get_buffer, (AVFrame * frame, int align), (frame, align))             \
  X(AVUTIL, int, av_frame_make_writable, (AVFrame * frame), (frame))                            \
  X(AVUTIL, int, av_image_check_size, (unsigned w, unsigned h, int off, void *ctx),             \
    (w, h, off, ctx))                                                                           \
  X(AVUTIL, int64_t, av_rescale_q, (int64_t a, AVRational b, AVRational c), (a, b, c))          \
  X(SWSCALE, unsigned, swscale_version, (void), ())                                             \
  X(SWSCALE, struct SwsContext *, sws_getContext,                                               \
    (int sw, int sh, enum AVPixelFormat sf, int dw, int dh, enum AVPixelFormat df, int flags,   \
     SwsFilter *srcFilter, SwsFilter *dstFilter, const double *param),                          \
    (sw, sh, sf, dw, dh, df, flags, srcFilter, dstFilter, param))                               \
  V(SWSCALE, sws_freeContext, (struct SwsContext * c), (c))                                     \
  X(SWSCALE, const int *, sws_getCoefficients, (int colorspace), (colorspace))                  \
  X(SWSCALE, int, sws_setColorspaceDetails,                                                     \
    (struct SwsContext * c, const int inv[4], int sr, const int t[4], int dr, int b, int k,     \
     int s),                                                                                    \
    (c, inv, sr, t, dr, b, k, s))                                                               \
  X(SWSCALE, int, sws_scale,                                                                    \
    (struct SwsContext * c, const uint8_t *const src[], const int srcStride[], int y, int h,    \
     uint8_t *const dst[], const int dstStride[]),                                              \
    (c, src, srcStride, y, h, dst, dstStride))                                                  \
  X(AVCODEC, unsigned, avcodec_version, (void), ())                                             \
  X(AVCODEC, const AVCodec *, avcodec_find_encoder_by_name, (const char *name), (name))         \
  X(AVCODEC, const AVCodec *, avcodec_find_decoder, (enum AVCodecID id), (id))                  \
  X(AVCODEC, const AVCodec *, avcodec_find_decoder_by_name, (const char *name), (name))         \
  X(AVCODEC, int, avcodec_parameters_to_context,                                                \
    (AVCodecContext * c, const AVCodecParameters *p), (c, p))                                   \
  X(AVCODEC, AVCodecContext *, avcodec_alloc_context3, (const AVCodec *c), (c))                 \
  V(AVCODEC, avcodec_free_context, (AVCodecContext * *c), (c))                                  \
  X(AVCODEC, int, avcodec_open2, (AVCodecContext * c, const AVCodec *codec, AVDictionary **o),  \
    (c, codec, o))                                                                              \
  X(AVCODEC, int, avcodec_parameters_from_context,                                              \
    (AVCodecParameters * p, const AVCodecContext *c), (p, c))                                   \
  X(AVCODEC, int, avcodec_send_frame, (AVCodecContext * c, const AVFrame *f), (c, f))           \
  X(AVCODEC, int, avcodec_receive_packet, (AVCodecContext * c, AVPacket *p), (c, p))            \
  X(AVCODEC, int, avcodec_send_packet, (AVCodecContext * c, const AVPacket *p), (c, p))         \
  X(AVCODEC, int, avcodec_receive_frame, (AVCodecContext * c, AVFrame *f), (c, f))              \
  X(AVCODEC, AVPacket *, av_packet_alloc, (void), ())                                           \
  V(AVCODEC, av_packet_free, (AVPacket * *p), (p))                                              \
  V(AVCODEC, av_packet_unref, (AVPacket * p), (p))                                              \
  V(AVCODEC, av_packet_move_ref, (AVPacket * dst, AVPacket *src), (dst, src))                   \
  X(AVCODEC, int, av_new_packet, (AVPacket * p, int size), (p, size))                           \
  V(AVCODEC, av_packet_rescale_ts, (AVPacket * p, AVRational a, AVRational b), (p, a, b))       \
  X(AVCODEC, uint8_t *, av_packet_new_side_data,                                                \
    (AVPacket * p, enum AVPacketSideDataType t, size_t size), (p, t, size))                     \
  X(AVFORMAT, unsigned, avformat_version, (void), ())                                           \
  X(AVFORMAT, int, avformat_alloc_output_context2,                                              \
    (AVFormatContext * *c, const AVOutputFormat *o, const char *name, const char *file),        \
    (c, o, name, file))                                                                         \
  V(AVFORMAT, avformat_free_context, (AVFormatContext * c), (c))                                \
  X(AVFORMAT, AVStream *, avformat_new_stream, (AVFormatContext * c, const AVCodec *codec),     \
    (c, codec))                                                                                 \
  X(AVFORMAT, int, avformat_write_header, (AVFormatContext * c, AVDictionary **o), (c, o))      \
  X(AVFORMAT, int, av_interleaved_write_frame, (AVFormatContext * c, AVPacket *p), (c, p))      \
  X(AVFORMAT, int, av_write_trailer, (AVFormatContext * c), (c))                                \
  X(AVFORMAT, int, avio_open, (AVIOContext * *c, const char *url, int flags), (c, url, flags))  \
  X(AVFORMAT, int, avio_closep, (AVIOContext * *c), (c))                                       \
  X(AVFORMAT, int, avformat_open_input,                                                         \
    (AVFormatContext * *c, const char *url, const AVInputFormat *f, AVDictionary **o),          \
    (c, url, f, o))                                                                             \
  X(AVFORMAT, int, avformat_find_stream_info, (AVFormatContext * c, AVDictionary **o), (c, o))  \
  V(AVFORMAT, avformat_close_input, (AVFormatContext * *c), (c))                                \
  X(AVFORMAT, int, av_find_best_stream,                                                         \
    (AVFormatContext * c, enum AVMediaType t, int wanted, int related, const AVCodec **d,       \
     int flags),                                                                                \
    (c, t, wanted, related, d, flags))                                                          \
  X(AVFORMAT, int, av_read_frame, (AVFormatContext * c, AVPacket *p), (c, p))

// The loader is CLoader's (the one CWebP and CAVIF use): one pointer per function, the table it
// walks, the family of four libraries, and a trampoline per function.
enum {
  AVUTIL = CFFMPEG_AVUTIL,
  SWSCALE = CFFMPEG_SWSCALE,
  AVCODEC = CFFMPEG_AVCODEC,
  AVFORMAT = CFFMPEG_AVFORMAT,
};
FFMPEG_FUNCTIONS(CLOADER_SLOT_X, CLOADER_SLOT_V)
static const struct cloader_symbol symbols[] = {FFMPEG_FUNCTIONS(CLOADER_ENTRY_X, CLOADER_ENTRY_V)};

static const char *const sonames[CFFMPEG_LIBRARY_COUNT] = {
  "libavutil.so." AV_STRINGIFY(LIBAVUTIL_VERSION_MAJOR),
  "libswscale.so." AV_STRINGIFY(LIBSWSCALE_VERSION_MAJOR),
  "libavcodec.so." AV_STRINGIFY(LIBAVCODEC_VERSION_MAJOR),
  "libavformat.so." AV_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR),
};
static struct cloader_family family = CLOADER_FAMILY(sonames, symbols);

const char *cffmpeg_soname(int library) {
  return library >= 0 && library < CFFMPEG_LIBRARY_COUNT ? sonames[library] : "";
}

int cffmpeg_load(const char **reason) { return cloader_load(&family, reason); }

#define CLOADER_CURRENT family
FFMPEG_FUNCTIONS(CLOADER_TRAMPOLINE_X, CLOADER_TRAMPOLINE_V)

// The instruction sets x264 would use on this processor, as its own x264_cpu_detect() sees them,
// less AVX-512: x264 0.164's AVX-512 code reads memory it never wrote, so with it the bytes of an
// MP4 depended on what the process had freed before (the same GIF gave another file after
// another GIF in a batch, or under MALLOC_PERTURB_), while its AVX2, SSE4.2 and plain C code
// agree byte for byte. 0 when no libx264 is loaded or it has no x264_cpu_detect: then x264
// chooses itself.
static int find_x264(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  if (info->dlpi_name && strstr(info->dlpi_name, "/libx264.so")) {
    snprintf((char *)data, 512, "%s", info->dlpi_name);
    return 1;
  }
  return 0;
}

unsigned cffmpeg_x264_cpu_flags(void) {
  char path[512] = "";
  dl_iterate_phdr(find_x264, path);
  if (!path[0]) return 0;
  void *library = dlopen(path, RTLD_LAZY | RTLD_NOLOAD);
  if (!library) return 0;
  unsigned (*detect)(void) = (unsigned (*)(void))dlsym(library, "x264_cpu_detect");
  unsigned flags = detect ? detect() & ~(1U << 16) : 0;  // X264_CPU_AVX512
  dlclose(library);
  return flags;
}
