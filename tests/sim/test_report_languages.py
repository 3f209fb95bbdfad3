"""Issue 29: a balance report reads in its reader's language. Its page (report.html) and
every text of its charts go through the catalogue — checked in the pseudo-locale `qps`,
where a plain English word outside ⟦ ⟧ is a text that never did (the terminal's scan,
tests/cli/test_languages.py) — French and German pages say the same figures each in their
own words and write numbers their way, and report.json is the same whichever language
wrote it (data)."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from albion import i18n
from albion.core.registry import get_game
from albion.i18n import translator
from albion.sim.ends import ends_text, reason_words
from albion.sim.report import ReportPlan, run_report, sweep_pairs
from albion.sim.report_charts import NARROW, WIDE, chart_texts, chart_title, charts
from albion.sim.report_page import render_page
from tests.cli.test_languages import untranslated
from tests.sim.report_texts import page_texts, report_chart_texts, report_data_words

DIAMONIAK = ReportPlan(get_game("diamoniak"), ("heuristic", "random"), 4, 2, 1, {},
                       sweep_pairs(["fairy=auto"]))
"""A line-up of two bots (win rate by bot), a swept value (a comparison), no cheat (the
value of hidden information not measured, and why)."""
SUPER_CAMELOT = ReportPlan(get_game("super-camelot"),
                           ("cheat-mcts:iterations=3", "ismcts:iterations=3"), 2, 2, 1,
                           {"max_turns": 8}, sweep_pairs(["abilities=off"]))
"""A cheat beside ismcts (the value of hidden information, the warning), the characters
(win rate by character), games ended at the safety cap."""


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use(i18n.SOURCE)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each plan's report written once, in French (Diamoniak also in English)."""
    folders = {}
    for name, plan, lang in (("diamoniak-en", DIAMONIAK, "en"), ("diamoniak", DIAMONIAK, "fr"),
                             ("super-camelot", SUPER_CAMELOT, "fr")):
        i18n.use(lang)
        folders[name] = tmp_path_factory.mktemp(name)
        run_report(plan, folders[name], "local", 1)
    i18n.use(i18n.SOURCE)
    return folders


def data_of(folder: Path) -> dict[str, Any]:
    return dict(json.loads((folder / "report.json").read_text()))


def test_report_json_is_the_same_whichever_language_wrote_it(written: dict[str, Path]
                                                               ) -> None:
    """Data: the French run's report.json is the English run's, byte for byte; a reason
    not measured travels as words, not as a sentence of one language."""
    assert (written["diamoniak"] / "report.json").read_bytes() == (
        written["diamoniak-en"] / "report.json").read_bytes()
    data = data_of(written["diamoniak"])
    assert data["hidden_information_note"]["message"].startswith("not measured")
    assert '<html lang="fr">' in (written["diamoniak"] / "report.html").read_text()
    assert '<html lang="en">' in (written["diamoniak-en"] / "report.html").read_text()


@pytest.mark.parametrize("name", ["diamoniak", "super-camelot"])
def test_a_report_in_the_pseudo_locale_leaves_no_english(written: dict[str, Path],
                                                         name: str) -> None:
    """Every text of the page (headings, sentences, table headers and cells, the charts'
    alternative texts, the title) and of its charts, wide and narrow (titles, axis labels,
    ticks, legends) is marked, but for the report's data."""
    data = data_of(written[name])
    page = render_page(data, "qps")
    assert '<html lang="qps">' in page
    i18n.use("qps")
    shown = page_texts(page)
    drawn = report_chart_texts(data)
    assert len(drawn) > 60 and sum("⟦" in text for text in drawn) >= 8
    typed = report_data_words(data)
    assert untranslated("\n".join(shown), *typed) == []
    assert untranslated("\n".join(drawn), *typed) == []


