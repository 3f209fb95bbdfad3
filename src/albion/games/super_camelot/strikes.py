"""Resolving a strike once the dice are rolled (SC-12 … SC-15, SC-28): Arthur's re-roll,
Stars, hits, kills, bushes cut, bomb damage, and the Litter and Loot the Gems earn."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from itertools import product
from typing import Final

from albion.core.errors import Refusal
from albion.core.words import say
from albion.games.super_camelot import belongings
from albion.games.super_camelot.combat import enemy_hp
from albion.games.super_camelot.components import Card, Character, Deck, Face, Token
from albion.games.super_camelot.pieces import (
    CardDraws,
    KillChoice,
    LootChoice,
    RerollChoice,
    StarChoice,
    Strike,
    TreasureState,
    Weapon,
)
from albion.games.super_camelot.record import SuperCamelotRecord

BOMB_DAMAGE: Final = 2
"""SC-14: every character in the block, the bomber too, with no defence."""
LOOT_DECK: Final = {Token.MIMIC: Deck.SMALL_LOOT, Token.PLANT: Deck.SMALL_LOOT,
                    Token.DARK_KNIGHT: Deck.BIG_LOOT}


def has_ability(state: SuperCamelotRecord, seat: int, character: Character) -> bool:
    """SC-5: the character's ability, when the `abilities` variant is on."""
    return state.rules.abilities and state.players[seat].character is character


def rolled(state: SuperCamelotRecord, strike: Strike, faces: tuple[Face, ...]) -> None:
    """The dice are down: Arthur may re-roll one (once per turn), then Stars are used."""
    strike = strike.rolled(faces)
    if has_ability(state, state.active, Character.ARTHUR) and not state.reroll_used:
        state.pending.append(RerollChoice(strike))
    else:
        use_roll(state, strike)


def rerolled(state: SuperCamelotRecord, strike: Strike, old: Face, new: Face) -> None:
    faces = list(strike.faces)
    faces.remove(old)
    use_roll(state, strike.rolled(tuple(sorted((*faces, new)))))


def use_roll(state: SuperCamelotRecord, strike: Strike) -> None:
    """SC-12: with something to hit, the attacker says how Stars are used (SC-38);
    otherwise every Star is a Gem."""
    stars = strike.faces.count(Face.STAR)
    if stars and (strike.enemies or strike.characters):  # a bomb's hits also hurt people
        state.pending.append(StarChoice(strike))
    else:
        assign_hits(state, strike, stars)


def assign_hits(state: SuperCamelotRecord, strike: Strike, star_gems: int) -> None:
    """SC-12, SC-28: hit icons (a 2 Hits icon is never split; Lancelot's first 1 Hit is
    worth 2, SC-5). A bomb's hits count against every enemy in its block (SC-14); sword
    and bow hits are assigned enemy by enemy."""
    faces = strike.faces
    stars = faces.count(Face.STAR)
    gems = faces.count(Face.GEM) + star_gems
    icons = [2] * (faces.count(Face.TWO_HITS) + stars - star_gems) + \
        [1] * faces.count(Face.ONE_HIT)
    if 1 in icons and has_ability(state, state.active, Character.LANCELOT):
        icons[icons.index(1)] = 2
    if strike.weapon is Weapon.BOMB:
        total = sum(icons)
        killed = tuple(sq for sq in strike.enemies if total >= enemy_hp(state, state.enemies[sq]))
        if total:
            for seat in strike.characters:
                damage(state, seat, BOMB_DAMAGE)
        finish(state, strike, killed, gems)
        return
    kills = kill_options(state, strike.enemies, icons)
    if len(kills) == 1:  # SC-38: nothing to ask
        finish(state, strike, kills[0], gems)
    else:
        state.pending.append(KillChoice(strike, kills, gems))


def kill_options(state: SuperCamelotRecord, enemies: tuple[int, ...],
                 icons: list[int]) -> tuple[tuple[int, ...], ...]:
    """The sets of enemies some assignment of `icons` kills, keeping only the sets no
    other set contains (killing more never hurts the attacker): each a tuple of squares in
    order, the sets in order."""
    needs = tuple(enemy_hp(state, state.enemies[sq]) for sq in enemies)
    return tuple(sorted(tuple(sorted(enemies[index] for index in kill))
                        for kill in maximal_kills(needs, tuple(icons))))


