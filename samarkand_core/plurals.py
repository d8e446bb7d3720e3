"""Plural forms of the four languages, as the gettext catalogs number them.

A translated phrase that shows a count has one form per plural category of its language
(msgstr[0], msgstr[1], ... in the .po files). Which form a count takes is the language's
CLDR rule, written here as the index gettext uses (its ``Plural-Forms`` header, which
Babel writes from CLDR). The page and the core pick forms with these functions, without
Babel or gettext at run time; the tests and the catalogs' compile step check that they
agree with the headers and with Babel's CLDR rules.

    English, German: one (1), other
    French: one (0 and 1), many (exact millions: "1 000 000 de cartes"), other
    Italian: one (1), many (exact millions), other

The count is always the value named ``n``.
"""

from __future__ import annotations

from collections.abc import Callable

# A phrase: one text, or one text per plural form of its language.
Forms = str | tuple[str, ...]


def _one_other(n: int) -> int:
    return 0 if n == 1 else 1


def _french(n: int) -> int:
    return 0 if n in (0, 1) else 1 if n % 1_000_000 == 0 else 2


def _italian(n: int) -> int:
    return 0 if n == 1 else 1 if n != 0 and n % 1_000_000 == 0 else 2


RULES: dict[str, Callable[[int], int]] = {
    "en": _one_other, "de": _one_other, "fr": _french, "it": _italian,
}

# The gettext Plural-Forms header each language's catalog carries (what Babel writes).
PLURAL_FORMS: dict[str, str] = {
    "en": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;",
    "it": "nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);",
}

NPLURALS: dict[str, int] = {"en": 2, "de": 2, "fr": 3, "it": 3}


def count_of(n: object) -> int | None:
    """`n` as a whole count (a number, or digits as text), or None when it is none."""
    if isinstance(n, bool):
        return None
    if isinstance(n, int):
        return abs(n)
    if isinstance(n, str) and n.isdigit():
        return int(n)
    return None


def plural_index(lang: str, n: object) -> int:
    """The form of `lang` that the count `n` takes; the last ("other") without a count."""
    count = count_of(n)
    rule = RULES.get(lang, _one_other)
    if count is None:
        return NPLURALS.get(lang, 2) - 1
    return rule(count)


def pick(lang: str, forms: Forms, n: object) -> str:
    """The text of `forms` for the count `n` in `lang`."""
    if isinstance(forms, str):
        return forms
    index = plural_index(lang, n)
    return forms[min(index, len(forms) - 1)]


__all__ = ["Forms", "NPLURALS", "PLURAL_FORMS", "RULES", "count_of", "pick", "plural_index"]
