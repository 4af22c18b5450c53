"""Tests for vehicle damage, critical hits and motive damage (btcli.rules.ground.vehicles), one group per
catalog entry VEH-DMG-01..14, VEH-CRIT-01..23 and VTOL-CRIT-01..11 that btcli implements, plus
the motive system damage table (tables.md 3).

The standard game: the vehicle 't' (blue) in 0510 facing N and an enemy 'e' (red; a Locust by
default) four hexes ahead in 0506 facing S, in the weapon attack phase of turn 1. Critical
results are rolled with ``vehicles.critical`` or through ``hits.apply_hits`` / the engine;
dice are scripted with ``ManualDice`` in request order and every script must be used up.
The critical tables (tables.md 4 and 5), rolls 6..12:

- ground front: driver, malfunction, stabilizer, sensors, commander, weapon destroyed, crew killed
- ground side: cargo, malfunction, crew stunned, stabilizer, weapon destroyed, engine, fuel tank
- ground rear: malfunction, cargo, stabilizer, weapon destroyed, engine, ammunition, fuel tank
- turret: stabilizer, turret jam, malfunction, turret locks, weapon destroyed, ammunition, blown off
- VTOL front: co-pilot, malfunction, stabilizer, sensors, pilot, weapon destroyed, crew killed
- VTOL side: malfunction, cargo, stabilizer, weapon destroyed, engine, ammunition, fuel tank
- VTOL rotor: rotor damage x3, flight stabilizer x2, rotor destroyed x2

Designs (tables.md 13.1): Scorpion (ICE, tracked, cruise 4, IS 3; AC/5 and MG in the turret,
AC/5 x20 and MG x100), Manticore (fusion, tracked, cruise 4, IS 6; PPC, LRM-10, SRM-6 in the
turret, Medium Laser in front; LRM-10 x12, SRM-6 x15), Savannah Master (fusion hover, no turret,
Medium Laser front, no ammo), J. Edgar (fusion hover, cruise 11; Medium Laser and 2 SRM-2 in
the turret), Ferret (ICE VTOL, cruise 15, rotor armor 2, IS 1; MG front).
"""

from __future__ import annotations

from typing import Any

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.board import Hex, Terrain
from btcli.model.frozen import evolve
from btcli.model.hexgrid import HexId
from btcli.model.hits import CritResult
from btcli.model.orders import ClearJamOrder, MoveOrder, ResolvePhaseOrder, WeaponAttackOrder
from btcli.model.state import GameState, Hit, Phase
from btcli.model.units import AmmoBin, MoveMode, Unit
from btcli.rules import kinds
from btcli.rules.core import moves, tohit, turn_order, victory
from btcli.rules.ground import vehicles
from btcli.rules.core.hits import apply_hits
from btcli.render.events import sentences
from tests.builders import changed, weapon_game
from tests.builders import design as entry

SCORPION = "Scorpion Light Tank"
MANTICORE = "Manticore Heavy Tank"
SAVANNAH = "Savannah Master Hovercraft"
J_EDGAR = "J. Edgar Light Hover Tank"
FERRET = "Ferret Light Scout VTOL"
LOCUST = "Locust LCT-1V"  # Medium Laser CT, Machine Guns in both arms
ATLAS = "Atlas AS7-D"  # LRM-20 LT


# -- building states --------------------------------------------------------------------------------


def make_state(design: str | dict[str, Any] = MANTICORE, *, enemy: str = LOCUST, enemy_at: str = "0506",
               enemy_facing: str = "S", phase: Phase = Phase.WEAPON, turn: int = 1, destroy_share: float = 0.0,
               **changes) -> GameState:
    """Returns the standard game; ``changes`` are set on 't' with ``evolve``."""
    state = weapon_game(entry(design, "t", "0510", side="blue"), entry(enemy, "e", enemy_at, enemy_facing), height=24,
                        phase=phase, turn=turn, destroy_share=destroy_share)
    if changes:
        state = state.with_unit(changed(state.units["t"], **changes))
    return state


def tank(design: str | dict[str, Any] = MANTICORE, **changes) -> Unit:
    return make_state(design, **changes).units["t"]


def put(state: GameState, unit: Unit) -> GameState:
    return state.with_unit(unit)


def crit(unit: Unit, location: str, *dice: int, turn: int = 1, damage_done: int = 5) -> tuple[Unit, list[str]]:
    """Rolls one critical on ``location``'s column with scripted dice (all must be used)."""
    d = ManualDice(list(dice))
    events: list[str] = []
    unit = vehicles.critical(unit, location, d, events, turn, damage_done)
    d.finish()
    return unit, sentences(events)


def crits_in_a_row(unit: Unit, location: str, *rolls: int) -> Unit:
    for roll in rolls:
        unit, _ = crit(unit, location, roll)
    return unit


def hit(location: str, amount: int, side: str = "front", *, critical: bool = False, motive: bool = False,
        source: str = "test") -> Hit:
    return Hit("t", location, amount, side, False, critical, motive, source)


def apply(state: GameState, *hits: Hit, dice: list[int] = ()) -> tuple[Unit, list[str], ManualDice]:
    """Applies the hits to 't' with scripted dice (all must be used)."""
    d = ManualDice(list(dice))
    new, events = apply_hits(state, hits, d)
    d.finish()
    return new.units["t"], sentences(events), d


def run(state: GameState, order, dice: list[int] = ()) -> tuple[GameState, list[str]]:
    """Applies one order through the engine with scripted dice (all must be used)."""
    d = ManualDice(list(dice))
    new, events = engine.apply(state, order, d)
    d.finish()
    return new, sentences(events)


def to_hit(state: GameState, attacker: str, label: str, target: str) -> tohit.ToHit:
    unit = state.units[attacker]
    index = next(i for i, m in enumerate(unit.weapons) if m.label == label)
    return tohit.weapon_to_hit(state, unit, index, state.units[target], None, 0)


def mods(state: GameState, attacker: str, label: str, target: str) -> dict[str, int]:
    result = to_hit(state, attacker, label, target)
    assert not result.impossible, result.impossible
    return dict(result.modifiers)


def dsr_target(unit: Unit) -> int:
    """Returns the driving skill roll target number: driving skill + the lasting modifiers."""
    return unit.piloting + sum(v for _, v in vehicles.driving_modifiers(unit))


def check_move(state: GameState, mode: str, path: str = "") -> None:
    moves.check_move(changed(state, phase=Phase.MOVEMENT), MoveOrder("t", mode, tuple(path)))


# -- VEH-DMG: damage and hit location ------------------------------------------------------------------


def test_veh_dmg_01_attacker_directly_behind_uses_the_rear_column():
    # VEH-DMG-01 test: attacker directly behind a vehicle -> rear column (location roll 6 -> Rear).
    state = make_state(MANTICORE, enemy_at="0514", enemy_facing="N")
    state, _ = run(state, WeaponAttackOrder("e", "t", ("Medium Laser",)), [8, 6])
    assert [(h.side, h.location) for h in state.pending] == [("rear", "rear")]


def test_veh_dmg_02_no_damage_transfer():
    # VEH-DMG-02 test: left 2 armor + 3 IS, a 10-point hit -> left IS gone, the excess 5 discarded
    # (no other location loses anything), the vehicle destroyed.
    state = make_state(SCORPION)
    state = put(state, changed(state.units["t"], armor={**state.units["t"].armor, "left": 2}))
    unit, _, _ = apply(state, hit("left", 10, "left"))
    assert unit.destroyed
    assert {k: v for k, v in unit.armor.items() if k != "left"} == {"front": 16, "right": 11, "rear": 10, "turret": 16}
    assert {k: v for k, v in unit.internal.items() if k != "left"} == {"front": 3, "right": 3, "rear": 3, "turret": 3}


def test_veh_dmg_03_turret_structure_gone_destroys_the_vehicle_and_counts_as_a_loss():
    # VEH-DMG-03 test: turret IS reduced to 0, everything else intact -> destroyed, crew dead.
    state = make_state(SCORPION)
    unit, events, _ = apply(state, hit("turret", 19))
    assert unit.destroyed
    assert "t: turret internal structure gone; the vehicle and its crew are destroyed (VEH-DMG-03)" in events
    assert victory.losses(put(state, unit), "blue") == (1, 1)


@pytest.mark.parametrize("location, roll, result", [("front", 9, "sensors"), ("turret", 9, "turret locks"),
                                                   ("right", 11, "engine hit"), ("front", 10, "commander hit")])
def test_veh_dmg_04_one_table_for_every_design(location, roll, result):
    # VEH-DMG-04 test: two tank designs rolling the same value on the same column -> the same result.
    for design in (SCORPION, MANTICORE):
        unit, _ = crit(tank(design), location, roll)
        assert unit.crits == (CritResult(location, result),)


