"""The `albion` command end to end (typer's runner): output, exit codes, files."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from albion.cli.app import app
from albion.sim.records import load_record

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_games_json_lists_players_and_variants() -> None:
    code, out, _ = run("games", "--json")
    assert code == 0
    games = {game["id"]: game for game in json.loads(out)}
    diamoniak = games["diamoniak"]
    assert (diamoniak["min_players"], diamoniak["max_players"]) == (2, 4)
    fairy = next(v for v in diamoniak["variants"] if v["key"] == "fairy")
    assert fairy == {"key": "fairy", "default": "choose", "allowed": ["choose", "auto"],
                     "ruling": "DI-8", "summary": fairy["summary"]}


def test_rules_lists_every_ruling_id_and_marks_variants() -> None:
    code, out, _ = run("rules", "diamoniak")
    assert code == 0
    for number in range(1, 15):
        assert f"DI-{number} " in out or f"DI-{number}\n" in out or f"DI-{number}" in out
    assert "ALL-1" in out and "release_empty" in out and "our own design" in out


def test_play_between_bots_saves_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out, _ = run("play", "diamoniak", "--players", "random,random,random",
                       "--seed", "4", "--save", str(path))
    assert code == 0, out
    assert "wins with a full castle" in out or "a draw" in out
    record = load_record(path)
    assert record.seats == ["random", "random", "random"] and record.returns is not None
    code, out, _ = run("replay", str(path), "--at", str(len(record.actions)))
    assert code == 0 and "end of record" in out


def test_human_types_numbers_or_words_and_is_told_why_not(tmp_path: Path) -> None:
    path = tmp_path / "stopped.json"
    moves = "\n".join(["1", "dance", "buy red from P2", "7", "stop", "quit", "y",
                       str(path)]) + "\n"
    code, out, _ = run("play", "diamoniak", "--players", "human,random", "--seed", "3",
                       stdin=moves)
    assert code == 0, out
    assert "'dance' is not a Diamoniak action; try: draw" in out
    assert "Not now: a turn is a buy or a draw, never both (DI-3)" in out
    assert "Choose a number from 1 to 2." in out
    assert "Game stopped." in out and "Record saved" in out
    record = load_record(path)
    assert record.actions[:3] == ["draw", "reveal red", "stop"] and record.returns is None


def test_end_of_input_quits_and_declining_saves_nothing(tmp_path: Path) -> None:
    code, out, _ = run("play", "diamoniak", "--seed", "1", stdin="")
    assert code == 0 and "Game stopped." in out


def test_replay_browses_forward_and_back(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    run("play", "diamoniak", "-p", "random,random", "--seed", "2", "--save", str(path))
    code, out, _ = run("replay", str(path), stdin="n\nn\nb\nj 5\nwhat\ne\nq\n")
    assert code == 0
    assert "action 1/" in out and "action 2/" in out and "action 5/" in out
    assert "Enter/n next" in out and "end of record" in out


def test_simulate_json_is_deterministic() -> None:
    args = ("simulate", "diamoniak", "--players", "random,random,random", "--games", "30",
            "--seed", "9", "--json")
    first, second = (json.loads(run(*args)[1]) for _ in range(2))
    for key in ("game", "players", "games", "seed", "wins", "draws", "mean_actions",
                "seconds"):
        assert key in first
    assert first["players"] == ["random"] * 3 and first["games"] == 30
    assert sum(first["wins"]) + first["draws"] == pytest.approx(30)
    for key in ("wins", "draws", "mean_actions"):
        assert first[key] == second[key]
    other = json.loads(run(*args[:-3], "--seed", "10", "--json")[1])
    assert other["mean_actions"] != first["mean_actions"]


def test_simulate_counts_draws_at_the_cap() -> None:
    code, out, _ = run("simulate", "diamoniak", "-p", "random,random", "-n", "5",
                       "-V", "max_turns=1", "--json")
    summary = json.loads(out)
    assert code == 0 and summary["draws"] == 5 and summary["wins"] == [0, 0]


def test_bench_json_reports_rates() -> None:
    code, out, _ = run("bench", "diamoniak", "--seconds", "0.2", "--no-pin", "--json")
    assert code == 0
    result = json.loads(out)
    assert result["game"] == "diamoniak"
    assert result["actions_per_s"] > result["decisions_per_s"] > result["games_per_s"] > 0
    assert result["mean_actions"] > 1


REFERENCE = Path(__file__).parents[2] / "benchmarks" / "reference_engine.py"


def test_bench_interleaves_the_reference_in_cpu_time_and_reports_the_spread() -> None:
    """Issue 28, item 1: the reference's playout is loaded and timed in alternating
    CPU-time slices with the engine; the ratio is the median round's, with its spread."""
    code, out, _ = run("bench", "diamoniak", "--seconds", "1.5", "--no-pin",
                       "--baseline", str(REFERENCE), "--json")
    assert code == 0
    result = json.loads(out)
    assert result["clock"] == "cpu" and result["interleaved"] is True
    assert result["rounds"] >= 5
    spread = result["ratio_spread"]
    assert spread["low"] <= spread["quartiles"][0] <= spread["median"] \
        <= spread["quartiles"][1] <= spread["high"]
    assert result["ratio_to_baseline"] == spread["median"] > 0
    rates = result["baseline_spread"]
    assert rates["low"] <= result["baseline_actions_per_s"] <= rates["high"]


