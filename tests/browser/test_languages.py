"""Albion in the reader's language (issue 29, "Languages"), in a real Chromium.

(a) The pseudo-locale run: the lobby, a table of each game on the seat's turn, a finished
    table, the replay, the rules and the reports pages opened with `?lang=qps` show every
    text as ⟦Ŵöŕðš⟧: their own and the words the server sends (events, labels, rules,
    summaries, variants' meanings, and its refusals: a table refused for its clock, a
    replay of a table that does not exist). The test reads every visible text node, every option,
    the aria-label, title and placeholder of every element, the SVG titles and the
    document's title, and fails on any run of three or more plain ASCII letters outside
    ⟦ ⟧, except the data listed in ALLOWED (names: the site's, the games', Super Camelot's
    characters'), the game's notation (the `data-action` texts) and <code> (a variant's
    key and values as typed). A failure names the texts the server sent in English only
    (the pages record them as they show them: `albionEnglish`, words.js) apart from the
    page's own.
(b) The language menu switches the page, and the choice is remembered on the next page.
(c) A browser asking for German (`Accept-Language: de`) gets `<html lang="de">`.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from albion.core.registry import all_plugins
from albion.games.super_camelot.components import Character
from tests.browser.conftest import DESKTOP, LiveServer, assert_no_js_errors, wait_until

GAMES = {"diamoniak": ["human", "heuristic"],
         "raiding-stonehenge": ["human", "heuristic", "heuristic"],
         "super-camelot": ["human", "heuristic"]}
NAME = "Ann"  # the name the test's person chooses at a table (data: a person's name)
ALLOWED = {
    NAME,        # a person's name is theirs, in every language
    "Albion",    # the site's name, in the header and the document's title
    # A game's name is a proper name, the same in every language (lobby cards, rules, h1).
    *(word for plugin in all_plugins() for word in plugin.game.name.split()),
    # Super Camelot's characters are people of legend, named alike in every language.
    *(character.name.capitalize() for character in Character),
}
"""Runs of ASCII letters that are data, not words: short and each explained. Seat names
(P1), squares (r12c5), numbers and symbols have fewer than three letters in a run and need
no entry; ruling ids (DI-8, ALL-1) are matched by RULING, and a notation is read from the
page's own `data-action`s."""
RULING = re.compile(r"\b[A-Z]{2,4}-\d+\b")

RUN = re.compile(r"[A-Za-z]{3,}")
MARKED = re.compile(r"⟦[^⟦⟧]*⟧")  # a message shown through the catalogue (innermost)

# Every text the reader may meet: visible text nodes (every <details> opened first), the
# options of every select (but the language menu and links to a rulebook in another
# language, `a[hreflang][lang]`: each language is named in itself), the
# attributes a screen reader or a tooltip reads, SVG titles, and the document's title.
TEXTS = """() => {
  for (const box of document.querySelectorAll('details')) box.open = true;
  const found = [];
  const seen = (node) => node.checkVisibility ? node.checkVisibility() : node.offsetParent !== null;
  const where = (node) => {
    const id = node.closest('[data-testid]');
    return `${node.tagName.toLowerCase()}${id ? ` in ${id.dataset.testid}` : ''}`;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const parent = text.parentElement;
    if (!parent || !text.textContent.trim()) continue;
    const own = 'select.language, a[hreflang][lang]';  // named in their own language
    if (parent.closest(`script, style, noscript, code, ${own}`)) continue;
    const svgTitle = parent.tagName.toLowerCase() === 'title' && parent.closest('svg');
    const shown = svgTitle ? seen(parent.parentElement)
      : parent.tagName === 'OPTION' || seen(parent);
    if (!shown) continue;
    found.push({ text: text.textContent, where: where(parent) });
  }
  for (const node of document.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (node.closest('select.language')) continue;
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = node.getAttribute(name);
      if (value) found.push({ text: value, where: `${where(node)} @${name}` });
    }
  }
  found.push({ text: document.title, where: 'document.title' });
  return {
    found,
    english: [...(globalThis.albionEnglish || [])],
    notation: [...new Set([...document.querySelectorAll('[data-action]')]
      .map((node) => node.getAttribute('data-action')))],
    marked: document.body.innerText.split('⟦').length - 1,
  };
}"""