def test_veh_dmg_05_airborne_vtol_reduced_to_0_mp_must_land():
    # VEH-DMG-05 test: airborne VTOL over a clear hex with cruise 1 loses its last MP -> driving roll
    # at +4 (TN 9); roll 9 -> lands and is immobile for the rest of the game.
    state = make_state(FERRET, elevation=2, walk=1, run=2, armor={**tank(FERRET).armor, "rotor": 10})
    unit, _, _ = apply(state, hit("rotor", 5), dice=[9])
    assert (unit.walk, unit.elevation, unit.destroyed) == (0, 0, False)
    assert vehicles.is_immobile(unit)


def vtol_30t(engine_type: str) -> dict[str, Any]:
    """A 30-ton VTOL (IS 3 per location) with 3 points of front armor."""
    return {"kind": "vehicle", "motive": "vtol", "engine": engine_type, "tons": 30, "cruise": 8,
            "armor": {"front": 3, "right": 10, "left": 10, "rear": 10, "rotor": 5}}


@pytest.mark.parametrize("engine_type, option, explodes", [
    ("ice", "all", True), ("fusion", "all", True), ("ice", "ice", True), ("fusion", "ice", False),
])
def test_veh_dmg_06_crash_damage_to_internal_structure_explodes_the_vtol(engine_type, option, explodes):
    # VEH-DMG-06 test: crash damage group of 5 strikes a location with 3 armor left -> 2 IS damage ->
    # VTOL destroyed. AMB-13 / VEH-DMG-07: the catalog reading explodes every VTOL; the option
    # vtol_crash_explosion = 'ice' (tables.md 5 reading) spares fusion engines. A 30-ton VTOL falling
    # one level: 3 x 2 = 6 damage in groups 5 and 1; side 1D6 1 = front; location 6 -> front (5: 3
    # armor, 2 IS, critical roll 2: none), location 9 -> left side (1 armor).
    from btcli.rules.ground import vtol

    state = make_state(vtol_30t(engine_type), elevation=1)
    state = changed(state, options={"vtol_crash_explosion": option})
    d = ManualDice([1, 6, 2, 9])
    events: list[str] = []
    state = vtol.crash(state, state.units["t"], 1, "test", d, events)
    d.finish()
    unit = state.units["t"]
    assert (unit.armor["front"], unit.internal["front"], unit.armor["left"]) == (0, 1, 9)
    assert unit.destroyed is explodes
    assert ("t's crash damaged its internal structure: it explodes (VEH-DMG-06)" in sentences(events)) is explodes


@pytest.mark.parametrize("engine_type, destroyed, crits", [("ice", True, (CritResult("left", "fuel tank"),)),
                                                         ("fusion", False, (CritResult("left", "engine hit"),))])
def test_veh_dmg_07_vtol_fuel_tank_explodes_only_an_ice_vtol(engine_type, destroyed, crits):
    # VEH-DMG-07 / VTOL-CRIT-07 test: fusion VTOL Fuel Tank -> Engine hit, no explosion; ICE -> explodes.
    unit, _ = crit(tank(FERRET, engine=engine_type), "left", 12)
    assert (unit.destroyed, unit.crits) == (destroyed, crits)
    assert unit.vehicle.engine_hit is not destroyed


@pytest.mark.parametrize("design, locations", [
    (SAVANNAH, ["front", "right", "left", "rear"]),
    (SCORPION, ["front", "right", "left", "rear", "turret"]),
    (FERRET, ["front", "right", "left", "rear", "rotor"]),
])
def test_veh_dmg_08_vehicle_locations(design, locations):
    # VEH-DMG-08 test: no turret -> 4 locations; turret -> 5; VTOL -> front, sides, rear, rotor.
    unit = tank(design)
    assert unit.locations() == locations
    assert vehicles.has_turret(unit) is ("turret" in locations)


@pytest.mark.parametrize("roll, location, critical, motive", [(8, "left", True, False), (5, "front", False, True),
                                                             (9, "rear", False, True), (7, "left", False, False)])
def test_veh_dmg_09_attack_from_the_left_uses_the_side_column(roll, location, critical, motive):
    # VEH-DMG-09 test: attack from the left -> Side column with the injected 2D6 value (tables.md 1).
    h = kinds.hit(ManualDice([roll]), tank(SCORPION), "left", 5, "x")
    assert (h.location, h.critical, h.motive) == (location, critical, motive)


def test_veh_dmg_11_turret_result_on_a_turretless_vehicle_strikes_the_side_attacked():
    # VEH-DMG-11 test: turretless tank attacked from the right, location roll Turret -> right armor.
    state = make_state(SAVANNAH)
    h = kinds.hit(ManualDice([11]), state.units["t"], "right", 5, "x")
    assert h.location == "right"
    unit, _, _ = apply(state, h)
    assert unit.armor == {"front": 10, "right": 1, "left": 6, "rear": 2}


def test_veh_dmg_11_a_turret_hit_already_rolled_strikes_the_side_when_the_turret_is_gone():
    # VEH-DMG-11 with VEH-CRIT-17: a Turret hit applied after the turret was blown off (same
    # phase) strikes the armor of the side attacked.
    state = make_state(MANTICORE, turret="gone")
    unit, events, _ = apply(state, hit("turret", 5, "left"))
    assert (unit.armor["left"], unit.armor["turret"]) == (28, 42)
    assert "t takes 5 in left (test)" in events


@pytest.mark.parametrize("weapon_damage, rotor_damage", [(25, 3), (5, 1), (10, 1), (11, 2)])
def test_veh_dmg_12_rotor_takes_one_point_per_ten_of_weapon_damage(weapon_damage, rotor_damage):
    # VEH-DMG-12 test: 25 -> 3, Medium Laser 5 -> 1, PPC 10 -> 1, 11 -> 2: ceil(damage / 10).
    state = make_state(FERRET, armor={**tank(FERRET).armor, "rotor": 10})
    unit, events, _ = apply(state, hit("rotor", weapon_damage))
    assert unit.armor["rotor"] == 10 - rotor_damage
    assert f"t: rotor hit: {weapon_damage} weapon damage does {rotor_damage} (VEH-DMG-12)" in events


@pytest.mark.parametrize("source", ["crash", "fall"])
def test_veh_dmg_13_crash_and_fall_damage_is_not_reduced_on_the_rotor(source):
    # VEH-DMG-13 test: a 5-point crash damage group strikes the rotor -> 5 rotor damage.
    state = make_state(FERRET, armor={**tank(FERRET).armor, "rotor": 10})
    unit, _, _ = apply(state, hit("rotor", 5, source=source))
    assert unit.armor["rotor"] == 5


def test_veh_dmg_14_each_cluster_group_counts_separately_on_the_rotor():
    # VEH-DMG-14 test: LRM-20 hits with 12 missiles grouped 5, 5, 2, all on the rotor -> 1 + 1 + 1 = 3.
    # End to end: the Atlas's LRM-20 8 hexes away (to-hit 4 + medium 2 = 6, rolls 8), cluster roll
    # 6 -> 12 missiles, location rolls 3, 4, 10 -> Rotor (tables.md 2); no IS damage, no critical.
    state = make_state(FERRET, enemy=ATLAS, enemy_at="0502", armor={**tank(FERRET).armor, "rotor": 10})
    state, _ = run(state, WeaponAttackOrder("e", "t", ("LRM-20",)), [8, 6, 3, 4, 10])
    assert [(h.location, h.damage) for h in state.pending] == [("rotor", 5), ("rotor", 5), ("rotor", 2)]
    state, _ = run(state, ResolvePhaseOrder())
    assert state.units["t"].armor["rotor"] == 7


def test_rotor_hits_cost_one_cruise_mp_each():
    # tables.md 2 notes: each rotor hit costs 1 Cruise MP; Flank = ceil(new Cruise x 1.5).
    state = make_state(FERRET, armor={**tank(FERRET).armor, "rotor": 10})
    unit, _, _ = apply(state, hit("rotor", 5), hit("rotor", 2))
    assert (unit.walk, unit.run) == (13, 20)


# -- VEH-CRIT-01..04: triggers and the move down the column -------------------------------------------


def test_veh_crit_01_a_critical_location_roll_calls_one_critical_roll():
    # VEH-CRIT-01 test: a location roll the table marks critical (front 2 -> Front [C]), damage >= 1
    # -> one critical roll when the damage is applied (5: no critical; the armor holds).
    state = make_state(MANTICORE)
    state, _ = run(state, WeaponAttackOrder("e", "t", ("Medium Laser",)), [8, 2])
    assert state.pending == (Hit("t", "front", 5, "front", False, True, False, "Medium Laser@CT from e"),)
    d = ManualDice([5])
    state, _ = engine.apply(state, ResolvePhaseOrder(), d)
    d.finish()
    assert [r.purpose for r in d.rolls] == ["vehicle critical t front"]
    assert state.units["t"].armor["front"] == 37


def test_veh_crit_02_every_damage_group_reaching_internal_structure_rolls():
    # VEH-CRIT-02 test: three LRM groups each reach the rear IS -> 3 critical rolls on the rear column.
    state = make_state(MANTICORE, armor={**tank().armor, "rear": 0}, internal={**tank().internal, "rear": 20})
    unit, _, d = apply(state, hit("rear", 5, "rear"), hit("rear", 5, "rear"), hit("rear", 2, "rear"), dice=[2, 3, 4])
    assert [r.purpose for r in d.rolls] == ["vehicle critical t rear"] * 3
    assert (unit.internal["rear"], unit.crits) == (8, ())


