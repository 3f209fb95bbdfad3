"""The analysis of a finished game (issue 33): its record replayed, and at every decision
of every seat with a choice, the seat's fair win chance (from its view alone,
`fair.fair_estimate`), every seat's hindsight win chance (`hindsight`), the fall of the
action played against the best the fair search finds and its label (`labels`), and for a
flagged decision the reason and the position to replay. Only a finished game is analysed
(no secret of a game in play can leak through it). Same record, same seed, same analysis:
each decision draws its random numbers from `derive_rng(seed, …, index)` alone, so the
result does not depend on the order or the process decisions are analysed in.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from albion.analysis.calibration import IDENTITY, map_for
from albion.analysis.fair import fair_estimate
from albion.analysis.hindsight import Script, chance_script, hindsight_chances
from albion.analysis.labels import FLAGGED, Label, judged_fall, label_for
from albion.analysis.reasons import figures, reason
from albion.analysis.report import Analysis, Decision, SeatSummary
from albion.bots.ismcts_bot import CheatingMctsBot, IsmctsBot
from albion.bots.registry import make_bot
from albion.bots.search import Budget, SearchSettings
from albion.bots.specs import PlayerSpec
from albion.core.errors import AlbionError
from albion.core.game import AnyGame, AnyState
from albion.core.record import GameRecord, replay
from albion.core.registry import get_game, plugin_of
from albion.core.state import CHANCE
from albion.core.words import Words, say
from albion.table.seeding import derive_rng
from albion.table.views import drawing_of

CANDIDATES = 3
"""Actions compared at a decision with more legal ones: the one played and the fair
search's most visited others."""
HINDSIGHT_SHARE = 0.5
"""The hindsight search's budget, as a share of a candidate's."""


class AnalysisError(AlbionError, ValueError):
    """A record that cannot be analysed: a game in progress (issue 33: only a finished
    game is analysed, so no secret leaks), or options out of range."""

    def __init__(self, words: Any) -> None:
        super().__init__(str(words))
        self.words = words


@dataclass(frozen=True)
class AnalysisSettings:
    """How hard to look: `iterations` per candidate action (None: the game's
    `analysis_iterations`), the hindsight search's, the candidates, and the seed;
    `calibrated`: show win chances through the game's calibration map (`calibration`)."""

    seed: int = 0
    iterations: int | None = None
    hindsight_iterations: int | None = None
    candidates: int = CANDIDATES
    calibrated: bool = True

    def resolved(self, game: AnyGame) -> AnalysisSettings:
        iterations = self.iterations or plugin_of(game).analysis_iterations
        hindsight = self.hindsight_iterations or max(1, round(iterations * HINDSIGHT_SHARE))
        if iterations < 1 or hindsight < 1 or self.candidates < 2:
            raise AnalysisError(say("iterations must be at least 1 and candidates at "
                                    "least 2"))
        return replace(self, iterations=iterations, hindsight_iterations=hindsight)


def check_finished(game: AnyGame, record: GameRecord) -> list[AnyState]:
    """Every state of a finished record; AnalysisError for a game in progress."""
    if not record.is_finished or record.pending:
        raise AnalysisError(say("this game is still in progress: only a finished game is "
                                "analysed (its secrets are no longer secret)"))
    states = replay(game, record)
    if not states[-1].is_terminal():
        raise AnalysisError(say("this game is still in progress: only a finished game is "
                                "analysed (its secrets are no longer secret)"))
    return states


def decision_indices(states: list[AnyState]) -> list[int]:
    """The record's actions that were decisions with a choice (not chance, not forced)."""
    return [index for index, state in enumerate(states[:-1])
            if state.current_player() != CHANCE and len(state.legal_actions()) > 1]


def analyse(game: AnyGame, record: GameRecord, settings: AnalysisSettings | None = None,
            progress: Callable[[int, int], None] | None = None,
            workers: int = 1) -> Analysis:
    """The analysis of `record` (see the module). `progress(done, total)` after each
    decision; `workers` processes share the decisions (same result as one)."""
    start = time.perf_counter()
    chosen = (settings or AnalysisSettings()).resolved(game)
    states = check_finished(game, record)
    indices = decision_indices(states)
    found: dict[int, Decision] = {}
    for done, decision in enumerate(_decisions(game, record, states, indices, chosen,
                                               workers), start=1):
        found[decision.index] = decision
        if progress is not None:
            progress(done, len(indices))
    decisions = tuple(found[index] for index in indices)
    assert record.returns is not None
    calibration = map_for(game.id) if chosen.calibrated else IDENTITY
    return Analysis(game.id, game.version, tuple(record.seats), tuple(record.returns),
                    chosen.seed, chosen.iterations or 0, chosen.hindsight_iterations or 0,
                    chosen.candidates, decisions,
                    summaries(record, decisions), time.perf_counter() - start,
                    calibration.summary())


