"""The report's HTML page, self-contained (charts embedded as PNG), written from
report.json's data in the reader's language (issue 29): every heading, sentence, table
header and chart text goes through the catalogue, numbers are written as the language
writes them; bot specs, seat names, variant keys and values stay as typed. The server
draws it again per reader's language from the same report.json."""

from __future__ import annotations

import contextvars
import html
import json
from collections.abc import Sequence
from typing import Any

from albion.core.words import from_json
from albion.i18n import _, _n, current, use
from albion.i18n.numbers import decimal, percent
from albion.sim.balance import Balance, Rate
from albion.sim.ends import ends_text
from albion.sim.report_charts import (
    DRAWING,
    NARROW,
    Game,
    chart_title,
    charts,
    figures_of,
    png,
)
from albion.sim.report_names import configuration_name

NARROW_PAGE = 600
"""A page at most this wide (a phone's) shows the narrow charts."""
STYLE = """body{font-family:system-ui,sans-serif;max-width:60em;margin:0 auto;padding:1em;
line-height:1.4;color:#1d2330}h1{font-size:1.6em}h2{font-size:1.25em;margin-top:1.6em}
.scroll{overflow-x:auto}table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:.3em .6em;vertical-align:top}th{background:#f3f1ec}
td.n{text-align:right;white-space:nowrap}td.words{min-width:12em}.warning{font-weight:700}
figure{margin:1em 0}img{display:block;max-width:100%;height:auto}
pre{overflow-x:auto;font-size:.85em}"""


def render_page(data: dict[str, Any], lang: str | None = None) -> str:
    """The whole page for report.json's `data`, in `lang` (default: the current
    language)."""
    if lang is None:
        return _page(data)
    return contextvars.copy_context().run(_page_in, lang, data)


def _page_in(lang: str, data: dict[str, Any]) -> str:
    use(lang)
    return _page(data)


def interval(rate: Rate, digits: int = 1) -> str:
    """A win rate and its 95% interval: `45.3% [30.2%, 60.1%]`."""
    low, high = rate.interval
    return _("{rate} [{low}, {high}]", rate=percent(rate.value, digits),
             low=percent(low, digits), high=percent(high, digits))


def significance(change: str, p: float, significant: bool) -> str:
    if significant:
        return _("{change} (p = {p}, significant)", change=change, p=decimal(p, 3))
    return _("{change} (p = {p})", change=change, p=decimal(p, 3))


NUMBER, NAME, WORDS = "n", "", "words"
"""A cell's kind: figures (right, on one line), a name or a value (as wide as it is),
words (wrapped, never narrower than a few words)."""


def _table(headers: Sequence[str], rows: Sequence[Sequence[tuple[str, str]]]) -> str:
    """A table (headers, then rows of (text, kind) cells), scrolling sideways on a narrow
    screen."""
    head = "".join(f"<th>{html.escape(text)}</th>" for text in headers)
    body = "".join(
        "<tr>" + "".join(f'<td{f" class={kind}" if kind else ""}>{html.escape(text)}</td>'
                         for text, kind in row) + "</tr>" for row in rows)
    return f'<div class="scroll"><table><tr>{head}</tr>{body}</table></div>'


def _facts(data: dict[str, Any]) -> str:
    return " · ".join([
        _("Bots: {bots}", bots=", ".join(data["bots"])),
        _n("{count} player", "{count} players", int(data["players"])),
        _n("{count} game per configuration", "{count} games per configuration",
           int(data["games_per_configuration"])),
        _("seed {seed}", seed=str(data["seed"]))])


def _hidden(data: dict[str, Any]) -> str:
    value = data.get("hidden_information_value")
    if value is not None:
        return _("Value of hidden information: per game where both sat, cheat-mcts wins "
                 "{gap} more often than ismcts (paired, p={p})",
                 gap=percent(value["win_rate_gap"], signed=True), p=decimal(value["p"], 3))
    note = data.get("hidden_information_note")
    if not note:
        return ""
    words = from_json(note) if isinstance(note, dict) else str(note)
    return _("Value of hidden information: {note}", note=words)


