"""Seeds: one master seed fans out into independent, reproducible generators."""

from __future__ import annotations

import os
import random


def derive_rng(seed: int, *labels: object) -> random.Random:
    """A generator for one purpose (`derive_rng(7, "game", 3, "chance")`). String seeds
    are hashed with SHA-512 by `random`, so the stream is the same in every process."""
    return random.Random("/".join(["albion", str(seed), *map(str, labels)]))


def game_seed(master: int, index: int) -> int:
    """The seed of game `index` of a batch (simulate, tournament, report) run with
    `master`: it depends on nothing else, so results are the same on one process, on
    every core or on a cluster."""
    return derive_rng(master, "game", index).getrandbits(63)


def fresh_seed() -> int:
    """A new seed for a game nobody gave one (shown to the player, kept in the record)."""
    return int.from_bytes(os.urandom(4), "big")
