"""Entrance control, player register, seats, waiting lists and promotions (operations spec
§9.3, §10.8; AS-46, AS-56 to AS-59). Runs on SQLite, and on PostgreSQL when
CRUPIER_TEST_PG_URL is set."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from crupier.casino import Casino, Keyring, ManualClock, OpsError, Role, parse_local
from crupier.casino.casino import open_casino
from crupier.casino.fixture import build
from crupier.core.rng import SeededSource, shuffle
from crupier.ledger import SigningKey
from crupier.testing import assert_ops_refused

ADULT = dt.date(1980, 1, 1)


@pytest.fixture
def ply_clock() -> ManualClock:
    return ManualClock("2026-03-02 10:15")


@pytest.fixture
def ply_key() -> SigningKey:
    return SigningKey.generate()


@pytest.fixture
def ply_keyring() -> Keyring:
    return Keyring()


@pytest.fixture
def cas(
    cas_url: str, ply_clock: ManualClock, ply_key: SigningKey, ply_keyring: Keyring
) -> Iterator[Casino]:
    """CAS-T (§13.0) on 2026-03-02."""
    casino = build(cas_url, clock=ply_clock, casino_key=ply_key, keyring=ply_keyring)
    yield casino
    casino.ledger.close()


refused = assert_ops_refused


def players(casino: Casino, *ids: str) -> None:
    for player in ids:
        casino.register_player(player, f"PAS-{player}", name=player, date_of_birth=ADULT, by="K1")


def states(casino: Casino, table: str) -> dict[str, str]:
    return {line.player: line.state for line in casino.waiting_list(table)}


# ------------------------------------------------------------ entrance, register


def test_as_58_entrance_age(cas: Casino) -> None:
    refused(
        cas,
        "ENTRY_REFUSED_AGE",
        lambda: cas.admit("ES-1", name="Young", date_of_birth=dt.date(2008, 3, 3), by="K1"),
    )
    entry = cas.admit("ES-2", name="Adult", date_of_birth=dt.date(2008, 3, 2), by="K1")
    assert entry.kind == "JNL.ENTRY_ADMITTED"
    assert [a["document"] for a in cas.admissions] == ["ES-2"]
    cas.exclude("FR-9", reason="self-exclusion", by="D1")
    refused(
        cas,
        "ENTRY_REFUSED_EXCLUDED",
        lambda: cas.admit("FR-9", name="Excluded", date_of_birth=ADULT, by="K1"),
    )
    cas.lift_exclusion("FR-9", by="I7")
    cas.admit("FR-9", name="Excluded", date_of_birth=ADULT, by="K1")
    assert len(cas.admissions) == 2


def test_exclusion_list_keepers(cas: Casino) -> None:
    refused(cas, "PERMISSION_DENIED", lambda: cas.exclude("FR-9", reason="x", by="T1"))
    refused(cas, "MISSING_FIELDS", lambda: cas.exclude("FR-9", reason="", by="D1"))
    cas.exclude("FR-9", reason="court order", by="I8")
    assert cas.exclusions == {"FR-9": "court order"}
    refused(
        cas,
        "ENTRY_REFUSED_EXCLUDED",
        lambda: cas.register_player("P1", "FR-9", name="X", date_of_birth=ADULT, by="K1"),
    )


def test_as_46_staff_may_not_play(cas: Casino) -> None:
    refused(
        cas,
        "STAFF_MAY_NOT_PLAY",
        lambda: cas.register_player("P1", "AD-R3", name="Toni", date_of_birth=ADULT, by="K1"),
    )
    refused(
        cas,
        "STAFF_MAY_NOT_PLAY",
        lambda: cas.register_player("P1", "AD-D1", name="Joan", date_of_birth=ADULT, by="K1"),
    )
    refused(
        cas,
        "STAFF_MAY_NOT_PLAY",
        lambda: cas.admit("AD-R3", name="Toni", date_of_birth=ADULT, by="K1"),
    )
    # once R3 holds no current role he is no longer staff on duty
    (r3,) = [a for a in cas.assignments if a.staff == "R3"]
    cas.end_assignment(r3.id)
    cas.register_player("P1", "AD-R3", name="Toni", date_of_birth=ADULT, by="K1")
    assert cas.players["P1"].identity_document == "AD-R3"


def test_player_register_rules(cas: Casino) -> None:
    players(cas, "P1")
    refused(
        cas,
        "MALFORMED_REQUEST",
        lambda: cas.register_player("P1", "PAS-X", name="X", date_of_birth=ADULT, by="K1"),
    )
    refused(
        cas,
        "MALFORMED_REQUEST",
        lambda: cas.register_player("P2", "PAS-P1", name="X", date_of_birth=ADULT, by="K1"),
    )
    refused(
        cas,
        "ENTRY_REFUSED_AGE",
        lambda: cas.register_player(
            "P2", "PAS-P2", name="X", date_of_birth=dt.date(2010, 1, 1), by="K1"
        ),
    )
    refused(
        cas,
        "PERMISSION_DENIED",
        lambda: cas.register_player("P2", "PAS-P2", name="X", date_of_birth=ADULT, by="I7"),
    )
    cas.admit("PAS-P1", name="P1", date_of_birth=ADULT, by="T1")
    assert cas.admissions[-1]["player"] == "P1"


# ------------------------------------------------------------- seats, waiting list


def fill_bd1(cas: Casino) -> None:
    """BD-1 full: P1 at seat 2, fillers elsewhere; P7 at BD-2 seat 1."""
    fillers = [f"F{n:02d}" for n in range(1, 12)]
    players(cas, "P1", "P7", "P8", "P9", *fillers)
    seats = [n for n in range(1, 13) if n != 2]
    cas.seat_player("BD-1", 2, "P1", by="T2")
    for seat, player in zip(seats, fillers, strict=True):
        cas.seat_player("BD-1", seat, player, by="T2")
    cas.seat_player("BD-2", 1, "P7", by="T7")


def test_as_56_waiting_list_and_seats(cas: Casino, ply_clock: ManualClock) -> None:
    fill_bd1(cas)
    ply_clock.set("2026-03-02 22:00")
    cas.add_to_waiting_list("BD-1", "P7", by="T2")
    ply_clock.set("2026-03-02 22:05")
    cas.add_to_waiting_list("BD-1", "P8", by="T2")
    refused(cas, "PERMISSION_DENIED", lambda: cas.add_to_waiting_list("BD-1", "P9", by="R3"))
    assert [line.player for line in cas.waiting_list("BD-1")] == ["P7", "P8"]
    assert cas.waiting_list("BD-1")[0].registered_by == "T2"
    assert cas.waiting_list("BD-1")[0].registered_at.startswith("2026-03-02T21:00")  # UTC

    ply_clock.set("2026-03-02 22:30")
    release = cas.release_seat("BD-1", 4, by="T2")
    assert release.offered_to == "P7"
    assert states(cas, "BD-1") == {"P7": "OFFERED", "P8": "WAITING"}
    refused(cas, "SEAT_ALREADY_HELD", lambda: cas.seat_player("BD-1", 4, "P7", by="T2"))
    cas.release_seat("BD-2", 1, by="T7")
    cas.seat_player("BD-1", 4, "P7", by="T2")
    assert cas.seats["BD-1"][4].player == "P7"
    assert states(cas, "BD-1") == {"P7": "SEATED", "P8": "WAITING"}
    # seat 2: P1 stepped away for a moment; the seat stays his
    refused(cas, "SEAT_OCCUPIED", lambda: cas.seat_player("BD-1", 2, "P8", by="T2"))


def test_as_56_absent_player_is_skipped(cas: Casino, ply_clock: ManualClock) -> None:
    fill_bd1(cas)
    cas.release_seat("BD-2", 1, by="T7")
    ply_clock.set("2026-03-02 22:00")
    cas.add_to_waiting_list("BD-1", "P7", by="T2")
    ply_clock.set("2026-03-02 22:05")
    cas.add_to_waiting_list("BD-1", "P8", by="T2")
    ply_clock.set("2026-03-02 22:30")
    assert cas.release_seat("BD-1", 4, by="T2").offered_to == "P7"
    assert cas.skip_offer("BD-1", "P7", by="T2") == "P8"
    assert states(cas, "BD-1") == {"P7": "SKIPPED", "P8": "OFFERED"}
    refused(cas, "INVALID_STATE", lambda: cas.seat_player("BD-1", 4, "P7", by="T2"))
    cas.seat_player("BD-1", 4, "P8", by="T2")
    assert states(cas, "BD-1") == {"P7": "SKIPPED", "P8": "SEATED"}


def test_waiting_list_rules(cas: Casino) -> None:
    """OPS-PLY-10, -11, -12: keepers, FIFO, one seat per player."""
    players(cas, "P1", "P2", "P3")
    refused(cas, "PERMISSION_DENIED", lambda: cas.add_to_waiting_list("BD-1", "P1", by="T7"))
    cas.add_to_waiting_list("BD-1", "P1", by="D1")  # the DIR may keep it too (OPS-PLY-10)
    cas.add_to_waiting_list("BD-1", "P2", by="T2")
    refused(cas, "INVALID_STATE", lambda: cas.add_to_waiting_list("BD-1", "P1", by="T2"))
    refused(cas, "INVALID_STATE", lambda: cas.seat_player("BD-1", 5, "P2", by="T2"))  # P1 first
    assert cas.offer_seat("BD-1", 5, by="T2") == "P1"
    refused(cas, "INVALID_STATE", lambda: cas.offer_seat("BD-1", 5, by="T2"))
    cas.seat_player("BD-1", 5, "P1", by="T2")
    refused(cas, "SEAT_ALREADY_HELD", lambda: cas.seat_player("BD-2", 1, "P1", by="T7"))
    cas.remove_from_waiting_list("BD-1", "P2", by="T2")
    assert states(cas, "BD-1") == {"P1": "SEATED", "P2": "REMOVED"}
    assert cas.offer_seat("BD-1", 6, by="T2") is None
    cas.seat_player("BD-1", 6, "P3", by="T2")
    refused(cas, "MALFORMED_REQUEST", lambda: cas.seat_player("BD-1", 13, "P2", by="T2"))
    refused(cas, "UNKNOWN_ENTITY", lambda: cas.seat_player("BD-1", 7, "P99", by="T2"))


def test_chemin_de_fer_refusals_and_absence(cas: Casino) -> None:
    """OPS-PLY-13 (games 08 and 09): two refusals in a row, absence at one's turn."""
    players(cas, "P1", "P2", "P3", "P7", "P8")
    cas.seat_player("BD-1", 1, "P1", by="T2")
    cas.seat_player("BD-1", 2, "P2", by="T2")
    cas.seat_player("BD-1", 3, "P3", by="T2")
    absent = cas.bank_turn("BD-1", "P3", "ABSENT", by="T2")
    assert absent.release is None  # nobody waits: he keeps the seat
    cas.add_to_waiting_list("BD-1", "P7", by="T2")
    cas.add_to_waiting_list("BD-1", "P8", by="T2")
    assert cas.bank_turn("BD-1", "P1", "REFUSED", by="T2").refusals == 1
    assert cas.bank_turn("BD-1", "P1", "TAKEN", by="T2").refusals == 0
    assert cas.bank_turn("BD-1", "P1", "REFUSED", by="T2").release is None
    second = cas.bank_turn("BD-1", "P1", "REFUSED", by="T2")
    assert second.refusals == 2 and second.release is not None
    assert second.release.seat_no == 1 and second.release.offered_to == "P7"
    assert 1 not in cas.seats["BD-1"]
    lost = cas.bank_turn("BD-1", "P2", "ABSENT", by="T2")
    assert lost.release is not None and lost.release.offered_to == "P8"
    assert states(cas, "BD-1") == {"P7": "OFFERED", "P8": "OFFERED"}
    refused(cas, "MALFORMED_REQUEST", lambda: cas.bank_turn("BJ-3", "P3", "TAKEN", by="T1"))
    refused(cas, "INVALID_STATE", lambda: cas.bank_turn("BD-1", "P1", "TAKEN", by="T2"))


