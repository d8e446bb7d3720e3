"""samarkand_core.weblike stands in for html.escape/unescape and urllib.parse's quote,
unquote_plus and parse_qs in the page (those modules cost its start ~20 ms in
Pyodide). Each function must give what the standard library gives, on generated text
(any Unicode, with the characters that matter over-represented) and on known cases."""

from __future__ import annotations

import hashlib
import html
import urllib.parse

from hypothesis import given, settings
from hypothesis import strategies as st

from samarkand_core import weblike

SPECIAL = st.sampled_from(list("&<>\"'%+=?#/ ~._-")
                          + ["%2", "%zz", "%C3", "%A9", "%20", "%e2%82%ac",
                             "&amp;", "&lt;", "&#x27;", "é", "€", "😀"])
TEXT = st.lists(st.one_of(st.text(max_size=4), SPECIAL), max_size=12).map("".join)


@settings(max_examples=400)
@given(TEXT)
def test_escape_is_html_escape_and_unescape_undoes_it(text: str) -> None:
    escaped = weblike.escape(text)
    assert escaped == html.escape(text, quote=True)
    assert weblike.unescape(escaped) == text == html.unescape(escaped)


@settings(max_examples=400)
@given(TEXT)
def test_quote_and_unquote_plus_are_urllibs(text: str) -> None:
    try:
        expected = urllib.parse.quote(text)
    except UnicodeEncodeError:  # a lone surrogate: neither can encode it
        return
    assert weblike.quote(text) == expected
    assert weblike.unquote_plus(text) == urllib.parse.unquote_plus(text)
    assert weblike.unquote_plus(expected) == text


@settings(max_examples=400)
@given(st.lists(st.one_of(TEXT, st.sampled_from(["&", "=", "&&", "a=", "=b", "a=b=c"])),
                max_size=8).map("".join))
def test_parse_qs_is_urllibs_with_blank_values(query: str) -> None:
    assert weblike.parse_qs(query) == urllib.parse.parse_qs(query, keep_blank_values=True)


def test_known_addresses() -> None:
    q = "players=Ann,bot:heuristic&seed=9&lang=fr&name=Zo%C3%A9+M&x&y=&bad=%zz%C3"
    assert weblike.parse_qs(q) == {"players": ["Ann,bot:heuristic"], "seed": ["9"],
                                   "lang": ["fr"], "name": ["Zoé M"], "x": [""], "y": [""],
                                   "bad": ["%zz\ufffd"]}
    assert weblike.quote("samarkand.save.a b/é") == "samarkand.save.a%20b/%C3%A9"
    assert (weblike.escape("Tom & \"Jerry\" <3 'x'")
            == "Tom &amp; &quot;Jerry&quot; &lt;3 &#x27;x&#x27;")


@given(st.binary(max_size=300))
def test_sha256_is_hashlibs(data: bytes) -> None:
    """weblike.sha256 (the C module hashlib wraps, imported without hashlib) gives
    hashlib's digests: the board's fingerprint and classcode's keys depend on it."""
    assert weblike.sha256(data).digest() == hashlib.sha256(data).digest()
    assert weblike.sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
