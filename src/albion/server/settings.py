"""What an `albion serve` process is set up with."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

DEFAULT_DATABASE = "sqlite:///albion.db"
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
"""The names of this machine: the hosts a server started on it answers to by default."""


@dataclass(frozen=True)
class ServerSettings:
    """`database_url`: an SQLite file (one process) or PostgreSQL (several processes);
    `allowed_origins`: pages on other sites may not open a table's WebSocket."""

    host: str = "127.0.0.1"
    port: int = 8000
    public_url: str | None = None
    """The address people on other machines open this server by (`albion serve
    --public-url http://192.168.1.5:8000`, or `ALBION_PUBLIC_URL`): every link the server
    hands out to be passed on — an invitation, a spectator's link — starts with it. None:
    the address the asking browser used (`public.public_base`)."""
    database_url: str = DEFAULT_DATABASE
    bot_workers: int = field(default_factory=lambda: max(2, os.cpu_count() or 2))
    """Processes deciding for bots: at least two, so one slow search never holds up the
    bots of every other table."""
    allowed_origins: tuple[str, ...] = ()
    frame_limit: int = 4096
    message_rate: float = 10.0
    message_burst: int = 30
    send_queue: int = 64
    """Messages a connection may fall behind before it is closed (1008): the table never
    waits for a client that does not read."""
    bot_delay: float = 0.0
    """About the least time a bot's decision takes, in seconds (each one between 0.75 and
    1.25 times it), so that people can follow the bots' moves (`albion serve
    --bot-delay`)."""
    hint_rate: float = 0.1
    """Hints a second per connection, on average (one every ten seconds)."""
    hint_burst: int = 3
    undo_rate: float = 0.2
    """Moves a seat may take back a second, on average (issue 31, ALL-3): each is stored
    and told to everyone, so a seat may not flood the table with them."""
    undo_burst: int = 5
    max_undos: int = 200
    """Moves one table may have taken back in all: past it, none more."""
    body_limit: int = 16_384
    """Bytes of an HTTP request body: a larger one is refused (413) and never kept (a
    declared one of up to 1 MiB is read and dropped first, `body_limit.DRAIN`). The
    largest a client needs, a new table with eight 200-character seats, is under 4 KiB."""
    table_rate: float = 1.0
    """Tables one client address may create a second, on average (`albion serve
    --table-rate`); past it and the burst, 429 with Retry-After."""
    table_burst: int = 60
    """Tables one client address may create at once (`albion serve --table-burst`)."""
    connections_per_address: int = 64
    """Table WebSockets one client address may hold open at once (`albion serve
    --connections-per-address`); one more is closed (1008) before it is accepted."""
    sweep_seconds: float = 2.0
    """How often a process claims the tables whose owner died (PostgreSQL)."""
    presence_seconds: float = 10.0
    """How often a process renews its connections' presence; three times this without
    renewal and they no longer count (PostgreSQL)."""
    reports: Path | None = None
    """A folder of balance reports (`albion report --out`) shown at /reports."""
    allowed_hosts: tuple[str, ...] = LOCAL_HOSTS
    """Host names (without a port) this server answers to, in the `Host` header and in a
    page's `Origin` (`albion serve --allowed-host`; `*` allows any): another name is
    refused, so a page on a rebound DNS name cannot reach a server on this machine."""
    max_iterations: int = 5000
    """The most iterations a search bot may be given here (a seat, a clock's stand-in, a
    rematch): a larger budget is refused (`albion serve --max-iterations`)."""
    max_seconds: float = 5.0
    """The most thinking time a bot may be given a move, in seconds; every search on this
    server also stops at it (`albion serve --max-seconds`)."""
    decision_timeout: float = 20.0
    """A bot decision or a hint still running after this many seconds is stopped, its
    worker process replaced, and a quick bot decides instead."""
    hint_workers: int = 1
    """Processes answering hints, apart from the bots' (a hint never delays a bot)."""
    hints_per_address: int = 1
    """Hints one client address may have being searched at once; one more is refused
    (`busy`)."""
    analysis_workers: int = 1
    """Processes analysing finished games (issue 33), apart from the bots' and the hints'
    and below their priority: an analysis never delays a move."""
    analysis_queue: int = 8
    """Analyses waiting or running at once in this process; one more is refused (503)
    until one ends."""
    analysis_iterations: int | None = None
    """The analysis's search budget per candidate action (None: the game's own,
    `GamePlugin.analysis_iterations`, about 30 s for a median game); tests lower it."""
    analysis_seconds: float = 600.0
    """An analysis still running after this long is stopped (its worker replaced)."""
    analysis_rate: float = 1 / 30
    """Analyses one client address may ask for a second, on average (one every 30 s past
    the burst): each may cost a worker half a minute."""
    analysis_burst: int = 5
    connect_rate: float = 2.0
    """Table WebSockets one client address may open a second, on average."""
    connect_burst: int = 40
    seat_connect_rate: float = 0.2
    """Connections one seat may open a second, on average (a reconnect every five
    seconds), over all addresses."""
    seat_connect_burst: int = 10
    rename_rate: float = 0.1
    """Names one seat may choose a second, on average (one every ten seconds)."""
    rename_burst: int = 3
    header_timeout: float = 10.0
    """Seconds an HTTP connection has to send a request's headers (Slowloris)."""
    http_connections_per_address: int = 128
    """TCP connections one client address may hold open at once (WebSockets included)."""
    http_connections: int = 2048
    """TCP connections this process holds open at once, from everyone."""
    due_sweep_seconds: float = 30.0
    """How often a process loads the turn-based tables whose deadline is near though
    nobody has them open (issue 31)."""
    due_ahead_seconds: float = 120.0
    """How long before its deadline such a table is loaded; a quiet turn-based table is
    unloaded only with twice this left."""
    idle_seconds: float = 60.0
    """A table nobody is connected to and nothing runs for is unloaded after this long
    (it is loaded again from the database when someone asks)."""
    replay_cache_bytes: int = 32 << 20
    """Bytes of finished games' records and replays kept ready (compressed), all tables
    together; the least recently asked for are dropped first."""
    min_move_seconds: float = 5.0
    """The least `seconds_per_move` a table's clock may have."""
    max_notices: int = 500
    """Notices one table may store (stand-ins taking over, owners back): past it an
    owner no longer takes their seat back from the stand-in in that game."""
    signin_rate: float = 0.2
    """Sign-in attempts one client address may make a second, on average (issue 30):
    one every five seconds; past it and the burst, 429 with Retry-After."""
    signin_burst: int = 10
    account_signin_rate: float = 1 / 60
    """Failed sign-ins one account may take a second, on average, from every address
    together (one a minute): password guessing spread over many addresses."""
    account_signin_burst: int = 5
    signup_rate: float = 1 / 60
    """Accounts one client address may create a second, on average (one a minute)."""
    signup_burst: int = 5
    friend_rate: float = 0.2
    """Names one account may add as friends a second, on average (one every five
    seconds); past it and the burst, 429 with Retry-After."""
    friend_burst: int = 20
    offer_rate: float = 0.2
    """Seats one client address may offer to accounts by name a second, on average (each
    notifies the account): one every five seconds past the burst."""
    offer_burst: int = 20
    email_rate: float = 1 / 3600
    """New e-mail addresses one account may give an hour (each gets a confirmation
    mail), past a burst of `email_burst`."""
    email_burst: int = 5
    max_friends: int = 500
    """Names one account may have added (friends and requests together)."""
    vacation_days: int = 30
    """Days of vacation (issue 31: the account's seats' clocks stand) an account may
    take each calendar year."""
    smtp_host: str | None = None
    """The SMTP server e-mail notifications go through (issue 31; `albion serve
    --smtp-host`): None sends no e-mail (the pages and Web Push still notify)."""
    smtp_port: int = 25
    smtp_sender: str = "albion@localhost"
    smtp_username: str | None = None
    smtp_password: str | None = field(default=None, repr=False)
    smtp_starttls: bool = False
    vapid_key: Path | None = None
    """The file of the server's VAPID key for Web Push (made there on first start; `albion
    serve --vapid-key`): None offers no Web Push."""
    vapid_contact: str = "mailto:albion@localhost"
    """Where the push services may write to the server's operator (VAPID's `sub`)."""
    allow_http_push: bool = False
    """Accept push subscriptions whose endpoint is plain http (tests, a local push
    service); real browsers' are https."""
    notify_poll_seconds: float = 5.0
    """How often each process looks for notifications another process left undelivered
    (its own are sent at once)."""
    password_time_cost: int = 3
    """Argon2id's passes for new password hashes; with `password_memory_kib` and
    `password_lanes`, RFC 9106's second recommended setting (64 MiB). A hash made with
    other numbers is made again at the next sign-in. Tests lower them."""
    password_memory_kib: int = 65_536
    password_lanes: int = 4
    password_hashes: int = 2
    """Passwords hashed or checked at once (each takes `password_memory_kib`); more
    wait their turn."""
    session_days: float = 30.0
    """How long an account's session lasts after sign-in (its cookie too)."""