def test_veh_crit_02_a_hit_doing_no_damage_rolls_no_critical():
    # VEH-CRIT-02 test: a hit that inflicts 0 damage -> no critical roll even on a trigger value.
    _, _, d = apply(make_state(MANTICORE), hit("front", 0, critical=True))
    assert d.rolls == []


def test_veh_crit_02_armor_only_hits_roll_nothing():
    # VEH-CRIT-02: no internal structure damage and no [C] mark -> no critical roll.
    unit, _, d = apply(make_state(MANTICORE), hit("rear", 20, "rear"))
    assert (unit.armor["rear"], d.rolls) == (6, [])


def test_veh_crit_03_weapon_destroyed_takes_only_weapons_of_the_struck_location():
    # VEH-CRIT-03 test: Weapon Destroyed on the Front column -> only front weapons are candidates:
    # even the attacker's choice (1D6 4) takes the front Medium Laser, not the turret PPC.
    unit, _ = crit(tank(MANTICORE), "front", 11, 4)
    assert [m.destroyed for m in unit.weapons] == [False, False, False, True]


def test_veh_crit_04_rear_weapon_destroyed_without_rear_weapons_moves_down_to_engine_hit():
    # VEH-CRIT-04 test (the source's example): rear 9 = Weapon Destroyed, no rear weapons -> 10 = Engine Hit.
    unit, events = crit(tank(MANTICORE), "rear", 9)
    assert unit.crits == (CritResult("rear", "engine hit"),)
    assert unit.vehicle.engine_hit is True
    assert "t: critical roll 9 on the rear column: engine hit (moved down from weapon destroyed)" in events


def test_veh_crit_04_past_12_wraps_to_6():
    # VEH-CRIT-04 test: roll 12 inapplicable -> wrap to 6. Side 12 = Fuel Tank, a fusion engine
    # makes it an Engine Hit, already taken -> 6 = Cargo/Infantry (the tank carries cargo).
    unit = tank(MANTICORE, engine_hit=True, immobile=True, cargo_tons=2)
    unit, events = crit(unit, "left", 12)
    assert unit.crits == (CritResult("left", "cargo/infantry hit"),)
    assert "t: critical roll 12 on the side column: cargo/infantry hit (moved down from fuel tank)" in events


def test_veh_crit_04_wraps_and_keeps_moving_down():
    # VEH-CRIT-04: after the wrap, 6 (no cargo) and 7 (no side weapons) do not apply -> 8 = Crew Stunned.
    unit = tank(MANTICORE, engine_hit=True, immobile=True)
    unit, _ = crit(unit, "right", 12)
    assert unit.crits == (CritResult("right", "crew stunned"),)


def test_veh_crit_04_nothing_applies_ignores_the_critical():
    # VEH-CRIT-04: a vehicle that has taken everything in the column ignores the critical. Savannah
    # Master rear: no rear weapons (malfunction, weapon destroyed), no cargo, stabilizer taken,
    # engine hit taken, no ammunition (-> Weapon Destroyed -> none), fusion fuel tank (-> engine hit).
    unit = tank(SAVANNAH, crits=("rear: stabilizer",), engine_hit=True, immobile=True, stabilized=["rear"])
    for roll in range(6, 13):
        after, events = crit(unit, "rear", roll)
        assert after == unit
        assert events == [f"t: critical roll {roll} on the rear column: nothing left to damage"]


def test_veh_crit_04_ammunition_without_ammunition_is_weapon_destroyed():
    # tables.md 4 **: no ammunition carried -> Weapon Destroyed (turret 11; 1D6 5: the attacker takes
    # the most damaging turret weapon, the AC/5).
    unit = tank(SCORPION, ammo=(AmmoBin("AC/5", "body", 0), AmmoBin("Machine Gun", "body", 0)))
    unit, _ = crit(unit, "turret", 11, 5)
    assert unit.crits == (CritResult("turret", "weapon destroyed"),)
    assert [m.destroyed for m in unit.weapons] == [True, False]


# -- VEH-CRIT-05..07: ammunition, cargo ---------------------------------------------------------------


@pytest.mark.parametrize("design, ammo, location, internal, damage_done", [
    # VEH-CRIT-05 test: AC/5 x10 rounds -> 50 damage (the empty MG bin adds nothing).
    (SCORPION, (AmmoBin("AC/5", "body", 10), AmmoBin("Machine Gun", "body", 0)), "turret", 60, 50),
    # tables.md 4 / 12: missiles per missile x launcher size: LRM-10 1 x 10 + SRM-6 1 x (2 x 6) = 22.
    (MANTICORE, (AmmoBin("LRM-10", "body", 1), AmmoBin("SRM-6", "body", 1)), "rear", 30, 22),
])
def test_veh_crit_05_all_ammunition_explodes_into_the_struck_location(design, ammo, location, internal, damage_done):
    # VEH-CRIT-05: all the vehicle's ammunition explodes straight into the internal structure of the
    # attacked location (armor untouched), and the bins are empty afterwards.
    before = tank(design)
    unit = tank(design, ammo=ammo, internal={**before.internal, location: internal})
    unit, events = crit(unit, location, 11)
    assert unit.crits == (CritResult(location, "ammunition"),)
    assert unit.internal[location] == internal - damage_done
    assert unit.armor == before.armor
    assert [a.shots for a in unit.ammo] == [0, 0]
    assert f"t: ammunition explodes for {damage_done} damage to the {location} internal structure" in events
    assert not unit.destroyed


def test_veh_crit_05_ammunition_explosion_can_destroy_the_vehicle():
    # VEH-CRIT-05 with VEH-DMG-03: the Scorpion's full load (20 x 5 + 100 x 2 = 300) vs turret IS 3.
    unit, _ = crit(tank(SCORPION), "turret", 11)
    assert unit.destroyed


def test_veh_crit_06_case_vents_the_explosion_through_the_rear_armor_and_stuns_the_crew():
    # VEH-CRIT-06 test: 50 ammo damage, rear armor 12 -> rear armor 0, remaining 38 ignored, crew
    # stunned (VEH-CRIT-10: during the next turn).
    before = tank(SCORPION)
    unit = tank(SCORPION, ammo=(AmmoBin("AC/5", "body", 10), AmmoBin("Machine Gun", "body", 0)),
                armor={**before.armor, "rear": 12}, case=True)
    unit, _ = crit(unit, "turret", 11, turn=3)
    assert unit.armor["rear"] == 0
    assert unit.internal == before.internal
    assert {k: v for k, v in unit.armor.items() if k != "rear"} == {k: v for k, v in before.armor.items() if k != "rear"}
    assert not unit.destroyed
    assert (vehicles.stunned(unit, 3), vehicles.stunned(unit, 4), vehicles.stunned(unit, 5)) == (False, True, False)


def test_veh_crit_07_cargo_hit_destroys_cargo_and_hurts_infantry_with_the_weapon_damage():
    # VEH-CRIT-07 test: a critical caused by an SRM (2 damage) -> carried infantry take 2 damage.
    unit = tank(MANTICORE, cargo_tons=2)
    unit, events = crit(unit, "left", 6, damage_done=2)
    assert unit.crits == (CritResult("left", "cargo/infantry hit"),)
    assert unit.vehicle.cargo_tons == 0
    assert "t: cargo destroyed (carried infantry take 2 damage)" in events


def test_veh_crit_07_cargo_hit_without_cargo_moves_down():
    # VEH-CRIT-07 / VEH-CRIT-04: no dedicated cargo or infantry -> next result: 7 malfunction (no side
    # weapons) -> 8 crew stunned.
    unit, _ = crit(tank(MANTICORE), "left", 6)
    assert unit.crits == (CritResult("left", "crew stunned"),)


# -- VEH-CRIT-08..12: the crew ----------------------------------------------------------------------


def test_veh_crit_08_commander_hit_adds_one_to_hit_and_to_driving_rolls():
    # VEH-CRIT-08 test: gunnery 4 vehicle after a Commander Hit -> base to-hit 5; driving 5 -> 6.
    state = make_state(MANTICORE)
    unit, _ = crit(state.units["t"], "front", 10)
    after = put(state, unit)
    assert mods(after, "t", "PPC@turret", "e")["commander hit"] == 1
    assert to_hit(after, "t", "PPC@turret", "e").target == to_hit(state, "t", "PPC@turret", "e").target + 1 == 5
    assert (dsr_target(state.units["t"]), dsr_target(unit)) == (5, 6)


def test_veh_crit_08_second_commander_hit_stuns_the_crew():
    # VEH-CRIT-08 test: second Commander Hit -> Crew Stunned applied (the +1 stays, once).
    unit = crits_in_a_row(tank(MANTICORE), "front", 10, 10)
    assert unit.crits == (CritResult("front", "commander hit"), CritResult("front", "crew stunned"))
    assert vehicles.stunned(unit, 2)
    assert vehicles.to_hit_modifiers(unit, "turret") == [("commander hit", 1)]