@cache
def maximal_kills(needs: tuple[int, ...], icons: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """`kill_options` for enemies needing `needs` hits, as sets of their indices: every
    assignment of each icon to an enemy or to none is tried, so the answer depends on the
    hit points and the icons only and is remembered (the search was 5 % of a compiled
    random playout, issue 28). Shared between calls: read it, never change it."""
    found = set()
    for targets in product(range(len(needs) + 1), repeat=len(icons)):
        dealt = [0] * len(needs)
        for icon, target in zip(icons, targets, strict=True):
            if target < len(needs):
                dealt[target] += icon
        found.add(tuple(index for index, (got, need) in enumerate(zip(dealt, needs,
                                                                       strict=True))
                        if got >= need))
    return tuple(kill for kill in found if not any(set(kill) < set(other) for other in found))


def kill_refusal(step: KillChoice, square: int) -> Refusal | None:
    """SC-12, SC-38: why the enemy on `square` may not be named next, or None: it must be
    one the attack reaches, not named yet, in a maximal kill set with those named."""
    if square in step.chosen:
        return Refusal("SC-38", say("that enemy is already chosen: name another"))
    if square not in step.strike.enemies:
        return Refusal("SC-12", say("the attack reaches no enemy there"))
    chosen = set(step.chosen)
    if not any(square in kill and chosen.issubset(kill) for kill in step.kills):
        return Refusal("SC-38", say("the hits cannot kill that enemy as well as those chosen "
                                    "in any set no larger one contains"))
    return None


def kill_named(state: SuperCamelotRecord, step: KillChoice, square: int) -> None:
    """SC-38: enemies are named one at a time; once one maximal set alone contains those
    named, it is killed without asking more."""
    chosen = tuple(sorted((*step.chosen, square)))
    reachable = [kill for kill in step.kills if set(chosen).issubset(kill)]
    if len(reachable) == 1:
        finish(state, step.strike, reachable[0], step.gems)
    else:
        state.pending.append(replace(step, chosen=chosen))


def damage(state: SuperCamelotRecord, seat: int, amount: int) -> None:
    """SC-21: lose health; at 0 the character passes out."""
    player = state.players[seat]
    player.health = max(0, player.health - amount)
    if not player.health:
        player.passed_out = True


def finish(state: SuperCamelotRecord, strike: Strike, killed: tuple[int, ...],
           gems: int) -> None:
    """SC-12: bushes are cut, the killed enemies leave (a Mimic gives back what it stole,
    SC-24); each Gem lets one cut bush draw Litter and one killed enemy draw Loot."""
    for square in strike.bushes:
        del state.things[square]
        state.token_supply[Token.BUSH] += 1
    fallen = [(square, state.enemies[square]) for square in killed]
    for square, _ in fallen:
        remove_enemy(state, square, killer=state.active)
    if state.winner >= 0:
        return
    loot = min(gems, len(fallen))
    if loot == len(fallen):
        draw_loot(state, tuple(fallen))
    elif loot:
        state.pending.append(LootChoice(tuple(fallen), loot))
    litter = min(gems, len(strike.bushes))
    if litter:
        state.pending.append(CardDraws(Deck.LITTER, litter, strike.bushes))


def draw_loot(state: SuperCamelotRecord, fallen: tuple[tuple[int, Token], ...]) -> None:
    """Small Loot for Mimics and Plants, Big Loot for Dark Knights (rulebook, Enemy Cards);
    items drop where the enemies fell."""
    for deck in (Deck.BIG_LOOT, Deck.SMALL_LOOT):
        sources = tuple(square for square, token in fallen if LOOT_DECK[token] is deck)
        if sources:
            state.pending.append(CardDraws(deck, len(sources), sources))


def loot_refusal(step: LootChoice, square: int) -> Refusal | None:
    """SC-12, SC-28: why the enemy on `square` may not be named next to draw Loot, or None:
    one this attack killed, not named yet (one card per killed enemy)."""
    if square in step.chosen:
        return Refusal("SC-28", say("that enemy already draws Loot: each draws one card at most"))
    if all(square != fell for fell, _ in step.fallen):
        return Refusal("SC-12", say("only an enemy this attack killed draws Loot"))
    return None


def loot_named(state: SuperCamelotRecord, step: LootChoice, square: int) -> None:
    """SC-12: once as many enemies are named as there are Gems, they draw (in the order
    they fell); until then, another is asked for (a real choice: more fell than Gems)."""
    chosen = tuple(sorted((*step.chosen, square)))
    if len(chosen) < step.count:
        state.pending.append(replace(step, chosen=chosen))
    else:
        draw_loot(state, tuple(fell for fell in step.fallen if fell[0] in chosen))


def remove_enemy(state: SuperCamelotRecord, square: int, killer: int) -> None:
    """A killed enemy returns to the supply. SC-24: a killed Mimic's treasure goes face up
    to its owner, or to the killer if someone else killed it."""
    token = state.enemies.pop(square)
    state.token_supply[token] += 1
    state.facing.pop(square, None)
    stolen = state.loot.pop(square, ())
    for owner, card in stolen:
        treasures = state.players[owner].treasures
        index = treasures.index((card, TreasureState.STOLEN))
        if owner == killer:
            treasures[index] = (card, TreasureState.UP)
        else:
            del treasures[index]
            state.players[killer].treasures.append((card, TreasureState.UP))
    if stolen:
        belongings.check_gems(state, killer)
        if any(card is Card.MAGNET for _, card in stolen) and state.winner < 0:
            belongings.collect_on_tile(state, killer)  # SC-32: a Magnet back in hand
