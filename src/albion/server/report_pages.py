"""A balance report's page in its reader's language (issue 29): a report.html that
`albion report` wrote beside its report.json is drawn again from that JSON in the
request's language (`?lang=`, the remembered choice, `Accept-Language`), charts included,
and kept per language until the JSON changes; any other page of the reports folder (an
older report without the data to draw it again) is served as written. Either way it comes
under the site's header, in the reader's language, with the way back and the languages."""

from __future__ import annotations

import html
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from albion.i18n import LANGUAGES, translator

REPORT_JSON_BYTES = 4 << 20
"""The largest report.json read (to describe a report in the list, or to draw its page)."""
CACHED_PAGES = 24
"""Report pages kept drawn (one per report and language; each a few hundred kB)."""
HEADER_STYLE = (
    '<style>.albion-top{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:baseline;'
    'padding:.6rem 1rem;margin-bottom:1rem;border-radius:8px;background:#1d2330;'
    'font-family:system-ui,sans-serif}.albion-top a{color:#f6f4ef;text-decoration:none}'
    '.albion-top .brand{font-weight:700;font-size:1.15rem}'
    '.albion-top .languages{margin-left:auto;display:flex;gap:.6rem}'
    '.albion-top .languages a[aria-current]{text-decoration:underline}</style>')


def header(lang: str) -> str:
    """The site's header (js/header.js, written out, with its style inline: a report page
    runs no script): the way back, and each language as a link (`?lang=`), named in
    itself."""
    say = translator(lang).text
    links = "".join(f'<a href="{href}">{html.escape(text)}</a>' for href, text in (
        ("/", say("Lobby")), ("/rules", say("Rules")),
        ("/reports", "← " + say("All reports")), ("/docs", say("API"))))
    languages = "".join(
        f'<a href="?lang={code}" lang="{code}" hreflang="{code}"'
        f'{" aria-current=true" if code == lang else ""}>{html.escape(name)}</a>'
        for code, name in LANGUAGES.items())
    return (f'{HEADER_STYLE}<header class="albion-top"><a class="brand" href="/">♞ Albion</a>'
            f'{links}<nav class="languages" aria-label="{html.escape(say("Language"))}">'
            f'{languages}</nav></header>')


def report_facts(path: Path) -> dict[str, Any]:
    """The report.json `albion report` wrote beside a page; {} when it is missing, too
    large or not a report's."""
    try:
        if path.stat().st_size > REPORT_JSON_BYTES:
            return {}
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def report_page(page: Path, lang: str) -> str:
    """The page at `page` for a reader of `lang`, under the site's header: drawn from its
    report.json in `lang` when it is a report's page that can be, else as written."""
    text = None
    data = page.with_name("report.json")
    if page.name == "report.html":
        try:
            stamp = data.stat()
        except OSError:
            pass
        else:
            text = _drawn(str(data), stamp.st_mtime_ns, stamp.st_size, lang)
    if text is None:
        text = page.read_text(encoding="utf-8", errors="replace")
    return with_header(text, lang)


@lru_cache(maxsize=CACHED_PAGES)
def _drawn(data: str, _mtime: int, _size: int, lang: str) -> str | None:
    """A report's page drawn from its report.json in `lang` (kept per JSON file, its
    version and language); None when the JSON cannot draw it (an older report without
    its games' lengths, a game's figures missing)."""
    facts = report_facts(Path(data))
    if not facts:
        return None
    from albion.sim.report_page import render_page  # noqa: PLC0415 - matplotlib: seconds

    try:
        return render_page(facts, lang)
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def with_header(text: str, lang: str) -> str:
    """A report page with the site's header at the top of its body (and the icon)."""
    head = re.search(r"<head[^>]*>", text, re.IGNORECASE)
    if head is not None:
        text = (f'{text[:head.end()]}<link rel="icon" href="/favicon.ico" '
                f'type="image/svg+xml">{text[head.end():]}')
    body = re.search(r"<body[^>]*>", text, re.IGNORECASE)
    at = body.end() if body is not None else 0
    return text[:at] + header(lang) + text[at:]
