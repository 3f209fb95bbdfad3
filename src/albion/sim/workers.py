"""Worker processes that neither take Ctrl-C from their parent (it stops them) nor
outlive it (`kill -9` of the parent leaves no orphans)."""

from __future__ import annotations

import os
import signal
import threading
import time


def init_worker(parent: int) -> None:
    """A process pool's initializer: ignore Ctrl-C and exit when `parent` is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with, args=(parent,), daemon=True).start()


def _exit_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)
