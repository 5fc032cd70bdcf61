#!/bin/sh
# Mends the man page swift-argument-parser's generate-manual writes (its path the argument; the
# page on standard output), for `make install` and packaging/make-deb.sh:
# - gif2x has no subcommands, but the tool lists the parser's implicit `help` subcommand: the
#   synopsis says `gif2x subcommand` and the options end with a `help` entry. Both go.
# - A blank line in the help text is a blank input line to groff (a warning): a paragraph break.
set -eu
[ $# -eq 1 ] && [ -s "$1" ] || { echo "usage: $0 GENERATED-PAGE" >&2; exit 64; }
sed -e '/^\.Sh SYNOPSIS$/,/^\.Sh /{/^\.Ar subcommand$/d;}' \
  -e '/^\.It Em help$/,/^\.El$/d' \
  -e 's/^$/.Pp/' "$1"
