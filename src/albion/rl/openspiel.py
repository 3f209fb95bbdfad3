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
  never from the state. The observation string is the view; the information-state string is
  the view and the number of actions so far (public: every action is seen to happen). The
  views hold all a seat may know of the position (RS-18's seen cards, revealed plays), but
  not the order of past public actions, so this is not OpenSpiel's strict perfect recall:
  two histories of one length that leave a seat the same knowledge share one string.
- `resample_from_infostate(player, sampler)` is the game's `sampler(view)` (what Albion's
  ISMCTS draws its worlds with), seeded from `sampler()`. A resampled state has no
  `history()` (its hidden chance outcomes were never drawn as actions).
- Returns are the game's (ALL-1): constant sum 1, a shared win 1/k, a draw 1/n.

States wrap engine states directly rather than a Table: OpenSpiel's algorithms clone and
search positions, which is the state's contract, not a table's (one game in progress).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # no stubs; the adapter is typed at its edges

from albion.core.action_space import ActionSpace
from albion.core.game import AnyGame, AnyState
from albion.core.registry import all_games
from albion.core.state import CHANCE, TERMINAL
from albion.core.variants import Variant

PREFIX = "albion_"


def openspiel_name(game_id: str) -> str:
    """`raiding-stonehenge` → `albion_raiding_stonehenge`."""
    return PREFIX + game_id.replace("-", "_")


def view_text(view: Any) -> str:
    """A view as text: its repr, which shows every field of the (frozen dataclass) view,
    so two views with one text are equal."""
    return repr(view)


class _Position:
    """The engine state under a pyspiel state, its action count and what has been worked out
    about it since the last action (legal indices, strings, the world sampler). `clone()`
    on a pyspiel Python state deep-copies the instance's `__dict__`: this makes that copy
    the engine's hand-written clone (a generic deepcopy of a state is ~40× slower) and
    shares the game (held here, not in `__dict__`, so that it is never copied)."""

    __slots__ = ("game", "state", "moves", "legal", "strings", "samplers")

    def __init__(self, game: AlbionGame, state: AnyState, moves: int) -> None:
        self.game = game
        self.state = state
        self.moves = moves
        self.legal: list[int] | None = None
        self.strings: dict[tuple[int, bool], str] = {}
        self.samplers: dict[int, Callable[[random.Random], AnyState]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        copy = _Position(self.game, self.state.clone(), self.moves)
        copy.legal = self.legal
        return copy

    def forget(self) -> None:
        self.legal = None
        if self.strings:
            self.strings = {}
        if self.samplers:
            self.samplers = {}


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
        parameters[option.key] = option.default
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
        params = dict(params or {})
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
            max_game_length=engine.max_game_length(players, variant),
        )
        super().__init__(_game_type(engine), info, {"players": players, **variant})
        self.variant: Variant = variant
        self.space: ActionSpace[Any] = engine.action_space
        self.has_tensor = has_tensor(engine)

    def new_initial_state(self) -> AlbionSpielState:
        """The game's initial state (often a chance node)."""
        return AlbionSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Mapping[str, Any] | None = None) -> AlbionObserver:
        """Information state with `perfect_recall`, observation without (see the module)."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return AlbionObserver(self, recall)


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

    def current_player(self) -> int:
        player: int = self._at.state.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def is_terminal(self) -> bool:
        return bool(self._at.state.is_terminal())

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
        if self._at.state.is_terminal():
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
        if index not in self._indices():
            space = self._at.game.space
            raise ValueError(f"action {index} is not legal here: "
                             f"{at.state.explain_illegal(space.at(index))}")
        at.state.apply_legal(self._at.game.space.actions[index])
        at.moves += 1
        at.forget()

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
        """ALL-1: a win 1, a shared win 1/k, a draw at the safety cap 1/n; 0s until the
        end (terminal rewards)."""
        state = self._at.state
        if not state.is_terminal():
            return [0.0] * self._at.game.num_players()
        return [float(value) for value in state.returns()]

    def information_state_string(self, player: int | None = None) -> str:
        return self._string(self.current_player() if player is None else player, True)

    def observation_string(self, player: int | None = None) -> str:
        return self._string(self.current_player() if player is None else player, False)

    def _string(self, player: int, recall: bool) -> str:
        """The seat's view as text (with the action count for the information state);
        kept until the next action."""
        if not 0 <= player < self._at.game.num_players():
            raise ValueError(f"no seat {player} to observe from")
        at = self._at
        key = (player, recall)
        text = at.strings.get(key)
        if text is None:
            text = view_text(at.state.observe(player))
            if recall:
                text = f"actions={at.moves} {text}"
            at.strings[key] = text
        return text

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state `player_id` cannot tell from this one, hidden parts drawn afresh by the
        game's `sampler(view)` (RS-20, SC-27, DI-11), seeded from `probability_sampler()`."""
        at = self._at
        draw = at.samplers.get(player_id)
        if draw is None:
            draw = at.samplers[player_id] = self._at.game.engine.sampler(
                at.state.observe(player_id))
        seed = probability_sampler() if callable(probability_sampler) else random.random()
        return AlbionSpielState(at.game, _Position(at.game, draw(random.Random(seed)),
                                                   at.moves))

    def __str__(self) -> str:
        return str(self._at.state.to_text())


class AlbionObserver:
    """OpenSpiel's Python observer: strings from the seat's view; the tensor is the game's
    `observation_tensor(view)` with its named slices in `dict` (docs/observations.md), the
    same for the information state (the view already holds what the seat knows), or
    empty when the game has none."""

    def __init__(self, game: AlbionGame, recall: bool) -> None:
        self.recall = recall
        self.engine = game.engine
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}
        if game.has_tensor:
            layout = self.engine.observation_layout(game.num_players())
            self.tensor = np.zeros(layout.size, np.float32)
            self.dict = {name: self.tensor[start:start + length]
                         for start, length, name, _ in layout.rows()}

    def set_from(self, state: AlbionSpielState, player: int) -> None:
        if self.tensor.size:
            self.tensor[:] = self.engine.observation_tensor(state.engine_state.observe(player))

    def string_from(self, state: AlbionSpielState, player: int) -> str:
        return state._string(player, self.recall)


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
