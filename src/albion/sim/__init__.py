"""Running games: matches, simulations, benchmarks, record files."""
