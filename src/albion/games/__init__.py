"""One package per game; each registers through the `albion.games` entry points."""