def test_blackjack_standing_players(cas: Casino) -> None:
    """OPS-PLY-16: standing players bet only with the TC's recorded authorisation."""
    players(cas, "P1", "P2", "P3")
    cas.seat_player("BJ-3", 1, "P3", by="T1")
    cas.check_standing("BJ-3", "P3")  # seated: no authorisation needed
    refused(cas, "PERMISSION_DENIED", lambda: cas.authorise_standing("BJ-3", "P1", by="R2"))
    refused(cas, "MALFORMED_REQUEST", lambda: cas.authorise_standing("BD-1", "P1", by="T2"))
    entry = cas.authorise_standing("BJ-3", "P1", by="T1")
    assert entry.kind == "JNL.STANDING_AUTHORISED"
    cas.check_standing("BJ-3", "P1")
    with pytest.raises(OpsError) as info:
        cas.check_standing("BJ-3", "P2")
    assert info.value.code == "STANDING_NOT_AUTHORISED"
    cas.withdraw_standing("BJ-3", "P1", by="T1")
    with pytest.raises(OpsError):
        cas.check_standing("BJ-3", "P1")


# ----------------------------------------------------------------- circle poker


def test_as_57_circle_poker_rest_hands(cas: Casino) -> None:
    players(cas, "P1", "P2", "P3", "P4", "P5", "P9")
    draw = cas.draw_seats("PK-1", ["P1", "P2", "P3", "P4", "P5"], by="T8", seed=20260302)
    recorded = cas.ledger.get(draw.entry)
    assert recorded.kind == "JNL.SEAT_DRAW"
    assert recorded.payload["data"]["seed"] == 20260302
    numbers = list(range(1, 11))
    shuffle(numbers, SeededSource(20260302))  # the recorded seed replays the draw
    assert draw.seats == dict(sorted(zip(numbers, ["P1", "P2", "P3", "P4", "P5"], strict=False)))
    assert {s.player for s in cas.seats["PK-1"].values()} == {"P1", "P2", "P3", "P4", "P5"}

    cas.add_to_waiting_list("PK-1", "P9", by="T8")
    seat = next(n for n, p in draw.seats.items() if p == "P3")
    cas.rest("PK-1", "P3", from_hand=10, by="T8")
    assert cas.begin_hand("PK-1", 10, by="T8") == []
    assert cas.begin_hand("PK-1", 11, by="T8") == []
    assert cas.seats["PK-1"][seat].player == "P3"
    released = cas.begin_hand("PK-1", 12, by="T8")
    assert [(r.seat_no, r.player, r.offered_to) for r in released] == [(seat, "P3", "P9")]
    assert seat not in cas.seats["PK-1"]
    assert states(cas, "PK-1") == {"P9": "OFFERED"}
    cas.seat_player("PK-1", seat, "P9", by="T8")


