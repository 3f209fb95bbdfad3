"""The report's HTML page: self-contained (plots drawn with matplotlib, embedded as PNG)."""

from __future__ import annotations

import base64
import html
import io
import json
from collections.abc import Mapping, Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from albion.sim.balance import Balance, Rate, ends_text


def _png(figure: Figure) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def seat_plot(figures: Sequence[Balance]) -> str:
    figure, axes = plt.subplots(figsize=(7, 3.2))
    width = 0.8 / max(len(figures), 1)
    for index, figures_of in enumerate(figures):
        xs = [seat + index * width for seat in range(len(figures_of.seats))]
        rates = [rate.value for rate in figures_of.seats]
        errors = [[rate.value - rate.interval[0] for rate in figures_of.seats],
                  [rate.interval[1] - rate.value for rate in figures_of.seats]]
        axes.bar(xs, rates, width, yerr=errors, capsize=3, label=figures_of.label)
    players = len(figures[0].seats) if figures else 0
    axes.axhline(1 / max(players, 1), color="grey", linestyle=":", linewidth=1)
    axes.set_xticks([seat + 0.4 - width / 2 for seat in range(players)],
                    [f"P{seat + 1}" for seat in range(players)])
    axes.set_ylabel("win rate (95% interval)")
    axes.set_title("Win rate by seat")
    axes.legend(fontsize=8)
    return _png(figure)


def length_plot(figures: Sequence[Balance]) -> str:
    figure, axes = plt.subplots(figsize=(7, 3.2))
    for figures_of in figures:
        axes.hist(figures_of.lengths, bins=30, histtype="step", linewidth=1.5,
                  label=f"{figures_of.label} (mean {figures_of.mean_length:.0f})")
    axes.set_xlabel("actions per game (chance outcomes included)")
    axes.set_ylabel("games")
    axes.set_title("Game length")
    axes.legend(fontsize=8)
    return _png(figure)


def ending_plot(figures: Sequence[Balance]) -> str:
    figure, axes = plt.subplots(figsize=(7, 2.8))
    reasons = sorted({reason for f in figures for reason in f.end_reasons})
    bottoms = [0.0] * len(figures)
    for reason in reasons:
        shares = [f.end_reasons.get(reason, 0) / max(f.games, 1) for f in figures]
        axes.barh([f.label for f in figures], shares, left=bottoms, label=reason)
        bottoms = [b + s for b, s in zip(bottoms, shares, strict=True)]
    axes.set_xlabel("share of games")
    axes.set_title("How games end")
    axes.legend(fontsize=8, loc="lower right")
    return _png(figure)


def label_plot(figures_of: Balance,
               label_values: Mapping[str, Sequence[str]] | None = None) -> str | None:
    """Win rate by the first seat label (Super Camelot: by character), one bar per value
    the game has (`Game.seat_label_values`, then any other value seen), each labelled with
    its number of games; a value never seen is a grey bar at 0, n=0 (issue 14)."""
    if not figures_of.labels:
        return None
    key, rates = next(iter(figures_of.labels.items()))
    names = list(dict.fromkeys([*(label_values or {}).get(key, ()), *rates]))
    seen = [rates.get(name, Rate(0, 0)) for name in names]
    figure, axes = plt.subplots(figsize=(7, 3))
    values = [rate.value for rate in seen]
    errors = [[rate.value - rate.interval[0] if rate.games else 0 for rate in seen],
              [rate.interval[1] - rate.value if rate.games else 0 for rate in seen]]
    axes.bar(range(len(names)), values, yerr=errors, capsize=3,
             color=["tab:purple" if rate.games else "lightgrey" for rate in seen])
    axes.set_xticks(range(len(names)),
                    [f"{name}\nn={rate.games}" for name, rate in zip(names, seen, strict=True)])
    axes.set_ylabel("win rate (95% interval)")
    axes.set_title(f"Win rate by {key} ({figures_of.label}; n = games played)")
    return _png(figure)


