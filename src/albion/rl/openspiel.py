"""OpenSpiel face: every registered game as a `pyspiel` Python game, registered on import.

    import albion.rl.openspiel
    game = pyspiel.load_game("albion_raiding_stonehenge", {"players": 4})

Names are `albion_` + the game id with `_` for `-`; parameters are `players` (default: the
game's minimum, as `albion bench`) and every variant key with its default (`albion games`).

How the contract maps (docs/openspiel.md):

- Actions, chance outcomes included, are the game's fixed action indices
  (docs/action-spaces.md): `num_distinct_actions` and `max_chance_outcomes` are both the
  size of that one space; at a chance node only the chance ranges occur. Legal actions and
  chance outcomes are listed in ascending index order, as OpenSpiel wants.
- Chance is a player in both (the design's "chance is a player"): `chance_outcomes()` are
  the engine's (outcome, probability) pairs.
- RS-6's simultaneous commits are turn-based with hidden moves, as the engine already plays
  them (RS-19: commit order): a seat's committed card is in its own view only.
- Information state and observation come from the seat's view (`state.observe(seat)`),
  never from the state. The observation string is the view. The information-state string
  has perfect recall: the number of actions, a digest of the sequence of the seat's views
  after each action and of its own actions (`Recall`), and the view. Public-only
  observers (`private_info=NONE`) read the spectator's view (`observe(None)`), which holds
  no seat's secret; private-only ones (`public_info=False`) the parts of the seat's view
  that the spectator's shows otherwise (`private_text`); every seat's private
  information at once, or no information at all, is not offered and refused.
- `max_game_length` is bounded by what games do (measured, with a margin), and a game
  that reaches it ends there as a draw (`LONGEST`, docs/openspiel.md).
- Variant values OpenSpiel's game-string parser would read as numbers (`enemy_hp=1-2-3`)
  are spelled with `_` in its parameters (`1_2_3`), so every game string round-trips.
- `resample_from_infostate(player, sampler)` is the game's `sampler(view)` (what Albion's
  ISMCTS draws its worlds with), seeded from `sampler()`. A resampled state has no
  `history()` (its hidden chance outcomes were never drawn as actions).
- Returns are the game's (ALL-1): constant sum 1, a shared win 1/k, a draw 1/n.

States wrap engine states directly rather than a Table: OpenSpiel's algorithms clone and
search positions, which is the state's contract, not a table's (one game in progress).
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import random
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # no stubs; the adapter is typed at its edges

from albion.core.action_space import ActionSpace
from albion.core.game import AnyGame, AnyState
from albion.core.registry import all_games
from albion.core.state import CHANCE, TERMINAL
from albion.core.variants import Variant

PREFIX = "albion_"
PUBLIC: None = None
"""The observer key of public information: the spectator's view (`observe(None)`)."""
Seat = int | None
LONGEST: dict[str, dict[int, int]] = {
    "diamoniak": {2: 2241, 3: 2096, 4: 1993},
    "super-camelot": {2: 1780, 3: 1751, 4: 1774},
}
"""The longest game seen (every action, chance included) at the default variant, by
player count, over 3,000 random and 300 heuristic self-play games per count, and 20,000
more random Diamoniak games (issue 34; docs/openspiel.md). Raiding Stonehenge is left
out: its deck bounds it exactly."""
MARGIN = 2.0
"""`max_game_length` is at most MARGIN × the longest game seen, rounded up to a hundred."""
_NUMERIC = re.compile(r"^[0-9][0-9-]*$")


def spiel_value(value: Any) -> Any:
    """A variant value as an OpenSpiel parameter: `1-2-3` (which OpenSpiel's game-string
    parser takes for a number, and fails on) is spelled `1_2_3`; others are unchanged."""
    if isinstance(value, str) and _NUMERIC.match(value):
        return value.replace("-", "_")
    return value


