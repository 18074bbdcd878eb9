from collections import Counter

import pytest

from crupier.core.rng import SeededSource, SystemSource, shuffle


def test_seeded_source_is_repeatable_and_recorded() -> None:
    a, b = SeededSource(2026), SeededSource(2026)
    xs = [a.randbelow(37) for _ in range(50)]
    assert xs == [b.randbelow(37) for _ in range(50)]
    assert a.draws == [(37, x) for x in xs]
    assert xs != [SeededSource(2027).randbelow(37) for _ in range(50)]


def test_system_source_records_its_draws() -> None:
    src = SystemSource()
    values = [src.randbelow(6) for _ in range(20)]
    assert all(0 <= v < 6 for v in values)
    assert src.draws == [(6, v) for v in values]


def test_randbelow_refuses_empty_range() -> None:
    with pytest.raises(ValueError):
        SeededSource(1).randbelow(0)


def test_seeded_source_is_roughly_uniform() -> None:
    src = SeededSource(99)
    counts = Counter(src.randbelow(37) for _ in range(37 * 400))
    assert set(counts) == set(range(37))
    # chi-square with 36 degrees of freedom; 99.99% quantile is about 78.
    chi2 = sum((c - 400) ** 2 / 400 for c in counts.values())
    assert chi2 < 78


def test_shuffle_is_a_permutation_and_uses_every_position() -> None:
    firsts = Counter()
    for seed in range(600):
        deck = list(range(6))
        shuffle(deck, SeededSource(seed))
        assert sorted(deck) == list(range(6))
        firsts[deck[0]] += 1
    assert set(firsts) == set(range(6))
