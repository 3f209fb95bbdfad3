"""The variant of a Super Camelot game, read once into plain values for the rules."""

from __future__ import annotations

from dataclasses import dataclass

from albion.core.pickling import picklable
from albion.core.variants import Variant
from albion.games.super_camelot.rulings import (
    Abilities,
    Arc,
    EnemyHp,
    EnemyOrder,
    TargetPassedOut,
)


@dataclass(frozen=True, slots=True)
class Rules:
    abilities: bool  # SC-5
    own_tile_arcs: bool  # SC-12
    enemy_hp: tuple[int, int, int]  # SC-13: mimic, plant, dark knight
    treasure_gems: int  # SC-17
    choose_enemy_order: bool  # SC-22
    target_passed_out: bool  # SC-21, SC-31
    max_turns: int  # SC-37
    variant: Variant

    @classmethod
    def of(cls, variant: Variant) -> Rules:
        return cls(
            abilities=variant.choice("abilities", Abilities) is Abilities.ON,
            own_tile_arcs=variant.choice("arc", Arc) is Arc.OWN_TILE,
            enemy_hp=variant.choice("enemy_hp", EnemyHp).hits,
            treasure_gems=variant.number("treasure_gems"),
            choose_enemy_order=variant.choice("enemy_order", EnemyOrder) is EnemyOrder.CHOOSE,
            target_passed_out=(variant.choice("target_passed_out", TargetPassedOut)
                               is TargetPassedOut.YES),
            max_turns=variant.number("max_turns"),
            variant=variant,
        )


picklable(globals())  # frozen dataclasses cross processes (albion.core.pickling)
