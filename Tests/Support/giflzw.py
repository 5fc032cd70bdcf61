"""GIF LZW image data for the test and sample scripts that build GIFs byte by byte
(Tests/Browser, Tests/Robustness, samples/make-progress.py): one encoder for all of them."""


def lzw(indices, min_code_size):
    """The GIF LZW image data of a list of colour indices: the min code size byte, then the
    codes in sub-blocks of at most 255 bytes and the block terminator. Codes widen as the table
    grows, up to 12 bits; a clear code starts the table again when it is full."""
    clear, eoi = 1 << min_code_size, (1 << min_code_size) + 1
    width, next_code = min_code_size + 1, eoi + 1
    table = {(i,): i for i in range(clear)}
    bits = nbits = 0
    out = bytearray()

    def emit(code):
        nonlocal bits, nbits
        bits |= code << nbits
        nbits += width
        while nbits >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            nbits -= 8

    emit(clear)
    run = ()
    for index in indices:
        grown = run + (index,)
        if grown in table:
            run = grown
            continue
        emit(table[run])
        if next_code < 4096:
            table[grown] = next_code
            next_code += 1
            if next_code > (1 << width) and width < 12:
                width += 1
        else:
            emit(clear)
            table = {(i,): i for i in range(clear)}
            width, next_code = min_code_size + 1, eoi + 1
        run = (index,)
    if run:
        emit(table[run])
    emit(eoi)
    if nbits:
        out.append(bits & 0xFF)
    blocks = bytearray([min_code_size])
    for at in range(0, len(out), 255):
        chunk = out[at:at + 255]
        blocks += bytes([len(chunk)]) + chunk
    return bytes(blocks + b"\x00")
