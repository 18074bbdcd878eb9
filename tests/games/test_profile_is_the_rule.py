"""One copy of every rule: the profile file is the rule that takes effect.

For each shoe game, a value is changed in a copy of its built-in ``andorra.toml`` (the
file a game director edits), the copy is loaded as a rules file, and the same coup is
played at both tables: the engine follows the file. The profile models carry no Python
defaults that could stand in for a value (a model built without the file is refused).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet
from crupier.core.profile import Profile
from crupier.core.roles import Role
from crupier.core.round import Record
from crupier.games import casino_war as cw
from crupier.games import monte as mt
from crupier.games import punto_banco as pb
from crupier.games import trente_et_quarante as tq
from crupier.games.catalogue import load_profile

STAKE = 2_000
TIE = 1_000  # casino war's tie bet: at most a tenth of the maximum


def edited(tmp_path: Path, game_id: str, section: str, key: str, value: str) -> Profile:
    """The game's built-in andorra profile with ``[section] key`` set to ``value`` (TOML),
    written to a file and loaded as a rules file."""
    folder = resources.files("crupier.games") / game_id.replace("-", "_") / "profiles"
    text = (folder / "andorra.toml").read_text(encoding="utf-8")
    start = text.index(f"\n[{section}]\n")
    end = text.find("\n[", start + 1)
    end = len(text) if end == -1 else end
    body, count = re.subn(
        rf"^{key} = {{ value = [^,]+,", f"{key} = {{ value = {value},", text[start:end], flags=re.M
    )
    assert count == 1, f"{section}.{key} not found once"
    path = tmp_path / f"{game_id}.toml"
    path.write_text(text[:start] + body + text[end:], encoding="utf-8")
    return load_profile(game_id, path=path)


def settled(record: Record) -> dict[str, int]:
    """The net result of each spot settled by ``record``."""
    return {e.to_dict()["spot"]: e.to_dict()["net"] for e in record.events if e.kind == "settled"}


def trente_coup(profile: Profile) -> dict[str, int]:
    game = tq.TrenteEtQuarante(profile)  # type: ignore[arg-type]
    game.apply(tq.NewShoe(live=True))
    game.apply(BuyIn(player="ana", amount=100_000))
    game.apply(PlaceBet(player="ana", spot="rouge", amount=STAKE, by=Role.PLAYER))
    game.apply(NoMoreBets())
    return settled(game.apply(tq.Deal(cards=("7s", "Kh", "6c", "9d", "Js", "8h", "4c", "9d"))))


def punto_coup(profile: Profile) -> dict[str, int]:
    game = pb.PuntoBanco(profile)  # type: ignore[arg-type]
    game.apply(pb.NewShoe(live=True, burn=("Ah", "Ad")))
    game.apply(BuyIn(player="ana", amount=100_000))
    game.apply(PlaceBet(player="ana", spot="player", amount=STAKE, by=Role.PLAYER))
    game.apply(NoMoreBets())
    return settled(game.apply(pb.Deal(cards=("9h", "2c", "Kd", "3s"))))  # punto 9, banco 5


def monte_coup(profile: Profile) -> dict[str, int]:
    game = mt.Monte(profile)  # type: ignore[arg-type]
    game.apply(mt.Layout(live=True, cards=("3O", "6C", "RE", "1B")))
    game.apply(BuyIn(player="ana", amount=100_000))
    game.apply(PlaceBet(player="ana", spot="1v2", amount=STAKE, by=Role.PLAYER))
    game.apply(NoMoreBets())
    return settled(game.apply(mt.Draw(cards=("4E", "3C"))))  # P1's value ends primeres


def war_coup(profile: Profile) -> dict[str, int]:
    game = cw.CasinoWar(profile)  # type: ignore[arg-type]
    game.apply(cw.NewShoe(live=True))
    game.apply(BuyIn(player="ana", amount=100_000))
    game.apply(PlaceBet(player="ana", spot="initial", amount=STAKE, by=Role.PLAYER))
    game.apply(PlaceBet(player="ana", spot="tie", amount=TIE, by=Role.PLAYER))
    game.apply(NoMoreBets())
    return settled(game.apply(cw.Deal(cards=("7c", "7d"))))  # a tie: the tie bet wins


CASES: list[tuple[str, str, str, str, Callable[[Profile], dict[str, int]], str, int, int]] = [
    # game, section, key, new value, coup, spot, net with the file as built, net edited
    ("trente-et-quarante", "payouts", "chance", '"2:1"', trente_coup, "rouge", STAKE, 2 * STAKE),
    ("punto-banco", "payouts", "player", '"2:1"', punto_coup, "player", STAKE, 2 * STAKE),
    ("monte", "payouts", "simple", '"2:1"', monte_coup, "1v2", STAKE, 2 * STAKE),
    ("casino-war", "payouts", "tie", '"8:1"', war_coup, "tie", 10 * TIE, 8 * TIE),
]


@pytest.mark.parametrize(
    ("game_id", "section", "key", "value", "coup", "spot", "before", "after"), CASES
)
def test_an_edited_profile_file_changes_the_engine(
    tmp_path: Path,
    game_id: str,
    section: str,
    key: str,
    value: str,
    coup: Callable[[Profile], dict[str, int]],
    spot: str,
    before: int,
    after: int,
) -> None:
    built_in = coup(load_profile(game_id))
    changed = coup(edited(tmp_path, game_id, section, key, value))
    assert built_in[spot] == before
    assert changed[spot] == after


@pytest.mark.parametrize(
    "model",
    [
        tq.TrenteEtQuaranteProfile,
        pb.PuntoBancoProfile,
        mt.MonteProfile,
        cw.CasinoWarProfile,
    ],
)
def test_no_section_has_python_defaults(model: type[Profile]) -> None:
    """Every section and every value of a game's own sections comes from the file."""
    with pytest.raises(ValidationError):
        model(game="x", profile="x")
    for name, field in model.model_fields.items():
        annotation: Any = field.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            if name in Profile.model_fields or name == "limits":
                continue  # the sections every game shares are the core's
            assert field.is_required(), f"{model.__name__}.{name} has a Python default"
            for sub, info in annotation.model_fields.items():
                assert info.is_required(), f"{name}.{sub} has a Python default"
