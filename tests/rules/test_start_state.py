"""A unit's state as scenario data (issue #32 item 1): every key of ``[units.state]`` (btcli.rules.kinds.start_state)
sets the state the rules read, so each test here fails if its key were ignored; a value no game could reach is
refused naming the unit and the key (ST-01..ST-06, ST-08, ST-09: docs/rules-notes.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from btcli.dice import ManualDice
from btcli.errors import GameFileError, IllegalOrderError
from btcli.model.state import Hit
from btcli.rules import kinds
from btcli.rules.core import combat, damage, tohit
from btcli.rules.ground import vehicles
from btcli.rules.kinds import start_state
from btcli.rules.kinds import aero as aero_kind
from tests.builders import (
    CORSAIR,
    FERRET,
    HUNCHBACK,
    SCORPION,
    aero_game,
    asset,
    design,
    flier,
    game,
    gunner,
    heavy_vtol,
    platoon,
    weapon_game,
)

MANTICORE = "Manticore Heavy Tank"  # tracked, 60 t, cruise 4 / flank 6; PPC, LRM-10, SRM-6 in its turret


def mech(**state):
    """A Hunchback (AC/20@RT with two 5-shot bins in LT, Medium Lasers LA and RA, Small Laser HD) in ``state``."""
    return game(design(HUNCHBACK, "u1", state=state)).units["u1"]


def refused(entry: dict, *others: dict, maker=game) -> str:
    with pytest.raises(GameFileError) as exc:
        maker(entry, *others)
    return str(exc.value)


def hit(unit, location, amount, rear=False, dice=(2,)):
    """One damage group to a 'Mech, its critical roll (if any) scripted."""
    d = ManualDice(list(dice))
    return damage.mech_damage(unit, Hit(unit.id, location, amount, "rear" if rear else "front", rear, False, False,
                                        "test"), d, [])


# -- 'Mechs: armor and structure --------------------------------------------------------------------------------


def test_armor_left_zero_lets_the_first_hit_reach_the_structure():  # ST-01
    struck = hit(mech(armor_left={"LA": 0}), "LA", 5)
    assert struck.internal["LA"] == 3 and struck.armor["LA"] == 0


def test_armor_damage_is_taken_off_the_full_armor():
    unit = mech(armor_damage={"LA": 6})
    assert unit.armor["LA"] == 10
    assert hit(unit, "LA", 5).internal["LA"] == 8  # 5 of its 10 left absorb it


def test_rear_armor_is_a_location_of_its_own():  # ST-01: a rear hit meets the rear armor
    struck = hit(mech(armor_left={"CTR": 0}), "CT", 2, rear=True)
    assert struck.internal["CT"] == 14 and struck.armor["CT"] == 26


def test_internal_left_is_what_a_hit_then_finds():
    unit = mech(armor_left={"LA": 0}, internal_left={"LA": 2})
    struck = hit(unit, "LA", 3, dice=())
    assert struck.internal["LA"] == 0
    assert next(m for m in struck.weapons if m.location == "LA").destroyed


def test_internal_damage_is_taken_off_the_full_structure():
    assert mech(armor_left={"RL": 0}, internal_damage={"RL": 5}).internal["RL"] == 7


def test_internal_damage_under_armor_is_refused():  # ST-01
    assert "LA has internal structure damage under its armor (LA 16 left)" in refused(
        design(HUNCHBACK, state={"internal_damage": {"LA": 1}}))
    assert "CT has internal structure damage under its armor (CT 26, CTR 5 left)" in refused(
        design(HUNCHBACK, state={"internal_left": {"CT": 10}}))


def test_internal_damage_under_armor_is_reached_by_an_ammunition_explosion():  # ST-01, tables.md 4
    unit = mech(crits=["LT:ammo:AC/20"], internal_left={"LT": 4, "CT": 10})  # LT's blast moves on into CT
    assert unit.internal["LT"] == 4 and unit.armor["LT"] == 20
    assert unit.ammo[0].shots == 0  # the bin that exploded


