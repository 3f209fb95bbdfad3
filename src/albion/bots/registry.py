"""Bots by name with their options (validated by pydantic), and player specs made into
agents. `albion play/simulate --players` and the arena all come through here. What a
person reads of them is said as words (issue 29): each bot's summary, each option's
description, and why a spec is refused (the bots' and options' names stay as typed)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import ErrorDetails

from albion.bots.base import Agent
from albion.bots.heuristic_bot import HeuristicBot
from albion.bots.ismcts_bot import CheatingMctsBot, IsmctsBot
from albion.bots.learned_bot import LearnedBot, network_for
from albion.bots.random_bot import RandomBot
from albion.bots.search import Budget, SearchSettings, random_policy
from albion.bots.specs import HUMAN, PlayerSpec, PlayerSpecError, split_specs
from albion.core.game import AnyGame
from albion.core.plugin import SEARCH_FALLBACK, Strategy
from albion.core.registry import game_ids, plugin_of
from albion.core.words import Arg, Words, say


class NoOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")


OPTION_WORDS: dict[str, Words] = {
    "iterations": say("iterations per move"),
    "seconds": say("seconds per move (with iterations too: whichever comes first)"),
    "c": say("UCT exploration constant"),
    "rollout": say("rollout policy: random or heuristic"),
    "cutoff": say("rollout length before evaluation (0: play to the end)"),
    "bias": say("progressive bias towards the heuristic's choice in the tree (0: none)"),
    "noise": say("share of decisions played at random instead (0: none, 1: every one)"),
    "temperature": say("0: always the policy's best move; above 0: a draw from its "
                       "softmax, more varied as it grows"),
}
"""What each search option does, in words (`albion bots` says them; the JSON Schema's
descriptions are their English)."""


class SearchOptions(BaseModel):
    """Options of `ismcts` and `cheat-mcts`; unset ones take the game's defaults."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    iterations: int | None = Field(None, ge=1, description=str(OPTION_WORDS["iterations"]))
    seconds: float | None = Field(None, gt=0, le=3600,
                                  description=str(OPTION_WORDS["seconds"]))
    c: float | None = Field(None, ge=0, description=str(OPTION_WORDS["c"]))
    rollout: Literal["random", "heuristic"] | None = Field(
        None, description=str(OPTION_WORDS["rollout"]))
    cutoff: int | None = Field(None, ge=0, description=str(OPTION_WORDS["cutoff"]))
    bias: float | None = Field(None, ge=0, description=str(OPTION_WORDS["bias"]))


class HeuristicOptions(BaseModel):
    """Options of `heuristic`: `noise` grades it down towards the random bot (issue 30)."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    noise: float = Field(0.0, ge=0, le=1, description=str(OPTION_WORDS["noise"]))


class LearnedOptions(BaseModel):
    """Options of `learned`: how strictly it follows its policy's preference."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    temperature: float = Field(0.0, ge=0, le=10, description=str(OPTION_WORDS["temperature"]))


@dataclass(frozen=True)
class BotKind:
    name: str
    summary: Words
    """What the bot does, in words (its English: `str(summary)`)."""
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
        raise _unplayable("heuristic", game)
    return HeuristicBot(game, rng, strategy, options.noise)


def _unplayable(name: str, game: AnyGame) -> PlayerSpecError:
    if name == "heuristic":
        return PlayerSpecError(say("no heuristic bot for {game} yet", game=game.name))
    return PlayerSpecError(say("no learned bot for {game} yet (learned weights ship for: "
                               "{games})", game=game.name,
                               games=", ".join(learned_games()) or say("none")))


def check_playable(spec: PlayerSpec, game: AnyGame) -> None:
    """Refuse, in words, a bot that cannot play `game` (a heuristic without the game's
    strategy, a learned bot without its weights) before any table is made."""
    if not spec.is_human and spec.name in BOTS and spec.name not in bots_for(game) \
            and not BOTS[spec.name].cheats:
        raise _unplayable(spec.name, game)


def learned_games() -> list[str]:
    """The games whose learned weights ship with Albion."""
    return [game_id for game_id in game_ids() if network_for(game_id) is not None]


def _learned(game: AnyGame, rng: random.Random, options: Any) -> Agent:
    network = network_for(game.id)
    if network is None:
        raise _unplayable("learned", game)
    return LearnedBot(game, rng, network, options.temperature)


