"""The text mode for screen readers (issue 29, Access; lichess's blind mode is the anchor): a
whole game of each title against quick bots, played through the accessibility tree only —
the text mode's checkbox, its region, its numbered list of choices and its live log found
by role, name and text, each choice taken with the keyboard (its button focused and Enter,
or its number typed: two digits from the tenth on), never a click on the drawn board nor a
CSS selector of it. Screenshots of the text mode at 1280 and 375 px."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from albion.i18n import translator
from tests.browser.conftest import PHONE, LiveServer, assert_no_js_errors, screenshot

TURN = "Your turn."
OVER = re.compile(r"^The game is over\.")
CHOICES = re.compile(r"^Your (choice|\d+ choices)")
NUMBERED = re.compile(r"^(\d+)\. (.*)$")


def text_mode(page: Any) -> Any:
    """Switch the text mode on; its region."""
    page.get_by_role("checkbox", name="Text mode").check()
    region = page.get_by_role("region", name="The game as text")
    expect(region).to_be_visible()
    return region


def numbered(region: Any) -> list[tuple[int, str]]:
    """The choices as the list reads them: (number, words)."""
    texts = region.get_by_role("list", name=CHOICES).get_by_role("button").all_inner_texts()
    found = [NUMBERED.match(text) for text in texts]
    assert all(found), texts
    return [(int(match.group(1)), match.group(2)) for match in found if match]


def take(page: Any, region: Any, number: int, by_typing: bool) -> None:
    """Take choice `number` with the keyboard, and wait until the page has read the next
    update (the list it was in is gone)."""
    buttons = region.get_by_role("list", name=CHOICES).get_by_role("button")
    old = buttons.first.element_handle()
    if by_typing:
        page.keyboard.type(str(number))  # 12: "1" then "2", within the typing pause
    else:
        buttons.nth(number - 1).focus()
        page.keyboard.press("Enter")
    old.wait_for_element_state("hidden", timeout=30_000)


def play(page: Any, choose: Callable[[list[tuple[int, str]]], int], cap: int) -> list[int]:
    """Play the seat's turns to the end of the game: `choose` picks a number from the
    numbered choices. The numbers taken, in order."""
    region = text_mode(page)
    turn = region.get_by_text(TURN, exact=True)
    over = region.get_by_text(OVER)
    taken: list[int] = []
    while True:
        expect(turn.or_(over)).to_be_visible(timeout=60_000)
        if over.is_visible():
            return taken
        # the turn's line and its choices come from one update: wait for the list drawn
        expect(region.get_by_role("list", name=CHOICES).get_by_role("button").first
               ).to_be_visible(timeout=30_000)
        choices = numbered(region)
        if not choices:  # read while the next update redrew the list: read it again
            continue
        assert [number for number, _ in choices] == list(range(1, len(choices) + 1))
        number = choose(choices)
        take(page, region, number, by_typing=len(taken) % 2 == 1 or number >= 10)
        taken.append(number)
        assert len(taken) < cap, "the game did not end"


def check_the_end(page: Any, region: Any) -> None:
    """At the end: the result in words, announced too, and no choice left."""
    expect(region.get_by_text(OVER)).to_be_visible()
    log = region.get_by_role("log", name="Announcements")
    expect(log.get_by_text(re.compile(r"^Game over: "))).to_be_visible()
    expect(region.get_by_role("list", name=CHOICES)).to_have_count(0)


def test_a_whole_diamoniak_game_is_played_in_the_text_mode(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    created = server.create("diamoniak", ["human", "random"], seed=21,
                            variant={"max_turns": 16})  # DI-10: a draw after 16 turns at most
    page = new_page()
    page.goto(created["seats"][0]["url"])
    rng = random.Random(1)
    region = text_mode(page)
    expect(region.get_by_text("You are P1.")).to_be_visible()
    expect(region.get_by_role("heading", name="What you hold")).to_be_visible()
    taken = play(page, lambda choices: rng.choice(choices)[0], cap=200)
    assert taken
    check_the_end(page, region)
    assert_no_js_errors(page)


def test_a_whole_raiding_stonehenge_game_is_played_in_the_text_mode(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    created = server.create("raiding-stonehenge", ["human", "random", "random"], seed=22)
    page = new_page()
    page.goto(created["seats"][0]["url"])
    rng = random.Random(2)
    region = text_mode(page)
    # What the seat holds is read out: its hand of numbered, coloured cards (RS-1).
    hand = region.get_by_role("listitem").filter(has_text=re.compile(r"^Your hand: \d+ \w+"))
    expect(hand).to_have_count(1)
    taken = play(page, lambda choices: rng.choice(choices)[0], cap=200)
    assert len(taken) >= 6  # a pick, a play and a placement a round, rounds on end
    check_the_end(page, region)
    assert_no_js_errors(page)


def test_a_whole_super_camelot_game_is_played_in_the_text_mode_past_the_ninth_choice(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    created = server.create("super-camelot", ["human", "random"], seed=23,
                            variant={"max_turns": 30})  # SC-37: thirty seat turns at most
    page = new_page()
    page.goto(created["seats"][0]["url"])
    rng = random.Random(3)
    acted = 0
    taken_here: list[int] = []

    def choose(choices: list[tuple[int, str]]) -> int:
        """Walk the map a few steps a turn, then end the turn (SC-33); a tenth or later
        choice (often "End your turn") is taken as soon as there is one, its two digits
        typed; from then on every turn is ended at once until SC-37's cap ends the game."""
        nonlocal acted
        ending = [number for number, words in choices if words == "End your turn"]
        later = [number for number, _ in choices if number >= 10]  # often "End your turn"
        if later and not any(number >= 10 for number in taken_here):
            taken_here.append(later[0])
            return later[0]
        if ending and (acted >= 6 or any(number >= 10 for number in taken_here)):
            acted = 0
            return ending[0]
        acted += 1
        others = [number for number, _ in choices if number not in ending] or ending
        steps = [number for number, words in choices if words.startswith("Step to")]
        return rng.choice(steps or others)

    taken = play(page, choose, cap=300)
    assert max(taken) >= 10, taken  # the tenth and later choices have a key too
    check_the_end(page, text_mode(page))
    assert_no_js_errors(page)


