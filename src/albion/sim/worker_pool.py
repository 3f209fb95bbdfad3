"""Forked worker processes that can always be stopped at once.

`multiprocessing.Pool` (and pebble's pool) share one result pipe among all workers.
Terminating such a pool while a worker is halfway through writing a large result (a game
record) leaves the pool's result thread waiting forever for the rest of that message, so
Ctrl-C could hang a tournament. Here every worker has a pipe of its own, the parent keeps
at most `AHEAD` jobs in each, and stopping kills the workers without reading from them
again: nothing is left to wait for."""

from __future__ import annotations

import multiprocessing
import pickle
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import Connection, wait
from typing import Any, TypeVar

from albion.core.errors import AlbionError

Job = TypeVar("Job")
Result = TypeVar("Result")

AHEAD = 2  # jobs queued per worker: the next one is there when a job ends


class WorkerDiedError(AlbionError, RuntimeError):
    """A worker process ended without answering (killed, or out of memory)."""


def imap_unordered(function: Callable[[Job], Result], jobs: Iterable[Job], workers: int,
                   initializer: Callable[..., None] | None = None,
                   initargs: tuple[Any, ...] = ()) -> Iterator[Result]:
    """`function(job)` for every job, on `workers` forked processes, each result as soon
    as it is ready. An exception in a job is raised here; closing the iterator (or any
    exception, Ctrl-C included) kills the workers before it returns."""
    context = multiprocessing.get_context("fork")
    processes = []
    connections: list[Connection] = []
    try:
        for _ in range(workers):
            ours, theirs = context.Pipe()
            process = context.Process(target=_serve, daemon=True,
                                      args=(theirs, function, initializer, initargs))
            process.start()
            theirs.close()  # so a worker that dies is an end of file here, not a wait
            processes.append(process)
            connections.append(ours)
        queued = dict.fromkeys(connections, 0)
        pending = iter(jobs)
        more = True
        while True:
            for connection in connections:
                while more and queued[connection] < AHEAD:
                    job = next(pending, _NO_MORE)
                    if job is _NO_MORE:
                        more = False
                        break
                    _give(connection, job)
                    queued[connection] += 1
            busy = [connection for connection in connections if queued[connection]]
            if not busy:
                return
            for ready in wait(busy):
                assert isinstance(ready, Connection)
                queued[ready] -= 1
                yield _answer(ready)
    finally:  # done, failed or interrupted: no worker outlives the batch
        for process in processes:
            process.kill()
        for process in processes:
            process.join()
        for connection in connections:
            connection.close()


_NO_MORE: Any = object()


def _give(connection: Connection, job: Any) -> None:
    try:
        connection.send(job)
    except OSError:  # the worker's end is gone
        raise WorkerDiedError("a worker process ended without finishing its games") from None


def _answer(connection: Connection) -> Any:
    try:
        succeeded, value = connection.recv()
    except (EOFError, OSError):  # its end of the socket closed, or reset
        raise WorkerDiedError("a worker process ended without finishing its games") from None
    if not succeeded:
        raise value
    return value


def _serve(connection: Connection, function: Callable[[Any], Any],
           initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    """A worker: answer each job with (True, result) or (False, the exception)."""
    if initializer is not None:
        initializer(*initargs)
    while True:
        try:
            job = connection.recv()
        except EOFError:
            return
        try:
            answer: tuple[bool, Any] = (True, function(job))
        except Exception as error:  # raised again in the parent
            answer = (False, error)
        try:
            connection.send(answer)
        except (pickle.PicklingError, TypeError, AttributeError):
            connection.send((False, RuntimeError(repr(answer[1]))))
