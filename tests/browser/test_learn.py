"""The Learn page (issue 32): each game's tutorial played in a real Chromium on the real
table, through the server's tutorial engine. A scripted newcomer completes each tutorial
with the keyboard only — a choice's number, then Enter on "Next step" — within the
issue's five minutes, and again through the accessibility tree only (the text mode's
region, its numbered choices and the step's buttons found by role and name, as
test_text_mode.py does); a wrong move is refused with the ruling's id shown and the step
stays; one run reads in French. Screenshots of every step at 1280 and 375 px
(ALBION_SCREENSHOTS)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from albion.core.plugin import load_tutorial
from albion.core.registry import get_game, get_plugin
from albion.i18n import translator
from albion.table.tutorial import Lesson
from tests.browser.conftest import PHONE, LiveServer, assert_no_js_errors, screenshot, wait_until

GAMES = ("diamoniak", "raiding-stonehenge", "super-camelot")
FIVE_MINUTES = 300.0
CHOICES = re.compile(r"^Your (choice|\d+ choices)")


def expected_numbers(game_id: str) -> list[int]:
    """Per step, the number (1-based, in the step's legal list) of a move it expects:
    what the scripted newcomer types, from the tutorial engine itself."""
    game = get_game(game_id)
    tutorial = load_tutorial(get_plugin(game_id))
    assert tutorial is not None
    lesson = Lesson(game, tutorial)
    numbers = []
    while not lesson.is_done:
        number = lesson.expected()[0]
        numbers.append(number)
        lesson.try_move(lesson.table.legal(lesson.seat)[number - 1])
    return numbers


def step_shown(page: Any, number: int) -> None:
    wait_until(page, f"document.body.dataset.step === '{number}' && "
               "document.body.dataset.status === 'step'")


def type_number(page: Any, number: int) -> None:
    """A choice's number as the table page takes it: 12 is "1" then "2"."""
    page.keyboard.type(str(number))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_newcomer_completes_each_tutorial_with_the_keyboard_in_five_minutes(
        server: LiveServer, new_page: Callable[..., Any], game_id: str) -> None:
    numbers = expected_numbers(game_id)
    for width, size in (("1280", {}), ("375", PHONE)):
        page = new_page(**size)
        started = time.monotonic()
        page.goto(f"{server.url}/learn/{game_id}")
        for index, number in enumerate(numbers, 1):
            step_shown(page, index)
            title = page.get_by_test_id("learn-step-title")
            expect(title).to_be_focused()  # the step's words are read first
            assert page.locator(".board .learn-point").count() >= 1  # the place to look at
            screenshot(page, f"learn-{game_id}-{width}-step{index}")
            type_number(page, number)
            following = page.get_by_test_id("learn-next")
            expect(following).to_be_focused()
            screenshot(page, f"learn-{game_id}-{width}-step{index}-done")
            page.keyboard.press("Enter")
        complete = page.get_by_test_id("learn-complete")
        expect(complete).to_be_focused()
        elapsed = time.monotonic() - started
        assert elapsed <= FIVE_MINUTES, f"{game_id}: {elapsed:.0f} s"
        screenshot(page, f"learn-{game_id}-{width}-complete")
        assert_no_js_errors(page)
        print(f"{game_id} at {width} px: {len(numbers)} steps in {elapsed:.1f} s")


def text_region(page: Any) -> Any:
    page.get_by_role("checkbox", name="Text mode").check()
    region = page.get_by_role("region", name="The game as text")
    expect(region).to_be_visible()
    return region


@pytest.mark.parametrize("game_id", GAMES)
def test_a_newcomer_completes_each_tutorial_through_the_accessibility_tree(
        server: LiveServer, new_page: Callable[..., Any], game_id: str) -> None:
    """Only roles, names and texts: the step's heading, the text mode's numbered choices
    (focused, Enter), the announcements, the "Next step" and "Finish" buttons."""
    numbers = expected_numbers(game_id)
    page = new_page()
    started = time.monotonic()
    page.goto(f"{server.url}/learn/{game_id}")
    region = text_region(page)  # switched on: the reading starts again at the step
    expect(page.get_by_role("heading", name=re.compile("^Step 1 of "))).to_be_focused()
    page.reload()  # remembered: a screen reader's user arrives with the text mode on
    region = page.get_by_role("region", name="The game as text")
    for index, number in enumerate(numbers, 1):
        heading = page.get_by_role("heading",
                                   name=re.compile(rf"^Step {index} of {len(numbers)}: "))
        expect(heading).to_be_focused()  # from step 1: the step's words are read first
        choices = region.get_by_role("list", name=CHOICES).get_by_role("button")
        expect(choices.first).to_be_visible()
        choice = choices.nth(number - 1)
        expect(choice).to_have_text(re.compile(rf"^{number}\. "))
        choice.focus()
        page.keyboard.press("Enter")
        expect(page.get_by_role("heading", name="✓ Well done.")).to_be_visible()
        last = index == len(numbers)
        expect(region.get_by_text("This was the last step: “Finish” ends the tutorial." if last
                                  else "This step is done: go on with “Next step”.")
               ).to_be_visible()
        following = page.get_by_role("button", name="Finish" if last else "Next step")
        expect(following).to_be_focused()
        page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name=re.compile("^Tutorial complete: you know how to play"))
           ).to_be_focused()
    expect(page.get_by_role("link", name="Play a game against bots")).to_be_visible()
    elapsed = time.monotonic() - started
    assert elapsed <= FIVE_MINUTES, f"{game_id}: {elapsed:.0f} s"
    screenshot(page, f"learn-{game_id}-text-mode-complete")
    assert_no_js_errors(page)


