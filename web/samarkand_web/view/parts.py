"""A region's content as parts (data), so that the page can change only the parts a
decision changed instead of replacing the whole region.

A region (the status, the decision, the hand, the players) is a sequence of parts: each
part is Markup, and a part that is one element whose children are known as parts of
their own is a Tree (its start tag, its children, its end tag). A Tree is still Markup
(its string is the element's whole markup), so everything that joins or escapes markup
treats it as before; only the painter looks at its structure. Parts are compared as
strings and the structure is what render built, never what a parser read back.

`parts_patch(old, new)` says how to turn the parts painted last into the new ones with
few elements replaced (dom.js applies it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from samarkand_web.view.align import blocks
from samarkand_web.view.markup import Markup, escape

# One part as dom.js takes it: markup, or [start tag, [children], end tag].
Encoded = str | list[object]
# One change: [path of Tree indices from the region, first part, how many parts to
# remove there, the parts to insert there].
PartsOp = list[object]


class Tree(Markup):
    """One element (start tag + children + end tag) whose children are parts."""

    open: str
    children: tuple[Markup, ...]
    close: str


def tree(open_tag: str, children: Iterable[object], close_tag: str) -> Tree:
    """The element `open_tag` children `close_tag`; the tags are trusted markup (written
    in our code), the children are escaped unless they are Markup. Empty children are
    left out: they are no node in the page."""
    kids = tuple(m for m in (escape(c) for c in children) if m)
    # str.join: Markup's + would escape a plain string again
    out = Tree("".join((str(open_tag), *kids, str(close_tag))))
    out.open, out.children, out.close = open_tag, kids, close_tag
    return out


def region_parts(parts: Iterable[object]) -> tuple[Markup, ...]:
    """A region's parts, escaped unless Markup, the empty ones left out."""
    return tuple(m for m in (escape(p) for p in parts) if m)


def encode(part: Markup) -> Encoded:
    if isinstance(part, Tree):
        return [str(part.open), [encode(c) for c in part.children], str(part.close)]
    return str(part)


def _element(part: Markup) -> tuple[str, ...]:
    """What a part is as an element of the page: a Tree its tags (it stays the same
    element while its children change), any other part its whole markup."""
    return (part.open, part.close) if isinstance(part, Tree) else (str(part),)


def parts_patch(old: Sequence[Markup], new: Sequence[Markup],
                path: tuple[int, ...] = ()) -> list[PartsOp]:
    """The changes that turn the parts `old` into `new`. The parts are aligned as
    elements (align.py's blocks over `_element`): a part that stays the same element is
    left as it is, or changed inside when a Tree's children changed (recursively); the
    parts between them that do not stay are replaced, as one op a block. So a part added
    or taken away in the middle leaves the others as they were (a status's gauge of ten
    pips when a last move's line comes in above it, say). The last block first: dom.js
    applies the ops in order, and the indices of the parts before a change stay the old
    ones. [] when nothing changed."""
    groups: list[list[PartsOp]] = []  # in the order of the parts; applied from the end
    i = j = 0
    for i1, i2, j1, j2 in [*blocks([_element(p) for p in old], [_element(p) for p in new]),
                           (len(old), len(old), len(new), len(new))]:
        for k in range(i1 - i):  # the same element on both sides
            x, y = old[i + k], new[j + k]
            if x != y:
                assert isinstance(x, Tree) and isinstance(y, Tree)
                groups.append(parts_patch(x.children, y.children, (*path, i + k)))
        if i2 > i1 or j2 > j1:
            groups.append([[list(path), i1, i2 - i1, [encode(p) for p in new[j1:j2]]]])
        i, j = i2, j2
    return [op for group in reversed(groups) for op in group]
