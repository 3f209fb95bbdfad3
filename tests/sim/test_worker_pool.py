"""The batch runner's worker processes: every job answered once, errors raised in the
parent, and stopping at once whatever the workers are doing — the Ctrl-C a tournament
promises, even while a worker is writing a result too big for its pipe."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time

import pytest

from albion.sim.worker_pool import WorkerDiedError, imap_unordered


def _square(n: int) -> int:
    return n * n


def _fails_on_three(n: int) -> int:
    if n == 3:
        raise ValueError("three")
    return n


def _huge(n: int) -> bytes:
    return bytes(8 * 1024 * 1024)  # far more than a pipe holds: the writer blocks


def _dies(n: int) -> int:
    os.kill(os.getpid(), signal.SIGKILL)
    return n


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_every_job_is_answered_once() -> None:
    assert sorted(imap_unordered(_square, range(50), workers=2)) == [n * n for n in range(50)]


def test_a_job_that_fails_raises_in_the_parent() -> None:
    with pytest.raises(ValueError, match="three"):
        list(imap_unordered(_fails_on_three, range(10), workers=2))


def test_a_worker_that_dies_is_named() -> None:
    with pytest.raises(WorkerDiedError):
        list(imap_unordered(_dies, range(4), workers=2))


def test_stopping_while_workers_write_big_results_returns_at_once() -> None:
    """multiprocessing.Pool could hang here: its result thread waited for the rest of a
    message whose writer had been terminated."""
    results = imap_unordered(_huge, range(100), workers=2)
    assert len(next(results)) == 8 * 1024 * 1024
    time.sleep(0.5)  # both workers are now blocked halfway through their next result
    children = [child.pid for child in multiprocessing.active_children()]
    started = time.monotonic()
    results.close()
    assert time.monotonic() - started < 5
    assert children and not any(_alive(pid) for pid in children if pid is not None)
