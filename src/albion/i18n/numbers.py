"""Numbers as the reader writes them (issue 29): `45.3%` in English, `45,3 %` in French
and German, `1,234.5` / `1 234,5` / `1.234,5` — the language's own decimal and grouping
signs (Babel's CLDR data). The pseudo-locale writes numbers as English does."""

from __future__ import annotations

import copy
from functools import cache

from babel import Locale
from babel.numbers import NumberPattern

from albion.i18n.catalogue import LANGUAGES
from albion.i18n.current import current


def _locale(lang: str | None) -> Locale:
    code = lang or current().lang
    return Locale.parse(code if code in LANGUAGES else "en")


@cache
def _pattern(lang: str, kind: str, digits: int, signed: bool) -> NumberPattern:
    """The language's percent or decimal pattern with `digits` decimals (and a `+` on
    positive values when `signed`)."""
    locale = Locale.parse(lang)
    base = locale.percent_formats[None] if kind == "percent" else locale.decimal_formats[None]
    pattern: NumberPattern = copy.copy(base)
    pattern.frac_prec = (digits, digits)
    if signed:
        pattern.prefix = ("+" + base.prefix[0], base.prefix[1])
    return pattern


def _apply(value: float, kind: str, digits: int, signed: bool, lang: str | None) -> str:
    locale = _locale(lang)
    return str(_pattern(str(locale), kind, digits, signed).apply(value, locale))


def percent(value: float, digits: int = 1, *, signed: bool = False,
            lang: str | None = None) -> str:
    """`value` (a share, 0.453) as a percentage in the current language (or `lang`)."""
    return _apply(value, "percent", digits, signed, lang)


def decimal(value: float, digits: int = 1, *, signed: bool = False,
            lang: str | None = None) -> str:
    """`value` with `digits` decimals (grouped) in the current language (or `lang`)."""
    return _apply(value, "decimal", digits, signed, lang)
