"""Draw the app icons (two fanned cards, a spade and a heart) as PNGs with the stdlib only.

Why a script: the icons are reproducible from code, need no image tools, and carry no text.
Run: python tools/make_icons.py  (writes web/icons/icon-192.png, icon-512.png, maskable-512.png)
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "web" / "icons"

Color = tuple[int, int, int, int]
FELT: Color = (11, 93, 59, 255)
CARD: Color = (250, 248, 240, 255)
EDGE: Color = (120, 120, 110, 255)
RED: Color = (200, 30, 45, 255)
BLACK: Color = (25, 25, 30, 255)
CLEAR: Color = (0, 0, 0, 0)


def png(width: int, height: int, rgba: bytes) -> bytes:
    """Encode RGBA pixels as a PNG file (filter 0 on every row)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    stride = width * 4
    raw = b"".join(b"\x00" + rgba[y * stride : (y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def rounded_rect(x: float, y: float, half_w: float, half_h: float, radius: float) -> bool:
    dx = max(abs(x) - (half_w - radius), 0.0)
    dy = max(abs(y) - (half_h - radius), 0.0)
    return dx * dx + dy * dy <= radius * radius


def heart(x: float, y: float) -> bool:
    """The classic heart curve; y grows upwards, the shape spans about [-1.2, 1.2]."""
    a = x * x + y * y - 1.0
    return a * a * a - x * x * y * y * y <= 0.0


def spade(x: float, y: float) -> bool:
    """An upside-down heart on a short flared stem."""
    if heart(x, -(y - 0.25)):
        return True
    return -1.45 <= y <= -0.3 and abs(x) <= 0.12 + 0.35 * max(0.0, (-0.6 - y) / 0.85)


def card_layer(
    cx: float,
    cy: float,
    angle_deg: float,
    pip: Callable[[float, float], bool],
    pip_color: Color,
    pip_at: tuple[float, float],
    pip_size: float,
) -> Callable[[float, float], Color | None]:
    """A rotated card with one pip; returns a sampler giving the colour or None (outside)."""
    cos_a, sin_a = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
    half_w, half_h, radius, border = 0.20, 0.28, 0.035, 0.008

    def sample(x: float, y: float) -> Color | None:
        lx = (x - cx) * cos_a + (y - cy) * sin_a
        ly = -(x - cx) * sin_a + (y - cy) * cos_a
        if not rounded_rect(lx, ly, half_w, half_h, radius):
            return None
        if not rounded_rect(lx, ly, half_w - border, half_h - border, radius - border):
            return EDGE
        px, py = (lx - pip_at[0]) / pip_size, -(ly - pip_at[1]) / pip_size
        return pip_color if pip(px, py) else CARD

    return sample


def render(size: int, maskable: bool) -> bytes:
    """Rasterise with 4x4 supersampling; maskable icons are full-bleed with a safe-zone scale."""
    scale = 0.78 if maskable else 0.92  # maskable content stays inside the central 80 % circle
    back = card_layer(-0.09, 0.02, -13.0, spade, BLACK, (-0.085, -0.14), 0.07)
    front = card_layer(0.10, 0.03, 11.0, heart, RED, (0.0, 0.0), 0.12)
    grid = 4
    pixels = bytearray()
    for py in range(size):
        for px in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sy in range(grid):
                for sx in range(grid):
                    u = (px + (sx + 0.5) / grid) / size - 0.5
                    v = (py + (sy + 0.5) / grid) / size - 0.5
                    color = FELT if maskable or rounded_rect(u, v, 0.5, 0.5, 0.11) else CLEAR
                    x, y = u / scale, v / scale
                    for layer in (back, front):
                        hit = layer(x, y)
                        if hit is not None:
                            color = hit
                    alpha = color[3] / 255.0
                    acc[0] += color[0] * alpha
                    acc[1] += color[1] * alpha
                    acc[2] += color[2] * alpha
                    acc[3] += alpha
            n = grid * grid
            a = acc[3] / n
            if a > 0:
                pixels += bytes(round(acc[i] / n / a) for i in range(3)) + bytes([round(a * 255)])
            else:
                pixels += b"\x00\x00\x00\x00"
    return png(size, size, bytes(pixels))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("maskable-512.png", 512, True),
    ):
        (OUT / name).write_bytes(render(size, maskable))
        print(f"wrote {OUT / name}")


if __name__ == "__main__":
    main()
