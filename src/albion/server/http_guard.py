"""Slowloris and connection floods, stopped where uvicorn reads the socket: a subclass of
the HTTP protocol uvicorn itself would choose, and a process's open-file limit raised.

uvicorn times out nothing before a request's headers are complete: its keep-alive timeout
is armed only once a response has ended, and any byte received disarms it. So a
connection that sends part of a request, or a byte now and then, holds a socket (and a
file descriptor) for ever, and about a thousand of them stop a server. The guarded
protocol closes a connection whose request headers are not complete `header_timeout`
seconds after it opened, or after its previous response ended (uvicorn's own keep-alive
timeout still closes a connection silent after a response sooner). Once a request's
headers are complete nothing here times it out: a slow body (capped in size by the app's
`BodyLimit`) or a slow response holds one of the connections counted below, no more; and
a connection upgraded to a WebSocket never is (its pings find a dead peer).

It also counts open TCP connections by client address — an IPv6 address by its /64,
as `quotas.address_of` keys it — WebSockets included until they close. Past
`per_address` from one address, or `total` from everyone, a new connection is answered
at once (429 or 503, `Retry-After`, a JSON refusal like the lobby's) and closed. The
peers trusted to forward a client's address (`proxies`) speak for many clients: they are
held to the total only. Memory is constant per connection: a refused one is counted by
no address, and the counts hold only the connections open now.

uvicorn's choice, here: `http="auto"` is `protocols.http.auto.AutoHTTPProtocol`,
httptools' protocol when httptools imports and h11's otherwise ("zttp" only when asked
for, or with HTTP/2). The subclass uses only what both have (`connection_made`,
`data_received`, `on_response_complete`, `handle_websocket_upgrade`, `cycle`), and wraps
whichever WebSocket protocol the server's configuration holds, to release its count."""

from __future__ import annotations

import asyncio
import ipaddress
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, cast

from starlette.datastructures import Address
from uvicorn.protocols.http.auto import AutoHTTPProtocol

from albion.core.words import Words, say
from albion.server.errors import refusal_body
from albion.server.quotas import address_of

if TYPE_CHECKING:  # checked against httptools' protocol; h11's has the same hooks
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as HTTPProtocol
else:
    HTTPProtocol = AutoHTTPProtocol

RETRY_AFTER = 5
"""Seconds a refused client is told to wait."""
LINGERING = 64
"""Refused connections kept open at once, up to `LINGER_SECONDS`, reading and dropping
what the client still sends so that it reads its refusal rather than a reset (closing on
unread bytes resets a connection); past it a refused connection is closed at once."""
LINGER_SECONDS = 1.0
FILE_LIMIT_CAP = 65_536
"""The most open files `raise_open_file_limit` asks for: a process needs `total`
connections, `LINGERING` refusals and a few dozen files of its own, far fewer."""


def refusal(status: int, words: Words) -> bytes:
    """A whole HTTP/1.1 response refusing a connection, then closing it."""
    body = refusal_body("rate_limited", words)
    reason = {429: "Too Many Requests", 503: "Service Unavailable"}[status]
    return (f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nretry-after: {RETRY_AFTER}\r\n"
            "x-content-type-options: nosniff\r\nconnection: close\r\n\r\n").encode() + body


TOO_MANY_FROM_ADDRESS = refusal(429, say("too many connections from your address"))
TOO_MANY = refusal(503, say("the server holds too many connections: try again in a "
                            "moment"))


def connection_key(host: str) -> str:
    """The key a client address's connections are counted under (`quotas.address_of`)."""
    return address_of(Address(host, 0))


class Connections:
    """The TCP connections open now, by client address: one server process's counts."""

    def __init__(self, per_address: int, total: int, proxies: Iterable[str] = ()) -> None:
        self.per_address = per_address
        self.total = total
        self.proxies = _networks(proxies)
        self.by_address: dict[str, int] = {}
        self.holders: dict[object, str] = {}
        """Each counted connection's transport and address key: the WebSocket protocol
        a connection is handed to releases it by its transport."""
        self.lingering = 0

    def enter(self, transport: object, host: str) -> bytes | None:
        """Count a new connection from `host`, or say why not (the refusal to send)."""
        if len(self.holders) >= self.total:
            return TOO_MANY
        key = connection_key(host)
        held = self.by_address.get(key, 0)
        if held >= self.per_address and not self._is_proxy(host):
            return TOO_MANY_FROM_ADDRESS
        self.by_address[key] = held + 1
        self.holders[transport] = key
        return None

    def leave(self, transport: object) -> None:
        """The connection on `transport` closed (nothing if it was never counted, or was
        already released)."""
        key = self.holders.pop(transport, None)
        if key is None:
            return
        held = self.by_address[key] - 1
        if held:
            self.by_address[key] = held
        else:
            del self.by_address[key]

    def _is_proxy(self, host: str) -> bool:
        if not self.proxies:
            return False
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return False
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        return any(ip in network for network in self.proxies)


