/// The ledger of every tolerance the GIF scanner and decoder apply where the bytes are unusual,
/// damaged or underspecified, with where each rule comes from. The reference is the GIF playing in
/// Chrome, which decodes with Wuffs (`std/gif`); docs/GIF-SEMANTICS.md states the rules, and the
/// team's GIF corpus holds Chrome's frames for files that exercise them.
///
/// The code applying a rule names its case (``GIFQuirk/reservedDisposalKeeps`` and so on), so
/// searching for a case finds every place it is applied. Nothing uses the values at run time:
/// the enum is the list.
package enum GIFQuirk: CaseIterable {
  // MARK: Blocks (GIFScanner)

  /// Only "GIF8" is checked: whatever the two version bytes after it say ("87a", "89a" or
  /// anything else), the file is read as GIF89a and the version is only reported. Source:
  /// Wuffs reads both versions alike; browsers ignore the version.
  case anyVersion

  /// The canvas is the logical screen grown to hold the first frame's rectangle (a zero-sized
  /// screen takes the first frame's size); later frames are clipped to it, never grow it.
  /// Source: Wuffs' default, so Chrome; docs/GIF-SEMANTICS.md, "Canvas size";
  /// corpus `artificial-gif/frame-out-of-bounds` (a 2x2 screen becomes 4x2).
  case canvasGrowsToFirstFrame

  /// Every image descriptor is its own frame, with or without a Graphic Control Extension. Source:
  /// Wuffs; docs/GIF-SEMANTICS.md, "One frame per image" (pygif merges such images: a policy
  /// difference).
  case everyImageIsAFrame

  /// Of several Graphic Control Extensions before one image, the last one wins; their fields
  /// apply to the next image only. Source: docs/GIF-SEMANTICS.md, "Graphic control
  /// extensions"; corpus `artificial-gif/multiple-graphic-controls`.
  case lastGraphicControlWins

  /// A Graphic Control Extension whose first sub-block holds fewer than 4 bytes is skipped
  /// like an unknown extension (the next image gets the defaults). Source: gif2x's policy;
  /// stricter decoders reject the file.
  case shortGraphicControlIgnored

  /// The loop count is the NETSCAPE2.0 (or ANIMEXTS1.0, the same block under another name)
  /// sub-block 1 value N: 0 = forever, otherwise N + 1 plays in all; none = 1 play. Other
  /// application extensions (XMP, ICC, …) and other NETSCAPE sub-blocks are skipped.
  /// Source: Chromium `image_animation_count.h`, Firefox, Wuffs, gif2webp, ImageMagick;
  /// docs/GIF-SEMANTICS.md, "Loop count".
  case loopBlock

  /// Of several loop blocks the last one before the last image descriptor wins; a block after
  /// the last image does not count (in a file with no image, the last one counts). Source:
  /// Chrome's decoder reports the count seen when the last frame is read; corpus
  /// `artificial-gif/multiple-loop-counts` (blocks 50, 30, the last frame, 40: loop 30).
  case loopBlocksAfterLastImageIgnored

  /// Comment extensions are kept for `--info`, their sub-blocks joined and read as UTF-8 with
  /// invalid bytes replaced. Source: gif2x's policy (GIF89a says 7-bit ASCII; nothing enforces
  /// it).
  case commentsLossyUTF8

  /// Plain Text Extensions are skipped: their text is not drawn. Source: browsers (Chrome,
  /// Firefox) and Wuffs never render it; docs/GIF-SEMANTICS.md, "Blocks and versions".
  case plainTextNotRendered

  /// Extensions with unknown labels are skipped by their sub-blocks. Source: GIF89a's
  /// extension rule; Wuffs; docs/GIF-SEMANTICS.md, "Blocks and versions".
  case unknownExtensionSkipped

  /// A file that ends inside a block keeps every frame read so far: one `.truncated` damage at
  /// the file's end (with the frame when the cut is inside an image), a frame whose data is
  /// cut keeps what decodes (reported once, by the scan), a sub-block cut short gives the
  /// bytes it has. A missing trailer alone is no damage. Source: browsers show truncated GIFs
  /// and Wuffs emits the partial frame; docs/GIF-SEMANTICS.md, "Damage and truncated
  /// files"; `--strict` makes it an error.
  case truncatedFile

  /// An image descriptor (and local colour table) that ends the file has no pixels: the frame
  /// is not indexed, so not shown. Source: Wuffs reports no frame it cannot start decoding.
  case frameHeaderEndsFile

  /// A byte that starts no block (not 0x21, 0x2C or 0x3B) ends the scan with `.badBlock`
  /// damage at its offset; the frames before it are kept. Source: browsers play the frames
  /// before the damage; Wuffs stops with an error there.
  case unknownBlockEndsScan

  // MARK: Pixels (GIFDecoder, LZWDecoder)

  /// The canvas starts fully transparent; the background colour index is reported but never
  /// painted. Source: Chrome, Firefox, Wuffs; docs/GIF-SEMANTICS.md, "Initial canvas and
  /// transparency".
  case transparentStart

  /// Disposal values 4-7 (reserved) act as 1, keep; 0 (unspecified) too. Source: Wuffs and
  /// browsers.
  case reservedDisposalKeeps

  /// Disposal 2 clears the frame's rectangle to transparent, not to the background colour.
  /// Source: browsers and Wuffs; docs/GIF-SEMANTICS.md, "Disposal".
  case disposalClearsToTransparent

  /// Disposal 3 restores the canvas as it was before the frame; on the first frame that is
  /// the transparent start. Source: GIF89a; docs/GIF-SEMANTICS.md, "Disposal".
  case disposalRestoresPrevious

  /// A frame without a local colour table uses the global one; with neither, every index is opaque
  /// black. Source: Wuffs; docs/GIF-SEMANTICS.md, "Palettes"; corpus
  /// `artificial-gif/empty-palette`.
  case missingPaletteAllBlack

  /// Indexes beyond the colour table's entries (or beyond the entries a cut file holds) are
  /// opaque black. Source: Wuffs; docs/GIF-SEMANTICS.md, "Palettes".
  case indexBeyondPaletteOpaqueBlack

  /// An LZW minimum code size outside 2...8 is `.badLZWCodeSize` damage: nothing of the frame
  /// is drawn (the disposal still applies). Source: GIF89a allows no other; docs/GIF-SEMANTICS.md,
  /// "LZW data" (a larger one is a data error).
  case badLZWCodeSize

  /// A full code table (4096 entries) keeps decoding without growing until a clear code
  /// ("deferred clear"). Source: GIF89a appendix F as decoders read it; corpus
  /// `pygif/test-suite/4095-codes`, `max-codes`.
  case lzwDeferredClear

  /// Codes after the frame is full, and data after the end code, are ignored. Source:
  /// browsers; docs/GIF-SEMANTICS.md, "LZW data".
  case lzwExtraDataIgnored

  /// Too little LZW data keeps what decoded (the rest of the frame shows the canvas as it was) and
  /// is `.notEnoughPixelData` damage, unless the file was cut there (``truncatedFile``). Source:
  /// browsers; Wuffs emits the partial frame; docs/GIF-SEMANTICS.md, "Damage and truncated files".
  case lzwTooLittleDataKeepsDecoded

  /// A code not in the table stops the frame: what decoded is kept, with `.badLZWCode`
  /// damage. Source: Wuffs stops there; browsers show the partial frame.
  case lzwBadCodeKeepsDecoded

  /// A frame with zero width or height draws nothing; its data is still read past. Source:
  /// Wuffs; gif2x's policy of playing through.
  case zeroSizedFrame
}
