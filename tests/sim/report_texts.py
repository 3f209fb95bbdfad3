"""What a reader meets on a report's page (issue 29), for the language tests: every
visible text, every alternative text and title, and every text its charts show; and the
report's data, which stays as typed in every language."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

from albion.core.registry import get_game
from albion.sim.report_charts import NARROW, WIDE, chart_texts, charts

SKIPPED = {"style", "code", "script"}
"""Elements whose text no reader reads as words: styles, and the JSON as report.json holds
it (data, keys and all, shown as code)."""
ATTRIBUTES = ("alt", "title", "aria-label", "placeholder")


class _Texts(HTMLParser):
    def __init__(self, skip_class: str | None) -> None:
        super().__init__()
        self.skip_class = skip_class
        self.stack: list[bool] = []  # per open element: whether its text is skipped
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        skipped = (bool(self.stack and self.stack[-1]) or tag in SKIPPED
                   or (self.skip_class is not None
                       and self.skip_class in (values.get("class") or "").split()))
        if not skipped:
            self.found += [value for name, value in attrs if name in ATTRIBUTES and value]
        if tag not in ("meta", "link", "img", "source", "br", "input"):
            self.stack.append(skipped)

    def handle_endtag(self, tag: str) -> None:
        if tag not in ("meta", "link", "img", "source", "br", "input") and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if data.strip() and not (self.stack and self.stack[-1]):
            self.found.append(data)


def page_texts(page: str, skip_class: str | None = None) -> list[str]:
    """Every text of `page` a reader meets: text nodes and the attributes a screen reader
    or a tooltip reads (the document's title included); an element of class `skip_class`
    left out with all it holds."""
    parser = _Texts(skip_class)
    parser.feed(page)
    return parser.found


def report_chart_texts(data: dict[str, Any]) -> list[str]:
    """Every text of every chart, wide and narrow, in the current language."""
    return [text for layout in (WIDE, NARROW) for figure in charts(data, layout)
            for text in chart_texts(figure)]


def report_data_words(data: dict[str, Any]) -> list[str]:
    """The words of a report that are data, the same in every language: the game's name,
    the bots as specified, the variant keys and values swept, the seat labels' values
    (characters' names, shown capitalised), report.json's name, and `n` of `n=4` (the
    number of games, explained in the chart's title)."""
    words = [*get_game(data["game"]).name.split(), "report", "json", "n"]
    words += [word for bot in data["bots"] for word in re.split(r"[:=,]", bot)]
    words += [word for c in data["comparisons"] for word in (c["key"], str(c["value"]))]
    for configuration in data["configurations"]:
        for rates in configuration["label_win_rates"].values():
            words += [name.title() for name in rates]
    words += [name.title() for values in get_game(data["game"]).seat_label_values().values()
              for name in values]
    return words
