"""The browser face (issue 16): the lobby, the table pages, the rules, the replay viewer and
the balance reports, served as static pages that talk to the lobby API and the table
WebSocket. The pages never decide legality: they draw the server's views and legal
actions. Every response carries a Content-Security-Policy that allows this server's own
scripts and styles only, so a name or a text from a user can never run as code."""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from albion.core.errors import AlbionError
from albion.core.plugin import GamePlugin, rulebook_files
from albion.core.registry import get_game, get_plugin
from albion.core.rulings import Source
from albion.core.words import say
from albion.i18n import LANGUAGES, supported, translator
from albion.server.errors import ApiError
from albion.server.howto_routes import add_howto_routes
from albion.server.languages import COOKIE, add_languages, page_language, page_response
from albion.server.report_pages import report_facts, report_page

WEB = Path(str(resources.files("albion.server") / "web"))
PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
               "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'self'; "
               "frame-ancestors 'none'")
"""No inline script or style, nothing from other sites; `connect-src 'self'` covers this
server's WebSocket too (CSP Level 3)."""
REPORT_POLICY = ("default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                 "base-uri 'none'; frame-ancestors 'none'")
"""Reports that `albion report` wrote are this server's operator's own files: their inline
styles may apply; scripts never run."""
ICON_SECONDS = 86_400
"""How long a browser keeps the site's icon (`/favicon.ico`) before asking again."""


class ReportSummary(BaseModel):
    """A balance report under `albion serve --reports DIR` (`GET /api/reports`)."""

    name: str = Field(description="Its folder under DIR")
    url: str = Field(description="Its page")
    written: str = Field(description="When its page was written (ISO 8601, UTC)")
    game: str | None = Field(description="The game's id; null when its report.json is "
                             "missing or unreadable (then so are the fields below)")
    game_name: str | None = Field(description="The game's name")
    players: int | None = Field(description="Players per game")
    bots: list[str] = Field(description="The line-up")
    games: int | None = Field(description="Games per configuration")
    configurations: list[str] = Field(description="`base`, then each swept value "
                                      "(`fairy=auto`)")
    hidden_information: bool = Field(description="Whether it measures the value of hidden "
                                     "information (cheat-mcts against ismcts)")



ASSET_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}\.(js|css|svg)")
ASSET_TYPES = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
               "svg": "image/svg+xml"}


def board_assets(plugin: GamePlugin) -> dict[str, str | None] | None:
    """Where the pages find a game's own drawing (`GamePlugin.web`): its script, and its
    style if it ships one; None when it ships no script (the pages then draw it with the
    generic renderer)."""
    folder = plugin.web_folder()
    if folder is None or not folder.joinpath("board.js").is_file():
        return None
    base = f"/static/games/{plugin.id}"
    style = f"{base}/board.css" if folder.joinpath("board.css").is_file() else None
    return {"script": f"{base}/board.js", "style": style}