def render_page(data: dict[str, Any], figures: Sequence[Balance], title: str,
                label_values: Mapping[str, Sequence[str]] | None = None) -> str:
    """The whole page: plots, then every number as tables and as JSON."""
    plots = [seat_plot(figures), length_plot(figures), ending_plot(figures)]
    labelled = label_plot(figures[0], label_values)
    if labelled:
        plots.append(labelled)
    images = "\n".join(f'<img alt="plot" src="data:image/png;base64,{png}">' for png in plots)
    rows = []
    for figures_of in figures:
        seats = ", ".join(
            f"P{i + 1} {rate.value:.1%} [{rate.interval[0]:.1%}, {rate.interval[1]:.1%}]"
            for i, rate in enumerate(figures_of.seats))
        rows.append(f"<tr><td>{html.escape(figures_of.label)}</td><td>{figures_of.games}</td>"
                    f"<td>{seats}</td><td>{figures_of.mean_length:.1f}</td>"
                    f"<td>{html.escape(ends_text(figures_of.end_reasons))}</td></tr>")
    comparisons = "".join(
        f"<tr><td>{html.escape(c['key'])}={html.escape(str(c['value']))}</td>"
        f"<td>{c['first_seat_win_rate_difference']:+.1%} (p={c['first_seat_p']:.3f}"
        f"{', significant' if c['first_seat_significant'] else ''})</td>"
        f"<td>{c['mean_actions_difference']:+.1f} (p={c['mean_actions_p']:.3f}"
        f"{', significant' if c['mean_actions_significant'] else ''})</td></tr>"
        for c in data["comparisons"])
    cheats = data.get("cheating_bots") or []
    warning = "" if not cheats else (
        f"<p><b>⚠ {html.escape(', '.join(cheats))} sees hidden information</b> "
        "(for analysis only).</p>")
    hidden = data.get("hidden_information_value")
    hidden_html = (
        f"<p><b>Value of hidden information</b>: "
        f"{html.escape(data.get('hidden_information_note', ''))}</p>") if hidden is None else (
        f"<p><b>Value of hidden information</b>: per game where both sat, cheat-mcts "
        f"wins {hidden['win_rate_gap']:+.1%} more often than ismcts (paired test, "
        f"p={hidden['p']:.3f}).</p>")
    bots = list(figures[0].bots) if figures else []
    by_bot = "" if not bots else (
        "<h2>Win rate by bot [95%]</h2><table><tr><th>Bot</th>"
        + "".join(f"<th>{html.escape(f.label)}</th>" for f in figures) + "</tr>"
        + "".join(
            f"<tr><td>{html.escape(name)}</td>" + "".join(
                f"<td>{r.value:.1%} [{r.interval[0]:.1%}, {r.interval[1]:.1%}]</td>"
                if (r := f.bots.get(name)) else "<td>—</td>" for f in figures) + "</tr>"
            for name in bots) + "</table>")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)} balance report</title>
<style>body{{font-family:sans-serif;max-width:60em;margin:2em auto}}
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.3em .6em}}
img{{display:block;margin:1em 0;max-width:100%}}</style></head><body>
<h1>{html.escape(title)}: balance report</h1>
<p>Bots: {html.escape(", ".join(data["bots"]))} · {data["players"]} players ·
{data["games_per_configuration"]} games per configuration · seed {data["seed"]}</p>
{warning}{hidden_html}
<h2>Configurations</h2>
<table><tr><th>Configuration</th><th>Games</th><th>Win rate by seat [95%]</th>
<th>Mean actions</th><th>Ended by</th></tr>{"".join(rows)}</table>
{by_bot}
<h2>Against the base</h2>
<table><tr><th>Swept value</th><th>First seat's win rate</th><th>Mean actions</th></tr>
{comparisons or '<tr><td colspan="3">no sweep</td></tr>'}</table>
<h2>Plots</h2>
{images}
<h2>All the numbers</h2>
<pre>{html.escape(json.dumps(data, indent=1))}</pre>
</body></html>
"""
