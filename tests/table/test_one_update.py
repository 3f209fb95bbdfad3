"""One update per decision (issue 26, part 2): a viewer's view and legal list are built
once (`Table.update_for`, the list being the view's own legal entries), and a game whose
moves are all public has its action's notation written once for every viewer."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from albion import Table
from albion.core import all_games
from albion.core.game import Game
from albion.core.registry import get_game
from albion.games.diamoniak.game import Diamoniak


@pytest.mark.parametrize("game_id", [game.id for game in all_games()])
def test_update_for_is_the_view_and_the_legal_list(game_id: str) -> None:
    game = get_game(game_id)
    players = game.min_players
    table = Table(game_id, ["human"] * players, None, seed=5, autoplay=False)
    rng = random.Random(5)
    for _ in range(60):
        for viewer in [None, *range(players)]:
            view, legal = table.update_for(viewer)
            assert view == table.view(viewer)
            assert legal == (table.legal(viewer) if viewer is not None else [])
        if table.is_over():
            break
        mover = rng.choice(table.to_move())
        table.submit(mover, rng.choice(table.legal(mover)), table.version)


def test_moves_are_public_only_where_describe_action_is_the_notation() -> None:
    """Diamoniak's moves read alike to everyone; Raiding Stonehenge's face-down plays
    (RS-6) and Super Camelot's secret steps are worded per viewer."""
    assert get_game("diamoniak").moves_are_public
    assert not get_game("raiding-stonehenge").moves_are_public
    assert not get_game("super-camelot").moves_are_public


def test_rs6_a_face_down_play_still_reads_apart() -> None:
    """Where moves are not public, each viewer's wording is asked for: the player reads
    its card, the others a face-down play."""
    table = Table("raiding-stonehenge", ["human"] * 3, None, seed=2, autoplay=False)
    rng = random.Random(2)
    while not any(text.startswith("play") for seat in table.to_move()
                  for text in table.legal(seat)):
        mover = table.to_move()[0]
        table.submit(mover, rng.choice(table.legal(mover)), table.version)
    mover = next(seat for seat in table.to_move()
                 if any(t.startswith("play") for t in table.legal(seat)))
    played = next(t for t in table.legal(mover) if t.startswith("play"))
    before = table.version
    table.submit(mover, played, before)
    own = [e.to_json().get("action", "") for e in table.events_for(mover, before)]
    other = [e.to_json().get("action", "") for e in table.events_for((mover + 1) % 3, before)]
    assert any(text.endswith(played) for text in own), own
    assert not any(text.endswith(played) for text in other), other


def test_a_game_telling_viewers_apart_in_its_events_is_asked_per_viewer() -> None:
    """A game (a plug-in) that keeps Game's `describe_action` but gives each viewer its
    own account in `decision_event` is asked once per viewer, so a seat never gets the
    spectator's account of its own card (a game whose accounts are alike says so, as
    Diamoniak does: `moves_are_public`)."""
    class Whispered(Diamoniak):
        moves_are_public = Game.moves_are_public  # the rule every game gets

        def decision_event(self, state, actor, action, text, viewer):  # type: ignore[no-untyped-def]
            event = super().decision_event(state, actor, action, text, viewer)
            return replace(event, text=f"{event.text} (to {viewer})")

    game = Whispered()
    assert not game.moves_are_public and get_game("diamoniak").moves_are_public
    table = Table(game, ["human", "human"], seed=1)
    table.submit(0, "draw", table.version)
    for viewer in (None, 0, 1):
        texts = [entry.event.text for entry in table.events_for(viewer)]
        assert texts and all(text.endswith(f"(to {viewer})") for text in texts
                             if "draw" in text or "reveal" in text), (viewer, texts)