def test_bench_runs_a_reference_without_a_playout_function_on_its_own(
        tmp_path: Path) -> None:
    script = tmp_path / "reference.py"
    script.write_text('import json\nprint(json.dumps({"actions_per_s": 1000}))\n')
    code, out, _ = run("bench", "diamoniak", "--seconds", "0.3", "--no-pin",
                       "--baseline", str(script), "--json")
    assert code == 0
    result = json.loads(out)
    assert result["interleaved"] is False and result["baseline_actions_per_s"] == 1000
    assert "ratio_spread" not in result


def test_bench_says_why_a_reference_script_does_not_load(tmp_path: Path) -> None:
    script = tmp_path / "broken.py"
    script.write_text("raise RuntimeError('no engine here')\n")
    code, out, err = run("bench", "diamoniak", "--seconds", "0.3", "--no-pin",
                         "--baseline", str(script))
    assert code == 2
    assert "did not load: no engine here" in err and "Traceback" not in err + out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "chess"), "unknown game 'chess'; known games: diamoniak"),
        (("simulate", "diamoniak", "-p", "random,nobody"), "unknown player 'nobody'"),
        (("simulate", "diamoniak", "-p", "human,random"), "'human' cannot play here"),
        (("simulate", "diamoniak", "-p", "random"), "takes 2 to 4 players, not 1"),
        (("play", "diamoniak", "-p", "random," * 4 + "random"), "not 5"),
        (("simulate", "diamoniak", "-p", "random,random", "-V", "buy=all"),
         "variant buy='all' is not allowed; allowed: own, any"),
        (("simulate", "diamoniak", "-p", "random,random", "-V", "colour=red"),
         "unknown variant key 'colour'"),
        (("simulate", "diamoniak", "-p", "random,random", "-V", "buy"), "key=value"),
        (("replay", "/no/such/file.json"), "cannot read record /no/such/file.json"),
        (("bench", "diamoniak", "--baseline", "/no/such.py"), "is not a file"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err + out


def test_tampered_record_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    run("play", "diamoniak", "-p", "random,random", "--seed", "2", "--save", str(path))
    data = json.loads(path.read_text())
    data["actions"][1] = "reveal unicorn"
    path.write_text(json.dumps(data))
    code, _, err = run("replay", str(path))
    assert code == 2 and "record action 2 'reveal unicorn' is refused" in err
    data["actions"] = 7
    path.write_text(json.dumps(data))
    code, _, err = run("replay", str(path))
    assert code == 2 and "is not valid: actions" in err


def test_bad_flag_is_a_usage_error() -> None:
    code, _, err = run("simulate", "diamoniak", "--gamez", "3")
    assert code == 2 and "No such option" in err


def test_raiding_stonehenge_plays_against_bots_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "rs.json"
    code, out, _ = run("play", "raiding-stonehenge", "-p", "random,random,random,random",
                       "--seed", "5", "--save", str(path))
    assert code == 0 and "Game over after 10 rounds" in out
    assert "wins with" in out or "share the win" in out
    assert "plays a card face down" in out and "⇒ the cards are revealed: P1" in out
    record = load_record(path)
    assert len(record.seats) == 4 and record.returns is not None
    code, out, _ = run("replay", str(path), "--at", "60")
    assert code == 0 and "line 1" in out


def test_hotseat_shows_a_hand_only_after_the_pass_screen() -> None:
    code, out, _ = run("play", "raiding-stonehenge", "-p", "human,human", "--seed", "2",
                       stdin="\n1\n\n1\nquit\nn\n")
    assert code == 0
    first_pass = out.index("Pass to P1 (human)")
    second_pass = out.index("Pass to P2 (human)")
    assert out.index("P1 human (you)") > first_pass
    assert out.index("P2 human (you)") > second_pass
    assert "P2 human (you)" not in out[:second_pass], "P2's hand before the pass screen"
    cleared = out.index("P1 (human) has chosen.")
    assert first_pass < cleared < second_pass


def test_simulate_and_rules_cover_raiding_stonehenge() -> None:
    code, out, _ = run("simulate", "raiding-stonehenge", "-p", "random,random,random,random",
                       "-n", "20", "-V", "contest=all-lose", "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary["variant"]["contest"] == "all-lose"
    assert sum(summary["wins"]) == pytest.approx(20)
    code, out, _ = run("rules", "raiding-stonehenge")
    assert code == 0 and "RS-21" in out and "published 4–5" in out


def test_super_camelot_plays_at_the_terminal_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "sc.json"
    code, out, _ = run("play", "super-camelot", "-p", "human,random", "--seed", "4",
                       stdin="pick arthur\ncircle north\n1\nend turn\nquit\ny\n" + str(path)
                       + "\n")
    assert code == 0, out
    assert "Choosing characters" in out and "◯" in out and "Health" in out
    assert "hidden" in out, "the opponent's gems"
    record = load_record(path)
    assert all(text.startswith("tile ") for text in record.actions[:4]), "centre tiles"
    assert record.actions[4] == "pick arthur" and record.actions[5].startswith("pick ")
    code, out, _ = run("replay", str(path), "--at", "8")
    assert code == 0 and "action 8/" in out


def test_super_camelot_simulate_reports_how_games_end() -> None:
    code, out, _ = run("simulate", "super-camelot", "-p", "random,random,random", "-n", "3",
                       "-V", "max_turns=30", "--json")
    summary = json.loads(out)
    assert code == 0 and summary["end_reasons"] == {"cap": 3} and summary["draws"] == 3


def test_play_refuses_a_cheating_bot_unless_allowed() -> None:
    code, _, err = run("play", "diamoniak", "-p", "human,cheat-mcts", "--seed", "1")
    assert code == 2 and "--allow-cheats" in err
    code, _, _ = run("play", "diamoniak", "-p", "random,cheat-mcts:iterations=5",
                       "--allow-cheats", "--seed", "1")
    assert code == 0


def test_hint_gives_the_search_bots_choice() -> None:
    code, out, _ = run("play", "diamoniak", "-p", "human,random", "--seed", "3",
                       stdin="1\nhint\nquit\nn\n")
    assert code == 0 and "Hint:" in out and "estimated win chance" in out


def test_simulate_rotates_and_labels_cheats() -> None:
    code, out, _ = run("simulate", "diamoniak", "-p", "heuristic,cheat-mcts:iterations=5",
                       "-n", "4", "--rotate", "--workers", "1")
    assert code == 0 and "cheats: sees hidden information" in out and "Seat wins" in out
    code, out, _ = run("simulate", "diamoniak", "-p", "heuristic,random", "-n", "4",
                       "--rotate", "--json")
    summary = json.loads(out)
    assert summary["rotate"] and sum(summary["seat_wins"]) == pytest.approx(4)


def test_tournament_and_report_commands(tmp_path: Path) -> None:
    code, out, _ = run("tournament", "diamoniak", "-b", "heuristic,random", "-n", "6",
                       "--backend", "local", "--out", str(tmp_path / "t"), "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 6 and (tmp_path / "t" / "summary.json").exists()
    assert {row["bot"] for row in data["bots"]} == {"heuristic", "random"}
    code, out, _ = run("report", "diamoniak", "-n", "4", "--sweep", "fairy=choose,auto",
                       "--backend", "local", "--out", str(tmp_path / "r"))
    assert code == 0 and "fairy=auto" in out and (tmp_path / "r" / "report.html").exists()
    code, _, err = run("tournament", "diamoniak", "-b", "heuristic", "--backend", "cloud")
    assert code == 2 and "unknown backend 'cloud'" in err


def test_bench_times_the_search_bot() -> None:
    code, out, _ = run("bench", "diamoniak", "--seconds", "0.5", "--no-pin",
                       "--bot", "ismcts:iterations=50", "--json")
    data = json.loads(out)
    assert code == 0 and data["iterations_per_s"] > 0 and data["mean_rollout_length"] > 0
    shares = data["rollout_share_per_slice"]
    assert len(shares) == 5 and all(share > 0 for share in shares)
    assert data["rollout_share_of_playout_speed"] == sorted(shares)[2], "the median slice"
    code, _, err = run("bench", "diamoniak", "--seconds", "0.2", "--bot", "random")
    assert code == 2 and "does not search" in err


def test_bench_bot_takes_one_spec() -> None:
    code, _, err = run("bench", "diamoniak", "--seconds", "0.2", "--bot",
                       "ismcts:iterations=5,random")
    assert code == 2 and "--bot takes one bot spec" in err


def test_schema_writes_the_table_and_server_schemas(tmp_path: Path) -> None:
    code, out, _ = run("schema", "--out", str(tmp_path))
    assert code == 0
    written = {path.name for path in tmp_path.iterdir()}
    assert {"events.schema.json", "diamoniak.view.schema.json", "server.schema.json"} <= written
    assert "server.schema.json" in out.replace("\n", "")  # rich wraps long paths
    server = json.loads((tmp_path / "server.schema.json").read_text(encoding="utf-8"))
    for name in ("CreateTable", "CreatedTable", "TableSummary", "ErrorBody", "ClientMessage"):
        assert name in server["$defs"], name
    assert set(server["$defs"]["ClientMessage"]["discriminator"]["mapping"]) == {
        "submit", "hello", "join", "hint", "back", "chat", "chat_spectators", "undo",
        "why_not"}


def test_serve_refuses_a_taken_port_before_starting() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run("serve", "--port", str(port), "--db", "sqlite:///:memory:")
    assert code == 2
    assert "Choose another port with --port" in err.replace("\n", " ")
    assert "serving" not in out


@pytest.mark.parametrize("url", ["mysql://x", "sqlite:////no/such/folder/albion.db"])
def test_serve_refuses_a_database_it_cannot_use(url: str) -> None:
    code, _, err = run("serve", "--port", "1", "--db", url)
    assert code == 2 and "error:" in err


@pytest.mark.parametrize("command", [["hostile", "--frames", "100"], ["loadtest"],
                                     ["fuzz-leaks", "--games", "1"]])
def test_a_proving_tool_without_its_extra_says_what_to_install(
        command: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26: on a plain install (no httpx) the tools that prove a server exit 2 with
    the extra to install, never an ImportError's traceback."""
    import albion.proving  # noqa: PLC0415

    real = albion.proving.importlib.util.find_spec
    monkeypatch.setattr(albion.proving.importlib.util, "find_spec",
                        lambda name, *a: None if name == "httpx" else real(name, *a))
    code, _, err = run(*command)
    assert code == 2
    assert "pip install 'albion[proving]'" in " ".join(err.split()), err
    assert "Traceback" not in err


def test_an_error_with_a_bracket_is_printed_as_written() -> None:
    """Rich markup is escaped once, in `fail`: a bad value `[x]` reads `[x]`, with no
    backslash and nothing swallowed."""
    code, _, err = run("play", "diamoniak", "--players", "human,random",
                       "--variant", "first=[x]")
    assert code == 2
    assert "first='[x]'" in err and "\\[" not in err, err
