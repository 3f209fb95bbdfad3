"""The Raiding Stonehenge rules: one mutable state, each transition citing its ruling.

The deck is a multiset of counts: every card dealt (to a line or a hand) is a chance
outcome `Deal(number)`, its target fixed by the public deal queue. Hands and committed
cards are the only secrets (RS-18).
"""

from __future__ import annotations

from bisect import insort
from typing import Final, Self

from albion.core.errors import IllegalActionError, NotYourTurn, Refusal
from albion.core.state import CHANCE, TERMINAL, State, check_viewer, shared_returns
from albion.core.words import say
from albion.games.raiding_stonehenge import legality
from albion.games.raiding_stonehenge.actions import (
    DEAL,
    PLACE,
    PLAY,
    SET_ASIDE,
    TAKE,
    Deal,
    Place,
    Play,
    RaidingAction,
    SetAside,
    Take,
)
from albion.games.raiding_stonehenge.components import (
    CARD_COLOUR,
    COPIES,
    DECK_SIZE,
    HIGHEST_CARD,
    LINES,
)
from albion.games.raiding_stonehenge.phase import Phase
from albion.games.raiding_stonehenge.record import (
    FIELDS,
    HAND_TARGET,
    NO_PILE,
    RaidingRecord,
)
from albion.games.raiding_stonehenge.resolution import payout, placement_order
from albion.games.raiding_stonehenge.scoring import score, winners
from albion.games.raiding_stonehenge.view import RaidingView

DEALING: Final = Phase.DEALING
PICK: Final = Phase.PICK
PLAY_PHASE: Final = Phase.PLAY
PLACE_PHASE: Final = Phase.PLACE
SET_ASIDE_PHASE: Final = Phase.SET_ASIDE
OVER: Final = Phase.OVER
SHARES: Final[tuple[tuple[float, ...], ...]] = tuple(
    tuple(count / size if size else 0.0 for count in range(COPIES + 1))
    for size in range(DECK_SIZE + 1))
"""RS-3: `SHARES[size][count]` is the chance of dealing a number the deck holds `count` of
among `size` cards; the one table of floats both `DEALS` and `sample_chance` add up."""
DEALS: Final[tuple[tuple[tuple[tuple[Deal, float], ...], ...], ...]] = tuple(
    tuple(tuple((DEAL[number], shares[count]) for count in range(COPIES + 1))
          for number in range(HIGHEST_CARD + 1))
    for shares in SHARES)
"""RS-3: `DEALS[size][number][count]` is the chance outcome of dealing `number` while the
deck holds `count` of it among `size` cards: `deck[number] / size`, prebuilt."""


def refill_deal(lines: list[list[int]], players: int, deck_size: int) -> list[int]:
    """RS-13: passes left to right, one card per short line per pass, until each line
    holds N cards or the deck is empty."""
    first, second, third, fourth, fifth = lines  # LINES: spelt out, 0.4 µs under map(len)
    # The shape as one int (a line holds at most N ≤ 5 cards, so 3 bits each): a dict
    # look-up of an int, not a cached call hashing a tuple of a tuple (issue 28).
    shape = (((((len(first) << 3 | len(second)) << 3 | len(third)) << 3 | len(fourth))
              << 3 | len(fifth)) << 3 | players)
    passes = REFILLS.get(shape)
    if passes is None:
        passes = REFILLS[shape] = refill_passes(
            players, (len(first), len(second), len(third), len(fourth), len(fifth)))
    return list(passes[:deck_size]) if deck_size < len(passes) else list(passes)


REFILLS: Final[dict[int, tuple[int, ...]]] = {}
"""`refill_passes` by shape (`refill_deal`): at most 6⁵ shapes a player count."""


def refill_passes(players: int, lengths: tuple[int, ...]) -> tuple[int, ...]:
    """RS-13: the lines a full refill deals to, in order, for lines of these `lengths`."""
    return tuple(line for gap in range(players) for line in range(LINES)
                 if lengths[line] + gap < players)