def unmarked(text: str, notation: list[str]) -> list[str]:
    """The parts of `text` outside ⟦ ⟧ that hold a run of 3+ ASCII letters not allowed."""
    for known in sorted(notation, key=len, reverse=True):
        text = text.replace(known, " ")
    text = RULING.sub(" ", text)
    while MARKED.search(text):  # innermost first: a message's arguments may be messages
        text = MARKED.sub("\0", text)
    # A text node cut from a message around a node of its own (words.js `parts`).
    text = re.sub(r"⟦[^⟧]*$", "", re.sub(r"^[^⟦]*⟧", "", text))
    return [part.strip() for part in text.split("\0")
            if any(run not in ALLOWED for run in RUN.findall(part))]


def untranslated(page: Any) -> list[str]:
    """The texts the page shows outside the catalogue, each where it is; those the server
    sent in English only are marked as such."""
    seen = page.evaluate(TEXTS)
    assert seen["marked"] >= 5, "the pseudo-locale's catalogue did not load"
    english = [text.lower() for text in seen["english"]]
    found: list[str] = []
    for item in seen["found"]:
        for part in unmarked(item["text"], seen["notation"]):
            bare = part.strip(" .,:;—–-()[]·!?\"'“”").lower()
            server = " (the server's English)" if any(bare in text for text in english) else ""
            found.append(f"{item['where']}: {part!r}{server}")
    return sorted(set(found))


def check(page: Any, where: str) -> None:
    """Fail on any text outside the catalogue, the page's own or the server's."""
    found = untranslated(page)
    assert found == [], f"{where}: untranslated in the pseudo-locale: {found}"
    assert_no_js_errors(page)


SHORTER = {"super-camelot": {"max_turns": 100}}
"""Random bots never end a default Super Camelot game before its 400-turn cap (SC-37):
seed 5 took 1,691 decisions (about 110 s of the bots' delay here). At 100 turns it ends by
the same cap after 487, its log saying every kind of message the whole game's does."""