def _decisions(game: AnyGame, record: GameRecord, states: list[AnyState],
               indices: list[int], settings: AnalysisSettings,
               workers: int) -> Iterator[Decision]:
    if workers <= 1 or len(indices) < 2:
        judge = Judge(game, record, states, settings)
        yield from (judge.decision(index) for index in indices)
        return
    chunks = [indices[start::workers * 4] for start in range(workers * 4)]
    with ProcessPoolExecutor(workers) as pool:
        for batch in pool.map(_judge_chunk, [(game.id, record, settings, chunk)
                                             for chunk in chunks if chunk]):
            yield from batch


def _judge_chunk(job: tuple[str, GameRecord, AnalysisSettings, list[int]]) -> list[Decision]:
    game_id, record, settings, chunk = job
    game = get_game(game_id)
    judge = Judge(game, record, replay(game, record), settings)
    return [judge.decision(index) for index in chunk]


class Judge:
    """Judges the decisions of one replayed record."""

    def __init__(self, game: AnyGame, record: GameRecord, states: list[AnyState],
                 settings: AnalysisSettings) -> None:
        self.game, self.record, self.states, self.settings = game, record, states, settings
        self.fair_settings = search_settings(game, "ismcts", settings.iterations or 1)
        self.hindsight_settings = search_settings(game, "cheat-mcts",
                                                  settings.hindsight_iterations or 1)
        self.actions = [game.parse_action(state, text)
                        for state, text in zip(states, record.actions, strict=False)]
        self.calibration = map_for(game.id) if settings.calibrated else IDENTITY

    def script_from(self, index: int) -> Script:
        """The chance outcomes the game went on to have from action `index` on."""
        return chance_script([action for state, action in zip(
            self.states[index:], self.actions[index:], strict=False)
            if state.current_player() == CHANCE])

    def decision(self, index: int) -> Decision:
        game, state, played = self.game, self.states[index], self.actions[index]
        seat = state.current_player()
        view = state.observe(seat)
        estimate = fair_estimate(game, view, state.legal_actions(), played,
                                 self.fair_settings, self.settings.candidates,
                                 self.settings.seed, index)
        hindsight = hindsight_chances(state, self.script_from(index),
                                      derive_rng(self.settings.seed, "hindsight", index),
                                      self.hindsight_settings)
        n = estimate.iterations
        # Judged in the search's own values (its standard error is known there); shown
        # through the game's calibration map, which keeps their order (docs/analysis.md).
        fall, judged = judged_fall(estimate.chance, estimate.chances[played],
                                   estimate.spread[played])
        label = label_for(judged)
        players = len(self.record.seats)
        shown = {action: self.calibration(value, players)
                 for action, value in estimate.chances.items()}
        text = {action: game.action_text(state, action) for action in estimate.chances}
        words = position = None
        said: tuple[Words | str, Words | str] | None = None
        if label in FLAGGED:
            played_words, best_words = action_words(game, view, [played, estimate.best])
            stats = figures(played_words, shown[played], best_words, shown[estimate.best], n)
            words = reason(game, view, played, estimate.best, stats)
            position = state.to_text()
            said = (played_words, best_words)
        return Decision(index, seat, text[played], text[estimate.best], shown[estimate.best],
                        tuple(hindsight), {text[a]: v for a, v in shown.items()},
                        n, fall, judged, label, words, position,
                        {text[a]: v for a, v in estimate.chances.items()}, said)


def action_words(game: AnyGame, view: Any, actions: list[Any]) -> list[Words | str]:
    """`actions` as the seat's buttons name them (the table's `annotate`: words, said in
    the reader's language, issue 29), or their notation for a game that draws none."""
    annotate = drawing_of(game).annotate
    if annotate is None:
        return [game.view_action_text(view, action) for action in actions]
    return [note.label or game.view_action_text(view, action)
            for action, note in zip(actions, annotate(view, actions), strict=True)]


@cache
def _spec_settings(game_id: str, bot: str, iterations: int) -> SearchSettings:
    game = get_game(game_id)
    agent = make_bot(PlayerSpec(bot, (("iterations", str(iterations)),)), game,
                     random.Random(0))
    assert isinstance(agent, IsmctsBot | CheatingMctsBot)
    return agent.settings


def search_settings(game: AnyGame, bot: str, iterations: int) -> SearchSettings:
    """The search of the bot spec `bot` (`ismcts`: fair, `cheat-mcts`: hindsight) with the
    game's defaults, `iterations` exactly."""
    settings = _spec_settings(game.id, bot, iterations)
    return replace(settings, budget=Budget(iterations, None, iterations_set=True))


def summaries(record: GameRecord, decisions: tuple[Decision, ...]) -> tuple[SeatSummary, ...]:
    """Each seat's summary (see `SeatSummary`)."""
    assert record.returns is not None
    result = []
    for seat, player in enumerate(record.seats):
        own = [d for d in decisions if d.seat == seat]
        labels = {label.value: sum(d.label is label for d in own) for label in FLAGGED}
        gaps = [d.hindsight[seat] - d.fair for d in own]
        result.append(SeatSummary(
            seat, player, record.returns[seat], len(own), labels,
            sum(gaps) / len(gaps) if gaps else 0.0, gaps[0] if gaps else 0.0,
            sum(d.fall for d in own) / len(own) if own else 0.0))
    return tuple(result)


__all__ = ["AnalysisError", "AnalysisSettings", "Label", "analyse", "check_finished"]
