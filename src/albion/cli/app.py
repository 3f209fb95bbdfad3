"""The `albion` command: games, rules, play, replay, simulate, bench."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from albion import __version__, i18n
from albion.bots.registry import is_cheat, make_bot, parse_players
from albion.build import build_name, stale_modules
from albion.cli import catalogue
from albion.cli.analysis import analysis_view, bench_passed, bench_view, curves_plot
from albion.cli.console import console, err_console, fail, interrupted, user_errors
from albion.cli.learn import learn
from albion.cli.learned import train_bot_command
from albion.cli.play import play_game
from albion.cli.ratings import anchors_table, ladders_table, rating_bench_table
from albion.cli.replay import browse, load_replay
from albion.cli.server_schema import write_server_schema
from albion.cli.tables import ends_text, report_table, standings_table, summary_table
from albion.cli.usage import UsageGroup
from albion.core.game import AnyGame
from albion.core.plugin import load_tutorial
from albion.core.registry import get_game, plugin_of
from albion.core.variants import Variant, parse_variant_pairs
from albion.i18n import N_, _, _n, numbers
from albion.server.settings import (
    DEFAULT_DATABASE,
    ServerSettings,
    allowed_hosts,
    public_url_of,
)
from albion.sim.bench import (
    bench,
    bench_search,
    bench_table,
    load_reference,
    pin_to_one_core,
    run_baseline,
)
from albion.sim.rating.anchors import Anchors, FormatAnchors, load_anchors
from albion.sim.rating.bench import (
    DEFAULT_FORMATS,
    BenchResult,
    parse_format,
    run_bench,
)
from albion.sim.rating.calibrate import calibrate, calibrations, with_formats
from albion.sim.rating.ladder import (
    LADDER_GAMES,
    FittedLadder,
    Ladders,
    ladder_tournament,
    load_ladders,
    measure_ladder,
)
from albion.sim.records import check_writable
from albion.sim.report import ReportPlan, run_report, sweep_pairs
from albion.sim.schedule import balanced_games
from albion.sim.simulate import default_workers, simulate
from albion.sim.standings import standings
from albion.sim.tournament import TournamentConfig, run_tournament
from albion.table.schemas import write_schemas
from albion.table.seeding import fresh_seed

app = typer.Typer(
    name="albion",
    cls=UsageGroup,
    help=N_("Play, simulate and study tabletop games: Diamoniak, Raiding Stonehenge, Super "
            "Camelot, and any game installed as a plug-in (`albion games` lists them)."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

GameArg = Annotated[str, typer.Argument(metavar="GAME", show_default=False,
                                        help=N_("Game id, as listed by `albion games`."))]
VariantOpt = Annotated[list[str] | None, typer.Option(
    "--variant", "-V", metavar="KEY=VALUE",
    help=N_("A rule variant (repeatable); `albion games` lists keys and values."))]
JsonOpt = Annotated[bool, typer.Option("--json", help=N_("Print one JSON object instead."))]
MAX_GAMES = 1_000_000
"""Games per run: more is a job for several runs (seeds), and bounds the memory."""


def _version(value: bool) -> None:
    if value:
        console.print(f"albion {__version__} ({build_name()})", highlight=False)
        for module in stale_modules():
            console.print(_("warning: {module} is compiled from an older source; reinstall "
                            "(a compiled module must not hide edited code)", module=module),
                          highlight=False, markup=False)
        raise typer.Exit


def _language(value: str | None) -> str | None:
    """`--lang`, else the terminal's LANGUAGE/LC_ALL/LC_MESSAGES/LANG (issue 29)."""
    chosen = i18n.supported(value) if value else i18n.from_environment()
    if chosen is None:
        raise typer.BadParameter(f"{value!r} is not a language Albion speaks; choose one of "
                                 f"{', '.join(i18n.LANGUAGES)}")
    i18n.use(chosen)
    return chosen


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help=N_("Show the version and exit."))] = False,
    lang: Annotated[str | None, typer.Option(
        "--lang", callback=_language, is_eager=True, metavar="LANG",
        help=N_("The language to read in: en, fr or de (default: from LANG)."))] = None,
) -> None:
    """Play, simulate and study tabletop games (`albion games` lists them)."""


def _game_and_variant(game_id: str, pairs: list[str] | None) -> tuple[AnyGame, Variant]:
    game = get_game(game_id)
    return game, game.variant(parse_variant_pairs(pairs or []))


@app.command("games", help=N_(
    "List the games: player counts, variants with their values and defaults."))
def games_command(as_json: JsonOpt = False) -> None:
    if as_json:
        print(json.dumps(catalogue.games_json(), indent=1))
    else:
        console.print(catalogue.games_table())


@app.command("rules", help=N_(
    "List a game's rulings (ids first); rulings that are switchable variants are marked."))
def rules_command(game_id: GameArg) -> None:
    with user_errors():
        game = get_game(game_id)
    console.print(catalogue.rulings_table(game))
    console.print(catalogue.variants_table(game))


@app.command("play", help=N_(
    "Play at the terminal. Type an action's number or its words, `hint` for the ISMCTS\n"
    "bot's advice, or `quit` (or Ctrl-C) to stop and save the record."))
def play_command(
    game_id: GameArg,
    players: Annotated[str, typer.Option(
        "--players", "-p", metavar="SPEC,SPEC…",
        help=N_("One spec per seat, in seat order: `human` or a bot (random, heuristic, "
                "ismcts, ismcts:iterations=2000,c=1.2; see `albion bots`)."))] = "human,ismcts",
    seed: Annotated[int | None, typer.Option(
        help=N_("Seed for chance and bots (default: a fresh one, shown)."))] = None,
    variant: VariantOpt = None,
    save: Annotated[Path | None, typer.Option(
        metavar="FILE", help=N_("Write the game record here when the game ends."))] = None,
    allow_cheats: Annotated[bool, typer.Option(
        "--allow-cheats", help=N_("Allow cheat-mcts, which sees hidden information."))] = False,
) -> None:
    with user_errors():
        game, resolved = _game_and_variant(game_id, variant)
        specs = parse_players(players)
        game.check_players(len(specs))
        cheats = [str(spec) for spec in specs if is_cheat(spec)]
        if cheats and not allow_cheats:
            fail(_n("{bots} sees hidden information; add --allow-cheats to play against "
                    "it anyway", "{bots} see hidden information; add --allow-cheats to play "
                    "against them anyway", len(cheats), bots=", ".join(cheats)))
        if save is not None:
            check_writable(save)  # before the game, not after it: no game is lost
        play_game(game, resolved, specs, fresh_seed() if seed is None else seed, save,
                  console)


@app.command("learn", help=N_(
    "A guided first game: short steps, each a position with a few words; type the move\n"
    "asked for (its number or its words), `hint` for a hint, `quit` to stop. Exit status\n"
    "0 once the tutorial is complete, 1 when stopped before its end."))
def learn_command(game_id: GameArg) -> None:
    with user_errors():
        game = get_game(game_id)
        tutorial = load_tutorial(plugin_of(game))
        if tutorial is None:
            fail(_("{game} has no tutorial yet; albion rules {id} lists its rulings",
                   game=game.name, id=game.id))
        if not learn(game, tutorial, console):
            raise typer.Exit(1)


