"""What an `albion serve` process is set up with."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

DEFAULT_DATABASE = "sqlite:///albion.db"


@dataclass(frozen=True)
class ServerSettings:
    """`database_url`: an SQLite file (one process) or PostgreSQL (several processes);
    `allowed_origins`: pages on other sites may not open a table's WebSocket."""

    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str = DEFAULT_DATABASE
    bot_workers: int = field(default_factory=lambda: max(2, os.cpu_count() or 2))
    """Processes deciding for bots: at least two, so one slow search never holds up the
    bots of every other table."""
    allowed_origins: tuple[str, ...] = ()
    frame_limit: int = 4096
    message_rate: float = 10.0
    message_burst: int = 30
    send_queue: int = 64
    """Messages a connection may fall behind before it is closed (1008): the table never
    waits for a client that does not read."""
    bot_delay: float = 0.0
    """About the least time a bot's decision takes, in seconds (each one between 0.75 and
    1.25 times it), so that people can follow the bots' moves (`albion serve
    --bot-delay`)."""
    hint_rate: float = 0.1
    """Hints a second per connection, on average (one every ten seconds)."""
    hint_burst: int = 3
    body_limit: int = 16_384
    """Bytes of an HTTP request body: a larger one is refused (413) and never kept (a
    declared one of up to 1 MiB is read and dropped first, `body_limit.DRAIN`). The
    largest a client needs, a new table with eight 200-character seats, is under 4 KiB."""
    table_rate: float = 1.0
    """Tables one client address may create a second, on average (`albion serve
    --table-rate`); past it and the burst, 429 with Retry-After."""
    table_burst: int = 60
    """Tables one client address may create at once (`albion serve --table-burst`)."""
    connections_per_address: int = 64
    """Table WebSockets one client address may hold open at once (`albion serve
    --connections-per-address`); one more is closed (1008) before it is accepted."""
    sweep_seconds: float = 2.0
    """How often a process claims the tables whose owner died (PostgreSQL)."""
    presence_seconds: float = 10.0
    """How often a process renews its connections' presence; three times this without
    renewal and they no longer count (PostgreSQL)."""
    reports: Path | None = None
    """A folder of balance reports (`albion report --out`) shown at /reports."""

    def origin_allowed(self, origin: str, host: str | None) -> bool:
        """A page of this server itself (same host and port), or a listed origin."""
        if origin in self.allowed_origins:
            return True
        return host is not None and urlsplit(origin).netloc == host
