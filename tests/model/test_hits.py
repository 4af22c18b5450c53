"""Critical hits and hit targets as values (issue #30 item 2, btcli/model/hits.py): the rules read their
fields, the game file keeps the texts it always had ("LA:3", "front: engine hit", "hex:0805")."""

from __future__ import annotations

import pytest

from btcli.errors import GameFileError, InputError
from btcli.model.hexgrid import HexId
from btcli.model.hits import MOTIVE, AimedHex, Crit, CritResult, HexTarget, SlotHit, StrafeTarget
from btcli.rules.kinds import mech
from btcli.store import gamefile, typed
from btcli.store.codec import unit_from_dict, unit_to_dict
from btcli.store.hashing import state_hash
from tests.builders import SCORPION, changed, design, game
from tests.conftest import ROOT


@pytest.mark.parametrize("text, value", [
    ("LA:3", SlotHit("LA", 3)),
    ("CT:0", SlotHit("CT", 0)),
    ("FLL:11", SlotHit("FLL", 11)),  # a quad's front left leg (QUAD-01)
    ("front: engine hit", CritResult("front", "engine hit")),
    ("left: cargo/infantry hit", CritResult("left", "cargo/infantry hit")),
    ("motive: heavy damage", CritResult(MOTIVE, "heavy damage")),
    ("rotor: rotor destroyed", CritResult("rotor", "rotor destroyed")),
])
def test_a_crit_reads_from_and_writes_as_the_game_files_text(text, value):
    assert (Crit.parse(text), value.label, str(value)) == (value, text, text)


@pytest.mark.parametrize("text", ["LA", "LA:", ":3", "LA:03", "LA:+3", "LA:-1", "L A:3", "LA:x", ": engine hit",
                                  "front: ", "a:b: c"])
def test_a_malformed_crit_is_refused(text):
    with pytest.raises(InputError):
        Crit.parse(text)


def test_a_hex_target_reads_and_writes_hex_ccrr():
    assert (HexTarget.parse("hex:0805"), HexTarget(HexId(8, 5)).label) == (HexTarget(HexId(8, 5)), "hex:0805")
    with pytest.raises(InputError):
        HexTarget.parse("0805")


def test_motive_damage_is_a_crit_result_at_location_motive():
    assert CritResult(MOTIVE, "minor damage").is_motive_damage
    assert not CritResult("front", "driver hit").is_motive_damage


def test_crits_round_trip_through_the_codec_as_their_texts():
    state = game({"id": "m", "side": "red", "design": "Hunchback HBK-4G", "position": "0505"})
    unit = changed(state.units["m"], crits=(SlotHit("LA", 3), SlotHit("CT", 10), CritResult(MOTIVE, "minor damage")))
    plain = unit_to_dict(unit)
    assert plain["crits"] == ["LA:3", "CT:10", "motive: minor damage"]
    assert unit_from_dict("m", plain) == unit


def test_a_bad_crit_in_a_game_file_names_the_unit_and_the_field():
    state = game({"id": "m", "side": "red", "design": "Hunchback HBK-4G", "position": "0505"})
    plain = {**unit_to_dict(state.units["m"]), "crits": ["LA:three"]}
    with pytest.raises(GameFileError, match=r"unit 'm': crits: bad critical hit 'LA:three'"):
        unit_from_dict("m", plain)


def test_a_scenario_gives_crits_as_the_game_file_writes_them():
    state = game({"id": "m", "side": "red", "design": "Hunchback HBK-4G", "position": "0505",
                  "crits": ["LA:3", "CT:0"]})
    assert state.units["m"].crits == (SlotHit("LA", 3), SlotHit("CT", 0))


GAMES_WITH_CRITS = sorted(p for p in (ROOT / "tests" / "golden").glob("*/game.toml")
                          if b"\ncrits = [" in p.read_bytes())


@pytest.mark.parametrize("path", GAMES_WITH_CRITS, ids=lambda p: p.parent.name)
def test_a_golden_game_with_crits_is_written_back_byte_for_byte(path):
    data = path.read_bytes()
    loaded = gamefile.load(path)
    assert any(u.crits for u in loaded.state.units.values())
    assert gamefile.render_head(loaded.state) == data[:loaded.head_end]
    # The head's hash is the one the log recorded when the crits were strings.
    assert loaded.last["state"] == state_hash(loaded.state)


def test_the_hash_of_a_crit_is_the_hash_of_its_text():
    assert typed.to_plain((SlotHit("RT", 9), CritResult("front", "sensors"))) == ["RT:9", "front: sensors"]


