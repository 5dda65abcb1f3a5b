"""Stacked-deck scenarios (tests/scenarios/*.json), replayed through `chicago replay`.

Each scenario is a docs/game-file.md game file whose top-level `meta` holds a title, the rules
it checks and the expected outcome (`meta.expect`):
- `error`: the replay exits 2 with exactly that one line on stderr and nothing on stdout;
- otherwise it exits 0 and each other key equals the output's key, except
  `events_include` (an ordered subsequence: each dict is a subset of some later event) and
  `events_exclude` (no event has any of these dicts as a subset).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from chicago.cli import main

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))
EXPECT_KEYS = {
    "status", "winner", "scores", "qualified", "eliminated", "deal", "dealer", "to_act",
    "events_include", "events_exclude", "error",
}


def _subset(small: dict[str, Any], big: dict[str, Any]) -> bool:
    return all(k in big and big[k] == v for k, v in small.items())


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_there_are_scenarios() -> None:
    assert SCENARIOS


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_is_described(path: Path) -> None:
    meta = _load(path).get("meta")
    assert isinstance(meta, dict), "a scenario needs a meta object"
    assert isinstance(meta.get("title"), str) and meta["title"].strip()
    rules = meta.get("rules")
    assert isinstance(rules, list) and rules and all(isinstance(r, str) for r in rules)
    assert isinstance(meta.get("expect"), dict) and meta["expect"]
    # The project's naming convention: r<rule>-<slug>.json citing that rule, or, for the
    # other profiles' knobs (docs/rules.md §X), x-<knob>-<value>-<slug>.json citing "§X".
    if path.stem.startswith("x-"):
        assert re.fullmatch(r"x-[a-z0-9_]+-[a-z0-9_]+-[a-z0-9-]+", path.stem), path.name
        assert "§X" in rules, f"{path.name} does not cite §X"
    else:
        named = re.fullmatch(r"r(\d+)_(\d+)-[a-z0-9-]+", path.stem)
        assert named, f"{path.name} is not named r<rule>-<short-slug>.json"
        assert f"R{named[1]}.{named[2]}" in rules, f"{path.name} does not cite its rule"
    unknown = set(meta["expect"]) - EXPECT_KEYS
    assert not unknown, f"unknown expect keys {sorted(unknown)}"
    if "error" in meta["expect"]:
        assert list(meta["expect"]) == ["error"], "an error scenario expects nothing else"


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expect: dict[str, Any] = dict(_load(path)["meta"]["expect"])
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    if "error" in expect:
        assert code == 2, f"expected the replay to fail, got stdout {out[:300]}"
        assert out == ""
        assert err.splitlines() == [expect["error"]]
        return
    assert code == 0, err
    assert err == ""
    state = json.loads(out)
    include = expect.pop("events_include", [])
    exclude = expect.pop("events_exclude", [])
    for key, value in expect.items():
        assert key in state, f"no {key!r} in the output"
        assert state[key] == value, f"{key}: expected {value!r}, got {state[key]!r}"
    events = state["events"]
    at = 0
    for wanted in include:
        while at < len(events) and not _subset(wanted, events[at]):
            at += 1
        assert at < len(events), f"no event matching {wanted} (in order)"
        at += 1
    for unwanted in exclude:
        found = [e for e in events if _subset(unwanted, e)]
        assert not found, f"unexpected event {found[0]}"
