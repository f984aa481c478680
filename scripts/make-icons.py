#!/usr/bin/env python3
"""Draws the app's icons into public/icons/ from one description of the motif.

    python3 scripts/make-icons.py

The motif: a brown, boat-shaped congklak board seen from above, with two rows
of seven small round holes and a bigger store hole at each end holding a few
seeds. Written out as:

  icon.svg                  512 units, a rounded paper tile (purpose "any")
  icon-192.png, icon-512.png the same, as PNG (transparent corners)
  icon-maskable-512.png     full-bleed paper background, the board inside the
                            central 80 % circle (the maskable safe zone)
  apple-touch-icon.png      180x180, full-bleed, opaque (iOS rounds it itself)

Pure Python (zlib only, no Pillow): each shape is filled by scanlines with
8 sub-rows a pixel and exact horizontal coverage, then composited in order.
The output is deterministic, so re-running it changes no file unless this
script changed. Colours are the app's (style/main.css).
"""
import math
import os
import struct
import sys
import zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "public", "icons")

PAPER = (0xFB, 0xF6, 0xEE)      # --paper, the page background
LINE = (0xE4, 0xD6, 0xC3)       # --line
WOOD = (0x7A, 0x4A, 0x21)       # --wood
WOOD_DARK = (0x4A, 0x2A, 0x10)  # --wood-dark
HOLE = (0x3B, 0x20, 0x0B)       # a hole, darker than the rim
SEED = (0xF3, 0xE6, 0xCF)       # cowrie-shell cream

HOLES_PER_ROW = 7
SUB_ROWS = 8


# --- shapes, in units of the icon's side (0..1, y down) -----------------------
class Ellipse:
    def __init__(self, cx, cy, rx, ry):
        self.cx, self.cy, self.rx, self.ry = cx, cy, rx, ry

    def bbox_y(self):
        return self.cy - self.ry, self.cy + self.ry

    def spans(self, y):
        t = (y - self.cy) / self.ry
        if abs(t) >= 1:
            return []
        dx = self.rx * math.sqrt(1 - t * t)
        return [(self.cx - dx, self.cx + dx)]

    def svg(self, s, fill):
        if self.rx == self.ry:
            return f'<circle cx="{n(self.cx * s)}" cy="{n(self.cy * s)}" r="{n(self.rx * s)}" fill="{fill}"/>'
        return (f'<ellipse cx="{n(self.cx * s)}" cy="{n(self.cy * s)}" rx="{n(self.rx * s)}" '
                f'ry="{n(self.ry * s)}" fill="{fill}"/>')


class RoundRect:
    def __init__(self, x, y, w, h, r):
        self.x, self.y, self.w, self.h, self.r = x, y, w, h, r

    def bbox_y(self):
        return self.y, self.y + self.h

    def spans(self, y):
        if y <= self.y or y >= self.y + self.h:
            return []
        r = self.r
        dy = max(self.y + r - y, y - (self.y + self.h - r), 0)
        inset = r - math.sqrt(max(r * r - dy * dy, 0)) if dy > 0 else 0
        return [(self.x + inset, self.x + self.w - inset)]

    def svg(self, s, fill):
        return (f'<rect x="{n(self.x * s)}" y="{n(self.y * s)}" width="{n(self.w * s)}" '
                f'height="{n(self.h * s)}" rx="{n(self.r * s)}" fill="{fill}"/>')


class Polygon:
    def __init__(self, points):
        self.points = points
        self.edges = list(zip(points, points[1:] + points[:1]))

    def bbox_y(self):
        ys = [p[1] for p in self.points]
        return min(ys), max(ys)

    def spans(self, y):
        xs = []
        for (x0, y0), (x1, y1) in self.edges:
            if (y0 <= y < y1) or (y1 <= y < y0):
                xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
        xs.sort()
        return list(zip(xs[0::2], xs[1::2]))

    def svg(self, s, fill):
        # Every third point, to a tenth of a unit: the same outline at any
        # size an icon is shown, in a third of the bytes (the manifest's
        # SVG icon is fetched with the page).
        pts = self.points[::3]
        d = "M" + "L".join(f"{n(x * s, 1)} {n(y * s, 1)}" for x, y in pts) + "Z"
        return f'<path d="{d}" fill="{fill}"/>'


def n(v, places=2):
    """A coordinate for the SVG: at most `places` decimals, no trailing zeros."""
    return f"{v:.{places}f}".rstrip("0").rstrip(".")


def boat(cx, cy, a, b, steps=240):
    """The board's outline: a long superellipse |x/a|^1.8 + |y/b|^2.8 = 1,
    full along its sides and tapering to its ends, like a carved boat."""
    pts = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        c, s = math.cos(t), math.sin(t)
        x = a * math.copysign(abs(c) ** (2 / 1.8), c)
        y = b * math.copysign(abs(s) ** (2 / 2.8), s)
        pts.append((cx + x, cy + y))
    return Polygon(pts)


