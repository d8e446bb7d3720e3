"""Text helpers of the standard library's html and urllib.parse, same results, without
importing those modules: in Pyodide, `import html` loads html.entities (2,000-odd named
character references, for html.unescape) and `import urllib.parse` loads ipaddress,
together about 20 ms of the page's start before its board shows. Tests compare each
function with the standard library's on generated text (tests/core/test_weblike.py).

`sha256` is hashlib's, taken from the C module that hashlib wraps where there is one:
`import hashlib` also sets up OpenSSL's names and hmac's helpers, 1.5-5 ms of the
page's start in Pyodide for the two digests it needs (the board's and classcode's)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hashlib import sha256
else:
    try:
        from _sha2 import sha256  # CPython 3.12+ and Pyodide: hashlib's own fallback
    except ImportError:  # Python 3.11 (_sha256) or a build without it
        from hashlib import sha256

_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~/")
_PERCENT_RUN = re.compile(r"((?:%[0-9A-Fa-f]{2})+)")


def escape(text: str) -> str:
    """html.escape(text, quote=True): &, <, >, " and ' as character references."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def unescape(text: str) -> str:
    """The text that escape() turned into `text` (html.unescape gives the same for what
    escape() writes; other character references are left as they are)."""
    if "&" not in text:
        return text
    return (text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
            .replace("&#x27;", "'").replace("&amp;", "&"))


def quote(text: str) -> str:
    """urllib.parse.quote(text): every character but letters, digits, _.-~ and / as
    %XX escapes of its UTF-8 bytes."""
    return "".join(c if c in _SAFE else "".join(f"%{b:02X}" for b in c.encode())
                   for c in text)


def unquote_plus(text: str) -> str:
    """urllib.parse.unquote_plus(text): + as a space, each run of %XX escapes decoded
    as UTF-8 (a byte that is not UTF-8 becomes U+FFFD), anything else left as it is."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    parts = _PERCENT_RUN.split(text)
    for i in range(1, len(parts), 2):
        parts[i] = bytes.fromhex(parts[i].replace("%", "")).decode("utf-8", "replace")
    return "".join(parts)


def parse_qs(query: str) -> dict[str, list[str]]:
    """urllib.parse.parse_qs(query, keep_blank_values=True): name -> values, in order;
    pairs split at '&', a pair without '=' has the value ''."""
    out: dict[str, list[str]] = {}
    for pair in query.split("&"):
        if not pair:
            continue
        name, _, value = pair.partition("=")
        out.setdefault(unquote_plus(name), []).append(unquote_plus(value))
    return out


__all__ = ["escape", "parse_qs", "quote", "sha256", "unescape", "unquote_plus"]
