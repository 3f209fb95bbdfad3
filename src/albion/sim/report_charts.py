"""The report's charts (issue 29): drawn with matplotlib from report.json's data, every
title, axis label, tick and legend in the current language (numbers the language's way);
seat names, bot specs, variant values and character names stay as they are."""

from __future__ import annotations

import base64
import io
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.ticker import FuncFormatter, MaxNLocator

from albion.core.errors import AlbionError
from albion.core.registry import get_game
from albion.i18n import _, current
from albion.i18n.numbers import decimal, percent
from albion.sim.balance import Balance, Rate
from albion.sim.ends import reason_text
from albion.sim.report_names import configuration_name, seat_label_words

DRAWING = threading.Lock()
"""matplotlib draws one chart at a time in a process (the server draws from threads)."""


@dataclass(frozen=True)
class Game:
    """What the page shows of the report's game: its name, its seats' names and every
    value of its seat labels (from the registry; the id alone for a game not installed)."""

    name: str
    seat_names: tuple[str, ...]
    label_values: Mapping[str, Sequence[str]]

    @classmethod
    def of(cls, game_id: str, players: int) -> Game:
        try:
            game = get_game(game_id)
        except AlbionError:
            return cls(game_id, tuple(f"P{seat + 1}" for seat in range(players)), {})
        return cls(game.name, tuple(game.seat_name(seat) for seat in range(players)),
                   game.seat_label_values())


def figures_of(data: dict[str, Any]) -> list[Balance]:
    """Each configuration's figures, as report.json holds them."""
    return [Balance.from_json_dict(entry) for entry in data["configurations"]]


@dataclass(frozen=True)
class Layout:
    """A chart's size: wide (a desktop's page) or narrow (a phone's, a page at most 600
    px wide, its texts at a size one can read there); long texts wrap to fit."""

    narrow: bool = False

    def figure(self, height: float) -> Figure:
        return Figure(figsize=(4.4 if self.narrow else 7, height + (1 if self.narrow else 0)),
                      layout="constrained")

    def legend(self, figure: Figure, axes: Any) -> None:
        """The legend below the chart, where it hides no bar: entries side by side on a
        wide chart, one under another on a narrow one."""
        entries = len(axes.get_legend_handles_labels()[0])
        figure.legend(loc="outside lower center", fontsize=8,
                      ncols=1 if self.narrow else min(entries, 4))


WIDE = Layout()
NARROW = Layout(narrow=True)


def charts(data: dict[str, Any], layout: Layout = WIDE) -> list[Figure]:
    """The charts of report.json's `data`, every text in the current language."""
    figures = figures_of(data)
    game = Game.of(str(data["game"]), int(data["players"]))
    found = [seat_chart(figures, game, layout), length_chart(figures, layout),
             ending_chart(figures, layout)]
    labelled = label_chart(figures[0], game, layout) if figures else None
    return found if labelled is None else [*found, labelled]


def _share_axis(axis: Any) -> None:
    """Shares (0 to 1) written as percentages, the language's way."""
    lang = current().lang
    axis.set_major_formatter(FuncFormatter(lambda value, _pos: percent(value, 0, lang=lang)))


def _count_axis(axis: Any) -> None:
    lang = current().lang
    axis.set_major_locator(MaxNLocator(integer=True))
    axis.set_major_formatter(FuncFormatter(lambda value, _pos: decimal(value, 0, lang=lang)))


def _words(axes: Any, title: str, x: str | None = None, y: str | None = None) -> None:
    """A chart's title and axis labels, wrapped to its width when too long."""
    axes.set_title(title, wrap=True)
    if x is not None:
        axes.set_xlabel(x, wrap=True)
    if y is not None:
        axes.set_ylabel(y, wrap=True)


def seat_chart(figures: Sequence[Balance], game: Game, layout: Layout = WIDE) -> Figure:
    figure = layout.figure(3.4)
    axes = figure.subplots()
    width = 0.8 / max(len(figures), 1)
    players = len(figures[0].seats) if figures else 0
    for index, figures_of_one in enumerate(figures):
        xs = [seat + index * width for seat in range(len(figures_of_one.seats))]
        rates = [rate.value for rate in figures_of_one.seats]
        errors = [[rate.value - rate.interval[0] for rate in figures_of_one.seats],
                  [rate.interval[1] - rate.value for rate in figures_of_one.seats]]
        axes.bar(xs, rates, width, yerr=errors, capsize=3,
                 label=configuration_name(figures_of_one.label))
    even = 1 / max(players, 1)
    axes.axhline(even, color="grey", linestyle=":", linewidth=1,
                 label=_("even chance: {share}", share=percent(even, 0)))
    axes.set_xticks([seat + 0.4 - width / 2 for seat in range(players)],
                    [game.seat_names[seat] for seat in range(players)])
    _share_axis(axes.yaxis)
    _words(axes, _("Win rate by seat"), y=_("win rate (95% interval)"))
    layout.legend(figure, axes)
    return figure


