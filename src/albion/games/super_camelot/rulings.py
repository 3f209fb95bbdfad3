"""The rulings of Super Camelot (RULINGS.md SC-1 … SC-33, project rulings SC-34 … SC-42) and
its variants. Each id is cited by the code that applies it and a test named after it."""

from __future__ import annotations

from enum import StrEnum

from albion.core.rulings import ALL_1, Ruling, Source
from albion.core.variants import VariantOption

RB, PUB, INF, HOUSE, PROJECT = (Source.RULEBOOK, Source.PUBLISHED, Source.INFERRED,
                                Source.HOUSE, Source.PROJECT)

RULINGS: tuple[Ruling, ...] = (
    Ruling("SC-1", "Map",
           "A 4×4 grid of tile slots. The 4 centre slots hold the starting tiles; the 12 around "
           "them are the discoverable ring (16 tiles = the 16 Map Tiles). The 4 starting tiles are "
           "drawn from the 11 unnamed tiles; the 5 named ones (Fire, Water, Wind Shrine, Big "
           "Chest, Big Key) are shuffled into the rest. Tiles are never rotated; north is fixed.",
           (INF,)),
    Ruling("SC-2", "Tiles",
           "7×7 squares each (map 28×28). The 4 corner squares are trees. The 16 layouts are ours "
           "to design, stored as data (7 text rows per tile) and checked by a validator: no token "
           "on an edge square (entry is always legal); unnamed tiles keep each corner 2×2 free "
           "(they may lie under the Starting Tile); every chest has a free square directly south "
           "of it; every free square is reachable from every edge (bushes count as cuttable, rocks "
           "as walls); exactly 10 Small Chests, 1 Big Chest, 1 Big Key stack, 1 stack of each "
           "Relic in all; for each token type the 4 largest per-tile counts fit the supply (22 "
           "bushes, 12 rocks, 8 of each enemy, keeping 2 Dark Knights spare for Litter spawns).",
           (HOUSE,)),
    Ruling("SC-3", "Starting Tile",
           "A 4×4 block centred on the shared corner of the 4 centre tiles, covering each one's "
           "inner 2×2 corner; the Castle fills its middle 2×2; 4 starting circles, one per side, "
           "each adjacent to the 4 squares bordering that side. Circles are not adjacent to each "
           "other.",
           (INF,)),
    Ruling("SC-4", "Players",
           "2–4; each picks a different character (6 boards). First player: everyone rolls 3 dice, "
           "most Stars first, tied players re-roll; then clockwise.",
           (RB,)),
    Ruling("SC-5", "Characters",
           ": the printed abilities are unknown. Defaults: Arthur — once per turn re-roll 1 attack "
           "die; Gwenivere — +1 extra Health from any healing; Lancelot — the first 1 Hit of each "
           "attack counts as 2 Hits; Merlin — draw 2 Litter/Loot cards and keep 1; Percival — +1 "
           "square per Move action; Galahad — on defence a Gem also blocks.",
           (HOUSE,), ("abilities",)),
    Ruling("SC-6", "Actions",
           "Up to 3 per turn in any order, repeats allowed, unused ones lost: Move, Attack, Open "
           "Chest, Pick up Special Item, Claim Grail; Dig with a Shovel.",
           (RB,), newcomer=True),
    Ruling("SC-7", "First turn",
           "Place the character on a free starting circle; the first action must be a Move off the "
           "circle.",
           (RB,), newcomer=True),
    Ruling("SC-8", "Move",
           "Up to 3 orthogonal squares (Racing Boots +1; Percival +1). Blocked by objects (bushes, "
           "rocks, chests), characters, enemies, special-item stacks, trees, the Castle. Items do "
           "not block; entering an item's square collects it. The Starting Tile can't be re- "
           "entered without all 3 Relics.",
           (RB,), newcomer=True),
    Ruling("SC-9", "Safe entry",
           "Entering a tile that is not populated: the square entered must not hold a token after "
           "population, and must have a free exit (generalises the first-turn rule).",
           (RB, INF)),
    Ruling("SC-10", "Explore",
           "Moving off an edge into an empty ring slot places the next tile (chance), populates "
           "it, and the mover must enter at least 1 square.",
           (RB,), newcomer=True),
    Ruling("SC-11", "Populate/depopulate",
           "Entering a tile with no character on it places its bushes, rocks and enemies; "
           "persistent tokens (chests, Big Chest, Big Key and Relic stacks) are placed on the "
           "first visit only and stay. Leaving a tile with no other character on it removes "
           "bushes, rocks, enemies and dropped items (lost for good); this happens before the next "
           "tile populates. If the supply runs short, tokens are placed in reading order until it "
           "runs out. Passed-out characters count as present.",
           (RB,)),
    Ruling("SC-12", "Sword",
           "Attack one of the 4 arcs (an orthogonal square, the diagonal, the next orthogonal "
           "square); Greatsword: 5 squares (W, NW, N, NE, E and rotations). Roll 3 dice; assign "
           "Stars (1 Hit, 2 Hits or Gem); assign hits to enemies separately (no damage carries "
           "over); bushes in the arc are always cut; each Gem lets one cut bush draw Litter and "
           "one killed enemy draw Loot. The arc may reach an adjacent tile.",
           (RB,), ("arc",), newcomer=True),
    Ruling("SC-13", "Enemy health",
           ": Mimic 1, Carnivorous Plant 2, Dark Knight 3.",
           (HOUSE,), ("enemy_hp",)),
    Ruling("SC-14", "Bomb",
           "Spend a Bomb: a 3×3 block inside the current tile; roll 3 dice; the total hits apply "
           "to every enemy in it; bushes in it are cut; if at least 1 hit is counted, every "
           "character in it (the bomber too) takes 2 damage with no defence.",
           (RB,)),
    Ruling("SC-15", "Bow",
           "Once per turn, free: one enemy anywhere on the current tile, no line needed; not "
           "bushes. Nobody can attack a Mimic that is on their own square.",
           (RB,)),
    Ruling("SC-16", "Litter/Loot",
           "Draw from the matching deck (empty → reshuffle its discard). Items drop on the square "
           "of the cut bush/killed enemy (drawer chooses among several). A Health Potion heals 1, "
           "Grail Water to full, Speed Potion gives +1 action this turn, \"Dark Knight\" Litter "
           "spawns a Dark Knight on the bush's square. Deck contents as printed in the rulebook.",
           (RB, HOUSE)),
    Ruling("SC-17", "Chests",
           "Open from the square directly south with the right key (key returns to the supply); "
           "open for good. Small Chest → Small Treasure (face up, effect at once); Big Chest → Big "
           "Treasure (gems; the \"& Small Treasure\" card also draws a Small Treasure). Small "
           "Treasure gem value 5 each.",
           (RB, HOUSE), ("treasure_gems",), newcomer=True),
    Ruling("SC-18", "Special items",
           "Pick up from an orthogonally adjacent square; at most 1 of each type per player; a "
           "stack blocks until empty.",
           (RB,)),
    Ruling("SC-19", "Gems",
           "A total per player (gem items + treasure values); 40 or more wins at once, checked "
           "after every change. Opponents' totals are hidden in views (the wallet), though each "
           "gem pick-up and card drawn is a public event.",
           (RB,), newcomer=True),
    Ruling("SC-20", "Grail",
           "With all 3 Relics a player may step onto a free starting circle; the Claim action "
           "there wins.",
           (RB,)),
    Ruling("SC-21", "Health",
           "0–6 (3 shields). Damage flips intact → cracked → removed. At 0 the character has "
           "passed out: on their next turn they recover to 1 and skip the rest of the turn, Enemy "
           "Turn included. Passed-out characters are not targeted but still block. Defence: roll 1 "
           "die (2 with Royal Shield); a Shield or a Star blocks the whole attack.",
           (RB,), ("target_passed_out",)),
    Ruling("SC-22", "Activation",
           "After the player's turn, every enemy on the active player's current tile activates "
           "once, in reading order. Target: the active player if reachable, else the nearest other "
           "character on that tile by path length (ties: the active player chooses); no reachable "
           "target → no activation. Enemies stay on their tile, pass through other enemies but "
           "never end on one, and are blocked by objects, characters, trees and stacks.",
           (RB,), ("enemy_order",), newcomer=True),
    Ruling("SC-23", "Dark Knight",
           "Shortest path to a free square orthogonally adjacent to the target, then 3 damage.",
           (RB,)),
    Ruling("SC-24", "Mimic",
           "Shortest orthogonal path onto the target's square; if the target has a face-up Small "
           "Treasure, the target chooses one and flips it face down (no effect, no gem value) "
           "until that Mimic is killed (then face up to its owner, or to the killer if someone "
           "else killed it); if the Mimic leaves play unkilled, the card stays face down. Then 1 "
           "damage.",
           (RB,)),
    Ruling("SC-25", "Carnivorous Plant",
           "Never moves. Keeps a facing (north at start), rotates clockwise to the first of 8 "
           "directions with an unbroken straight or diagonal line to the active player; if none, "
           "on to the first direction that sees another character; then 2 damage. Lines are "
           "blocked by objects, trees, characters and stacks, not enemies.",
           (RB, INF)),
    Ruling("SC-26", "Treasures",
           "Racing Boots (+1 square per Move), Hunting Bow (SC-15), Magnet (collect every item on "
           "a tile you enter), Royal Shield (+1 defence die), Power Gauntlet (move through rocks, "
           "removing them), Greatsword (SC-12), Shovel (Dig action: draw a Small Loot card).",
           (RB,)),
    Ruling("SC-27", "Information",
           "Opponents' gem totals are hidden (SC-19); tile stack and deck orders are unknown to "
           "all; everything else is public.",
           (INF,)),
    Ruling("SC-28", "Dice and drops",
           "One \"2 Hits\" icon goes to one enemy (not split). Each cut bush and each killed enemy "
           "draws at most one card, however many Gems. A Star assigned as 1 Hit is a 1 Hit (for "
           "Lancelot too). An item that drops on a square where a character stands is collected by "
           "that character at once; an item from Dig drops on the digger's square and is collected "
           "at once.",
           (INF,)),
    Ruling("SC-29", "Bombs and Mimics",
           "A bomb costs an Attack action. A Mimic on the bomber's own square is not hit by the "
           "bomber's bomb (nobody can attack a Mimic on their own square, SC-15).",
           (INF,)),
    Ruling("SC-30", "Paths and ties",
           "\"Nearest\" is the length of the enemy's shortest legal path to a square it can attack "
           "from (Dark Knight: orthogonally adjacent; Mimic: the target's square); Plants use "
           "SC-25 only. Among equally short end squares an enemy takes the first in reading order "
           "(north first, then west).",
           (INF,)),
    Ruling("SC-31", "Tokens",
           "An opened chest still blocks movement. A repopulated Plant faces north; a Plant checks "
           "its current facing first. A Mimic already on its target's square acts again. Duplicate "
           "treasures do not stack. A player holds at most one of each special item at a time. A "
           "\"Dark Knight\" Litter card with no Dark Knight in the supply does nothing. Supply "
           "shortfalls are per token type. target_passed_out: no (default), yes.",
           (INF,), ("target_passed_out",)),
    Ruling("SC-32", "Treasures and abilities",
           "Merlin's draw-2-keep-1 applies to every Litter and Loot draw, Dig included; the other "
           "card goes to that deck's discard. A Greatsword holder chooses a normal arc or the "
           "5-square one. The Magnet collects every item on the holder's tile whenever the holder "
           "is on it (on entry, and when an item drops there later). With arc=own-tile, squares "
           "outside the tile are dropped from an arc; an arc with no square left is not offered.",
           (INF,)),
    Ruling("SC-33", "Turn end",
           "The player ends the turn by an explicit action, available at any time; free effects "
           "(Bow) may still be used after the third action. A character ending its turn on a "
           "starting circle triggers no enemy turn. A free exit (SC-9) may be on any tile already "
           "in play. Spectators see no gem totals; all totals are revealed when the game ends.",
           (INF,), newcomer=True),
    Ruling("SC-34", "Choosing characters",
           "Before the first-player roll, seats choose their characters in seat order (P1 "
           "first), each a different one of the six.", (PROJECT,)),
    Ruling("SC-35", "Gems from the supply",
           "A gain of gems (Big Treasure) is paid from the supply in the largest tokens "
           "that do not overshoot (red 10, blue 5, green 1); what the supply cannot pay is "
           "not gained. A Litter or Loot card whose token is out of the supply drops "
           "nothing.", (PROJECT,)),
    Ruling("SC-36", "Moves and attacks in software",
           "A Move is taken square by square: its first step spends the action, any other "
           "action (the free Bow shot included) or stop ends it, and a Move has at least one "
           "step. Every arc may be attacked (SC-12), even one reaching nothing: the action is "
           "spent and no dice are rolled, as no face could change anything (a Bomb likewise "
           "on a block hitting nothing). Of Bomb blocks hitting exactly the same things, "
           "nothing included, only the first in reading order is offered: they are the same "
           "move.",
           (PROJECT,)),
    Ruling("SC-37", "Safety cap",
           "A game still running after max_turns seat turns ends as a draw (ALL-1).",
           (PROJECT,), ("max_turns",)),
    Ruling("SC-38", "Stars and hits in software",
           "A Star is used as a Gem or as 2 Hits: as 1 Hit it is never better (a hit icon goes "
           "to one enemy whole). Hits are assigned by choosing which enemies die, among the "
           "sets the icons can pay for that no larger such set contains, one enemy at a "
           "time: only an enemy that, with those already chosen, is in such a set may be "
           "chosen, and once a single such set holds them all it is killed without asking "
           "more; with one such set nothing is asked. Loot is likewise chosen one killed "
           "enemy at a time (SC-12).", (PROJECT,)),
    Ruling("SC-39", "Passing out on one's own turn",
           "A character who passes out during its own turn (its own bomb) can only end the "
           "turn; the Enemy Turn follows as usual. A passed-out character is not healed (a "
           "potion drawn in the same attack does nothing): it recovers on its next turn.",
           (PROJECT,)),
    Ruling("SC-40", "A Mimic's hoard",
           "A Mimic keeps every treasure it steals (a Mimic on its target's square steals "
           "again); killing it returns each one as SC-24 says, and if it leaves play unkilled "
           "they all stay face down.", (PROJECT,)),
    Ruling("SC-41", "The roll-off in software",
           "Tied players re-roll (SC-4) for at most 20 rounds; players still tied after the "
           "20th are settled by one draw among them, each as likely to start (as further "
           "re-rolls would): a game cannot roll for ever, so its length has a bound.",
           (PROJECT,)),
    Ruling("SC-42", "The gem supply in software",
           "At the table the supply is an open pile; with each pick-up public (SC-19), its "
           "counts would give away what the wallets hide. So during play a view shows of "
           "each gem colour only whether the supply is out of it: an empty pile is plain to "
           "see, and a card that would drop such a gem drops nothing (SC-35) before "
           "everyone. A Big Treasure is paid behind the wallet: everyone hears the card; "
           "only its finder hears which tokens the supply paid (a short one pays less, "
           "SC-35). Every count is shown when the game ends (SC-33).", (PROJECT,)),
    ALL_1,
)