@app.command("bots", help=N_("List the bots, their options and each game's heuristic strategy."))
def bots_command() -> None:
    console.print(catalogue.bots_table())


@app.command("replay", help=N_(
    "Step through a saved game: Enter/n next, b back, j N jump, q quit."))
def replay_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", show_default=False,
                                         help=N_("A record saved by `albion play --save`."))],
    at: Annotated[int | None, typer.Option(
        metavar="N", help=N_("Show the position after N actions and exit."))] = None,
) -> None:
    with user_errors():
        browse(console, file, at)


@app.command("analyse", help=N_(
    "Analyse a finished game: each decision's fair win chance (from what its seat saw)\n"
    "and hindsight win chance (everything known), mistakes flagged with the better move\n"
    "and why, each seat's luck, and the positions to replay."))
def analyse_command(
    file: Annotated[Path, typer.Argument(metavar="RECORD", show_default=False, help=N_(
        "A finished game's record (`albion play --save`, `albion tournament --out`)."))],
    seed: Annotated[int, typer.Option(help=N_("Seed of the searches: same seed, same "
                                              "analysis."))] = 0,
    iterations: Annotated[int | None, typer.Option(
        min=1, max=1_000_000, help=N_("Search iterations per candidate action (default: "
                                      "the game's, about 30 s a game)."))] = None,
    workers: Annotated[int | None, typer.Option(
        min=1, help=N_("Processes to analyse in (default: every core); same results."))
    ] = None,
    plot: Annotated[Path | None, typer.Option(metavar="FILE", help=N_(
        "Also draw both win chances of each seat over the game into this PNG file."))
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    from albion.analysis import AnalysisSettings, analyse  # noqa: PLC0415 - only here

    with user_errors():
        if plot is not None and (plot.is_dir() or not plot.parent.is_dir()):
            fail(_("cannot write {file}: {problem}", file=str(plot),
                   problem=_("name a file in a folder that exists")))
        game, record, _states = load_replay(file)
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                      MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                      console=err_console, disable=not err_console.is_terminal,
                      transient=True) as bar:
            task = bar.add_task(_("{game} analysis", game=game.name), total=None)
            with interrupted(lambda: _("Stopped: nothing kept; run it again (same seed, "
                                       "same analysis).")):
                result = analyse(game, record, AnalysisSettings(seed, iterations),
                                 lambda done, total: bar.update(task, completed=done,
                                                                total=total),
                                 workers or default_workers())
        if plot is not None:
            try:
                curves_plot(game, result, plot)
            except OSError as error:
                fail(_("cannot write {file}: {problem}", file=str(plot),
                       problem=str(error.strerror or error)))
    if as_json:
        print(json.dumps(result.to_json_dict()))
        return
    console.print(analysis_view(game, result))


BENCH_PARTS = ("calibration", "stability", "speed", "sense")


@app.command("analyse-bench", help=N_(
    "Benchmark the analysis (issue 33) on heuristic self-play: calibration of the fair win\n"
    "chance (ECE, reliability plot), the same labels over 3 seeds, the time of a\n"
    "median-length game, and whether a weaker bot is flagged more (95% interval).\n"
    "Exit 1 when a figure misses its target."))
def analyse_bench_command(
    games_ids: Annotated[list[str] | None, typer.Option(
        "--game", metavar="GAME", help=N_("A game to measure (repeatable; default: every "
                                          "game)."))] = None,
    parts: Annotated[list[str] | None, typer.Option(
        "--part", metavar="PART", help=N_("calibration, stability, speed or sense "
                                          "(repeatable; default: all four)."))] = None,
    positions: Annotated[int, typer.Option(min=10, max=1_000_000, help=N_(
        "Positions per game for the calibration."))] = 10_000,
    games: Annotated[int, typer.Option("--games", "-n", min=1, max=10_000, help=N_(
        "Games per game for the stability, the speed (the median of them) and the sense."))
    ] = 10,
    bots: Annotated[str, typer.Option(metavar="BOT,BOT", help=N_(
        "The two bots of the sense test, the weaker first."))] = "heuristic,ismcts",
    iterations: Annotated[int | None, typer.Option(
        min=1, max=1_000_000, help=N_("Search iterations per candidate action (default: "
                                      "the game's)."))] = None,
    seed: Annotated[int, typer.Option(help=N_("Master seed: same seed, same results."))] = 0,
    workers: Annotated[int | None, typer.Option(
        min=1, help=N_("Processes to analyse in (default: every core); same results."))
    ] = None,
    out: Annotated[Path | None, typer.Option(metavar="DIR", help=N_(
        "Write bench.json, the reliability plot (reliability.png) and the calibration's "
        "positions (calibration-GAME.jsonl) here."))] = None,
    per_game: Annotated[int, typer.Option(min=1, max=1000, help=N_(
        "Positions per self-play game for the calibration (few: a game's positions "
        "share its result)."))] = 2,
    fit: Annotated[Path | None, typer.Option(metavar="FILE", help=N_(
        "Fit each game's calibration map on the calibration's positions and write it into "
        "FILE (the package's is src/albion/analysis/calibration.json); its figure is then "
        "not held out: measure it again with another --seed."))] = None,
    as_json: JsonOpt = False,
) -> None:
    from albion.analysis import bench  # noqa: PLC0415 - only here

    with user_errors():
        chosen = parts or list(BENCH_PARTS)
        for part in chosen:
            if part not in BENCH_PARTS:
                fail(_("unknown part {part}; parts: {parts}", part=repr(part),
                       parts=", ".join(BENCH_PARTS)))
        ids = [get_game(game_id).id for game_id in (games_ids or
                                                    ["diamoniak", "raiding-stonehenge",
                                                     "super-camelot"])]
        pair = [str(spec) for spec in parse_players(bots, allow_human=False)]
        if len(pair) != 2:
            fail(_("--bots names two bots, the weaker first"))
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
        cores = workers or default_workers()
        results: dict[str, list[Any]] = {part: [] for part in chosen}
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                      MofNCompleteColumn(), TimeElapsedColumn(), console=err_console,
                      disable=not err_console.is_terminal, transient=True) as bar:
            task = bar.add_task("", total=None)

            def step(name: str) -> Callable[[int, int], None]:
                bar.update(task, description=name, completed=0, total=None)
                return lambda done, total: bar.update(task, completed=done, total=total)

            with interrupted(lambda: _("Stopped: nothing kept; run it again (same seed, "
                                       "same results).")):
                for game_id in ids:
                    if "calibration" in chosen:
                        results["calibration"].append(bench.calibration(
                            game_id, positions, iterations, seed, cores,
                            step(f"{game_id} calibration"), per_game, fit,
                            out / f"calibration-{game_id}.jsonl" if out else None))
                    if "stability" in chosen:
                        results["stability"].append(bench.stability(
                            game_id, games, iterations, seed, cores,
                            step(f"{game_id} stability")))
                    if "speed" in chosen:
                        step(f"{game_id} speed")
                        results["speed"].append(bench.speed(game_id, games, iterations,
                                                            seed, cores))
                    if "sense" in chosen:
                        results["sense"].append(bench.sense(
                            game_id, (pair[0], pair[1]), games, iterations, seed, cores,
                            step(f"{game_id} sense")))
        data = {part: [bench.to_json(item) for item in items]
                for part, items in results.items()}
        if out is not None:
            (out / "bench.json").write_text(json.dumps(data, indent=1) + "\n")
            if results.get("calibration"):
                bench.reliability_plot(results["calibration"], out / "reliability.png")
    if as_json:
        print(json.dumps(data))
    else:
        console.print(bench_view(results))
    if not bench_passed(results):
        raise typer.Exit(1)


