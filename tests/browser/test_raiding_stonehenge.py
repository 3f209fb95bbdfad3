"""Raiding Stonehenge in a real browser: two people, each in a browser context of their own
(one at desktop width, one at phone width), play a whole game against each other and a
random bot by clicking the board. Every WebSocket frame each page receives and each page's
board are checked against RS-6 / RS-18: the other person's hand and their face-down play
never reach the page before the reveal (the record, served once the game is over, says
what they really held)."""

from __future__ import annotations

import json
import random
import re
import time
from collections import Counter
from typing import Any

import httpx

from tests.browser.conftest import DESKTOP, PHONE, assert_no_js_errors, screenshot

GAME = "raiding-stonehenge"
PLAYERS = ["human", "human", "random"]
SEATS = len(PLAYERS)
PEOPLE = (0, 1)
GAME_TIMEOUT = 240.0  # seconds; a 3-seat game is about 15 rounds of ~7 updates at 0.55 s


def record_frames(page: Any) -> list[str]:
    """Every text frame the page's WebSockets receive, in order."""
    frames: list[str] = []

    def on_socket(socket: Any) -> None:
        socket.on("framereceived", lambda payload: frames.append(
            payload if isinstance(payload, str) else payload.decode()))

    page.on("websocket", on_socket)
    return frames


def updates_of(frames: list[str]) -> list[dict[str, Any]]:
    parsed = (json.loads(raw) for raw in frames)
    return [message for message in parsed if message.get("type") == "update"]


def body(page: Any, key: str) -> str:
    return str(page.evaluate(f"document.body.dataset.{key} || ''"))


def public_cards(view: dict[str, Any], seat: int) -> Counter[int]:
    """The cards of `seat` its view lets anyone else see: those seen taken from a line
    (RS-18), its revealed and last-played cards, and every hand once the game is over."""
    player = view["board"]["players"][seat]
    cards = [card["number"] for card in player["taken"]]
    for key in ("played", "last_played"):
        if player[key] is not None:
            cards.append(player[key]["number"])
    if view["status"] == "over" and player["hand"] is not None:
        cards += [card["number"] for card in player["hand"]]
    return Counter(cards)


def check_frames(frames: list[str], viewer: int) -> None:
    """Nothing in what `viewer` was sent identifies another seat's hand or unrevealed play:
    another seat's `hand` is null until the end, its `played` is null during the play phase,
    its `taken` holds only cards everyone saw it take, and its plays and dealt cards are
    worded without numbers (RS-6, RS-18, RS-20)."""
    others = [seat for seat in range(SEATS) if seat != viewer]
    seen_taken: dict[int, Counter[int]] = {seat: Counter() for seat in others}
    for raw in frames:
        for other in others:
            name = f"P{other + 1}"
            assert not re.search(rf"deal \d+ to {name}\b", raw), (viewer, raw)
            assert not re.search(rf"\b{name} play \d", raw), (viewer, raw)
        message = json.loads(raw)
        if message.get("type") != "update":
            continue
        for event in message["events"]:
            if event["type"] != "action" or event["seat"] == viewer:
                continue
            take = re.fullmatch(r"take (\d+) from line [1-5]", event["action"])
            if take:
                seen_taken[event["seat"]][int(take.group(1))] += 1
            if event["action"].startswith("play"):
                assert event["action"] == "play a card face down", event
        view = message["view"]
        assert view["viewer"] == viewer
        board = view["board"]
        for player in board["players"]:
            seat = player["seat"]
            if seat == viewer:
                continue
            if view["status"] != "over":
                assert player["hand"] is None, (viewer, player)
            if board["phase"] == "play":
                assert player["played"] is None, (viewer, player)
            assert Counter(card["number"] for card in player["taken"]) <= seen_taken[seat], \
                (viewer, player, seen_taken[seat])


