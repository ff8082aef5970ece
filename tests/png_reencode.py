#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""png_reencode.py IN OUT: the same pixels in other PNG bytes (IDAT recompressed at
zlib level 9 and split into 4 KiB chunks), for the planted-duplicate test of gen
overlap.  Standard library only."""
import struct
import sys
import zlib

data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, chunks, idat = 8, [], b""
while pos < len(data):
    (n,) = struct.unpack(">I", data[pos:pos + 4])
    kind = data[pos + 4:pos + 8]
    body = data[pos + 8:pos + 8 + n]
    pos += 12 + n
    if kind == b"IDAT":
        idat += body
    else:
        chunks.append((kind, body))
raw = zlib.compress(zlib.decompress(idat), 9)


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


out = b"\x89PNG\r\n\x1a\n"
for kind, body in chunks:
    if kind == b"IEND":
        for i in range(0, len(raw), 4096):
            out += chunk(b"IDAT", raw[i:i + 4096])
    out += chunk(kind, body)
open(sys.argv[2], "wb").write(out)
