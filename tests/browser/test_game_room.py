"""Issue 27 (a game room people enjoy), in Chromium: a rematch between people is an offer
every seat sees and accepting it seats everyone at one new table; a wrong or stale seat
link says so plainly and offers to watch (no empty board retrying for ever); the clock is
visible to every seat, warns before it runs out, and the stand-in is obvious and taken
back with one click; a hint belongs to the version it was asked on; while disconnected the
targets are disabled and a click is never lost without a word."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.conftest import (
    PHONE,
    LiveServer,
    assert_no_js_errors,
    screenshot,
    wait_until,
)


def play_until_over(pages: list[Any], moves: int = 300) -> None:
    """Each page, when it is its turn, clicks its last choice (stop, when it may)."""
    for _ in range(moves):
        if all(page.get_attribute("body", "data-status") == "over" for page in pages):
            return
        for page in pages:
            if page.get_attribute("body", "data-my-turn") == "yes":
                version = page.get_attribute("body", "data-version")
                page.locator("[data-testid=legal] button").last.click()
                wait_until(page, f"document.body.dataset.version !== '{version}'")
        time.sleep(0.05)
    raise AssertionError("the game did not end")


def seated(server: LiveServer, new_page: Callable[..., Any], game: str,
           players: list[str], **extra: Any) -> tuple[dict[str, Any], list[Any]]:
    created = server.create(game, players, **extra)
    pages = []
    for seat in created["seats"]:
        page = new_page()
        page.goto(seat["url"])
        page.wait_for_selector(f"[data-testid=seat-{seat['seat']}].me")
        pages.append(page)
    for page in pages:
        page.wait_for_selector("body[data-status=playing]")
    return created, pages


def test_a_rematch_is_an_offer_every_seat_sees_and_accepting_joins_one_table(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    created, pages = seated(server, new_page, "diamoniak", ["human", "human"],
                            variant={"max_turns": 1})
    play_until_over(pages)
    first, second = pages
    first.click("[data-testid=rematch]")
    offer = second.wait_for_selector("[data-testid=rematch-offer]")
    assert "P1 offered a rematch" in offer.inner_text()
    assert second.is_visible("[data-testid=decline-rematch]")
    waiting = first.wait_for_selector("[data-testid=rematch-offer]")
    assert "Waiting for P2" in waiting.inner_text(), "the one who offered waits on the page"
    screenshot(second, "rematch-offer-desktop")
    second.click("[data-testid=rematch]")  # accept
    for page in pages:
        page.wait_for_url(lambda url: created["table"] not in url)
        page.wait_for_selector("body[data-status=playing]")
    assert first.url.split("?")[0] == second.url.split("?")[0], "one table for both"
    for page in pages:
        assert_no_js_errors(page)


def test_a_declined_rematch_is_told_to_the_one_who_offered(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    _, pages = seated(server, new_page, "diamoniak", ["human", "human"],
                      variant={"max_turns": 1})
    play_until_over(pages)
    first, second = pages
    first.click("[data-testid=rematch]")
    second.wait_for_selector("[data-testid=decline-rematch]").click()
    wait_until(first, "document.querySelector('[data-testid=rematch-offer]') && "
                      "document.querySelector('[data-testid=rematch-offer]').textContent"
                      ".includes('P2 said no')")
    assert second.locator("[data-testid=rematch]").count() == 0


def test_a_stale_seat_link_says_it_is_not_valid_and_offers_to_watch(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    created = server.create("raiding-stonehenge", ["human", "human", "random"])
    holder = new_page()
    holder.goto(created["seats"][1]["url"])  # the invitation is claimed here
    holder.wait_for_selector("[data-testid=seat-1].me")
    stranger = new_page()  # another browser with the seat's address, but not its cookie
    sockets: list[str] = []
    stranger.on("websocket", lambda socket: sockets.append(socket.url))
    stranger.goto(f"{server.url}/play/{created['table']}?seat=1")
    problem = stranger.wait_for_selector("[data-testid=error]:not(.hidden)")
    assert "not valid" in problem.inner_text()
    watch = stranger.wait_for_selector("[data-testid=watch-instead]")
    time.sleep(2)
    assert sockets == [], "no connection retried for ever"
    screenshot(stranger, "stale-seat-link-desktop")
    watch.click()
    stranger.wait_for_url(lambda url: "/watch/" in url)
    stranger.wait_for_selector("[data-testid=seat-1]")
    assert stranger.locator(".seat-chip.me").count() == 0
    missing = new_page()
    missing.goto(f"{server.url}/play/NoSuchTable1?seat=0")
    assert "not valid" in missing.wait_for_selector(
        "[data-testid=error]:not(.hidden)").inner_text()
    assert_no_js_errors(stranger)


def test_the_clock_counts_down_for_every_seat_warns_and_the_seat_is_taken_back(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    created = server.create("diamoniak", ["human", "human"], clock={
        "seconds_per_move": 12, "grace_seconds": 60, "bot": "random"})
    pages = []
    for seat in created["seats"]:
        page = new_page()
        page.goto(seat["url"])
        pages.append(page)
    spectator = new_page()
    spectator.goto(f"{server.url}/watch/{created['table']}")
    for page in pages:
        page.wait_for_selector("body[data-status=playing]")
    mover = next(page for page in pages if page.get_attribute("body", "data-my-turn") == "yes")
    own = mover.wait_for_selector("[data-testid=clock]:not(.hidden)")
    assert "left for this turn" in own.inner_text() or "Hurry" in own.inner_text()
    for page in [*pages, spectator]:  # every seat (and a spectator) sees the countdown
        page.wait_for_selector(".seat-chip.to-move [data-testid=chip-clock]")
    first = mover.inner_text(".seat-chip.to-move [data-testid=chip-clock]")
    wait_until(mover, "document.querySelector('.seat-chip.to-move [data-testid=chip-clock]')"
                      f".textContent !== {first!r}", seconds=3)  # it counts down
    wait_until(mover, "document.body.dataset.hurry === 'yes'", seconds=15)
    assert "Hurry" in mover.inner_text("[data-testid=clock]")
    screenshot(mover, "clock-warning-desktop")
    notice = mover.wait_for_selector("[data-testid=stand-in]", timeout=15_000)
    assert "playing for you" in notice.inner_text()
    spectator.wait_for_selector(".seat-chip .away")
    screenshot(mover, "stand-in-desktop")
    mover.click("[data-testid=take-back]")
    mover.wait_for_selector("[data-testid=stand-in]", state="detached")
    wait_until(mover, "[...document.querySelectorAll('[data-testid=log] li')]"
                      ".some((li) => li.textContent.includes('is back'))")
    for page in [*pages, spectator]:
        assert_no_js_errors(page)


def test_a_hint_belongs_to_the_version_it_was_asked_on(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    created = server.create("diamoniak", ["human", "random"], seed=5)
    page = new_page()
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("body[data-my-turn=yes]")
    page.click("[data-testid=hint]")
    wait_until(page, "document.querySelector('[data-testid=hint-answer]')"
                     ".textContent.startsWith('Hint:')", seconds=60)
    version = page.get_attribute("body", "data-version")
    page.locator("[data-testid=legal] button").first.click()
    wait_until(page, f"document.body.dataset.version !== '{version}'")
    assert page.inner_text("[data-testid=hint-answer]") == "", "the hint went with its turn"
    assert page.locator(".hinted").count() == 0
    assert_no_js_errors(page)


@pytest.fixture
def own_server() -> Iterator[LiveServer]:
    with tempfile.TemporaryDirectory() as directory:
        live = LiveServer(Path(directory))
        yield live
        live.stop()


def test_while_disconnected_targets_are_disabled_and_a_click_is_never_lost_silently(
        own_server: LiveServer, new_page: Callable[..., Any]) -> None:
    created = own_server.create("diamoniak", ["human", "random"], seed=5)
    page = new_page()
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("body[data-my-turn=yes]")
    own_server.stop()
    page.wait_for_selector("[data-testid=offline]:not(.hidden)")
    assert "Disconnected" in page.inner_text("[data-testid=offline]")
    assert page.locator("[data-testid=legal] button:not([disabled])").count() == 0
    assert page.evaluate("getComputedStyle(document.querySelector('#board [data-action]'))"
                         ".pointerEvents") == "none"
    page.keyboard.press("1")  # a key still reaches submit: it says it was not sent
    problem = page.wait_for_selector("[data-testid=error]:not(.hidden)")
    assert "Not sent" in problem.inner_text()
    screenshot(page, "disconnected-desktop")


def test_the_rules_page_says_the_clock_is_per_turn(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.goto(f"{server.url}/rules/diamoniak#clock")
    section = page.wait_for_selector("[data-testid=rules-clock]")
    assert "per turn, not per decision" in section.inner_text()
    assert "Take my seat back" in section.inner_text()


def test_one_click_in_the_lobby_plays_each_game_against_bots(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    for game in ("diamoniak", "raiding-stonehenge", "super-camelot"):
        page = new_page()
        page.goto(server.url)
        page.wait_for_selector("body[data-ready=yes]")
        page.click(f"[data-testid=play-bots-{game}]")
        page.wait_for_selector("[data-testid=seat-0].me")
        page.wait_for_selector("body[data-status=playing]")
        assert "#invite" not in page.url and "/play/" in page.url
        assert_no_js_errors(page)


def test_a_friend_table_takes_two_clicks_and_gives_the_friends_link(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.goto(server.url)
    page.wait_for_selector("body[data-ready=yes]")
    page.click("[data-testid=play-friend-diamoniak]")
    friend_link = page.input_value("[data-testid=seat-link-1]")
    assert "#invite=" in friend_link
    friend = new_page()
    friend.goto(friend_link)
    friend.wait_for_selector("[data-testid=seat-1].me")
    page.click("[data-testid=created] a.button >> nth=0")  # take my own seat
    page.wait_for_selector("[data-testid=seat-0].me")
    page.wait_for_selector("body[data-status=playing]")


def test_the_lobby_lists_names_status_winners_and_ages_and_pages_the_finished(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    for seed in range(11):
        server.create("diamoniak", ["random", "random"], seed=seed, variant={"max_turns": 2})
    public = server.create("raiding-stonehenge", ["human", "human", "random"], public=True)
    page = new_page()
    page.goto(server.url)
    page.wait_for_selector("body[data-ready=yes]")
    row = page.wait_for_selector(f"[data-testid=tables-waiting] tr[data-table='{public['table']}']")
    assert "waiting for 2 players" in row.inner_text() and "free seat" in row.inner_text()
    assert "just now" in row.inner_text()
    wait_until(page, "document.querySelectorAll('[data-testid=tables-over] tbody tr')"
                     ".length === 10", seconds=30)
    finished = page.inner_text("[data-testid=tables-over]")
    assert "finished" in finished and "v" not in finished.split("Status")[0]
    assert "Started" in finished
    first_page = page.inner_text("[data-testid=tables-over] tbody")
    page.click("[data-testid=older]")
    wait_until(page, "document.querySelector('[data-testid=tables-over] tbody').innerText"
                     f" !== {first_page!r}")
    page.click("[data-testid=newer]")
    page.click(f"[data-testid=sit-{public['table']}-1]")  # join a free seat from the lobby
    page.wait_for_selector("[data-testid=seat-1].me")
    screenshot(page, "lobby-joined-public-seat")
    assert_no_js_errors(page)


def test_the_table_chat_shows_lines_as_text_to_every_seat(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    created, pages = seated(server, new_page, "raiding-stonehenge", ["human", "human", "random"])
    first, second = pages
    first.fill("[data-testid=chat-input]", "<img src=x onerror=alert(1)> good luck")
    first.press("[data-testid=chat-input]", "Enter")
    line = second.wait_for_selector("[data-testid=chat-lines] li")
    assert line.inner_text() == "P1: <img src=x onerror=alert(1)> good luck"
    assert second.locator("[data-testid=chat-lines] img").count() == 0, "text, never markup"
    spectator = new_page()
    spectator.goto(f"{server.url}/watch/{created['table']}")
    spectator.wait_for_selector("[data-testid=chat-lines] li")
    assert spectator.is_disabled("[data-testid=chat-input]")
    second.check("[data-testid=chat-spectators]")
    wait_until(spectator, "!document.querySelector('[data-testid=chat-input]').disabled")
    screenshot(second, "chat-desktop")
    for page in [*pages, spectator]:
        assert_no_js_errors(page)


@pytest.mark.parametrize(("game", "players"), [("diamoniak", ["human", "heuristic"]),
                                          ("raiding-stonehenge", ["human", "heuristic",
                                                                  "heuristic"]),
                                          ("super-camelot", ["human", "heuristic"])])
def test_on_a_phone_your_choices_come_before_the_board(
        server: LiveServer, new_page: Callable[..., Any], game: str,
        players: list[str]) -> None:
    created = server.create(game, players)
    page = new_page(**PHONE)
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("body[data-my-turn=yes]")
    choice = page.locator("[data-testid=legal] button").first.bounding_box()
    board = page.locator("#board").bounding_box()
    assert choice is not None and board is not None
    assert choice["y"] + choice["height"] <= PHONE["height"], "the choices are on the first screen"
    assert choice["y"] < board["y"], "the choices come before the board"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, f"phone-{game}")


def test_on_a_phone_the_replay_controls_stay_on_screen(
        server: LiveServer, new_page: Callable[..., Any]) -> None:
    created = server.create("diamoniak", ["random", "random"], seed=3, variant={"max_turns": 4})
    table = created["table"]
    deadline = time.monotonic() + 60
    while httpx.get(f"{server.url}/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    page = new_page(**PHONE)
    page.goto(f"{server.url}/replay/{table}")
    page.wait_for_selector("body[data-status=ready]")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")
    box = page.locator(".replay-controls").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 1
