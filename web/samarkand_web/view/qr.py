"""A QR code (ISO/IEC 18004, byte mode) drawn as SVG, in pure Python: the play-by-link
address for a phone beside the screen, with nothing loaded from anywhere.

``qr_matrix(text)`` gives the modules (True: dark), ``qr_svg`` the drawing. Error
correction level M (a screen photographed at an angle still reads), the smallest
version that holds the text, and the mask with the lowest penalty, as the standard
says. Built only when a person asks for the code: a long link takes some work.
"""

from __future__ import annotations

from samarkand_web.view.markup import Markup, html

# Per version (1-40), level M: error-correction codewords per block, and blocks.
ECC_PER_BLOCK_M = (
    -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
    26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28)
BLOCKS_M = (
    -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20,
    21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49)
LEVEL_M_BITS = 0  # the format's two bits for level M
QUIET = 4  # modules of light margin around the code


class QrTooLong(ValueError):
    """The text does not fit in a QR code of version 40 at level M."""


def raw_modules(ver: int) -> int:
    """Data and error-correction modules of a version (all but the function patterns)."""
    result = (16 * ver + 128) * ver + 64
    if ver >= 2:
        num_align = ver // 7 + 2
        result -= (25 * num_align - 10) * num_align - 55
        if ver >= 7:
            result -= 36
    return result


def data_codewords(ver: int) -> int:
    return raw_modules(ver) // 8 - ECC_PER_BLOCK_M[ver] * BLOCKS_M[ver]


def alignment_positions(ver: int) -> list[int]:
    if ver == 1:
        return []
    num = ver // 7 + 2
    step = (ver * 8 + num * 3 + 5) // (num * 4 - 4) * 2
    size = ver * 4 + 17
    return [6] + [size - 7 - i * step for i in range(num - 1)][::-1]


# ---------------------------------------------------------------------- Reed-Solomon


def _gf_mul(x: int, y: int) -> int:
    z = 0
    for i in range(7, -1, -1):
        z = (z << 1) ^ ((z >> 7) * 0x11D)
        z ^= ((y >> i) & 1) * x
    return z


def _rs_divisor(degree: int) -> list[int]:
    result = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            result[j] = _gf_mul(result[j], root)
            if j + 1 < degree:
                result[j] ^= result[j + 1]
        root = _gf_mul(root, 0x02)
    return result


def _rs_remainder(data: list[int], divisor: list[int]) -> list[int]:
    result = [0] * len(divisor)
    for b in data:
        factor = b ^ result.pop(0)
        result.append(0)
        for i, coef in enumerate(divisor):
            result[i] ^= _gf_mul(coef, factor)
    return result


# ---------------------------------------------------------------------- the code


def _codewords(data: bytes, ver: int) -> list[int]:
    """The data bits (byte mode, terminator, padding) in codewords, interleaved with
    their error correction."""
    bits: list[int] = []

    def put(value: int, n: int) -> None:
        bits.extend((value >> i) & 1 for i in range(n - 1, -1, -1))

    put(0b0100, 4)
    put(len(data), 8 if ver < 10 else 16)
    for b in data:
        put(b, 8)
    capacity = data_codewords(ver) * 8
    put(0, min(4, capacity - len(bits)))
    put(0, -len(bits) % 8)
    pad = 0xEC
    while len(bits) < capacity:
        put(pad, 8)
        pad ^= 0xEC ^ 0x11
    words = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]
    blocks_n, ecc_len = BLOCKS_M[ver], ECC_PER_BLOCK_M[ver]
    raw = raw_modules(ver) // 8
    short_n = blocks_n - raw % blocks_n
    short_len = raw // blocks_n
    divisor = _rs_divisor(ecc_len)
    blocks: list[list[int]] = []
    k = 0
    for i in range(blocks_n):
        size = short_len - ecc_len + (0 if i < short_n else 1)
        dat = words[k:k + size]
        k += size
        ecc = _rs_remainder(dat, divisor)
        if i < short_n:
            dat = dat + [-1]  # a gap: short blocks have one data codeword less
        blocks.append(dat + ecc)
    out: list[int] = []
    for i in range(len(blocks[0])):
        for j, block in enumerate(blocks):
            if i != short_len - ecc_len or j >= short_n:
                out.append(block[i])
    return out