def _configurations(figures: Sequence[Balance], game: Game) -> str:
    players = len(figures[0].seats) if figures else 0
    headers = [_("Configuration"), _("Games"),
               *(_("{seat} wins [95%]", seat=game.seat_names[seat]) for seat in range(players)),
               _("Mean actions"), _("Ended by")]
    rows = [[(configuration_name(f.label), NAME), (str(f.games), NUMBER),
             *((interval(rate), NUMBER) for rate in f.seats),
             (decimal(f.mean_length), NUMBER), (ends_text(f.end_reasons), WORDS)]
            for f in figures]
    return _table(headers, rows)


def _by_bot(figures: Sequence[Balance]) -> str:
    bots = list(figures[0].bots) if figures else []
    if not bots:
        return ""
    headers = [_("Bot"), *(configuration_name(f.label) for f in figures)]
    rows = [[(name, NAME), *((interval(rate), NUMBER) if (rate := f.bots.get(name))
                             else ("—", NUMBER) for f in figures)] for name in bots]
    title = _("Win rate by bot [95%]")
    note = _("A game counts once per bot, however many seats it filled.")
    return f"<h2>{html.escape(title)}</h2><p>{html.escape(note)}</p>{_table(headers, rows)}"


def _against(data: dict[str, Any]) -> str:
    comparisons = data["comparisons"]
    if not comparisons:
        return _paragraph(_("No variant value was swept."))
    headers = [_("Swept value"), _("Change in the first seat's win rate"),
               _("Change in mean actions")]
    rows = [[(f"{c['key']}={c['value']}", NAME),
             (significance(percent(c["first_seat_win_rate_difference"], signed=True),
                           c["first_seat_p"], c["first_seat_significant"]), NUMBER),
             (significance(decimal(c["mean_actions_difference"], signed=True),
                           c["mean_actions_p"], c["mean_actions_significant"]), NUMBER)]
            for c in comparisons]
    note = _("Two-sided p, same seeds, no correction for several comparisons; a change is "
             "significant when p is below 0.05.")
    return _paragraph(note) + _table(headers, rows)


def _paragraph(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


def _heading(text: str) -> str:
    return f"<h2>{html.escape(text)}</h2>"


def _page(data: dict[str, Any]) -> str:
    lang = current().lang
    figures = figures_of(data)
    game = Game.of(str(data["game"]), int(data["players"]))
    with DRAWING:
        drawn = [(png(wide), png(narrow, dpi=160), chart_title(wide))
                 for wide, narrow in zip(charts(data), charts(data, NARROW), strict=True)]
    images = "\n".join(
        f'<figure><picture><source media="(max-width: {NARROW_PAGE}px)" '
        f'srcset="data:image/png;base64,{narrow}"><img alt="{html.escape(alt)}" '
        f'src="data:image/png;base64,{wide}"></picture></figure>'
        for wide, narrow, alt in drawn)
    cheats = data.get("cheating_bots") or []
    warning = "" if not cheats else (
        '<p class="warning">' + html.escape(_n(
            "⚠ {bots} sees hidden information (for analysis only)",
            "⚠ {bots} see hidden information (for analysis only)", len(cheats),
            bots=", ".join(cheats))) + "</p>")
    hidden = _hidden(data)
    title = html.escape(_("{game}: balance report", game=game.name))
    numbers = html.escape(json.dumps(data, indent=1, ensure_ascii=False))
    all_numbers = html.escape(_("All the numbers, as in report.json"))
    sections = [
        _paragraph(_facts(data)), warning, hidden and _paragraph(hidden),
        _heading(_("Configurations")), _configurations(figures, game), _by_bot(figures),
        _heading(_("Against the base")), _against(data),
        _heading(_("Charts")), images,
        f"<details><summary>{all_numbers}</summary><pre><code>{numbers}</code></pre>"
        "</details>"]
    body = "\n".join(section for section in sections if section)
    return f"""<!doctype html>
<html lang="{html.escape(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{STYLE}</style></head><body>
<h1>{title}</h1>
{body}
</body></html>
"""
