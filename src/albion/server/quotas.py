"""What one client address may take: tables created (a token bucket per address), table
WebSockets open at once (a count per address) and opened lately, names chosen lately,
sign-ins and accounts made (issue 30); what one seat may: connections opened lately (issue
25: reconnect and rename storms from one address slowed every table); and what one
account may: failed sign-ins, from every address together.

An IPv6 address counts by its /64, the block one home or one host is given, so a client
cannot step around a limit by changing addresses inside it. Behind a reverse proxy the
address is the one the proxy forwards (uvicorn trusts `X-Forwarded-For` from 127.0.0.1);
a proxy that forwards none makes every client one address."""

from __future__ import annotations

import ipaddress
import itertools
import math
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass

from starlette.datastructures import Address

from albion.server.ratelimit import TokenBucket
from albion.server.settings import ServerSettings

MAX_ADDRESSES = 10_000
"""Keys (addresses, seats) whose buckets are kept; past it, refilled buckets are forgotten
first."""


def address_of(client: Address | None) -> str:
    """The key a client's limits are kept under: its IP address (IPv6: its /64)."""
    host = client.host if client is not None else ""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host  # not an IP address: a test client, a Unix socket
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class Buckets:
    """A token bucket per key (an address, a seat): `rate` a second on average, `burst`
    at once, in bounded memory."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[Hashable, TokenBucket] = {}

    def take(self, key: Hashable) -> bool:
        """One for `key`, if its bucket holds one."""
        return self._bucket(key).take()

    def has(self, key: Hashable) -> bool:
        """Whether `key`'s bucket holds one now (taking nothing)."""
        return self._bucket(key).seconds_to_next() == 0

    def retry_after(self, key: Hashable) -> int:
        """Whole seconds until `key` may take one again (at least 1)."""
        wait = self._bucket(key).seconds_to_next()
        return max(1, math.ceil(wait)) if math.isfinite(wait) else 86_400

    def _bucket(self, address: Hashable) -> TokenBucket:
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= MAX_ADDRESSES:
                self._forget()
            bucket = self.buckets[address] = TokenBucket(self.rate, self.burst)
        return bucket

    def _forget(self) -> None:
        """Bounded memory: drop the refilled buckets (a new one is the same), then, if
        that is not enough, the oldest, down to nine tenths of the bound."""
        for address in [a for a, bucket in self.buckets.items() if bucket.is_full()]:
            del self.buckets[address]
        excess = len(self.buckets) - MAX_ADDRESSES * 9 // 10
        for address in list(itertools.islice(self.buckets, max(0, excess))):
            del self.buckets[address]


class TableQuota(Buckets):
    """Tables an address may create: `rate` a second on average, `burst` at once."""


class ConnectionQuota:
    """Table WebSockets an address may hold open at once."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: Counter[str] = Counter()

    def enter(self, address: str) -> bool:
        """Count one more connection of `address`, unless it holds `limit` already."""
        if self.open[address] >= self.limit:
            return False
        self.open[address] += 1
        return True

    def leave(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


@dataclass(frozen=True)
class Quotas:
    """A server process's per-address and per-seat limits."""

    tables: TableQuota
    connections: ConnectionQuota
    connects: Buckets
    """Table WebSockets an address opens."""
    seat_connects: Buckets
    """Connections a seat (table id, seat) opens, from anywhere."""
    renames: Buckets
    """Names an address chooses, at every table."""
    signins: Buckets
    """Sign-in attempts an address makes (issue 30)."""
    failed_signins: Buckets
    """Failed sign-ins of an account (its folded name), from every address."""
    signups: Buckets
    """Accounts an address creates."""
    friend_adds: Buckets
    """Names an account adds as friends."""
    offers: Buckets
    """Seats an address offers to accounts by name (each notifies the account)."""
    email_changes: Buckets
    """New e-mail addresses an account gives (each is sent a confirmation)."""

    @classmethod
    def of(cls, settings: ServerSettings) -> Quotas:
        return cls(TableQuota(settings.table_rate, settings.table_burst),
                   ConnectionQuota(settings.connections_per_address),
                   Buckets(settings.connect_rate, settings.connect_burst),
                   Buckets(settings.seat_connect_rate, settings.seat_connect_burst),
                   Buckets(10 * settings.rename_rate, 10 * settings.rename_burst),
                   Buckets(settings.signin_rate, settings.signin_burst),
                   Buckets(settings.account_signin_rate, settings.account_signin_burst),
                   Buckets(settings.signup_rate, settings.signup_burst),
                   Buckets(settings.friend_rate, settings.friend_burst),
                   Buckets(settings.offer_rate, settings.offer_burst),
                   Buckets(settings.email_rate, settings.email_burst))
