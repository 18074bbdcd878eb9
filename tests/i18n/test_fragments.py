"""A sentence an engine fills with its own words reads whole in the person's language
(issue 16): the fragments (a direction, a place at the table, the house option of a PAR
table) are marked messages themselves, so a Catalan sentence carries no English word."""

from __future__ import annotations

from crupier.core.errors import RuleError
from crupier.core.money import Money
from crupier.core.rng import SeededSource
from crupier.games.catalogue import load_profile
from crupier.games.circle_poker.takes import take_table
from crupier.games.roulette import AmericanRoulette, Direction, Spin, load_builtin
from crupier.i18n import N_, W_, gettext


def test_a_spin_note_names_the_directions_in_catalan() -> None:
    game = AmericanRoulette(load_builtin("american-roulette"), SeededSource(4))
    record = game.apply(Spin(wheel=Direction.CW))
    (note,) = [e.text for e in record.events if hasattr(e, "text")]
    assert note == "wheel cw, ball ccw"  # the record keeps the English words
    assert gettext(note, "ca") == "cilindre en sentit horari, bola en sentit antihorari"
    assert gettext(note, "es") == "cilindro en sentido horario, bola en sentido antihorario"


def test_a_refused_direction_reads_in_french() -> None:
    game = AmericanRoulette(load_builtin("american-roulette"), SeededSource(4))
    try:
        game.apply(Spin(wheel=Direction.CW, ball=Direction.CW))
    except RuleError as refused:
        text = gettext(refused.args[0], "fr")
    else:
        raise AssertionError("a ball launched with the wheel was accepted")
    assert "dans le sens horaire" in text and "cw" not in text.split()


def test_a_place_at_the_table_is_translated_inside_the_offer() -> None:
    seat = N_(
        "the bank is offered to {candidate} ({place}) for at least {minimum:money}",
        candidate="Ada",
        place=N_("seat {seat}", seat=3),
        minimum=Money(10_000),
    )
    standing = N_(
        "the bank is offered to {candidate} ({place}) for at least {minimum:money}",
        candidate="Bo",
        place=W_("standing"),
        minimum=Money(10_000),
    )
    assert seat == "the bank is offered to Ada (seat 3) for at least 100.00"
    assert gettext(seat, "ca") == "s'ofereix la banca a Ada (seient 3) per almenys 100,00\xa0€"
    assert gettext(standing, "es") == "se ofrece la banca a Bo (de pie) por al menos 100,00\xa0€"


def test_the_circle_poker_take_table_reads_in_catalan() -> None:
    table = take_table(load_profile("holdem"), deals=3)  # type: ignore[arg-type]
    title = gettext(table["title"], "ca")
    assert title.startswith("Benefici de la casa (rake")
    assert "simulat" in title and "simulated" not in title and "deals" not in title
    assert [gettext(c, "ca") for c in table["columns"]][:3] == ["jugadors", "mans", "per mà"]


def test_the_terminal_shows_amounts_in_the_catalan_money_format() -> None:
    from io import StringIO

    from rich.console import Console

    from crupier.core.layout import BuyIn
    from crupier.i18n import using
    from crupier.play import terminal_for

    out = StringIO()
    with using("ca"):
        console = Console(file=out, width=200, color_system=None)
        table = terminal_for("french-roulette")(
            "french-roulette", load_profile("french-roulette"), player="ana", seed=3,
            console=console,
        )  # fmt: skip
        table.apply(BuyIn(player="ana", amount=123_450))
        table.command("balance")
    text = out.getvalue()
    # the balance line is the terminal's own (an engine's note keeps the record's 1234.50)
    assert "Saldo: 1.234,50\xa0€" in text, text


def test_every_phase_an_engine_names_is_in_the_one_table() -> None:
    """The phases of the layout games, chemin de fer and two-table baccarat are marked
    once (``crupier.i18n.phases``): each reads as its code in English and differently in
    Catalan."""
    from crupier.core.layout import Phase as LayoutPhase
    from crupier.games.baccarat_two_tables.state import Phase as TwoTablesPhase
    from crupier.games.chemin_de_fer.state import Phase as CheminPhase
    from crupier.i18n.phases import phase_word

    for enum in (LayoutPhase, CheminPhase, TwoTablesPhase):
        for phase in enum:
            word = phase_word(phase)
            assert word == phase.value
            if phase.value != "punto":  # the regulation's own word
                assert gettext(word, "ca") != phase.value, phase


def test_a_refusal_names_the_phase_in_catalan() -> None:
    from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, TakeDown

    game = AmericanRoulette(load_builtin("american-roulette"), SeededSource(4))
    game.apply(BuyIn(player="ana", amount=10_000))
    game.apply(PlaceBet(player="ana", spot="red", amount=500))
    game.apply(Spin(wheel=Direction.CW))
    game.apply(NoMoreBets())
    try:
        game.apply(TakeDown(player="ana", bet=1))
    except RuleError as refused:
        english, catalan = str(refused.args[0]), gettext(refused.args[0], "ca")
    else:
        raise AssertionError("a bet was taken down after no more bets")
    assert english == "not possible now: the table is in no-more-bets, not betting"
    assert catalan == "ara no és possible: la taula és a no va més, no a facin joc"


def test_an_amount_in_a_refusal_reads_in_the_money_format() -> None:
    """An amount the engine puts in a refusal is a money field: the English text keeps
    the plain amount, Catalan and French read their money format."""
    from crupier.core.errors import BetOverMaximum
    from crupier.core.layout import BuyIn, PlaceBet

    game = AmericanRoulette(load_builtin("american-roulette"), SeededSource(4))
    game.apply(BuyIn(player="ana", amount=100_000_000))
    try:
        game.apply(PlaceBet(player="ana", spot="red", amount=99_999_900))
    except BetOverMaximum as refused:
        english, catalan = str(refused.args[0]), gettext(refused.args[0], "ca")
    else:
        raise AssertionError("a bet over the maximum was accepted")
    assert "999999.00 is over the maximum" in english
    assert "999.999,00\xa0€ supera el màxim" in catalan, catalan
    assert "999999.00" not in catalan


def test_a_joined_announcement_reads_whole_in_catalan() -> None:
    """Boxes, hands and words joined into one announcement are each translated."""
    from crupier.i18n.fragments import box_hand, joined
    from crupier.i18n.hands import hand_name

    words = joined(
        [box_hand(1, "ana", hand_name("TWO_PAIR")), box_hand(2, "bo", hand_name("FLUSH"))], "; "
    )
    assert words == "box 1 (ana) two pair; box 2 (bo) flush"
    assert gettext(words, "ca") == "casella 1 (ana) doble parella; casella 2 (bo) color"
