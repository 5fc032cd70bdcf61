# gif2x: thin wrappers around SwiftPM. `make demo` and `make test` install what they need.
PREFIX ?= /usr/local
SWIFT ?= swift
SECONDS ?= 60
BIN := .build/release/gif2x
APT_PACKAGES := libavcodec-dev libavformat-dev libswscale-dev libavutil-dev libpng-dev \
  libwebp-dev libavif-dev pkg-config ffmpeg gifsicle parallel openssh-server openssh-client
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build debug test test-debian13 demo install lint format clean fuzz robustness bench-realworld

# Installs the FFmpeg, libpng, libwebp and libavif development libraries (and the ffmpeg CLI the tests use) when
# missing, with GNU parallel and OpenSSH, which the pipeline tests run gif2x through
# (Tests/gif2xTests/PipelineEngineTests.swift: `parallel -j`, `parallel --sshlogin` over two sshd
# on 127.0.0.1), and the Python packages SSIMULACRA2Tests score against (the PyPI port, the judge
# ../shared/bench/perceptual.py runs).
deps:
	@if ! pkg-config --exists libavcodec libavformat libswscale libavutil libpng libwebpmux libwebpdemux libavif \
	      2>/dev/null \
	    || ! command -v ffmpeg >/dev/null || ! command -v gifsicle >/dev/null \
	    || ! command -v parallel >/dev/null || ! command -v ssh >/dev/null \
	    || ! [ -x /usr/sbin/sshd ]; then \
	  echo "installing $(APT_PACKAGES)"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	fi
	@python3 -c 'import ssimulacra2, PIL, scipy' 2>/dev/null || pip install --quiet ssimulacra2 pillow scipy

# The Swift runtime linked in (--static-swift-stdlib): 2.5 ms less start-up than loading its
# nine shared libraries, and an installed binary that needs no Swift toolchain. Measured in
# docs/ARCHITECTURE.md ("Start-up").
build: deps
	$(SWIFT) build -c release --product gif2x --static-swift-stdlib

debug: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build
	$(SWIFT) test

# The same suite and decoder conformance on Debian 13 (FFmpeg 7.1, libavif 1.2, libwebp 1.5), in
# a trixie root that .ci/debian13 makes with mmdebstrap (kept in /var/cache/gif2x/debian13) and
# enters with chroot, this machine's Swift toolchain mounted in. Needs root.
test-debian13:
	bash .ci/debian13

# The main jobs on the bundled sample: a web MP4, a transparent WebM, animated WebP and AVIF, a
# sprite sheet.
# samples/progress.gif (a UI card over a dithered gradient, samples/make-progress.py) to every
# format, each measured against the GIF, and to a web page; the sheet from the sprite bounce.gif.
demo: build
	@mkdir -p demo-out/web
	$(BIN) --info samples/progress.gif
	$(BIN) --to mp4 samples/progress.gif -o demo-out/progress.mp4 --poster --measure --force
	$(BIN) --to webm samples/progress.gif -o demo-out/progress.webm --measure --force
	$(BIN) --to webp samples/progress.gif -o demo-out/progress.webp --measure --force
	$(BIN) --to avif samples/progress.gif -o demo-out/progress.avif --measure --force
	$(BIN) --to web samples/progress.gif -o demo-out/web/progress.html --force
	$(BIN) --sheet samples/bounce.gif -o demo-out/bounce-sheet.png --force

# The binary, its man page and bash/zsh/fish completions (all from swift-argument-parser). The
# binary links the Swift runtime statically and loads only system libraries: libpng16 and libz
# at start, FFmpeg's (libavcodec59, libavformat59, libswscale6, libavutil57) when it first encodes
# video or WebP; `make deps` installs them (the -dev packages depend on them), and --version
# lists what it finds.
# The manual plugin builds gif2x in release itself, without --static-swift-stdlib: `build` runs
# after it so that the binary installed is the static one.
install: deps
	$(SWIFT) package plugin generate-manual
	$(MAKE) build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/gif2x
	install -m 644 .build/plugins/GenerateManual/outputs/gif2x/gif2x.1 $(DESTDIR)$(PREFIX)/share/man/man1/gif2x.1
	$(BIN) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/gif2x
	$(BIN) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gif2x
	$(BIN) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/gif2x.fish

