"""The in-process server tests talk to the app as `localhost`: a server answers only to
its allowed host names (issue 25, DNS rebinding), and Starlette's test client opens its
WebSockets on `ws://testserver` unless told otherwise."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession


@pytest.fixture(autouse=True)
def websockets_on_localhost(monkeypatch: pytest.MonkeyPatch) -> None:
    original = TestClient.websocket_connect

    def connect(self: TestClient, url: str, *args: Any, **kwargs: Any) -> WebSocketTestSession:
        if url.startswith("/"):
            url = f"ws://localhost{url}"
        return original(self, url, *args, **kwargs)

    monkeypatch.setattr(TestClient, "websocket_connect", connect)
