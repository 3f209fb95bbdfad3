"""The names this server answers to (issue 25, DNS rebinding): a request whose `Host` is
not one of `ServerSettings.allowed_hosts` is refused before anything else sees it — an
HTTP request with 400 `bad_host`, a WebSocket before it is accepted (HTTP 403) — so a page
served from a rebound DNS name cannot talk to a server on this machine, and the links and
redirects the server builds from `Host` only ever name an allowed host."""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from albion.core.words import say
from albion.server.errors import refusal_body

ANY = "*"


def host_name(host: str) -> str:
    """`example.org:8000` → `example.org`; `[::1]:8000` → `::1` (lower case)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    if host.count(":") > 1:  # a bare IPv6 address
        return host
    return host.partition(":")[0]


def is_allowed(host: str | None, allowed: tuple[str, ...]) -> bool:
    """Whether `host` (a `Host` header or an origin's netloc) names an allowed host;
    `*.example.org` allows its subdomains, `*` any host."""
    if host is None or not host.strip():
        return False
    if ANY in allowed:
        return True
    name = host_name(host)
    return any(name == entry or (entry.startswith("*.") and name.endswith(entry[1:]))
               for entry in allowed)


def origin_matches(origin: str, host: str | None, allowed: tuple[str, ...],
                   origins: tuple[str, ...]) -> bool:
    """A page's `Origin` may act here: it is listed (`--origin`), or it is this server
    itself — the same host and port as the request, that host being allowed."""
    if origin in origins:
        return True
    netloc = urlsplit(origin).netloc
    return host is not None and netloc.lower() == host.strip().lower() and \
        is_allowed(netloc, allowed)


class HostCheck:
    """ASGI middleware: requests for a host this server does not answer to are refused."""

    def __init__(self, app: ASGIApp, allowed: tuple[str, ...]) -> None:
        self.app = app
        self.allowed = tuple(entry.lower() for entry in allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = next((value.decode("latin-1") for name, value in scope["headers"]
                     if name == b"host"), None)
        if is_allowed(host, self.allowed):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008,
                        "reason": "this server does not answer to that host"})
            return
        body = refusal_body("bad_host", say("this server does not answer to that host name "
                                            "(albion serve --allowed-host)"))
        await send({"type": "http.response.start", "status": 400,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