def check_board(page: Any, frames: list[str], viewer: int) -> None:
    """Every card the page draws for another seat is one of its public cards in the view
    the page is showing (so no hand card, and no face-down play, is ever drawn face up)."""
    # One evaluation reads the drawn version and the cards together (the page redraws often).
    drawn = page.evaluate(
        """(seats) => ({
             version: Number(document.body.dataset.version || -1),
             players: seats.map((seat) => Array.from(document.querySelectorAll(
               `#board [data-testid=player-${seat}] [data-card]`))
               .map((n) => Number(n.dataset.card))),
             hand: Array.from(document.querySelectorAll('#board [data-testid=hand] [data-card]'))
               .map((n) => Number(n.dataset.card)),
           })""",
        list(range(SEATS)))
    views = {update["version"]: update["view"] for update in updates_of(frames)}
    if drawn["version"] not in views:
        return  # before the page's first drawing
    view = views[drawn["version"]]
    shown = drawn["players"]
    for seat in range(SEATS):
        if seat == viewer:
            continue
        assert Counter(shown[seat]) <= public_cards(view, seat), (viewer, seat, shown[seat], view)
    # The hand region holds the viewer's own hand only.
    mine = view["board"]["players"][viewer]["hand"]
    if mine is not None and view["status"] != "over":
        assert sorted(drawn["hand"]) == sorted(card["number"] for card in mine)


def commits_of(frames: list[str], viewer: int) -> list[int]:
    """The cards `viewer` committed, round by round, as its own events word them (RS-6)."""
    return [int(event["action"].split()[1]) for update in updates_of(frames)
            for event in update["events"]
            if event["type"] == "action" and event["seat"] == viewer
            and re.fullmatch(r"play \d+", event["action"])]


def reveals_of(frames: list[str]) -> list[list[int]]:
    return [event["plays"] for update in updates_of(frames) for event in update["events"]
            if event["type"] == "reveal"]


