"""What the server's logs may hold: never a seat's token (uvicorn's access lines and its
WebSocket lines carry the query string, `?token=…`, at level INFO), and no traceback a
client can cause at will (uvicorn logs a text frame of invalid UTF-8 with one; the
client gets close 1007 all the same)."""

from __future__ import annotations

import logging
import re

TOKEN = re.compile(r"(token=)[^&\s\"']+")
LOGGERS = ("uvicorn.error", "uvicorn.access", "albion.server")


def redact(text: str) -> str:
    """`text` with every `token=…` value replaced."""
    return TOKEN.sub(r"\1[redacted]", text)


class Redact(logging.Filter):
    """Tokens out of every record; a client's invalid UTF-8 is one line, no traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(arg) if isinstance(arg, str) else arg
                                for arg in record.args)
        if record.exc_info and str(record.msg).startswith("Invalid UTF-8"):
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def install() -> None:
    """Put the filter on the loggers that may see a token (once)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(existing, Redact) for existing in logger.filters):
            logger.addFilter(Redact())
