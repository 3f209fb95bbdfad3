"""What an action brought about, as events for the play log (public facts only: health,
enemies, items picked up, treasures found or stolen — never a gem total, SC-19, nor what
the hidden gem supply paid, SC-42), in words with their subject named (issue 27), each
with the turn it happened in (`events.turn_of`) and, for damage, a character passing out
or a treasure stolen, an `emphasis` a face makes stand out."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from albion.core.events import EVERYONE, Event
from albion.core.words import Seat, say, say_n
from albion.games.super_camelot import events as words
from albion.games.super_camelot.actions import KeepCard
from albion.games.super_camelot.board import name
from albion.games.super_camelot.components import GEM_ITEMS, Card, Deck, Item, Token
from albion.games.super_camelot.pieces import (
    Adventurer,
    AttackRoll,
    CardDraws,
    Defence,
    KeepChoice,
    RerollDie,
    RollOff,
    SecondDraw,
    StarRoll,
    TreasureState,
    Weapon,
)
from albion.games.super_camelot.words import A_TOKEN, CARD, CARD_NAME, ITEM, THE_TOKEN

if TYPE_CHECKING:
    from albion.games.super_camelot.state import SuperCamelotState


@dataclass(frozen=True, slots=True, kw_only=True)
class EnemyEvent(Event):
    """SC-22 … SC-25: an enemy moved (`origin` → `square`), appeared or died."""

    kind: ClassVar[str] = "enemy"
    enemy: str
    square: str
    change: str
    """"moves", "appears" or "dies"."""
    origin: str | None = None
    turn: int | None = None
    turn_seat: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HealthEvent(Event):
    """SC-21: `seat`'s health changed (damage or healing), or it passed out."""

    kind: ClassVar[str] = "health"
    seat: int
    change: int
    health: int
    passed_out: bool
    turn: int | None = None
    turn_seat: int | None = None
    emphasis: words.Emphasis | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Gain(Event):
    """SC-16 … SC-19, SC-24: `seat` got an item or a treasure, or a Mimic took one."""

    kind: ClassVar[str] = "gain"
    seat: int
    thing: str
    stolen: bool = False
    turn: int | None = None
    turn_seat: int | None = None
    emphasis: words.Emphasis | None = None


POTIONS = (Card.HEALTH_POTION, Card.GRAIL_WATER)


def outcome(before: SuperCamelotState, after: SuperCamelotState) -> list[Event]:
    """SC-19: items picked up, treasures and health are public; SC-42: the tokens a Big
    Treasure pays from the supply (which its hidden counts decide) are told to the finder
    only."""
    turn, turn_seat = words.turn_of(before)
    events: list[EnemyEvent | HealthEvent | Gain] = \
        _enemy_events(before, after) + _wasted_potion(before, after)
    big = _big_treasure(before, after)
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=False)):
        who = Seat(seat)
        if new.health < old.health:
            events.append(HealthEvent(
                words=say_n("{player} takes {count} damage ({health} health left)",
                            "{player} takes {count} damage ({health} health left)",
                            old.health - new.health, player=who, health=new.health),
                seat=seat, change=new.health - old.health, health=new.health,
                passed_out=new.passed_out, emphasis="damage"))
        elif new.health > old.health and not old.passed_out:
            events.append(HealthEvent(words=say("{player} heals to {health} health", player=who,
                                                health=new.health), seat=seat,
                                      change=new.health - old.health, health=new.health,
                                      passed_out=False))
        if new.passed_out and not old.passed_out:
            events.append(HealthEvent(words=say("{player} passes out", player=who), seat=seat,
                                      change=0,
                                      health=new.health, passed_out=True,
                                      emphasis="pass_out"))
        paid = big if seat == before.active else None
        events += [Gain(words=say("{player} gets {item}", player=who, item=ITEM[item]),
                        seat=seat,
                        thing=item.label,
                        audience=frozenset({seat}) if paid and item in GEM_ITEMS else EVERYONE)
                   for item in Item for _ in range(_held(new, item) - _held(old, item))]
        if paid:
            events.append(Gain(words=say("{player} hides the Big Treasure's gems in the wallet",
                                         player=who),
                               seat=seat, thing=paid.label))
        gained = [card for card in new.treasures if card not in old.treasures]
        events += [Gain(words=say("{player} gains {card}", player=who, card=CARD[card]),
                        seat=seat,
                        thing=card.label)
                   for card, status in gained if status is TreasureState.UP]
        events += [Gain(words=say("a Mimic takes {player}'s {card}", player=who,
                                  card=CARD_NAME[card]),
                        seat=seat, thing=card.label, stolen=True, emphasis="loss")
                   for card, status in gained if status is TreasureState.STOLEN]
    return [replace(event, turn=turn, turn_seat=turn_seat) for event in events]


def _big_treasure(before: SuperCamelotState, after: SuperCamelotState) -> Card | None:
    """The Big Treasure card drawn in this step (SC-17), or None."""
    old, new = before.discards[Deck.BIG_TREASURE], after.discards[Deck.BIG_TREASURE]
    return next((Card(card) for card, count in enumerate(new) if count > old[card]), None)


