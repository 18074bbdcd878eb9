"""The casino: every operations module combined over one ledger.

>>> import tempfile, pathlib
>>> from crupier.ledger import Ledger, SigningKey
>>> url = "sqlite:///" + str(pathlib.Path(tempfile.mkdtemp()) / "casino.db")
>>> casino = Casino(Ledger(url, SigningKey.generate()))
>>> casino.config.name
'CAS-T'
"""

from __future__ import annotations

from crupier.casino.base import CasinoConfig, Keyring
from crupier.casino.cage import CageOps
from crupier.casino.clock import Clock, SystemClock, utc_text
from crupier.casino.equipment import EquipmentOps
from crupier.casino.events import EventOps
from crupier.casino.live import LiveOps
from crupier.casino.logins import LoginOps
from crupier.casino.players import PlayerOps
from crupier.casino.poker_chips import PokerChipsOps
from crupier.casino.registers import RegisterOps
from crupier.casino.slots import SlotOps
from crupier.casino.staff import StaffOps
from crupier.casino.tables import TableOps
from crupier.ledger import Ledger, SigningKey


class Casino(
    PokerChipsOps,
    LiveOps,
    CageOps,
    TableOps,
    StaffOps,
    RegisterOps,
    EquipmentOps,
    PlayerOps,
    SlotOps,
    LoginOps,
    EventOps,
):
    """A casino and its books. See :class:`~crupier.casino.base.CasinoBase`."""


def open_casino(
    url: str,
    casino_key: SigningKey | None,
    *,
    clock: Clock | None = None,
    keyring: Keyring | None = None,
    config: CasinoConfig | None = None,
    terminal: str = "server",
) -> Casino:
    """Open (or create) the casino whose books are the ledger at ``url``.

    The ledger's ``recorded_at`` follows the casino clock, so a simulated day (tests,
    ``crupier demo-day``) is recorded at its simulated times; production uses the
    server clock for both.
    """
    the_clock = clock or SystemClock()
    ledger = Ledger(url, casino_key, now=lambda: utc_text(the_clock.now()))
    return Casino(ledger, keyring=keyring, clock=the_clock, config=config, terminal=terminal)
