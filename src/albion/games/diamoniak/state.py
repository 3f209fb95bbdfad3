"""The Diamoniak rules: one mutable state, every transition citing its ruling.

The draw pile is a multiset of counts (DI-11: only its order is secret), so drawing is a
chance outcome `Reveal(card)` with probability count/size, and a reshuffle (DI-9) is the
discard's counts moving back into the pile.
"""

from __future__ import annotations

from typing import Final, Self

from albion.core.chance import pick_count
from albion.core.errors import Refusal
from albion.core.state import CAP, CHANCE, TERMINAL, State, check_viewer, shared_returns
from albion.games.diamoniak import legality
from albion.games.diamoniak.actions import (
    BUY,
    FIRST,
    LOSE,
    REVEAL,
    Buy,
    Choice,
    DiamoniakAction,
    FirstPlayer,
    Lose,
    Reveal,
)
from albion.games.diamoniak.cards import (
    BUY_PRICE,
    CARDS_LOST_TO_WITCH,
    CASTLE_SIZE,
    COLOURS,
    NO_COLOUR,
    Card,
)
from albion.games.diamoniak.phase import Phase
from albion.games.diamoniak.record import KINDS, DiamoniakRecord
from albion.games.diamoniak.view import DiamoniakView

DIAMOND: Final[int] = Card.DIAMOND.value
WITCH: Final[int] = Card.WITCH.value
FAIRY: Final[int] = Card.FAIRY.value
LOSABLE_RIGHT: Final = (*(int(c) for c in COLOURS), DIAMOND)
"""DI-8: right-hand cards a witch can take (never a fairy)."""

# Enum members bound to module names: attribute access on an Enum class costs ~65 ns,
# a global ~10 ns, and the per-step path makes dozens of these lookups.
FIRST_PLAYER: Final = Phase.FIRST_PLAYER
TURN_START: Final = Phase.TURN_START
DRAWING: Final = Phase.DRAWING
DRAW_OR_STOP: Final = Phase.DRAW_OR_STOP
FAIRY_CHOICE: Final = Phase.FAIRY_CHOICE
WITCH_TOLL: Final = Phase.WITCH_TOLL
OVER: Final = Phase.OVER
DRAW: Final = Choice.DRAW
STOP: Final = Choice.STOP
PASS: Final = Choice.PASS
USE_FAIRY: Final = Choice.USE_FAIRY
KEEP_FAIRY: Final = Choice.KEEP_FAIRY
LOSE_CASTLE: Final = Choice.LOSE_CASTLE


