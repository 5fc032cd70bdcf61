// FFmpeg's public headers (for the types, constants and prototypes Swift sees), the
// function-like macros Swift cannot import re-exported as tiny inline functions, and the loader.
//
// The binary is not linked against FFmpeg: lazy.c defines every FFmpeg function the project
// calls as a trampoline that jumps through a pointer filled by cffmpeg_load(), which dlopens the
// exact sonames these headers describe. `gif2x --info` and `--check` therefore never load
// FFmpeg (and the ~140 libraries its codecs pull in). See docs/ARCHITECTURE.md.
#ifndef GIF2X_CFFMPEG_H
#define GIF2X_CFFMPEG_H

#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

/// AVERROR(EAGAIN): "output not available in this state, send more input".
static inline int cffmpeg_averror_eagain(void) { return AVERROR(EAGAIN); }
/// AVERROR_EOF: the end of a stream.
static inline int cffmpeg_averror_eof(void) { return AVERROR_EOF; }
/// AVERROR(ENOMEM).
static inline int cffmpeg_averror_enomem(void) { return AVERROR(ENOMEM); }
/// AVERROR(EINVAL).
static inline int cffmpeg_averror_einval(void) { return AVERROR(EINVAL); }
/// AV_NOPTS_VALUE, which Swift imports only as a macro of a cast.
static inline int64_t cffmpeg_nopts_value(void) { return AV_NOPTS_VALUE; }
/// How long a decoded frame lasts, in its stream's time base: `duration` from libavutil 57.30
/// (FFmpeg 6; FFmpeg 7 removed `pkt_duration`), `pkt_duration` before (FFmpeg 5.1).
static inline int64_t cffmpeg_frame_duration(const AVFrame *frame) {
#if LIBAVUTIL_VERSION_INT >= AV_VERSION_INT(57, 30, 100)
  return frame->duration;
#else
  return frame->pkt_duration;
#endif
}
/// The three parts of a version number packed by AV_VERSION_INT.
static inline unsigned cffmpeg_version_major(unsigned v) { return AV_VERSION_MAJOR(v); }
static inline unsigned cffmpeg_version_minor(unsigned v) { return AV_VERSION_MINOR(v); }
static inline unsigned cffmpeg_version_micro(unsigned v) { return AV_VERSION_MICRO(v); }

/// The FFmpeg libraries, in the order cffmpeg_load() opens them.
enum {
  CFFMPEG_AVUTIL = 0,
  CFFMPEG_SWSCALE = 1,
  CFFMPEG_AVCODEC = 2,
  CFFMPEG_AVFORMAT = 3,
  CFFMPEG_LIBRARY_COUNT = 4
};

/// The soname of library `library` (a CFFMPEG_ value) that these headers were built for, such
/// as "libavcodec.so.59": the only file cffmpeg_load() opens for it.
const char *cffmpeg_soname(int library);

/// x264's instruction sets on this processor (its x264_cpu_detect()) without AVX-512, for its
/// `asm` parameter; 0 when libx264 is not loaded (see lazy.c).
unsigned cffmpeg_x264_cpu_flags(void);

/// Opens the four libraries (RTLD_LAZY | RTLD_LOCAL, so nothing they export becomes visible to
/// later libraries) and resolves every FFmpeg function the project calls. Runs once per process;
/// every later call returns the first outcome. Returns -1 when everything is loaded; otherwise
/// the CFFMPEG_ index of the library that failed, with `*reason` set to why (dlerror's text, or
/// the missing function), a string that lives as long as the process.
int cffmpeg_load(const char **reason);

#endif