app.command("train-bot", help=N_(
    "Train the learned bot (issue 34): PPO by self-play on the batched Diamoniak engine,\n"
    "a share of the games against the heuristic; writes the weights (.npz) and says how\n"
    "they score against the heuristic. Needs PyTorch (the dev extra).")
)(train_bot_command)


@app.command("simulate", help=N_(
    "Play many games between bots and sum up wins, draws and game length."))
def simulate_command(
    game_id: GameArg,
    players: Annotated[str, typer.Option(
        "--players", "-p", metavar="BOT,BOT…", help=N_("One bot per seat, in seat order."))],
    games: Annotated[int, typer.Option("--games", "-n", min=1, max=MAX_GAMES,
                                       help=N_("Games to play."))] = 100,
    seed: Annotated[int, typer.Option(help=N_("Master seed: same seed, same results."))] = 0,
    variant: VariantOpt = None,
    rotate: Annotated[bool, typer.Option(
        help=N_("Move the players round the seats game by game (seat advantage cancels "
                "out); adds seat_wins."))] = False,
    workers: Annotated[int | None, typer.Option(
        min=1, help=N_("Processes to play in (default: every core); same results."))] = None,
    as_json: JsonOpt = False,
) -> None:
    with user_errors():
        game, resolved = _game_and_variant(game_id, variant)
        specs = parse_players(players, allow_human=False)
        game.check_players(len(specs))
        show_bar = err_console.is_terminal
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                      MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                      console=err_console, disable=not show_bar, transient=True) as bar:
            task = bar.add_task(f"{game.name}", total=games)
            with interrupted(lambda: _("Stopped: simulate keeps nothing; run it again (same "
                                       "seed, same games), or use `albion tournament --out "
                                       "DIR`, which keeps every finished game and resumes.")):
                summary = simulate(game, resolved, specs, games, seed,
                                   progress=lambda done: bar.update(task, completed=done),
                                   rotate=rotate, workers=workers or default_workers())
    if as_json:
        print(json.dumps(summary.to_json_dict()))
        return
    console.print(summary_table(game, summary))
    console.print(_("Draws: {draws} · mean actions per game: {mean} · ended by: {ends} · "
                    "{seconds} s", draws=numbers.decimal(summary.draws, 0),
                    mean=numbers.decimal(summary.mean_actions, 1),
                    ends=ends_text(summary.end_reasons),
                    seconds=numbers.decimal(summary.seconds, 2)), markup=False)


@app.command("tournament", help=N_(
    "Rate bots: seats balanced, OpenSkill ratings, win rates with 95% intervals."))
def tournament_command(
    game_id: GameArg,
    bots: Annotated[str, typer.Option(
        "--bots", "-b", metavar="SPEC,SPEC…",
        help=N_("The line-up (options after a bot belong to it: ismcts:iterations=500,c=1,"
                "random)."))],
    games: Annotated[int, typer.Option("--games", "-n", min=1, max=MAX_GAMES,
                                       help=N_("Games to play."))] = 100,
    players: Annotated[int | None, typer.Option(
        min=1, help=N_("Players per game (default: the game's minimum)."))] = None,
    seed: Annotated[int, typer.Option(help=N_("Master seed: same seed, same results."))] = 0,
    variant: VariantOpt = None,
    workers: Annotated[int | None, typer.Option(
        min=1, help=N_("Workers (default: every core of this machine)."))] = None,
    backend: Annotated[str, typer.Option(
        help=N_("process (all cores here), ray (a local Ray, or --address), or local."))
    ] = "process",
    address: Annotated[str | None, typer.Option(
        help=N_("With --backend ray: join this Ray cluster (host:port) instead of starting "
                "one."))] = None,
    out: Annotated[Path | None, typer.Option(
        metavar="DIR", help=N_("Stream every record and result here; run again to resume."))
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    with user_errors():
        if address is not None and backend != "ray":
            fail(_("--address joins a Ray cluster: use it with --backend ray, not {backend}",
                   backend=backend))
        game, resolved = _game_and_variant(game_id, variant)
        specs = parse_players(bots, allow_human=False)
        count = game.min_players if players is None else players
        game.check_players(count)
        config = TournamentConfig(game.id, tuple(str(spec) for spec in specs), games, count,
                                  seed, tuple(sorted(resolved.as_dict().items())))
        cycle = balanced_games(len(specs), count)
        if games % cycle:
            err_console.print(_("note: seats are exactly balanced every {cycle} games; "
                                "{games} is not a multiple", cycle=cycle, games=games),
                              soft_wrap=True, markup=False)
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                      MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                      console=err_console, disable=not err_console.is_terminal,
                      transient=True) as bar:
            task = bar.add_task(_("{game} tournament", game=game.name), total=games)
            finished = [0]

            def advance(done: int) -> None:
                finished[0] = done
                bar.update(task, completed=done)

            with interrupted(lambda: _kept(finished[0], games, out)):
                outcomes = run_tournament(config, backend, workers or default_workers(),
                                          out, address, progress=advance)
        table = standings(config.bots, outcomes)
        if out is not None:
            (out / "summary.json").write_text(json.dumps(
                {"config": config.to_json_dict(), **table.to_json_dict()}, indent=1) + "\n")
    if as_json:
        print(json.dumps({"config": config.to_json_dict(), **table.to_json_dict()}))
        return
    console.print(standings_table(game, config, table))


@app.command("rating-bench", help=N_(
    "Benchmark the ratings: a population of bots of known strength per format, at tables\n"
    "paired by rating (or at random); Spearman's rho of the book, of its first form, of\n"
    "openskill, of pairwise Elo and of the ideal (the book's model fitted on all the games\n"
    "at once) with true strength, and the calibration error of the predicted win chances."))
def rating_bench_command(
    formats: Annotated[list[str] | None, typer.Option(
        "--format", metavar="GAME/N[:LADDER]", help=N_(
            "A format to benchmark (repeatable; ladder noise or noise+search). Default: "
            "diamoniak/2, diamoniak/3, diamoniak/4 and raiding-stonehenge/4:noise+search."))
    ] = None,
    population: Annotated[int, typer.Option(
        min=4, max=100_000, help=N_("Players per format, spread evenly over the ladder."))
    ] = 300,
    games_each: Annotated[int, typer.Option(
        min=1, max=10_000, help=N_("Games each player plays (one a round)."))] = 30,
    tables: Annotated[str, typer.Option(
        metavar="rated|random", help=N_(
            "Who plays whom each round: rated, neighbours by displayed rating as a server "
            "pairs them (a little randomness); random, shuffled."))] = "rated",
    seed: Annotated[int, typer.Option(help=N_("Master seed: same seed, same results."))] = 0,
    workers: Annotated[int | None, typer.Option(
        min=1, help=N_("Processes to play in (default: every core); same results."))] = None,
    as_json: JsonOpt = False,
) -> None:
    with user_errors():
        plans = [parse_format(text, population, games_each, seed, tables)
                 for text in (formats or [f"{game}/{players}:{ladder}"
                                          for game, players, ladder in DEFAULT_FORMATS])]
        for plan in plans:
            plan.task()  # refuses a population that cannot sit at full tables, now
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                      MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                      console=err_console, disable=not err_console.is_terminal,
                      transient=True) as bar:
            task = bar.add_task("", total=sum(plan.games() for plan in plans))
            results: list[BenchResult] = []
            with interrupted(lambda: _("Stopped: rating-bench keeps nothing; run it again "
                                       "(same seed, same games).")):
                for plan in plans:
                    bar.update(task, description=f"{plan.game}/{plan.players}")
                    results.append(run_bench(plan, workers or default_workers(),
                                             progress=_advance(bar, task, sum(
                                                 p.games() for p in plans[:len(results)]))))
    seconds = sum(result.seconds for result in results)
    if as_json:
        print(json.dumps({"formats": [result.to_json_dict() for result in results],
                          "seconds": round(seconds, 2)}))
        return
    console.print(rating_bench_table(results, seconds))