def finished_table(server: LiveServer, game: str) -> str:
    """A bots-only table of `game` played to its end (seeded as test_access's: it ends soon)."""
    shorter = {"variant": SHORTER[game]} if game in SHORTER else {}
    table = str(server.create(game, ["random"] * len(GAMES[game]), seed=5, **shorter)["table"])
    deadline = time.monotonic() + 120
    while httpx.get(f"{server.url}/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish within 120 s"
        time.sleep(0.2)
    return table


def in_pseudo(url: str) -> str:
    """`url` asking for the pseudo-locale (before any #fragment)."""
    address, _, fragment = url.partition("#")
    joined = f"{address}{'&' if '?' in address else '?'}lang=qps"
    return f"{joined}#{fragment}" if fragment else joined


def test_the_unit_check_finds_what_it_should() -> None:
    """The checker itself: own words found, marked words and data let through."""
    assert unmarked("⟦Ŵåîţîñĝ ƒöŕ Ann⟧", []) == []
    assert unmarked("Waiting for P2.", []) == ["Waiting for P2."]
    assert unmarked("DI-8 · draw P2 · ⟦ķéý 1⟧", ["draw P2"]) == []
    assert unmarked("♞ Albion", []) == []
    assert unmarked("ALL-1 · SC-22", []) == []
    assert unmarked("Super Camelot · Gwenivere", []) == []  # names (ALLOWED)
    assert unmarked("⟦Ĥîñţ: ⟧ Hint", []) == ["Hint"]
    assert unmarked("⟦⟦Ţŕéé⟧: a tree blocks its square⟧", []) == []  # nested: the rule's text
    assert unmarked("⟦⟦Ţŕéé⟧: a⟧ tree", []) == ["tree"]


def test_the_lobby_rules_and_reports_read_in_the_pseudo_locale(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    page = new_page(**DESKTOP)
    page.goto(f"{server.url}/?lang=qps")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.get_attribute("html", "lang") == "qps"
    check(page, "lobby")
    page.click("[data-testid=play-friend-diamoniak]")  # the links made, and their words
    page.wait_for_selector("[data-testid=created]:not(.hidden)")
    page.wait_for_selector("[data-testid=tables-waiting] tr")
    check(page, "lobby, a table created")
    page.select_option("[data-testid=game]", "raiding-stonehenge")
    check(page, "lobby, another game's options")
    refused_in_pseudo(page)
    page.goto(f"{server.url}/replay/nosuchtable")  # the server's 404, shown by the page
    shown = page.wait_for_selector("main [role=alert]:not(.hidden)")
    assert "⟦" in shown.inner_text() and "no table" not in shown.inner_text()
    check(page, "the replay of a table that does not exist")
    for address in ("/rules", "/rules/super-camelot#clock", "/reports"):
        page.goto(f"{server.url}{address}")  # the cookie keeps qps
        page.wait_for_selector("body[data-status=ready]")
        check(page, address)


def refused_in_pseudo(page: Any) -> None:
    """A custom table with a clock under the server's least (5 s): the lobby shows the
    server's refusal in the reader's language (its words, issue 29), never its English."""
    page.evaluate("document.querySelector('[data-testid=more-options]').open = true")
    page.fill("[data-testid=clock]", "1")
    with page.expect_response("**/api/tables") as answered:
        page.click("[data-testid=create]")
    refusal = answered.value.json()
    assert refusal["error"] == "bad_clock" and refusal["words"], refusal
    shown = page.wait_for_selector("[data-testid=create-error]:not(.hidden)")
    assert "⟦" in shown.inner_text() and refusal["message"] not in shown.inner_text()
    check(page, "lobby, a table refused")


@pytest.mark.parametrize("game", GAMES)
def test_a_table_reads_in_the_pseudo_locale(server: LiveServer, new_page: Callable[..., Any],
                                            game: str) -> None:
    created = server.create(game, GAMES[game])
    page = new_page(**DESKTOP)
    page.add_init_script(f"localStorage.setItem('albion.name', {NAME!r})")
    page.goto(in_pseudo(created["seats"][0]["url"]))
    page.wait_for_selector("body[data-status=playing]")
    wait_until(page, "document.body.dataset.myTurn === 'yes'", seconds=30)
    page.wait_for_selector("#board [data-action]")
    page.wait_for_selector(f"[data-testid=seat-0]:has-text('{NAME}')")
    check(page, f"{game}: the seat's turn")


@pytest.mark.parametrize("game", GAMES)
def test_the_end_and_the_replay_read_in_the_pseudo_locale(
        server: LiveServer, new_page: Callable[..., Any], game: str) -> None:
    table = finished_table(server, game)
    page = new_page(**DESKTOP)
    page.goto(f"{server.url}/watch/{table}?lang=qps")
    page.wait_for_selector("[data-testid=result]:not(.hidden)")
    check(page, f"{game}: the end, watched")
    page.goto(f"{server.url}/replay/{table}?lang=qps")
    page.wait_for_selector("body[data-status=ready]")
    check(page, f"{game}: the replay's start")
    page.click("[data-testid=last]")
    check(page, f"{game}: the replay's end")


def test_the_language_menu_switches_and_is_remembered(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    page = new_page(**DESKTOP)
    page.goto(server.url)
    page.wait_for_selector("body[data-ready=yes]")
    assert page.get_attribute("html", "lang") == "en"  # no Accept-Language: English
    assert page.input_value("select.language") == "en"
    with page.expect_navigation():
        page.select_option("select.language", "fr")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.get_attribute("html", "lang") == "fr"
    assert page.input_value("select.language") == "fr"
    page.goto(f"{server.url}/rules")  # another page, no ?lang=: the choice is remembered
    page.wait_for_selector("body[data-status=ready]")
    assert page.get_attribute("html", "lang") == "fr"
    assert page.input_value("select.language") == "fr"
    with page.expect_navigation():
        page.select_option("select.language", "de")
    page.wait_for_selector("body[data-status=ready]")
    assert page.get_attribute("html", "lang") == "de"
    page.goto(server.url)
    page.wait_for_selector("body[data-ready=yes]")
    assert page.get_attribute("html", "lang") == "de"
    assert_no_js_errors(page)


def test_a_browser_asking_for_german_gets_a_german_page(server: LiveServer,
                                                        browser: Any) -> None:
    context = browser.new_context(locale="de-DE", viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(server.url)
        page.wait_for_selector("body[data-ready=yes]")
        assert page.get_attribute("html", "lang") == "de"
        assert page.input_value("select.language") == "de"
        # The page loaded the German catalogue for its scripts.
        assert page.evaluate("performance.getEntriesByType('resource')"
                             ".some((entry) => entry.name.endsWith('/i18n/de.json'))")
    finally:
        context.close()
