"""Run a server app under uvicorn, guarded (`http_guard`): `albion serve`'s last step."""

from __future__ import annotations

import os

import uvicorn
from starlette.types import ASGIApp

from albion.server.http_guard import LINGERING, guarded_protocol, raise_open_file_limit
from albion.server.settings import ServerSettings

RESERVED_FILES = 128
"""Open files a server process keeps for itself (its database, its worker processes'
pipes, its logs): the connections it holds get what the open-file limit leaves."""
TRUSTED_PROXIES = "127.0.0.1,::1"
"""The peers uvicorn trusts by default to forward a client's address (`X-Forwarded-For`).
They are still held to the per-address cap like anyone (an attacker on this machine is
one address); a reverse proxy, which speaks for many clients, is named in the environment
variable `FORWARDED_ALLOW_IPS`, and the peers it names are held to the total only."""


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
    uvicorn.run(app, host=settings.host, port=settings.port,
                ws_max_size=16 * settings.frame_limit,
                ws_per_message_deflate=False,  # compressing costs more CPU than it saves
                log_level="warning", http=http, timeout_keep_alive=5)
