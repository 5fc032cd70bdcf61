#!/usr/bin/env bash
# `make deb`: gif2x_VERSION_ARCH.deb in the repository root, for the Debian release this runs on.
# Run after `make build` (the Makefile's deb target does both): it packages the release binary
# that build made (the Swift runtime linked in), stripped, with
#   /usr/bin/gif2x
#   /usr/share/man/man1/gif2x.1.gz                       (swift-argument-parser's generate-manual)
#   /usr/share/bash-completion/completions/gif2x         (gif2x --generate-completion-script ...)
#   /usr/share/zsh/vendor-completions/_gif2x
#   /usr/share/fish/vendor_completions.d/gif2x.fish
#   /usr/share/doc/gif2x/copyright, changelog.gz
# VERSION is the first line of `gif2x --version`. Depends is what dpkg-shlibdeps finds for the
# libraries the binary is linked to (libc, libstdc++, libpng ...) and, for those it dlopens by
# soname (FFmpeg's, libwebp's, libavif; ldd does not see them), the dependency each library's
# package declares in its shlibs file, found with dpkg -S on this machine. So a package built on
# Debian 12 names libavcodec59 and libavif15, one built on Debian 13 libavcodec61 and libavif16.
#
# Environment: SWIFT (default swift), GIF2X_DEB_OUT (folder for the .deb, default the repository
# root), GIF2X_DEB_MAINTAINER, SOURCE_DATE_EPOCH (the man page's and changelog's date; default
# the last commit's, else now).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
die() { echo "make deb: $*" >&2; exit 1; }

swift=${SWIFT:-swift}
bin=.build/release/gif2x
out=${GIF2X_DEB_OUT:-$repo}
maintainer=${GIF2X_DEB_MAINTAINER:-gif2x maintainers <maintainers@users.noreply.a-seed-d52c255b.example>}
for tool in dpkg dpkg-deb dpkg-query dpkg-shlibdeps readelf strings strip gzip; do
  command -v "$tool" >/dev/null || die "needs $tool (apt-get install dpkg-dev binutils)"
done

[ -x "$bin" ] || die "$bin is missing: run make build first"
# A binary linked to the Swift runtime's shared libraries (swift build without
# --static-swift-stdlib, or swift-argument-parser's manual plugin, relinks it so) would need a
# toolchain where it is installed.
if readelf -d "$bin" | grep -q 'NEEDED.*libswift'; then
  die "$bin is linked to the Swift runtime's shared libraries: run make build (--static-swift-stdlib) again"
fi

