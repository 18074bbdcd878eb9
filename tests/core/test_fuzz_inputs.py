"""Hypothesis fuzzing of what comes from outside: actions (the bet parser) and rules
profiles. Whatever arrives, the answer is the action or profile, or a typed refusal
(:class:`~crupier.core.errors.RuleError`: ``MalformedAction``, ``ProfileError``...), and
a refused action leaves the engine as it was."""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
import typing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crupier.core.errors import RuleError
from crupier.core.rng import SeededSource
from crupier.core.round import action_from_dict
from crupier.games.catalogue import GAMES, game_info, load_profile, new_game

EXAMPLES = 400 if os.environ.get("CRUPIER_LONG") else 40
GAME_IDS = sorted(GAMES)
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)
FUZZ = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None
)


@st.composite
def action_dicts(draw: st.DrawFn, game_id: str) -> dict[str, Any]:
    """A dict shaped like an action of the game: a real kind (mostly), real field names
    (mostly) with any JSON values, sometimes a stray field."""
    registry = new_game(game_id).actions
    kind = draw(st.sampled_from(sorted(registry)) | st.text(max_size=10))
    names = [f.name for f in dataclasses.fields(registry[kind])] if kind in registry else []
    plausible = {
        "player": st.sampled_from(["P1", "P2", ""]),
        "amount": st.integers(min_value=-10, max_value=10**12),
        "spot": st.sampled_from(["red", "straight-17", "banker", "box-1", "pass", "x"]),
    }
    data: dict[str, Any] = {"kind": kind}
    for name in names:
        if draw(st.booleans()):
            data[name] = draw(plausible.get(name, JSON) | JSON)
    if draw(st.integers(0, 9)) == 0:
        data[draw(st.text(min_size=1, max_size=6))] = draw(JSON)
    return data


@FUZZ
@given(data=st.data(), game_id=st.sampled_from(GAME_IDS))
def test_any_action_is_parsed_or_refused_and_a_refusal_changes_nothing(
    data: st.DataObject, game_id: str
) -> None:
    engine = new_game(game_id, source=SeededSource(3))
    if "buy-in" in engine.actions:  # chips for P1, so bets can get as far as the rules
        engine.apply(
            action_from_dict({"kind": "buy-in", "player": "P1", "amount": 100_000}, engine.actions)
        )
    raw = data.draw(action_dicts(game_id))
    before = json.dumps(engine.view(None), sort_keys=True, default=str)
    log = len(engine.log)
    try:
        action = action_from_dict(raw, engine.actions)
    except RuleError:
        return
    try:
        engine.apply(action)
    except RuleError:
        assert json.dumps(engine.view(None), sort_keys=True, default=str) == before
        assert len(engine.log) == log


@FUZZ
@given(game_id=st.sampled_from(GAME_IDS), data=st.data())
def test_any_profile_file_loads_or_is_refused(game_id: str, data: st.DataObject) -> None:
    info = game_info(game_id)
    package = Path(__import__(info.module, fromlist=["x"]).__file__ or "").parent
    original = sorted((package / "profiles").glob("*.toml"))[0].read_text()
    lines = original.splitlines()
    choice = data.draw(st.integers(0, 3))
    if choice == 0:  # any text at all
        text = data.draw(st.text(max_size=200))
    elif choice == 1:  # one line replaced by a key with any value
        at = data.draw(st.integers(0, max(0, len(lines) - 1)))
        key = data.draw(
            st.sampled_from([ln.split("=")[0].strip() for ln in lines if "=" in ln] or ["x"])
        )
        value = data.draw(
            st.sampled_from(["-1", "0", "1e309", '"x"', "[]", "{}", "true", "99999999999999999999"])
        )
        lines[at : at + 1] = [f"{key} = {value}"]
        text = "\n".join(lines)
    elif choice == 2:  # lines dropped
        keep = data.draw(st.lists(st.booleans(), min_size=len(lines), max_size=len(lines)))
        text = "\n".join(ln for ln, k in zip(lines, keep, strict=True) if k)
    else:  # extends another game's profile, or an unknown one
        text = f'game = "{game_id}"\nextends = "{data.draw(st.text(max_size=10))}"\n'
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzzed.toml"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            load_profile(game_id, path=path)  # the profile, or ...
        except RuleError as refused:  # ... a typed refusal that says what is wrong
            assert str(refused)


def test_the_failing_example_found_by_the_fuzzing_is_refused() -> None:
    """Found by the run above (hypothesis, not derandomised): a list as a player's name got
    past the parser and a circle-poker engine raised ``TypeError`` looking it up."""
    engine = new_game("five-card-stud", source=SeededSource(3))
    try:
        action_from_dict({"kind": "leave", "player": []}, engine.actions)
    except RuleError as refused:
        assert refused.code == "malformed-action"
    else:
        raise AssertionError("a list was taken for a player's name")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_field_of_the_wrong_json_type_is_refused_by_the_parser(game_id: str) -> None:
    """Every plain field of every action of every game (text, whole number, yes/no):
    a JSON value of another type is refused as malformed before any engine sees it."""
    wrong = {str: [[], 1, {}], int: ["1", 1.5, True, None, []], bool: [0, "yes", None]}
    registry = new_game(game_id).actions
    checked = 0
    for kind, cls in sorted(registry.items()):
        hints = typing.get_type_hints(cls)
        for f in dataclasses.fields(cls):
            for value in wrong.get(hints.get(f.name), []):  # type: ignore[call-overload]
                with pytest.raises(RuleError) as refused:
                    action_from_dict({"kind": kind, f.name: value}, registry)
                assert refused.value.code == "malformed-action", (kind, f.name, value)
                checked += 1
    assert checked > 0