@app.command("rating-ladder", help=N_(
    "Measure the rating benchmark's ladders: per format, a seat-balanced tournament among\n"
    "a few bots of the ladder, fitted, so that its rungs stand at evenly spaced strengths."))
def rating_ladder_command(
    formats: Annotated[list[str] | None, typer.Option(
        "--format", metavar="GAME/N[:LADDER]", help=N_(
            "A format's ladder to measure (repeatable). Default: the benchmark's formats."))
    ] = None,
    games: Annotated[int, typer.Option(
        "--games", "-n", min=20, max=MAX_GAMES, help=N_(
            "Games per format, at least (rounded up to whole seat-balanced cycles)."))
    ] = LADDER_GAMES,
    seed: Annotated[int, typer.Option(help=N_("Master seed: same seed, same ladders."))] = 0,
    workers: Annotated[int | None, typer.Option(
        min=1, help=N_("Processes to play in (default: every core); same results."))] = None,
    out: Annotated[Path | None, typer.Option(
        metavar="FILE", help=N_(
            "Write the ladders file here, these formats measured anew and the others kept "
            "(src/albion/sim/rating/ladders.json is the one Albion ships)."))] = None,
    as_json: JsonOpt = False,
) -> None:
    with user_errors():
        ladders = load_ladders()
        if out is not None:
            check_writable(out)
            if out.is_file():
                try:
                    ladders = Ladders.from_json_dict(json.loads(out.read_text()))
                except ValueError as problem:
                    fail(_("{file}: {problem}", file=str(out), problem=str(problem)))
        plans = [parse_format(text) for text in (formats or [
            f"{game}/{players}:{ladder}" for game, players, ladder in DEFAULT_FORMATS])]
        tournaments = [(plan, ladder_tournament(plan.game, plan.players, plan.ladder, games,
                                                seed)) for plan in plans]
        measured: dict[tuple[str, int, str], FittedLadder] = {}
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                      MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                      console=err_console, disable=not err_console.is_terminal,
                      transient=True) as bar:
            task = bar.add_task("", total=sum(t.games for _, t in tournaments))
            with interrupted(lambda: _("Stopped: nothing written; run it again (same seed, "
                                       "same games).")):
                done = 0
                for plan, tournament in tournaments:
                    bar.update(task, description=f"{plan.game}/{plan.players}:{plan.ladder}")
                    measured[(plan.game, plan.players, plan.ladder)] = measure_ladder(
                        tournament, seed, workers or default_workers(),
                        progress=_advance(bar, task, done))
                    done += tournament.games
        result = Ladders({**ladders.fitted, **measured})
        if out is not None:
            out.write_text(result.to_text())
    if as_json:
        print(json.dumps(result.to_json_dict()))
        return
    console.print(ladders_table(measured))
    if out is not None:
        console.print(_("wrote {file}", file=str(out)), markup=False)


@app.command("rating-calibrate", help=N_(
    "Place the rating scale's anchors: a seat-balanced tournament among each game's\n"
    "reference bots at every player count, fitted with the random bot (or the weakest) at 0."))
def rating_calibrate_command(
    games_to_place: Annotated[list[str] | None, typer.Option(
        "--game", metavar="GAME", help=N_(
            "A game to calibrate (repeatable; default: every game with reference bots)."))
    ] = None,
    games: Annotated[int, typer.Option(
        "--games", "-n", min=20, max=MAX_GAMES, help=N_("Games per player count."))] = 240,
    seed: Annotated[int, typer.Option(help=N_("Master seed: same seed, same anchors."))] = 0,
    workers: Annotated[int | None, typer.Option(
        min=1, help=N_("Processes to play in (default: every core); same results."))] = None,
    out: Annotated[Path | None, typer.Option(
        metavar="FILE", help=N_(
            "Write the anchors file here, these games' formats placed anew and the others "
            "kept (src/albion/sim/rating/anchors.json is the one Albion ships)."))] = None,
    as_json: JsonOpt = False,
) -> None:
    with user_errors():
        anchors = load_anchors()
        if out is not None:
            check_writable(out)
            if out.is_file():
                try:
                    anchors = Anchors.from_json_dict(json.loads(out.read_text()))
                except ValueError as problem:
                    fail(_("{file}: {problem}", file=str(out), problem=str(problem)))
        plans = calibrations(anchors, games_to_place or [], games, seed)
        placed: dict[tuple[str, int], FormatAnchors] = {}
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                      MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                      console=err_console, disable=not err_console.is_terminal,
                      transient=True) as bar:
            task = bar.add_task("", total=games * len(plans))
            with interrupted(lambda: _("Stopped: nothing written; run it again (same seed, "
                                       "same games).")):
                for number, plan in enumerate(plans):
                    bar.update(task, description=f"{plan.game}/{plan.players}")
                    placed[(plan.game, plan.players)] = calibrate(
                        plan, anchors.scale, workers or default_workers(),
                        progress=_advance(bar, task, number * games))
        result = with_formats(anchors, placed)
        if out is not None:
            out.write_text(result.to_text())
    if as_json:
        print(json.dumps(result.to_json_dict()))
        return
    console.print(anchors_table(placed))
    if out is not None:
        console.print(_("wrote {file}", file=str(out)), markup=False)


@app.command("report", help=N_(
    "A balance report: seat advantage, game length, endings, characters, and each swept\n"
    "variant value against the base, with significance; HTML with plots, and JSON."))
