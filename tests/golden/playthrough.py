"""Golden playthroughs: a seeded game between random bots written out as text, every
action with its actor as a spectator reads it, then the final table.
`ALBION_UPDATE_GOLDEN=1` rewrites them."""

from __future__ import annotations

import io
import random

from rich.console import Console

from albion.bots import RandomBot
from albion.cli.render import render_view
from albion.core import CHANCE, AnyGame, VariantValue
from albion.sim.match import Match


def playthrough(game: AnyGame, players: int, seed: int,
                variant: dict[str, VariantValue] | None = None) -> str:
    names = [f"random{seat + 1}" for seat in range(players)]
    agents = [RandomBot(random.Random(seed * 10 + seat)) for seat in range(players)]
    match = Match(game, game.variant(variant), agents, seed, seat_names=names)
    lines = [f"# {game.name} {game.version}, {players} players, seed {seed}, "
             f"variant {match.variant.as_dict()}"]
    while not match.state.is_terminal():
        step = match.step()
        actor = "chance" if step.actor == CHANCE else game.seat_name(step.actor)
        lines.append(f"{match.num_actions:>5}  {actor:<6} {step.public_text}")
        if step.outcome:
            lines.append(f"{'':>5}  {'':<6} => {step.outcome}")
    console = Console(width=100, color_system=None, record=True, file=io.StringIO())
    console.print(render_view(game.id, match.state.observe(None), names))
    lines.append(console.export_text().rstrip())
    lines.append(f"returns {match.state.returns()}")
    return "\n".join(lines) + "\n"
