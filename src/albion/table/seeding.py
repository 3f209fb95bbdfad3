"""Where a table's chance comes from.

- A **seed** (`derive_rng`): one number fans out into reproducible generators, for
  simulations, tests, tournaments and the terminal, where whoever runs the game owns every
  seat and may know every draw.
- A **secret** (`SecretStream`, `secret_rng`): 256 random bits that exist only on the
  server. Every draw is a keyed BLAKE2b of the secret and the draw's number, so no one
  without the secret can compute a deal from what they see (issue 25: a 32-bit seed behind
  a Mersenne Twister was pinned from a spectator's first frame). The stream is
  counter-based: a table rebuilt from its stored decisions continues exactly where it was.
"""

from __future__ import annotations

import hashlib
import os
import random
import secrets
from typing import Protocol

SECRET_BYTES = 32
"""A table secret's size: 256 bits (issue 25 asks for at least 128)."""
MIN_SECRET_BYTES = 16


class ChanceStream(Protocol):
    """What a table draws its chance outcomes from: numbers in [0, 1)."""

    def random(self) -> float: ...


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
    """A new seed for a game nobody gave one, where one person owns every seat (the
    terminal): shown to the player and kept in the record, so the game can be dealt again.
    63 bits, so that it cannot be found from the cards it dealt."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def new_secret() -> bytes:
    """A new table secret (256 bits from the operating system's CSPRNG)."""
    return secrets.token_bytes(SECRET_BYTES)


def check_secret(secret: bytes) -> bytes:
    """`secret`, if it is long enough to be one (ValueError otherwise)."""
    if not isinstance(secret, bytes) or len(secret) < MIN_SECRET_BYTES:
        raise ValueError(f"a table secret has at least {MIN_SECRET_BYTES * 8} bits")
    return secret


class SecretStream:
    """Chance draws keyed by a secret: draw `i` is the top 53 bits of
    BLAKE2b(key=secret, person="albion-chance", message=i) over 2^53 — a pseudorandom
    function, so the draws are independent and uniform to anyone without the secret, and
    the same on every server process that holds it. `draws` counts the draws made."""

    __slots__ = ("_key", "draws")

    def __init__(self, secret: bytes, draws: int = 0) -> None:
        self._key = check_secret(secret)
        self.draws = draws

    def random(self) -> float:
        digest = hashlib.blake2b(self.draws.to_bytes(8, "big"), key=self._key,
                                 digest_size=8, person=b"albion-chance").digest()
        self.draws += 1
        return (int.from_bytes(digest, "big") >> 11) * (1.0 / (1 << 53))

    def __repr__(self) -> str:  # never the key, in a log or a traceback
        return f"SecretStream(draws={self.draws})"


def secret_rng(secret: bytes, *labels: object) -> random.Random:
    """A generator for one purpose (a bot's decision, a hint) at a secret-keyed table:
    seeded with 256 bits of BLAKE2b(key=secret, message=labels), so it is as unguessable
    as the secret and the same on every process that holds it."""
    material = hashlib.blake2b("/".join(map(str, labels)).encode(),
                               key=check_secret(secret), digest_size=32,
                               person=b"albion-rng").digest()
    return random.Random(int.from_bytes(material, "big"))


def seat_rng(seed: int | None, secret: bytes | None, *labels: object) -> random.Random:
    """A bot's generator from whichever a table has: its secret, else its seed."""
    if secret is not None:
        return secret_rng(secret, *labels)
    return derive_rng(seed or 0, *labels)
