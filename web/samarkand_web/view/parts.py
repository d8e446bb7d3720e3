"""A region's content as parts (data), so that the page can change only the parts a
decision changed instead of replacing the whole region.

A region (the status, the decision, the hand, the players) is a sequence of parts: each
part is Markup, and a part that is one element whose children are known as parts of
their own is a Tree (its start tag, its children, its end tag). A Tree is still Markup
(its string is the element's whole markup), so everything that joins or escapes markup
treats it as before; only the painter looks at its structure. Parts are compared as
strings and the structure is what render built, never what a parser read back.

`parts_patch(old, new)` says how to turn the parts painted last into the new ones with
the fewest elements replaced (dom.js applies it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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


def _same_element(a: Markup, b: Markup) -> bool:
    """Both Trees of the same start and end tags: the element stays, its children change."""
    return (isinstance(a, Tree) and isinstance(b, Tree) and a.open == b.open
            and a.close == b.close)


def parts_patch(old: Sequence[Markup], new: Sequence[Markup],
                path: tuple[int, ...] = ()) -> list[PartsOp]:
    """The changes that turn the parts `old` into `new`: the parts alike at both ends
    stay; in between, a part that stays the same element (a Tree of the same tags) is
    changed inside, recursively; any other part is replaced. [] when nothing changed."""
    n = min(len(old), len(new))
    first = 0
    while first < n and old[first] == new[first]:
        first += 1
    last = 0
    while last < n - first and old[-1 - last] == new[-1 - last]:
        last += 1
    a, b = old[first:len(old) - last], new[first:len(new) - last]
    if not a and not b:
        return []
    if len(a) != len(b):
        return [[list(path), first, len(a), [encode(p) for p in b]]]
    ops: list[PartsOp] = []
    for i, (x, y) in enumerate(zip(a, b, strict=True)):
        if x == y:
            continue
        if _same_element(x, y):
            assert isinstance(x, Tree) and isinstance(y, Tree)
            ops += parts_patch(x.children, y.children, (*path, first + i))
        else:
            ops.append([list(path), first + i, 1, [encode(y)]])
    return ops
