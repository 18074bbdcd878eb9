"""The drawn cloths of trente et quarante and casino war come from the profile in force:
spec 05, the four chances paid at par and the insurance at 1 % of the stake; spec 14,
nine boxes, the initial bet paid 1 to 1 and the tie bet 10 to 1, the war 1 to 1 (2 to 1
on a second tie), half the initial bet lost on surrender."""

from __future__ import annotations

from serving import Server


def test_cloths_read_their_spots_and_payouts_from_the_profile(server: Server) -> None:
    p1 = server.client("p1")
    tq = p1.get("/api/tables/TQ-1/cloth").json()
    assert [(s["spot"], s["pays"]) for s in tq["spots"]] == [
        ("rouge", "1:1"),
        ("noir", "1:1"),
        ("couleur", "1:1"),
        ("inverse", "1:1"),
    ]
    assert tq["insurance"] == {"offered": True, "fee": "1:100", "min_stake": 1000}
    war = p1.get("/api/tables/RE-1/cloth").json()
    assert war["boxes"] == 9
    assert [(s["spot"], s["pays"]) for s in war["spots"]] == [("initial", "1:1"), ("tie", "10:1")]
    assert war["war"] == {
        "offered": True,
        "pays": "1:1",
        "tie_pays": "2:1",
        "surrender_loses": "1:2",
    }
    none = p1.get("/api/tables/RF-1/cloth")  # roulette draws its own cloth
    assert none.status_code == 422 and none.json()["code"] == "MALFORMED_REQUEST"