def test_damage_beyond_a_location_or_an_unknown_location_is_refused():
    assert "state.armor_left.LA must be a whole number from 0 to 16, not 17" in refused(
        design(HUNCHBACK, state={"armor_left": {"LA": 17}}))
    assert "state.armor_damage: unknown location 'XX'" in refused(design(HUNCHBACK, state={"armor_damage": {"XX": 1}}))
    assert "LA is given in both armor_left and armor_damage" in refused(
        design(HUNCHBACK, state={"armor_left": {"LA": 1}, "armor_damage": {"LA": 1}}))


def test_destroyed_locations_take_their_contents_and_a_side_torsos_arm():
    unit = mech(destroyed_locations=["LT"])
    assert unit.internal["LT"] == unit.internal["LA"] == 0 and unit.armor["LTR"] == 0
    assert [a.shots for a in unit.ammo] == [0, 0]  # the LT bins are gone
    assert next(m for m in unit.weapons if m.location == "LA").destroyed
    assert "unit 'u1': state: CT destroyed destroys the 'Mech" in refused(
        design(HUNCHBACK, state={"destroyed_locations": ["CT"]}))
    assert "LA is destroyed, so its armor is 0, not 3" in refused(
        design(HUNCHBACK, state={"destroyed_locations": ["LA"], "armor_left": {"LA": 3}}))
    gone = mech(armor_left={"RA": 0}, internal_left={"RA": 0})  # internal_left = 0 destroys the location too
    assert next(m for m in gone.weapons if m.location == "RA").destroyed


# -- 'Mechs: critical hits ----------------------------------------------------------------------------------------


def test_a_critical_hit_by_slot_is_what_the_rules_read():  # ST-04
    unit = mech(crits=["RA:1"])  # the upper arm actuator
    assert ("upper arm actuator destroyed", 1) in tohit.mech_damage_modifiers(unit, "RA")


def test_a_critical_hit_by_what_the_slot_holds():  # ST-04
    unit = mech(crits=["CT:gyro", "sensors"])
    assert unit.count_hits("gyro") == 1 and unit.count_hits("sensors") == 1
    assert ("sensor hit", 2) in tohit.mech_damage_modifiers(unit, "RT")


def test_a_weapon_slot_hit_destroys_the_weapon():
    state = weapon_game(design(HUNCHBACK, "u1", at="0610", state={"crits": ["weapon:Small Laser"]}),
                        design(HUNCHBACK, "b", at="0607", side="blue"))
    with pytest.raises(IllegalOrderError):
        combat.plan_weapon_attack(state, "u1", "b", ("Small Laser",), "")


def test_impossible_critical_hits_are_refused():  # ST-04
    assert "'CT:10': slot CT:10 is empty" in refused(design(HUNCHBACK, state={"crits": ["CT:10"]}))
    assert "'HD:6': HD has slots 0 to 5" in refused(design(HUNCHBACK, state={"crits": ["HD:6"]}))
    assert "'LA:3' is hit twice" in refused(design(HUNCHBACK, state={"crits": ["LA:3", "LA:3"]}))
    assert "no slot in LA holding 'gyro'" in refused(design(HUNCHBACK, state={"crits": ["LA:gyro"]}))
    assert "a cockpit hit kills the MechWarrior" in refused(design(HUNCHBACK, state={"crits": ["cockpit"]}))
    assert "three engine hits destroy the 'Mech" in refused(
        design(HUNCHBACK, state={"crits": ["engine", "engine", "engine"]}))
    endo = gunner("u1", "0510", "Medium Laser", structure="endo_steel")
    assert "which a critical hit never destroys" in refused({**endo, "state": {"crits": ["endo_steel"]}})