def length_chart(figures: Sequence[Balance], layout: Layout = WIDE) -> Figure:
    figure = layout.figure(3.4)
    axes = figure.subplots()
    for figures_of_one in figures:
        axes.hist(figures_of_one.lengths, bins=30, histtype="step", linewidth=1.5,
                  label=_("{configuration} (mean {mean})",
                          configuration=configuration_name(figures_of_one.label),
                          mean=decimal(figures_of_one.mean_length, 0)))
    _count_axis(axes.xaxis)
    _count_axis(axes.yaxis)
    _words(axes, _("Game length"), x=_("actions per game (chance outcomes included)"),
           y=_("games"))
    layout.legend(figure, axes)
    return figure


def ending_chart(figures: Sequence[Balance], layout: Layout = WIDE) -> Figure:
    figure = layout.figure(1.4 + 0.4 * len(figures))
    axes = figure.subplots()
    reasons = sorted({reason for f in figures for reason in f.end_reasons})
    bottoms = [0.0] * len(figures)
    names = [configuration_name(f.label) for f in figures]
    for reason in reasons:
        shares = [f.end_reasons.get(reason, 0) / max(f.games, 1) for f in figures]
        axes.barh(names, shares, height=0.6, left=bottoms, label=reason_text(reason))
        bottoms = [b + s for b, s in zip(bottoms, shares, strict=True)]
    axes.invert_yaxis()  # the base on top, as in the tables
    axes.set_xlim(0, 1)
    _share_axis(axes.xaxis)
    _words(axes, _("How games end"), x=_("share of games"))
    layout.legend(figure, axes)
    return figure


def label_chart(figures_of_one: Balance, game: Game, layout: Layout = WIDE) -> Figure | None:
    """Win rate by the first seat label (Super Camelot: by character), one bar per value
    the game has (`Game.seat_label_values`, then any other value seen), each labelled with
    its number of games; a value never seen is a grey bar at 0, n=0 (issue 14)."""
    if not figures_of_one.labels:
        return None
    key, rates = next(iter(figures_of_one.labels.items()))
    names = list(dict.fromkeys([*game.label_values.get(key, ()), *rates]))
    seen = [rates.get(name, Rate(0, 0)) for name in names]
    figure = layout.figure(3.2)
    axes = figure.subplots()
    values = [rate.value for rate in seen]
    errors = [[rate.value - rate.interval[0] if rate.games else 0 for rate in seen],
              [rate.interval[1] - rate.value if rate.games else 0 for rate in seen]]
    axes.bar(range(len(names)), values, yerr=errors, capsize=3,
             color=["tab:purple" if rate.games else "lightgrey" for rate in seen])
    axes.set_xticks(range(len(names)),
                    [f"{name.title()}\nn={rate.games}"
                     for name, rate in zip(names, seen, strict=True)],
                    fontsize=7 if layout.narrow else None)
    _share_axis(axes.yaxis)
    _words(axes, _("Win rate by {label} ({configuration}; n = games played)",
                   label=seat_label_words(key),
                   configuration=configuration_name(figures_of_one.label)),
           y=_("win rate (95% interval)"))
    return figure


def chart_texts(figure: Figure) -> list[str]:
    """Every text a chart shows: titles, axis labels, tick labels, legend entries."""
    figure.draw_without_rendering()  # tick labels are written when drawn
    return [text.get_text() for text in figure.findobj(Text)
            if text.get_visible() and text.get_text().strip()]


def png(figure: Figure, dpi: int = 110) -> str:
    """The chart as a PNG, base64 (a narrow one at a higher `dpi`, for phones' screens)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def chart_title(figure: Figure) -> str:
    """A chart's title (the image's alternative text)."""
    return str(figure.axes[0].get_title()) if figure.axes else ""
