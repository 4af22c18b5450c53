"""Events as values (issue #30 item 3): every kind of event has its words in render/, a sentence not
converted yet passes through, and an event's JSON carries its fields and its sentence."""

from __future__ import annotations

import importlib
import string

import pytest

from btcli.model.events import Event, GameOver, InitiativeRolled, PhaseEnded
from btcli.model.frozen import fields
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import Phase
from btcli.render import events as render_events
from btcli.render.events import as_json, sentence, sentences, templates
from tests.conftest import ROOT

MODULES = sorted(f"btcli.model.{p.stem}" for p in (ROOT / "btcli" / "model").glob("events*.py"))


def event_classes() -> list[type]:
    """Every Event subclass of every model/events*.py module (from the modules' names: ``Event.__subclasses__()``
    also lists the classes ``record`` made each slotted class from)."""
    found = []
    for name in MODULES:
        for value in vars(importlib.import_module(name)).values():
            if isinstance(value, type) and issubclass(value, Event) and value is not Event and value.__module__ == name:
                found.append(value)
    return sorted(found, key=lambda c: c.__name__)


@pytest.mark.parametrize("cls", event_classes(), ids=lambda c: c.__name__)
def test_every_event_has_its_words(cls):
    """A template in render/ named for the class, in the render module of its model module, over its own fields."""
    template = templates(cls).get(cls.__name__)
    assert template is not None, f"no words for {cls.__name__} in render/{cls.__module__.rpartition('.')[2]}.py"
    names = {f.name for f in fields(cls)}
    if isinstance(template, str):
        used = {field.partition(".")[0].partition("[")[0]
                for _, field, _, _ in string.Formatter().parse(template) if field}
        assert used <= names, f"{cls.__name__}'s template names {sorted(used - names)}, not its fields"
    assert not names & {"kind", "text"}, "kind and text are the JSON object's own keys"


@pytest.mark.parametrize("module", MODULES)
def test_every_template_is_an_event_of_its_module(module):
    """No words are left for an event that is gone (or moved to another module)."""
    classes = {c.__name__ for c in event_classes() if c.__module__ == module}
    area = importlib.import_module(module.replace(".model.", ".render."))
    assert set(area.TEXTS) == classes
    assert module.startswith("btcli.model.events")


def sample(cls: type, optional_none: bool) -> Event:
    """An event of ``cls`` with a value of each field's type (None for an optional one, if asked)."""
    from btcli.model.board import BuildingType, Terrain

    values = {"str": "x", "int": 3, "bool": True, "HexId": HexId.parse("0509"), "Facing": Facing.NE,
              "Phase": Phase.WEAPON, "BuildingType": BuildingType.HEAVY, "Terrain": Terrain.HEAVY_WOODS,
              "tuple[str, ...]": ("a", "b"), "tuple[tuple[str, int], ...]": (("red", 7), ("blue", 4))}
    args = {}
    for f in fields(cls):
        kind, _, none = f.type.partition(" | ")
        args[f.name] = None if none and optional_none else values[kind]
    return cls(**args)


@pytest.mark.parametrize("optional_none", [False, True])
@pytest.mark.parametrize("cls", event_classes(), ids=lambda c: c.__name__)
def test_every_event_is_worded_and_given_as_json(cls, optional_none):
    """Every template, a function's too, words an event of its fields' types (an optional field set or
    not); the JSON object is plain data, its text the sentence."""
    import json

    event = sample(cls, optional_none)
    text = sentence(event)
    assert text and (optional_none or "None" not in text), text
    data = json.loads(json.dumps(as_json(event)))
    assert data["kind"] == cls.__name__ and data["text"] == text
    assert list(data)[1:-1] == [f.name for f in fields(cls)]


def test_event_classes_are_records_with_no_state_of_their_own():
    for cls in event_classes():
        assert issubclass(cls, Event) and cls.__slots__ == tuple(f.name for f in fields(cls)), cls


def test_a_sentence_passes_through_unchanged():
    """Rules not converted yet still say sentences: they travel beside the values (issue #30)."""
    said = "u1 does something not yet a value"
    assert sentence(said) is said
    assert sentences([said, PhaseEnded(Phase.MOVEMENT, Phase.WEAPON, 2)]) == [
        said, "movement phase ends; weapon phase of turn 2 begins"]
    assert as_json(said) == {"kind": "text", "text": said}


def test_the_turn_events_say_what_the_log_says():
    assert sentence(InitiativeRolled((("red", 7), ("blue", 4)), "blue")) == \
        "initiative: red 7, blue 4; blue loses and moves first"
    assert sentence(InitiativeRolled((("red", 7), ("blue", 7)))) == "initiative: red 7, blue 7; tie, rolling again"
    assert sentence(GameOver("draw", "turn limit 4 reached")) == "game over: draw (turn limit 4 reached)"
    assert sentence(GameOver("red", "turn limit 4 reached")) == "game over: red wins (turn limit 4 reached)"


def test_json_gives_the_kind_the_fields_as_data_and_the_sentence():
    from btcli.model.events_combat import CoverStruck

    assert as_json(InitiativeRolled((("red", 7), ("blue", 4)), "blue")) == {
        "kind": "InitiativeRolled", "rolls": [["red", 7], ["blue", 4]], "loser": "blue",
        "text": "initiative: red 7, blue 4; blue loses and moves first"}
    assert as_json(PhaseEnded(Phase.MOVEMENT, Phase.WEAPON, 2)) == {  # a Choice as its value
        "kind": "PhaseEnded", "ended": "movement", "begun": "weapon", "turn": 2,
        "text": "movement phase ends; weapon phase of turn 2 begins"}
    assert as_json(CoverStruck(5, "LL", HexId.parse("0509"))) == {  # a hex as its label
        "kind": "CoverStruck", "amount": 5, "location": "LL", "hex": "0509",
        "text": "  5 to LL strikes building hex 0509 instead"}
    assert render_events._plain(Facing.SW) == "SW" and render_events._plain(None) is None
    assert as_json(GameOver("red", "x"), "given")["text"] == "given"  # the sentence already worded


def test_a_physical_attack_declared_says_what_the_log_says():
    """core/attacks.py: a physical attack declared at a unit (tables.md 8.7) or at a building hex (URB-ATK-04)."""
    from btcli.model.events_combat import PhysicalDeclared
    from btcli.model.events_urban import BlowAtHexDeclared

    assert sentence(PhysicalDeclared("u1", "kick", "u2", 6, 5, (("target moved 3 hexes", 1), ("kick", -2)))) == \
        "u1 declares a kick at u2: to-hit 6 (piloting 5, target moved 3 hexes +1, kick -2); resolved when the phase ends"
    assert sentence(PhysicalDeclared("u1", "punch", "u2", 5, 5, ())) == \
        "u1 declares a punch at u2: to-hit 5 (piloting 5); resolved when the phase ends"
    assert sentence(BlowAtHexDeclared("u1", "club", HexId.parse("0509"))) == \
        "u1 declares a club at building hex 0509: it always hits (URB-ATK-04); resolved when the phase ends"
