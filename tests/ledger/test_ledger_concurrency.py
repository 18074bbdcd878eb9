"""Units of work and group commit of the ledger: grouped, numbered in turn, isolated."""

from __future__ import annotations

import threading

import pytest

from crupier.ledger.errors import DuplicateKey, NonCanonicalValue
from crupier.ledger.keys import SigningKey
from crupier.ledger.store import Actor, Ledger
from crupier.ledger.verify import verify

T1 = Actor("T1", "TC")


def test_submitted_entries_share_one_commit_and_a_refusal_stays_alone(
    db_url: str, casino: SigningKey
) -> None:
    with Ledger(db_url, casino) as ledger:
        ledger.append("fill", T1, {"slip": "F-0"})
        before = ledger.batches
        first = ledger.submit("fill", T1, {"slip": "F-1"}, unique=[("slip", "F-1")])
        twice = ledger.submit("fill", T1, {"slip": "F-1"}, unique=[("slip", "F-1")])
        floaty = ledger.submit("fill", T1, {"amount": 1.5})
        last = ledger.submit("fill", T1, {"slip": "F-2"})
        assert last.result().seq == 4  # numbered in turn, the refused ones left no gap
        assert first.result().seq == 3
        with pytest.raises(DuplicateKey):
            twice.result()
        with pytest.raises(NonCanonicalValue):
            floaty.result()
        assert ledger.batches == before + 1  # one transaction for the four
        assert [e.payload for e in ledger.entries(3)] == [{"slip": "F-1"}, {"slip": "F-2"}]
    assert verify(db_url, [casino.public_key]).ok


def test_unit_rolls_back_only_itself(db_url: str, casino: SigningKey) -> None:
    with Ledger(db_url, casino) as ledger:

        def partial() -> None:
            ledger.append("fill", T1, {"slip": "F-1"}, unique=[("slip", "F-1")])
            raise ValueError("refused after appending")

        with pytest.raises(ValueError, match="after appending"):
            ledger.unit(partial)
        # the slip key went with the rolled-back entry: it can be taken now
        taken = ledger.append("fill", T1, {"slip": "F-1"}, unique=[("slip", "F-1")])
        assert taken.seq == 2 and ledger.head() == (2, taken.hash)


def test_eight_threads_append_gapless(db_url: str, casino: SigningKey) -> None:
    with Ledger(db_url, casino) as ledger:
        ledger.append("start", T1, {})

        def write(n: int) -> None:
            for i in range(15):
                ledger.append("fill", Actor(f"T{n}", "TC"), {"writer": n, "i": i})

        threads = [threading.Thread(target=write, args=(n,)) for n in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        entries = list(ledger.entries())
    assert [e.seq for e in entries] == list(range(1, 3 + 8 * 15))  # genesis, start, 120
    for n in range(8):  # each writer's entries all there, in its own order
        mine = [e.payload["i"] for e in entries if isinstance(e.payload, dict) and
                e.payload.get("writer") == n]  # fmt: skip
        assert mine == list(range(15))
    assert verify(db_url, [casino.public_key]).ok
