"""The pages' language (issue 29): `?lang=` when a link names one, else the reader's
remembered choice (the `albion_lang` cookie the language menu sets), else the browser's
`Accept-Language`, else English. The server writes it into the page's `<html lang>`; the
page then loads that language's catalogue from `/i18n/<lang>.json`."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from fastapi import FastAPI, Request, Response
from fastapi.responses import HTMLResponse

from albion.core.words import say
from albion.i18n import LANGUAGES, PSEUDO, negotiate, supported, translator
from albion.server.errors import ApiError

COOKIE = "albion_lang"
CATALOGUE_SECONDS = 300
"""How long a browser keeps a language's catalogue before revalidating it."""


def page_language(request: Request) -> str:
    """The language `request`'s page is written in."""
    for chosen in (request.query_params.get("lang"), request.cookies.get(COOKIE)):
        found = supported(chosen)
        if found:
            return found
    return negotiate(request.headers.get("accept-language"))


@cache
def _catalogue_json(lang: str) -> bytes:
    return json.dumps(translator(lang).messages_json(), ensure_ascii=False,
                      separators=(",", ":")).encode()


@cache
def _page_text(path: Path, lang: str) -> str:
    text = path.read_text(encoding="utf-8")
    said = translator(lang)
    return (text.replace('<html lang="en">', f'<html lang="{lang}">', 1)
            .replace("Albion's pages need JavaScript.",
                     said.text("Albion's pages need JavaScript.")))


def page_response(path: Path, request: Request) -> HTMLResponse:
    """The page at `path` in its reader's language (the choice in a link is remembered)."""
    lang = page_language(request)
    response = HTMLResponse(_page_text(path, lang), headers={"Vary": "Accept-Language, Cookie",
                                                             "Cache-Control": "no-cache"})
    if supported(request.query_params.get("lang")) == lang:
        response.set_cookie(COOKIE, lang, max_age=365 * 86_400, samesite="lax")
    return response


def add_languages(app: FastAPI) -> None:
    """`GET /i18n/<lang>.json`: a language's catalogue for the pages; `GET /api/languages`:
    the languages Albion speaks."""

    @app.get("/i18n/{lang}.json", include_in_schema=False)
    async def catalogue(lang: str) -> Response:
        if lang not in LANGUAGES and lang != PSEUDO:
            raise ApiError(404, "unknown_language", say(
                "no language {lang}; Albion speaks {languages}", lang=repr(lang),
                languages=", ".join(LANGUAGES)))
        return Response(_catalogue_json(lang), media_type="application/json",
                        headers={"Cache-Control": f"public, max-age={CATALOGUE_SECONDS}"})

    @app.get("/api/languages")
    async def languages(request: Request) -> dict[str, object]:
        """The languages Albion speaks (code: name in itself) and the one this request
        would read."""
        return {"languages": LANGUAGES, "chosen": page_language(request)}