def engine_value(value: Any) -> Any:
    """The inverse of `spiel_value`: `1_2_3` → `1-2-3` (both spellings are accepted)."""
    if isinstance(value, str) and re.fullmatch(r"[0-9][0-9_]*", value):
        return value.replace("_", "-")
    return value


def length_cap(engine: AnyGame, players: int, variant: Variant) -> int:
    """OpenSpiel's `max_game_length`: the engine's worst case (docs/action-spaces.md), or,
    where that is far beyond any game played, MARGIN × the longest game seen at the default
    variant (scaled up by a longer `max_turns` where random games reach the turn cap:
    Super Camelot),
    rounded up to a hundred. A game reaching it ends there, a draw (docs/openspiel.md)."""
    bound: int = engine.max_game_length(players, variant)
    longest = LONGEST.get(engine.id, {}).get(players)
    if not longest:
        return bound
    if engine.id == "super-camelot":
        default = int(engine.variant()["max_turns"])
        longest = math.ceil(longest * max(int(variant["max_turns"]), default) / default)
    return min(bound, 100 * math.ceil(MARGIN * longest / 100))


def openspiel_name(game_id: str) -> str:
    """`raiding-stonehenge` → `albion_raiding_stonehenge`."""
    return PREFIX + game_id.replace("-", "_")


def view_text(view: Any) -> str:
    """A view as text: its repr, which shows every field of the (frozen dataclass) view,
    so two views with one text are equal."""
    return repr(view)


def private_text(view: Any, public: Any) -> str:
    """The seat's private information: each part of its view (a field, an element of a
    tuple, a field of that element…) that the spectator's view shows otherwise, by path:
    `hand=(3, 14, 22)`, `players[1].gems=(2, 0, 1)`. Empty when the seat holds no secret."""
    return " ".join(f"{path}={value!r}" for path, value in _differences(view, public, ""))


def _differences(mine: Any, theirs: Any, path: str) -> Iterator[tuple[str, Any]]:
    if mine == theirs:
        return
    if dataclasses.is_dataclass(mine) and type(mine) is type(theirs):
        for field in dataclasses.fields(mine):
            if field.name != "seat":
                yield from _differences(getattr(mine, field.name),
                                        getattr(theirs, field.name),
                                        f"{path}.{field.name}" if path else field.name)
    elif isinstance(mine, tuple) and isinstance(theirs, tuple) and len(mine) == len(theirs):
        for index, (one, other) in enumerate(zip(mine, theirs, strict=True)):
            yield from _differences(one, other, f"{path}[{index}]")
    else:
        yield path, mine


class _Position:
    """The engine state under a pyspiel state, its action count and what has been worked out
    about it since the last action (legal indices, strings, the world sampler). `clone()`
    on a pyspiel Python state deep-copies the instance's `__dict__`: this makes that copy
    the engine's hand-written clone (a generic deepcopy of a state is ~40× slower) and
    shares the game (held here, not in `__dict__`, so that it is never copied)."""

    __slots__ = ("game", "state", "moves", "legal", "strings", "samplers", "recall",
                 "resampled")

    def __init__(self, game: AlbionGame, state: AnyState, moves: int) -> None:
        self.game = game
        self.state = state
        self.moves = moves
        self.legal: list[int] | None = None
        self.strings: dict[tuple[Seat, bool], str] = {}
        self.samplers: dict[int, Callable[[random.Random], AnyState]] = {}
        self.recall: dict[Seat, str] = {}
        """Per observer (a seat, or PUBLIC), the digest of what it has seen so far, kept
        up to date from the first time it is asked for (`Recall`)."""
        self.resampled = False

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        copy = _Position(self.game, self.state.clone(), self.moves)
        copy.legal = self.legal
        copy.recall = dict(self.recall)
        copy.resampled = self.resampled
        return copy

    def forget(self) -> None:
        self.legal = None
        if self.strings:
            self.strings = {}
        if self.samplers:
            self.samplers = {}


