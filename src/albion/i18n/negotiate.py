"""Which language a reader gets (issue 29): a browser's `Accept-Language` (RFC 9110
quality values), a terminal's `LANGUAGE`/`LC_ALL`/`LC_MESSAGES`/`LANG`, else English."""

from __future__ import annotations

import os
from collections.abc import Mapping

from albion.i18n.catalogue import LANGUAGES, PSEUDO, SOURCE


def supported(lang: str | None) -> str | None:
    """`lang` (`fr`, `fr-CA`, `de_DE.UTF-8`…) as a language Albion speaks, or None."""
    if not lang:
        return None
    base = lang.strip().split(".")[0].replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES or base == PSEUDO else None


def negotiate(accept_language: str | None) -> str:
    """The best language Albion speaks among a browser's preferences, else English."""
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        found = supported(tag)
        if found and quality > 0:
            ranked.append((-quality, order, found))
    return min(ranked)[2] if ranked else SOURCE


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language, as gettext looks for it: LANGUAGE (a list), LC_ALL,
    LC_MESSAGES, LANG; English when none names a language Albion speaks."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if not value:
            continue
        for candidate in value.split(":"):
            found = supported(candidate)
            if found:
                return found
        if name != "LANGUAGE":
            return SOURCE  # the first set of LC_ALL/LC_MESSAGES/LANG decides, as in C
    return SOURCE