def add_pages(app: FastAPI, reports: Path | None) -> None:
    """Mount the pages, their static files and the page-only API on `app`."""
    add_languages(app)
    add_howto_routes(app)  # issue 32: how to play, before the rulings

    @app.get("/static/games/{game_id}/{name}", include_in_schema=False)
    async def game_asset(game_id: str, name: str, request: Request) -> Response:
        """A file of a game plug-in's own drawing (its package's web folder), by a plain
        name only: nothing outside that folder can be asked for. Read once; browsers
        revalidate it by its ETag."""
        found = _game_asset(game_id, name)
        if found is None:
            raise ApiError(404, "not_found", say("no file {name} for game {game}",
                                                 name=repr(name), game=repr(game_id)))
        content, kind, tag = found
        headers = {"Cache-Control": "no-cache", "ETag": tag}
        if request.headers.get("if-none-match") == tag:
            return Response(status_code=304, headers=headers)
        return Response(content, media_type=ASSET_TYPES[kind], headers=headers)

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon(request: Request) -> Response:
        """The site's icon (an SVG), where browsers look for it unasked — on a report
        page, on a refusal; the pages link it too — kept a day, then revalidated by its
        ETag."""
        content, tag = _icon()
        headers = {"Cache-Control": f"public, max-age={ICON_SECONDS}", "ETag": tag}
        if request.headers.get("if-none-match") == tag:
            return Response(status_code=304, headers=headers)
        return Response(content, media_type="image/svg+xml", headers=headers)

    @app.middleware("http")
    async def security_headers(request: Request,
                               call_next: Callable[[Request], Awaitable[Response]]
                               ) -> Response:
        response = await call_next(request)
        report_page = request.url.path.startswith("/reports/files/")
        response.headers.setdefault("Content-Security-Policy",
                                    REPORT_POLICY if report_page else PAGE_POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Frame-Options", "DENY")
        return response

    for path, page in (("/", "index.html"), ("/play/{table_id}", "table.html"),
                       ("/watch/{table_id}", "table.html"), ("/replay/{table_id}",
                                                             "replay.html"),
                       ("/rules/{game_id}", "rules.html"), ("/rules", "rules.html"),
                       ("/reports", "reports.html"), ("/docs", "docs.html"),
                       ("/account", "account.html"), ("/players/{username}",
                                                      "profile.html")):
        app.add_api_route(path, _page(page), methods=["GET"], include_in_schema=False,
                          response_class=HTMLResponse)

    @app.get("/api/games/{game_id}/rules")
    async def rules(game_id: str, request: Request) -> dict[str, Any]:
        """A game's rulings (ids first) and variants: the same data as `albion rules`, in
        the language of `?lang=` (en, fr, de), else the reader's (cookie, Accept-Language)."""
        try:
            return _rules(game_id, page_language(request))
        except AlbionError as problem:
            raise ApiError.of(404, "unknown_game", problem) from None

    @app.get("/rules/{game_id}/rulebook/{lang}", include_in_schema=False)
    async def rulebook(game_id: str, lang: str) -> Response:
        """A game's rulebook as published, in a language it exists in (issue 29; the
        rules API lists them under `rulebooks`)."""
        try:
            found = rulebook_files(get_plugin(game_id)).get(lang)
        except AlbionError as problem:
            raise ApiError.of(404, "unknown_game", problem) from None
        if found is None:
            raise ApiError(404, "not_found", say("no {lang} rulebook of {game}",
                                                 lang=repr(lang), game=repr(game_id)))
        return Response(found.read_bytes(), media_type="text/plain; charset=utf-8",
                        headers={"Content-Language": lang, "Cache-Control": "no-cache"})

    @app.get("/api/reports")
    async def report_list() -> list[ReportSummary]:
        """The balance reports under `albion serve --reports DIR` (each a folder with the
        report.html that `albion report` wrote), newest first: each with its game, when
        it was written and what it holds (from its report.json)."""
        return await asyncio.to_thread(_reports, reports)

    @app.get("/reports/files/{path:path}", include_in_schema=False)
    async def report_file(path: str, request: Request) -> Response:
        """A file of a report; a folder means its report.html. A page is served in the
        reader's language (issue 29: a report's page drawn again from its report.json)
        with the site's header on top: the way back to the reports and the lobby."""
        found = _report_file(reports, path)
        if found is None:
            raise ApiError(404, "not_found", say("no report file {path}", path=repr(path)))
        if found.suffix.lower() not in (".html", ".htm"):
            return FileResponse(found)
        lang = page_language(request)
        response = HTMLResponse(await asyncio.to_thread(report_page, found, lang),
                                headers={"Vary": "Accept-Language, Cookie",
                                         "Content-Language": lang,
                                         "Cache-Control": "no-cache"})
        if supported(request.query_params.get("lang")) == lang:  # a link's choice, kept
            response.set_cookie(COOKIE, lang, max_age=365 * 86_400, samesite="lax")
        return response


@lru_cache(maxsize=64)
def _game_asset(game_id: str, name: str) -> tuple[bytes, str, str] | None:
    """The bytes, kind and ETag of a game's web asset, or None (unknown game, no web
    folder, a name that is not a plain file name of the folder). Read once per process:
    a plug-in's files change with its version, which a restart brings."""
    match = ASSET_NAME.fullmatch(name)
    if match is None:
        return None
    try:
        folder = get_plugin(game_id).web_folder()
    except AlbionError:
        return None
    if folder is None or not folder.joinpath(name).is_file():
        return None
    content = folder.joinpath(name).read_bytes()
    return content, match.group(1), f'"{hashlib.blake2b(content, digest_size=12).hexdigest()}"'


@cache
def _icon() -> tuple[bytes, str]:
    content = (WEB / "img" / "icon.svg").read_bytes()
    return content, f'"{hashlib.blake2b(content, digest_size=12).hexdigest()}"'


def _page(name: str) -> Callable[[Request], Awaitable[HTMLResponse]]:
    async def page(request: Request) -> HTMLResponse:
        return page_response(WEB / name, request)
    page.__name__ = f"page_{name.removesuffix('.html')}"
    return page


@lru_cache(maxsize=32)
def _rules(game_id: str, lang: str) -> dict[str, Any]:
    """A game's rulings and variants, their words in `lang` (issue 29; the ids stay)."""
    game = get_game(game_id)
    text = translator(lang).text
    return {
        "id": game.id, "name": game.name, "summary": text(game.summary), "lang": lang,
        "min_players": game.min_players, "max_players": game.max_players,
        "rulings": [{"id": ruling.id, "title": text(ruling.title), "text": text(ruling.text),
                     "sources": [source.value for source in ruling.sources],
                     "ours": Source.HOUSE in ruling.sources or Source.PROJECT in ruling.sources,
                     "variant_keys": list(ruling.variant_keys)}
                    for ruling in game.rulings],
        "variants": [{"key": option.key, "default": option.default, "ruling": option.ruling,
                      "summary": text(option.summary), "allowed": option.allowed_text(),
                      "choices": [{"value": choice, "meaning": text(option.meaning(choice))}
                                  for choice in option.choices]}
                     for option in game.variant_options],
        "rulebooks": [{"lang": code, "name": LANGUAGES.get(code, code),
                       "url": f"/rules/{game.id}/rulebook/{code}"}
                      for code in rulebook_files(get_plugin(game_id))],
    }


def _report_file(root: Path | None, path: str) -> Path | None:
    """`path` under `root` (never outside it), a folder standing for its report.html."""
    if root is None or not root.is_dir():
        return None
    base = root.resolve()
    wanted = (base / path).resolve()
    if not wanted.is_relative_to(base):
        return None
    if wanted.is_dir():
        wanted = wanted / "report.html"
    return wanted if wanted.is_file() else None


def _reports(root: Path | None) -> list[ReportSummary]:
    if root is None or not root.is_dir():
        return []
    found = [page.parent for page in root.glob("**/report.html")]
    found.sort(key=lambda folder: (folder / "report.html").stat().st_mtime, reverse=True)
    return [_report_summary(root, folder) for folder in found[:200]]


def _report_summary(root: Path, folder: Path) -> ReportSummary:
    """A report's folder described: its name and page, and what its report.json says."""
    written = datetime.fromtimestamp((folder / "report.html").stat().st_mtime, UTC)
    facts = report_facts(folder / "report.json")
    game = facts.get("game") if isinstance(facts.get("game"), str) else None
    configurations = facts.get("configurations")
    return ReportSummary(
        name=str(folder.relative_to(root)) if folder != root else root.name,
        url="/reports/files/" + (f"{folder.relative_to(root).as_posix()}/"
                                 if folder != root else ""),
        written=written.isoformat(timespec="seconds"),
        game=game, game_name=_game_name(game),
        players=_int_or_none(facts.get("players")),
        bots=[str(bot) for bot in facts.get("bots") or [] if isinstance(bot, str)],
        games=_int_or_none(facts.get("games_per_configuration")),
        configurations=[str(entry["label"]) for entry in configurations or []
                        if isinstance(entry, dict) and isinstance(entry.get("label"), str)]
        if isinstance(configurations, list) else [],
        hidden_information=isinstance(facts.get("hidden_information_value"), dict))


def _game_name(game_id: str | None) -> str | None:
    if game_id is None:
        return None
    try:
        return get_game(game_id).name
    except AlbionError:
        return None  # a game this server does not have: its id says enough


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
