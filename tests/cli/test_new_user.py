"""What a new user hit (issue 14): records never lost, bad input refused before any work,
long runs stopped promptly with what was kept, no orphan workers."""

from __future__ import annotations

import itertools
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from albion.cli.app import app
from albion.sim.records import load_record

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("where", ["", "folder", "missing/x.json"])
def test_an_unwritable_save_path_is_refused_before_the_game(tmp_path: Path,
                                                              where: str) -> None:
    (tmp_path / "folder").mkdir()
    target = str(tmp_path / where) if where else ""
    code, out, err = run("play", "diamoniak", "-p", "random,random", "--seed", "1",
                         "--save", target)
    assert code == 2 and "cannot save to" in err
    assert "wins" not in out and "draw" not in out, "no game was played"


def test_quit_with_save_saves_without_asking(tmp_path: Path) -> None:
    path = tmp_path / "kept.json"
    code, out, _ = run("play", "diamoniak", "-p", "human,random", "--seed", "3",
                       "--save", str(path), stdin="1\nquit\n")
    assert code == 0 and "Save the record?" not in out and "Record saved" in out
    assert load_record(path).actions[0] == "draw"


def test_a_duplicate_bot_option_is_refused() -> None:
    code, _, err = run("simulate", "diamoniak", "-p", "ismcts:iterations=10,iterations=20,"
                       "random", "-n", "1")
    assert code == 2 and "'iterations' is given twice" in err


def test_a_huge_input_line_is_not_echoed() -> None:
    line = "x" * 1_000_000
    code, out, _ = run("play", "diamoniak", "-p", "human,random", "--seed", "3",
                       stdin=f"{line}\nquit\n")
    assert code == 0 and "1,000,000 characters long" in out
    assert len(out) < 20_000


def test_a_record_file_that_never_ends_is_refused(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:
        file.truncate(65 * 2**20)  # sparse: 65 MB of zeros without writing them
    code, _, err = run("replay", str(huge))
    assert code == 2 and "larger than 64 MB" in err


def test_address_needs_the_ray_backend() -> None:
    code, _, err = run("tournament", "diamoniak", "--bots", "random", "--games", "2",
                       "--backend", "local", "--address", "10.0.0.1:6379")
    assert code == 2 and "--backend ray" in err


def test_game_counts_are_bounded() -> None:
    code, _, err = run("simulate", "diamoniak", "-p", "random,random", "--games",
                       "99999999999999999999999")
    assert code == 2 and "--games" in err


def test_every_bot_fills_as_many_seats_and_the_table_says_so(tmp_path: Path) -> None:
    """Three bots at four seats: each fills the same number of seats."""
    code, out, _ = run("tournament", "raiding-stonehenge", "--players", "4", "--bots",
                       "random,heuristic,ismcts:iterations=5", "--games", "12",
                       "--backend", "local", "--json")
    assert code == 0, out
    bots = json.loads(out)["bots"]
    assert {bot["seats"] for bot in bots} == {16}, bots


def test_ctrl_c_stops_a_tournament_at_once_keeping_finished_games(tmp_path: Path) -> None:
    out = tmp_path / "run"
    process = subprocess.Popen(
        [sys.executable, "-m", "albion", "tournament", "diamoniak", "--bots",
         "random,heuristic", "--games", "100000", "--workers", "2", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=_ctrl_c_as_at_a_terminal)  # noqa: PLW1509 - resets one signal only
    results = out / "results.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (
            not results.exists() or len(results.read_text().splitlines()) < 5):
        time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=20)
    assert process.returncode == 130, err
    kept = len(results.read_text().splitlines())
    assert f"Stopped: {kept} of 100000 games are kept in {out}" in err.replace("\n", " ")
    assert len(list((out / "records").iterdir())) == kept
    time.sleep(1)
    assert not _children_of(process.pid), "no worker outlives the tournament"


