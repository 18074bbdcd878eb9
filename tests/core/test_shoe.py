"""The shoe: unbiased shuffle from the injected source, cut, stop card, burns, live entry."""

import copy
from collections import Counter

import pytest

from crupier.core.cards import Card, cards, spanish_deck, standard_deck
from crupier.core.rng import SeededSource
from crupier.core.shoe import Shoe


def test_shuffled_shoe_holds_every_card_of_n_decks() -> None:
    shoe = Shoe.shuffled(6, SeededSource(1))
    assert shoe.remaining == 312 == len(shoe.order)
    assert Counter(shoe.order) == Counter(standard_deck() * 6)
    assert all(n == 6 for n in shoe.counts.values())


def test_same_seed_same_order_different_seed_different_order() -> None:
    a = Shoe.shuffled(6, SeededSource(3))
    b = Shoe.shuffled(6, SeededSource(3))
    c = Shoe.shuffled(6, SeededSource(4))
    assert a.order == b.order != c.order


def test_cut_moves_cards_from_top_to_bottom() -> None:
    plain = Shoe.shuffled(1, SeededSource(9), cut=0)
    cut = Shoe.shuffled(1, SeededSource(9), cut=10)
    assert cut.order == plain.order[10:] + plain.order[:10]
    assert cut.cut_at == 10
    with pytest.raises(ValueError):
        Shoe.shuffled(1, SeededSource(9), cut=52)


def test_shuffle_is_roughly_uniform() -> None:
    # The top card over many seeds of a one-deck shoe: every card turns up.
    tops = Counter(Shoe.shuffled(1, SeededSource(s), cut=0).order[0] for s in range(2000))
    assert len(tops) == 52
    assert max(tops.values()) < 80


def test_stop_card_comes_out_with_the_card_under_it() -> None:
    shoe = Shoe.shuffled(1, SeededSource(2), cards_below_stop=7)
    assert shoe.stop_at == 45
    for _ in range(45):
        shoe.draw()
    assert not shoe.at_stop_card and shoe.remaining == 7
    shoe.draw()
    assert shoe.at_stop_card and shoe.remaining == 6


def test_burn_expose_and_composition() -> None:
    shoe = Shoe.stacked(cards("Kh 2c 3d 4s 5h"))
    assert shoe.peek() == Card.parse("Kh")
    assert shoe.expose() == Card.parse("Kh")
    assert shoe.burn(2) == cards("2c 3d")
    assert shoe.burnt == cards("2c 3d") and shoe.exposed == cards("Kh")
    assert shoe.composition(lambda c: c.rank.value) == Counter({"4": 1, "5": 1})
    assert shoe.remaining == 2 and shoe.taken == 3
    with pytest.raises(ValueError):
        shoe.take(Card.parse("5h"))  # not the next card
    assert shoe.take(Card.parse("4s")) == Card.parse("4s")
    shoe.draw()
    with pytest.raises(ValueError):
        shoe.draw()


def test_live_shoe_takes_entered_cards_from_its_composition() -> None:
    shoe = Shoe.live_table(1)
    assert shoe.peek() is None
    shoe.take(Card.parse("Qh"))
    with pytest.raises(ValueError, match="not in the shoe"):
        shoe.take(Card.parse("Qh"))
    with pytest.raises(ValueError):
        shoe.draw()
    assert shoe.remaining == 51 and not shoe.at_stop_card
    shoe.stop_card_out()
    assert shoe.at_stop_card


def test_spanish_shoe_and_bad_sizes() -> None:
    shoe = Shoe.shuffled(1, SeededSource(5), deck=spanish_deck, cards_below_stop=0)
    assert shoe.remaining == 40 and Counter(shoe.order) == Counter(spanish_deck())
    with pytest.raises(ValueError):
        Shoe.shuffled(0, SeededSource(5))
    with pytest.raises(ValueError):
        Shoe.live_table(0)


def test_shoe_is_plain_data_deepcopy_independent() -> None:
    shoe = Shoe.shuffled(2, SeededSource(8))
    twin = copy.deepcopy(shoe)
    assert twin == shoe
    twin.draw()
    assert twin != shoe and shoe.remaining == 104


@pytest.mark.parametrize("n", [0, 1, 7, 15, 49])
def test_draw_many_deals_and_leaves_what_as_many_draws_do(n: int) -> None:
    # a one-pack shoe with the stop card 10 from the end: 49 cards cross it
    one, many = (Shoe.shuffled(1, SeededSource(5), cards_below_stop=10) for _ in range(2))
    one.burn(2)
    many.burn(2)
    assert many.draw_many(n) == [one.draw() for _ in range(n)]
    assert vars(many) == vars(one)  # order, position, counts, taken, the stop card
    assert many.at_stop_card is (2 + n > 42)


def test_draw_many_refuses_more_than_is_left_and_changes_nothing() -> None:
    shoe = Shoe.shuffled(1, SeededSource(6))
    shoe.draw_many(50)
    before = copy.deepcopy(vars(shoe))
    with pytest.raises(ValueError, match="empty"):
        shoe.draw_many(3)
    assert vars(shoe) == before
    with pytest.raises(ValueError, match="live shoe"):
        Shoe.live_table(1).draw_many(1)
