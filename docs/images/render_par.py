"""Write a game's PAR report in Catalan and take a picture of its first screen (Playwright's
Chromium), to look at it and to refresh the picture in docs/i18n.md.

    python docs/images/render_par.py [GAME] [OUTPUT_PNG]
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

game = sys.argv[1] if len(sys.argv) > 1 else "casino-war"
out = Path(sys.argv[2] if len(sys.argv) > 2 else f"docs/images/par-ca/{game}.png").resolve()
with tempfile.TemporaryDirectory() as work:
    subprocess.run(
        ["crupier", "--lang", "ca", "report", game, "--out", work, "--simulate", "0"], check=True
    )
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        page = browser.new_page(viewport={"width": 1000, "height": 1400})
        page.goto((Path(work) / f"{game}.html").as_uri())
        page.screenshot(path=str(out))
        browser.close()
print(out)
