"""`python -m albion.analysis.refit SAMPLES.jsonl… --out FILE` (issue 33): refit the fair
win chance's calibration maps from positions saved by `albion analyse-bench --part
calibration --out DIR` (DIR/calibration-GAME.jsonl), one map per game found, into FILE
(the package's is src/albion/analysis/calibration.json; other games' maps there are
kept). See `albion.analysis.calibration` and docs/analysis.md, Calibration."""

from albion.analysis.calibration import main

if __name__ == "__main__":
    main()
