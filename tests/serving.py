"""`albion serve` processes for tests that need a real server (browser tests, several
processes on one PostgreSQL)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ALBION = Path(sys.executable).with_name("albion")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def stop_server(process: subprocess.Popen[bytes], seconds: float = 15) -> None:
    """Ask a server started by `start_server` to stop; kill it if it has not within
    `seconds`."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(seconds)
    except subprocess.TimeoutExpired:
        process.kill()


def start_server(port: int, *options: str,
                 env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """`albion serve --port PORT OPTIONS…` (in `env`, else this process's environment),
    once it answers (AssertionError with its error output if it dies or does not answer
    within 60 s)."""
    process = subprocess.Popen([str(ALBION), "serve", "--port", str(port), *options],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
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


LAUNCH = """
import json, sys
settings, http, open_files = json.loads(sys.argv[1]), sys.argv[2], int(sys.argv[3])
if open_files:
    import resource
    resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))
if http == "h11":
    sys.modules["httptools"] = None  # uvicorn's "auto" then picks h11's protocol
from albion.server import ServerSettings, create_app
from albion.server.run import serve
settings = ServerSettings(**settings)
serve(create_app(settings), settings)
"""


def start_guarded_server(port: int, *, open_files: int = 0, http: str = "auto",
                         **settings: object) -> subprocess.Popen[bytes]:
    """`albion serve`'s last step, `run.serve(create_app(ServerSettings(port=PORT,
    **settings)))`, in a process of its own (for settings `albion serve` has no option
    for), once it answers. `open_files`: the process's hard limit of open files (0: as
    it is); `http="h11"`: as if httptools were not installed."""
    with tempfile.TemporaryFile() as errors:  # a pipe nobody reads could fill, stall it
        process = subprocess.Popen(
            [sys.executable, "-c", LAUNCH, json.dumps({"port": port, **settings}), http,
             str(open_files)], stdout=subprocess.DEVNULL, stderr=errors)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if process.poll() is not None:
                errors.seek(0)
                raise AssertionError(errors.read().decode() or "server died")
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games",
                             timeout=1).status_code == 200:
                    return process
            except httpx.HTTPError:
                time.sleep(0.2)
    process.kill()
    raise AssertionError("the server did not start within 60 s")
