"""The learned bot's training (issue 34): a policy trained by self-play on the batched
Diamoniak engine (`albion.rl.vector`), exported as small numpy weights that the `learned`
bot (`albion.bots.learned_bot`) plays with. docs/learned.md says how to reproduce it."""