def test_circle_poker_rest_ended_in_time_and_draw_rules(cas: Casino) -> None:
    players(cas, "P1", "P2", "P3", "P4")
    refused(
        cas, "INSUFFICIENT_PLAYERS", lambda: cas.draw_seats("PK-1", ["P1", "P2", "P3"], by="T8")
    )
    refused(
        cas, "PERMISSION_DENIED", lambda: cas.draw_seats("PK-1", ["P1", "P2", "P3", "P4"], by="R1")
    )
    refused(
        cas, "MALFORMED_REQUEST", lambda: cas.draw_seats("BD-1", ["P1", "P2", "P3", "P4"], by="T2")
    )
    draw = cas.draw_seats("PK-1", ["P1", "P2", "P3", "P4"], by="T8")  # a system-drawn seed
    assert cas.ledger.get(draw.entry).payload["data"]["seed"] == draw.seed
    refused(cas, "SEAT_OCCUPIED", lambda: cas.draw_seats("PK-1", ["P1", "P2", "P3", "P4"], by="T8"))
    cas.rest("PK-1", "P2", from_hand=3, by="T8")
    refused(cas, "INVALID_STATE", lambda: cas.rest("PK-1", "P2", from_hand=4, by="T8"))
    cas.end_rest("PK-1", "P2", by="T8")
    assert cas.begin_hand("PK-1", 5, by="T8") == []
    assert cas.seat_of("P2") is not None
    refused(cas, "MALFORMED_REQUEST", lambda: cas.rest("BD-1", "P2", from_hand=1, by="T2"))


