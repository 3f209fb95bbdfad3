"""What a table's actor needs from the process it runs in, and nothing more: the store,
the bot workers, the settings, and a few services of the hub (loading a table, telling
other processes, presence, background work). The hub provides it; the actor knows only
this port, never the hub (lichess lila-ws: a game's actor talks to its room through
messages, not to the room's internals)."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any, Protocol

from albion.server.bots import BotPool
from albion.server.pace import Pace
from albion.server.settings import ServerSettings
from albion.server.store import Store
from albion.table import AnyTable


class TablePort(Protocol):
    """The hub as one table's actor sees it."""

    @property
    def store(self) -> Store: ...

    @property
    def settings(self) -> ServerSettings: ...

    @property
    def bots(self) -> BotPool: ...

    @property
    def pace(self) -> Pace:
        """Places for moves in flight, bots' after people's (`pace`)."""

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run `work` in the background; its failure is logged."""

    async def load_table(self, table_id: str) -> AnyTable:
        """The table replayed from its stored decisions."""

    async def notify(self, table_id: str, version: int) -> None:
        """Tell the other processes sharing the database that the table moved."""

    async def set_presence(self, table_id: str, seat: int, connections: int) -> None:
        """Store how many connections this process holds to a seat."""

    async def present_elsewhere(self, table_id: str) -> set[int]:
        """The seats of the table connected to other processes."""

    def notifications_due(self) -> None:
        """Notifications were stored with a decision here: the courier delivers them."""
