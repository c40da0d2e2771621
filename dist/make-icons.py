#!/usr/bin/env python3
"""Draws the app's home-screen icons as PNG (the three circles of /assets/icon.svg on the page's
background, 4x4 samples a pixel) and writes them into Sources/CarouselWeb/Assets/AppIcons.swift
as base64, so the binary serves them with no file beside it. Run it again after changing the
icon: python3 dist/make-icons.py
"""
import base64
import os
import struct
import zlib

BACKGROUND = (0xFB, 0xFA, 0xF7)
# (cx, cy, r, colour, opacity) in the SVG's 32 x 32 box, drawn in this order.
CIRCLES = [(11, 12, 8, (0xCF, 0xE0, 0xFF), 1.0), (21, 12, 8, (0xF6, 0xCD, 0xEA), 0.85), (16, 21, 8, (0xCD, 0xEC, 0xCF), 0.85)]
SIZES = [("apple-touch-icon", 180), ("icon-192", 192), ("icon-512", 512)]


def draw(size, inset=0.1):
    """An opaque square: the background, and the circles inside the middle (1 - 2*inset) of it,
    so a mask that rounds the corners (as phones do) never cuts them."""
    scale = size * (1 - 2 * inset) / 32
    offset = size * inset
    rows = []
    for y in range(size):
        row = bytearray([0])  # filter type None
        for x in range(size):
            acc = [0.0, 0.0, 0.0]
            for sy in range(4):
                for sx in range(4):
                    px = ((x + (sx + 0.5) / 4) - offset) / scale
                    py = ((y + (sy + 0.5) / 4) - offset) / scale
                    c = list(BACKGROUND)
                    for cx, cy, r, colour, alpha in CIRCLES:
                        if (px - cx) ** 2 + (py - cy) ** 2 <= r * r:
                            c = [c[i] * (1 - alpha) + colour[i] * alpha for i in range(3)]
                    for i in range(3):
                        acc[i] += c[i]
            row += bytes(int(round(a / 16)) for a in acc)
        rows.append(bytes(row))
    return png(size, b"".join(rows))


def png(size, raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    lines = ["// Written by dist/make-icons.py: the home-screen icons, PNG, as base64. Do not edit by hand.",
             "import Foundation", "", "extension Assets {",
             "    /// The PNG icons by name (`/assets/NAME.png`) and their size in pixels.",
             "    static let pngIcons: [String: (size: Int, data: Data)] = ["]
    for name, size in SIZES:
        data = base64.b64encode(draw(size)).decode()
        lines.append('        "%s": (%d, Data(base64Encoded: "%s")!),' % (name, size, data))
    lines += ["    ]", "}", ""]
    out = os.path.join(root, "Sources/CarouselWeb/Assets/AppIcons.swift")
    open(out, "w").write("\n".join(lines))
    print("wrote " + out)


if __name__ == "__main__":
    main()
