# gif2x: thin wrappers around SwiftPM. `make demo` and `make test` install what they need.
PREFIX ?= /usr/local
SWIFT ?= swift
SECONDS ?= 60
BIN := .build/release/gif2x
APT_PACKAGES := libavcodec-dev libavformat-dev libswscale-dev libavutil-dev pkg-config ffmpeg gifsicle
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build debug test demo install lint format clean fuzz robustness

# Installs the FFmpeg development libraries (and the ffmpeg CLI the tests use) when missing.
deps:
	@if ! pkg-config --exists libavcodec libavformat libswscale libavutil 2>/dev/null \
	    || ! command -v ffmpeg >/dev/null || ! command -v gifsicle >/dev/null; then \
	  echo "installing $(APT_PACKAGES)"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	fi

build: deps
	$(SWIFT) build -c release --product gif2x

debug: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build
	$(SWIFT) test

# The main jobs on the bundled sample: a web MP4, a transparent WebM, a sprite sheet.
demo: build
	@mkdir -p demo-out
	$(BIN) --info samples/bounce.gif
	$(BIN) --to mp4 samples/bounce.gif -o demo-out/bounce.mp4 --poster --force
	$(BIN) --to webm samples/bounce.gif -o demo-out/bounce.webm --force
	$(BIN) --sheet samples/bounce.gif -o demo-out/bounce.png --force

# The binary, its man page and bash/zsh/fish completions (all from swift-argument-parser).
install: build
	$(SWIFT) package plugin generate-manual
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/gif2x
	install -m 644 .build/plugins/GenerateManual/outputs/gif2x/gif2x.1 $(DESTDIR)$(PREFIX)/share/man/man1/gif2x.1
	$(BIN) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/gif2x
	$(BIN) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gif2x
	$(BIN) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/gif2x.fish

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build demo-out

# libFuzzer over the C-free core: the TranscodeCore target's sources (Sources/Transcode/Core,
# no FFmpeg) compiled together with Tests/Fuzz, seeded from samples/ and ../shared/corpus when
# present. `make fuzz SECONDS=600`.
CORE_SOURCES := $(shell find Sources/Transcode/Core -name '*.swift')
fuzz:
	@mkdir -p .build/fuzz fuzz-corpus
	swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name TranscodeCore \
	  -package-name gif2x $(CORE_SOURCES) $(wildcard Tests/Fuzz/*.swift) -o .build/fuzz/fuzz-gif
	@cp -n samples/*.gif fuzz-corpus/ 2>/dev/null || true
	@if [ -d ../shared/corpus/gif ]; then find ../shared/corpus/gif -name '*.gif' -exec cp -n {} fuzz-corpus/ \; ; fi
	.build/fuzz/fuzz-gif -max_total_time=$(SECONDS) -timeout=10 -rss_limit_mb=2048 \
	  -max_len=65536 -print_final_stats=1 fuzz-corpus

# Every mode on every ../shared/corpus GIF, on CUTS cut copies of each and on edge cases the
# script builds: exit 0, 64 or 65 within 20 s, a failure prints one `error: <input>:` line and
# leaves nothing behind. `make robustness CUTS=10`.
CUTS ?= 10
robustness: build
	python3 Tests/Robustness/robustness.py --cuts $(CUTS)