def test_weapons_destroyed_marks_a_critical_hit_on_the_weapon():
    unit = mech(weapons_destroyed=["Medium Laser@LA"])
    assert [m.label for m in unit.weapons if m.destroyed] == ["Medium Laser@LA"]
    assert unit.crits[0].location == "LA" and unit.built.slots["LA"][unit.crits[0].slot] == "weapon:Medium Laser"
    assert "no weapon 'PPC'" in refused(design(HUNCHBACK, state={"weapons_destroyed": ["PPC"]}))


# -- 'Mechs: ammunition, heat, pilot, posture ------------------------------------------------------------------


def test_an_empty_bin_refuses_to_fire():
    state = weapon_game(design(HUNCHBACK, "u1", at="0610", state={"ammo": {"AC/20@LT": [0, 0]}}),
                        design(HUNCHBACK, "b", at="0607", side="blue"))
    with pytest.raises(IllegalOrderError, match="0 AC/20 shot"):
        combat.plan_weapon_attack(state, "u1", "b", ("AC/20",), "")
    assert [a.shots for a in mech(ammo={"AC/20@LT": [3, 5]}).ammo] == [3, 5]


def test_impossible_ammunition_is_refused():
    assert "shots left must be a whole number from 0 to 5 (the bin holds 5), not 6" in refused(
        design(HUNCHBACK, state={"ammo": {"AC/20@LT": [6, 5]}}))
    assert "not -1" in refused(design(HUNCHBACK, state={"ammo": {"AC/20@LT": [-1, 5]}}))
    assert "2 bin(s) there, 1 value(s) given" in refused(design(HUNCHBACK, state={"ammo": {"AC/20@LT": 3}}))
    assert "no ammunition bin 'AC/20@RT'" in refused(design(HUNCHBACK, state={"ammo": {"AC/20@RT": 3}}))
    assert "that bin exploded or its location is gone" in refused(
        design(HUNCHBACK, state={"destroyed_locations": ["LT"], "ammo": {"AC/20@LT": [1, 0]}}))


def test_heat_gives_its_to_hit_modifier_and_30_means_shut_down():  # ST-03, tables.md 15
    assert ("heat 14", 2) in tohit.mech_damage_modifiers(mech(heat=14), "RT")
    assert "at 30 a 'Mech is shut down" in refused(design(HUNCHBACK, state={"heat": 30}))
    assert mech(heat=31, shutdown=True).built.heat == 31


def test_shutdown_and_prone():
    assert kinds.is_immobile(mech(shutdown=True))
    assert mech(prone=True).built.prone


def test_pilot_hits_and_consciousness():  # ST-02
    assert mech(pilot_hits=5).pilot_hits == 5
    assert "6 hits kill the MechWarrior" in refused(design(HUNCHBACK, state={"pilot_hits": 6}))
    assert kinds.is_immobile(mech(pilot_hits=1, conscious=False))
    assert "knocked out only by the hits he takes" in refused(design(HUNCHBACK, state={"conscious": False}))


def test_weapons_jammed_only_where_a_weapon_jams():
    uac = gunner("u1", "0610", "Ultra AC/5", ammo=[{"weapon": "Ultra AC/5", "location": "LT", "shots": 20}],
                 state={"weapons_jammed": ["Ultra AC/5"]})
    state = weapon_game(uac, design(HUNCHBACK, "b", at="0607", side="blue"))
    assert state.units["u1"].weapons[0].jammed
    with pytest.raises(IllegalOrderError):
        combat.plan_weapon_attack(state, "u1", "b", ("Ultra AC/5",), "")
    assert "Medium Laser@LA never jams" in refused(design(HUNCHBACK, state={"weapons_jammed": ["Medium Laser@LA"]}))