BOTS: dict[str, BotKind] = {
    kind.name: kind for kind in (
        BotKind("random", say("uniform choice among the legal actions"), NoOptions,
                lambda game, rng, options: RandomBot(rng)),
        BotKind("heuristic", say("the game's hand-written strategy (see `albion bots`)"),
                HeuristicOptions, _heuristic),
        BotKind("ismcts", say("information-set MCTS from its own view"), SearchOptions,
                lambda game, rng, options: IsmctsBot(game, rng, _settings(game, options))),
        BotKind("learned", say("a policy network trained by self-play, from its own view "
                               "(Diamoniak; see `albion bots`)"), LearnedOptions, _learned),
        BotKind("cheat-mcts", say("MCTS on the true state: analysis only, sees hidden "
                                  "information"), SearchOptions,
                lambda game, rng, options: CheatingMctsBot(game, rng,
                                                           _settings(game, options)),
                cheats=True),
    )
}


def bots_for(game: AnyGame) -> list[str]:
    """The fair bots that can play `game` (a heuristic needs the game's strategy, a learned
    bot its shipped weights)."""
    names = []
    for kind in BOTS.values():
        if kind.cheats or (kind.name == "heuristic" and strategy_of(game) is None) or (
                kind.name == "learned" and network_for(game.id) is None):
            continue
        names.append(kind.name)
    return names


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
                raise PlayerSpecError(say("{human} takes no options", human=repr(HUMAN)))
            if not allow_human:
                raise PlayerSpecError(say("{human} cannot play here; bots: {bots}",
                                          human=repr(HUMAN), bots=describe_bots()))
            continue
        if spec.name not in BOTS:
            allowed = known_players() if allow_human else ", ".join(BOTS)
            raise PlayerSpecError(say("unknown player {name}; players: {players}; bots and "
                                      "options: {bots}", name=repr(spec.name),
                                      players=allowed, bots=describe_bots()))
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
        allowed = ", ".join(kind.options.model_fields) or say("none")
        raise PlayerSpecError(say("{spec}: {option}: {problem} (options of {bot}: {options})",
                                  spec=str(spec), option=where, problem=problem_words(first),
                                  bot=spec.name, options=allowed)) from None


LIMITS: dict[str, Words] = {
    "greater_than_equal": say("Input should be greater than or equal to {limit}"),
    "greater_than": say("Input should be greater than {limit}"),
    "less_than_equal": say("Input should be less than or equal to {limit}"),
    "less_than": say("Input should be less than {limit}"),
}
"""pydantic's refusals of a number out of bounds, in words (its own wording in English)."""
LIMIT_KEYS = {"greater_than_equal": "ge", "greater_than": "gt", "less_than_equal": "le",
              "less_than": "lt"}
PROBLEMS: dict[str, Words] = {
    "int_parsing": say("Input should be a valid integer, unable to parse string as an "
                       "integer"),
    "int_from_float": say("Input should be a valid integer, got a number with a fractional "
                          "part"),
    "float_parsing": say("Input should be a valid number, unable to parse string as a "
                         "number"),
    "finite_number": say("Input should be a finite number"),
    "extra_forbidden": say("Extra inputs are not permitted"),
}
"""pydantic's other refusals of an option's value, in words."""


def problem_words(error: ErrorDetails) -> Words | str:
    """What pydantic found wrong with an option, in words (its own text for a refusal not
    known here)."""
    kind, context = error["type"], error.get("ctx") or {}
    if kind in LIMITS:
        limit = context.get(LIMIT_KEYS[kind])
        shown = int(limit) if isinstance(limit, float) and limit.is_integer() else limit
        return LIMITS[kind].with_args(limit=str(shown))
    if kind in PROBLEMS:
        return PROBLEMS[kind]
    if kind == "literal_error":
        choices = re.findall(r"'[^']*'", str(context.get("expected", "")))
        if choices:
            return say("Input should be {choices}", choices=either(choices))
    return error["msg"]


def either(choices: list[str]) -> Arg:
    """`'a', 'b' or 'c'`: the last two joined by "or", the others by commas."""
    result: Arg = choices[-1]
    if len(choices) > 1:
        result = say("{first} or {rest}", first=choices[-2], rest=result)
    for choice in reversed(choices[:-2]):
        result = say("{first}, {rest}", first=choice, rest=result)
    return result


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
