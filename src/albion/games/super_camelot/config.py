"""The variant of a Super Camelot game, read once into plain values for the rules."""

from __future__ import annotations

from dataclasses import dataclass

from albion.core.variants import Variant


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
        mimic, plant, knight = (int(part) for part in variant.text("enemy_hp").split("-"))
        return cls(
            abilities=variant["abilities"] == "on",
            own_tile_arcs=variant["arc"] == "own-tile",
            enemy_hp=(mimic, plant, knight),
            treasure_gems=variant.number("treasure_gems"),
            choose_enemy_order=variant["enemy_order"] == "choose",
            target_passed_out=variant["target_passed_out"] == "yes",
            max_turns=variant.number("max_turns"),
            variant=variant,
        )