# A Debian package of the binary (the Swift runtime linked in), its man page and bash, zsh and
# fish completions, for the Debian release this runs on: gif2x_VERSION_ARCH.deb in this folder,
# its Depends naming that release's libraries (packaging/make-deb.sh). The Containerfile
# installs it.
.PHONY: deb test-deb
deb: build
	bash packaging/make-deb.sh

# make deb in the Debian 13 build root (.ci/debian13's), then the package installed with
# apt-get into a fresh minimal trixie root and converting a GIF there (.ci/deb-install). Needs
# root.
test-deb:
	bash .ci/deb-install

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build demo-out

# libFuzzer over the C-free core: the TranscodeCore target's sources (the folders Package.swift's
# coreFolders names, no FFmpeg) compiled with Tests/Fuzz into one binary holding five targets (decode, timeline,
# sheet, video, web; see Tests/Fuzz/FuzzMain.swift). Each runs SECONDS seconds in turn on its own
# corpus, fuzz-corpus/TARGET (decode seeded from samples/ and ../shared/corpus when present);
# crashes go to fuzz-crashes/. Fails when any target crashes. `make fuzz SECONDS=600`.
CORE_FOLDERS := $(shell sed -n '/^let coreFolders/,/^]/p' Package.swift | grep -o '"[A-Za-z]*"' | tr -d '"')
CORE_SOURCES := $(shell find $(addprefix Sources/Transcode/,$(CORE_FOLDERS)) -name '*.swift')
FUZZ_TARGETS := decode timeline sheet video web containers search
fuzz:
	@mkdir -p .build/fuzz fuzz-crashes $(addprefix fuzz-corpus/,$(FUZZ_TARGETS))
	swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name TranscodeCore \
	  -package-name gif2x $(CORE_SOURCES) $(wildcard Tests/Fuzz/*.swift) -o .build/fuzz/fuzz-core
	@cp -n samples/*.gif fuzz-corpus/decode/ 2>/dev/null || true
	@if [ -d ../shared/corpus ]; then \
	  find ../shared/corpus -name '*.gif' -exec cp -n {} fuzz-corpus/decode/ \; ; fi
	@failed=""; for target in $(FUZZ_TARGETS); do \
	  echo "== fuzz target $$target, $(SECONDS) s"; \
	  max_len=4096; [ $$target = decode ] && max_len=65536; \
	  FUZZ_TARGET=$$target .build/fuzz/fuzz-core -max_total_time=$(SECONDS) -timeout=10 \
	    -rss_limit_mb=2048 -max_len=$$max_len -print_final_stats=1 \
	    -artifact_prefix=fuzz-crashes/$$target- fuzz-corpus/$$target || failed="$$failed $$target"; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: crashed:$$failed (inputs in fuzz-crashes/)"; exit 1; fi

# Every mode on every ../shared/corpus GIF, on CUTS cut copies of each and on edge cases the
# script builds: exit 0, 64 or 65 within 20 s, a failure prints one `error: <input>:` line and
# leaves nothing behind. `make robustness CUTS=10`.
CUTS ?= 10
robustness: build
	python3 Tests/Robustness/robustness.py --cuts $(CUTS)

# gif2x --to web beside ffmpeg's MP4 and VP9 recipes and gif2webp on ../shared/realworld, GIF by
# GIF, and the size guard's cost (issue 24); needs gif2webp (Debian webp) and Pillow.
bench-realworld: build
	python3 bench/realworld.py --out bench/results/realworld.txt
