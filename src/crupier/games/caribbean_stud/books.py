"""The progressive pool of stud poker in the casino's books.

A progressive authorised by the CRAJ is common to several tables (000 10 VII.d): the casino
registers it (:meth:`~crupier.casino.tables.TableOps.add_progressive_pool`) and books one
``PROGRESSIVE_MOVEMENT`` per pool per session (OPS-BK-10): the stakes collected, the
authorised deduction, the prizes paid, the balance carried over. Each table's engine keeps the
session's totals (``pool_stakes``, ``pool_paid`` of
:class:`~crupier.games.caribbean_stud.engine.StudState`); :func:`shared_meter` reads the pool's
meter across its tables (the balance in the books plus every table's movements of the session
not yet booked), which a table enters with :class:`~crupier.games.caribbean_stud.SetMeter`
before a round, and :func:`book_pool` books the session's movement of all the pool's tables.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from crupier.core.money import deduction
from crupier.games.caribbean_stud.engine import StudState

if TYPE_CHECKING:
    from crupier.casino import Casino
    from crupier.ledger import Entry


def session_movements(casino: Casino, pool_id: str) -> tuple[int, int]:
    """(stakes, prizes) of the current session at the pool's open tables, from their engines.

    A table whose session is not open has no movements to add; its last session's were
    booked with that session.
    """
    pool = casino.pools[pool_id]
    stakes = paid = 0
    for table_id in pool["tables"]:
        if casino.tables[table_id].session is None:
            continue
        engine: Any = casino.engine(table_id)
        state = None if engine is None else engine.state
        if isinstance(state, StudState):
            stakes += state.pool_stakes
            paid += state.pool_paid
    return stakes, paid


def shared_meter(casino: Casino, pool_id: str) -> int:
    """The meter of the pool shared by its tables: the balance booked, plus this session's
    stakes less the deduction the books will take (rounded down, as they do), less this
    session's prizes. Before the session's movement is booked only."""
    pool = casino.pools[pool_id]
    stakes, paid = session_movements(casino, pool_id)
    rate = Fraction(pool["deduction_rate"])
    balance: int = pool["balance"]
    return balance + stakes - deduction(stakes, rate, "down") - paid


def book_pool(casino: Casino, pool_id: str, table_id: str, *, by: str, cashier: str) -> Entry:
    """Book the session's movement of the pool (all its tables together, OPS-BK-10) in the
    results book of ``table_id``, signed by its table chief ``by`` and the ``cashier``."""
    stakes, paid = session_movements(casino, pool_id)
    return casino.progressive_movement(
        pool_id, table_id, by=by, cashier=cashier, contributions=stakes, payouts=paid
    )


__all__ = ["book_pool", "session_movements", "shared_meter"]