def test_veh_crit_09_crew_killed_vehicle_stays_on_the_map_but_is_out_of_the_game():
    # VEH-CRIT-09 test: tank with Crew Killed -> move and fire rejected, still on the map, an
    # immobile target, counts as destroyed for victory.
    state = make_state(MANTICORE, destroy_share=1.0)
    unit, events = crit(state.units["t"], "front", 12)
    assert unit.crits == (CritResult("front", "crew killed"),)
    assert "t's crew is killed: the vehicle counts as destroyed and cannot act" in events
    state = put(state, unit)
    assert unit.active and not unit.destroyed and unit.hex == HexId(5, 10)
    with pytest.raises(IllegalOrderError):
        check_move(state, "", "F")
    with pytest.raises(IllegalOrderError):
        run(state, WeaponAttackOrder("t", "e", ("Medium Laser",)), [])
    assert mods(state, "e", "Medium Laser@CT", "t")["target immobile"] == -4
    assert victory.losses(state, "blue") == (1, 1)


def test_veh_crit_09_crew_killed_ends_the_game_when_it_was_the_last_unit():
    # VEH-CRIT-09: counts as destroyed for victory: with every blue unit lost, red wins.
    state = make_state(MANTICORE, destroy_share=1.0)
    state = put(state, crit(state.units["t"], "front", 12)[0])
    state, events = victory.check(state)
    assert state.winner == "red"
    assert sentences(events) == ["game over: red wins (blue lost 100% of its units)"]


def test_veh_crit_09_crew_killed_vehicle_is_not_asked_to_move():
    # VEH-CRIT-09: it cannot move: the movement phase does not wait for it.

    state = make_state(MANTICORE, phase=Phase.MOVEMENT)
    state = put(state, crit(state.units["t"], "front", 12)[0])
    assert turn_order.missing_movers(state) == ["e"]


def test_veh_crit_09_crew_killed_vtol_crashes():
    # VEH-CRIT-09 test: VTOL with Crew Killed (airborne) -> destroyed.
    unit, events = crit(tank(FERRET, elevation=2), "front", 12)
    assert unit.destroyed
    assert "t crashes and is destroyed" in events


def test_veh_crit_10_crew_stunned_in_turn_3_restricts_turn_4_only():
    # VEH-CRIT-10 test: stunned in turn 3 -> turn 4: max cruise, no attacks; turn 5: normal.
    state = make_state(MANTICORE, turn=3, enemy_at="1002", armor={**tank().armor, "right": 0})
    unit, _, _ = apply(state, hit("right", 1, "right"), dice=[8])  # IS damage -> side 8: crew stunned
    assert unit.crits == (CritResult("right", "crew stunned"),)
    state = put(state, unit)
    turn4, turn5 = changed(state, turn=4), changed(state, turn=5)
    with pytest.raises(IllegalOrderError, match="stunned") as info:
        check_move(turn4, "flank", "F")
    assert info.value.rule == "VEH-CRIT-10"
    with pytest.raises(IllegalOrderError, match="stunned"):
        check_move(turn4, "", "FFFFF")  # 5 hexes needs flank MP
    check_move(turn4, "cruise", "FFFF")
    assert to_hit(turn4, "t", "PPC@turret", "e").rule == "VEH-CRIT-10"
    check_move(turn5, "flank", "FFFFF")
    assert not to_hit(turn5, "t", "PPC@turret", "e").impossible
    assert not to_hit(state, "t", "PPC@turret", "e").impossible  # turn 3 itself is not affected


def test_veh_crit_10_several_stuns_in_one_turn_extend_the_duration():
    # VEH-CRIT-10 test / AMB-14: two stuns in turn 3 -> restricted in turns 4 and 5; three -> 4 to 6.
    state = make_state(MANTICORE, turn=3)
    two, _, _ = apply(state, hit("right", 1, "right", critical=True), hit("left", 1, "left", critical=True), dice=[8, 8])
    assert [vehicles.stunned(two, turn) for turn in (3, 4, 5, 6)] == [False, True, True, False]
    three, _ = crit(two, "right", 8, turn=3)
    assert [vehicles.stunned(three, turn) for turn in (4, 5, 6, 7)] == [True, True, True, False]


def test_veh_crit_10_a_stun_in_a_later_turn_starts_afresh():
    # AMB-14: the effect covers the turn after the one the result was taken in.
    unit, _ = crit(tank(MANTICORE), "right", 8, turn=3)
    assert [vehicles.stunned(unit, turn) for turn in (3, 4, 5, 6)] == [False, True, False, False]
    unit, _ = crit(unit, "right", 8, turn=6)
    assert [vehicles.stunned(unit, turn) for turn in (6, 7, 8)] == [False, True, False]


def test_veh_crit_10_stunned_crew_acts_normally_afterwards_end_to_end():
    # VEH-CRIT-10: a stun taken in the weapon phase of turn 1 (right [C] 8) forbids firing in turn 2
    # and allows it again in turn 3, through the engine's phase sequence.
    state = make_state(MANTICORE)
    state = changed(state, pending=(hit("right", 1, "right", critical=True),))
    state, _ = run(state, ResolvePhaseOrder(), [8])  # weapon -> physical: the stun lands
    for _ in range(3):  # physical, heat, end
        state, _ = run(state, ResolvePhaseOrder())
    assert (state.turn, state.phase) == (2, Phase.INITIATIVE)
    state, _ = run(state, ResolvePhaseOrder(), [7, 8])  # red 7 blue 8: red moves first
    state, _ = run(state, MoveOrder("e", "stand"))
    with pytest.raises(IllegalOrderError, match="stunned"):
        run(state, MoveOrder("t", "flank", ("F",)))
    state, _ = run(state, MoveOrder("t", "cruise", ("F",)))
    state, _ = run(state, ResolvePhaseOrder())
    with pytest.raises(IllegalOrderError, match="stunned"):
        run(state, WeaponAttackOrder("t", "e", ("PPC",)), [])
    assert not to_hit(changed(state, turn=3), "t", "PPC@turret", "e").impossible


def test_veh_crit_10_a_stun_from_an_accidental_fall_covers_the_next_turn():
    # VEH-CRIT-10 / VEH-DISP-02: in turn 3 the Manticore is pushed off a level-2 hex (a 2-level fall,
    # 18 damage in 5-point groups): fall direction 1D6 2 -> right side, location 2 -> Side [C],
    # critical 8 -> Crew Stunned: restricted in turn 4.
    from btcli.model.hexgrid import Facing
    from btcli.rules.core import displacement

    state = make_state(MANTICORE, turn=3)
    state = changed(state, board=state.board.with_hex(HexId(5, 10), Hex(level=2)))
    d = ManualDice([2, 2, 7, 7, 7, 8])
    state = displacement.displace(state, "t", Facing.N, d, [])
    d.finish()
    unit = state.units["t"]
    assert unit.crits == (CritResult("right", "crew stunned"),)
    assert vehicles.stunned(unit, 4)


def test_veh_crit_11_commander_driver_and_stun_in_one_phase_kill_the_crew():
    # VEH-CRIT-11 test: Commander Hit, Driver Hit, Crew Stunned all in one weapon attack phase -> Crew Killed.
    state = make_state(MANTICORE)
    unit, _, _ = apply(state, hit("front", 1, critical=True), hit("front", 1, critical=True),
                       hit("right", 1, "right", critical=True), dice=[10, 6, 8])
    assert unit.crits == (CritResult("front", "commander hit"), CritResult("front", "driver hit"), CritResult("right", "crew killed"))
    assert unit.vehicle.crew_killed is True
    assert not unit.conscious and not unit.destroyed


def test_veh_crit_11_needs_both_hits():
    # VEH-CRIT-11: with only a Driver Hit a Crew Stunned stays a stun.
    unit = crits_in_a_row(tank(MANTICORE), "front", 6)
    unit, _ = crit(unit, "right", 8)
    assert unit.crits == (CritResult("front", "driver hit"), CritResult("right", "crew stunned"))
    assert unit.conscious


def test_veh_crit_11_second_driver_hit_after_commander_and_driver_kills_the_crew():
    unit = crits_in_a_row(tank(MANTICORE), "front", 10, 6, 6)
    assert unit.crits[-1] == CritResult("front", "crew killed")
    assert unit.vehicle.crew_killed is True


def test_veh_crit_11_second_commander_hit_after_commander_and_driver_kills_the_crew():
    unit = crits_in_a_row(tank(MANTICORE), "front", 6, 10, 10)
    assert unit.crits[-1] == CritResult("front", "crew killed")
    assert unit.vehicle.crew_killed is True


def test_veh_crit_11_case_stun_after_commander_and_driver_kills_the_crew():
    unit = tank(SCORPION, crits=("front: driver hit", "front: commander hit"), case=True)
    unit, _ = crit(unit, "turret", 11)
    assert unit.vehicle.crew_killed is True


