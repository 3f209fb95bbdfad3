"""The proving tools' in-process tests talk to the app as `localhost`, like the server's."""

from tests.server.conftest import websockets_on_localhost

__all__ = ["websockets_on_localhost"]