class Abilities(StrEnum):
    """SC-5: do the characters have their abilities."""

    ON = "on"
    OFF = "off"


class Arc(StrEnum):
    """SC-12: may a sword arc reach into the next tile."""

    CROSS_TILE = "cross-tile"
    OWN_TILE = "own-tile"


class EnemyHp(StrEnum):
    """SC-13: hits to kill a mimic, a plant, a dark knight; the word is the three numbers
    (as records and the command line write it), `hits` the numbers the rules read."""

    STANDARD = "1-2-3"
    EASIER = "1-1-2"
    HARDER = "2-2-3"
    HARDEST = "2-3-4"

    @property
    def hits(self) -> tuple[int, int, int]:
        """(mimic, plant, dark knight)."""
        return ENEMY_HITS[self]


ENEMY_HITS: dict[EnemyHp, tuple[int, int, int]] = {
    EnemyHp.STANDARD: (1, 2, 3),
    EnemyHp.EASIER: (1, 1, 2),
    EnemyHp.HARDER: (2, 2, 3),
    EnemyHp.HARDEST: (2, 3, 4),
}
"""SC-13: (mimic, plant, dark knight) hits for each `EnemyHp`."""


class EnemyOrder(StrEnum):
    """SC-22: in which order the enemies act."""

    READING = "reading"
    CHOOSE = "choose"