def report_command(
    game_id: GameArg,
    bots: Annotated[str, typer.Option(
        "--bots", "-b", metavar="SPEC,SPEC…",
        help=N_("The line-up (default: the heuristic bot in every seat)."))] = "heuristic",
    games: Annotated[int, typer.Option("--games", "-n", min=1, max=MAX_GAMES,
                                       help=N_("Games per configuration."))] = 200,
    players: Annotated[int | None, typer.Option(
        min=1, help=N_("Players per game (default: the game's minimum)."))] = None,
    seed: Annotated[int, typer.Option(help=N_("Master seed."))] = 0,
    variant: VariantOpt = None,
    sweep: Annotated[list[str] | None, typer.Option(
        metavar="KEY=V1,V2", help=N_("Compare these values of a variant (repeatable)."))] = None,
    workers: Annotated[int | None, typer.Option(min=1, help=N_("Workers (default: all cores)."))
                       ] = None,
    backend: Annotated[str, typer.Option(help=N_("process, ray or local."))] = "process",
    out: Annotated[Path, typer.Option(metavar="DIR", help=N_(
        "Where report.html, report.json and the games go (resumable)."))] = Path("report"),
    as_json: JsonOpt = False,
) -> None:
    with user_errors():
        game, resolved = _game_and_variant(game_id, variant)
        specs = parse_players(bots, allow_human=False)
        count = game.min_players if players is None else players
        game.check_players(count)
        plan = ReportPlan(game, tuple(str(s) for s in specs), games, count, seed,
                          resolved.as_dict(), sweep_pairs(sweep or []))
        configurations = plan.configurations()
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                      MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                      console=err_console, disable=not err_console.is_terminal,
                      transient=True) as bar:
            task = bar.add_task(_("report"), total=games * len(configurations))
            labels = [configuration[0] for configuration in configurations]
            with interrupted(lambda: _("Stopped: the finished games are kept under {folder}; "
                                       "run the same command again to resume.",
                                       folder=str(out))):
                report = run_report(plan, out, backend, workers or default_workers(),
                                    progress=lambda label, done: bar.update(
                                        task, completed=labels.index(label) * games + done,
                                        description=label))
    if as_json:
        print(json.dumps(report.to_json_dict()))
        return
    console.print(report_table(game, report))
    console.print(_("Written: {html} and {json}", html=str(out / "report.html"),
                    json=str(out / "report.json")), markup=False)


@app.command("bench", help=N_(
    "Engine speed: random playouts straight on states, on one core (and a search bot);\n"
    "or, with --vs-openspiel, Albion's ISMCTS against OpenSpiel's."))
def bench_command(
    game_id: GameArg,
    seconds: Annotated[float, typer.Option(min=0.1, help=N_("Measuring time."))] = 5.0,
    players: Annotated[int | None, typer.Option(
        min=1, help=N_("Players per game (default: the game's minimum)."))] = None,
    variant: VariantOpt = None,
    baseline: Annotated[Path | None, typer.Option(
        metavar="FILE", help=N_(
            "Also time a reference engine script (such as ../shared/bench/limit.py) and report the "
            "ratio: its playout function is loaded into this process and timed in alternating "
            "CPU-time slices with the engine, so the ratio holds on a loaded machine (median and "
            "spread over the rounds)."))] = None,
    pin: Annotated[bool, typer.Option(help=N_("Pin to one CPU core."))] = True,
    bot: Annotated[str | None, typer.Option(
        metavar="SPEC", help=N_(
            "Also time a search bot (ismcts, ismcts:iterations=500…) at decision points of random "
            "games: iterations/s and rollout length. With --vs-openspiel: Albion's bot (default "
            "ismcts; no budget, --seconds-per-move sets it)."))] = None,
    table: Annotated[bool, typer.Option(
        "--table", help=N_(
            "Also time `albion simulate`'s games (random bots through the Table) against the bare "
            "engine's random playouts, in alternating slices."))
    ] = False,
    vs_openspiel: Annotated[bool, typer.Option(
        "--vs-openspiel", help=N_(
            "Instead: Albion's ISMCTS (--bot, default ismcts) against OpenSpiel's Python ISMCTSBot "
            "through the OpenSpiel adapter: iterations/s of each on the same positions, then "
            "--games games at --seconds-per-move, Albion's win rate with a 95% interval (needs the "
            "[rl] extra)."))] = False,
    games: Annotated[int, typer.Option(
        min=1, max=MAX_GAMES, help=N_("With --vs-openspiel: games to play."))] = 20,
    seconds_per_move: Annotated[float, typer.Option(
        min=0.01, max=3600, help=N_("With --vs-openspiel: thinking time of each bot per "
                                    "move, and per search when timing iterations."))] = 0.2,
    positions: Annotated[int, typer.Option(
        min=1, help=N_("With --vs-openspiel: positions where iterations/s are timed."))] = 10,
    seed: Annotated[int, typer.Option(help=N_("With --vs-openspiel: seed of chance, "
                                              "positions and bots."))] = 0,
    as_json: JsonOpt = False,
) -> None:
    with user_errors():
        game, resolved = _game_and_variant(game_id, variant)
        count = game.min_players if players is None else players
        game.check_players(count)
        if vs_openspiel:
            if pin:
                pin_to_one_core()
            _vs_openspiel(game, resolved, count, bot or "ismcts", games, seconds_per_move,
                          positions, seed, as_json)
            return
        if baseline is not None and not baseline.is_file():
            fail(_("baseline {file} is not a file", file=str(baseline)))
        if pin:
            pin_to_one_core()
        reference = load_reference(baseline) if baseline is not None else None
        result = bench(game, resolved, count, seconds, reference=reference)
        if baseline is not None and reference is None:  # a script to run on its own
            result = replace(result, baseline_actions_per_s=run_baseline(
                baseline, min(seconds, 2.0)))
        data = result.to_json_dict()
        if bot is not None:
            specs = parse_players(bot, allow_human=False)
            if len(specs) != 1:
                fail(_("--bot takes one bot spec, not {count}: {bot}", count=len(specs),
                       bot=bot))
            spec = specs[0]
            searcher = make_bot(spec, game, random.Random(0))
            if not hasattr(searcher, "think"):
                fail(_("{bot} does not search; --bot takes ismcts", bot=str(spec)))
            timed = bench_search(game, resolved, count, seconds, searcher)
            data.update({
                "bot": str(spec),
                "iterations_per_s": round(timed.iterations_per_s, 1),
                "mean_rollout_length": round(timed.mean_rollout_length, 2),
                "rollout_actions_per_s": round(timed.rollout_actions_per_s),
                "playout_actions_per_s_between_searches": round(timed.playout_actions_per_s),
                "rollout_share_of_playout_speed": round(timed.rollout_share, 3),
                "rollout_share_per_slice": [round(share, 3) for share in timed.rollout_shares],
                "seconds_per_move": round(timed.seconds_per_move, 4),
                "moves": timed.moves,
            })
        if table:
            through = bench_table(game, resolved, count, seconds)
            data.update({
                "table_actions_per_s": round(through.table_actions_per_s),
                "playout_actions_per_s_between_tables": round(through.playout_actions_per_s),
                "table_share_of_playout_speed": round(through.share, 3),
                "table_share_per_slice": [round(share, 3) for share in through.shares],
            })
    if as_json:
        print(json.dumps(data))
        return
    for key, value in data.items():
        console.print(f"{key:>24}  {_bench_figure(value)}")


