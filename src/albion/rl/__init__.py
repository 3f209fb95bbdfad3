"""Research adapters (the `[rl]` extra: numpy, PettingZoo, Gymnasium, OpenSpiel): Albion's
games as environments researchers' tools take unchanged.

- `albion.rl.pettingzoo`: `env("diamoniak", num_players=2, **variant)` (AEC, `diamoniak_v2`)
  and `parallel_env("raiding-stonehenge")` (RS-6's simultaneous commit);
- `albion.rl.gymnasium`: `make("diamoniak", opponents=["heuristic"])`, one seat against
  Albion's bots.
- `albion.rl.vector`: Diamoniak and Raiding Stonehenge as numpy arrays, thousands of games
  in lockstep (pgx's `init`/`step`, Gymnasium's `VectorEnv`; docs/vector.md). It keeps
  the Python engine's rules exactly but not its one-authority path: no Table, no bots.

They drive games through the Table (chance, seat checks, bots deciding from their views)
and observe with `Game.observation_tensor` (docs/observations.md). Nothing below this
layer imports them, so the core stays light.
"""
