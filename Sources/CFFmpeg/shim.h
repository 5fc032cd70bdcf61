// Includes of FFmpeg's public headers, and the function-like macros Swift cannot import,
// re-exported as tiny inline functions. No logic lives here.
#ifndef GIF2X_CFFMPEG_SHIM_H
#define GIF2X_CFFMPEG_SHIM_H

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
/// The three parts of a version number packed by AV_VERSION_INT.
static inline unsigned cffmpeg_version_major(unsigned v) { return AV_VERSION_MAJOR(v); }
static inline unsigned cffmpeg_version_minor(unsigned v) { return AV_VERSION_MINOR(v); }
static inline unsigned cffmpeg_version_micro(unsigned v) { return AV_VERSION_MICRO(v); }

#endif
