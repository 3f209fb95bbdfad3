"""`albion serve`: online play over the Table — lobby, seats, bots, spectators, durable
games, several processes on one PostgreSQL."""

from albion.server.app import create_app
from albion.server.settings import ServerSettings

__all__ = ["ServerSettings", "create_app"]
