"""Seeds: one master seed fans out into independent, reproducible generators."""

from __future__ import annotations

import random


def derive_rng(seed: int, *labels: object) -> random.Random:
    """A generator for one purpose (`derive_rng(7, "game", 3, "chance")`). String seeds
    are hashed with SHA-512 by `random`, so the stream is the same in every process."""
    return random.Random("/".join(["albion", str(seed), *map(str, labels)]))