def test_weapons_spent_only_a_one_shot():  # EQ-OS-01
    os = {**gunner("u1", "0610", "SRM-4"), "weapons": [{"name": "SRM-4", "location": "RT", "one_shot": True}],
          "state": {"weapons_spent": ["SRM-4"]}}
    state = weapon_game(os, design(HUNCHBACK, "b", at="0607", side="blue"))
    with pytest.raises(IllegalOrderError):
        combat.plan_weapon_attack(state, "u1", "b", ("SRM-4",), "")
    assert "no one-shot weapon" in refused(design(HUNCHBACK, state={"weapons_spent": ["Medium Laser@LA"]}))


# -- vehicles ---------------------------------------------------------------------------------------------------


def tank(**state):
    return game(design(MANTICORE, "u1", state=state)).units["u1"]


def test_vehicle_crew_hits_and_their_escalation():  # ST-05, VEH-CRIT-12
    unit = tank(crits=["front: driver hit", "commander hit"])
    assert ("driver hit", 2) in vehicles.driving_modifiers(unit)
    assert ("commander hit", 1) in vehicles.to_hit_modifiers(unit, "front")
    assert "driver hit cannot be taken now: it would be crew stunned" in refused(
        design(MANTICORE, state={"crits": ["driver hit", "driver hit"]}))
    assert "not given here: give weapons_destroyed" in refused(design(MANTICORE, state={"crits": ["weapon destroyed"]}))


def test_vehicle_engine_sensor_and_stabilizer_hits():
    unit = tank(crits=["engine hit", "sensors", "rear: stabilizer"])
    assert unit.vehicle.engine_hit and kinds.is_immobile(unit) and unit.vehicle.stabilized == ("rear",)
    assert ("sensor hits (1)", 1) in vehicles.to_hit_modifiers(unit, "front")


def test_motive_damage_costs_cruising_mp_as_in_play():  # tables.md 3
    unit = tank(motive_damage=["moderate", "heavy"])
    assert (unit.walk, unit.vehicle.motive_dsr) == (2, (2, 3))
    assert kinds.is_immobile(tank(motive_damage=["major"]))
    assert "not a motive result" in refused(design(MANTICORE, state={"motive_damage": ["total"]}))
    assert "a VTOL takes no motive system damage" in refused(design(FERRET, state={"motive_damage": ["minor"]}))


def test_rotor_hits_cost_a_vtol_cruising_mp():  # ST-08, tables.md 2, VEH-DMG-12
    unit = game(heavy_vtol(state={"rotor_hits": 2, "armor_damage": {"rotor": 2}})).units["u1"]
    assert unit.walk == 6
    assert "2 hits on the rotor leave at least 2 damage on it, not 1" in refused(
        heavy_vtol(state={"rotor_hits": 2, "armor_damage": {"rotor": 1}}))
    assert "only a VTOL has a rotor" in refused(design(MANTICORE, state={"rotor_hits": 1}))


def test_turret_crew_and_immobile_keys():  # VEH-CRIT-09, 10, 17..19
    assert tank(turret="locked").vehicle.turret == "locked"
    gone = tank(turret="gone")
    assert gone.vehicle.turret == "gone" and all(m.destroyed for m in gone.weapons if m.location == "turret")
    assert "the turret is gone" in refused(design(MANTICORE, state={"turret": "gone", "armor_left": {"turret": 3}}))
    assert vehicles.stunned(tank(crew_stunned=True), 1)
    assert tank(crew_killed=True).out_of_action
    assert kinds.is_immobile(tank(immobile=True))


def test_vehicle_weapons_and_ammunition():
    state = weapon_game(design(SCORPION, "u1", at="0610", state={"weapons_destroyed": ["Machine Gun"],
                                                                 "ammo": {"AC/5@body": 0}}),
                        design(HUNCHBACK, "b", at="0607", side="blue"))
    for weapon in ("Machine Gun", "AC/5"):
        with pytest.raises(IllegalOrderError):
            combat.plan_weapon_attack(state, "u1", "b", (weapon,), "")
    assert game(design(SCORPION, state={"weapons_jammed": ["AC/5"]})).units["u1"].weapons[0].jammed