def test_veh_crit_12_driver_hit_adds_two_to_driving_rolls():
    # VEH-CRIT-12 test: driving 5 after a Driver Hit -> driving roll TN 7 (to-hit unchanged).
    state = make_state(MANTICORE)
    unit, _ = crit(state.units["t"], "front", 6)
    assert unit.crits == (CritResult("front", "driver hit"),)
    assert vehicles.driving_modifiers(unit) == [("driver hit", 2)]
    assert dsr_target(unit) == 7
    assert to_hit(put(state, unit), "t", "PPC@turret", "e").target == to_hit(state, "t", "PPC@turret", "e").target


def test_veh_crit_12_second_driver_hit_stuns_the_crew():
    # VEH-CRIT-12 test: second Driver Hit -> Crew Stunned; the +2 is not doubled.
    unit = crits_in_a_row(tank(MANTICORE), "front", 6, 6)
    assert unit.crits == (CritResult("front", "driver hit"), CritResult("front", "crew stunned"))
    assert vehicles.stunned(unit, 2)
    assert dsr_target(unit) == 7


# -- VEH-CRIT-13..16: engine, fuel tank, sensors, stabilizer ---------------------------------------------


def test_veh_crit_13_engine_hit_immobilizes_but_the_weapons_still_fire():
    # VEH-CRIT-13 test: after an Engine Hit move and facing-change requests are rejected; attackers
    # apply the immobile-target modifier; its weapons may still fire.
    state = make_state(MANTICORE, enemy_at="0507")
    unit, _ = crit(state.units["t"], "right", 11)
    assert unit.crits == (CritResult("right", "engine hit"),)
    state = put(state, unit)
    for path in ("F", "L", "R"):
        with pytest.raises(IllegalOrderError) as info:
            check_move(state, "", path)
        assert info.value.rule == "VEH-CRIT-13"
    check_move(state, "stand")
    assert mods(state, "e", "Medium Laser@CT", "t")["target immobile"] == -4
    assert "target immobile" not in mods(make_state(MANTICORE, enemy_at="0507"), "e", "Medium Laser@CT", "t")
    assert not to_hit(state, "t", "Medium Laser@front", "e").impossible


@pytest.mark.parametrize("design, destroyed, crits", [(SCORPION, True, (CritResult("left", "fuel tank"),)),
                                                    (MANTICORE, False, (CritResult("left", "engine hit"),))])
def test_veh_crit_14_fuel_tank_destroys_an_ice_vehicle_only(design, destroyed, crits):
    # VEH-CRIT-14 test: ICE tank -> destroyed; fusion tank -> Engine Hit effects only.
    unit, _ = crit(tank(design), "left", 12)
    assert (unit.destroyed, unit.crits) == (destroyed, crits)
    assert vehicles.is_immobile(unit) is not destroyed


def test_veh_crit_14_fuel_tank_on_a_fusion_vehicle_with_engine_hit_moves_on():
    # VEH-CRIT-14 with VEH-CRIT-04: rear 12 on a fusion tank whose engine is already hit -> wrap to 6
    # (no rear weapons) -> 7 (no cargo) -> 8 stabilizer.
    unit, _ = crit(tank(MANTICORE, engine_hit=True, immobile=True), "rear", 12)
    assert unit.crits == (CritResult("rear", "stabilizer"),)


@pytest.mark.parametrize("hits, modifier", [(1, 1), (2, 2), (3, 3)])
def test_veh_crit_15_each_sensor_hit_adds_one_to_hit(hits, modifier):
    # VEH-CRIT-15 test: 2 sensor hits -> +2 to-hit (cumulative), every weapon.
    state = make_state(MANTICORE)
    unit = crits_in_a_row(state.units["t"], "front", *[9] * hits)
    assert unit.crits == (CritResult("front", "sensors"),) * hits
    after = put(state, unit)
    for label in ("PPC@turret", "Medium Laser@front"):
        assert mods(after, "t", label, "e")[f"sensor hits ({hits})"] == modifier


def test_veh_crit_15_fourth_sensor_hit_stops_all_fire():
    # VEH-CRIT-15 test: 4 sensor hits -> all weapon attacks rejected.
    state = make_state(MANTICORE)
    state = put(state, crits_in_a_row(state.units["t"], "front", 9, 9, 9, 9))
    for weapon in ("PPC", "Medium Laser"):
        with pytest.raises(IllegalOrderError, match="sensors") as info:
            run(state, WeaponAttackOrder("t", "e", (weapon,)), [])
        assert info.value.rule == "VEH-CRIT-15"


def test_veh_crit_16_stabilizer_doubles_the_movement_modifier_for_that_location_only():
    # VEH-CRIT-16 test: front stabilizer hit, vehicle used flank (+2) -> front weapons +4, turret +2;
    # a second front stabilizer does not apply (once per location) and moves down to 9, Sensors.
    state = make_state(MANTICORE, mode=MoveMode.FLANK, hexes_moved=0)

    def movement(s: GameState, label: str) -> int:
        m = mods(s, "t", label, "e")
        return m.get("attacker flank", 0) + m.get("stabilizer hit: movement counts twice", 0)

    assert (movement(state, "Medium Laser@front"), movement(state, "PPC@turret")) == (2, 2)
    unit, _ = crit(state.units["t"], "front", 8)
    assert unit.vehicle.stabilized == ("front",)
    state = put(state, unit)
    assert (movement(state, "Medium Laser@front"), movement(state, "PPC@turret")) == (4, 2)
    unit, events = crit(unit, "front", 8)
    assert unit.crits == (CritResult("front", "stabilizer"), CritResult("front", "sensors"))
    assert "t: critical roll 8 on the front column: sensors (moved down from stabilizer)" in events
    assert movement(put(state, unit), "Medium Laser@front") == 4


def test_veh_crit_16_stabilizer_with_cruise_movement_and_no_movement():
    # VEH-CRIT-16: cruise +1 -> +2 for weapons in the location; standing still: nothing to double.
    unit, _ = crit(tank(MANTICORE), "turret", 6)
    assert unit.crits == (CritResult("turret", "stabilizer"),)
    cruised = make_state(MANTICORE, mode=MoveMode.CRUISE)
    cruised = put(cruised, changed(unit, mode=MoveMode.CRUISE))
    assert mods(cruised, "t", "PPC@turret", "e")["stabilizer hit: movement counts twice"] == 1
    assert "stabilizer hit: movement counts twice" not in mods(cruised, "t", "Medium Laser@front", "e")
    stood = put(cruised, changed(unit, mode=MoveMode.STAND))
    assert "stabilizer hit: movement counts twice" not in mods(stood, "t", "PPC@turret", "e")


# -- VEH-CRIT-17..19: the turret -------------------------------------------------------------------


def test_veh_crit_17_turret_blown_off_loses_the_turret_weapons_and_the_vehicle_survives():
    # VEH-CRIT-17 test / AMB-15: turret location and its weapons removed; the vehicle continues.
    state = make_state(MANTICORE)
    unit, _ = crit(state.units["t"], "turret", 12)
    assert unit.crits == (CritResult("turret", "turret blown off"),)
    assert [m.destroyed for m in unit.weapons] == [True, True, True, False]
    assert not unit.destroyed and unit.armor["turret"] == 0
    assert not vehicles.has_turret(unit)
    state = put(state, unit)
    with pytest.raises(IllegalOrderError, match="destroyed"):
        run(state, WeaponAttackOrder("t", "e", ("PPC",)), [])
    assert not to_hit(state, "t", "Medium Laser@front", "e").impossible
    # VEH-DMG-11: from now on a Turret location roll strikes the side attacked.
    assert kinds.hit(ManualDice([10]), unit, "right", 5, "x").location == "right"
    assert kinds.hit(ManualDice([12]), unit, "front", 5, "x").location == "front"


def test_veh_crit_18_turret_jam_is_cleared_by_spending_a_weapon_phase():
    # VEH-CRIT-18 test: turret jammed; the crew repairs it in the weapon phase -> no weapon fire that
    # phase, the turret is free afterwards.
    state = make_state(MANTICORE)
    unit, _ = crit(state.units["t"], "turret", 7)
    assert (unit.crits, unit.vehicle.turret) == ((CritResult("turret", "turret jam"),), "jammed")
    state, events = run(put(state, unit), ClearJamOrder("t", "turret"))
    assert events == ["t's crew clears the turret jam (no weapon fires this phase)"]
    assert state.units["t"].vehicle.turret == ""
    for weapon in ("PPC", "Medium Laser"):
        with pytest.raises(IllegalOrderError, match="clearing a jam"):
            run(state, WeaponAttackOrder("t", "e", (weapon,)), [])
    state, _ = run(state, ResolvePhaseOrder())
    assert not state.units["t"].vehicle.clearing


def test_veh_crit_18_clearing_needs_a_jammed_turret_and_the_weapon_phase():
    # VEH-CRIT-18/23: nothing to clear -> rejected; outside the weapon phase -> rejected.
    state = make_state(MANTICORE)
    with pytest.raises(IllegalOrderError, match="not jammed"):
        run(state, ClearJamOrder("t", "turret"))
    jammed = put(state, crit(state.units["t"], "turret", 7)[0])
    with pytest.raises(IllegalOrderError, match="weapon attack phase"):
        run(changed(jammed, phase=Phase.PHYSICAL), ClearJamOrder("t", "turret"))


