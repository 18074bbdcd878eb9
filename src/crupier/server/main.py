"""``crupier serve``: open (or create) the casino, print where it is and who may log in, serve."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

#: How long (seconds) a thread holding the interpreter runs before one waiting for it is let
#: in, while serving (Python's default: 5 ms). The tables' writer thread gives the interpreter
#: up at every signature (libsodium through cffi) and every database call, and must then win it
#: back from the event loop: with 5 ms a batch of bets could wait several such turns behind a
#: busy loop before its commit (a bet's acknowledgement with it); see docs/server.md.
SWITCH_INTERVAL = 0.0005


def serve(
    db: str | None,
    *,
    host: str,
    port: int,
    data_dir: Path,
    echo: Callable[[str], object] = print,
) -> None:
    """Open the casino of ``db`` (or the data folder's SQLite) and serve it with uvicorn.

    The start-up lines are in the language in force (``crupier --lang ca serve``).
    """
    import uvicorn

    from crupier.i18n import gettext as _
    from crupier.server.app import create_app
    from crupier.server.setup import KeysMissing, open_server_casino

    try:
        opened = open_server_casino(db, data_dir)
    except KeysMissing as exc:
        raise SystemExit(f"crupier serve: {exc}") from None
    if opened.created:
        echo(
            _("Created the demo casino {name} in {where}.").format(
                name=opened.casino.config.name, where=db or data_dir
            )
        )
        for note in opened.notes:
            echo("  " + _("note: {note}").format(note=_(note)))
        echo(_("Demo logins (username / password):"))
        for username, password, who in opened.logins:
            echo(f"  {username:<14} {password:<20} {_(who)}")
    else:
        echo(
            _("Reopened {name} from its books ({where}).").format(
                name=opened.casino.config.name, where=db or data_dir
            )
        )
    app = create_app(opened)
    settle_collector()
    # The fixtures that start a server read the URL of this line, not its words.
    url = f"http://{host}:{port}/"
    echo(_("Serving on {url}  (API documentation: {url}docs)").format(url=url))
    # Frames are small JSON views on a casino's own network: compressing each one costs more
    # CPU than it saves.
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_per_message_deflate=False)


def settle_collector() -> None:
    """Collect less often and never walk the books (:mod:`crupier.server.collector`), and
    hand the interpreter between threads sooner (:data:`SWITCH_INTERVAL`).

    >>> import gc
    >>> from crupier.server import collector
    >>> before, interval = gc.get_threshold(), sys.getswitchinterval()
    >>> settle_collector()
    >>> gc.get_threshold() == collector.GC_THRESHOLDS and gc.get_freeze_count() > 0
    True
    >>> sys.getswitchinterval() == SWITCH_INTERVAL
    True
    >>> collector.unsettle(before); sys.setswitchinterval(interval)
    """
    from crupier.server import collector

    collector.settle()
    sys.setswitchinterval(SWITCH_INTERVAL)
