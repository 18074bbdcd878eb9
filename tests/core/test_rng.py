import hashlib
from collections import Counter

import pytest

from crupier.core.rng import RandomSource, SeededSource, SystemSource, shuffle


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


def _sha256_counter_draw(seed: int, counter: int, n: int) -> tuple[int, int]:
    """The seeded scheme written out on its own: block k is the first 8 bytes (big-endian)
    of SHA-256("crupier:SEED:k"); a block at or above the largest multiple of n below 2**64
    is rejected. Returns (value, next counter)."""
    limit = 2**64 - 2**64 % n
    while True:
        digest = hashlib.sha256(f"crupier:{seed}:{counter}".encode()).digest()
        counter += 1
        x = int.from_bytes(digest[:8], "big")
        if x < limit:
            return x % n, counter


def test_seeded_draws_are_sha256_in_counter_mode() -> None:
    # stored logs name a seed: its stream must stay the same whatever the code's speed-ups
    src, counter = SeededSource(77), 0
    for n in (37, 6, 52, 2, 312, 1_000_003):
        expected, counter = _sha256_counter_draw(77, counter, n)
        assert src.randbelow(n) == expected


def test_seeded_draws_reject_the_same_blocks_as_the_counter_mode_stream() -> None:
    # a range just above 2**63 refuses about half the blocks (rejection sampling): the
    # source must skip exactly the blocks the plain stream skips, and record each draw once
    src, counter, n = SeededSource(5), 0, 2**63 + 1
    expected = []
    for _ in range(40):
        value, counter = _sha256_counter_draw(5, counter, n)
        expected.append(value)
    assert [src.randbelow(n) for _ in range(40)] == expected
    assert counter > 50  # blocks were refused on the way
    assert src.draws == [(n, v) for v in expected]


@pytest.mark.parametrize("size", [0, 1, 2, 5, 52, 53, 312])
def test_seeded_shuffle_draws_as_the_general_fisher_yates(size: int) -> None:
    for seed in range(20):
        fast, general = SeededSource(seed), SeededSource(seed)
        a, b = list(range(size)), list(range(size))
        fast.shuffle(a)
        RandomSource.shuffle(general, b)  # one randbelow call a place, from the last down
        assert a == b and sorted(a) == list(range(size))
        assert fast.draws == general.draws
        assert [n for n, _ in fast.draws] == list(range(size, 1, -1))
        assert fast.randbelow(1000) == general.randbelow(1000)  # the stream goes on alike


def test_small_draws_share_their_records() -> None:
    # a pack's or a wheel's draw appends the one record of its (n, value), made once: equal
    # to a new pair, so logs and replays read it alike, and no new object a draw
    a, b = SeededSource(4), SeededSource(4)
    a.shuffle(list(range(52)))
    b.shuffle(list(range(52)))
    a.randbelow(37)
    b.randbelow(37)
    assert a.draws == b.draws and all(x is y for x, y in zip(a.draws, b.draws, strict=True))
    assert all(type(d) is tuple and len(d) == 2 for d in a.draws)
    big = SeededSource(4)
    big.randbelow(10**6)  # a large range: its own new record
    assert big.draws == [(10**6, big.draws[0][1])]
