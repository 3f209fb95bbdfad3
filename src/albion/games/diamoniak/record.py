"""Diamoniak's data, on the package's ground floor (issue 26): the variant read into
flags (`Rules`) and a position's fields (`DiamoniakRecord`), with the predicates that only
read them. The rules (`state`), their checks (`legality`), the notation and the position
text import this module, and it imports none of them: no import circle."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Self

from albion.core.pickling import picklable
from albion.core.state import State
from albion.core.variants import Variant
from albion.games.diamoniak.actions import DiamoniakAction
from albion.games.diamoniak.cards import DECK, NO_COLOUR
from albion.games.diamoniak.phase import Phase
from albion.games.diamoniak.rulings import Buy, DiamondsTo, Fairy, First, ReleaseEmpty
from albion.games.diamoniak.view import DiamoniakView

KINDS: Final = len(DECK)


@dataclass(frozen=True, slots=True)
class Rules:
    """The variant, read once into flags for the per-step path."""

    first_random: bool
    release_empty: bool
    diamonds_to_seller: bool
    buy_any: bool
    fairy_auto: bool
    max_turns: int
    variant: Variant

    @classmethod
    def of(cls, variant: Variant) -> Rules:
        return cls(
            first_random=variant.choice("first", First) is First.RANDOM,
            release_empty=variant.choice("release_empty", ReleaseEmpty) is ReleaseEmpty.YES,
            diamonds_to_seller=variant.choice("diamonds_to", DiamondsTo) is DiamondsTo.SELLER,
            buy_any=variant.choice("buy", Buy) is Buy.ANY,
            fairy_auto=variant.choice("fairy", Fairy) is Fairy.AUTO,
            max_turns=variant.number("max_turns"),
            variant=variant,
        )


class DiamoniakRecord(State[DiamoniakAction, DiamoniakView]):
    """A Diamoniak position's fields. Lists of counts are indexed by `Card`."""

    __slots__ = (
        "rules", "n", "seat", "phase", "pile", "discard", "castle", "castle_size", "right",
        "toll_left", "turns", "winner",
    )

    rules: Rules
    n: int
    seat: int  # whose turn it is (also during chance and the witch's toll)
    phase: Phase
    pile: list[int]
    discard: list[int]
    castle: list[int]  # colour per seat, or NO_COLOUR
    castle_size: list[int]
    right: list[list[int]]  # per seat, counts per Card (WITCH always 0)
    toll_left: int
    turns: int  # completed turns (DI-10 cap)
    winner: int  # seat, or -1 (none yet, or a draw)

    @classmethod
    def initial(cls, num_players: int, rules: Rules) -> Self:
        """DI-2: every card in the draw pile; seat 0 starts unless first=random."""
        state = cls()
        state.rules = rules
        state.n = num_players
        state.seat = 0
        state.phase = Phase.FIRST_PLAYER if rules.first_random else Phase.TURN_START
        state.pile = list(DECK)
        state.discard = [0] * KINDS
        state.castle = [NO_COLOUR] * num_players
        state.castle_size = [0] * num_players
        state.right = [[0] * KINDS for _ in range(num_players)]
        state.toll_left = 0
        state.turns = 0
        state.winner = -1
        return state

    def can_draw(self) -> bool:
        """DI-9: a card can be drawn while the pile or the discard holds one."""
        return any(self.pile) or any(self.discard)


picklable(globals())  # frozen dataclasses cross processes (albion.core.pickling)
