"""The tools that prove a server, apart from the server they prove (issue 26): the load
test (`albion loadtest`), hostile input (`albion hostile`), the leak fuzz and its scanner
(`albion fuzz-leaks`). They drive a real `albion serve` over HTTP and WebSockets as its
clients would, so they need an HTTP client the server itself does not (httpx): a plain
install leaves them out, `pip install 'albion[proving]'` adds them. Nothing in
`albion.server` imports this package (an import-linter layer says so)."""

from __future__ import annotations

import importlib.util

NEEDED = ("httpx",)
"""What the proving tools import beyond `albion serve`'s own dependencies."""


class ProvingUnavailable(Exception):  # noqa: N818 - it says what the user meets
    """A proving tool was asked for on an install without the `proving` extra."""


def require(command: str, also: tuple[str, ...] = ()) -> None:
    """Raise `ProvingUnavailable`, saying what to install, unless `albion COMMAND`'s
    dependencies (and `also`) are importable."""
    missing = [name for name in (*NEEDED, *also) if importlib.util.find_spec(name) is None]
    if missing:
        raise ProvingUnavailable(
            f"albion {command} needs {', '.join(missing)}, which a plain install of albion "
            "leaves out: pip install 'albion[proving]' (or '.[proving]' from a checkout)")
