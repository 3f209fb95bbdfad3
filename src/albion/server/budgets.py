"""How much a bot may think on this server (issue 25: `ismcts:iterations=10^12` or
`seconds=3600` stopped every bot and hint). A spec over the server's ceilings is refused
when a table is created; every search that runs here also stops at them (`capped`)."""

from __future__ import annotations

from albion.bots.registry import BOTS, SearchOptions
from albion.bots.specs import PlayerSpec, PlayerSpecError
from albion.core.words import say, say_n
from albion.server.settings import ServerSettings

MAX_C = 10.0
"""UCT's exploration constant: past 10 a search is as good as random."""
MAX_BIAS = 10.0
MAX_CUTOFF = 500
"""Rollout actions before the evaluation: longer than any game's default by far."""


def searches(spec: PlayerSpec) -> bool:
    """Whether `spec` is a search bot (it has a budget)."""
    return not spec.is_human and BOTS[spec.name].options is SearchOptions


def check_budget(spec: PlayerSpec, settings: ServerSettings) -> None:
    """PlayerSpecError naming the ceiling `spec` goes over, and the flag that sets it."""
    if not searches(spec):
        return
    options = SearchOptions.model_validate(dict(spec.options))
    over = [
        (options.iterations is not None and options.iterations > settings.max_iterations,
         say_n("at most {count} iteration a move (albion serve --max-iterations)",
               "at most {count} iterations a move (albion serve --max-iterations)",
               settings.max_iterations)),
        (options.seconds is not None and options.seconds > settings.max_seconds,
         say("at most {seconds} seconds a move (albion serve --max-seconds)",
             seconds=number(settings.max_seconds))),
        (options.c is not None and options.c > MAX_C,
         say("{option} is at most {limit}", option="c", limit=number(MAX_C))),
        (options.bias is not None and options.bias > MAX_BIAS,
         say("{option} is at most {limit}", option="bias", limit=number(MAX_BIAS))),
        (options.cutoff is not None and options.cutoff > MAX_CUTOFF,
         say("{option} is at most {limit}", option="cutoff", limit=MAX_CUTOFF)),
    ]
    for is_over, ceiling in over:
        if is_over:
            raise PlayerSpecError(say("{spec}: this server allows {ceiling}", spec=str(spec),
                                      ceiling=ceiling))


def number(value: float) -> str:
    """A ceiling as a refusal writes it: 10, 2.5 (no trailing zeros)."""
    return f"{value:g}"


def capped(spec: PlayerSpec, max_iterations: int, max_seconds: float,
           default_iterations: int) -> PlayerSpec:
    """`spec` as it runs here: a search stops at its own budget or at the server's
    ceilings, whichever comes first — `ismcts` after the game's `default_iterations` or
    the time ceiling, `ismcts:seconds=2` after 2 s or the iteration ceiling."""
    if not searches(spec):
        return spec
    options = dict(spec.options)
    given_iterations = options.get("iterations")
    given_seconds = options.get("seconds")
    if given_iterations is not None:
        iterations = min(int(given_iterations), max_iterations)
    elif given_seconds is not None:
        iterations = max_iterations
    else:
        iterations = min(default_iterations, max_iterations)
    seconds = max_seconds if given_seconds is None else min(float(given_seconds),
                                                            max_seconds)
    options["iterations"] = str(iterations)
    options["seconds"] = repr(seconds)
    return PlayerSpec(spec.name, tuple(sorted(options.items())))
