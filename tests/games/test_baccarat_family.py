"""The baccarat family's shared mechanics, and its drawing tables written only in the profiles.

Punto banco (07), chemin de fer (08) and two-table baccarat (09) read the banker's table
from their TOML profiles and nowhere else: changing a cell of the profile changes what
the engine deals, and no Python default exists to drift from it.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from crupier.core.cards import Card
from crupier.core.errors import MalformedAction, ProfileError
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet
from crupier.core.profile import merge, validate_profile
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games import baccarat_two_tables as b2t
from crupier.games import chemin_de_fer as cf
from crupier.games import punto_banco as pb
from crupier.games.baccarat.cards import burn_value, hand_total, point_value
from crupier.games.baccarat.drawing import banker_cell, check_banker_table
from crupier.games.baccarat.shoe import ShoeRules, open_shoe
from crupier.games.catalogue import load_profile


def _cell(table: dict[str, Any], total: int, third: int, letter: str) -> dict[str, Any]:
    """``table`` (a TOML banker table) with one cell changed."""
    rows = dict(table["value"])
    row = rows[str(total)]
    rows[str(total)] = row[: third + 1] + letter + row[third + 2 :]
    return {**table, "value": rows}


def _punto_banco(**rules: Any) -> pb.PuntoBancoProfile:
    raw = pb.raw_profile()
    raw.pop("extends", None)
    return validate_profile(pb.PuntoBancoProfile, merge(raw, {"rules": rules}))


def _deal(profile: pb.PuntoBancoProfile, cards: tuple[str, ...]) -> Any:
    game = pb.PuntoBanco(profile, SeededSource(7))
    game.apply(pb.NewShoe(live=True, burn=("3h", "2c", "9d", "Kc")))
    game.apply(BuyIn(player="ana", amount=100_000))
    game.apply(PlaceBet(player="ana", spot="banca", amount=10_000, by=Role.PLAYER))
    game.apply(NoMoreBets())
    return game.apply(pb.Deal(cards=cards))


def _burnt_by_the_rules(record: Any) -> bool:
    return any("dealt to no hand by the rules" in getattr(e, "text", "") for e in record.events)


def test_punto_banco_deals_by_the_profile_table() -> None:
    # Punt 2+3 = 5 draws an 8; Banca 3 (Kh 3d) stands on a third card of 8 by the standard
    # table (row 3, "TTTTTTTTTPT"): of six cards entered the sixth goes to no hand.
    six = ("2h", "Kh", "3s", "3d", "8c", "4c")
    standard = pb.load_builtin()
    assert standard.rules.banker_table[3][9] == "P"
    assert _burnt_by_the_rules(_deal(standard, six))
    # the same cell edited in the profile: Banca draws the sixth card, and five are too few
    edited = _punto_banco(banker_table=_cell(pb.raw_profile()["rules"]["banker_table"], 3, 8, "T"))
    assert not _burnt_by_the_rules(_deal(edited, six))
    with pytest.raises(MalformedAction, match="needs more cards"):
        _deal(edited, six[:5])


def test_punto_banco_has_no_python_copy_of_its_tables() -> None:
    assert not hasattr(pb.coup, "BANKER_TABLE") and not hasattr(pb.coup, "PLAYER_DRAWS")
    with pytest.raises(ValidationError):
        pb.PuntoBancoRules()  # type: ignore[call-arg]  # the tables come from a profile
    raw = pb.raw_profile()
    raw.pop("extends", None)
    del raw["rules"]["banker_table"]
    with pytest.raises(ProfileError, match="banker_table"):
        validate_profile(pb.PuntoBancoProfile, raw)


def test_chemin_de_fer_reads_its_tables_from_the_profile() -> None:
    standard = cf.load_builtin().rules
    assert cf.punto_cell(standard, 5) is cf.Cell.OPTIONAL
    assert cf.banker_must(standard, cf.Mode.TABLE, 4, 1) is False
    raw = cf.raw_profile()
    raw.pop("extends", None)
    raw["rules"]["punto_table"] = {**raw["rules"]["punto_table"], "value": "TTTTTPPP"}
    raw["rules"]["banker_table"] = _cell(raw["rules"]["banker_table"], 4, 1, "T")
    edited = validate_profile(cf.CheminDeFerProfile, raw).rules
    assert cf.punto_cell(edited, 5) is cf.Cell.STAND
    assert cf.banker_must(edited, cf.Mode.TABLE, 4, 1) is True
    assert not hasattr(cf.profile, "BANKER_TABLE") and not hasattr(cf.profile, "PUNTO_TABLE")


def test_two_table_baccarat_reads_its_tableau_from_the_profile() -> None:
    standard = b2t.load_builtin().rules
    assert b2t.rules.indication(standard.bank_tableau, 6, 6) == "T"
    raw_rules = b2t.raw_profile()["rules"]
    edited = b2t.profile_with(
        rules={"bank_tableau": _cell(raw_rules["bank_tableau"], 6, 6, "P")}
    ).rules
    assert b2t.rules.indication(edited.bank_tableau, 6, 6) == "P"
    assert not hasattr(b2t.rules, "BANK_TABLEAU") and not hasattr(b2t.rules, "PUNTER_RULE")


@pytest.mark.parametrize(
    ("game", "key"),
    [("punto-banco", "banker_table"), ("chemin-de-fer", "banker_table")],
)
def test_a_bad_banker_table_is_refused_naming_its_key(game: str, key: str) -> None:
    with pytest.raises(ValueError, match=f"rules.{key}: row 2 must be 11 letters"):
        check_banker_table(
            {t: "T" * (10 if t == 2 else 11) for t in range(8)}, f"rules.{key}", "TP", "cols"
        )
    assert load_profile(game).rules.banker_table[0] == "T" * 11


def test_card_values_and_the_burn_are_shared() -> None:
    assert [point_value(Card.parse(c)) for c in ("Ah", "9s", "Td", "Qc")] == [1, 9, 0, 0]
    assert hand_total([Card.parse("9h"), Card.parse("8d")]) == 7
    assert burn_value(Card.parse("Kd")) == 10 and burn_value(Card.parse("Ad")) == 1
    # the three games use the one implementation
    assert pb.coup.hand_total is hand_total
    assert cf.profile.point_value is point_value
    assert b2t.state.hand_total is hand_total
    assert banker_cell({3: "TTTTTTTTTPT"}, 3, 8) == "P"


def test_a_new_shoe_burns_what_its_first_card_orders() -> None:
    rules = ShoeRules(decks=6, cards_below_stop=7, burn_exposed_card=True)
    live, burnt = open_shoe(rules, SeededSource(1), live=True, burn=[Card.parse("2h")] * 3)
    assert len(burnt) == 3 and live.remaining == 312 - 3
    with pytest.raises(MalformedAction, match="orders 3 cards burnt in all, not 2"):
        open_shoe(rules, SeededSource(1), live=True, burn=[Card.parse("2h")] * 2)
    with pytest.raises(MalformedAction, match="only at a live table"):
        open_shoe(rules, SeededSource(1), burn=[Card.parse("2h")])
    shoe, burnt = open_shoe(rules, SeededSource(2))
    assert len(burnt) == burn_value(burnt[0]) + 1 == 312 - shoe.remaining
    not_counted = ShoeRules(decks=6, cards_below_stop=7, burn_exposed_card=False)
    shoe, burnt = open_shoe(not_counted, SeededSource(2))
    assert len(burnt) == burn_value(burnt[0])
    none, burnt = open_shoe(rules, SeededSource(2), burn_at_start=False)
    assert burnt == [] and none.remaining == 312
