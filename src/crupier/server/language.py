"""The language of each person at the server: chosen, asked for, or the casino's.

A logged-in person's own choice (kept with the login, ``POST /api/me/language``) comes
first; a visitor gets the first of crupier's languages the browser asks for
(``Accept-Language``); then the casino's language (its configuration's ``language``);
then English. The browser's ``t()`` reads the chosen language's catalogue from
``GET /api/i18n/{lang}``. Error codes and field names never change with the language.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict
from starlette.requests import HTTPConnection

from crupier.i18n import LANGUAGES, N_, NAMES, choose, from_accept_language, messages, normalise
from crupier.server.auth import COOKIE

router = APIRouter()


def casino_language(request: HTTPConnection) -> str | None:
    """The casino's configured language (``None``: it names none)."""
    config = request.app.state.opened.casino.config
    return normalise(getattr(config, "language", None))


def request_language(request: HTTPConnection) -> str:
    """The language to answer ``request`` in (see the module's order)."""
    return language_and_source(request)[0]


def language_and_source(request: HTTPConnection) -> tuple[str, str]:
    """The language of ``request`` and where it comes from: ``user`` (the person's choice),
    ``browser`` (Accept-Language), ``casino`` (its configuration) or ``default`` (English)."""
    opened = request.app.state.opened
    session = opened.auth.session(request.cookies.get(COOKIE))
    if session is not None:
        chosen = normalise(opened.auth.language(session.account.username))
        if chosen is not None:
            return chosen, "user"
    browser = from_accept_language(request.headers.get("accept-language"))
    if browser is not None:
        return browser, "browser"
    casino = casino_language(request)
    if casino is not None:
        return casino, "casino"
    return choose(None), "default"


class LanguageBody(BaseModel):
    """``{"language": "ca"}``."""

    model_config = ConfigDict(extra="forbid")
    language: str


@router.get("/api/language", tags=["languages"])
def language_of(request: Request) -> dict[str, Any]:
    """The language this request is answered in, where that comes from (``user``, ``browser``,
    ``casino``, ``default``), and every language offered (by its own name)."""
    lang, source = language_and_source(request)
    return {
        "language": lang,
        "source": source,
        "languages": [{"code": c, "name": NAMES[c]} for c in LANGUAGES],
    }


@router.get("/api/i18n/{lang}", tags=["languages"])
def catalogue(lang: str) -> dict[str, Any]:
    """The messages of ``lang`` for the browser: ``{"language", "messages": {id: text}}``."""
    from crupier.server.errors import ApiError

    if lang not in LANGUAGES:
        raise ApiError(404, "UNKNOWN_LANGUAGE", N_("no language {lang}; known: {known}"),
                       lang=repr(lang), known=", ".join(LANGUAGES))  # fmt: skip
    return {"language": lang, "messages": messages(lang)}


@router.post("/api/me/language", tags=["languages"])
def set_language(body: LanguageBody, request: Request) -> dict[str, Any]:
    """Keep the logged-in person's language with their login."""
    from crupier.server.app import current_session
    from crupier.server.errors import ApiError

    session = current_session(request)
    if body.language not in LANGUAGES:
        raise ApiError(422, "UNKNOWN_LANGUAGE", N_("no language {lang}; known: {known}"),
                       lang=repr(body.language), known=", ".join(LANGUAGES))  # fmt: skip
    request.app.state.opened.auth.set_language(session.account.username, body.language)
    return {"language": body.language}