class RaidingState(RaidingRecord, State[RaidingAction, RaidingView]):
    """A Raiding Stonehenge position: its data (`record.RaidingRecord`) and the rules
    that move it."""

    __slots__ = ()


    # -- the contract ------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    def current_player(self) -> int:
        phase = self.phase
        if phase is DEALING:
            return CHANCE
        if phase is OVER:
            return TERMINAL
        return self.seat

    def legal_actions(self) -> list[RaidingAction]:
        phase = self.phase
        if phase is DEALING:  # the deck's counts by number, index 0 unused and 0
            return [DEAL[number] for number, count in enumerate(self.deck) if count]
        if phase is PLAY_PHASE:
            hand = self.hands[self.seat]
            return [PLAY[n] for i, n in enumerate(hand) if not i or hand[i - 1] != n]
        if phase is PICK:
            # RS-5: any non-empty line (legality.take_refusal).
            lines = self.lines
            return [TAKE[line] for line in range(LINES) if lines[line]]
        if phase is PLACE_PHASE:
            return list(PLACE)
        if phase is SET_ASIDE_PHASE:
            return [SET_ASIDE[c] for c in self.set_aside_choices(self.seat)]
        return []

    def decision_seats(self) -> tuple[int, ...]:
        """RS-6: every seat still to commit plays at once, in commit order (RS-19)."""
        if self.phase is PLAY_PHASE:
            order = ((self.start + k) % self.n for k in range(self.n))
            return tuple(seat for seat in order if not self.plays[seat])
        return State.decision_seats(self)

    def apply_for(self, seat: int, action: RaidingAction) -> None:
        """RS-6: a seat may commit its secret card before the seats ahead of it in commit
        order; the commits are independent, so the outcome equals committing in order."""
        if self.phase is not PLAY_PHASE or seat == self.seat:
            State.apply_for(self, seat, action)
            return
        if seat not in self.decision_seats():
            raise NotYourTurn(seat, self.decision_seats())
        legal = [PLAY[n] for n in self.hands[seat]]
        if action not in legal:
            if isinstance(action, Play):
                raise IllegalActionError("RS-6", say("{number} is not in your hand",
                                                     number=action.number))
            raise self.explain_illegal(action)
        card = legal[legal.index(action)].number
        self.hands[seat].remove(card)
        self.plays[seat] = card
        self.acted += 1

    def chance_outcomes(self) -> list[tuple[RaidingAction, float]]:
        if self.phase is not DEALING:
            return []
        deck = self.deck
        # Prebuilt pairs (`DEALS`): a full deck's outcomes in 1.9 µs instead of 3.1.
        pairs = DEALS[sum(deck)]
        return [pair[count] for pair, count in zip(pairs, deck, strict=True) if count]

    def sample_chance(self, uniform: float) -> RaidingAction:
        """RS-3: the card `uniform` deals, straight from the deck's counts. It adds the
        same floats (`SHARES`) in the same order as `pick_outcome(chance_outcomes(), u)`,
        so it picks the same card for every `uniform`, boundaries included; 1.2 µs for a
        full deck instead of 2.9 (no outcome list)."""
        if self.phase is not DEALING:
            return State.sample_chance(self, uniform)
        deck = self.deck  # counts by number, index 0 unused and 0
        shares = SHARES[sum(deck)]
        total = 0.0
        for number, count in enumerate(deck):
            if count:
                total += shares[count]
                if uniform < total:
                    return DEAL[number]
        return DEAL[max(number for number, count in enumerate(deck) if count)]  # sum below 1

    def apply_legal(self, action: RaidingAction) -> None:
        cls = action.__class__
        if cls is Deal:
            self._deal(action.number)  # type: ignore[union-attr]
        elif cls is Play:
            self._play(action.number)  # type: ignore[union-attr]
        elif cls is Take:
            self._take(action.line)  # type: ignore[union-attr]
        elif cls is Place:
            self._place(action.colour)  # type: ignore[union-attr]
        elif cls is SetAside:
            self._give_back(self.seat, action.colour)  # type: ignore[union-attr]
            self.pending.pop(0)
            self._next_set_aside()

    def refusal(self, action: object) -> Refusal | None:
        return legality.refusal(self, action)

    def is_terminal(self) -> bool:
        return self.phase is OVER

    def scores(self) -> list[int]:
        """RS-16, for every seat (also during the game)."""
        return [score(disks) for disks in self.disks]

    def winners(self) -> list[int]:
        """RS-17 (meaningful once the game is over)."""
        return winners(self.scores(), self.hands)

    def returns(self) -> list[float]:
        """ALL-1: the winners share 1."""
        if self.phase is not OVER:
            return [0.0] * self.n
        return shared_returns(self.n, self.winners())

    def end_reason(self) -> str | None:
        """"score", or "hand" when RS-17's tie-break decided, or "shared"."""
        if self.phase is not OVER:
            return None
        best = self.winners()
        if len(best) > 1:
            return "shared"
        scores = self.scores()
        return "hand" if scores.count(scores[best[0]]) > 1 else "score"

    def observe(self, seat: int | None) -> RaidingView:
        """RS-18: hands and unrevealed plays only to their owner."""
        check_viewer(seat, self.n)
        revealed = self.phase is PLACE_PHASE or self.phase is SET_ASIDE_PHASE
        return RaidingView(
            seat=seat,
            variant=self.rules.variant,
            num_players=self.n,
            current_player=self.current_player(),
            phase=self.phase.name.lower(),
            round=self.round,
            start=self.start,
            lines=tuple(tuple(line) for line in self.lines),
            deck_size=sum(self.deck),
            deal_queue=tuple(self.deal_queue),
            hand=None if seat is None else tuple(self.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            committed=tuple(bool(card) for card in self.plays),
            own_play=0 if seat is None else self.plays[seat],
            revealed=tuple(self.plays) if revealed else (0,) * self.n,
            at_pile=tuple(self.at_pile),
            pending=tuple(self.pending),
            piles=tuple(self.piles),
            disks=tuple(tuple(disks) for disks in self.disks),
            discard=tuple(self.discard),
            final_hands=tuple(tuple(hand) for hand in self.hands) if self.phase is OVER
            else None,
            taken=tuple(tuple(sorted(cards)) for cards in self.taken),
            last_plays=tuple(self.last_plays),
        )

    def to_text(self) -> str:
        from albion.games.raiding_stonehenge.position_text import to_text  # noqa: PLC0415 - beside the rules

        return to_text(self)

    def __str__(self) -> str:
        from albion.games.picture import picture  # noqa: PLC0415
        from albion.games.raiding_stonehenge.render import render  # noqa: PLC0415 - rich, when printed

        return picture(self, render)

    def clone(self) -> Self:
        other = type(self)()
        other.rules, other.n, other.start = self.rules, self.n, self.start
        other.phase, other.seat, other.acted, other.round = (self.phase, self.seat,
                                                             self.acted, self.round)
        other.deck = self.deck[:]
        other.lines = [line[:] for line in self.lines]
        other.hands = [hand[:] for hand in self.hands]
        other.plays = self.plays[:]
        other.at_pile = self.at_pile[:]
        other.pending = self.pending[:]
        other.placed = self.placed[:]
        other.deal_queue = self.deal_queue[:]
        other.piles = self.piles[:]
        other.disks = [disks[:] for disks in self.disks]
        other.discard = self.discard[:]
        other.taken = [cards[:] for cards in self.taken]
        other.last_plays = self.last_plays[:]
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RaidingState):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in FIELDS)

    def __repr__(self) -> str:
        return f"<RaidingState round={self.round} {self.phase.name} seat={self.seat}>"

    # -- transitions -------------------------------------------------------------------

    def _deal(self, number: int) -> None:
        """RS-3, RS-13: the card goes to the next target of the deal queue."""
        self.deck[number] -= 1
        target = self.deal_queue.pop(0)
        if target < HAND_TARGET:
            self.lines[target].append(number)
        else:
            insort(self.hands[target - HAND_TARGET], number)
        if not self.deal_queue:
            self._begin_round()

    def _begin_round(self) -> None:
        """RS-15: no card in any line (the deck being empty) ends the game; else RS-5."""
        if not any(self.lines):
            self.phase = OVER
            return
        self.phase, self.acted, self.seat = PICK, 0, self.start

    def _take(self, line: int) -> None:
        """RS-4, RS-5: the bottom card to the hand; then the next seat clockwise, or the
        play when everyone has picked or the lines ran out."""
        card = self.lines[line].pop()
        insort(self.hands[self.seat], card)
        self.taken[self.seat].append(card)
        self.acted += 1
        if self.acted < self.n and any(self.lines):
            self.seat = (self.start + self.acted) % self.n
        else:
            self.phase, self.acted, self.seat = PLAY_PHASE, 0, self.start

    def _play(self, number: int) -> None:
        """RS-6, RS-19: commit face down, clockwise from the start player (seats that
        committed early, `apply_for`, are passed over); the last commitment reveals every
        card."""
        self.hands[self.seat].remove(number)
        self.plays[self.seat] = number
        self.acted += 1
        if self.acted == self.n:
            self._reveal()
            return
        seat = self.seat
        while self.plays[seat]:
            seat = (seat + 1) % self.n
        self.seat = seat

    def _reveal(self) -> None:
        """RS-7: coloured cards go to their piles; RS-8: black cards choose, in order. A card
        seen taken and now played is no longer known to be in its player's hand."""
        for seat, card in enumerate(self.plays):
            if card in self.taken[seat]:
                self.taken[seat].remove(card)
        coloured, black = placement_order(self.plays, self.start)
        for seat in coloured:
            self.at_pile[seat] = CARD_COLOUR[self.plays[seat]]
        self.placed = coloured
        self.pending = black
        self._next_placement()

    def _next_placement(self) -> None:
        if self.pending:
            self.phase, self.seat = PLACE_PHASE, self.pending[0]
        else:
            self._pay_out()

    def _place(self, colour: int) -> None:
        """RS-8: a black card's player goes to the chosen pile."""
        seat = self.pending.pop(0)
        self.at_pile[seat] = colour
        self.placed.append(seat)
        self._next_placement()

    def _pay_out(self) -> None:
        """RS-10, RS-12: every take first (each pile has one taker at most, and a pile with
        no disk gives nothing); then the set-asides in placement order (RS-21). A setter
        never took this round, so all their disks were held before it (RS-11)."""
        takers, setters = payout(self.at_pile, self.plays, self.start, self.rules.all_lose,
                                 self.placed)
        for seat in takers:
            colour = self.at_pile[seat]
            if self.piles[colour]:
                self.piles[colour] -= 1
                self.disks[seat][colour] += 1
        self.pending = setters
        self._next_set_aside()

    def _next_set_aside(self) -> None:
        """RS-21: ask only on a real choice; one colour goes at once, none gives nothing."""
        while self.pending:
            seat = self.pending[0]
            choices = self.set_aside_choices(seat)
            if len(choices) > 1:
                self.phase, self.seat = SET_ASIDE_PHASE, seat
                return
            if choices:
                self._give_back(seat, choices[0])
            self.pending.pop(0)
        self._end_round()

    def _give_back(self, seat: int, colour: int) -> None:
        """RS-11: the disk returns to the pile of its own colour."""
        self.disks[seat][colour] -= 1
        self.piles[colour] += 1

    def _end_round(self) -> None:
        """RS-6: played cards leave the game; RS-14: the figure moves; RS-13: refill."""
        for card in self.plays:
            if card:
                self.discard[card] += 1
        self.last_plays = self.plays
        self.plays = [0] * self.n
        self.at_pile = [NO_PILE] * self.n
        self.placed = []
        if self.rules.rotate_start:
            self.start = (self.start + 1) % self.n
        self.round += 1
        self.deal_queue = refill_deal(self.lines, self.n, sum(self.deck))
        if self.deal_queue:
            self.phase = DEALING
        else:
            self._begin_round()