class DiamoniakState(DiamoniakRecord, State[DiamoniakAction, DiamoniakView]):
    """A Diamoniak position: its data (`record.DiamoniakRecord`, counts indexed by
    `Card`) and the rules that move it."""

    __slots__ = ()

    # -- the contract ------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    def current_player(self) -> int:
        phase = self.phase
        if phase is DRAWING or phase is FIRST_PLAYER:
            return CHANCE
        if phase is OVER:
            return TERMINAL
        return self.seat

    def legal_actions(self) -> list[DiamoniakAction]:
        phase = self.phase
        if phase is DRAWING:
            pile = self.pile
            return [REVEAL[card] for card in range(KINDS) if pile[card]]
        if phase is DRAW_OR_STOP:
            return [DRAW, STOP] if self.can_draw() else [STOP]
        if phase is TURN_START:
            can_draw = self.can_draw()  # DI-9: the check of draw_refusal and pass_refusal
            actions: list[DiamoniakAction] = [DRAW] if can_draw else []
            actions += self.purchases()
            if not can_draw:
                actions.append(PASS)
            return actions
        if phase is WITCH_TOLL:
            return self.toll_choices()
        if phase is FAIRY_CHOICE:
            return [USE_FAIRY, KEEP_FAIRY]
        if phase is FIRST_PLAYER:
            return list(FIRST[: self.n])
        return []

    def chance_outcomes(self) -> list[tuple[DiamoniakAction, float]]:
        if self.phase is DRAWING:
            pile = self.pile
            size = sum(pile)
            return [(REVEAL[card], pile[card] / size) for card in range(KINDS) if pile[card]]
        if self.phase is FIRST_PLAYER:
            return [(FIRST[seat], 1 / self.n) for seat in range(self.n)]
        return []

    def sample_chance(self, uniform: float) -> DiamoniakAction:
        """DI-11: the card `uniform` reveals, straight from the pile's counts — the very
        sums `pick_outcome` adds over `chance_outcomes()`, without building the list."""
        if self.phase is not DRAWING:
            return super().sample_chance(uniform)
        return REVEAL[pick_count(self.pile, uniform)]

    def apply_legal(self, action: DiamoniakAction) -> None:
        if action.__class__ is Reveal:
            self._reveal(action.card)
        elif action is DRAW:
            self._draw()
        elif action is STOP or action is PASS:
            self._end_turn()
        elif action.__class__ is Buy:
            self._buy(action)
        elif action.__class__ is Lose or action is LOSE_CASTLE:
            self._pay(action)
            self._settle_toll()
        elif action is USE_FAIRY:
            self._use_fairy()
        elif action is KEEP_FAIRY:
            self._start_toll()
        elif action.__class__ is FirstPlayer:
            self.seat = action.seat
            self.phase = TURN_START

    def refusal(self, action: object) -> Refusal | None:
        return legality.refusal(self, action)

    def is_terminal(self) -> bool:
        return self.phase is OVER

    def returns(self) -> list[float]:
        """ALL-1: the winner 1; a draw at the DI-10 cap 1/n each; 0s while playing."""
        if self.phase is not OVER:
            return [0.0] * self.n
        return shared_returns(self.n, [self.winner] if self.winner >= 0 else [])

    def end_reason(self) -> str | None:
        """DI-10: a full castle, or the cap."""
        if self.phase is not OVER:
            return None
        return "castle" if self.winner >= 0 else CAP

    def observe(self, seat: int | None) -> DiamoniakView:
        """DI-11: everything but the pile's order, which the state does not even hold."""
        check_viewer(seat, self.n)
        return DiamoniakView(
            seat=seat,
            variant=self.rules.variant,
            num_players=self.n,
            current_player=self.current_player(),
            turn_seat=self.seat,
            phase=self.phase.name.lower(),
            draw_pile=tuple(self.pile),
            discard=tuple(self.discard),
            castles=tuple(zip(self.castle, self.castle_size, strict=True)),
            right_piles=tuple(tuple(pile) for pile in self.right),
            toll_left=self.toll_left,
            turns=self.turns,
            winner=self.winner,
        )

    def to_text(self) -> str:
        from albion.games.diamoniak.position_text import to_text  # noqa: PLC0415 - beside

        return to_text(self)

    def __str__(self) -> str:
        from albion.games.diamoniak.render import render  # noqa: PLC0415 - rich, when printed
        from albion.games.picture import picture  # noqa: PLC0415

        return picture(self, render)

    def clone(self) -> Self:
        other = type(self)()
        other.rules = self.rules
        other.n = self.n
        other.seat = self.seat
        other.phase = self.phase
        other.pile = self.pile[:]
        other.discard = self.discard[:]
        other.castle = self.castle[:]
        other.castle_size = self.castle_size[:]
        other.right = [pile[:] for pile in self.right]
        other.toll_left = self.toll_left
        other.turns = self.turns
        other.winner = self.winner
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DiamoniakState):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        return (self.rules, self.n, self.seat, self.phase, self.pile, self.discard,
                self.castle, self.castle_size, self.right, self.toll_left, self.turns,
                self.winner)

    def __repr__(self) -> str:
        return f"<DiamoniakState {self.phase.name} seat={self.seat} turns={self.turns}>"

    # -- questions the rules ask -------------------------------------------------------

    def colour_is_owned(self, colour: int) -> bool:
        """DI-5: a colour is owned while some seat's castle is of that colour."""
        return colour in self.castle

    def purchases(self) -> list[DiamoniakAction]:
        """DI-7: castle cards the current seat may buy now: the predicates of
        `legality.buy_refusal`, tested without wording a refusal."""
        me = self.seat
        colour = self.castle[me]
        if colour == NO_COLOUR or self.right[me][DIAMOND] < BUY_PRICE:
            return []
        right = self.right
        colours = range(len(COLOURS)) if self.rules.buy_any else (colour,)
        return [BUY[seller][c] for seller in range(self.n) if seller != me
                for c in colours if right[seller][c]]

    def toll_choices(self) -> list[DiamoniakAction]:
        """DI-8: the kinds of card the drawer may still give the witch: the predicates of
        `legality.toll_refusal`, tested without wording a refusal."""
        me = self.seat
        right = self.right[me]
        choices: list[DiamoniakAction] = [LOSE_CASTLE] if self.castle_size[me] else []
        choices += [LOSE[card] for card in LOSABLE_RIGHT if right[card]]
        return choices

    # -- transitions -------------------------------------------------------------------

    def _draw(self) -> None:
        """DI-3 draw; DI-9: an empty pile takes the shuffled discard first."""
        if not any(self.pile):
            self.pile, self.discard = self.discard, [0] * KINDS
        self.phase = DRAWING

    def _reveal(self, card: int) -> None:
        self.pile[card] -= 1
        me = self.seat
        if card == WITCH:
            if not self.right[me][FAIRY]:
                self._start_toll()
            elif self.rules.fairy_auto:
                self._use_fairy()
            else:
                self.phase = FAIRY_CHOICE
            return
        self.phase = DRAW_OR_STOP
        if card >= DIAMOND:  # DI-6: a diamond or a fairy goes to the right-hand pile
            self.right[me][card] += 1
        elif self.castle[me] == card:  # DI-4: own colour joins the castle
            self._add_to_castle(me)
        elif self.castle[me] == NO_COLOUR and not self.colour_is_owned(card):
            self.castle[me] = card  # DI-4: starts a castle (DI-5: only ever by drawing)
            self.castle_size[me] = 1
        else:
            self.right[me][card] += 1

    def _add_to_castle(self, seat: int) -> None:
        """DI-10: the sixth card wins at once."""
        self.castle_size[seat] += 1
        if self.castle_size[seat] == CASTLE_SIZE:
            self.winner = seat
            self.phase = OVER

    def _buy(self, action: Buy) -> None:
        """DI-7 (DI-12 for buy=any): pay, take the card, and the turn ends."""
        me, seller, colour = self.seat, action.seller, action.colour
        self.right[me][DIAMOND] -= BUY_PRICE
        if self.rules.diamonds_to_seller:
            self.right[seller][DIAMOND] += BUY_PRICE
        else:
            self.discard[DIAMOND] += BUY_PRICE
        self.right[seller][colour] -= 1
        if colour == self.castle[me]:
            self._add_to_castle(me)
            if self.phase is OVER:
                return
        else:
            self.right[me][colour] += 1
        self._end_turn()

    def _use_fairy(self) -> None:
        """DI-8: witch and fairy go to the discard; nothing else is lost."""
        self.right[self.seat][FAIRY] -= 1
        self.discard[FAIRY] += 1
        self.discard[WITCH] += 1
        self._end_turn()

    def _start_toll(self) -> None:
        self.toll_left = CARDS_LOST_TO_WITCH
        self._settle_toll()

    def _settle_toll(self) -> None:
        """DI-8 and DI-14: forced cards go at once; stop and ask on a real choice."""
        me = self.seat
        right = self.right[me]
        while self.toll_left:
            # `toll_choices()` counted rather than listed: how many kinds may be given,
            # the first of them, and the cards at risk (issue 28)
            at_risk = self.castle_size[me]
            kinds = 1 if at_risk else 0
            first: DiamoniakAction | None = LOSE_CASTLE if at_risk else None
            for card in LOSABLE_RIGHT:
                count = right[card]
                if count:
                    kinds += 1
                    at_risk += count
                    if first is None:
                        first = LOSE[card]
            if first is None:
                break
            if kinds > 1 and at_risk > self.toll_left:
                self.phase = WITCH_TOLL
                return
            self._pay(first)
        self._end_toll()

    def _pay(self, choice: DiamoniakAction) -> None:
        """DI-8: one card to the discard, from the castle or the right-hand pile."""
        me = self.seat
        if choice is LOSE_CASTLE:
            self.castle_size[me] -= 1
            self.discard[self.castle[me]] += 1
        else:
            card = choice.card  # type: ignore[union-attr]
            self.right[me][card] -= 1
            self.discard[card] += 1
        self.toll_left -= 1

    def _end_toll(self) -> None:
        """DI-8: the witch joins the discard; DI-5/DI-12: an emptied castle may free its
        colour; the turn ends."""
        self.toll_left = 0
        self.discard[WITCH] += 1
        me = self.seat
        if self.rules.release_empty and self.castle_size[me] == 0:
            self.castle[me] = NO_COLOUR
        self._end_turn()

    def _end_turn(self) -> None:
        """DI-10: the cap ends the game as a draw; otherwise the next seat clockwise."""
        self.turns += 1
        if self.turns >= self.rules.max_turns:
            self.phase = OVER
            return
        self.seat = (self.seat + 1) % self.n
        self.phase = TURN_START
