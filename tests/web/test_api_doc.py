"""docs/api.md is the reference of the JSON the API sends about a table: each example marked
`<!-- wire: NAME -->` is held against what the server sends in games played through the API
(a game against bots to its end, with hints, and a table of two people with chat and a
spectator) — the same keys at every depth, the same JSON types. A field added to or taken
from `chicago.web.wire` without the page fails here. docs/api.md ("The shapes") says how an
example is read: null is "may be empty", `"$name"` is another example, and a list shows one
element of each `type` or `kind`, the catalogs (`event`, `action`, `advice`) the rest."""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from live_support import act_for, quick, tables_of
from test_api_support import Player

from chicago.core.events import Event
from chicago.core.record import ACTION_FIELDS
from chicago.web.app import create_app

DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"
MARKED = re.compile(r"<!-- wire: (\w+) -->\n[ ]*```json\n(.*?)\n[ ]*```", re.S)
CATALOGS = {"event": "type", "action": "type", "advice": "kind"}
"""Examples that are lists of every kind of a shape, by the field that tells them apart."""
TAGS = ("type", "kind")
SEED = 12_345


def documented(text: str) -> dict[str, Any]:
    """The marked examples of the page, by name (each marker followed by its JSON block)."""
    found: dict[str, Any] = {}
    for name, block in MARKED.findall(text):
        assert name not in found, f"docs/api.md has two examples named {name}"
        found[name] = json.loads(block)
    assert text.count("<!-- wire:") == len(found), "a wire marker without a ```json block"
    return found


def kind_of(value: Any) -> str:
    """A value's JSON type."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def tag(value: Any) -> tuple[str, Any] | None:
    """What tells an element of a mixed list apart: its `type` or its `kind`."""
    if isinstance(value, dict):
        for key in TAGS:
            if key in value:
                return key, value[key]
    return None


class Shapes:
    """The page's examples, and how far a value sent is from them."""

    def __init__(self, examples: dict[str, Any]) -> None:
        self.examples = examples
        self.catalog: dict[tuple[str, Any], list[Any]] = defaultdict(list)
        for name, key in CATALOGS.items():
            for example in examples[name]:
                self.catalog[(key, example[key])].append(example)

    def errors(self, example: Any, sent: Any, path: str) -> list[str]:
        """Where `sent` is not shaped as `example`: keys sent and not documented, keys
        documented and not sent, JSON types that differ (null matches anything)."""
        if isinstance(example, str) and example.startswith("$"):
            target = self.examples[example[1:]]
            if isinstance(target, list) and isinstance(sent, dict):
                return self.element(target, sent, path)  # one of a catalog
            return self.errors(target, sent, path)
        if example is None or sent is None:
            return []
        if kind_of(example) != kind_of(sent):
            return [f"{path}: documented as {kind_of(example)}, sent {kind_of(sent)}"]
        if tag(example) is not None and tag(sent) not in (None, tag(example)):
            return self.element([example], sent, path)  # another kind: the catalog's
        if isinstance(example, dict):
            out = [f"{path}.{k}: sent, not documented" for k in sorted(set(sent) - set(example))]
            out += [f"{path}.{k}: documented, not sent" for k in sorted(set(example) - set(sent))]
            for k in sorted(set(example) & set(sent)):
                out += self.errors(example[k], sent[k], f"{path}.{k}")
            return out
        if isinstance(example, list) and example:
            for i, item in enumerate(sent):
                out = self.element(example, item, f"{path}[{i}]")
                if out:
                    return out
        return []

    def element(self, example: list[Any], item: Any, path: str) -> list[str]:
        """An element of a list against the list's example of its kind (by `type` or
        `kind`, from the catalogs when the list's example has none of that kind)."""
        if item is None:
            return []
        found = tag(item)
        if found is None:
            candidates = [e for e in example if e is not None]
        else:
            candidates = [e for e in example if tag(e) == found] or self.catalog[found]
            if not candidates:
                return [f"{path}: {found[0]} {found[1]!r} has no example"]
        return min((self.errors(c, item, path) for c in candidates), key=len, default=[])

    def check(self, name: str, sent: Any) -> list[str]:
        example = self.examples[name]
        if name in CATALOGS:
            return self.element(example, sent, name)
        return self.errors(example, sent, name)