def _bench_figure(value: Any) -> str:
    """A bench figure in words: a spread reads `median (low L, high H; middle half a–b)`."""
    if isinstance(value, dict) and {"median", "low", "high", "quartiles"} <= value.keys():
        first, third = value["quartiles"]
        return (f"{value['median']} (low {value['low']}, high {value['high']}; middle half "
                f"{first}–{third})")
    return str(value)


def _vs_openspiel(game: AnyGame, variant: Variant, players: int, bot: str, games: int,
                 seconds: float, positions: int, seed: int, as_json: bool) -> None:
    """`albion bench GAME --vs-openspiel` (issue #17): see `albion.rl.versus`."""
    try:
        # Imported here: OpenSpiel is the optional [rl] extra, and `albion bench` without
        # --vs-openspiel must run without it.
        from albion.rl import versus  # noqa: PLC0415
    except ImportError as error:
        fail(_("--vs-openspiel needs OpenSpiel (pip install 'albion[rl]'): {problem}",
               problem=str(error)))
    specs = parse_players(bot, allow_human=False)
    if len(specs) != 1:
        fail(_("--bot takes one bot spec, not {count}: {bot}", count=len(specs), bot=bot))
    spec = specs[0]
    versus.albion_bot(game, spec, seconds, seed)  # refuses a bad spec before any work
    spiel = versus.spiel_game(game, players, variant)
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                  MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                  console=err_console, disable=not err_console.is_terminal,
                  transient=True) as bar:
        task = bar.add_task(f"{game.name}: iterations/s", total=positions)
        speed = versus.measure_speed(game, spiel, spec, positions, seconds, seed,
                                     progress=lambda done: bar.update(task, completed=done))
        bar.update(task, description=f"{game.name} vs OpenSpiel", completed=0, total=games)
        with interrupted(lambda: _("Stopped: nothing is kept; run it again with fewer "
                                   "--games.")):
            match = versus.play_match(game, spiel, spec, games, seconds, seed,
                                      progress=lambda done: bar.update(task, completed=done))
    data = versus.report(game, players, spec, speed, match, seconds, seed)
    if as_json:
        print(json.dumps(data))
        return
    for key, value in data.items():
        console.print(f"{key:>38}  {value}", markup=False)


@app.command("serve", help=N_(
    "Play online: the lobby and tables in the browser, at http://HOST:PORT/."))
def serve_command(
    host: Annotated[str, typer.Option(help=N_("Address to listen on (127.0.0.1: this machine "
                                              "only)."))] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help=N_("Port to listen on."))] = 8000,
    db: Annotated[str, typer.Option(
        metavar="URL", help=N_(
            "Where games are kept: an SQLite file (the default, one process) or "
            "postgresql+psycopg://… (several processes share the tables)."))
    ] = DEFAULT_DATABASE,
    bot_workers: Annotated[int | None, typer.Option(
        min=1, help=N_("Processes deciding for bots (default: one per core, at least "
                       "two)."))] = None,
    bot_delay: Annotated[float, typer.Option(
        min=0, max=60, help=N_("The least time a bot takes to move, in seconds, so people "
                               "can follow its moves."))] = 0.5,
    origin: Annotated[list[str] | None, typer.Option(
        metavar="URL", help=N_("Also accept table connections from pages of this origin "
                               "(repeatable; pages of this server are always accepted)."))] = None,
    reports: Annotated[Path, typer.Option(
        metavar="DIR", help=N_("Balance reports to show at /reports: the folder `albion report "
                               "--out` wrote (shown when it exists)."))] = Path("report"),
    table_rate: Annotated[float, typer.Option(
        min=0.001, help=N_("Tables one client address may create a second, on average."))
    ] = ServerSettings.table_rate,
    table_burst: Annotated[int, typer.Option(
        min=1, help=N_("Tables one client address may create at once."))
    ] = ServerSettings.table_burst,
    connections_per_address: Annotated[int, typer.Option(
        min=1, help=N_("Table connections one client address may hold open at once."))
    ] = ServerSettings.connections_per_address,
    allowed_host: Annotated[list[str] | None, typer.Option(
        metavar="NAME", help=N_(
            "A host name people reach this server by (repeatable; `*.example.org` for its "
            "subdomains, `*` for any — not safe against DNS rebinding). Default: this machine's "
            "names, and --host."))] = None,
    max_iterations: Annotated[int, typer.Option(
        min=1, help=N_("The most iterations a search bot may be given a move."))
    ] = ServerSettings.max_iterations,
    max_seconds: Annotated[float, typer.Option(
        min=0.01, max=600, help=N_("The most seconds a bot may think a move (every search "
                                   "here stops at it)."))] = ServerSettings.max_seconds,
    analysis_workers: Annotated[int, typer.Option(
        min=1, help=N_("Processes analysing finished games, apart from the bots' (issue "
                       "33)."))] = ServerSettings.analysis_workers,
    analysis_iterations: Annotated[int | None, typer.Option(
        min=1, help=N_("The analysis's search budget per candidate move (default: the "
                       "game's own, about 30 s for a median game)."))] = None,
    analysis_seconds: Annotated[float, typer.Option(
        min=1, max=86_400, help=N_("An analysis still running after this many seconds is "
                                   "stopped and reported as failed."))
    ] = ServerSettings.analysis_seconds,
    analysis_queue: Annotated[int, typer.Option(
        min=1, max=10_000, help=N_("Analyses waiting or running at once in this process; "
                                   "one more is refused (busy) until one ends."))
    ] = ServerSettings.analysis_queue,
    analysis_per_minute: Annotated[float, typer.Option(
        min=0.01, max=6000, help=N_("Analyses one client address may ask for a minute, on "
                                    "average, past --analysis-burst."))
    ] = ServerSettings.analysis_rate * 60,
    analysis_burst: Annotated[int, typer.Option(
        min=1, max=10_000, help=N_("Analyses one client address may ask for at once."))
    ] = ServerSettings.analysis_burst,
    header_timeout: Annotated[float, typer.Option(
        min=0.1, max=600, help=N_("Seconds a connection has to send a request's headers."))
    ] = ServerSettings.header_timeout,
    http_connections_per_address: Annotated[int, typer.Option(
        min=1, help=N_("TCP connections one client address may hold open at once "
                       "(WebSockets included)."))] = ServerSettings.http_connections_per_address,
    http_connections: Annotated[int, typer.Option(
        min=1, help=N_("TCP connections this process holds at once, from everyone."))
    ] = ServerSettings.http_connections,
    public_url: Annotated[str | None, typer.Option(
        metavar="URL", envvar="ALBION_PUBLIC_URL", help=N_(
            "The address people on other machines open this server by (http://192.168.1.5:8000): "
            "invitations and spectators' links carry it, and the server answers to its host. "
            "Default: the address the lobby was opened by."))] = None,
    smtp_host: Annotated[str | None, typer.Option(
        metavar="HOST", envvar="ALBION_SMTP_HOST", help=N_(
            "The SMTP server e-mail notifications go through (accounts opt in). Default: no "
            "e-mail."))] = None,
    smtp_port: Annotated[int, typer.Option(
        min=1, max=65535, help=N_("The SMTP server's port."))] = ServerSettings.smtp_port,
    smtp_sender: Annotated[str, typer.Option(
        metavar="ADDRESS", help=N_("The address notifications are sent from."))
    ] = ServerSettings.smtp_sender,
    smtp_username: Annotated[str | None, typer.Option(
        metavar="NAME", envvar="ALBION_SMTP_USERNAME",
        help=N_("The SMTP server's user name, if it wants one."))] = None,
    smtp_password: Annotated[str | None, typer.Option(
        metavar="PASSWORD", envvar="ALBION_SMTP_PASSWORD", show_default=False,
        help=N_("Its password (better given in ALBION_SMTP_PASSWORD)."))] = None,
    smtp_starttls: Annotated[bool, typer.Option(
        help=N_("Speak TLS with the SMTP server (STARTTLS)."))] = False,
    vapid_key: Annotated[Path | None, typer.Option(
        metavar="FILE", envvar="ALBION_VAPID_KEY", help=N_(
            "The server's Web Push key (VAPID), made in FILE on first start: browsers may "
            "then subscribe to notifications. Default: no Web Push."))] = None,
    vapid_contact: Annotated[str, typer.Option(
        metavar="URL", help=N_("Where push services may write to this server's operator "
                               "(mailto: or https:)."))] = ServerSettings.vapid_contact,
    allow_http_push: Annotated[bool, typer.Option(
        hidden=True, help="Accept push subscriptions to plain-http endpoints (tests, a push "
        "service on this machine).")] = False,
) -> None:
    with user_errors():
        from albion.server import create_app  # noqa: PLC0415
        from albion.server.public import lan_addresses, start_lines  # noqa: PLC0415
        from albion.server.run import serve  # noqa: PLC0415 - only the server needs it

        if not db.startswith(("sqlite:", "postgresql")):
            fail(_("--db {url}: Albion keeps games in SQLite (sqlite:///FILE) or PostgreSQL "
                   "(postgresql+psycopg://USER@HOST/DB)", url=db))
        if public_url is not None:
            try:
                public_url = public_url_of(public_url)
            except ValueError as problem:
                fail(_("--public-url {problem}", problem=str(problem)))
        hosts = allowed_hosts(host, allowed_host or [], public_url)
        if hosts is None:
            fail(_("--host {host} serves other machines: say which address they open it "
                   "by, with --public-url URL (e.g. --public-url http://192.168.1.5:8000) or "
                   "--allowed-host NAME (repeatable, e.g. --allowed-host games.example.org), "
                   "so that pages on other names cannot talk to it", host=host))
        _check_port_free(host, port)
        settings = ServerSettings(host=host, port=port, public_url=public_url,
                                  database_url=db,
                                  allowed_origins=tuple(origin or ()), bot_delay=bot_delay,
                                  reports=reports, table_rate=table_rate,
                                  table_burst=table_burst,
                                  connections_per_address=connections_per_address,
                                  allowed_hosts=hosts, max_iterations=max_iterations,
                                  max_seconds=max_seconds, header_timeout=header_timeout,
                                  http_connections_per_address=http_connections_per_address,
                                  http_connections=http_connections,
                                  smtp_host=smtp_host, smtp_port=smtp_port,
                                  smtp_sender=smtp_sender, smtp_username=smtp_username,
                                  smtp_password=smtp_password, smtp_starttls=smtp_starttls,
                                  vapid_key=vapid_key, vapid_contact=vapid_contact,
                                  allow_http_push=allow_http_push,
                                  analysis_workers=analysis_workers,
                                  analysis_iterations=analysis_iterations,
                                  analysis_seconds=analysis_seconds,
                                  analysis_queue=analysis_queue,
                                  analysis_rate=analysis_per_minute / 60,
                                  analysis_burst=analysis_burst)
        if bot_workers:
            settings = replace(settings, bot_workers=bot_workers)
        try:
            server_app = create_app(settings)
        except Exception as error:  # a database that cannot be opened or migrated
            fail(_("cannot open the database {url}: {problem}", url=db,
                   problem=str(error).splitlines()[0]))
        for line in start_lines(settings, lan_addresses()):
            console.print(line, markup=False, highlight=False)
        serve(server_app, settings)


