"""Renders an SVG document to pixels for the map tests (issue #15): resvg, through the ``resvg-py`` wheel
(pure pip, no system library), and a small PNG reader, so a test can look at what a viewer shows."""

from __future__ import annotations

import struct
import zlib
from math import floor

import pytest


def renderer():
    """Returns resvg_py, or skips the test with what to install."""
    return pytest.importorskip("resvg_py", reason="the map's rendering tests need resvg: pip install resvg-py "
                                                  "(in the test extra: pip install -e '.[test]')")


class Picture:
    """An RGBA picture; ``at(x, y)`` is the pixel under SVG user coordinates (rendered at scale 1)."""

    def __init__(self, width: int, height: int, rows: list[bytes]):
        self.width, self.height, self.rows = width, height, rows

    def at(self, x: float, y: float) -> tuple[int, int, int, int]:
        row, col = self.rows[int(y)], int(x) * 4
        return tuple(row[col:col + 4])

    def count(self, box, test) -> int:
        """Counts the pixels of a box (x0, y0, x1, y1) for which ``test(rgba)`` holds."""
        x0, y0, x1, y1 = (int(floor(v)) for v in box)
        return sum(1 for y in range(max(y0, 0), min(y1, self.height)) for x in range(max(x0, 0), min(x1, self.width))
                   if test(self.at(x, y)))


def render(svg: str, zoom: float = 1) -> Picture:
    """Returns the document drawn by resvg at its own size (``zoom``: that many times larger)."""
    png = bytes(renderer().svg_to_bytes(svg_string=svg, zoom=zoom) if zoom != 1 else
                renderer().svg_to_bytes(svg_string=svg))
    return read_png(png)


def read_png(png: bytes) -> Picture:
    """Decodes an 8-bit RGBA or RGB, non-interlaced PNG (what resvg writes; a browser's screenshot), as RGBA."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, data, width, bpp = 8, b"", 0, 4
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        chunk = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
            assert depth == 8 and colour in (2, 6) and interlace == 0, "only 8-bit RGBA or RGB, non-interlaced"
            bpp = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            data += chunk
        pos += 12 + length
    raw, stride, rows, prior = zlib.decompress(data), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up, corner = prior[i], prior[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line) if bpp == 4 else b"".join(bytes(line[i:i + 3]) + b"\xff" for i in range(0, stride, 3)))
        prior = line
    return Picture(width, height, rows)


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def near(colour: str, within: int = 40):
    """Returns a pixel test: opaque and within ``within`` of ``colour`` on every channel."""
    want = rgb(colour)
    return lambda px: px[3] > 200 and all(abs(a - b) <= within for a, b in zip(px[:3], want))