version_line=$("$bin" --version | head -n 1) || die "$bin --version failed"
version=${version_line#gif2x }
[[ $version_line == "gif2x $version" && $version =~ ^[0-9][A-Za-z0-9.+~]*$ ]] ||
  die "cannot read a version from '$version_line' (gif2x --version)"
arch=$(dpkg --print-architecture)
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
commit=$(git rev-parse --short HEAD 2>/dev/null || true)
release=$(. /etc/os-release && echo "${PRETTY_NAME:-$ID $VERSION_ID}")

work=$repo/.build/deb
stage=$work/gif2x_${version}_$arch
rm -rf "$work"
mkdir -p "$stage/DEBIAN" "$work/shlibdeps/debian"

# --- Depends ------------------------------------------------------------------------------
needed=$(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p' | sort -u)
# The sonames the binary holds as strings (the C loaders' tables: lazy.c, webp.c, avif.c) that
# it is not linked to: the ones it dlopens.
opened=$(strings -a "$bin" | grep -E '^lib[A-Za-z0-9_+-]+\.so\.[0-9]+$' | sort -u |
  comm -23 - <(printf '%s\n' "$needed"))
[ -n "$opened" ] || die "found no dlopened soname in $bin"
# The same set as the dynamic loader sees it: --version loads every library it reports on.
seen=$(LD_DEBUG=files "$bin" --version 2>&1 >/dev/null |
  sed -n "s|.*file=\([^ ]*\) .*dynamically loaded by $bin .*|\1|p" | sort -u)
[ "$opened" = "$seen" ] || die "the sonames in $bin ($(echo $opened)) are not those gif2x --version loads ($(echo $seen))"

multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
# The package that holds PATH, as dpkg records it (/usr/lib or /lib on a merged /usr).
owner() {
  local path=$1 line
  for p in "$path" "${path#/usr}" "/usr$path"; do
    line=$(dpkg -S "$p" 2>/dev/null | head -n 1) && [ -n "$line" ] && { echo "${line%%: *}"; return; }
  done
  return 1
}
dlopen_depends=()
for soname in $opened; do
  path=
  for dir in "/usr/lib/$multiarch" "/lib/$multiarch" /usr/lib /lib; do
    [ -e "$dir/$soname" ] && { path=$dir/$soname; break; }
  done
  [ -n "$path" ] || die "$soname (dlopened by gif2x) is not installed here: run make deps"
  package=$(owner "$path") || die "no package owns $path (dpkg -S)"
  name=${soname%%.so.*}
  major=${soname##*.so.}
  # The shlibs line 'libavcodec 59 libavcodec59 (>= 7:5.1.9)': what a binary linked to it gets.
  shlibs=$(dpkg-query --control-path "$package" shlibs 2>/dev/null || true)
  dep=
  [ -n "$shlibs" ] && dep=$(awk -v n="$name" -v v="$major" \
    '$1 == n && $2 == v { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }' "$shlibs")
  if [ -z "$dep" ]; then
    installed=$(dpkg-query -W -f='${Version}' "$package")
    dep="${package%%:*} (>= ${installed%-*})"
  fi
  dlopen_depends+=("$dep")
done

mkdir -p "$stage/usr/bin"
install -m 0755 "$bin" "$stage/usr/bin/gif2x"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/gif2x"
printf 'Source: gif2x\n\nPackage: gif2x\nArchitecture: any\n' >"$work/shlibdeps/debian/control"
linked=$(cd "$work/shlibdeps" && dpkg-shlibdeps -O -e"$stage/usr/bin/gif2x" 2>"$work/shlibdeps.log") ||
  die "dpkg-shlibdeps failed: $(cat "$work/shlibdeps.log")"
linked=${linked#shlibs:Depends=}
[ -n "$linked" ] || die "dpkg-shlibdeps found no library"
depends=$linked
for dep in "${dlopen_depends[@]}"; do
  case ", $depends," in *", ${dep%% *}"[\ ,]*) ;; *) depends+=", $dep" ;; esac
done

# --- man page and completions ---------------------------------------------------------------
# swift-argument-parser's generate-manual tool, the one its GenerateManual plugin runs, built
# and run directly on the static binary: the plugin rebuilds the whole package in release
# without --static-swift-stdlib (about 2.5 minutes) and leaves that binary in place of this one.
"$swift" build --product generate-manual >"$work/generate-manual.log" 2>&1 ||
  die "building swift-argument-parser's generate-manual failed: $(tail -n 5 "$work/generate-manual.log")"
tool=$("$swift" build --product generate-manual --show-bin-path)/generate-manual
mkdir -p "$work/man" "$stage/usr/share/man/man1"
"$tool" "$repo/$bin" --date "$(date -u -d "@$epoch" +%Y-%m-%d)" --output-directory "$work/man" \
  >"$work/man.log" 2>&1 || die "generate-manual failed: $(cat "$work/man.log")"
[ -s "$work/man/gif2x.1" ] || die "generate-manual wrote no gif2x.1"
"$repo/packaging/man-page.sh" "$work/man/gif2x.1" | gzip -9n >"$stage/usr/share/man/man1/gif2x.1.gz"

mkdir -p "$stage/usr/share/bash-completion/completions" "$stage/usr/share/zsh/vendor-completions" \
  "$stage/usr/share/fish/vendor_completions.d"
"$bin" --generate-completion-script bash >"$stage/usr/share/bash-completion/completions/gif2x"
"$bin" --generate-completion-script zsh >"$stage/usr/share/zsh/vendor-completions/_gif2x"
"$bin" --generate-completion-script fish >"$stage/usr/share/fish/vendor_completions.d/gif2x.fish"

# --- copyright, changelog, control -----------------------------------------------------------
doc=$stage/usr/share/doc/gif2x
mkdir -p "$doc"
sed -e "s/@YEAR@/$(date -u -d "@$epoch" +%Y)/" packaging/copyright >"$doc/copyright"
{
  printf 'gif2x (%s) unstable; urgency=medium\n\n' "$version"
  printf '  * Built from the gif2x sources%s with make deb on %s.\n\n' \
    "${commit:+ at commit $commit}" "$release"
  printf ' -- %s  %s\n' "$maintainer" "$(LC_ALL=C date -u -R -d "@$epoch")"
} | gzip -9n >"$doc/changelog.gz"

find "$stage" -type d -exec chmod 0755 {} +
find "$stage/usr/share" -type f -exec chmod 0644 {} +
installed_size=$(du -sk --apparent-size "$stage/usr" | cut -f 1)
cat >"$stage/DEBIAN/control" <<EOF
Package: gif2x
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Section: video
Priority: optional
Description: turn animated GIFs into web video, animated WebP/AVIF and sprite sheets
 gif2x converts animated GIFs to MP4 (H.264, AV1), WebM (VP9, with
 transparency), animated WebP and AVIF and sprite sheets with JSON timing,
 timed as a browser plays the GIF. Frames come from its own GIF decoder
 (pixel-identical to Chrome's); video is encoded through FFmpeg's libraries,
 WebP through libwebp, AVIF through libavif, each loaded when something is
 first encoded with it.
 .
 Built with make deb on $release.
EOF
(cd "$stage" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) >"$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

mkdir -p "$out"
deb=$out/gif2x_${version}_$arch.deb
# One package in the folder, so that `COPY gif2x_*.deb` (Containerfile) takes this one.
rm -f "$out"/gif2x_*.deb
SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "make deb: $deb ($(du -k "$deb" | cut -f 1) KiB, $release)"
echo "Depends: $depends"