def test_vehicle_structure_needs_its_armor_gone_or_an_ammunition_explosion():  # ST-01
    assert "front has internal structure damage under its armor" in refused(
        design(MANTICORE, state={"internal_damage": {"front": 1}}))
    assert "which destroys a vehicle" in refused(design(MANTICORE, state={"armor_left": {"front": 0},
                                                                          "internal_left": {"front": 0}}))
    unit = tank(crits=["rear: ammunition"], internal_damage={"rear": 2})
    assert unit.internal["rear"] == 4 and all(a.shots == 0 for a in unit.ammo)


# -- infantry, aerospace units, assets --------------------------------------------------------------------------


def test_troopers_left():  # ST-09
    assert game(platoon(state={"troopers_left": 20})).units["inf"].internal["troopers"] == 20
    assert "troopers_left must be a whole number from 1 to 28, not 29" in refused(platoon(state={"troopers_left": 29}))
    assert "state troopers_left must be at least 1, not 0" in refused(platoon(state={"troopers_left": 0}))  # schema
    squad = {"id": "ba", "side": "blue", "kind": "infantry", "motive": "foot", "tons": 4, "troopers": 4,
             "trooper_armor": 5, "walk": 1, "position": "0506", "state": {"troopers_left": 2,
                                                                          "armor_left": {"trooper3": 1}}}
    unit = game(squad).units["ba"]
    assert unit.internal == {"trooper1": 0, "trooper2": 0, "trooper3": 1, "trooper4": 1}
    assert unit.armor == {"trooper1": 0, "trooper2": 0, "trooper3": 1, "trooper4": 5}


def test_an_aerospace_units_damage_boxes_are_what_its_rules_read():
    state = aero_game(flier(CORSAIR, state={
        "si_left": 3, "armor_left": {"nose": 10}, "engine_hits": 1, "left_thruster_hits": 1, "avionics_hits": 2,
        "sensor_hits": 1, "fire_control_hits": 1, "heat_sinks_lost": 4, "landing_gear_damaged": True, "heat": 7,
        "pilot_hits": 2, "weapons_destroyed": ["Large Laser@nose", "Large Laser"]}))
    view = aero_kind.view(state.units["f1"])
    assert (view.structural_integrity, view.armor.nose, view.engine_hits, view.left_thruster_hits) == (3, 10, 1, 1)
    assert (view.avionics_hits, view.sensor_hits, view.fire_control_hits, view.heat_sinks_lost) == (2, 1, 1, 4)
    assert view.landing_gear_damaged and view.pilot_hits == 2 and view.weapons_destroyed == (0, 0)
    assert state.units["f1"].aero.heat == 7


def test_impossible_aerospace_states_are_refused():
    def no(table):
        with pytest.raises(GameFileError) as exc:
            aero_game(flier(CORSAIR, state=table))
        return str(exc.value)

    assert "no structural integrity left destroys the unit" in no({"si_left": 0})
    assert "it has 16 heat sinks, not 17 to lose" in no({"heat_sinks_lost": 17})
    assert "no other weapon 'Large Laser'" in no({"weapons_destroyed": ["Large Laser"] * 3})
    assert "6 hits kill the crew" in no({"pilot_hits": 6})
    assert "bombs_dropped must be a whole number from 0 to 0" in no({"bombs_dropped": 1})
    assert "state.prone is not part of an aerospace unit's state" in no({"prone": True})


