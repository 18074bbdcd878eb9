"""Cards: codes, packs, ordering."""

import copy

import pytest

from crupier.core.cards import (
    FRENCH_RANKS,
    JOKER,
    SPANISH_RANKS,
    Card,
    Rank,
    Suit,
    cards,
    spanish_deck,
    standard_deck,
)


def test_standard_deck_is_52_distinct_cards() -> None:
    deck = standard_deck()
    assert len(deck) == 52 == len(set(deck))
    assert {c.rank for c in deck} == set(FRENCH_RANKS)
    assert all(sum(1 for c in deck if c.rank is r) == 4 for r in FRENCH_RANKS)


def test_spanish_deck_is_40_cards_four_suits() -> None:
    deck = spanish_deck()
    assert len(deck) == 40 == len(set(deck))
    assert {c.suit for c in deck} == {Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS}
    assert {c.rank for c in deck} == set(SPANISH_RANKS)
    assert [c.rank.pips for c in deck[:10]] == [1, 2, 3, 4, 5, 6, 7, 10, 11, 12]


@pytest.mark.parametrize("card", standard_deck() + spanish_deck())
def test_code_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card


def test_parse_forms() -> None:
    assert Card.parse("Qh") == Card(Rank.QUEEN, Suit.HEARTS)
    assert Card.parse("10c") == Card.parse("Tc") == Card(Rank.TEN, Suit.CLUBS)
    assert Card.parse(" as ") == Card(Rank.ACE, Suit.SPADES)
    assert Card.parse("CC") == Card(Rank.CABALLO, Suit.COPAS)
    assert [str(c) for c in cards("Ah, 9d Ks")] == ["Ah", "9d", "Ks"]


@pytest.mark.parametrize("bad", ["", "Q", "Qx", "1h", "Qhh", "11s", None, 12])
def test_parse_refuses_bad_codes(bad: object) -> None:
    with pytest.raises(ValueError):
        Card.parse(bad)  # type: ignore[arg-type]


def test_cards_are_frozen_hashable_and_copy_equal() -> None:
    card = Card.parse("7d")
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]
    assert copy.deepcopy(card) == card and hash(copy.deepcopy(card)) == hash(card)
    assert sorted([Card.parse("Kd"), Card.parse("Ad")])[0].rank is Rank.ACE


def test_a_card_keeps_its_code_outside_its_value() -> None:
    # every card's code is made with it and is what str() and parse() read; it is not part
    # of the card's value: equality, order, hashing and repr are the rank's and the suit's
    for card in [*standard_deck(), *spanish_deck(), JOKER]:
        assert card.code == str(card) and Card.parse(card.code) == card
        assert copy.deepcopy(card).code == card.code
    card = Card(Rank.TEN, Suit.DIAMONDS)
    assert (
        card.code == "Td" and repr(card) == "Card(rank=<Rank.TEN: 'T'>, suit=<Suit.DIAMONDS: 'd'>)"
    )
    assert hash(card) == hash((Rank.TEN, Suit.DIAMONDS)) and card == Card.parse("10d")
    with pytest.raises(AttributeError):
        card.code = "Ah"  # type: ignore[misc]
