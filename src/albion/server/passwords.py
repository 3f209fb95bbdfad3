"""Account passwords (issue 30): hashed with Argon2id (`argon2-cffi`), checked off the
event loop, a few at once (each hash takes `ServerSettings.password_memory_kib`, 64 MiB
by default, so a flood of sign-ins waits rather than exhausting memory). An unknown name
is checked against a hash of nothing anyone knows, so that it takes as long to refuse as
a wrong password: the time does not tell which names exist."""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError

from albion.core.words import Words, say

MIN_LENGTH = 8
MAX_LENGTH = 1000
"""Characters; a longer one is refused before it is hashed."""


class PasswordRefused(ValueError):  # noqa: N818 - a refusal the caller answers
    """A password an account may not have: why, as words (issue 29)."""

    def __init__(self, words: Words) -> None:
        super().__init__(str(words))
        self.words = words


def check_password(password: str, username: str) -> None:
    """PasswordRefused when `password` is too short, too long, or the name itself."""
    if len(password) < MIN_LENGTH:
        raise PasswordRefused(say("a password is at least {least} characters long",
                                  least=MIN_LENGTH))
    if len(password) > MAX_LENGTH:
        raise PasswordRefused(say("a password is at most {most} characters long",
                                  most=MAX_LENGTH))
    if password.strip().lower() == username.strip().lower():
        raise PasswordRefused(say("a password is not the account's name"))


@dataclass(frozen=True)
class Checked:
    """A password checked against a stored hash: whether it matches, and (when it does)
    a new hash to store in place of one made with other numbers, else None."""

    matches: bool
    rehashed: str | None = None


class Passwords:
    """Argon2id at `cost` (time cost, memory in KiB, lanes), `at_once` hashes at a time."""

    def __init__(self, cost: tuple[int, int, int], at_once: int) -> None:
        time_cost, memory_kib, lanes = cost
        self.hasher = PasswordHasher(time_cost=time_cost, memory_cost=memory_kib,
                                     parallelism=lanes, type=Type.ID)
        self.at_once = at_once
        self._slots: asyncio.Semaphore | None = None
        self._nobody: str | None = None

    @property
    def slots(self) -> asyncio.Semaphore:
        """Made on first use, in the server's event loop."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.at_once)
        return self._slots

    async def hash(self, password: str) -> str:
        async with self.slots:
            return await asyncio.to_thread(self.hasher.hash, password)

    async def check(self, stored: str | None, password: str) -> Checked:
        """`password` against `stored` (None: an unknown name, checked against a hash of
        a random password so that it takes as long)."""
        async with self.slots:
            return await asyncio.to_thread(self._check, stored, password)

    def _check(self, stored: str | None, password: str) -> Checked:
        if stored is None:
            if self._nobody is None:
                self._nobody = self.hasher.hash(secrets.token_urlsafe(24))
            stored = self._nobody
            password = f"not {password}"  # never matches, whatever was sent
        try:
            self.hasher.verify(stored, password)
        except (VerificationError, InvalidHashError):
            return Checked(False)
        if stored is self._nobody:
            return Checked(False)
        return Checked(True, self.hasher.hash(password)
                       if self.hasher.check_needs_rehash(stored) else None)