def _wasted_potion(before: SuperCamelotState,
                   after: SuperCamelotState) -> list[EnemyEvent | HealthEvent | Gain]:
    """SC-16, SC-21, SC-39: a healing potion drunk by a character at full health (or
    passed out) heals nothing; say so rather than let the card vanish unmentioned."""
    seat = before.active
    if not before.pending or seat < 0 or seat >= len(after.players):
        return []
    old, new = before.players[seat], after.players[seat]
    if new.health != old.health:
        return []
    card = _potion_used(before, after)
    if card is None:
        return []
    said = say("{player}'s {card} has no effect ({player} has passed out)") \
        if old.passed_out else say("{player}'s {card} has no effect ({player} is at full "
                                   "health)")
    return [HealthEvent(words=said.with_args(player=Seat(seat), card=CARD_NAME[card]),
                        seat=seat, change=0, health=new.health, passed_out=new.passed_out)]


def _potion_used(before: SuperCamelotState, after: SuperCamelotState) -> Card | None:
    """The healing potion the drawer used in this step (SC-16 acts at once; SC-5 Merlin
    uses a card only once it is kept), or None."""
    pending = before.pending[-1]
    if isinstance(pending, KeepChoice):
        if not any(card in POTIONS for card in pending.cards):
            return None
        target = after.to_text()
        for card in dict.fromkeys(pending.cards):
            kept = before.clone()
            kept.apply(KeepCard(card))
            if card in POTIONS and kept.to_text() == target:
                return card
        return None
    if not isinstance(pending, CardDraws | SecondDraw):
        return None
    deck = pending.deck if isinstance(pending, CardDraws) else pending.draws.deck
    drawn = next((card for card in POTIONS
                  if after.decks[deck][card] < before.decks[deck][card]), None)
    if drawn is None:
        return None
    if isinstance(pending, SecondDraw):
        return drawn if drawn is pending.first else None
    waiting = after.pending and isinstance(after.pending[-1], SecondDraw)
    return None if waiting else drawn


def roll_purpose(state: SuperCamelotState) -> str | None:
    """What the dice about to be rolled are for, or None when no dice are pending."""
    if not state.pending:
        return None
    pending = state.pending[-1]
    if isinstance(pending, StarRoll):
        roller = pending.rollers[len(pending.stars)]
        again = f", tie round {pending.round}" if pending.round > 1 else ""
        return f"P{roller + 1}'s roll for the first player{again}, SC-4"
    if isinstance(pending, RollOff):
        return "still tied after the re-rolls: drawn at random, SC-41"
    if isinstance(pending, AttackRoll):
        return f"P{state.active + 1}'s {_WEAPONS[pending.strike.weapon]}, SC-12"
    if isinstance(pending, RerollDie):
        return f"P{state.active + 1}'s re-rolled die, SC-5"
    if isinstance(pending, Defence):
        return f"P{pending.victim + 1}'s defence against {pending.damage} damage, SC-21"
    return None


_WEAPONS = {Weapon.SWORD: "attack", Weapon.BOMB: "bomb", Weapon.BOW: "shot"}


def _held(player: Adventurer, item: Item) -> int:
    if item is Item.SMALL_KEY:
        return player.keys
    if item is Item.BOMB:
        return player.bombs
    return player.gem_tokens(item)


def _label(token: Token) -> str:
    """The protocol's word for an enemy (`dark knight`): the `enemy` field."""
    return token.name.lower().replace("_", " ")


def _enemy_events(before: SuperCamelotState,
                  after: SuperCamelotState) -> list[EnemyEvent | HealthEvent | Gain]:
    if after.populated != before.populated:
        return []  # a tile filled or emptied: its tokens came or went, nobody fought
    gone = {sq: token for sq, token in before.enemies.items() if after.enemies.get(sq) != token}
    new = {sq: token for sq, token in after.enemies.items() if before.enemies.get(sq) != token}
    events: list[EnemyEvent | HealthEvent | Gain] = []
    for square, token in sorted(new.items()):
        origin = next((sq for sq, t in gone.items() if t is token), None)
        if origin is not None:
            del gone[origin]
            events.append(EnemyEvent(
                words=say("{enemy} moves from {origin} to {square}", enemy=THE_TOKEN[token],
                          origin=name(origin), square=name(square)),
                enemy=_label(token), square=name(square), change="moves",
                origin=name(origin)))
        else:
            events.append(EnemyEvent(words=say("{enemy} appears on {square}",
                                               enemy=A_TOKEN[token], square=name(square)),
                                     enemy=_label(token), square=name(square),
                                     change="appears"))
    events += [EnemyEvent(words=say("{enemy} on {square} is killed", enemy=THE_TOKEN[token],
                                    square=name(square)),
                          enemy=_label(token), square=name(square), change="dies")
               for square, token in sorted(gone.items())]
    return events