def _solo(player: Player, sent: dict[str, list[Any]]) -> None:
    """A game of three against easy bots, seat 0 playing at random to the end, a hint at
    its first decision of each kind that has advice; its list, refusals and rules."""
    rng = random.Random(SEED)
    table = player.new_game(seats=3, seed=SEED, level="easy")
    advised: set[str] = set()
    while True:
        sent["table"].append(table)
        sent["event"] += table["events"] + table["view"]["log"]
        sent["action"] += table["legal"]
        if table["status"] == "finished":
            break
        decision = table["prompt"]["decision"]
        if decision not in advised:
            hint = player.get(f"/api/games/{table['id']}/hint").json()
            sent["hint"].append(hint)
            sent["action"].append(hint["action"])
            if hint["advice"] is not None:
                advised.add(decision)
                sent["advice"].append(hint["advice"])
        r = player.act(table, rng.choice(table["legal"]))
        assert r.status_code == 200, r.text
        table = r.json()
    assert {"exchange", "chicago", "play"} <= advised  # every kind of advice was sent
    sent["summary"] += player.get("/api/games").json()["games"]
    sent["profile"].append(player.get("/api/rules").json()["profile"])
    sent["error"].append(player.get("/api/games/no-such-game").json())
    stale = player.act({**table, "version": 1}, {"type": "play", "card": "Ah"})
    assert stale.status_code == 409
    sent["error_stale"].append(stale.json())
    illegal = player.new_game(seats=2, seed=SEED)
    refused = player.act(illegal, {"type": "play", "card": illegal["view"]["hand"][0]})
    assert refused.status_code == 422 and refused.json()["rule"]
    sent["error"].append(refused.json())


def _people(app: Any, ann: Player, bo: Player, sent: dict[str, list[Any]]) -> None:
    """A table of two people and a bot with a turn timer: made, joined, chatted at, watched,
    started, played by both for a while, then by stand-ins while both are away to its end,
    and a rematch asked for; each seat's payloads, the lists and the links."""
    r = ann.post("/api/tables", {"name": "Ann", "seats": 3, "players": ["friend", "easy"],
                                 "seed": SEED, "timer": 30})
    assert r.status_code == 201, r.text
    made = r.json()
    game_id = made["id"]
    sent["invite"].append(made.pop("invite"))
    seen: list[dict[str, Any]] = [made]
    no_invite = bo.get("/api/invites/NOSUCHCODE")
    assert no_invite.status_code == 404
    sent["error_invitation"].append(no_invite.json())
    assert bo.post(f"/api/invites/{sent['invite'][0]['token']}", {"name": "Bo"}).status_code == 200
    sent["chat"].append(bo.post(f"/api/tables/{game_id}/chat", {"phrase": "good_luck"}).json())
    sent["chat"].append(ann.post(f"/api/tables/{game_id}/chat", {"text": "Thanks!"}).json())
    sent["chat"] += ann.get(f"/api/tables/{game_id}/chat").json()["messages"]
    sent["invite"].append(ann.post(f"/api/tables/{game_id}/invite").json())
    watch = ann.post(f"/api/tables/{game_id}/watch").json()
    sent["watch_link"].append(watch)
    start = ann.post(f"/api/tables/{game_id}/start")
    assert start.status_code == 200, start.text
    seen.append(start.json())
    tables = tables_of(app)
    rng = random.Random(SEED)
    for _ in range(30):
        while tables.step(game_id):  # the bot's turns
            pass
        views = [ann.get(f"/api/tables/{game_id}").json(),
                 bo.get(f"/api/tables/{game_id}").json()]
        seen += views
        mover = next(i for i, v in enumerate(views) if v["legal"])
        r = act_for((ann, bo)[mover], game_id, views[mover], rng.choice(views[mover]["legal"]))
        assert r.status_code == 200, r.text
        seen.append(r.json())
    for player in (ann, bo):  # stand-ins play both seats to the end (`live.notes`)
        assert player.post(f"/api/tables/{game_id}/away", {"away": True}).status_code == 204
    while tables.step(game_id):
        pass
    assert bo.post(f"/api/tables/{game_id}/again").status_code == 200  # `live.again`
    seen += [ann.get(f"/api/tables/{game_id}").json(), bo.get(f"/api/tables/{game_id}").json(),
             bo.get(f"/api/watch/{watch['token']}").json()]
    assert seen[-3]["status"] == "finished" and seen[-3]["live"]["notes"]
    for player in (ann, bo):
        sent["table_entry"] += player.get("/api/tables").json()["tables"]
    for live_table in seen:
        sent["live"].append(live_table.pop("live"))
        sent["table"].append(live_table)
        sent["event"] += live_table["events"] + live_table["view"]["log"]
        sent["action"] += live_table["legal"]