class Recall:
    """Perfect recall as a digest: an observer's memory is the sequence of its views after
    each action (the initial one first) and, for a seat, its own actions. Two histories
    give one digest exactly when those sequences are equal (up to a 128-bit BLAKE2b
    collision). Kept per observer from the first time it is asked for, replaying the
    history once; nothing is spent on observers no one asks about (MCTS asks none)."""

    @staticmethod
    def start(view: Any) -> str:
        return Recall.step("", None, view)

    @staticmethod
    def step(digest: str, own_action: int | None, view: Any) -> str:
        text = f"{digest}|{'' if own_action is None else own_action}|{view_text(view)}"
        return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()

    @staticmethod
    def replay(game: AlbionGame, history: list[int], seat: Seat) -> str:
        """The digest of `seat` after `history`, played again from the initial state."""
        state = game.engine.new_state(game.num_players(), game.variant)
        digest = Recall.start(state.observe(seat))
        actions = game.space.actions
        for index in history:
            actor = state.current_player()
            state.apply_legal(actions[index])
            digest = Recall.step(digest, index if actor == seat else None,
                                 state.observe(seat))
        return digest


def has_tensor(game: AnyGame) -> bool:
    """Whether the game encodes views as tensors (`Game.observation_tensor`,
    docs/observations.md)."""
    try:
        game.observation_layout(game.min_players)
    except NotImplementedError:
        return False
    return True


def _game_type(game: AnyGame) -> Any:
    tensor = has_tensor(game)
    parameters: dict[str, int | str] = {"players": game.min_players}
    for option in game.variant_options:
        parameters[option.key] = spiel_value(option.default)
    return pyspiel.GameType(
        short_name=openspiel_name(game.id),
        long_name=f"Albion {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        # Diamoniak hides only the pile's order, which is chance (DI-11); declared imperfect
        # like the others so that one adapter and OpenSpiel's ISMCTS serve every game.
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=tensor,
        provides_observation_string=True,
        provides_observation_tensor=tensor,
        parameter_specification=parameters,
    )


class AlbionGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """One Albion game under a player count and variant (OpenSpiel's game parameters)."""

    engine: AnyGame
    """Set on each registered subclass."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = {key: engine_value(value) for key, value in (params or {}).items()}
        engine = self.engine
        players = int(params.pop("players", engine.min_players))
        engine.check_players(players)
        variant = engine.variant(params)
        if engine.action_space is None:
            raise ValueError(f"{engine.name} has no fixed action space")
        size = engine.num_distinct_actions
        info = pyspiel.GameInfo(
            num_distinct_actions=size,
            max_chance_outcomes=size,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=length_cap(engine, players, variant),
        )
        spelled = {key: spiel_value(value) for key, value in variant.items()}
        super().__init__(_game_type(engine), info, {"players": players, **spelled})
        self.variant: Variant = variant
        self.length_cap: int = info.max_game_length
        self.space: ActionSpace[Any] = engine.action_space
        self.has_tensor = has_tensor(engine)

    def new_initial_state(self) -> AlbionSpielState:
        """The game's initial state (often a chance node)."""
        return AlbionSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Mapping[str, Any] | None = None) -> AlbionObserver:
        """OpenSpiel's observation types: public and the seat's private information (the
        seat's view; the default), public only (the spectator's view), private only (what
        of the seat's view the spectator's shows otherwise: a string, no tensor); with
        `perfect_recall`, the information state. Every seat's private information, or
        none at all, is not offered: refused."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is None:
            return AlbionObserver(self, recall=False, kind="view")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("private_info=ALL_PLAYERS is not offered: a seat's view holds "
                             "its own secrets only (RS-18, SC-19)")
        none = private == pyspiel.PrivateInfoType.NONE
        if not iig_obs_type.public_info:
            if none:
                raise ValueError("public_info=False with private_info=NONE is not "
                                 "offered: it observes nothing")
            if iig_obs_type.perfect_recall:
                raise ValueError("perfect_recall of private information alone is not "
                                 "offered")
            return AlbionObserver(self, recall=False, kind="private")
        return AlbionObserver(self, recall=bool(iig_obs_type.perfect_recall),
                              kind="public" if none else "view")


class AlbionSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A pyspiel state over an engine state. The methods OpenSpiel's Python algorithms call
    (`legal_actions`, `information_state_string`, …) are answered here in Python; C++
    callers reach the same answers through `_legal_actions` and the observer."""

    def __init__(self, game: AlbionGame, position: _Position | None = None) -> None:
        super().__init__(game)
        self._at = position or _Position(
            game, game.engine.new_state(game.num_players(), game.variant), 0)

    @property
    def engine_state(self) -> AnyState:
        """The engine state (for Albion's own bots and tests; OpenSpiel never needs it)."""
        return self._at.state

    def _cut(self) -> bool:
        """Whether the game reached OpenSpiel's `max_game_length` (a draw there)."""
        return self._at.moves >= self._at.game.length_cap

    def current_player(self) -> int:
        if self._cut():
            return int(pyspiel.PlayerId.TERMINAL)
        player: int = self._at.state.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def is_terminal(self) -> bool:
        return bool(self._at.state.is_terminal()) or self._cut()

    def _indices(self) -> list[int]:
        """Legal action indices (at chance, the possible outcomes), ascending; kept until
        the next action."""
        at = self._at
        if at.legal is None:
            index = self._at.game.space.indices.__getitem__
            state = at.state
            if state.current_player() == CHANCE:
                at.legal = sorted(index(outcome) for outcome, _ in state.chance_outcomes())
            else:
                at.legal = sorted(index(action) for action in state.legal_actions())
        return at.legal

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's LegalActions: empty for a seat not to move, and at the end."""
        if player is not None and player != self.current_player():
            return []
        if self.is_terminal():
            return []
        return list(self._indices())

    def _legal_actions(self, player: int) -> list[int]:
        return self.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The engine's (outcome, probability) pairs by ascending index."""
        index = self._at.game.space.indices.__getitem__
        return sorted((index(outcome), probability)
                      for outcome, probability in self._at.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        """Apply the action with index `action`; an index not legal here changes nothing
        and raises with the engine's reason (its ruling)."""
        at = self._at
        index = int(action)
        if self._cut():
            raise ValueError(f"the game ended at max_game_length ({at.moves} actions, ALL-4)")
        if index not in self._indices():
            space = self._at.game.space
            raise ValueError(f"action {index} is not legal here: "
                             f"{at.state.explain_illegal(space.at(index))}")
        actor = at.state.current_player()
        at.state.apply_legal(self._at.game.space.actions[index])
        at.moves += 1
        at.forget()
        for seat, digest in at.recall.items():
            at.recall[seat] = Recall.step(digest, index if actor == seat else None,
                                          at.state.observe(seat))

    def _action_to_string(self, player: int, action: int) -> str:
        """The action in the game's notation when it reads in this state, else its range in
        the action space and its index."""
        engine, space = self._at.game.engine, self._at.game.space
        try:
            return str(engine.action_text(self._at.state, space.at(action)))
        except Exception:  # any action may be named, legal here or not
            first, _, label = next(row for row in space.layout() if row[0] <= action <= row[1])
            return f"{label} #{action - first}"

    def returns(self) -> list[float]:
        """ALL-1: a win 1, a shared win 1/k, a draw at the safety cap 1/n (and at
        `max_game_length`, ALL-4); 0s until the end (terminal rewards)."""
        state = self._at.state
        players = self._at.game.num_players()
        if state.is_terminal():
            return [float(value) for value in state.returns()]
        if self._cut():
            return [1.0 / players] * players
        return [0.0] * players

    def information_state_string(self, player: int | None = None) -> str:
        return self._string(self.current_player() if player is None else player, True)

    def observation_string(self, player: int | None = None) -> str:
        return self._string(self.current_player() if player is None else player, False)

    def _string(self, player: Seat, recall: bool) -> str:
        """The seat's view (PUBLIC: the spectator's) as text; for the information state,
        with the action count and the digest of its memory (`Recall`). Kept until the
        next action."""
        if player is not None and not 0 <= player < self._at.game.num_players():
            raise ValueError(f"no seat {player} to observe from")
        at = self._at
        key = (player, recall)
        text = at.strings.get(key)
        if text is None:
            text = view_text(at.state.observe(player))
            if recall:
                text = f"actions={at.moves} recall={self._recall(player)} {text}"
            at.strings[key] = text
        return text

    def _recall(self, seat: Seat) -> str:
        """The observer's memory digest, from the history the first time it is asked."""
        at = self._at
        digest = at.recall.get(seat)
        if digest is None:
            if at.resampled:  # its past was not played: its memory starts here
                digest = Recall.step(f"resampled:{at.moves}", None, at.state.observe(seat))
            else:
                digest = Recall.replay(at.game, [int(a) for a in self.history()], seat)
            at.recall[seat] = digest
        return digest

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state `player_id` cannot tell from this one, hidden parts drawn afresh by the
        game's `sampler(view)` (RS-20, SC-27, DI-11), seeded from `probability_sampler()`."""
        at = self._at
        draw = at.samplers.get(player_id)
        if draw is None:
            draw = at.samplers[player_id] = self._at.game.engine.sampler(
                at.state.observe(player_id))
        seed = probability_sampler() if callable(probability_sampler) else random.random()
        world = _Position(at.game, draw(random.Random(seed)), at.moves)
        world.resampled = True
        world.recall[player_id] = self._recall(player_id)  # the same memory, by definition
        return AlbionSpielState(at.game, world)

    def __str__(self) -> str:
        return str(self._at.state.to_text())


class AlbionObserver:
    """OpenSpiel's Python observer. `kind` "view": strings from the seat's view; "public":
    from the spectator's, the same for every seat; "private": the parts of the seat's
    view the spectator's shows otherwise (`private_text`), with an empty tensor. The
    tensor is the game's `observation_tensor(view)` with its named slices in `dict`
    (docs/observations.md), the same for the information state (the current view: the
    tensor has no memory), or empty when the game has none."""

    def __init__(self, game: AlbionGame, recall: bool, kind: str) -> None:
        self.recall = recall
        self.kind = kind
        self.public = kind == "public"
        self.engine = game.engine
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}
        if game.has_tensor and kind != "private":
            layout = self.engine.observation_layout(game.num_players())
            self.tensor = np.zeros(layout.size, np.float32)
            self.dict = {name: self.tensor[start:start + length]
                         for start, length, name, _ in layout.rows()}

    def set_from(self, state: AlbionSpielState, player: int) -> None:
        if self.tensor.size:
            seat = PUBLIC if self.public else player
            self.tensor[:] = self.engine.observation_tensor(state.engine_state.observe(seat))

    def string_from(self, state: AlbionSpielState, player: int) -> str:
        if self.kind == "private":
            engine = state.engine_state
            return private_text(engine.observe(player), engine.observe(PUBLIC))
        return state._string(PUBLIC if self.public else player, self.recall)


def register_all() -> list[str]:
    """Register every Albion game not yet known to pyspiel; the names registered."""
    known = set(pyspiel.registered_names())
    names = []
    for engine in all_games():
        name = openspiel_name(engine.id)
        if name in known or engine.action_space is None:
            continue
        class_name = f"AlbionGame_{engine.id.replace('-', '_')}"
        game_class = type(class_name, (AlbionGame,),
                          {"engine": engine, "__doc__": f"{engine.name} for OpenSpiel."})
        globals()[class_name] = game_class  # pickle finds a game's class by name
        pyspiel.register_game(_game_type(engine), game_class)
        names.append(name)
    return names


register_all()
