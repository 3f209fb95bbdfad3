"""Golden playthroughs: a seeded game at a table whose seats all decide at random, written
out once for a spectator (every event as a spectator reads it, then the final table) and
once per seat (the events in that seat's wording; at each of its decisions, its legal
actions, its choice and a digest of its protocol view; its final view).
`ALBION_UPDATE_GOLDEN=1` rewrites them."""

from __future__ import annotations

import hashlib
import io
import json
import random

from rich.console import Console

from albion.cli.render import render_view
from albion.core import AnyGame, VariantValue
from albion.table import Table


def playthrough(game: AnyGame, players: int, seed: int,
                variant: dict[str, VariantValue] | None = None) -> dict[str, str]:
    """`{"spectator": text, "P1": text, …}`. Seats deciding at once (RS-6) submit in a
    random order, as people would."""
    names = [f"random{seat + 1}" for seat in range(players)]
    table = Table(game, ["human"] * players, variant, seed, names=names)
    rng = random.Random(seed)
    decisions: dict[int, list[tuple[int, str]]] = {seat: [] for seat in range(players)}
    while not table.is_over():
        seat = rng.choice(table.to_move())
        legal = table.legal(seat)
        choice = rng.choice(legal)
        digest = hashlib.sha256(json.dumps(table.view(seat), sort_keys=True).encode())
        decisions[seat].append((table.version, f"{'':>5}  legal: {' | '.join(legal)}\n"
                                f"{'':>5}  view {digest.hexdigest()[:12]} → {choice}"))
        table.submit(seat, choice, table.version)
    header = (f"# {game.name} {game.version}, {players} players, seed {seed}, "
              f"variant {table.variant.as_dict()}")
    texts = {"spectator": _log(table, None, header, [], names)}
    for seat in range(players):
        texts[game.seat_name(seat)] = _log(table, seat, f"{header}, seen by "
                                           f"{game.seat_name(seat)}", decisions[seat], names)
    return texts


def _log(table: Table, viewer: int | None, header: str, decisions: list[tuple[int, str]],
         names: list[str]) -> str:
    lines = [header]
    pending = list(decisions)
    for entry in table.events_for(viewer):
        while pending and pending[0][0] < entry.version:
            lines.append(pending.pop(0)[1])
        lines.append(f"{entry.version:>5}  {entry.event.text}")
    console = Console(width=100, color_system=None, record=True, file=io.StringIO())
    console.print(render_view(table.game.id, table.observe(viewer), names))
    lines.append(console.export_text().rstrip())
    lines.append(f"returns {table.returns()}")
    return "\n".join(lines) + "\n"
