"""`albion serve`: online play over the Table — lobby, seats, bots, spectators, durable
games, several processes on one PostgreSQL.

The package's names are imported when first used: a bot's worker process imports
`albion.server.bots` without the web stack behind `create_app` (FastAPI, SQLAlchemy,
alembic: 1.1 s of CPU per worker started, 0.4 s without them; issue 28, item 5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from albion.server.app import create_app
    from albion.server.settings import ServerSettings

__all__ = ["ServerSettings", "create_app"]


def __getattr__(name: str) -> Any:
    """`create_app` and `ServerSettings`, imported on first use (PEP 562)."""
    if name == "create_app":
        from albion.server.app import create_app  # noqa: PLC0415
        return create_app
    if name == "ServerSettings":
        from albion.server.settings import ServerSettings  # noqa: PLC0415
        return ServerSettings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
