"""High Card as an installed plug-in: found through the `albion.games` entry point of the
`albion_highcard` distribution beside its package (no pip install: `tests/plugin_game` on
PYTHONPATH is enough), it passes the project's conformance suite unchanged and plays,
replays, simulates and joins a tournament from the `albion` command — each in a fresh
process, so this test session's registry never holds it."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from importlib.metadata import distributions
from pathlib import Path
from xml.etree import ElementTree

from albion import game_ids

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
CONFORMANCE = ROOT / "tests" / "conformance" / "test_conformance.py"
TIMEOUT = 120
"""Seconds any subprocess may take (each takes a few)."""


def plugin_env() -> dict[str, str]:
    """This environment with `tests/plugin_game` first on PYTHONPATH (and no trace of the
    pytest run around it)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE), env.get("PYTHONPATH")]))
    env["COLUMNS"] = "120"
    return env


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`python ARGS` with the plug-in on the path."""
    return subprocess.run([sys.executable, *args], input=stdin, capture_output=True,
                          text=True, env=plugin_env(), cwd=ROOT, timeout=TIMEOUT, check=False)


def albion(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`albion ARGS` with the plug-in on the path."""
    return run("-m", "albion", *args, stdin=stdin)


# -- discovery --------------------------------------------------------------------------


def test_the_distribution_beside_the_package_advertises_the_entry_point() -> None:
    (found,) = [dist for dist in distributions(path=[str(HERE)])
                if dist.metadata["Name"] == "albion-highcard"]
    assert found.version == "0.1"
    (entry,) = found.entry_points.select(group="albion.games")
    assert (entry.name, entry.value) == ("high-card", "highcard:PLUGIN")


def test_the_registry_finds_it_on_the_path_and_only_there() -> None:
    code = ("import albion; from albion.core import get_plugin; print(albion.game_ids()); "
            "p = get_plugin('high-card'); "
            "print(type(p.game).__module__, p.strategy, p.load_wire().__name__)")
    found = run("-c", code)
    assert found.returncode == 0, found.stderr
    ids, where = found.stdout.splitlines()
    assert "'high-card'" in ids
    assert where == "highcard.game highcard.strategy highcard.wire"
    assert "high-card" not in game_ids(), "this session's path holds no plug-in"


def test_nothing_in_src_names_the_game() -> None:
    src = ROOT / "src"
    mentions = [path for path in src.rglob("*") if path.is_file() and path.suffix in
                {".py", ".txt", ".toml", ".json"}
                and re.search(r"high-?card", path.read_text("utf-8", "replace"))]
    assert not mentions


# -- the conformance suite, unchanged ---------------------------------------------------


def test_the_conformance_suite_passes_on_the_plugin(tmp_path: Path) -> None:
    """tests/conformance (and the ruling coverage check) collect their games from
    `all_games()` at import: in a process with the plug-in on the path, High Card is
    among them, with parameter ids `high-card-2p` and `high-card-3p`."""
    report = tmp_path / "report.xml"
    result = run("-m", "pytest", str(CONFORMANCE), "tests/test_ruling_coverage.py",
                 "-k", "high-card or ruling_ids", "-p", "no:cacheprovider",
                 f"--junitxml={report}")
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    cases = list(ElementTree.parse(report).getroot().iter("testcase"))
    assert cases and not [case for case in cases if len(case)], "failed or skipped"
    ran = {case.get("name") for case in cases}
    suite = [node.name for node in ast.parse(CONFORMANCE.read_text("utf-8")).body
             if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")]
    expected = {f"{name}[high-card-{players}p]" for name in suite for players in (2, 3)}
    assert len(expected) >= 26 and expected <= ran, expected - ran
    assert "test_every_ruling_has_a_test_named_after_it[high-card]" in ran
    assert "test_ruling_ids_are_unique_and_variants_cite_them" in ran


# -- the command line -------------------------------------------------------------------


def test_play_at_the_terminal_then_save_and_replay(tmp_path: Path) -> None:
    """A person plays (lines on stdin: a refused deal, a bad word, a bad number, then
    choices by number); the saved record replays."""
    path = tmp_path / "game.json"
    answers = ["deal 5", "play 0", "9", "1", "1", "1"]
    played = albion("play", "high-card", "--players", "human,random", "--seed", "3",
                    "--save", str(path), stdin="".join(f"{line}\n" for line in answers))
    out = played.stdout
    assert played.returncode == 0, out + played.stderr
    assert "Not now: every hand is dealt already (HC-1)" in out
    assert "'play 0' is not a High Card action" in out
    assert "Choose a number from 1 to 3." in out
    assert "Game over" in out and f"Record saved to {path}" in out
    assert re.search(r"deal \d to P1", out) and "deal a card to P2" in out
    assert not re.search(r"deal \d to P2", out), "P2's hand reached P1's screen"
    record = json.loads(path.read_text())
    assert record["game"] == "high-card" and record["seats"] == ["human", "random"]
    assert [text.split()[0] for text in record["actions"]] == ["deal"] * 6 + ["play"] * 6
    assert sum(record["returns"]) == 1.0
    shown = albion("replay", str(path), "--at", "8")
    assert shown.returncode == 0, shown.stderr
    assert "action 8/12: play" in shown.stdout and "Round 2" in shown.stdout


def test_games_rules_simulate_and_a_tournament_from_the_command_line() -> None:
    """`albion games --json`, `rules`, `simulate` and `tournament` (the latter two on a
    pool of worker processes) in one fresh process: see `albion_session.py`."""
    commands = [
        ["games", "--json"],
        ["rules", "high-card"],
        ["simulate", "high-card", "--players", "random,random", "--games", "50",
         "--workers", "2", "--json"],
        ["tournament", "high-card", "--bots", "random,heuristic", "--games", "20",
         "--players", "2", "--workers", "2", "--json"],
    ]
    session = run(str(HERE / "albion_session.py"), json.dumps(commands))
    assert session.returncode == 0, session.stderr
    results = json.loads(session.stdout)
    for result in results:
        assert result["code"] == 0, result
    games, rules, simulated, tournament = (result["stdout"] for result in results)

    (listed,) = [game for game in json.loads(games) if game["id"] == "high-card"]
    assert (listed["name"], listed["min_players"], listed["max_players"]) == \
        ("High Card", 2, 3)
    assert listed["variants"] == []
    assert all(ruling in rules for ruling in ("HC-1", "HC-2", "HC-3", "ALL-1"))

    summary = json.loads(simulated)
    assert summary["game"] == "high-card" and summary["games"] == 50
    assert summary["draws"] == 0 and summary["end_reasons"] == {"points": 50}
    assert sum(summary["wins"]) == 50 and summary["mean_actions"] == 12

    rated = json.loads(tournament)
    assert rated["config"]["game"] == "high-card" and rated["games"] == 20
    bots = {bot["bot"]: bot for bot in rated["bots"]}
    assert set(bots) == {"random", "heuristic"}
    assert all(bot["games"] == 20 for bot in bots.values())
    assert sum(bot["wins"] for bot in bots.values()) == 20
