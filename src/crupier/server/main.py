"""``crupier serve``: open (or create) the casino, print where it is and who may log in, serve."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path


def serve(
    db: str | None,
    *,
    host: str,
    port: int,
    data_dir: Path,
    echo: Callable[[str], object] = print,
) -> None:
    """Open the casino of ``db`` (or the data folder's SQLite) and serve it with uvicorn."""
    import uvicorn

    from crupier.server.app import create_app
    from crupier.server.setup import open_server_casino

    opened = open_server_casino(db, data_dir)
    if opened.created:
        echo(f"Created the demo casino {opened.casino.config.name} in {db or data_dir}.")
        for note in opened.notes:
            echo(f"  note: {note}")
        echo("Demo logins (username / password):")
        for username, password, who in opened.logins:
            echo(f"  {username:<14} {password:<20} {who}")
    else:
        echo(f"Reopened {opened.casino.config.name} from its books ({db or data_dir}).")
    app = create_app(opened)
    echo(f"Serving on http://{host}:{port}/  (API documentation: http://{host}:{port}/docs)")
    # Frames are small JSON views on a casino's own network: compressing each one costs more
    # CPU than it saves.
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_per_message_deflate=False)