# -- the rules read fields: a quad's legs are not a biped's ------------------------------------------------------


def quad():
    from tests.rules.test_quads import scorpion

    return game(scorpion()).units["q"]


def test_slot_hits_are_by_location_not_by_a_prefix_or_suffix_of_its_code():
    # QUAD-01: a quad's legs are FLL, FRL, RLL, RRL; a reading of "LOC:slot" that matched "LL" inside "FLL" or
    # "RLL", or "RL" inside "FRL" or "RRL", would find these hits in the wrong leg.
    unit = changed(quad(), crits=("FLL:0", "RLL:1", "FRL:2", "RRL:3"))
    assert mech.body(unit).legs == ("FLL", "FRL", "RLL", "RRL")
    assert {loc: unit.slot_hits(loc) for loc in ("LL", "RL", "FLL", "FRL", "RLL", "RRL")} == {
        "LL": set(), "RL": set(), "FLL": {0}, "FRL": {2}, "RLL": {1}, "RRL": {3}}
    assert unit.destroyed_items() == [unit.mech.slots["FLL"][0], unit.mech.slots["RLL"][1], unit.mech.slots["FRL"][2],
                                      unit.mech.slots["RRL"][3]]


def test_a_vehicle_result_is_no_slot_hit_and_a_slot_is_no_result():
    from btcli.rules.ground import vehicles

    unit = changed(quad(), crits=("FLL:0",))
    assert vehicles.count(unit, "FLL") == vehicles.count(unit, "0") == 0
    tank = game(design(SCORPION, "t")).units["t"]
    tank = changed(tank, crits=("front: driver hit", "front: driver hit"))
    assert (tank.slot_hits("front"), tank.destroyed_items(), vehicles.count(tank, "driver hit")) == (set(), [], 2)


# -- a pending hit on a building or bridge hex --------------------------------------------------------------------


def test_pending_hits_on_a_hex_and_on_a_unit_round_trip_as_the_game_file_writes_them():
    from btcli.model.state import Hit, StructureHit
    from btcli.rules.urban import structures
    from btcli.store.codec import meta_to_dict, state_from_dict, state_to_dict

    state = game({"id": "m", "side": "red", "design": "Hunchback HBK-4G", "position": "0505"})
    pending = (structures.building_hit(HexId(5, 5), 7, "Medium Laser@RA from m"), Hit("m", "CT", 5, source="x"))
    state = changed(state, pending=pending)
    assert pending[0] == StructureHit(HexTarget(HexId(5, 5)), "building", 7, "Medium Laser@RA from m")
    assert meta_to_dict(state)["pending"] == [
        {"target": "hex:0505", "location": "building", "damage": 7, "source": "Medium Laser@RA from m"},
        {"target": "m", "location": "CT", "damage": 5, "source": "x"}]
    assert state_from_dict(state_to_dict(state)).pending == pending
    assert [structures.is_structure_hit(h) for h in pending] == [True, False]


def test_a_pending_hit_on_a_bad_hex_label_is_read_as_a_hit_on_a_unit_named_so():
    # What the game file says is kept: a target that is no hex:CCRR is a unit's id (refused later if no unit has it).
    from btcli.model.state import Hit, StructureHit

    read = typed.decode(tuple[StructureHit | Hit, ...], [{"target": "hex:08", "location": "building", "damage": 1}],
                        "pending hits")
    assert read == (Hit("hex:08", "building", 1),)


# -- what an attack is declared at -------------------------------------------------------------------------------


@pytest.mark.parametrize("text, value", [
    ("hex:0805", HexTarget(HexId(8, 5))),  # a building or bridge hex (URB-ATK-01)
    ("strafe:0805,0806,0807", StrafeTarget((HexId(8, 5), HexId(8, 6), HexId(8, 7)))),  # an aircraft's strafe
    ("0805", AimedHex(HexId(8, 5))),  # an artillery shot's aim point (ASSET-ART)
    ("hunch", "hunch"),  # a unit, by its id
    ("hex:08", "hex:08"),  # what no value reads stays the text, a unit's id the rules then refuse
])
def test_a_declared_target_reads_as_its_value_and_writes_back_as_the_same_text(text, value):
    from btcli.model.state import AttackDeclaration

    read = typed.decode(AttackDeclaration, {"attacker": "a", "target": text}, "declarations")
    assert read.target == value
    assert typed.to_plain(read)["target"] == text


@pytest.mark.parametrize("text", ["strafe:", "strafe:08", "strafe:0805,"])
def test_a_malformed_strafe_target_is_refused(text):
    with pytest.raises(InputError):
        StrafeTarget.parse(text)
