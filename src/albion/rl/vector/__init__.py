"""Batched engines (issue 34): Diamoniak and Raiding Stonehenge advanced as numpy arrays,
thousands of games in lockstep, with legal masks and the documented observation tensors
(docs/observations.md, docs/action-spaces.md). See docs/vector.md.

- `VectorDiamoniak`, `VectorRaiding`: pgx's functional shape, `init(seed, batch)` and
  `step(batch, actions)` → (batch, rewards, terminated, legal mask); `observe(batch)`.
- `albion.rl.vector.gym_vector`: the same behind Gymnasium's `VectorEnv`.
- `albion.rl.vector.exactness`: every batched game equals the Python engine's, state by
  state, for the same decisions and chance outcomes (benchmarks/vector_exactness.py).
"""

from albion.rl.vector.diamoniak import DiamoniakBatch, VectorDiamoniak
from albion.rl.vector.raiding_stonehenge import RaidingBatch, VectorRaiding

__all__ = ["DiamoniakBatch", "RaidingBatch", "VectorDiamoniak", "VectorRaiding"]
