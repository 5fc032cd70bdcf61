# gif2x: thin wrappers around SwiftPM. `make demo` and `make test` install what they need.
PREFIX ?= /usr/local
SWIFT ?= swift
SECONDS ?= 60
BIN := .build/release/gif2x
APT_PACKAGES := libavcodec-dev libavformat-dev libswscale-dev libavutil-dev pkg-config ffmpeg gifsicle
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build debug test demo install lint format clean

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

demo: build
	@mkdir -p demo-out
	$(BIN) --info samples/bounce.gif
	$(BIN) --check samples/bounce.gif && echo "samples/bounce.gif: every frame decodes cleanly"

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/gif2x

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build demo-out