# ------------------------------------------------------------------ promotions


def test_as_59_promotions(cas: Casino) -> None:
    friday = (parse_local("2026-03-06 18:00"), parse_local("2026-03-06 23:59"))
    cas.create_promotion(
        "PR-1",
        "Free 20.00 roulette chips on Friday",
        start=friday[0],
        end=friday[1],
        references_gaming=True,
        by="D1",
    )
    refused(cas, "AUTHORISATION_REQUIRED", lambda: cas.activate_promotion("PR-1", by="D1"))
    cas.authorise_promotion(
        "PR-1", reference="CRAJ-AUT-2026-04", authorised_on=dt.date(2026, 3, 4), by="I8"
    )
    entry = cas.activate_promotion("PR-1", by="D1")
    assert entry.kind == "PRM.ACTIVATED" and cas.promotions["PR-1"].state == "ACTIVE"
    assert cas.promotions["PR-1"].authorisation_ref == "CRAJ-AUT-2026-04"

    cas.create_promotion(
        "PR-2",
        "Menu of the day at the restaurant",
        start=friday[0],
        end=friday[1],
        references_gaming=False,
        by="D1",
    )
    refused(cas, "COMMUNICATION_REQUIRED", lambda: cas.activate_promotion("PR-2", by="D1"))
    notice = cas.notify_promotion("PR-2", by="D1")
    assert notice.kind == "A61.NOTICE"
    assert notice.payload["data"] == {
        "type": "PROMOTION_WITHOUT_GAMING_REFERENCE",
        "text": "Menu of the day at the restaurant",
        "promotion": "PR-2",
    }
    cas.activate_promotion("PR-2", by="D1")
    assert cas.promotions["PR-2"].communication_entry == notice.seq

    refused(
        cas,
        "ALTERS_GAME_DYNAMICS",
        lambda: cas.create_promotion(
            "PR-3",
            "Double payouts at RF-1 for ten minutes",
            start=friday[0],
            end=friday[1],
            references_gaming=True,
            alters_game_dynamics=True,
            by="D1",
        ),
    )


