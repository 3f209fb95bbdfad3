"""Helpers of the account tests (issue 30): a server whose password hashing is cheap (the
tests sign up dozens of accounts; Argon2id's real cost is the server's default), browsers
with their own cookies, and an account signed up in one."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from albion.server import ServerSettings, create_app

CHEAP_PASSWORDS: dict[str, Any] = {"password_time_cost": 1, "password_memory_kib": 1024,
                                   "password_lanes": 1}
PASSWORD = "correct horse battery"


def settings_for(database: str, **extra: Any) -> ServerSettings:
    return ServerSettings(database_url=database, bot_workers=1, bot_delay=0.0,
                          message_rate=1000, message_burst=1000,
                          **{**CHEAP_PASSWORDS, **extra})


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'albion.db'}"


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(database)), base_url="http://localhost") as c:
        yield c


def browser(client: TestClient) -> TestClient:
    """Another browser on the same server: its own cookies."""
    return TestClient(client.app, base_url="http://localhost")


@dataclass
class Signed:
    """A browser signed in to an account."""

    http: TestClient
    id: str
    username: str
    csrf: str

    def post(self, url: str, **kwargs: Any) -> Any:
        """A state-changing request with the session's CSRF token, as a page sends it."""
        headers = {"X-CSRF-Token": self.csrf, **kwargs.pop("headers", {})}
        return self.http.post(url, headers=headers, **kwargs)


def signed_up(client: TestClient, username: str, password: str = PASSWORD) -> Signed:
    """A new browser with a new account signed in."""
    http = browser(client)
    answer = http.post("/api/account/signup", json={"username": username,
                                                    "password": password})
    assert answer.status_code == 201, answer.text
    body = answer.json()
    return Signed(http, body["id"], body["username"], body["csrf"])


def new_table(http: TestClient | Signed, players: list[str],
              **extra: Any) -> dict[str, Any]:
    answer = http.post("/api/tables", json={"game": "diamoniak", "players": players,
                                            **extra})
    assert answer.status_code == 201, answer.text
    return answer.json()  # type: ignore[no-any-return]