def test_the_text_mode_is_remembered_and_announces_the_news(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    created = server.create("raiding-stonehenge", ["human", "random", "random"], seed=24)
    page = new_page()
    page.goto(created["seats"][0]["url"])
    region = text_mode(page)
    expect(region.get_by_text(TURN, exact=True)).to_be_visible()
    screenshot(page, "text-mode-desktop")
    region.get_by_role("list", name=CHOICES).get_by_role("button").first.focus()
    page.keyboard.press("Enter")
    log = region.get_by_role("log", name="Announcements")
    expect(log.get_by_text(re.compile(r"^P1 "))).not_to_have_count(0)  # its own move, said
    page.reload()
    expect(page.get_by_role("checkbox", name="Text mode")).to_be_checked()
    expect(page.get_by_role("region", name="The game as text")).to_be_visible()
    phone = new_page(**PHONE)
    phone.goto(f"{server.url}/watch/{created['table']}")
    text_mode(phone)
    expect(phone.get_by_role("region", name="The game as text")
           .get_by_role("heading", name="The players")).to_be_visible()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the text mode is {width} px wide on a 375 px phone"
    screenshot(phone, "text-mode-phone")
    assert_no_js_errors(page)
    assert_no_js_errors(phone)


PLAYERS = {"diamoniak": ["human", "random"],
           "raiding-stonehenge": ["human", "random", "random"],
           "super-camelot": ["human", "random"]}
FRENCH_TOO = {"active", "figures", "message", "phase", "pile", "piles", "question", "queue",
              "score", "total"}
"""Field names of the board models that are French words as well ("la pile", "ton score")."""


def field_names(value: Any) -> set[str]:
    """Every key of a board model, at any depth, as the old reading said it ("draw pile")."""
    if isinstance(value, dict):
        return {key.replace("_", " ") for key in value} | {
            name for inner in value.values() for name in field_names(inner)}
    if isinstance(value, list):
        return {name for inner in value for name in field_names(inner)}
    return set()


@pytest.mark.parametrize("game", PLAYERS)
def test_the_text_mode_reads_a_french_seat_in_french(
        server: LiveServer, new_page: Callable[..., Any], game: str) -> None:
    """Issue 29: a French seat's text mode says the position in French — the turn, what it
    holds and may do, the board and the others through the board's describe() — and names
    none of the board model's fields in English ("draw pile", "hand size", "tile stack"),
    after one choice taken with the keyboard."""
    said = translator("fr")
    one = said.plural("Your choice (key 1)", "Your {count} choices (type a number)", 1)
    many = said.plural("Your choice (key 1)", "Your {count} choices (type a number)", 2)
    choices_named = re.compile(f"^({re.escape(one)}|{re.escape(many).replace('2', r'[0-9]+')})$")
    over = said.text("The game is over. {result}", result="").strip()
    created = server.create(game, PLAYERS[game], seed=25)
    page = new_page(**PHONE)
    frames: list[str] = []

    def received(frame: str | bytes) -> None:
        if isinstance(frame, str):
            frames.append(frame)

    page.on("websocket", lambda socket: socket.on("framereceived", received))
    page.goto(f"{server.url}/?lang=fr")
    page.wait_for_selector("html[lang=fr]")
    page.goto(created["seats"][0]["url"])
    page.get_by_role("checkbox", name=said.text("Text mode")).check()
    region = page.get_by_role("region", name=said.text("The game as text"))
    turn = region.get_by_text(said.text("Your turn."), exact=True)
    expect(turn).to_be_visible(timeout=30_000)
    choices = region.get_by_role("list", name=choices_named).get_by_role("button")
    old = choices.first.element_handle()
    choices.first.focus()
    page.keyboard.press("Enter")
    old.wait_for_element_state("hidden", timeout=30_000)
    expect(turn.or_(region.get_by_text(over))).to_be_visible(timeout=30_000)
    text = region.inner_text()
    for heading in ("What you hold", "What just happened", "The board"):
        expect(region.get_by_role("heading", name=said.text(heading))).to_be_visible()
    assert said.text("You are {name}.", name="P1") in text
    assert region.get_by_test_id("tm-hold").get_by_role("listitem").count() >= 2, text
    assert region.get_by_test_id("tm-board").get_by_role("listitem").count() >= 2, text
    updates = [json.loads(frame) for frame in frames]
    boards = [update["view"]["board"] for update in updates if update.get("type") == "update"]
    assert boards, "no update was seen on the socket"
    names = set().union(*(field_names(board) for board in boards)) - FRENCH_TOO
    english = sorted(name for name in names
                     if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE))
    assert english == [], f"English field names in the French text mode: {english}\n{text}"
    screenshot(page, f"text-mode-french-{game}-phone")
    assert_no_js_errors(page)
