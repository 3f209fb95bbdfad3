"""`albion serve` processes for tests that need a real server (browser tests, several
processes on one PostgreSQL)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ALBION = Path(sys.executable).with_name("albion")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(port: int, *options: str) -> subprocess.Popen[bytes]:
    """`albion serve --port PORT OPTIONS…`, once it answers (AssertionError with its
    error output if it dies or does not answer within 60 s)."""
    process = subprocess.Popen([str(ALBION), "serve", "--port", str(port), *options],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(process.stderr.read().decode() if process.stderr
                                 else "server died")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise AssertionError("the server did not start within 60 s")