def _check_port_free(host: str, port: int) -> None:
    """Fail now, with the fix, rather than after start-up when the port is taken."""
    import socket  # noqa: PLC0415

    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            fail(_("cannot listen on {host}:{port} ({problem}): is another server running "
                   "there? Choose another port with --port", host=host, port=str(port),
                   problem=str(error.strerror)))


@app.command("loadtest", help=N_(
    "Load-test `albion serve` on this machine: bot tables over real WebSockets; prints\n"
    "moves/s and decision-to-broadcast p50/p99."))
def loadtest_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help=N_("Game id."))] = "diamoniak",
    tables: Annotated[int, typer.Option(min=1, max=2000, help=N_(
        "Tables played at once (a finished one is followed by another)."))] = 20,
    seconds: Annotated[float, typer.Option(min=0.1, max=600, help=N_("How long to play."))] = 20,
    players: Annotated[str, typer.Option(help=N_("The bots at each table, comma-separated."))
                       ] = "random,random",
    servers: Annotated[int, typer.Option(min=1, max=8, help=N_(
        "Server processes sharing the tables (more than one needs --db PostgreSQL)."))] = 1,
    db: Annotated[str | None, typer.Option(
        metavar="URL", help=N_("The servers' database (default: a new SQLite file in a "
                               "temporary folder)."))] = None,
    idle: Annotated[int, typer.Option(min=0, max=10_000, help=N_(
        "Then open this many waiting tables and report the memory each costs."))] = 0,
    bot_delay: Annotated[float, typer.Option(
        min=0, max=60, help=N_("The servers' least time per bot move (0: as fast as the "
                               "server can; the server's default is 0.5)."))] = 0.5,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the figures as JSON."))
                       ] = False,
) -> None:
    with user_errors():
        _require_proving("loadtest")
        from albion.proving.loadtest import (  # noqa: PLC0415 - only this command needs it
            LoadPlan,
            LoadTestError,
            describe,
            run,
        )

        game = get_game(game_id)
        specs = parse_players(players, allow_human=False)
        game.check_players(len(specs))
        cheats = [str(spec) for spec in specs if is_cheat(spec)]
        if cheats:
            fail(_n("{bots} sees hidden information: not allowed at a table",
                    "{bots} see hidden information: not allowed at a table", len(cheats),
                    bots=", ".join(cheats)))
        plan = LoadPlan(game.id, tuple(str(spec) for spec in specs), tables, seconds,
                        servers, db, idle, bot_delay)
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                      TimeElapsedColumn(), console=err_console,
                      disable=not err_console.is_terminal, transient=True) as bar:
            task = bar.add_task(f"{tables} {game.name} tables", total=seconds)
            try:
                result = run(plan, lambda done: bar.update(task, completed=done))
            except LoadTestError as problem:
                fail(str(problem))
    if as_json:
        print(json.dumps(result.to_json_dict()))
        return
    console.print(describe(result), highlight=False)
    if result.errors:
        raise typer.Exit(1)


