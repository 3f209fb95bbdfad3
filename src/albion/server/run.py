"""Run a server app under uvicorn, guarded (`http_guard`): `albion serve`'s last step.

Ctrl-C stops it within about a second, whoever is connected (issue 27: 5 to 9 s with pages
open). Every table's WebSocket is closed first with 1001 "server going away" (uvicorn
itself would say 1012 "service restart", after waiting for each connection to close, for
ever); what is left after `GRACE_SECONDS` is cut; then the hub stops (bots' workers
killed, the store's last writes committed). Nothing acknowledged is lost: a decision is
acknowledged only once it is committed. Last, the process exits without the collections
of its whole heap that ending the interpreter runs (up to 2.5 s measured here)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import socket
import sys

import uvicorn
from starlette.types import ASGIApp

from albion.server.http_guard import LINGERING, guarded_protocol, raise_open_file_limit
from albion.server.hub import Hub
from albion.server.settings import ServerSettings

RESERVED_FILES = 128
"""Open files a server process keeps for itself (its database, its worker processes'
pipes, its logs): the connections it holds get what the open-file limit leaves."""
TRUSTED_PROXIES = "127.0.0.1,::1"
"""The peers uvicorn trusts by default to forward a client's address (`X-Forwarded-For`).
They are still held to the per-address cap like anyone (an attacker on this machine is
one address); a reverse proxy, which speaks for many clients, is named in the environment
variable `FORWARDED_ALLOW_IPS`, and the peers it names are held to the total only."""
STARTUP_FAILURE = 3
"""The exit status of a server that did not start (uvicorn's own)."""
GOING_AWAY = (1001, "server going away")
"""How a stopping server closes a table's WebSocket (RFC 6455: an endpoint "going away");
the pages reconnect once it is back."""
GOING_AWAY_SECONDS = 0.5
"""The most a stopping server waits for the closing handshakes of its WebSockets."""
GRACE_SECONDS = 1
"""The most a stopping server waits for the requests still being answered
(`timeout_graceful_shutdown`; uvicorn's default waits for ever)."""
YOUNG_COLLECTION = 20_000
"""Objects allocated (net) between two collections of the youngest generation (Python's
default is 700). A server at 1,000 tables allocates some 30,000 a second, most of them
living a move's time: at 700 they outlived two young collections, were promoted, and
the whole heap (450,000 objects) was collected every 3 s, pausing every table up to
0.46 s (issue 28, item 5); now they die young and the full collections are rare."""
SWITCH_SECONDS = 0.001
"""How long the busy event loop keeps the interpreter's lock while another thread waits
for it (Python's default is 5 ms): the writer thread waits for it after each statement
and commit, so a group of 8 tables' moves took 14 to 19 ms to commit beside a busy loop
at 5 ms, 7 to 11 ms at 1 ms (issue 28, item 5)."""


def connection_budget(settings: ServerSettings, open_files: int) -> int:
    """The TCP connections the process may hold at once: `settings.http_connections`, or
    fewer when the open-file limit would run out first (then accepting would fail for
    everyone, honest clients first among them)."""
    return max(1, min(settings.http_connections, open_files - RESERVED_FILES - LINGERING))


def serve(app: ASGIApp, settings: ServerSettings) -> None:
    """Serve `app` on `settings.host:port` until interrupted: headers within
    `settings.header_timeout` seconds, connections capped per client address and in all."""
    total = connection_budget(settings, raise_open_file_limit())
    named = os.environ.get("FORWARDED_ALLOW_IPS")
    proxies = named.split(",") if named else []
    http = guarded_protocol(settings.header_timeout, settings.http_connections_per_address,
                            total, proxies=proxies)
    config = uvicorn.Config(app, host=settings.host, port=settings.port,
                            ws_max_size=16 * settings.frame_limit,
                            ws_per_message_deflate=False,  # costs more CPU than it saves
                            log_level="warning", http=http, timeout_keep_alive=5,
                            timeout_graceful_shutdown=GRACE_SECONDS)
    hub = getattr(getattr(app, "state", None), "hub", None)
    server = PromptServer(config, hub if isinstance(hub, Hub) else None)
    tune_interpreter()
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn raises the Ctrl-C it caught
        server.run()
    if not server.started:
        sys.exit(STARTUP_FAILURE)  # as `uvicorn.run` does
    gc.freeze()  # the process exits next: nothing is left worth collecting


def tune_interpreter() -> None:
    """What is there before serving (modules, the app) is never collected again, and
    the young objects a move makes die young (`YOUNG_COLLECTION`): no collection of the
    whole heap stalls every table every few seconds. The other threads get the
    interpreter's lock sooner (`SWITCH_SECONDS`)."""
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION, middle, old)
    sys.setswitchinterval(SWITCH_SECONDS)


class PromptServer(uvicorn.Server):
    """uvicorn's server, telling every table's connection it goes away before stopping."""

    def __init__(self, config: uvicorn.Config, hub: Hub | None) -> None:
        super().__init__(config)
        self.hub = hub

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:
            server.close()  # nobody new meanwhile (uvicorn closes them again: harmless)
        if self.hub is not None:
            await going_away(self.hub)
        await super().shutdown(sockets)


async def going_away(hub: Hub) -> None:
    """Every table's WebSocket in this process closed at once (`GOING_AWAY`), each given
    `GOING_AWAY_SECONDS` at most for its closing handshake."""
    clients = [client for actor in list(hub.actors.values()) for client in list(actor.clients)]
    if not clients:
        return
    closing = [asyncio.ensure_future(client.close(*GOING_AWAY)) for client in clients]
    _, late = await asyncio.wait(closing, timeout=GOING_AWAY_SECONDS)
    for task in late:
        task.cancel()
    with contextlib.suppress(Exception):
        await asyncio.gather(*closing, return_exceptions=True)
