"""The web UI: static pages and scripts served by crupier itself (no build step, no CDN).

Every screen is one page, ``static/index.html``, whose ES modules render it in the
browser from the JSON views the API sends (REST for the first load, then the table's
WebSocket). :func:`mount` is the one entry point the server calls: it serves
``static/`` at ``/static`` and the page at each screen's address (``/``, ``/login``,
``/table/{id}``, ``/pit``, ``/cashier``, ``/inspector``), so a person can bookmark or
reload any screen. See ``docs/ui.md``.

>>> sorted(p for p in SCREENS if not p.startswith("/table"))
['/', '/cashier', '/inspector', '/login', '/pit']
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).parent / "static"

#: The addresses of the screens; each serves the one page that renders them.
SCREENS = ("/", "/login", "/table/{table_id}", "/pit", "/cashier", "/inspector")

#: Pages and modules are revalidated on every load (a new release is seen at once);
#: the server answers 304 when nothing changed.
NO_STALE = {"Cache-Control": "no-cache"}


class _Static(StaticFiles):
    """``StaticFiles`` that asks the browser to revalidate (``no-cache``)."""

    async def get_response(self, path, scope):  # type: ignore[no-untyped-def]
        response = await super().get_response(path, scope)
        response.headers.setdefault("Cache-Control", "no-cache")
        return response


def page() -> FileResponse:
    """The page every screen's address answers with."""
    return FileResponse(STATIC / "index.html", headers=NO_STALE)


def mount(app: FastAPI) -> None:
    """Serve ``static/`` at ``/static`` and the page at every screen's address."""
    app.mount("/static", _Static(directory=STATIC), name="static")
    for path in SCREENS:
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)
