"""`python -m albion.analysis.refit SAMPLES.jsonl… --out FILE [--check HELD.jsonl…]
[--plot PNG]`
(issue 33): refit the fair win chance's calibration maps from positions saved by `albion
analyse-bench --part calibration --out DIR` (DIR/calibration-GAME.jsonl), one map per game
found, into FILE (the package's is src/albion/analysis/calibration.json; other games' maps
there are kept); then, with `--check`, measure them on positions of other seeds saved the
same way (held out: no search, the positions' values are kept), with `--plot` their
reliability diagram. See
`albion.analysis.calibration` and docs/analysis.md, Calibration."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from albion.analysis.bench import Calibration, measure, reliability_plot
from albion.analysis.calibration import fit_file, read_samples


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m albion.analysis.refit",
        description="Refit the fair win chance's calibration maps (issue 33) from positions "
        "saved by `albion analyse-bench --part calibration --out DIR` "
        "(DIR/calibration-GAME.jsonl), and measure them on held-out positions.")
    parser.add_argument("samples", nargs="+", type=Path, metavar="SAMPLES.jsonl")
    parser.add_argument("--out", type=Path, required=True, metavar="FILE",
                        help="the maps' file (src/albion/analysis/calibration.json ships)")
    parser.add_argument("--check", nargs="*", type=Path, default=[], metavar="HELD.jsonl",
                        help="positions of other seeds to measure the maps on")
    parser.add_argument("--plot", type=Path, metavar="PNG",
                        help="draw the held-out positions' reliability diagram here")
    args = parser.parse_args(argv)
    if args.plot is not None and not args.check:
        parser.error("--plot draws the --check positions: give them")
    maps = fit_file(args.samples, args.out)
    for game, fitted in maps.items():
        cv = fitted.fitted.get("cross_validated", {})
        print(f"{game}: {fitted.describe()}; positions {fitted.fitted.get('positions')}, "
              f"seeds {list(fitted.seeds)}; cross-validated ECE / log loss: " + ", ".join(
                  f"{kind} {figures['ece']:.4f} / {figures['log_loss']:.4f}"
                  for kind, figures in cv.items()))
    held = read_samples(args.check)
    measured: list[Calibration] = []
    for game in sorted({sample.game for sample in held}):
        own = [sample for sample in held if sample.game == game]
        if game not in maps:
            print(f"{game}: no map in {args.out}")
            continue
        iterations = max(sample.iterations for sample in own)
        seeds = sorted({sample.seed for sample in own})
        found = measure(game, own, maps[game], iterations, seeds[0], 0, 0.0)
        measured.append(found)
        print(f"{game} on {found.positions} positions of seeds {seeds}"
              f"{'' if found.held_out else ' (NOT held out: the map was fitted on them)'}: "
              f"ECE of the search {found.ece:.4f}, shown {found.ece_calibrated:.4f} "
              f"[{found.interval[0]:.4f}, {found.interval[1]:.4f}], "
              f"noise floor {found.floor:.4f}")

    if args.plot is not None and measured:
        reliability_plot(measured, args.plot)
        print(f"reliability diagram: {args.plot}")


if __name__ == "__main__":
    main()