def test_two_people_play_raiding_stonehenge_and_never_see_each_others_secrets(
        server: Any, new_page: Any) -> None:
    created = server.create(GAME, PLAYERS, seed=11)
    links = {link["seat"]: link for link in created["seats"]}
    assert sorted(links) == list(PEOPLE)
    sizes = {0: DESKTOP, 1: PHONE}
    pages: dict[int, Any] = {}
    frames: dict[int, list[str]] = {}
    for seat in PEOPLE:
        pages[seat] = new_page(**sizes[seat])
        frames[seat] = record_frames(pages[seat])
        pages[seat].goto(links[seat]["url"])
    # Selectors, not wait_for_function: the page's CSP forbids the eval it would need. The
    # seat opened last sees the table playing; the first may still read `waiting` until the
    # next update (opening a seat sends no update to the others).
    pages[PEOPLE[-1]].wait_for_selector("body[data-status=playing]", state="attached")

    rng = random.Random(11)
    shot = {0: "raiding-stonehenge-desktop", 1: "raiding-stonehenge-phone"}
    clicks: Counter[str] = Counter()
    deadline = time.monotonic() + GAME_TIMEOUT
    while not all(body(pages[seat], "status") == "over" for seat in PEOPLE):
        assert time.monotonic() < deadline, "the game did not end in time"
        moved = False
        for seat in PEOPLE:
            page = pages[seat]
            if body(page, "myTurn") != "yes" or body(page, "status") == "over":
                continue
            version = body(page, "version")
            actions = "(ns) => ns.map((n) => n.dataset.action)"
            legal = page.eval_on_selector_all("[data-testid=legal] button[data-action]", actions)
            targets = page.eval_on_selector_all("#board [data-action]", actions)
            if body(page, "version") != version:
                continue  # redrawn meanwhile
            # The board offers exactly the legal texts: none it may not, and (in this game)
            # every one of them as a target where it happens.
            assert set(targets) == set(legal), (targets, legal)
            if seat in shot and any(text.startswith("play ") for text in legal) \
                    and clicks["play"] >= 2:
                page.wait_for_timeout(1200)  # let the "just happened" steps settle
                screenshot(page, shot.pop(seat))
                # Readable at its width: nothing sticks out sideways.
                assert page.evaluate("document.documentElement.scrollWidth") <= sizes[seat]["width"]
            text = rng.choice(legal)
            clicks[text.split()[0]] += 1
            page.locator(f'#board [data-action="{text}"]').first.click()
            page.wait_for_selector(f"body:not([data-version='{version}'])", state="attached")
            moved = True
            for other in PEOPLE:
                check_board(pages[other], frames[other], other)
        if not moved:
            pages[0].wait_for_timeout(100)

    # Every kind of decision was made by clicking the board: lines, hand cards, piles (a
    # black card, RS-8) and one's own disks (a set-aside, RS-11), over a whole game.
    assert clicks["take"] >= 10 and clicks["play"] >= 10, clicks
    assert clicks["place"] >= 1 and clicks["set"] >= 1, clicks
    for seat in PEOPLE:
        pages[seat].wait_for_selector("[data-testid=result]:not(.hidden)")
        check_board(pages[seat], frames[seat], seat)
        check_frames(frames[seat], seat)
        assert_no_js_errors(pages[seat])
    pages[0].wait_for_timeout(1200)  # the last steps' animations
    screenshot(pages[0], "raiding-stonehenge-desktop-over")
    screenshot(pages[1], "raiding-stonehenge-phone-over")

    # The truth, from a third party allowed to know it now: the record names each card dealt
    # to each hand. Each person saw their own dealt cards, and the other only "a card".
    record = httpx.get(f"{server.url}/api/tables/{created['table']}/record", timeout=10).json()
    dealt = {seat: [int(m.group(1)) for action in record["actions"]
                    if (m := re.fullmatch(rf"deal (\d+) to P{seat + 1}", action))]
             for seat in range(SEATS)}
    assert all(len(cards) == 5 for cards in dealt.values()), dealt  # RS-3
    for seat in PEOPLE:
        events = [event for update in updates_of(frames[seat]) for event in update["events"]]
        for other in range(SEATS):
            dealt_to = [event for event in events
                        if event["type"] == "chance" and event.get("seat") == other]
            own = [event["card"] for event in dealt_to if event["card"] is not None]
            hidden = [event["text"] for event in dealt_to if event["card"] is None]
            assert all(text == f"P{other + 1} is dealt a card" for text in hidden), hidden
            if other == seat:
                assert own == dealt[other] and not hidden
            else:
                assert own == [] and len(hidden) == 5

    # Each person's face-down card reached the other only in the reveal, and as committed.
    for seat in PEOPLE:
        other = 1 - seat
        committed = commits_of(frames[seat], seat)
        revealed = [plays[seat] for plays in reveals_of(frames[other])]
        assert committed and revealed == committed, (committed, revealed)


def test_a_spectator_sees_no_hand_and_no_target(server: Any, new_page: Any) -> None:
    created = server.create(GAME, ["random", "random"], seed=4)
    page = new_page(**PHONE)
    frames = record_frames(page)
    page.goto(created["spectate"])
    page.wait_for_selector("#board [data-testid=line-5]")
    for region in ("piles", "player-0", "player-1", "line-1"):
        assert page.locator(f"#board [data-testid={region}]").count() == 1
    assert page.locator("#board [data-testid=hand]").count() == 0
    assert page.locator("#board [data-action]").count() == 0
    deadline = time.monotonic() + 120
    summary = f"{server.url}/api/tables/{created['table']}"
    while httpx.get(summary, timeout=10).json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not end in time"
        time.sleep(0.5)
    page.wait_for_timeout(500)
    assert any(update["view"]["status"] == "over" for update in updates_of(frames))
    for update in updates_of(frames):
        if update["view"]["status"] != "over":
            assert all(p["hand"] is None for p in update["view"]["board"]["players"])
            if update["view"]["board"]["phase"] == "play":
                assert all(p["played"] is None for p in update["view"]["board"]["players"])
    assert_no_js_errors(page)