def _quick_play(ann: Player, bo: Player, sent: dict[str, list[Any]]) -> None:
    """Two presses of quick play for two seats: one waiting, then both seated; a listed open
    table with a seat taken."""
    waiting = ann.post("/api/quick", {"name": "Ann", "seats": 2}).json()
    seated = bo.post("/api/quick", {"name": "Bo", "seats": 2}).json()
    sent["quick"] += [waiting, seated, ann.get(f"/api/quick/{waiting['id']}").json()]
    assert [q["status"] for q in sent["quick"]] == ["waiting", "seated", "seated"]
    listed = ann.post("/api/tables", {"name": "Ann", "seats": 3, "listed": True}).json()["id"]
    assert bo.post(f"/api/tables/{listed}/sit", {"name": "Bo"}).status_code == 200
    sent["open_table"] += ann.get("/api/open-tables").json()["tables"]


@pytest.fixture(scope="module")
def sent(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, list[Any]]]:
    """What the server sent, by the name of its shape in docs/api.md."""
    url = f"sqlite:///{tmp_path_factory.mktemp('wire') / 'chicago.db'}"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CHICAGO_SQLITE_SYNCHRONOUS", "NORMAL")  # logic, not a power cut
        app = quick(create_app(url))
    try:
        payloads: dict[str, list[Any]] = defaultdict(list)
        _solo(Player(app), payloads)
        _people(app, Player(app), Player(app, client=("testclient", 50001)), payloads)
        _quick_play(Player(app), Player(app, client=("testclient", 50002)), payloads)
        payloads["view"] = [t["view"] for t in payloads["table"]]
        payloads["profile"] += [t["profile"] for t in payloads["table"]]
        yield payloads
    finally:
        app.state.store.close()


EXAMPLES = documented(DOC.read_text(encoding="utf-8"))


def test_every_shape_sent_has_its_example_and_every_example_is_checked(
    sent: dict[str, list[Any]],
) -> None:
    assert set(EXAMPLES) == set(sent)
    assert all(sent.values())


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_example_is_what_the_server_sends(name: str, sent: dict[str, list[Any]]) -> None:
    shapes = Shapes(EXAMPLES)
    wrong = sorted({e for value in sent[name] for e in shapes.check(name, value)})
    assert not wrong, "docs/api.md and the server differ:\n" + "\n".join(wrong)


def _event_forms() -> dict[str, list[set[str]]]:
    """Every event a seat may be sent (R9.1: not the record-only ones), by type: its keys,
    and without its private fields as another seat gets it."""
    forms: dict[str, list[set[str]]] = {}
    for cls in Event.__subclasses__():
        if cls.HIDDEN:
            continue
        name = re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()
        keys = {"type", *(f.name for f in fields(cls))}
        forms[name] = [keys] + ([keys - set(cls.PRIVATE)] if cls.PRIVATE else [])
    return forms


def test_the_event_catalog_has_every_event_a_seat_may_see() -> None:
    """Rare events (a Chicago won, four of a kind) are held to the engine's own fields."""
    documented_forms: dict[str, list[set[str]]] = defaultdict(list)
    for example in EXAMPLES["event"]:
        documented_forms[example["type"]].append(set(example))
    assert dict(documented_forms) == _event_forms()


def test_the_action_catalog_has_every_action() -> None:
    """Each action type with its required fields, and with its optional ones too."""
    expected = {
        kind: [{"type", *required}] + ([{"type", *required, *optional}] if optional else [])
        for kind, (required, optional) in ACTION_FIELDS.items()
    }
    documented_forms: dict[str, list[set[str]]] = defaultdict(list)
    for example in EXAMPLES["action"]:
        documented_forms[example["type"]].append(set(example))
    assert dict(documented_forms) == expected


def test_a_field_added_or_dropped_without_the_page_is_found(
    sent: dict[str, list[Any]],
) -> None:
    """The check itself: a field more, a field less, a type changed, an unknown event."""
    shapes = Shapes(EXAMPLES)
    table = json.loads(json.dumps(sent["table"][-1]))
    assert shapes.check("table", table) == []
    table["spin"] = 1
    del table["prompt"]
    table["view"]["deal"] = "three"
    table["events"] = [{"type": "cards_shuffled", "seat": 1}]
    assert sorted(shapes.check("table", table)) == [
        "table.events[0]: type 'cards_shuffled' has no example",
        "table.prompt: documented, not sent",
        "table.spin: sent, not documented",
        "table.view.deal: documented as number, sent string",
    ]
