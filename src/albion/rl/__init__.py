"""Research adapters (the `[rl]` extra: numpy, PettingZoo, Gymnasium, OpenSpiel): Albion's
games as environments researchers' tools take unchanged.

- `albion.rl.pettingzoo`: `env("diamoniak", num_players=2, **variant)` (AEC, `diamoniak_v2`)
  and `parallel_env("raiding-stonehenge")` (RS-6's simultaneous commit);
- `albion.rl.gymnasium`: `make("diamoniak", opponents=["heuristic"])`, one seat against
  Albion's bots.

They drive games through the Table (chance, seat checks, bots deciding from their views)
and observe with `Game.observation_tensor` (docs/observations.md). Nothing below this
layer imports them, so the core stays light.
"""
