"""Where two lists of children differ, in order: the blocks between the children that
stay (a longest common subsequence of equal children). The board's pieces (render.py's
children_patch) and the regions drawn as parts (parts.py's parts_patch) both change only
those blocks in the page, so that the children that stay are the same nodes."""

from __future__ import annotations

from collections.abc import Sequence

# A changed middle of the children is aligned child by child (a longest common
# subsequence) up to this many pairs; beyond, it is replaced as one run.
MAX_ALIGN = 1024


def blocks(x: Sequence[object], y: Sequence[object]) -> list[tuple[int, int, int, int]]:
    """Where the children `y` differ from `x`: blocks (i1, i2, j1, j2), x[i1:i2] to
    become y[j1:j2], in order, between the children that stay."""
    n, m = len(x), len(y)
    lo = 0
    while lo < min(n, m) and x[lo] == y[lo]:
        lo += 1
    hi = 0
    while hi < min(n, m) - lo and x[n - 1 - hi] == y[m - 1 - hi]:
        hi += 1
    a, b = x[lo:n - hi], y[lo:m - hi]
    if not a and not b:
        return []
    if not a or not b or len(a) * len(b) > MAX_ALIGN:
        return [(lo, n - hi, lo, m - hi)]
    # common[i][j]: how many children a[i:] and b[j:] have in common, in order
    common = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        row, below = common[i], common[i + 1]
        for j in range(len(b) - 1, -1, -1):
            row[j] = below[j + 1] + 1 if a[i] == b[j] else max(below[j], row[j + 1])
    out = []
    i = j = si = sj = 0
    while i < len(a) and j < len(b):
        if a[i] == b[j]:
            if (si, sj) != (i, j):
                out.append((lo + si, lo + i, lo + sj, lo + j))
            i, j = i + 1, j + 1
            si, sj = i, j
        elif common[i + 1][j] >= common[i][j + 1]:
            i += 1
        else:
            j += 1
    if (si, sj) != (len(a), len(b)):
        out.append((lo + si, lo + len(a), lo + sj, lo + len(b)))
    return out