def _ctrl_c_as_at_a_terminal() -> None:
    """A suite started in the background (`.ci/run &`) hands its children Ctrl-C
    ignored, as POSIX shells do; a person's terminal does not."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_a_tournament_started_with_ctrl_c_ignored_keeps_ignoring_it(tmp_path: Path) -> None:
    """`albion tournament … &` from a script: SIGINT stays ignored, never half-taken
    (it used to interrupt only when it landed while a result was being stored)."""
    out = tmp_path / "run"
    process = subprocess.Popen(
        [sys.executable, "-m", "albion", "tournament", "diamoniak", "--bots",
         "random,heuristic", "--games", "40", "--workers", "2", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=_ctrl_c_ignored)  # noqa: PLW1509 - sets one signal only
    results = out / "results.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        process.send_signal(signal.SIGINT)
        time.sleep(0.01)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert len(results.read_text().splitlines()) == 40


def _ctrl_c_ignored() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _children_of(pid: int) -> list[str]:
    found = []
    for entry in Path("/proc").iterdir():
        status = entry / "status"
        if entry.name.isdigit() and status.exists():
            try:
                fields = dict(line.split(":\t", 1) for line in
                              status.read_text().splitlines() if ":\t" in line)
            except OSError:
                continue
            if fields.get("PPid", "").strip() == str(pid):
                found.append(entry.name)
    return found if os.path.exists("/proc") else []


def test_hotseat_recaps_what_happened_since_each_persons_turn() -> None:
    """Issue 14: on a shared screen the bots' moves and the reveal were printed, then
    wiped by the next pass screen. Now each person, once the screen is theirs, is shown
    what happened since their last turn (in their own wording)."""
    stdin = "\n1\n\n1\n" + "\n1\n" * 12 + "quit\nn\n"
    code, out, _ = run("play", "raiding-stonehenge", "-p", "human,human,random", "--seed",
                       "2", stdin=stdin)
    assert code == 0
    recaps = out.split("Since P1 (human)'s last turn:")
    assert len(recaps) > 2, "P1 got a recap at each of its turns"
    later = recaps[2]
    assert "P3 random takes" in later, "the bot's pick reaches P1"
    assert "revealed:" in out.split("Since P2 (human)'s last turn:")[-1] or "revealed:" in later


def test_no_pass_screen_for_the_person_already_at_the_keyboard() -> None:
    """Raiding Stonehenge: P2 picks, then commits, with no pass screen in between."""
    code, out, _ = run("play", "raiding-stonehenge", "-p", "human,human", "--seed", "2",
                       stdin="\n1\n\n1\n1\nquit\nn\n")
    assert code == 0
    screens = [line for line in out.splitlines() if "Pass to" in line]
    assert all(a != b for a, b in itertools.pairwise(screens)), screens


def test_cards_carry_their_colour_letter_and_the_legend_names_them() -> None:
    code, out, _ = run("play", "raiding-stonehenge", "-p", "human,random", "--seed", "2",
                       stdin="quit\nn\n")
    assert code == 0
    assert "W white, B blue, G green, Y yellow, R red, K black" in out
    assert re_search(r"\[\s?\d+[WBGYRK]\]", out), "bottom cards show their letter"


def test_a_replay_keeps_face_down_cards_face_down_in_its_status_line(tmp_path: Path) -> None:
    path = tmp_path / "rs.json"
    run("play", "raiding-stonehenge", "-p", "random,random", "--seed", "5", "--save",
        str(path))
    record = load_record(path)
    first_play = next(i for i, text in enumerate(record.actions) if text.startswith("play"))
    code, out, _ = run("replay", str(path), "--at", str(first_play + 1))
    assert code == 0
    assert "play a card face down" in out and record.actions[first_play] not in out


def test_diamoniak_says_up_front_that_the_first_castle_card_sets_the_colour() -> None:
    code, out, _ = run("play", "diamoniak", "-p", "human,random", "--seed", "3",
                       stdin="quit\nn\n")
    assert code == 0
    assert out.index("set by the first castle card") < out.index("Your options")


def re_search(pattern: str, text: str) -> bool:
    return re.search(pattern, text) is not None
