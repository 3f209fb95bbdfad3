"""Bots by name with their options (validated by pydantic), and player specs made into
agents. `albion play/simulate --players` and the arena all come through here."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from albion.bots.base import Agent
from albion.bots.heuristic_bot import HeuristicBot
from albion.bots.ismcts_bot import CheatingMctsBot, IsmctsBot
from albion.bots.random_bot import RandomBot
from albion.bots.search import Budget, SearchSettings, random_policy
from albion.bots.specs import HUMAN, PlayerSpec, PlayerSpecError, split_specs
from albion.core.game import AnyGame
from albion.core.plugin import SEARCH_FALLBACK, Strategy
from albion.core.registry import plugin_of


class NoOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SearchOptions(BaseModel):
    """Options of `ismcts` and `cheat-mcts`; unset ones take the game's defaults."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    iterations: int | None = Field(None, ge=1, description="iterations per move")
    seconds: float | None = Field(None, gt=0, le=3600, description="seconds per move "
                                  "(with iterations too: whichever comes first)")
    c: float | None = Field(None, ge=0, description="UCT exploration constant")
    rollout: Literal["random", "heuristic"] | None = Field(
        None, description="rollout policy: random or heuristic")
    cutoff: int | None = Field(None, ge=0, description="rollout length before evaluation "
                                                        "(0: play to the end)")
    bias: float | None = Field(None, ge=0, description="progressive bias towards the "
                               "heuristic's choice in the tree (0: none)")


@dataclass(frozen=True)
class BotKind:
    name: str
    summary: str
    options: type[BaseModel]
    make: Callable[[AnyGame, random.Random, Any], Agent]
    cheats: bool = False


def strategy_of(game: AnyGame) -> Strategy | None:
    """The game's heuristic strategy, from its plug-in (None if it has none)."""
    return plugin_of(game).load_strategy()


def search_defaults(game: AnyGame) -> dict[str, Any]:
    """The game's search defaults, from its plug-in (or the fallback)."""
    return {**SEARCH_FALLBACK, **plugin_of(game).search_defaults}


def _settings(game: AnyGame, options: SearchOptions) -> SearchSettings:
    """The options given, the game's defaults for the rest. The game's heuristic (if it has
    one) scores cut-off rollouts, guides the tree when `bias` is set, and plays the
    rollouts when `rollout=heuristic`."""
    defaults = search_defaults(game)
    strategy = strategy_of(game)
    rollout = options.rollout or defaults["rollout"]
    return SearchSettings(
        budget=Budget(options.iterations or defaults["iterations"], options.seconds,
                      iterations_set=options.iterations is not None),
        c=defaults["c"] if options.c is None else options.c,
        rollout=strategy.policy if strategy and rollout == "heuristic" else random_policy,
        cutoff=(defaults["cutoff"] if options.cutoff is None else options.cutoff)
        if strategy else 0,
        evaluate=strategy.evaluate if strategy else None,
        guide=strategy.policy if strategy else None,
        bias=defaults["bias"] if options.bias is None else options.bias,
    )


def _heuristic(game: AnyGame, rng: random.Random, options: Any) -> Agent:
    strategy = strategy_of(game)
    if strategy is None:
        raise PlayerSpecError(f"no heuristic bot for {game.name} yet")
    return HeuristicBot(game, rng, strategy)


BOTS: dict[str, BotKind] = {
    kind.name: kind for kind in (
        BotKind("random", "uniform choice among the legal actions", NoOptions,
                lambda game, rng, options: RandomBot(rng)),
        BotKind("heuristic", "the game's hand-written strategy (see `albion bots`)",
                NoOptions, _heuristic),
        BotKind("ismcts", "information-set MCTS from its own view", SearchOptions,
                lambda game, rng, options: IsmctsBot(game, rng, _settings(game, options))),
        BotKind("cheat-mcts", "MCTS on the true state: analysis only, sees hidden "
                "information", SearchOptions,
                lambda game, rng, options: CheatingMctsBot(game, rng,
                                                           _settings(game, options)),
                cheats=True),
    )
}


def describe_bots() -> str:
    """Every bot and its options, for error messages and `--help`."""
    lines = []
    for kind in BOTS.values():
        options = ", ".join(f"{name}" for name in kind.options.model_fields)
        lines.append(f"{kind.name}" + (f" ({options})" if options else ""))
    return "; ".join(lines)


def known_players() -> str:
    return ", ".join([HUMAN, *BOTS])


def parse_players(text: str, allow_human: bool = True) -> list[PlayerSpec]:
    """`human,ismcts:iterations=2000,c=1.2,random` → specs, each checked now."""
    specs = split_specs(text)
    for spec in specs:
        if spec.is_human:
            if spec.options:
                raise PlayerSpecError("'human' takes no options")
            if not allow_human:
                raise PlayerSpecError(f"'human' cannot play here; bots: {describe_bots()}")
            continue
        if spec.name not in BOTS:
            allowed = known_players() if allow_human else ", ".join(BOTS)
            raise PlayerSpecError(f"unknown player {spec.name!r}; players: {allowed}; "
                                  f"bots and options: {describe_bots()}")
        _options(spec)
    return specs


@cache
def _options(spec: PlayerSpec) -> BaseModel:
    kind = BOTS[spec.name]
    try:
        return kind.options.model_validate(dict(spec.options))
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        allowed = ", ".join(kind.options.model_fields) or "none"
        raise PlayerSpecError(f"{spec}: {where}: {first['msg']} (options of {spec.name}: "
                              f"{allowed})") from None


def is_cheat(spec: PlayerSpec) -> bool:
    return not spec.is_human and cheats(spec.name)


def cheats(player: str) -> bool:
    """Whether a player written as a spec (`cheat-mcts:iterations=50`) sees hidden
    information; such players are flagged in every output."""
    name = player.split(":", maxsplit=1)[0]
    return name in BOTS and BOTS[name].cheats


def make_bot(spec: PlayerSpec, game: AnyGame, rng: random.Random) -> Agent:
    """A fresh bot for one game, drawing from `rng`."""
    return BOTS[spec.name].make(game, rng, _options(spec))
