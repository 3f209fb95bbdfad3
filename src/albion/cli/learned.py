"""`albion train-bot`: train the learned bot's weights again (issue 34, docs/learned.md).
PPO by self-play on the batched Diamoniak engine; the result is an `.npz` the `learned`
bot plays with once it replaces `albion/bots/weights/diamoniak.npz`."""

from __future__ import annotations

import importlib.util
import json
import zipfile
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from albion.bots.learned_policy import PolicyNetwork
from albion.cli.console import console, err_console, fail, interrupted, user_errors
from albion.core.registry import get_game
from albion.i18n import N_, _

TRAINABLE = ("diamoniak",)
"""The games the batched engine trains a learned bot for."""


def check_start(path: Path) -> None:
    """Weights to go on from must be weights of the network `train-bot` trains."""
    from albion.rl.learned.train import TrainSettings  # noqa: PLC0415 - torch is heavy
    from albion.rl.vector.diamoniak import ACTIONS, OBSERVATION  # noqa: PLC0415

    if not path.is_file():
        fail(_("{path}: no such file", path=str(path)))
    try:
        network = PolicyNetwork.from_bytes(path.read_bytes())
    except (OSError, ValueError, KeyError, zipfile.BadZipFile):
        fail(_("{path}: not a weights file (.npz) of the learned bot", path=str(path)))
    hidden = tuple(weights.shape[1] for weights, _bias in network.trunk)
    if (hidden != TrainSettings().hidden or network.trunk[0][0].shape[0] != OBSERVATION
            or network.policy[0].shape[1] != ACTIONS):
        fail(_("{path}: weights of another network's shape (hidden layers {hidden}); "
               "train-bot goes on from its own", path=str(path),
               hidden=" × ".join(str(size) for size in hidden) or "0"))


def train_bot_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help=N_(
        "The game to train for (the batched engine trains Diamoniak)."))] = "diamoniak",
    minutes: Annotated[float, typer.Option(min=0.05, max=24 * 60, help=N_(
        "Training time in minutes (the shipped weights: 45)."))] = 45.0,
    players: Annotated[str, typer.Option(metavar="N,N…", help=N_(
        "Player counts of the self-play batches, one batch each (a count twice: twice "
        "its share)."))] = "2,2,3,4",
    envs: Annotated[int, typer.Option(min=8, max=65_536, help=N_(
        "Games played in lockstep, over all batches."))] = 2048,
    heuristic_share: Annotated[float, typer.Option(min=0.0, max=1.0, help=N_(
        "Share of the games with the heuristic in one seat (the rest: pure self-play)."))
    ] = 0.25,
    seed: Annotated[int, typer.Option(help=N_("Seed of the games and the network."))] = 0,
    start: Annotated[Path | None, typer.Option(metavar="FILE", help=N_(
        "Go on from these weights (.npz, the same network's shape) instead of a fresh "
        "network."))] = None,
    out: Annotated[Path, typer.Option(metavar="FILE", help=N_(
        "Where to write the weights (.npz)."))] = Path("learned-diamoniak.npz"),
    as_json: Annotated[bool, typer.Option("--json", help=N_(
        "Print one JSON line per evaluation instead of a progress bar."))] = False,
) -> None:
    with user_errors():
        game = get_game(game_id)
        if game.id not in TRAINABLE:
            fail(_("the batched engine trains a learned bot for {games} only, not {game}",
                   games=", ".join(TRAINABLE), game=game.id))
        try:
            counts = tuple(int(part) for part in players.split(","))
        except ValueError:
            fail(_("--players: player counts separated by commas, such as 2,2,3,4"))
        for count in counts:
            game.check_players(count)
        if importlib.util.find_spec("torch") is None:
            fail(_("training needs PyTorch: pip install torch==2.13.0 (its CPU build) or "
                   "pip install -e '.[dev]'"))
        if start is not None:
            check_start(start)
        if out.exists() and out.is_dir():
            fail(_("{path} is a directory: give a file name", path=str(out)))
        out.parent.mkdir(parents=True, exist_ok=True)
    from albion.rl.learned.train import Progress as Step  # noqa: PLC0415 - torch is heavy
    from albion.rl.learned.train import TrainSettings, train  # noqa: PLC0415

    settings = TrainSettings(players=counts, envs=envs, minutes=minutes,
                             heuristic_share=heuristic_share, seed=seed,
                             start=None if start is None else str(start))
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                  TextColumn("{task.fields[state]}"), TimeElapsedColumn(),
                  console=err_console, disable=as_json or not err_console.is_terminal,
                  transient=True) as bar:
        task = bar.add_task(_("training"), total=minutes * 60, state="")

        def report(step: Step) -> None:
            vs = "" if step.vs_heuristic is None else _(
                " · {share} of the points against the heuristic",
                share=format(step.vs_heuristic, ".1%"))
            bar.update(task, completed=step.seconds, state=_(
                "{decisions} decisions, {games} games", decisions=format(step.decisions, ","),
                games=format(step.games, ",")) + vs)
            if as_json and step.vs_heuristic is not None:
                print(json.dumps({"iteration": step.iteration, "seconds": step.seconds,
                                  "decisions": step.decisions, "games": step.games,
                                  "vs_heuristic": step.vs_heuristic}), flush=True)

        with interrupted(lambda: _("Stopped: no weights written; run it again (same "
                                   "seed, same start).")):
            network = train(settings, report)
    out.write_bytes(network.to_bytes())
    last = network.meta["history"][-1]["vs_heuristic"] if network.meta["history"] else None
    if as_json:
        print(json.dumps({"out": str(out), "decisions": network.meta["decisions"],
                          "games": network.meta["games"], "vs_heuristic": last}))
    else:
        decisions = format(network.meta["decisions"], ",")
        share = "—" if last is None else format(last, ".1%")
        console.print(_("Weights written to {path}: {decisions} decisions of self-play; "
                        "{share} of the points against the heuristic on the batched engine. "
                        "Measure them on the Python engine with `albion tournament "
                        "diamoniak -b learned,heuristic -n 400` once they replace "
                        "albion/bots/weights/diamoniak.npz.", path=str(out),
                        decisions=decisions, share=share))