def test_promotion_rules(cas: Casino, ply_clock: ManualClock) -> None:
    """OPS-PRM-02…04: dated authorisation, notice before the start, who acts, traceability."""
    start, end = parse_local("2026-03-06 18:00"), parse_local("2026-03-08 23:00")
    refused(
        cas,
        "PERMISSION_DENIED",
        lambda: cas.create_promotion(
            "PR-1", "x", start=start, end=end, references_gaming=True, by="T1"
        ),
    )
    refused(
        cas,
        "MALFORMED_REQUEST",
        lambda: cas.create_promotion(
            "PR-1", "x", start=end, end=start, references_gaming=True, by="D1"
        ),
    )
    cas.create_promotion(
        "PR-1", "Roulette week", start=start, end=end, references_gaming=True, by="D1"
    )
    refused(
        cas,
        "PERMISSION_DENIED",
        lambda: cas.authorise_promotion(
            "PR-1", reference="R", authorised_on=dt.date(2026, 3, 4), by="D1"
        ),
    )
    refused(cas, "INVALID_STATE", lambda: cas.notify_promotion("PR-1", by="D1"))
    cas.authorise_promotion(
        "PR-1", reference="CRAJ-AUT-2026-09", authorised_on=dt.date(2026, 3, 7), by="I7"
    )
    refused(cas, "AUTHORISATION_REQUIRED", lambda: cas.activate_promotion("PR-1", by="D1"))

    cas.create_promotion(
        "PR-2",
        "Brand gala",
        start=parse_local("2026-03-02 11:00"),
        end=parse_local("2026-03-02 23:00"),
        references_gaming=False,
        by="D1",
    )
    refused(cas, "PERMISSION_DENIED", lambda: cas.notify_promotion("PR-2", by="S1"))
    ply_clock.set("2026-03-02 12:00")
    cas.notify_promotion("PR-2", by="D1")  # too late: after the start
    refused(cas, "COMMUNICATION_REQUIRED", lambda: cas.activate_promotion("PR-2", by="D1"))

    cas.create_promotion(
        "PR-3", "Bar happy hour", start=start, end=end, references_gaming=False, by="D1"
    )
    cas.record(
        "A61",
        "NOTICE",
        {"type": "PROMOTION_WITHOUT_GAMING_REFERENCE", "text": "bar", "promotion": "PR-3"},
        by="D1",
        role=Role.DIR,
    )
    cas.activate_promotion("PR-3", by="D1")
    refused(cas, "INVALID_STATE", lambda: cas.activate_promotion("PR-3", by="D1"))
    cas.end_promotion("PR-3", by="D1")
    assert [state for state, _ in cas.promotions["PR-3"].history] == [
        "CREATED",
        "ACTIVE",
        "ENDED",
    ]


# ---------------------------------------------------------------------- replay


def test_state_is_rebuilt_from_the_books(
    cas: Casino, cas_url: str, ply_clock: ManualClock, ply_key: SigningKey, ply_keyring: Keyring
) -> None:
    players(cas, "P1", "P2", "P3", "P4", "P7")
    cas.admit("PAS-P1", name="P1", date_of_birth=ADULT, by="K1")
    cas.exclude("FR-9", reason="self-exclusion", by="D1")
    cas.draw_seats("PK-1", ["P1", "P2", "P3", "P4"], by="T8", seed=7)
    cas.authorise_standing("BJ-3", "P7", by="T1")
    cas.rest("PK-1", "P2", from_hand=2, by="T8")
    cas.add_to_waiting_list("PK-1", "P7", by="T8")
    cas.begin_hand("PK-1", 4, by="T8")
    start, end = parse_local("2026-03-06 18:00"), parse_local("2026-03-06 23:00")
    cas.create_promotion("PR-1", "Menu", start=start, end=end, references_gaming=False, by="D1")
    cas.notify_promotion("PR-1", by="D1")
    cas.activate_promotion("PR-1", by="D1")
    again = open_casino(cas_url, ply_key, clock=ply_clock, keyring=ply_keyring)
    try:
        assert again.players == cas.players
        assert again.seats == cas.seats
        assert again.waiting_lists == cas.waiting_lists
        assert again.exclusions == cas.exclusions
        assert again.admissions == cas.admissions
        assert again.promotions == cas.promotions
        assert again.standing == cas.standing
    finally:
        again.ledger.close()
