"""The cashier's window: chips sold to players and bought back from them at the cage.

A player who wants chips away from a table buys them at the cashier's window, for cash,
a cheque or a card; a player leaving with chips sells them back there for cash (or a
cheque). Each sale and each buy-back is one ``JNL.CHIP_SALE`` / ``JNL.CHIP_BUYBACK``
entry signed by the cashier: the player, the chips by denomination (registered
denominations only, OPS-BK-03) and their total, how the player paid or was paid and its
reference. Who may is the permission matrix's row 36 (the cashier creates; the
direction and the CRAJ read). The day's cage position (chips out against cash, cheques
and cards in) is a projection of those entries (:meth:`CageOps.cage_day`).

The operations spec names the cage (*caixa del casino*) but not its chip sales: the row,
the entries and the payment forms are this project's DEFAULT (docs/server.md).

>>> PAYMENTS
('CASH', 'CHEQUE', 'CARD')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from crupier.casino.base import projects, query
from crupier.casino.errors import Code, OpsError
from crupier.casino.roles import Op
from crupier.casino.tables import TableOps, chip_count
from crupier.i18n import N_
from crupier.ledger import Entry

#: How a player pays for chips at the window (a buy-back is paid in cash or by cheque).
PAYMENTS = ("CASH", "CHEQUE", "CARD")
BUYBACK_PAYMENTS = ("CASH", "CHEQUE")


@dataclass
class CageDay:
    """The cage's chip movements of one gaming day (cents)."""

    sold: int = 0
    bought_back: int = 0
    by_payment: dict[str, int] = field(default_factory=dict)
    """What came in for chips sold, by form of payment."""
    entries: list[int] = field(default_factory=list)

    @property
    def net_chips_out(self) -> int:
        """Chips in players' hands from the window: sold less bought back."""
        return self.sold - self.bought_back


class CageOps(TableOps):
    """Chip sales and buy-backs at the cashier's window (matrix row 36)."""

    def _init_state(self) -> None:
        self.cage: dict[str, CageDay] = {}

    def _cage_entry(
        self,
        etype: str,
        player: str,
        chips: Mapping[int, int],
        *,
        by: str,
        payment: str,
        reference: str | None,
        allowed: tuple[str, ...],
    ) -> Entry:
        role = self.authorise(Op.CHIP_SALES, by, "C")  # who may, before anything else
        day = self.current_day()
        if day is None or day.state != "OPEN":
            raise OpsError(Code.DAY_NOT_OPEN, N_("no gaming day is open"))
        if not isinstance(player, str) or not player.strip():
            raise OpsError(Code.MISSING_FIELDS, N_("name the player"))
        if payment not in allowed:
            raise OpsError(
                Code.MALFORMED_REQUEST,
                N_(
                    "payment {payment!r} is not one of {allowed}",
                    payment=payment,
                    allowed=", ".join(allowed),
                ),
            )
        if payment != "CASH" and not (reference or "").strip():
            raise OpsError(
                Code.MISSING_FIELDS, N_("a {lower} needs its reference", lower=payment.lower())
            )
        count = chip_count(dict(chips), self.config.denominations)
        if count["total"] <= 0:
            raise OpsError(Code.MALFORMED_REQUEST, N_("no chips in the operation"))
        data: dict[str, Any] = {
            "player": player.strip(),
            "payment": payment,
            "reference": (reference or "").strip() or None,
            **count,
        }
        return self.record(
            "JNL", etype, data, by=by, role=role, purpose="AUTHOR", gaming_day=day.date
        )

    def sell_chips(
        self,
        player: str,
        chips: Mapping[int, int],
        *,
        by: str,
        payment: str = "CASH",
        reference: str | None = None,
    ) -> Entry:
        """The cashier ``by`` sells ``chips`` (denomination -> count) to ``player``, paid
        by ``payment`` (a cheque or card with its ``reference``): a ``JNL.CHIP_SALE``."""
        return self._cage_entry(
            "CHIP_SALE", player, chips, by=by, payment=payment, reference=reference,
            allowed=PAYMENTS,
        )  # fmt: skip

    def buy_back_chips(
        self,
        player: str,
        chips: Mapping[int, int],
        *,
        by: str,
        payment: str = "CASH",
        reference: str | None = None,
    ) -> Entry:
        """The cashier ``by`` buys ``chips`` back from ``player`` for cash (or a cheque
        with its ``reference``): a ``JNL.CHIP_BUYBACK``."""
        return self._cage_entry(
            "CHIP_BUYBACK", player, chips, by=by, payment=payment, reference=reference,
            allowed=BUYBACK_PAYMENTS,
        )  # fmt: skip

    @projects("JNL.CHIP_SALE", "JNL.CHIP_BUYBACK")
    def _on_cage(self, entry: Entry) -> None:
        payload = entry.payload
        data = payload["data"]
        day = self.cage.setdefault(str(payload.get("gaming_day")), CageDay())
        total = int(data["total"])
        if payload["type"] == "CHIP_SALE":
            day.sold += total
            day.by_payment[data["payment"]] = day.by_payment.get(data["payment"], 0) + total
        else:
            day.bought_back += total
        day.entries.append(entry.seq)

    @query
    def cage_day(self, date: str) -> dict[str, Any]:
        """The cage's chip movements of gaming day ``date``: chips sold (and what came in,
        by form of payment), bought back, the net in players' hands, and each operation."""
        day = self.cage.get(date, CageDay())
        operations = []
        for seq in day.entries:
            payload = self.ledger.get(seq).payload
            data = payload["data"]
            operations.append(
                {
                    "seq": seq,
                    "type": payload["type"],
                    "local_time": payload.get("local_time"),
                    "by": payload["author"]["id"],
                    **{k: data[k] for k in ("player", "payment", "reference", "chips", "total")},
                }
            )
        return {
            "date": date,
            "sold": day.sold,
            "bought_back": day.bought_back,
            "net_chips_out": day.net_chips_out,
            "by_payment": dict(day.by_payment),
            "operations": operations,
        }