WILDCARD_ADDRESSES = ("0.0.0.0", "::", "")


def allowed_hosts(host: str, given: list[str],
                  public_url: str | None = None) -> tuple[str, ...] | None:
    """The host names a server listening on `host` answers to: `given` (`--allowed-host`),
    the host of `public_url` (the links it hands out must open) and this machine's own
    names; None when `host` listens for other machines (0.0.0.0) and no name is given —
    the names they use cannot be guessed safely."""
    public = [urlsplit(public_url).hostname or ""] if public_url else []
    names = tuple(dict.fromkeys(name.strip().lower() for name in [*given, *public]
                                if name.strip()))
    if host in WILDCARD_ADDRESSES:
        return (*LOCAL_HOSTS, *names) if names else None
    own = () if host in LOCAL_HOSTS else (host.lower(),)
    return (*LOCAL_HOSTS, *own, *names)


def public_url_of(text: str) -> str:
    """`--public-url`'s value as links start with it (`http://192.168.1.5:8000`, no
    trailing slash); ValueError with what is wrong. The pages live at the root of the
    server, so the address may name no path."""
    text = text.strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as problem:
        raise ValueError(f"{text!r} is not an address: {problem}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{text!r} is not an address like http://192.168.1.5:8000")
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username \
            or parts.password:
        raise ValueError(f"{text!r}: the server's pages live at its root, so the address "
                         "names a scheme, a host and a port only")
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None else "")