def board(cx, cy, width):
    """The motif, centred on (cx, cy), `width` wide: (shape, colour) layers."""
    a = width / 2
    b = a * 0.42
    rim = b * 0.11
    layers = [
        (boat(cx, cy, a, b), WOOD_DARK),
        (boat(cx, cy, a - rim, b - rim), WOOD),
    ]
    # Stores: one at each end, bigger than the holes.
    store_x = a * 0.74
    store_rx, store_ry = a * 0.14, b * 0.50
    for side in (-1, 1):
        layers.append((Ellipse(cx + side * store_x, cy, store_rx, store_ry), HOLE))
        # A few seeds lying in the store.
        sx = cx + side * store_x
        for dx, dy in ((-0.30, -0.35), (0.28, -0.05), (-0.18, 0.38)):
            layers.append((Ellipse(sx + dx * store_rx, cy + dy * store_ry, b * 0.085, b * 0.085), SEED))
    # Two rows of holes between the stores.
    first, last = -a * 0.50, a * 0.50
    step = (last - first) / (HOLES_PER_ROW - 1)
    r = step * 0.36
    for row in (-1, 1):
        for i in range(HOLES_PER_ROW):
            layers.append((Ellipse(cx + first + i * step, cy + row * b * 0.42, r, r), HOLE))
    return layers


def scene(kind):
    """Layers of one icon kind: a list of (shape, colour), bottom first."""
    if kind == "any":
        # A rounded paper tile with a thin line round it, the board across it.
        return [
            (RoundRect(0.02, 0.02, 0.96, 0.96, 0.2), LINE),
            (RoundRect(0.03, 0.03, 0.94, 0.94, 0.19), PAPER),
        ] + board(0.5, 0.5, 0.86)
    if kind == "maskable":
        # Full bleed; the board's farthest point (its tips, 0.38 from the
        # centre) stays inside the safe circle of radius 0.4.
        return [(RoundRect(0, 0, 1, 1, 0), PAPER)] + board(0.5, 0.5, 0.76)
    if kind == "apple":
        return [(RoundRect(0, 0, 1, 1, 0), PAPER)] + board(0.5, 0.5, 0.84)
    raise ValueError(kind)


# --- rasterising ---------------------------------------------------------------
def render(layers, size):
    """Premultiplied RGBA floats, row by row."""
    img = [[0.0] * (4 * size) for _ in range(size)]
    for shape, colour in layers:
        y_lo, y_hi = shape.bbox_y()
        row_lo = max(int(math.floor(y_lo * size)), 0)
        row_hi = min(int(math.ceil(y_hi * size)), size - 1)
        for row in range(row_lo, row_hi + 1):
            cov = [0.0] * (size + 1)
            delta = [0.0] * (size + 2)
            w = 1.0 / SUB_ROWS
            for k in range(SUB_ROWS):
                y = (row + (k + 0.5) / SUB_ROWS) / size
                for x0, x1 in shape.spans(y):
                    x0 = min(max(x0 * size, 0.0), float(size))
                    x1 = min(max(x1 * size, 0.0), float(size))
                    if x1 <= x0:
                        continue
                    i0, i1 = int(x0), int(x1)
                    if i0 == i1:
                        cov[i0] += (x1 - x0) * w
                    else:
                        cov[i0] += (i0 + 1 - x0) * w
                        cov[i1] += (x1 - i1) * w
                        delta[i0 + 1] += w
                        delta[i1] -= w
            run = 0.0
            line = img[row]
            r, g, b = (c / 255 for c in colour)
            for x in range(size):
                run += delta[x]
                c = min(cov[x] + run, 1.0)
                if c <= 1e-9:
                    continue
                j = 4 * x
                keep = 1 - c
                line[j] = r * c + line[j] * keep
                line[j + 1] = g * c + line[j + 1] * keep
                line[j + 2] = b * c + line[j + 2] * keep
                line[j + 3] = c + line[j + 3] * keep
    return img


def png(img, size, alpha):
    raw = bytearray()
    for line in img:
        raw.append(0)  # filter: none
        for x in range(size):
            a = line[4 * x + 3]
            px = [line[4 * x + i] / a if a > 0 else 0.0 for i in range(3)]
            if alpha:
                px.append(a)
            raw.extend(min(max(int(round(v * 255)), 0), 255) for v in px)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", size, size, 8, 6 if alpha else 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def svg(layers, size=512):
    hexc = lambda c: "#%02x%02x%02x" % c  # noqa: E731
    body = "".join(shape.svg(size, hexc(colour)) for shape, colour in layers)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
            f'width="{size}" height="{size}"><title>Congklak</title>{body}</svg>\n')


def main():
    os.makedirs(OUT, exist_ok=True)
    outputs = [
        ("icon.svg", lambda: svg(scene("any")).encode()),
        ("icon-192.png", lambda: png(render(scene("any"), 192), 192, alpha=True)),
        ("icon-512.png", lambda: png(render(scene("any"), 512), 512, alpha=True)),
        ("icon-maskable-512.png", lambda: png(render(scene("maskable"), 512), 512, alpha=False)),
        ("apple-touch-icon.png", lambda: png(render(scene("apple"), 180), 180, alpha=False)),
    ]
    for name, make in outputs:
        data = make()
        path = os.path.join(OUT, name)
        with open(path, "wb") as f:
            f.write(data)
        print(f"{os.path.relpath(path)}: {len(data)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
