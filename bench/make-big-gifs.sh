#!/usr/bin/env bash
# Makes the big-GIF bench set: screen recordings of 1.1-1.3 Mpx with hundreds of frames (text,
# flat areas) and a dithered photo clip of 1 Mpx, the GIFs where an AVIF trial costs most. They
# are cut and scaled from ../shared/realworld (read in place; the results stay out of git in
# bench-gifs/) or drawn by ffmpeg, the same bytes on every run with the same tools.
#
# Usage: bench/make-big-gifs.sh [SHARED] [OUTDIR]   (default ../shared, bench-gifs/big)
# Then:  python3 bench/realworld.py --gifs bench-gifs/big --out /tmp/big.txt
# Needs gifsicle and ffmpeg (with drawtext and the DejaVu fonts, Debian's fonts-dejavu-core).
set -euo pipefail
shared=${1:-../shared}
out=${2:-bench-gifs/big}
real="$shared/realworld"
mkdir -p "$out/screen" "$out/photo"
made() { [ -s "$1" ]; }

# A terminal app at twice its pixels (a HiDPI recording): 1536x864, 222 frames.
made "$out/screen/big-bottom-demo-2x.gif" ||
  gifsicle --scale 2 --resize-method sample "$real/screen/screen-bottom-demo.gif" \
    -o "$out/screen/big-bottom-demo-2x.gif"
# Its first 180 frames of a 1996x534 terminal screenshot loop: 1.07 Mpx.
made "$out/screen/big-cli-spinners-180f.gif" ||
  gifsicle "$real/screen/screen-cli-spinners-screenshot.gif" '#0-179' \
    -o "$out/screen/big-cli-spinners-180f.gif"
# A player UI with a dithered film in it, three times its pixels: 1416x894, 380 frames.
made "$out/screen/big-wuffs-muybridge-3x.gif" ||
  gifsicle --scale 3 --resize-method sample "$real/screen/screen-wuffs-gifplayer-muybridge.gif" \
    -o "$out/screen/big-wuffs-muybridge-3x.gif"
# A terminal session drawn by ffmpeg: 1572x828, 300 frames at 10 fps on a dark screen, a line of
# output every half second (the screen below it still blank) and a new page when it is full,
# with a blinking prompt: mostly still frames with a strip that changes, as recordings are.
if ! made "$out/screen/big-terminal-1572x828.gif"; then
  text=$(mktemp)
  for i in $(seq 1 400); do
    printf '$ cargo build --release  # step %03d  compiling crate-%02d v0.%d.%d (/src/crate-%02d)\n' \
      "$i" $((i % 37)) $((i % 9)) $((i % 13)) $((i % 37))
  done > "$text"
  font=/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf
  # 34 lines of 24 px a page; page p starts at line 34p; line k shows from k/2 s.
  ffmpeg -nostdin -hide_banner -loglevel error -f lavfi -i "color=c=0x1e1e2e:s=1572x828:r=10:d=30" \
    -vf "drawtext=fontfile=$font:textfile=$text:fontsize=18:line_spacing=6:fontcolor=0xcdd6f4:x=16:y=12-24*34*floor(t/17),
drawbox=x=0:y=36+24*floor(mod(t\,17)*2):w=iw:h=ih:color=0x1e1e2e:t=fill,
drawbox=x=16:y=40+24*floor(mod(t\,17)*2):w=10:h=18:color=0xa6e3a1:t=fill:enable='lt(mod(t\,1)\,0.5)',
split[a][b];[a]palettegen=max_colors=16:stats_mode=full[p];[b][p]paletteuse=dither=none:diff_mode=rectangle" \
    -y "$out/screen/big-terminal-1572x828.gif"
  rm -f "$text"
fi
# A photo clip scaled to 1000x1000 and dithered into one palette (as GIF makers do).
made "$out/photo/big-photo-1000x1000.gif" ||
  ffmpeg -nostdin -hide_banner -loglevel error -i "$real/photo/photo-SDWebImage-1_2x.gif" \
    -vf "scale=1000:1000:flags=lanczos,split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a" \
    -y "$out/photo/big-photo-1000x1000.gif"
ls -l "$out"/*/
