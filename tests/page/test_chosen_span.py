"""A family chosen to expand on a phone: the page brings its spaces (the next tap) on
screen above the decision bar, with the family's domain where both fit (issue 35,
item 6: a highlighted space lay under the bar while the domain, at the board's top, was
in sight). web/zoom.js's spanToShow (run in Node: tests/support/js_support.py); the page's
scroll is its pageScrollToShow's."""

from __future__ import annotations

from tests.support.js_support import zoom_call

BAR_TOP = 555.0  # a 740 px phone, the bar a quarter of it


def test_the_domain_and_its_spaces_together_where_they_fit() -> None:
    """Domain at 300-370, spaces at 420-520: both, as one span."""
    assert zoom_call("spanToShow", (300, 370), [(420, 466), (474, 520)], BAR_TOP) == [300, 520]


def test_the_spaces_alone_where_the_domain_is_too_far() -> None:
    """Domain at the board's top (97-167), its spaces under the bar (537-676): the
    spaces, which then scroll to just above the bar; none of them is left under it."""
    spaces = [(560, 606), (606, 652), (537, 583), (629, 676)]
    span = zoom_call("spanToShow", (97, 167), spaces, BAR_TOP)
    assert span == [537, 676]
    dy = zoom_call("pageScrollToShow", *span, BAR_TOP)
    assert all(b - dy <= BAR_TOP and t - dy >= 0 for t, b in spaces)


def test_no_spaces_the_domain() -> None:
    """A family outlined to marry into (no spaces yet): its domain, as before."""
    assert zoom_call("spanToShow", (97, 167), [], BAR_TOP) == [97, 167]
