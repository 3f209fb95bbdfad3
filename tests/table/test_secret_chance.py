"""A table dealt from a secret (issue 25): every draw is a keyed BLAKE2b of a 256-bit
secret and the draw's number, so nothing a player sees (a seed, earlier outcomes) computes
the next one, and a table rebuilt from its log goes on exactly where it was."""

from __future__ import annotations

import random

import pytest

from albion import Table
from albion.core.record import GameRecord
from albion.table.records import SECRET_CHANCE
from albion.table.seeding import (
    SECRET_BYTES,
    SecretStream,
    derive_rng,
    fresh_seed,
    new_secret,
    secret_rng,
)


def test_a_secret_is_256_bits_from_the_operating_system() -> None:
    secrets = {new_secret() for _ in range(1000)}
    assert len(secrets) == 1000 and all(len(s) == SECRET_BYTES == 32 for s in secrets)


def test_the_stream_is_the_same_for_the_same_secret_and_no_other() -> None:
    secret = new_secret()
    one, two, other = SecretStream(secret), SecretStream(secret), SecretStream(new_secret())
    draws = [one.random() for _ in range(1000)]
    assert draws == [two.random() for _ in range(1000)]
    assert draws != [other.random() for _ in range(1000)]
    assert all(0.0 <= u < 1.0 for u in draws)
    assert len(set(draws)) == 1000


def test_the_stream_is_counter_based_so_a_rebuilt_table_resumes_it() -> None:
    secret = new_secret()
    whole = SecretStream(secret)
    draws = [whole.random() for _ in range(50)]
    resumed = SecretStream(secret, draws=30)
    assert [resumed.random() for _ in range(20)] == draws[30:]


def test_a_short_key_is_refused_and_the_key_never_shows() -> None:
    with pytest.raises(ValueError, match="128 bits"):
        SecretStream(b"short")
    secret = new_secret()
    stream = SecretStream(secret)
    assert secret.hex() not in repr(stream) and str(secret) not in repr(stream)


def test_draws_look_uniform() -> None:
    """A sanity check of the construction (not a proof): the draws of one stream fill
    ten bins evenly (chi-squared, 9 degrees of freedom, far below the 0.1 % point 27.9)."""
    stream = SecretStream(bytes(range(32)))
    bins = [0] * 10
    for _ in range(20_000):
        bins[int(stream.random() * 10)] += 1
    chi2 = sum((count - 2000) ** 2 / 2000 for count in bins)
    assert chi2 < 27.9, bins


def test_a_secret_table_deals_what_no_seed_deals() -> None:
    """The deal of a secret table is not the deal of any seed a player could try: here,
    the 32-bit seeds of the old `fresh_seed` around it and the secret read as a number."""
    secret = new_secret()
    dealt = Table("raiding-stonehenge", ["random", "random", "random"], secret=secret)
    opening = dealt.log()[:20]
    for seed in [0, 1, 2**32 - 1, int.from_bytes(secret[:4], "big"),
                 int.from_bytes(secret, "big")]:
        assert Table("raiding-stonehenge", ["random"] * 3, seed=seed).log()[:20] != opening


def test_a_secret_table_rebuilt_from_its_log_plays_on_as_the_first_would() -> None:
    secret = new_secret()
    first = Table("diamoniak", ["human", "human"], secret=secret, autoplay=False)
    rng = random.Random(3)
    while not first.is_over() and first.version < 60:
        seat = first.to_move()[0]
        first.submit(seat, rng.choice(first.legal(seat)), first.version)
    cut = first.log()[:first.version // 2]
    rebuilt = Table.from_log("diamoniak", ["human", "human"], None, None, cut, secret=secret)
    for row in first.log()[len(cut):]:
        if row.actor >= 0:
            rebuilt.submit(row.actor, row.action, rebuilt.version)
    assert rebuilt.log() == first.log()


def test_a_secret_tables_record_holds_no_seed_and_no_secret() -> None:
    secret = new_secret()
    table = Table("diamoniak", ["random", "random"], secret=secret)
    record = table.record()
    assert record.meta == {"chance": SECRET_CHANCE}
    text = str(record.to_json_dict())
    assert secret.hex() not in text and str(int.from_bytes(secret, "big")) not in text
    resumed = Table.from_record(GameRecord(**record.to_json_dict()))
    assert resumed.is_over() and resumed.returns() == table.returns()


def test_a_seed_and_a_secret_together_are_refused() -> None:
    with pytest.raises(ValueError, match="not both"):
        Table("diamoniak", ["random", "random"], seed=1, secret=new_secret())


def test_bots_at_a_secret_table_draw_from_it_too() -> None:
    secret = new_secret()
    assert secret_rng(secret, "seat", 0).random() == secret_rng(secret, "seat", 0).random()
    assert secret_rng(secret, "seat", 0).random() != secret_rng(secret, "seat", 1).random()
    assert secret_rng(secret, "seat", 0).random() != derive_rng(0, "seat", 0).random()


def test_a_fresh_seed_has_63_bits() -> None:
    """The terminal shows its seed; it is too long to find from the cards it dealt."""
    seeds = [fresh_seed() for _ in range(2000)]
    assert max(seeds) >= 2**60 and all(0 <= seed < 2**63 for seed in seeds)