class _Grid:
    def __init__(self, ver: int) -> None:
        self.ver = ver
        self.size = ver * 4 + 17
        self.dark = [[False] * self.size for _ in range(self.size)]
        self.fixed = [[False] * self.size for _ in range(self.size)]

    def set(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.fixed[y][x] = True

    def function_patterns(self) -> None:
        size = self.size
        for i in range(size):
            self.set(6, i, i % 2 == 0)
            self.set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < size and 0 <= y < size:
                        d = max(abs(dx), abs(dy))
                        self.set(x, y, d not in (2, 4))
        pos = alignment_positions(self.ver)
        last = len(pos) - 1
        for i, ax in enumerate(pos):
            for j, ay in enumerate(pos):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue  # the finder patterns' corners
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.set(ax + dx, ay + dy, max(abs(dx), abs(dy)) != 1)
        self.format_bits(0)  # reserved now, written with the chosen mask
        if self.ver >= 7:
            rem = self.ver
            for _ in range(12):
                rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
            bits = self.ver << 12 | rem
            for i in range(18):
                dark = (bits >> i) & 1 == 1
                a, b = size - 11 + i % 3, i // 3
                self.set(a, b, dark)
                self.set(b, a, dark)

    def format_bits(self, mask: int) -> None:
        data = LEVEL_M_BITS << 3 | mask
        rem = data
        for _ in range(10):
            rem = (rem << 1) ^ ((rem >> 9) * 0x537)
        bits = (data << 10 | rem) ^ 0x5412
        size = self.size

        def bit(i: int) -> bool:
            return (bits >> i) & 1 == 1

        for i in range(6):
            self.set(8, i, bit(i))
        self.set(8, 7, bit(6))
        self.set(8, 8, bit(7))
        self.set(7, 8, bit(8))
        for i in range(9, 15):
            self.set(14 - i, 8, bit(i))
        for i in range(8):
            self.set(size - 1 - i, 8, bit(i))
        for i in range(8, 15):
            self.set(8, size - 15 + i, bit(i))
        self.set(8, size - 8, True)  # the dark module

    def place(self, words: list[int]) -> None:
        size = self.size
        i = 0
        total = len(words) * 8
        right = size - 1
        while right >= 1:
            if right == 6:
                right = 5
            for vert in range(size):
                for j in range(2):
                    x = right - j
                    upward = (right + 1) & 2 == 0
                    y = size - 1 - vert if upward else vert
                    if not self.fixed[y][x] and i < total:
                        self.dark[y][x] = (words[i >> 3] >> (7 - (i & 7))) & 1 == 1
                        i += 1
            right -= 2

    def masked(self, mask: int) -> list[list[bool]]:
        size = self.size
        out = [row[:] for row in self.dark]
        for y in range(size):
            for x in range(size):
                if self.fixed[y][x]:
                    continue
                if MASKS[mask](x, y):
                    out[y][x] = not out[y][x]
        return out


MASKS = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)


def penalty(m: list[list[bool]]) -> int:
    """The standard's penalty of a masked code (lower reads better)."""
    size = len(m)
    score = 0
    cols = [[m[y][x] for y in range(size)] for x in range(size)]
    finder_a = [True, False, True, True, True, False, True, False, False, False, False]
    finder_b = finder_a[::-1]
    for line in m + cols:
        run = 1
        for i in range(1, size + 1):
            if i < size and line[i] == line[i - 1]:
                run += 1
                continue
            if run >= 5:
                score += run - 2
            run = 1
        padded = [False] * 4 + line + [False] * 4
        for i in range(len(padded) - 10):
            window = padded[i:i + 11]
            if window == finder_a or window == finder_b:
                score += 40
    for y in range(size - 1):
        for x in range(size - 1):
            c = m[y][x]
            if c == m[y][x + 1] == m[y + 1][x] == m[y + 1][x + 1]:
                score += 3
    dark = sum(sum(row) for row in m)
    total = size * size
    k = (abs(dark * 20 - total * 10) + total - 1) // total - 1
    return score + k * 10


def qr_matrix(text: str, mask: int | None = None) -> list[list[bool]]:
    """The modules of the QR code of `text` (True: dark), without the quiet zone."""
    data = text.encode("utf-8")
    for ver in range(1, 41):
        header = 4 + (8 if ver < 10 else 16)
        if header + 8 * len(data) <= data_codewords(ver) * 8:
            break
    else:
        raise QrTooLong(f"{len(data)} bytes")
    grid = _Grid(ver)
    grid.function_patterns()
    grid.place(_codewords(data, ver))
    if mask is None:
        best: tuple[int, int] | None = None
        for candidate in range(8):
            grid.format_bits(candidate)
            score = penalty(grid.masked(candidate))
            if best is None or score < best[0]:
                best = (score, candidate)
        assert best is not None
        mask = best[1]
    grid.format_bits(mask)
    return grid.masked(mask)


def qr_svg(text: str, label: str) -> Markup:
    """The code as an SVG image (one path: a dark square per module), named `label`."""
    m = qr_matrix(text)
    n = len(m) + 2 * QUIET
    path = "".join(f"M{x + QUIET} {y + QUIET}h1v1h-1z"
                   for y, row in enumerate(m) for x, dark in enumerate(row) if dark)
    return html('<svg class="qr" viewBox="0 0 {n} {n}" role="img" aria-label="{label}" '
                'shape-rendering="crispEdges"><rect width="{n}" height="{n}" fill="#fff"/>'
                '<path d="{path}" fill="#000"/></svg>', n=n, label=label, path=path)