@pytest.mark.parametrize("cleared", [False, True])
def test_veh_crit_18_second_turret_jam_locks_the_turret(cleared):
    # VEH-CRIT-18 test: a second Turret Jam (whether or not the first was cleared) -> Turret Lock.
    state = make_state(MANTICORE)
    unit, _ = crit(state.units["t"], "turret", 7)
    if cleared:
        state, _ = run(put(state, unit), ClearJamOrder("t", "turret"))
        unit = state.units["t"]
    unit, _ = crit(unit, "turret", 7)
    assert unit.crits == (CritResult("turret", "turret jam"), CritResult("turret", "turret locks"))
    assert unit.vehicle.turret == "locked"


def test_veh_crit_18_jammed_turret_cannot_turn():
    # VEH-CRIT-18: the turret is frozen in its current facing: a turret twist is refused, firing
    # straight ahead is not.
    state = make_state(MANTICORE)
    state = put(state, crit(state.units["t"], "turret", 7)[0])
    with pytest.raises(IllegalOrderError, match="jammed") as info:
        run(state, WeaponAttackOrder("t", "e", ("PPC",), twist="left"), [])
    assert info.value.rule == "VEH-CRIT-18"
    state, _ = run(state, WeaponAttackOrder("t", "e", ("PPC",)), [8, 7])
    assert state.units["t"].fired == (0,)


def test_veh_crit_19_locked_turret_cannot_be_cleared_and_further_jams_move_down():
    # VEH-CRIT-19: locked for the rest of the game; another Turret Jam or Lock does not apply and
    # moves down the column (VEH-CRIT-04): 7 -> 8 weapon malfunction (1D6 1 -> the PPC jams),
    # 9 -> 10 weapon destroyed (1D6 2 -> the owner's least damaging turret weapon, the LRM-10).
    state = make_state(MANTICORE)
    unit, _ = crit(state.units["t"], "turret", 9)
    assert (unit.crits, unit.vehicle.turret) == ((CritResult("turret", "turret locks"),), "locked")
    with pytest.raises(IllegalOrderError, match="not jammed"):
        run(put(state, unit), ClearJamOrder("t", "turret"))
    unit, events = crit(unit, "turret", 7, 1)
    assert "t: critical roll 7 on the turret column: weapon malfunction (moved down from turret jam)" in events
    assert unit.weapons[0].jammed
    unit, _ = crit(unit, "turret", 9, 2)
    assert unit.crits[-1] == CritResult("turret", "weapon destroyed")
    assert unit.vehicle.turret == "locked"


def test_veh_crit_19_locked_turret_stays_where_it_points():
    # VEH-CRIT-19 test: a turret locked pointing left of the hull keeps that offset for the rest of
    # the game: turning it is refused, and the end of the turn does not re-centre it.
    from btcli.rules.core import phases

    state = make_state(MANTICORE)
    state = put(state, changed(crit(state.units["t"], "turret", 9)[0], twist=-1))
    with pytest.raises(IllegalOrderError, match="locked") as info:
        run(state, WeaponAttackOrder("t", "e", ("PPC",), twist="right"), [])
    assert info.value.rule == "VEH-CRIT-19"
    assert phases.end_turn(state).units["t"].twist == -1


# -- VEH-CRIT-20..23: weapons ----------------------------------------------------------------------


@pytest.mark.parametrize("chooser, destroyed, who", [
    (1, [False, True, False], "owner"), (2, [False, True, False], "owner"), (3, [False, True, False], "owner"),
    (4, [True, False, False], "attacker"), (5, [True, False, False], "attacker"), (6, [True, False, False], "attacker"),
])
def test_veh_crit_20_weapon_destroyed_chooser(chooser, destroyed, who):
    # VEH-CRIT-20 test: 1D6 1-3 the owner picks, 4-6 the attacker picks. btcli's choice: the owner
    # gives up the least damaging weapon (an SRM-2, 2 x 2), the attacker takes the most damaging
    # (the Medium Laser, 5). J. Edgar turret: Medium Laser, SRM-2, SRM-2.
    unit, events = crit(tank(J_EDGAR), "turret", 10, chooser)
    assert unit.crits == (CritResult("turret", "weapon destroyed"),)
    assert [m.destroyed for m in unit.weapons] == destroyed
    assert any(f"({who} chooses)" in e for e in events)


def test_veh_crit_20_a_destroyed_weapon_never_fires_again():
    # VEH-CRIT-20 test: the chosen weapon can never fire again.
    state = make_state(J_EDGAR, enemy_at="0507")
    state = put(state, crit(state.units["t"], "turret", 10, 5)[0])
    with pytest.raises(IllegalOrderError, match="destroyed"):
        run(state, WeaponAttackOrder("t", "e", ("Medium Laser",)), [])
    later = changed(state, turn=5)
    assert to_hit(later, "t", "Medium Laser@turret", "e").impossible


def test_veh_crit_20_weapon_destroyed_skips_weapons_already_destroyed():
    # VEH-CRIT-20: the second Weapon Destroyed on the J. Edgar turret with the attacker choosing
    # again takes the best weapon left (an SRM-2); then the last one.
    unit = tank(J_EDGAR)
    unit, _ = crit(unit, "turret", 10, 6)
    unit, _ = crit(unit, "turret", 10, 6)
    assert [m.destroyed for m in unit.weapons] == [True, False, True]


LRM_TANK = {
    "kind": "vehicle", "motive": "tracked", "engine": "fusion", "tons": 50, "cruise": 4,
    "armor": {"front": 30, "right": 20, "left": 20, "rear": 15},
    "weapons": [{"name": "LRM-20", "location": "front"}, {"name": "Medium Laser", "location": "front"}],
    "ammo": [{"weapon": "LRM-20", "location": "body", "shots": 6}],
}


def test_veh_crit_20_owner_gives_up_the_medium_laser_not_the_lrm_20():
    unit, _ = crit(tank(LRM_TANK), "front", 11, 1)
    assert [m.label for m in unit.weapons if m.destroyed] == ["Medium Laser@front"]


def test_veh_crit_21_a_destroyed_gauss_rifle_is_an_ammunition_critical():
    # VEH-CRIT-21 test: Weapon Destroyed selects a front-mounted Gauss rifle -> Ammunition critical
    # resolved on the front location: the AC/5's 10 rounds (50) explode into the front IS; the
    # Gauss ammunition itself is not explosive.
    design = {
        "kind": "vehicle", "motive": "tracked", "engine": "fusion", "tons": 60, "cruise": 4,
        "armor": {"front": 30, "right": 20, "left": 20, "rear": 15, "turret": 20},
        "weapons": [{"name": "Gauss Rifle", "location": "front"}, {"name": "AC/5", "location": "turret"}],
        "ammo": [{"weapon": "Gauss Rifle", "location": "body", "shots": 8}, {"weapon": "AC/5", "location": "body", "shots": 10}],
    }
    unit = tank(design, internal={**tank(design).internal, "front": 60})
    unit, events = crit(unit, "front", 11, 3)
    assert [m.destroyed for m in unit.weapons] == [True, False]
    assert unit.internal["front"] == 10
    assert [a.shots for a in unit.ammo] == [0, 0]
    assert "t: ammunition explodes for 50 damage to the front internal structure" in events


def test_veh_crit_22_weapon_malfunction_jams_a_random_weapon_of_the_location():
    # VEH-CRIT-22 test: 3 turret weapons -> one chosen at random with 1D6 (re-rolling 4-6): 5 is
    # rolled again, 2 -> the LRM-10 jams; the front Medium Laser is never a candidate.
    state = make_state(MANTICORE, enemy_at="0502")
    unit, events = crit(state.units["t"], "turret", 8, 5, 2)
    assert unit.crits == (CritResult("turret", "weapon malfunction"),)
    assert [m.jammed for m in unit.weapons] == [False, True, False, False]
    assert "t: LRM-10@turret jams" in events
    state = put(state, unit)
    with pytest.raises(IllegalOrderError, match="jammed") as info:
        run(state, WeaponAttackOrder("t", "e", ("LRM-10",)), [])
    assert info.value.rule == "VEH-CRIT-23"
    assert to_hit(changed(state, turn=4), "t", "LRM-10@turret", "e").impossible  # until cleared
    assert not to_hit(state, "t", "PPC@turret", "e").impossible


def test_veh_crit_22_malfunction_picks_among_working_weapons_only():
    # VEH-CRIT-22: the PPC already jammed -> 1D6 1 picks the first of LRM-10 and SRM-6; the front
    # column's only weapon jams with no pick roll.
    unit = tank(MANTICORE)
    unit, _ = crit(unit, "turret", 8, 1)
    unit, _ = crit(unit, "turret", 8, 1)
    assert [m.jammed for m in unit.weapons] == [True, True, False, False]
    unit, _ = crit(unit, "front", 7)
    assert [m.jammed for m in unit.weapons] == [True, True, False, True]


