"""Many seeded games between bots, summed up: wins per player, draws, game length."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from albion.bots.registry import PlayerSpec, make_bot
from albion.core.game import Game
from albion.core.state import CAP
from albion.core.variants import Variant
from albion.sim.match import Match
from albion.sim.seeding import derive_rng


@dataclass(frozen=True)
class GameResult:
    """The outcome of one simulated game."""

    returns: list[float]
    end_reason: str
    num_actions: int


@dataclass
class Summary:
    """What `albion simulate` reports. `wins` follow the `--players` order; a shared win
    counts 1/k to each of the k winners (ALL-1); a game ended by the cap is a draw."""

    game: str
    players: list[str]
    games: int
    seed: int
    variant: dict[str, Any]
    wins: list[float]
    draws: int
    mean_actions: float
    seconds: float
    end_reasons: dict[str, int] = field(default_factory=dict)

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "variant": self.variant,
            "wins": [round(w, 6) for w in self.wins],
            "draws": self.draws,
            "mean_actions": round(self.mean_actions, 3),
            "end_reasons": self.end_reasons,
            "seconds": round(self.seconds, 3),
        }


def play_one(game: Game, variant: Variant, specs: Sequence[PlayerSpec], seed: int,
             index: int) -> GameResult:
    """Game `index` of a run seeded `seed`: fresh bots, each with its own generator."""
    agents = [make_bot(spec, game, derive_rng(seed, "game", index, "seat", seat))
              for seat, spec in enumerate(specs)]
    match = Match(game, variant, agents, seed=_game_seed(seed, index), keep_record=False)
    state = match.run()
    return GameResult(state.returns(), state.end_reason() or CAP, match.num_actions)


def _game_seed(seed: int, index: int) -> int:
    return derive_rng(seed, "game", index).getrandbits(63)


def simulate(
    game: Game,
    variant: Variant,
    specs: Sequence[PlayerSpec],
    games: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play `games` games; the same seed gives the same wins, draws and lengths."""
    start = time.perf_counter()
    wins = [0.0] * len(specs)
    draws = 0
    total_actions = 0
    reasons: Counter[str] = Counter()
    for index in range(games):
        result = play_one(game, variant, specs, seed, index)
        reasons[result.end_reason] += 1
        total_actions += result.num_actions
        if result.end_reason == CAP:
            draws += 1
        else:
            for seat, value in enumerate(result.returns):
                wins[seat] += value
        if progress is not None:
            progress(index + 1)
    return Summary(
        game=game.id,
        players=[str(spec) for spec in specs],
        games=games,
        seed=seed,
        variant=variant.as_dict(),
        wins=wins,
        draws=draws,
        mean_actions=total_actions / games if games else 0.0,
        seconds=time.perf_counter() - start,
        end_reasons=dict(sorted(reasons.items())),
    )
