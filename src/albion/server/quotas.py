"""What one client address may take: tables created (a token bucket per address) and table
WebSockets open at once (a count per address).

An IPv6 address counts by its /64, the block one home or one host is given, so a client
cannot step around a limit by changing addresses inside it. Behind a reverse proxy the
address is the one the proxy forwards (uvicorn trusts `X-Forwarded-For` from 127.0.0.1);
a proxy that forwards none makes every client one address."""

from __future__ import annotations

import ipaddress
import itertools
import math
from collections import Counter
from dataclasses import dataclass

from starlette.datastructures import Address

from albion.server.ratelimit import TokenBucket
from albion.server.settings import ServerSettings

MAX_ADDRESSES = 10_000
"""Addresses whose table buckets are kept; past it, refilled buckets are forgotten first."""


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


class TableQuota:
    """Tables an address may create: `rate` a second on average, `burst` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, address: str) -> bool:
        """One table for `address`, if its bucket holds one."""
        return self._bucket(address).take()

    def retry_after(self, address: str) -> int:
        """Whole seconds until `address` may create a table again (at least 1)."""
        wait = self._bucket(address).seconds_to_next()
        return max(1, math.ceil(wait)) if math.isfinite(wait) else 86_400

    def _bucket(self, address: str) -> TokenBucket:
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
    """A server process's per-address limits."""

    tables: TableQuota
    connections: ConnectionQuota

    @classmethod
    def of(cls, settings: ServerSettings) -> Quotas:
        return cls(TableQuota(settings.table_rate, settings.table_burst),
                   ConnectionQuota(settings.connections_per_address))