def test_veh_crit_22_malfunction_without_a_working_weapon_moves_down():
    # VEH-CRIT-22 / VEH-CRIT-04: the front Medium Laser already jammed -> front 7 moves down to 8, stabilizer.
    unit, _ = crit(tank(MANTICORE), "front", 7)
    unit, _ = crit(unit, "front", 7)
    assert unit.crits == (CritResult("front", "weapon malfunction"), CritResult("front", "stabilizer"))


def scorpion_with_jams(*jammed: int) -> GameState:
    state = make_state(SCORPION, enemy_at="0507")
    t = state.units["t"]
    weapons = tuple(evolve(m, jammed=i in jammed) for i, m in enumerate(t.weapons))
    return put(state, changed(t, weapons=weapons))


def next_weapon_phase(state: GameState) -> GameState:
    """Plays the rest of the turn and the next turn up to its weapon phase: red loses the initiative,
    the Locust stands, the Scorpion cruises one hex forward."""
    state, _ = run(state, ResolvePhaseOrder())  # weapon -> physical
    for _ in range(3):  # physical, heat, end
        state, _ = run(state, ResolvePhaseOrder())
    state, _ = run(state, ResolvePhaseOrder(), [7, 8])
    state, _ = run(state, MoveOrder("e", "stand"))
    state, _ = run(state, MoveOrder("t", "cruise", ("F",)))  # VEH-CRIT-23: it may still move
    state, _ = run(state, ResolvePhaseOrder())
    assert state.phase is Phase.WEAPON
    return state


def test_veh_crit_23_two_jammed_weapons_take_two_weapon_phases():
    # VEH-CRIT-23 test: two jammed weapons -> clearing takes two weapon attack phases with no firing
    # in either (one jam per phase); the vehicle may still move in those turns.
    state = scorpion_with_jams(0, 1)
    state, events = run(state, ClearJamOrder("t", "AC/5"))
    assert events == ["t's crew clears the jammed AC/5@turret (no weapon fires this phase)"]
    assert [m.jammed for m in state.units["t"].weapons] == [False, True]
    with pytest.raises(IllegalOrderError, match="one per phase"):
        run(state, ClearJamOrder("t", "Machine Gun"))
    with pytest.raises(IllegalOrderError, match="clearing a jam"):
        run(state, WeaponAttackOrder("t", "e", ("AC/5",)), [])
    state = next_weapon_phase(state)
    assert state.turn == 2
    state, _ = run(state, ClearJamOrder("t", "MG"))
    assert [m.jammed for m in state.units["t"].weapons] == [False, False]
    with pytest.raises(IllegalOrderError, match="clearing a jam"):
        run(state, WeaponAttackOrder("t", "e", ("AC/5",)), [])
    state = next_weapon_phase(state)
    state, events = run(state, WeaponAttackOrder("t", "e", ("AC/5", "Machine Gun")), [2, 2])
    assert [e.split(":")[0] for e in events] == ["t fires AC/5@turret at e", "t fires Machine Gun@turret at e"]
    assert state.units["t"].fired == (0, 1)


def test_veh_crit_23_a_vehicle_that_fired_cannot_clear_this_phase():
    # VEH-CRIT-23: the crew spends the weapon phase clearing instead of firing: after the MG has
    # fired, the jammed AC/5 cannot be cleared this phase.
    state = scorpion_with_jams(0)
    state, _ = run(state, WeaponAttackOrder("t", "e", ("Machine Gun",)), [2])
    with pytest.raises(IllegalOrderError, match="already fired"):
        run(state, ClearJamOrder("t", "AC/5"))


def test_veh_crit_23_nothing_jammed_nothing_to_clear():
    state = scorpion_with_jams()
    with pytest.raises(IllegalOrderError, match="no jammed"):
        run(state, ClearJamOrder("t", "AC/5"))


def test_veh_crit_23_a_stunned_crew_cannot_clear():
    # VEH-CRIT-10: a stunned crew takes no other action, clearing a jam included.
    state = scorpion_with_jams(0)
    state = put(state, changed(state.units["t"], stunned_from=1, stunned_until=1))
    with pytest.raises(IllegalOrderError, match="stunned"):
        run(state, ClearJamOrder("t", "AC/5"))


# -- VTOL-CRIT ------------------------------------------------------------------------------------


def ferret_state(**changes) -> GameState:
    """The Ferret 't' with the Locust two hexes ahead (MG medium range)."""
    return make_state(FERRET, enemy_at="0508", **changes)


def test_vtol_crit_01_sensors_work_as_on_ground_vehicles():
    # VTOL-CRIT-01 test: VTOL takes a Sensors critical (front 9) -> +1 to-hit, as VEH-CRIT-15.
    state = ferret_state()
    unit, _ = crit(state.units["t"], "front", 9)
    assert unit.crits == (CritResult("front", "sensors"),)
    after = put(state, unit)
    assert mods(after, "t", "Machine Gun@front", "e")["sensor hits (1)"] == 1
    assert to_hit(after, "t", "Machine Gun@front", "e").target == to_hit(state, "t", "Machine Gun@front", "e").target + 1


def test_vtol_crit_02_co_pilot_hit_adds_one_to_hit():
    # VTOL-CRIT-02 test: gunnery 4 VTOL -> +1 to-hit after the first Co-Pilot Hit (driving unchanged).
    state = ferret_state()
    unit, _ = crit(state.units["t"], "front", 6)
    assert unit.crits == (CritResult("front", "co-pilot hit"),)
    after = put(state, unit)
    assert mods(after, "t", "Machine Gun@front", "e")["co-pilot hit"] == 1
    assert to_hit(after, "t", "Machine Gun@front", "e").target == to_hit(state, "t", "Machine Gun@front", "e").target + 1
    assert dsr_target(unit) == 5


def test_vtol_crit_02_second_co_pilot_hit_kills_the_crew_and_the_vtol_crashes():
    # VTOL-CRIT-02 test: second Co-Pilot Hit -> Crew Killed (the airborne VTOL crashes, destroyed).
    unit = crits_in_a_row(tank(FERRET, elevation=3), "front", 6, 6)
    assert unit.crits == (CritResult("front", "co-pilot hit"), CritResult("front", "crew killed"))
    assert unit.destroyed and unit.vehicle.crew_killed is True


def test_vtol_crit_03_engine_damage_while_landed_immobilizes():
    # VTOL-CRIT-03 test: a landed VTOL takes Engine Damage (side 10) -> all future movement rejected
    # (it could take off before); an immobile target, not destroyed.
    state = ferret_state()
    check_move(state, "", "AF")
    unit, _ = crit(state.units["t"], "right", 10)
    assert unit.crits == (CritResult("right", "engine hit"),)
    assert not unit.destroyed and vehicles.is_immobile(unit)
    state = put(state, unit)
    for path in ("A", "AF"):
        with pytest.raises(IllegalOrderError) as info:
            check_move(state, "", path)
        assert info.value.rule == "VEH-CRIT-13"
    assert mods(state, "e", "Medium Laser@CT", "t")["target immobile"] == -4


def test_vtol_crit_04_engine_damage_while_airborne_over_clear_calls_a_driving_roll():
    # VTOL-CRIT-04 test: driving 5 over clear -> TN 9 (+4); side critical 10 = engine hit; roll 8 -> destroyed.
    state = ferret_state()
    state = put(state, changed(state.units["t"], elevation=2))
    dice = ManualDice([10, 8])
    state, _ = apply_hits(state, (hit("right", 1, "right", critical=True),), dice)
    assert state.units["t"].destroyed
    assert dice.rolls[-1].target == 9


def test_vtol_crit_04_successful_forced_landing_leaves_it_landed_and_immobile():
    # VTOL-CRIT-04 test: roll 9 vs TN 9 -> lands in the clear hex, immobile for the rest of the game.
    state = ferret_state()
    state = put(state, changed(state.units["t"], elevation=2))
    state, _ = apply_hits(state, (hit("right", 1, "right", critical=True),), ManualDice([10, 9]))
    ferret = state.units["t"]
    assert (ferret.destroyed, ferret.elevation) == (False, 0) and vehicles.is_immobile(ferret)


def test_vtol_crit_05_engine_damage_while_airborne_over_heavy_woods_destroys():
    # VTOL-CRIT-05 test: airborne VTOL over heavy woods takes Engine Damage -> destroyed, no roll.
    state = ferret_state()
    state = changed(state, board=state.board.with_hex(HexId(5, 10), Hex(Terrain.HEAVY_WOODS)))
    state = put(state, changed(state.units["t"], elevation=3))
    state, _ = apply_hits(state, (hit("right", 1, "right", critical=True),), ManualDice([10]))
    assert state.units["t"].destroyed


def test_vtol_crit_08_pilot_hit_adds_two_to_driving_rolls():
    # VTOL-CRIT-08 test: driving 5 -> TN 7 after a Pilot Hit (front 10); to-hit unchanged.
    state = ferret_state()
    unit, _ = crit(state.units["t"], "front", 10)
    assert unit.crits == (CritResult("front", "pilot hit"),)
    assert (vehicles.driving_modifiers(unit), dsr_target(unit)) == ([("pilot hit", 2)], 7)
    assert to_hit(put(state, unit), "t", "Machine Gun@front", "e").target == to_hit(state, "t", "Machine Gun@front", "e").target


