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
              "tuple[str, ...]": ("a", "b"), "tuple[tuple[str, int], ...]": (("red", 7), ("blue", 4)),
              "tuple[HexId, ...]": (HexId.parse("0509"), HexId.parse("0510")),
              "tuple[int, ...]": (4, 2), "Event": GameOver("red", "x"), "tuple[Event, ...]": (GameOver("red", "x"),)}
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


def test_the_move_events_say_what_the_log_says():
    from btcli.model.events import Flew, MadeMinimumMove, Moved, StoodStill, TurnedInPlace

    here, there = HexId.parse("0509"), HexId.parse("0711")
    assert sentence(StoodStill("u1", here)) == "u1 stands still in 0509"
    assert sentence(TurnedInPlace("u1", here, Facing.SE, 2, "walk")) == "u1 turns in place in 0509 to face SE: 2 MP (walk)"
    assert sentence(Flew("v1", here, there, Facing.N, 1, 3, 6, 4, "flank")) == \
        "v1 flies 0509 -> 0711 facing N, elevation 1 -> 3: 6 MP, 4 hexes (flank)"
    assert sentence(Moved("u1", "run", here, there, Facing.S, 5, 3)) == "u1 runs 0509 -> 0711 facing S: 5 MP, 3 hexes"
    assert sentence(Moved("u1", "walk", here, there, Facing.S, 1, 1)) == "u1 walks 0509 -> 0711 facing S: 1 MP, 1 hex"
    assert sentence(MadeMinimumMove("t1", here, there, Facing.NW, "cruise")) == \
        "t1 makes a minimum move 0509 -> 0711 facing NW (counts as cruise; VEH-MOVE-07)"


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


def test_the_asset_events_say_what_the_log_says():
    from btcli.model import events_assets as ea

    h = HexId.parse
    assert sentence(ea.AssetMoved("a1", h("0505"), h("0506"), Facing.S, 1, 2, 1, footprint=(h("0505"),))) == \
        "a1 moves 0505 -> 0506 facing S: 1 of 2 MP, 1 hex; its second element in 0505"
    assert sentence(ea.AssetMoved("a1", h("0510"), h("0508"), Facing.N, 5, 5, 2, backward=True, road_bonus=True,
                                  rose_from=0, elevation=1)) == \
        "a1 moves backward 0510 -> 0508 facing N: 5 of 5 MP, 2 hexes (+1 MP on the road, ASSET-TERR-06), elevation 0 -> 1"
    assert sentence(ea.ShellScatters(3, Facing.N, h("0102"), HexId(1, -1))) == \
        "the shell scatters 3 hexes N of 0102 to off the map (column 1, row -1)"
    assert sentence(ea.AssetDamaged("a1", 6, "minefield", 6, area_effect=True)) == \
        "  a1 takes 6 damage from minefield (area effect doubled against infantry): 6 this turn"
    assert sentence(ea.Deployed("a1", h("0505"), Facing.S, (h("0504"),))) == "a1 deploys in 0505 facing S (also 0504)"
    assert sentence(ea.AssetSurvived("a1", 7, 5, anti_infantry=True)) == \
        "a1 survives: check TN 7 -> 5, anti-infantry wear -2 (ASSET-DMG-07)"


def test_the_aerospace_events_say_what_the_log_says():
    """The flight rules' unit-less events are said for their unit; a forced control roll says its failure's effects;
    a flight names its steps, hexes, velocity and thrust (model/events_aero.py, worded by render/events_aero.py)."""
    from btcli.model import events_aero as aero

    assert sentence(aero.AircraftEvent("f1", aero.Rolled(True))) == "f1: rolls (now inverted)"
    assert sentence(aero.AircraftEvent("f1", aero.OutOfControl(6, True))) == \
        "f1: out of control (failed by 6), moving randomly"
    failed = aero.DamageControlRoll("f1", "control critical", 4, 7, False,
                                    (aero.OutOfControl(3, False), aero.AltitudeLost(2, 4)))
    assert sentence(failed) == ("f1 control roll (control critical): 4 vs 7, failed: out of control (failed by 3); "
                                "loses 2 altitude, now 4")
    assert sentence(aero.DamageControlRoll("f1", "avionics critical", 9, 7, True)) == \
        "f1 control roll (avionics critical): 9 vs 7, made"
    flew = aero.Flew("f1", ("+", "F", "F"), "low", HexId.parse("0810"), HexId.parse("0808"), Facing.N, 6, 2, 3, 3,
                     "moved")
    assert sentence(flew) == "f1 flies + F F on low: 0810 -> 0808 facing N, altitude 6, velocity 2 (next turn 3), " \
                             "thrust 3 (moved)"
    assert sentence(aero.Flew("f1", (), "deep", None, HexId.parse("0808"), Facing.SW, None, 0, 0, 0, "moved")) == \
        "f1 flies no steps on deep: 0808 facing SW, velocity 0 (next turn 0), thrust 0 (moved)"
    assert sentence(aero.StruckByCrash("t1", (5, 6), 20, 5, 2, "AERO-CRASH-14")) == \
        "t1 is struck by the crash (rolled 5, 6): 20 damage in 5-point groups, 2 times (AERO-CRASH-19, AMB-58) " \
        "(AERO-CRASH-14)"
    assert sentence(aero.AeroCritical("kf_boom")) == "critical hit: K-F boom"  # AERO-CRIT-05
    assert sentence(aero.AeroCriticalNoEffect("docking_collar", "small_craft")) == \
        "critical hit: docking collar, which a small craft does not have: no effect (AERO-CRIT-05)"
    assert as_json(aero.AircraftEvent("f1", aero.Hovers())) == {
        "kind": "AircraftEvent", "unit": "f1", "event": {"kind": "Hovers", "text": "hovers"}, "text": "f1: hovers"}


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