def test_the_scan_finds_english_left_on_a_page_or_in_a_chart(written: dict[str, Path]) -> None:
    """The scans themselves: an English heading on the page, an English title on a chart."""
    data = data_of(written["diamoniak"])
    page = render_page(data, "qps").replace("</h1>", "</h1><h2>Configurations</h2>")
    assert untranslated("\n".join(page_texts(page)), *report_data_words(data)) == [
        "Configurations"]
    i18n.use("qps")
    figure = charts(data)[0]
    figure.axes[0].set_title("Win rate by seat")
    assert untranslated("\n".join(chart_texts(figure)), *report_data_words(data)) == [
        "Win", "by", "rate", "seat"]


@pytest.mark.parametrize("name", ["diamoniak", "super-camelot"])
def test_french_and_german_reports_say_the_same_figures_in_their_own_words(
        written: dict[str, Path], name: str) -> None:
    data = data_of(written[name])
    pages = {lang: render_page(data, lang) for lang in ("en", "fr", "de")}
    own = ["Against the base", "Charts", "Ended by", "Win rate by seat", "Game length",
           "How games end", "Change in the first seat's win rate"]
    for lang in ("fr", "de"):
        said = translator(lang).text
        assert f'<html lang="{lang}">' in pages[lang]
        shown = page_texts(pages[lang])
        for message in own:
            assert said(message) != message and said(message) in shown, (lang, message)
        assert said("{game}: balance report", game=get_game(data["game"]).name) in shown
        i18n.use(lang)
        drawn = report_chart_texts(data)
        assert said("Win rate by seat") in drawn and said("share of games") in drawn
        for reason in data["configurations"][0]["end_reasons"]:
            assert translator(lang).words(reason_words(reason)) in drawn, (lang, reason)
        if name == "super-camelot":
            assert any(said("character") in text for text in drawn), lang
        assert re.search(r"\d,\d\u00a0%", pages[lang]), "45,3 %: the language's numbers"
        english = [message for message in own if message in shown]
        assert english == [], (lang, english)
    assert re.search(r"\d\.\d%", pages["en"])
    said_fr, said_de = translator("fr").text, translator("de").text
    assert said_fr("How games end") != said_de("How games end")
    assert said_fr("How games end") not in pages["de"]
    assert said_de("How games end") not in pages["fr"]


@pytest.mark.parametrize("lang", ["fr", "de", "qps"])
def test_the_charts_texts_fit(written: dict[str, Path], lang: str) -> None:
    """A chart's texts fit in it, in each language and layout: none makes the image wider
    than the chart is drawn (a long title wraps), and the seats' or characters' names
    under the bars never run into one another."""
    data = data_of(written["super-camelot"])
    i18n.use(lang)
    for layout in (WIDE, NARROW):
        for figure in charts(data, layout):
            canvas = FigureCanvasAgg(figure)
            canvas.draw()
            renderer = canvas.get_renderer()
            width = figure.get_tightbbox(renderer).width
            assert width <= figure.get_figwidth() * 1.05, (layout, chart_title(figure), width)
            for axes in figure.axes:
                boxes = sorted((label.get_window_extent(renderer) for label in
                                axes.get_xticklabels() if label.get_text().strip()),
                               key=lambda box: box.x0)
                for left, right in itertools.pairwise(boxes):
                    assert left.x1 <= right.x0, (layout, chart_title(figure))


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "full castle (1,234) · draw at the safety cap (20)"),
    ("fr", "château complet (1 234) · égalité à la limite de tours (20)"),
    ("de", "vollständige Burg (1.234) · Unentschieden durch Zuglimit (20)"),
])
def test_how_games_ended_is_counted_the_language_s_way(lang: str, said: str) -> None:
    """DI-10's ends, counted as the reader groups numbers (issue 29)."""
    i18n.use(lang)
    spaced = ends_text({"castle": 1234, "cap": 20}).replace("\u202f", " ").replace("\xa0", " ")
    assert spaced == said