def test_vtol_crit_08_second_pilot_hit_kills_the_crew():
    # VTOL-CRIT-08 test: second Pilot Hit -> Crew Killed (landed: the VTOL stays, out of action).
    unit = crits_in_a_row(tank(FERRET), "front", 10, 10)
    assert unit.crits == (CritResult("front", "pilot hit"), CritResult("front", "crew killed"))
    assert unit.vehicle.crew_killed is True and not unit.conscious and not unit.destroyed


def test_vtol_crit_08_pilot_hit_calls_an_immediate_driving_roll():
    # VTOL-CRIT-08 test: front critical 10 = pilot hit; driving 5 + 2 -> TN 7; roll 6 -> elevation 3 becomes 2.
    state = ferret_state()
    state = put(state, changed(state.units["t"], elevation=3))
    dice = ManualDice([10, 6])
    state, _ = apply_hits(state, (hit("front", 1, "front", critical=True),), dice)
    assert state.units["t"].elevation == 2
    assert dice.rolls[-1].target == 7


def test_vtol_crit_09_rotor_damage_critical_costs_one_cruise_mp():
    # VTOL-CRIT-09 test: cruise 8 / flank 12: a Rotor Damage critical alone -> cruise 7 / flank 11.
    unit, events = crit(tank(FERRET, walk=8, run=12), "rotor", 6)
    assert unit.crits == (CritResult("rotor", "rotor damage"),)
    assert (unit.walk, unit.run) == (7, 11)
    assert "t: cruise MP 8 -> 7, flank 11 (rotor damage critical (VTOL-CRIT-09))" in events


def test_vtol_crit_09_rotor_hit_with_a_rotor_damage_critical_costs_two():
    # VTOL-CRIT-09 test / AMB-16: a critical triggered by a rotor hit that also applies its own
    # 1-MP loss -> cruise 6 / flank 9 (rotor 12 = Rotor [C]; critical roll 7 = Rotor Damage).
    state = make_state(FERRET, walk=8, run=12)
    unit, _, _ = apply(state, hit("rotor", 5, critical=True), dice=[7])
    assert (unit.walk, unit.run) == (6, 9)
    assert unit.armor["rotor"] == 1


@pytest.mark.parametrize("roll", [11, 12])
def test_vtol_crit_10_rotor_destroyed_destroys_the_vtol(roll):
    # VTOL-CRIT-10 test: Rotor Destroyed -> VTOL removed as destroyed.
    state = ferret_state()
    unit, _ = crit(state.units["t"], "rotor", roll)
    assert unit.crits == (CritResult("rotor", "rotor destroyed"),) and unit.destroyed
    assert victory.losses(put(state, unit), "blue") == (1, 1)


def test_vtol_crit_11_flight_stabilizer_adds_three_to_driving_and_one_to_hit():
    # VTOL-CRIT-11 test: driving 5, gunnery 4 -> driving TN 8, base to-hit 5.
    state = ferret_state()
    unit, _ = crit(state.units["t"], "rotor", 9)
    assert unit.crits == (CritResult("rotor", "flight stabilizer"),)
    assert dsr_target(unit) == 8
    after = put(state, unit)
    assert mods(after, "t", "Machine Gun@front", "e")["flight stabilizer"] == 1
    assert to_hit(after, "t", "Machine Gun@front", "e").target == to_hit(state, "t", "Machine Gun@front", "e").target + 1


def test_vtol_crit_11_second_flight_stabilizer_does_not_apply_and_moves_down():
    # VTOL-CRIT-11: further Flight Stabilizer hits add nothing; as a once-only result already taken it
    # moves down the column (VEH-CRIT-04, as MegaMek VTOL.getCriticalEffect): 10 is a flight
    # stabilizer too, so 11 = Rotor Destroyed.
    unit, _ = crit(tank(FERRET), "rotor", 10)
    unit, events = crit(unit, "rotor", 9)
    assert unit.crits == (CritResult("rotor", "flight stabilizer"), CritResult("rotor", "rotor destroyed"))
    assert unit.destroyed
    assert "t: critical roll 9 on the rotor column: rotor destroyed (moved down from flight stabilizer)" in events


# -- motive system damage (tables.md 3) ---------------------------------------------------------------


def motive(unit: Unit, *rolls: int, side: str = "front") -> Unit:
    for roll in rolls:
        d = ManualDice([roll])
        unit = vehicles.motive_roll(unit, side, d, [])
        d.finish()
    return unit


@pytest.mark.parametrize("roll, result, cruise, flank, dsr", [
    (5, None, 4, 6, 0),
    (6, "minor damage", 4, 6, 1),  # +1 DSR only
    (8, "moderate damage", 3, 5, 2),  # -1 cruise, flank ceil(3 x 1.5) = 5
    (10, "heavy damage", 2, 3, 3),  # cruise halved rounding up
    (12, "major damage", 0, 0, 0),  # immobile
])
def test_motive_damage_results(roll, result, cruise, flank, dsr):
    # tables.md 3: minor +1 DSR; moderate -1 cruise, +2; heavy cruise halved (round up), +3; major
    # immobile. Flank is recomputed from the new cruise.
    unit = motive(tank(SCORPION), roll)
    assert unit.crits == ((CritResult("motive", result),) if result else ())
    assert (unit.walk, unit.run) == (cruise, flank)
    assert dsr_target(unit) == 5 + dsr
    assert vehicles.is_immobile(unit) is (result == "major damage")


def test_heavy_motive_damage_rounds_up():
    # tables.md 3: cruise halved, rounding up: J. Edgar 11 -> 6, flank 9.
    unit = motive(tank(J_EDGAR), 7)  # hover +3 = 10: heavy
    assert (unit.crits, unit.walk, unit.run) == ((CritResult("motive", "heavy damage"),), 6, 9)


def test_each_motive_driving_modifier_counts_once():
    # tables.md 3 notes: each DSR modifier (+1, +2, +3) only once; the MP losses still add up.
    unit = motive(tank(SCORPION), 6, 6, 8, 8)
    assert unit.vehicle.motive_dsr == (1, 2)
    assert vehicles.driving_modifiers(unit) == [("motive damage", 3)]
    assert (unit.walk, unit.run) == (2, 3)
    unit = motive(unit, 10, 10)
    assert vehicles.driving_modifiers(unit) == [("motive damage", 6)]


def test_major_motive_damage_makes_an_immobile_target_that_cannot_move():
    # tables.md 3: 12+ -> no movement for the rest of the game; attackers get -4 (tables.md 6.3).
    state = make_state(SCORPION, enemy_at="0507")
    unit = motive(state.units["t"], 12)
    state = put(state, unit)
    with pytest.raises(IllegalOrderError, match="cannot move"):
        check_move(state, "", "F")
    check_move(state, "stand")
    assert mods(state, "e", "Medium Laser@CT", "t")["target immobile"] == -4
    assert not to_hit(state, "t", "AC/5@turret", "e").impossible


def test_motive_damage_to_zero_cruise_stops_the_vehicle_but_is_no_immobile_target():
    # tables.md 3 notes: 0 MP from moderate/heavy results: it cannot move, but is not an immobile target.
    state = make_state(SCORPION, enemy_at="0507", walk=1, run=2)
    unit = motive(state.units["t"], 8)
    assert (unit.walk, unit.run) == (0, 0)
    state = put(state, unit)
    with pytest.raises(IllegalOrderError, match="cannot move"):
        check_move(state, "", "F")
    assert "target immobile" not in mods(state, "e", "Medium Laser@CT", "t")


def test_motive_hit_from_the_side_through_apply_hits():
    # tables.md 1 [M] and 3: side 9 -> Rear [M]; the roll gets +2 for a side hit: 6 + 2 = 8, moderate.
    state = make_state(SCORPION)
    h = kinds.hit(ManualDice([9]), state.units["t"], "left", 5, "x")
    assert (h.location, h.motive, h.side) == ("rear", True, "left")
    unit, _, _ = apply(state, h, dice=[6])
    assert unit.crits == (CritResult("motive", "moderate damage"),)
    assert (unit.armor["rear"], unit.walk) == (5, 3)


def test_vtols_make_no_motive_rolls():
    # tables.md 2 has no [M] results; motive_roll leaves a VTOL alone (its rotor hits cost MP instead).
    unit = tank(FERRET)
    assert vehicles.motive_roll(unit, "left", ManualDice([]), []) == unit


def test_immobilized_hovercraft_over_water_sinks():
    state = make_state(J_EDGAR)
    state = changed(state, board=state.board.with_hex(HexId(5, 10), Hex(Terrain.WATER, depth=1)))
    unit, _, _ = apply(state, hit("left", 1, "left", motive=True), dice=[7])  # 7 + 2 + 3 = 12: major
    assert unit.crits == (CritResult("motive", "major damage"),)
    assert unit.destroyed
