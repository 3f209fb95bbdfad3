"""The `learned` bot's shipped weights, one `<game-id>.npz` per game (issue 34;
docs/learned.md says how they were trained and how to train them again)."""
