"""Casino operations and the regulatory books, kept on the signed ledger.

See ``docs/casino.md``. The public surface: :class:`Casino`, :class:`CasinoConfig`,
:class:`GameAuthorisation`, :class:`Keyring`, :class:`OpsError` and its :class:`Code`, the clocks and roles.
"""

from crupier.casino.base import CasinoConfig, GameAuthorisation, Keyring
from crupier.casino.casino import Casino
from crupier.casino.clock import ManualClock, SystemClock, parse_local
from crupier.casino.errors import Code, OpsError
from crupier.casino.model import Kind, TableState
from crupier.casino.roles import Op, Role

__all__ = [
    "Casino",
    "CasinoConfig",
    "Code",
    "GameAuthorisation",
    "Keyring",
    "Kind",
    "ManualClock",
    "Op",
    "OpsError",
    "Role",
    "SystemClock",
    "TableState",
    "parse_local",
]