def test_a_wrong_move_is_refused_with_its_ruling_and_the_step_stays(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    """Diamoniak's last step asks for the buy that wins (DI-7, DI-10): drawing is legal
    but refused, naming the rulings the step teaches, with the hint; the step stays and
    the right move then completes it."""
    page = new_page()
    page.goto(f"{server.url}/learn/diamoniak?step=6")
    step_shown(page, 6)
    choices = page.get_by_role("group", name="Your choices")
    draw = choices.get_by_role("button", name=re.compile("^Draw a card"))
    draw.focus()
    page.keyboard.press("Enter")
    refusal = page.get_by_role("alert")
    expect(refusal).to_contain_text("that move is allowed, but this step teaches something else")
    expect(refusal.get_by_role("link", name="Buy (DI-7)")).to_have_attribute(
        "href", "/rules/diamoniak#DI-7")
    expect(refusal.get_by_role("link", name="Win (DI-10)")).to_be_visible()
    expect(refusal).to_contain_text("Hint: Buy the red card from P2 instead of drawing.")
    assert page.evaluate("document.body.dataset.step") == "6"
    expect(page.get_by_test_id("learn-step-title")).to_contain_text("Step 6 of 6")
    screenshot(page, "learn-diamoniak-1280-refused")
    numbers = expected_numbers("diamoniak")
    type_number(page, numbers[5])
    expect(page.get_by_test_id("learn-after")).to_have_text(
        "Six red cards: your castle is complete and you win.")
    expect(refusal).to_be_hidden()
    assert_no_js_errors(page)


def test_di8_a_forbidden_place_clicked_on_the_board_says_why_not_and_the_step_stays(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    """The Learn page lists only legal moves; a move the rules forbid is tried on the board:
    at the witch of step 4, the learner's own castle clicked (giving a card) is refused by
    DI-8 — the fairy is decided first — by the same check that builds the legal actions,
    with the ruling linked and the step's hint; the step stays and its move still plays."""
    for width, size in (("1280", {}), ("375", PHONE)):
        page = new_page(**size)
        page.goto(f"{server.url}/learn/diamoniak?step=4")
        step_shown(page, 4)
        spot = page.locator('.board [data-place*="\\"area\\":\\"castle\\""]'
                            '[data-place*="\\"seat\\":0"]').first
        spot.scroll_into_view_if_needed()
        spot.click()
        wait_until(page, "document.body.dataset.status === 'why-not'")
        refusal = page.get_by_test_id("learn-refusal")
        reason = refusal.get_by_test_id("learn-why-not-reason")
        expect(reason).to_have_attribute("data-ruling", "DI-8")
        expect(reason).to_contain_text(
            "Not now: a witch came: first decide whether to use your fairy")
        expect(refusal.get_by_role("link", name="DI-8")).to_have_attribute(
            "href", "/rules/diamoniak#DI-8")
        expect(refusal.get_by_test_id("learn-refusal-hint")).to_have_text(
            "Hint: Use your fairy: otherwise the witch takes three of your cards.")
        assert page.evaluate("document.body.dataset.step") == "4"
        screenshot(page, f"learn-diamoniak-{width}-why-not")
        type_number(page, expected_numbers("diamoniak")[3])  # the step stayed
        expect(page.get_by_test_id("learn-after")).to_have_count(0)
        expect(page.get_by_test_id("learn-next")).to_be_focused()
        assert_no_js_errors(page)


def test_rs8_a_pile_clicked_before_the_play_says_why_not(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.goto(f"{server.url}/learn/raiding-stonehenge")
    step_shown(page, 1)
    page.locator('.board [data-place*="\\"area\\":\\"pile\\""]').first.click()
    wait_until(page, "document.body.dataset.status === 'why-not'")
    reason = page.get_by_test_id("learn-why-not-reason")
    expect(reason).to_have_attribute("data-ruling", "RS-8")
    expect(page.get_by_test_id("learn-refusal-hint")).to_have_text(
        "Hint: Take line 4: its bottom card is the 29.")
    screenshot(page, "learn-raiding-stonehenge-1280-why-not")
    assert page.evaluate("document.body.dataset.step") == "1"
    assert_no_js_errors(page)


def test_a_french_newcomer_reads_the_tutorial_in_french(
        server: LiveServer, browser: Any) -> None:
    """Asked for French (Accept-Language), the page, the step's words, a refusal and the
    end read in French, from the same catalogue as `albion --lang fr learn`."""
    french = translator("fr").text
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(f"{server.url}/learn/diamoniak")
        step_shown(page, 1)
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.get_by_role("heading", level=1)).to_have_text(
            french("Your first game of Diamoniak"))
        expect(page.get_by_test_id("learn-text")).to_have_text(french(
            "A turn is a draw or a buy, never both, and you cannot buy without a castle: so "
            "draw. Your first castle card starts your castle, and its colour is yours for "
            "the game."))
        expect(page.get_by_test_id("learn-look")).to_contain_text(french("the draw pile"))
        page.keyboard.press("h")
        expect(page.get_by_test_id("learn-hint")).to_contain_text(
            french("Draw from the pile: it is your only move now."))
        page.keyboard.press("1")
        expect(page.get_by_test_id("learn-after")).to_have_text(
            french("That card started your castle: the colour is yours."))
        expect(page.get_by_test_id("learn-next")).to_have_text(french("Next step"))
        screenshot(page, "learn-diamoniak-1280-fr-step1-done")
        page.keyboard.press("Enter")
        step_shown(page, 2)
        expect(page.get_by_test_id("learn-step-title")).to_contain_text(french("Draw again"))
    finally:
        context.close()


def test_the_lobby_and_the_rules_page_lead_to_each_tutorial(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    phone = new_page(**PHONE)
    phone.goto(server.url)
    expect(phone.get_by_test_id("learn-diamoniak")).to_be_visible()
    screenshot(phone, "learn-lobby-375")
    page = new_page()
    page.goto(server.url)
    for game_id in GAMES:
        link = page.get_by_test_id(f"learn-{game_id}")
        expect(link).to_have_attribute("href", f"/learn/{game_id}")
    screenshot(page, "learn-lobby-1280")
    page.get_by_test_id("learn-raiding-stonehenge").click()
    step_shown(page, 1)
    page.goto(f"{server.url}/rules/super-camelot")
    expect(page.get_by_test_id("learn-super-camelot")).to_be_visible()
    screenshot(page, "learn-rules-1280")
    page.get_by_test_id("learn-super-camelot").click()
    step_shown(page, 1)
    expect(page.get_by_role("heading", level=1)).to_have_text("Your first game of Super Camelot")
    assert_no_js_errors(page)


def test_a_game_without_a_tutorial_is_said_plainly(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.goto(f"{server.url}/learn/chess")
    wait_until(page, "document.body.dataset.status === 'missing'")
    expect(page.get_by_role("alert")).to_contain_text("unknown game 'chess'")
