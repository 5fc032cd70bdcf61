// libavif's header for Transcode/AVIF, and the loader: the binary is not linked against libavif
// (which pulls in ~6 AV1 codec libraries); avif.c defines each function used as a trampoline
// into the library cavif_load() opens (see CLoader.h, docs/ARCHITECTURE.md).
#ifndef GIF2X_CAVIF_H
#define GIF2X_CAVIF_H

#include <avif/avif.h>

/// The soname the header describes: "libavif.so.15" for libavif 0.11.
const char *cavif_soname(void);

/// Opens libavif once per process. Returns -1 when loaded, else 0 with `*reason` set to why.
int cavif_load(const char **reason);

#endif