def test_an_aircrafts_boxes_are_those_its_class_can_take():  # ST-10, AERO-CRIT-01, 04, 05
    def no(name, table):
        with pytest.raises(GameFileError) as exc:
            aero_game(flier(name, state=table))
        return str(exc.value)

    taxi = aero_game(flier("Battle Taxi NL-42", state={
        "left_thruster_hits": 1, "right_thruster_hits": 2, "door_hits": 1, "cargo_hits": 1, "life_support_hit": True}))
    view = aero_kind.view(taxi.units["f1"])
    assert (view.left_thruster_hits, view.right_thruster_hits, view.door_hits, view.cargo_hits) == (1, 2, 1, 1)
    assert view.life_support_hit and not view.docking_collar_damaged
    assert "state.door_hits: an aerospace fighter takes no door critical" in no(CORSAIR, {"door_hits": 1})
    assert "takes no cargo critical" in no(CORSAIR, {"cargo_hits": 1})
    assert "takes no life support critical" in no(CORSAIR, {"life_support_hit": True})
    assert "takes no bomb critical" in no("Battle Taxi NL-42", {"bomb_hits": 1})
    assert "takes no docking collar critical" in no("Battle Taxi NL-42", {"docking_collar_damaged": True})
    assert "takes no kf boom critical" in no("Battle Taxi NL-42", {"kf_boom_damaged": True})
    assert start_state.read(taxi.units["f1"])["life_support_hit"] is True


def test_an_assets_worn_check():  # ST-06, ASSET-DMG-12, 13
    state = game(asset("S-1 Light tracked tank", state={"check": 5}))
    assert state.units["a1"].asset.state.check == 5
    assert "check must be a whole number from 2 to 7, not 8" in refused(asset("S-1 Light tracked tank",
                                                                              state={"check": 8}))
    assert "state check must be at least 2, not 1" in refused(asset("S-1 Light tracked tank", state={"check": 1}))


def test_a_key_of_another_kind_is_refused_naming_the_unit():
    assert "unit 'u1': state.troopers_left is not part of a 'Mech's state" in refused(
        design(HUNCHBACK, state={"troopers_left": 3}))
    assert "unit 'inf': state.heat is not part of an infantry unit's state" in refused(platoon(state={"heat": 1}))


# -- reading a state back ---------------------------------------------------------------------------------------


GOLDEN = sorted((Path(__file__).resolve().parents[1] / "golden").glob("*/game.toml"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.parent.name)
def test_a_units_state_read_back_applies_to_the_same_state(path):  # issue #32: carrying = read, then apply
    from btcli.store import journal
    from btcli.store.codec import state_from_dict

    head, entries = journal.parts(path.read_bytes())
    first, final = journal.initial_state(entries[0]), state_from_dict(head)
    for uid, unit in final.units.items():
        if unit.destroyed:
            continue
        again = start_state.apply(first.units[uid], start_state.read(unit))
        assert start_state.read(again) == start_state.read(unit), uid
        assert (again.armor, again.internal, again.ammo, again.pilot_hits) == (
            unit.armor, unit.internal, unit.ammo, unit.pilot_hits), uid


def test_the_schema_knows_every_key():
    shipped = json.loads((Path(__file__).resolve().parents[2] / "schema" / "scenario.schema.json").read_text())
    assert set(shipped["definitions"]["unit_state"]["properties"]) == set().union(*(rules.state_keys for _, rules in kinds.KINDS.items()))


def test_a_campaign_carries_what_lasts_less_what_it_repairs():  # ST-07
    table = {"armor_left": {"LA": 3}, "internal_left": {"LA": 2}, "ammo": {"AC/20@LT": [0, 5]}, "heat": 9,
             "prone": True, "pilot_hits": 1, "crits": ["LA:3"]}
    assert start_state.carried(table, "none") == {"armor_left": {"LA": 3}, "internal_left": {"LA": 2},
                                                  "ammo": {"AC/20@LT": [0, 5]}, "pilot_hits": 1, "crits": ["LA:3"]}
    assert "ammo" not in start_state.carried(table, "ammunition")
    assert start_state.carried(table, "armor") == {"internal_left": {"LA": 2}, "pilot_hits": 1, "crits": ["LA:3"]}
    assert start_state.carried(table, "everything") == {}
