"""``crupier serve``: open (or create) the casino, print where it is and who may log in, serve."""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from pathlib import Path

#: The collector's thresholds while serving (generation 0 allocations, then collections of
#: the younger generation before an older one is collected). Python's default (700, 10, 10)
#: collects the young generation every 700 net allocations of container objects, which a
#: busy table reaches many times a second; with larger thresholds the collector runs less
#: often (see docs/server.md, "Load benchmark").
GC_THRESHOLDS = (20_000, 20, 20)

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
    """Move what the server built at its start (the casino's books, engines and
    projections, the modules) out of the collector's generations, collect less often, and
    hand the interpreter between threads sooner (:data:`SWITCH_INTERVAL`).

    Those objects live as long as the server; frozen (:func:`gc.freeze`), a full collection
    no longer walks them, so its pause depends on what the tables created since, not on the
    size of the books.

    >>> import gc
    >>> import sys
    >>> before, interval = gc.get_threshold(), sys.getswitchinterval()
    >>> settle_collector()
    >>> gc.get_threshold() == GC_THRESHOLDS and gc.get_freeze_count() > 0
    True
    >>> sys.getswitchinterval() == SWITCH_INTERVAL
    True
    >>> gc.unfreeze(); gc.set_threshold(*before); sys.setswitchinterval(interval)
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    sys.setswitchinterval(SWITCH_INTERVAL)