def _networks(entries: Iterable[str]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network,
                                               ...]:
    """Addresses and networks, as uvicorn's `forwarded_allow_ips` spells them (`*`: any;
    what is not an address, such as a Unix socket's path, is left out)."""
    networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
    for entry in (entry.strip() for entry in entries):
        if entry == "*":
            networks += [ipaddress.ip_network("0.0.0.0/0"), ipaddress.ip_network("::/0")]
            continue
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            continue
    return tuple(networks)


def guarded_protocol(header_timeout: float, per_address: int, total: int, *,
                     proxies: Iterable[str] = ()) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (`http=` of `uvicorn.run`), guarded: headers within
    `header_timeout` seconds, at most `per_address` connections from one client address
    (except `proxies`) and `total` from everyone. Each call has counts of its own."""
    connections = Connections(per_address, total, proxies)
    releasing: dict[type[asyncio.Protocol], type[asyncio.Protocol]] = {}

    def released(ws_class: type[asyncio.Protocol]) -> type[asyncio.Protocol]:
        """`ws_class`, releasing its connection's count when it closes."""
        subclass = releasing.get(ws_class)
        if subclass is None:
            def connection_lost(self: asyncio.Protocol, exc: Exception | None) -> None:
                try:
                    ws_class.connection_lost(self, exc)
                finally:
                    connections.leave(getattr(self, "transport", None))

            subclass = releasing[ws_class] = cast(type[asyncio.Protocol], type(
                f"Guarded{ws_class.__name__}", (ws_class,),
                {"connection_lost": connection_lost, "__module__": __name__}))
        return subclass

    class GuardedHTTPProtocol(HTTPProtocol):
        """One connection: its header timer, its count, or its refusal."""

        guard: ClassVar[Connections] = connections

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.header_timer: asyncio.TimerHandle | None = None
            self.refused = False
            self.lingers = False
            self.upgraded = False
            if self.ws_protocol_class is not None:
                self.ws_protocol_class = released(self.ws_protocol_class)

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            answer = connections.enter(transport, self.client[0] if self.client else "")
            if answer is None:
                self.header_timer = self.loop.call_later(header_timeout, self.headers_late)
            else:
                self.refuse(answer)

        def connection_lost(self, exc: Exception | None) -> None:
            self.stop_header_timer()
            connections.leave(self.transport)
            if self.lingers:
                connections.lingering -= 1
                self.lingers = False
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self.refused:
                return  # read and dropped
            cycle = self.cycle
            super().data_received(data)
            if self.cycle is not cycle:  # a request's headers are complete
                self.stop_header_timer()

        def handle_websocket_upgrade(self, *args: Any) -> None:
            self.stop_header_timer()
            self.upgraded = True  # the transport is the WebSocket protocol's now
            super().handle_websocket_upgrade(*args)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if self.upgraded or self.transport.is_closing() or \
                    not self.cycle.response_complete:
                return  # handed on, closing, or a pipelined request's headers complete
            self.stop_header_timer()
            self.header_timer = self.loop.call_later(header_timeout, self.headers_late)

        def headers_late(self) -> None:
            self.header_timer = None
            if not self.transport.is_closing():
                self.transport.close()

        def stop_header_timer(self) -> None:
            if self.header_timer is not None:
                self.header_timer.cancel()
                self.header_timer = None

        def refuse(self, answer: bytes) -> None:
            self.refused = True
            self.transport.write(answer)
            if connections.lingering < LINGERING and self.transport.can_write_eof():
                connections.lingering += 1
                self.lingers = True
                self.transport.write_eof()  # it reads the answer, then the end
                self.header_timer = self.loop.call_later(LINGER_SECONDS, self.transport.close)
            else:
                self.transport.close()

    return GuardedHTTPProtocol


def raise_open_file_limit(cap: int = FILE_LIMIT_CAP) -> int:
    """Raise this process's soft limit of open files to its hard limit (at most `cap`;
    never lowered): the soft limit is often 1024, the hard one far more. The soft limit
    now (`cap` where there is none, on Windows)."""
    if sys.platform == "win32":
        return cap
    import resource  # noqa: PLC0415 - not on Windows

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = cap if hard == resource.RLIM_INFINITY else min(hard, cap)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):  # macOS refuses more than its kernel's own limit
            return soft
        return wanted
    return cap if soft == resource.RLIM_INFINITY else soft
