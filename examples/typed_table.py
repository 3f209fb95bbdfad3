"""A table carries its game's types (issue 26): from the socket's text to the rules, a
type checker follows the action. `.ci/run` type-checks this file with mypy; run it to see
it play.

    .venv/bin/python examples/typed_table.py
"""

from __future__ import annotations

from typing import assert_type

import albion
from albion.games.diamoniak import Diamoniak, DiamoniakAction, DiamoniakView
from albion.table import Table, Update


def main() -> None:
    game = albion.load_game(Diamoniak, fairy="auto")  # typed: Diamoniak, not any game
    table = Table(game, ["human", "heuristic"], seed=3)
    seat = table.to_move()[0]
    view = assert_type(table.observe(seat), DiamoniakView)
    legal = assert_type(table.legal_actions(seat), list[DiamoniakAction])
    said = table.legal(seat)[0]  # the same first action, in notation
    update = assert_type(table.submit(seat, legal[0], table.version), Update)
    print(f"P{seat + 1} had {view.castles[seat][1]} castle cards and chose {said!r}; "
          f"the table is now at version {update.version}")


if __name__ == "__main__":
    main()