@app.command("fuzz-leaks", help=N_(
    "Leak fuzz: random games through a real server, every frame sent to every seat and\n"
    "spectator scanned for another seat's secrets; exits 1 on any leak, and on any problem\n"
    "(a table stuck or broken, a frame the scan could not account for)."))
def fuzz_leaks_command(
    games: Annotated[int, typer.Option(min=1, max=10_000, help=N_(
        "Random tables to play (each game and player count in turn)."))] = 500,
    seed: Annotated[int, typer.Option(min=0, help=N_("Seeds the tables, their variants and "
                                                     "the people's random play."))] = 0,
    at_once: Annotated[int, typer.Option(min=1, max=64, help=N_("Tables played at the same "
                                                                "time."))] = 4,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the figures as JSON."))
                       ] = False,
) -> None:
    with user_errors():
        _require_proving("fuzz-leaks")
        from albion.proving.leakfuzz import (  # noqa: PLC0415 - only this command needs it
            FuzzError,
            FuzzPlan,
            describe,
            fuzz_table,
            run,
        )

        with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                      MofNCompleteColumn(), TimeElapsedColumn(), console=err_console,
                      disable=not err_console.is_terminal, transient=True) as bar:
            task = bar.add_task("games played and scanned", total=games)
            try:
                result = run(FuzzPlan(games, seed, at_once),
                             lambda done: bar.update(task, completed=done))
            except FuzzError as problem:
                fail(str(problem))
    if as_json:
        print(json.dumps(result.to_json_dict()))
    else:
        console.print(fuzz_table(result))
        console.print(describe(result), highlight=False)
    if result.leaks or result.problems:
        raise typer.Exit(1)


@app.command("hostile", help=N_(
    "Hostile input against `albion serve` on this machine while an honest bot table\n"
    "plays: every answer an error code, a close code or an HTTP refusal, the server up,\n"
    "its memory grown < 10 %, the honest table's p99 < 100 ms (exit 1 otherwise)."))
def hostile_command(
    frames: Annotated[int, typer.Option(min=100, max=1_000_000, help=N_(
        "Hostile frames to send, over many connections."))] = 10_000,
    game_id: Annotated[str, typer.Option("--game", metavar="GAME", help=N_(
        "The honest table's game."))] = "diamoniak",
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the figures as JSON."))
                       ] = False,
) -> None:
    with user_errors():
        _require_proving("hostile")
        from albion.proving.hostile import (  # noqa: PLC0415 - only this command needs it
            HostileError,
            describe,
            run,
        )

        game = get_game(game_id)
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                      TimeElapsedColumn(), console=err_console,
                      disable=not err_console.is_terminal, transient=True) as bar:
            task = bar.add_task(f"{frames} hostile frames", total=frames)
            try:
                result = run(frames, game.id,
                             progress=lambda done: bar.update(task, completed=done))
            except HostileError as problem:
                fail(str(problem))
    if as_json:
        print(json.dumps(result.to_json_dict()))
    else:
        console.print(describe(result), highlight=False, markup=False)
    if not result.passed:
        raise typer.Exit(1)


@app.command("schema", help=N_(
    "Write the protocol's JSON Schemas (each game's view, the events, and the server's\n"
    "wire models)."))
def schema_command(
    out: Annotated[Path, typer.Option(metavar="DIR", help=N_("Where to write the files."))] = Path(
        "docs/protocol"),
) -> None:
    with user_errors():
        try:
            written = [*write_schemas(out), write_server_schema(out)]
        except OSError as error:
            fail(_("cannot write to {folder}: {problem}", folder=str(out),
                   problem=str(error.strerror or error)))
    for path in written:
        console.print(_("wrote {file}", file=str(path)), markup=False)


def _advance(bar: Progress, task: TaskID, before: int) -> Callable[[int], None]:
    """A progress callback for one part of a run: `before` done in the parts before."""
    return lambda done: bar.update(task, completed=before + done)


@app.command("notify-bench", help=N_(
    "Benchmark notifications: turn-based tables between simulated players on one `albion\n"
    "serve`, turns mailed to a local SMTP server, the server killed halfway; every\n"
    "notification delivered, none twice, p99 from the move to the mail."))
def notify_bench_command(
    tables: Annotated[int, typer.Option(min=1, max=5000, help=N_(
        "Turn-based tables, each between two players."))] = 1000,
    moves: Annotated[int, typer.Option(min=1, max=100_000, help=N_(
        "Moves made, at tables picked at random."))] = 3000,
    at_once: Annotated[int, typer.Option(min=1, max=256, help=N_(
        "Players at a table at the same moment."))] = 32,
    kill: Annotated[bool, typer.Option(help=N_(
        "Kill the server (SIGKILL) halfway and start it again."))] = True,
    seed: Annotated[int, typer.Option(help=N_("Which tables the players come to."))] = 0,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the figures as JSON."))
                       ] = False,
) -> None:
    with user_errors():
        _require_proving("notify-bench", ("aiosmtpd",))
        from albion.proving.notify_bench import (  # noqa: PLC0415 - only this command
            NotifyBenchError,
            NotifyPlan,
            describe,
            run,
        )

        plan = NotifyPlan(tables, moves, at_once, kill, seed)
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                      TimeElapsedColumn(), console=err_console,
                      transient=True) as bar:
            task = bar.add_task(_("tables"), total=1.0)

            def progress(phase: str, fraction: float) -> None:
                bar.update(task, description=phase, completed=fraction)

            try:
                result = run(plan, progress)
            except NotifyBenchError as problem:
                fail(str(problem))
        if as_json:
            print(json.dumps(result.to_json_dict(), indent=2))
        else:
            console.print(describe(result), markup=False, highlight=False)
        if not result.passed:
            raise typer.Exit(1)


def _require_proving(command: str, also: tuple[str, ...] = ()) -> None:
    """A clear message, not a traceback, where the `proving` extra is not installed."""
    from albion.proving import ProvingUnavailable, require  # noqa: PLC0415 - light

    try:
        require(command, also)
    except ProvingUnavailable as missing:
        fail(str(missing))


def _kept(done: int, games: int, out: Path | None) -> str:
    if out is None:
        return _n("Stopped after {done} of {count} game; without --out nothing is kept "
                  "(add --out DIR to keep every finished game and resume).",
                  "Stopped after {done} of {count} games; without --out nothing is kept "
                  "(add --out DIR to keep every finished game and resume).", games, done=done)
    return _n("Stopped: {done} of {count} game is kept in {folder}; run the same command "
              "again to play the rest.",
              "Stopped: {done} of {count} games are kept in {folder}; run the same command "
              "again to play the rest.", games, done=done, folder=str(out))


def main() -> None:
    """Entry point of the `albion` script."""
    try:
        app()
    except BrokenPipeError:  # `albion … | head`
        sys.stderr.close()