class TargetPassedOut(StrEnum):
    """SC-21: may enemies target passed-out characters."""

    NO = "no"
    YES = "yes"


VARIANTS: tuple[VariantOption, ...] = (
    VariantOption.choice("abilities", Abilities.ON, "SC-5",
                         "character abilities (our own design)",
                         meanings=("each character has its ability (SC-5: re-roll, extra "
                                   "healing, …)",
                                   "characters differ only in looks")),
    VariantOption.choice("arc", Arc.CROSS_TILE, "SC-12",
                         "may a sword arc reach into the next tile",
                         meanings=("an arc may reach squares of the next tile",
                                   "an arc stops at the edge of the attacker's tile")),
    VariantOption.choice("enemy_hp", EnemyHp.STANDARD, "SC-13",
                         "hits to kill a mimic, a plant, a dark knight",
                         meanings=("mimic 1 hit, plant 2, dark knight 3",
                                   "mimic 1, plant 1, dark knight 2 (easier)",
                                   "mimic 2, plant 2, dark knight 3 (harder)",
                                   "mimic 2, plant 3, dark knight 4 (hardest)")),
    VariantOption("treasure_gems", 5, "SC-17", "gem value of a face-up Small Treasure",
                  minimum=0, maximum=40),
    VariantOption.choice("enemy_order", EnemyOrder.READING, "SC-22",
                         "enemies act in reading order, or in the order the active player "
                         "chooses",
                         meanings=("enemies act in reading order (top row first, left to right)",
                                   "the active player chooses the order enemies act in")),
    VariantOption.choice("target_passed_out", TargetPassedOut.NO, "SC-21",
                         "may enemies target passed-out characters",
                         meanings=("enemies ignore a passed-out character",
                                   "enemies may attack a passed-out character")),
    VariantOption("max_turns", 400, "SC-37", "safety cap: seat turns before the game is a draw",
                  minimum=1, maximum=100_000),
)
