"""The lobby's refusals: a 4xx answer with a code and a message."""

from __future__ import annotations

from starlette.exceptions import HTTPException


class ApiError(HTTPException):
    """A 4xx answer: `{"error": CODE, "message": TEXT}`."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(status, message)
        self.code = code
