"""The address people on other machines open this server by (issue 27): the links the
server hands out to be passed on — invitations, spectators' links — start with
`ServerSettings.public_url` when one is set (`albion serve --public-url`), else with the
address the asking browser used. A link the asking browser follows itself, holding the
seat's cookie it was just given for that address (a claimed seat's page, a rematch), stays
on that address: a cookie set for 127.0.0.1 is not sent to 192.168.1.5.

`GET /api/server` tells the pages which address that is, whether people on other
machines can open it, and — to a visitor on this machine only — this machine's network
addresses, so the lobby can say how to invite a friend on the same network."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
import struct
from functools import cache
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from pydantic import BaseModel, Field

from albion.server.settings import LOCAL_HOSTS, WILDCARD_ADDRESSES, ServerSettings

SIOCGIFADDR = 0x8915
"""Linux's ioctl for an interface's IPv4 address."""
UNROUTED = ("192.0.2.1", 9)
"""TEST-NET-1 (RFC 5737): connecting a UDP socket to it sends nothing, and the kernel
picks the address of the route out (the default one)."""


class ServerInfo(BaseModel):
    """Where this server's links point, for the pages (`GET /api/server`)."""

    public_url: str = Field(description="What every link handed out starts with: "
                            "`albion serve --public-url`, or else the address this request "
                            "came by (no trailing slash)")
    configured: bool = Field(description="Whether the address was given (--public-url)")
    lan: bool = Field(description="Whether people on other machines can open those links: "
                      "the server listens beyond this machine and the address is not one "
                      "of this machine's own names (127.0.0.1, localhost)")
    addresses: list[str] = Field(description="This machine's network addresses as this "
                                 "server's URLs (http://192.168.1.5:8000), to suggest for "
                                 "--public-url; told only to a visitor on this machine, "
                                 "else empty")


def own_base(request: Request) -> str:
    """The address `request` came by (`http://127.0.0.1:8000`): for links the asking
    browser follows itself."""
    return str(request.base_url).rstrip("/")


def public_base(request: Request, settings: ServerSettings) -> str:
    """What a link handed out to be passed on starts with: the public address when one is
    set, else the address `request` came by."""
    return settings.public_url or own_base(request)


def is_local_name(host: str) -> bool:
    """`127.0.0.1`, `localhost`, `::1` and the rest of 127/8: only this machine."""
    if host.lower() in LOCAL_HOSTS:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def listens_beyond_this_machine(settings: ServerSettings) -> bool:
    return settings.host in WILDCARD_ADDRESSES or not is_local_name(settings.host)


def server_info(request: Request, settings: ServerSettings,
                addresses: list[str]) -> ServerInfo:
    base = public_base(request, settings)
    host = urlsplit(base).hostname or ""
    visitor = request.client.host if request.client else ""
    hints = [lan_url(address, settings.port) for address in addresses] \
        if is_local_name(visitor) else []
    return ServerInfo(public_url=base, configured=settings.public_url is not None,
                      lan=listens_beyond_this_machine(settings) and not is_local_name(host),
                      addresses=hints)


def lan_url(address: str, port: int) -> str:
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}"


@cache
def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other machines may reach it by (no loopback, no
    link-local), private ones first: its interfaces' (Linux), its host name's, and the
    one its default route goes out by. Asked once a process (it may wait on a resolver)."""
    found: set[str] = set(_interface_addresses())
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(UNROUTED)
        found.add(probe.getsockname()[0])
    usable = []
    for text in found:
        address = ipaddress.ip_address(text)
        if not (address.is_loopback or address.is_link_local or address.is_unspecified):
            usable.append(address)
    return [str(address) for address in sorted(usable, key=lambda a: (not a.is_private, a))]


def _interface_addresses() -> list[str]:
    """Each network interface's IPv4 address (Linux; elsewhere none)."""
    try:
        import fcntl  # noqa: PLC0415 - POSIX only
        names = [name for _, name in socket.if_nameindex()]
    except (ImportError, OSError):
        return []
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for name in names:
            with contextlib.suppress(OSError):
                answer = fcntl.ioctl(probe.fileno(), SIOCGIFADDR,
                                     struct.pack("256s", name.encode()[:15]))
                found.append(socket.inet_ntoa(answer[20:24]))
    return found


def add_public(app: FastAPI, settings: ServerSettings) -> None:
    """`GET /api/server` on `app`."""

    @app.get("/api/server", response_model=ServerInfo)
    async def server(request: Request) -> ServerInfo:
        """Where this server's invitations point and whether a friend on another machine
        can open them (the lobby says how to invite one)."""
        return server_info(request, settings, await asyncio.to_thread(lan_addresses))


def start_lines(settings: ServerSettings, addresses: list[str]) -> list[str]:
    """What `albion serve` says as it starts: where it serves, and where the links it
    hands out point — with this machine's network addresses as hints when it listens on
    every address and no public address is given."""
    where = f"(games kept in {settings.database_url}; Ctrl-C stops)"
    port = settings.port
    if settings.host not in WILDCARD_ADDRESSES:
        host = f"[{settings.host}]" if ":" in settings.host else settings.host
        lines = [f"Albion is serving at http://{host}:{port}/ {where}"]
        if settings.public_url is not None:
            lines.append(f"Invitations and spectators' links point to {settings.public_url}/")
        elif not listens_beyond_this_machine(settings):
            lines.append("Only this machine can open it: to play with a friend on your "
                         "network, start it with --host 0.0.0.0 --public-url "
                         f"{lan_url(addresses[0] if addresses else '<your-ip>', port)}")
        return lines
    lines = [f"Albion is listening on every address of this machine ({settings.host or '*'}"
             f", port {port}) {where}",
             f"Open the lobby here at http://127.0.0.1:{port}/"]
    if settings.public_url is not None:
        lines.append(f"Invitations and spectators' links point to {settings.public_url}/ "
                     "(--public-url)")
        return lines
    lines.append("Invitations carry the address the lobby is opened by; other machines "
                 "cannot open 127.0.0.1. Give --public-url with one of this machine's "
                 "addresses:" if addresses else "Invitations carry the address the lobby "
                 "is opened by; give --public-url http://<your-ip>:"
                 f"{port} so that they carry one other machines can open")
    lines.extend(f"  --public-url {lan_url(address, port)}" for address in addresses)
    return lines
