"""Tests for damage: 'Mech armor, internal structure, transfer and critical hits; vehicle damage
(btcli.rules.core.damage, btcli.rules.ground.vehicles).

Hits are built directly as ``Hit`` values and applied with ``hits.apply_hits``;
dice are scripted with ``ManualDice`` (2D6 totals and 1D6 faces in request order)
and ``dice.rolls`` shows which rolls were asked for. Standard slot layouts come
from btcli.rules.ground.mechs: a Hunchback's left arm is shoulder, upper arm, lower arm,
hand, Medium Laser, then 7 empty slots; its left torso two AC/20 bins then heat
sinks; its center torso engine 1-3, gyro 4-7, engine 8-10.
"""

from __future__ import annotations

from typing import Any

import pytest

from btcli.dice import ManualDice
from btcli.model.hits import CritResult, SlotHit
from btcli.model.state import GameState, Hit
from btcli.model.units import AmmoBin, Unit
from btcli.rules import kinds
from btcli.rules.core.hits import apply_hits
from btcli.render.events import sentences
from tests.builders import changed, design, purposes, weapon_game

HUNCHBACK = "Hunchback HBK-4G"  # 50 t: IS HD 3, CT 16, LT/RT 12, arms 8, legs 12
LOCUST = "Locust LCT-1V"  # 20 t: IS HD 3, CT 6, LT/RT 5, arms 3, legs 4
ATLAS = "Atlas AS7-D"
SCORPION = "Scorpion Light Tank"  # tracked, 25 t: IS 3 per location, turret
MANTICORE = "Manticore Heavy Tank"  # tracked, 60 t: IS 6 per location, turret
J_EDGAR = "J. Edgar Light Hover Tank"  # hover
SAVANNAH = "Savannah Master Hovercraft"  # hover, no turret
FERRET = "Ferret Light Scout VTOL"  # rotor armor 2, IS 1


def make_state(target: dict[str, Any] | str) -> GameState:
    """Returns a weapon-phase game with the target 't' (blue) in 0505 facing N and a red Locust far away."""
    return weapon_game(design(target, "t", "0505", side="blue"), design(LOCUST, "a", "0510"))


def target(design: dict[str, Any] | str, *, armor: dict[str, int] | None = None, **changes) -> GameState:
    """Returns the game with the target changed: ``armor`` overrides some locations' armor."""
    state = make_state(design)
    t = state.units["t"]
    if armor:
        changes["armor"] = {**t.armor, **armor}
    return state.with_unit(changed(t, **changes))


def hit(location: str, amount: int, side: str = "front", *, rear: bool = False, critical: bool = False,
        motive: bool = False) -> Hit:
    return Hit("t", location, amount, side, rear, critical, motive, "test")


def apply(state: GameState, *hits: Hit, dice: list[int] = ()) -> tuple[Unit, list[str], ManualDice]:
    """Applies the hits with scripted dice; checks every scripted value was used."""
    d = ManualDice(list(dice))
    new, events = apply_hits(state, hits, d)
    d.finish()
    return new.units["t"], sentences(events), d


# -- 'Mech armor and internal structure (tables.md 8.1) -------------------------------------------


def test_mech_damage_strikes_armor_before_internal_structure():
    # tables.md 8.1: armor first, the rest to internal structure (LA 16 armor, 8 IS; 20 damage).
    unit, _, d = apply(target(HUNCHBACK), hit("LA", 20), dice=[7])
    assert (unit.armor["LA"], unit.internal["LA"]) == (0, 4)
    assert purposes(d) == ["critical check t LA (internal structure damage)"]


def test_mech_armor_only_hit_rolls_no_critical():
    # tables.md 8.4: no internal structure damage and no roll of 2 -> no critical check.
    unit, _, d = apply(target(HUNCHBACK), hit("CT", 10))
    assert (unit.armor["CT"], unit.internal["CT"]) == (16, 16)
    assert d.rolls == []


@pytest.mark.parametrize("location, rear_key, left", [("CT", "CTR", 2), ("LT", "LTR", 1), ("RT", "RTR", 1)])
def test_rear_torso_hit_uses_rear_armor(location, rear_key, left):
    # tables.md 8.1: rear attacks use the torso rear armor values (Hunchback CTR 5, LTR 4, RTR 4).
    state = target(HUNCHBACK)
    unit, _, _ = apply(state, hit(location, 3, "rear", rear=True))
    assert unit.armor[rear_key] == left
    assert unit.armor[location] == state.units["t"].armor[location]


def test_rear_hit_through_rear_armor_reaches_internal_structure():
    # tables.md 8.1: 8 damage through CTR 5 -> 3 to CT internal structure; front CT armor untouched.
    unit, _, _ = apply(target(HUNCHBACK), hit("CT", 8, "rear", rear=True), dice=[2])
    assert (unit.armor["CTR"], unit.armor["CT"], unit.internal["CT"]) == (0, 26, 13)


# -- transfer (tables.md 8.1 note) ----------------------------------------------------------------------


def test_damage_transfers_arm_to_side_torso_to_center_torso():
    # tables.md 8.1: arm -> side torso -> center torso. Locust LA 4+3, LT 8+5, then 2 to CT armor.
    unit, events, d = apply(target(LOCUST), hit("LA", 22), dice=[])
    assert (unit.armor["LA"], unit.internal["LA"]) == (0, 0)
    assert (unit.armor["LT"], unit.internal["LT"]) == (0, 0)
    assert (unit.armor["CT"], unit.internal["CT"]) == (8, 6)
    assert not unit.destroyed
    assert "t: 15 damage transfers from LA to LT" in events
    assert "t: 2 damage transfers from LT to CT" in events
    assert purposes(d) == []  # a destroyed location takes its contents along: no critical roll there


@pytest.mark.parametrize("location, inward", [("LL", "LT"), ("RL", "RT"), ("RA", "RT"), ("LT", "CT"), ("RT", "CT")])
def test_damage_transfers_inward(location, inward):
    # tables.md 8.1: legs and arms transfer to their side torso, side torsos to the center torso.
    state = target(LOCUST, armor={location: 0}, internal={**make_state(LOCUST).units["t"].internal, location: 0})
    before = state.units["t"].armor[inward]
    unit, _, d = apply(state, hit(location, 3))
    assert unit.armor[inward] == before - 3
    assert d.rolls == []


def test_hit_on_head_destroys_mech_when_head_structure_is_gone():
    # tables.md 8.1: head destroyed -> the 'Mech is destroyed (Locust HD 8 armor + 3 IS).
    unit, events, _ = apply(target(LOCUST), hit("HD", 11), dice=[])
    assert unit.destroyed
    assert "t is destroyed (head gone)" in events


def test_center_torso_destroyed_destroys_mech():
    # tables.md 8.1: center torso destroyed -> the 'Mech is destroyed (Locust CT 10 armor + 6 IS).
    unit, events, _ = apply(target(LOCUST), hit("CT", 16), dice=[])
    assert unit.destroyed
    assert "t is destroyed (center torso gone)" in events


def test_side_torso_destroyed_takes_its_arm():
    # TW: a destroyed side torso takes the arm on that side with it (Hunchback RT 20 + 12).
    unit, events, _ = apply(target(HUNCHBACK), hit("RT", 32), dice=[])
    assert (unit.internal["RT"], unit.internal["RA"], unit.armor["RA"]) == (0, 0, 0)
    assert {m.label: m.destroyed for m in unit.weapons} == {
        "AC/20@RT": True, "Medium Laser@LA": False, "Medium Laser@RA": True, "Small Laser@HD": False,
    }
    assert not unit.destroyed
    assert "t: RA destroyed" in events


def test_destroyed_side_torso_loses_its_ammunition():
    # TW: everything in a destroyed location is gone, ammunition included (Hunchback LT bins).
    unit, _, _ = apply(target(HUNCHBACK), hit("LT", 32), dice=[])
    assert [a.shots for a in unit.ammo] == [0, 0]


# -- critical hits (tables.md 8.4) ------------------------------------------------------------------


def test_hit_location_roll_of_2_is_a_through_armor_critical():
    # tables.md 8.1: a 2 on the hit location roll (CT from the front) flags a possible TAC.
    unit = make_state(HUNCHBACK).units["t"]
    assert kinds.hit(ManualDice([2]), unit, "front", 5, "x") == Hit("t", "CT", 5, "front", False, True, False, "x")
    assert kinds.hit(ManualDice([7]), unit, "front", 5, "x").critical is False


def test_rear_hit_location_roll_marks_rear_armor():
    # tables.md 8.1: rear attacks use the front/rear column and the rear armor.
    unit = make_state(HUNCHBACK).units["t"]
    assert kinds.hit(ManualDice([8]), unit, "rear", 5, "x") == Hit("t", "LT", 5, "rear", True, False, False, "x")


def test_through_armor_critical_rolls_without_internal_damage():
    # tables.md 8.1 TAC: roll on 8.4 even though armor was not breached; 8 -> 1 critical, slot 4 of
    # the center torso's upper half is a gyro slot.
    unit, events, d = apply(target(HUNCHBACK), hit("CT", 5, critical=True), dice=[8, 1, 4])
    assert (unit.armor["CT"], unit.internal["CT"]) == (21, 16)
    assert unit.crits == (SlotHit("CT", 3),)
    assert purposes(d)[0] == "critical check t CT (through-armor critical (hit location roll of 2))"
    assert "t: critical hit on gyro (CT slot 4)" in events


@pytest.mark.parametrize("roll, count", [(2, 0), (7, 0), (8, 1), (9, 1), (10, 2), (11, 2), (12, 3)])
def test_critical_hit_count_in_a_torso(roll, count):
    # tables.md 8.4: 2-7 none, 8-9 one, 10-11 two, 12 in a torso three. Each critical picks an
    # engine/gyro slot of the upper half (1D6 1 -> upper half, then faces 1, 2, 3).
    slot_dice = [1, 1, 1, 2, 1, 3][: 2 * count]
    unit, _, _ = apply(target(HUNCHBACK, armor={"CT": 0}), hit("CT", 1), dice=[roll, *slot_dice])
    assert unit.crits == tuple(SlotHit("CT", i) for i in range(count))


def test_critical_slot_in_upper_half_of_12_slot_location():
    # TW critical slots: a 12-slot location rolls 1D6 for the half (1-3 upper) then 1D6 for the slot;
    # upper half slot 5 of the left arm is the Medium Laser, whose mount is destroyed.
    unit, events, d = apply(target(HUNCHBACK, armor={"LA": 0}), hit("LA", 1), dice=[8, 2, 5])
    assert unit.crits == (SlotHit("LA", 4),)
    assert [m.destroyed for m in unit.weapons] == [False, True, False, False]
    assert purposes(d)[1:] == ["critical slot half t LA", "critical slot t LA"]
    assert "t: critical hit on Medium Laser (LA slot 5)" in events


def test_critical_slot_rerolls_empty_slot():
    # TW critical slots: an empty slot is rolled again. 5 -> lower half, 1 -> slot 7 (empty);
    # re-roll 3 -> upper half, 1 -> slot 1 (shoulder).
    unit, _, d = apply(target(HUNCHBACK, armor={"LA": 0}), hit("LA", 1), dice=[8, 5, 1, 3, 1])
    assert unit.crits == (SlotHit("LA", 0),)
    assert len(d.rolls) == 5


def test_critical_slot_in_6_slot_location_uses_one_die():
    # TW critical slots: a 6-slot location (leg, head) rolls a single 1D6 for the slot.
    unit, _, d = apply(target(HUNCHBACK, armor={"LL": 0}), hit("LL", 1), dice=[8, 1])
    assert unit.crits == (SlotHit("LL", 0),)
    assert purposes(d)[1:] == ["critical slot t LL"]


def test_critical_slot_rerolls_already_destroyed_slot():
    # TW critical slots: a slot already destroyed is rolled again (hip taken -> upper leg).
    unit, _, _ = apply(target(HUNCHBACK, armor={"LL": 0}, crits=("LL:0",)), hit("LL", 1), dice=[8, 1, 2])
    assert unit.crits == (SlotHit("LL", 0), SlotHit("LL", 1))


def test_roll_of_12_blows_off_a_limb():
    # tables.md 8.4: 12 on a head or limb: blown off / destroyed, with its weapons.
    unit, events, _ = apply(target(HUNCHBACK, armor={"RA": 0}), hit("RA", 1), dice=[12])
    assert (unit.internal["RA"], unit.armor["RA"]) == (0, 0)
    assert unit.weapons[2].destroyed
    assert "t: RA blown off" in events
    assert not unit.destroyed


def test_third_engine_hit_destroys_mech():
    # TW critical effects: three engine hits destroy the 'Mech. Slot 8 of the CT is engine.
    state = target(HUNCHBACK, armor={"CT": 0}, crits=("CT:0", "CT:1"))
    unit, events, _ = apply(state, hit("CT", 1), dice=[8, 4, 2])
    assert unit.count_hits("engine") == 3
    assert unit.destroyed
    assert "t's engine is destroyed; the 'Mech is destroyed" in events


def test_second_engine_hit_does_not_destroy_mech():
    # TW critical effects: two engine hits leave the 'Mech running.
    unit, _, _ = apply(target(HUNCHBACK, armor={"CT": 0}, crits=("CT:0",)), hit("CT", 1), dice=[8, 4, 2])
    assert unit.count_hits("engine") == 2
    assert not unit.destroyed


def test_cockpit_hit_destroys_mech():
    # TW critical effects: a cockpit hit kills the MechWarrior and destroys the 'Mech (HD slot 3).
    unit, _, _ = apply(target(HUNCHBACK, armor={"HD": 0}), hit("HD", 1), dice=[8, 3])
    assert unit.destroyed
    assert not unit.conscious


def test_any_slot_of_a_multi_slot_weapon_destroys_it():
    # TW critical effects: the AC/20 fills RT slots 1-10; a hit on slot 10 destroys the weapon.
    unit, _, _ = apply(target(HUNCHBACK, armor={"RT": 0}), hit("RT", 1), dice=[8, 4, 4])
    assert unit.crits == (SlotHit("RT", 9),)
    assert unit.weapons[0].destroyed


# -- ammunition explosions ----------------------------------------------------------------------


def test_ammunition_explosion_goes_straight_to_internal_structure():
    # tables.md 12: shots left x damage per shot (1 AC/20 shot = 20) straight to internal structure,
    # transferring inward: LT 11 IS left -> 0 (its arm with it), 9 into CT IS; CT armor untouched.
    state = target(HUNCHBACK, armor={"LT": 0}, ammo=(AmmoBin("AC/20", "LT", 1), AmmoBin("AC/20", "LT", 5)))
    unit, events, _ = apply(state, hit("LT", 1), dice=[8, 1, 1])
    assert "t: AC/20 ammunition explodes in LT: 1 shots x 20 = 20 damage" in events
    assert (unit.internal["LT"], unit.internal["LA"]) == (0, 0)
    assert (unit.armor["CT"], unit.internal["CT"]) == (26, 7)
    assert not unit.destroyed


def test_ammunition_explosion_wounds_the_mechwarrior_twice():
    # TW: an ammunition explosion gives the MechWarrior 2 hits.
    state = target(HUNCHBACK, armor={"LT": 0}, ammo=(AmmoBin("AC/20", "LT", 1), AmmoBin("AC/20", "LT", 5)))
    unit, _, _ = apply(state, hit("LT", 1), dice=[8, 1, 1])
    assert unit.pilot_hits == 2


def test_location_destroyed_by_ammunition_explosion_is_reported_once():
    # TW: a location is destroyed once; the log (and any reader of it) should say so once.
    state = target(HUNCHBACK, armor={"LT": 0}, ammo=(AmmoBin("AC/20", "LT", 1), AmmoBin("AC/20", "LT", 5)))
    _, events, _ = apply(state, hit("LT", 1), dice=[8, 1, 1])
    assert events.count("t: LT destroyed") == 1


@pytest.mark.parametrize(
    "slot_dice, bins, text, internal",
    [
        # Atlas LT slot 10 holds the SRM-6 bin: 1 shot x (2 per missile x 6 missiles) = 12.
        ([4, 4], (6, 6, 1), "t: SRM-6 ammunition explodes in LT: 1 shots x 12 = 12 damage", 8),
        # Atlas LT slot 8 holds the first LRM-20 bin: 1 shot x (1 per missile x 20 missiles) = 20.
        ([4, 2], (1, 6, 15), "t: LRM-20 ammunition explodes in LT: 1 shots x 20 = 20 damage", 0),
    ],
)
def test_missile_ammunition_explodes_per_missile_times_launcher_size(slot_dice, bins, text, internal):
    # tables.md 12: explosive ammo damage = shots left x damage per shot; missiles per-missile
    # damage x missiles per shot. Atlas LT IS 21, 1 from the hit.
    atlas = make_state(ATLAS).units["t"]
    ammo = list(atlas.ammo)
    for i, shots in enumerate(bins):
        ammo[i] = AmmoBin(ammo[i].weapon, ammo[i].location, shots)
    state = target(ATLAS, armor={"LT": 0}, ammo=tuple(ammo))
    unit, events, _ = apply(state, hit("LT", 1), dice=[8, *slot_dice])
    assert text in events
    assert unit.internal["LT"] == internal


def inline_mech(weapon: str, shots: int) -> dict[str, Any]:
    """Returns a 50-ton inline 'Mech with ``weapon`` in the RT and one bin of its ammo in LT slot 1."""
    return {
        "kind": "mech", "tons": 50, "walk": 4, "heat_sinks": 10,
        "armor": {"HD": 9, "CT": 20, "CTR": 5, "LT": 0, "LTR": 4, "RT": 15, "RTR": 4, "LA": 10, "RA": 10, "LL": 12, "RL": 12},
        "weapons": [{"name": weapon, "location": "RT"}],
        "ammo": [{"weapon": weapon, "location": "LT", "shots": shots}],
    }


@pytest.mark.parametrize("weapon, per_shot", [("LB 10-X AC", 10), ("Ultra AC/5", 5)])
def test_autocannon_ammunition_explodes_for_damage_per_shot(weapon, per_shot):
    # tables.md 12: shots left x damage per shot; only missiles multiply by missiles per shot.
    unit, events, _ = apply(make_state(inline_mech(weapon, 1)), hit("LT", 1), dice=[8, 1, 1])
    assert f"t: {weapon} ammunition explodes in LT: 1 shots x {per_shot} = {per_shot} damage" in events
    assert unit.internal["LT"] == 12 - 1 - per_shot


def test_empty_bin_does_not_explode():
    # tables.md 12: damage = shots left x damage per shot; an empty bin does nothing, no pilot hits.
    state = target(HUNCHBACK, armor={"LT": 0}, ammo=(AmmoBin("AC/20", "LT", 0), AmmoBin("AC/20", "LT", 5)))
    unit, events, _ = apply(state, hit("LT", 1), dice=[8, 1, 1])
    assert "t: the AC/20 bin in LT is empty or inert; nothing explodes" in events
    assert (unit.internal["LT"], unit.pilot_hits) == (11, 0)


def test_gauss_ammunition_does_not_explode():
    # tables.md 12: Gauss Rifle ammunition is not explosive.
    unit, _, _ = apply(make_state(inline_mech("Gauss Rifle", 8)), hit("LT", 1), dice=[8, 1, 1])
    assert (unit.internal["LT"], unit.pilot_hits) == (11, 0)


# -- the MechWarrior ---------------------------------------------------------------------------------


def test_head_hit_wounds_the_mechwarrior():
    # TW: every hit on the head gives the MechWarrior one hit, armor or not.
    unit, events, _ = apply(target(HUNCHBACK), hit("HD", 1))
    assert unit.pilot_hits == 1
    assert "t's MechWarrior takes 1 hit(s) (head hit): 1 in all" in events


def test_sixth_pilot_hit_kills_the_mechwarrior():
    # tables.md 15 / 6.5 (UNVERIFIED): the sixth hit kills the MechWarrior; the 'Mech is destroyed.
    unit, _, _ = apply(target(HUNCHBACK, pilot_hits=5), hit("HD", 1))
    assert unit.destroyed and not unit.conscious


# -- vehicles (VEH-DMG, tables.md 1) -------------------------------------------------------------------


def test_vehicle_damage_does_not_transfer():
    # VEH-DMG-02 test: left side 2 armor + 3 IS, 10-point hit -> left IS destroyed, the excess 5
    # points discarded (not transferred), vehicle destroyed.
    state = target(SCORPION, armor={"left": 2})
    unit, _, d = apply(state, hit("left", 10, "left"))
    assert (unit.armor["left"], unit.internal["left"]) == (0, 0)
    assert unit.destroyed
    before = state.units["t"]
    assert {k: v for k, v in unit.armor.items() if k != "left"} == {k: v for k, v in before.armor.items() if k != "left"}
    assert {k: v for k, v in unit.internal.items() if k != "left"} == {"front": 3, "right": 3, "rear": 3, "turret": 3}
    assert d.rolls == []


def test_vehicle_destroyed_when_turret_structure_is_gone():
    # VEH-DMG-03 test: turret IS reduced to 0 with every other location intact -> destroyed.
    unit, _, _ = apply(target(SCORPION), hit("turret", 19))
    assert unit.internal["turret"] == 0
    assert unit.destroyed


def test_destroyed_vehicle_takes_no_more_hits():
    # VEH-DMG-03: a destroyed vehicle is removed; later hits of the phase do nothing.
    unit, _, _ = apply(target(SCORPION), hit("turret", 19), hit("front", 5))
    assert unit.armor["front"] == 16


def test_vehicle_armor_only_hit_rolls_nothing():
    # VEH-GEN-04 test: 20 points to armor only -> no crew roll, no critical.
    unit, _, d = apply(target(MANTICORE), hit("front", 20))
    assert (unit.armor["front"], unit.crits, d.rolls) == (22, (), [])


@pytest.mark.parametrize(
    "design, location, side, roll, crit",
    [
        (MANTICORE, "front", "front", 6, "driver hit"),
        (MANTICORE, "front", "front", 12, "crew killed"),
        (SCORPION, "left", "left", 12, "fuel tank"),  # ICE: the fuel tank explodes
        (MANTICORE, "left", "left", 12, "engine hit"),  # tables.md 4 *: fusion -> Engine Hit
        (MANTICORE, "right", "right", 8, "crew stunned"),
        (MANTICORE, "rear", "rear", 11, "ammunition"),
        (MANTICORE, "turret", "front", 7, "turret jam"),
        (MANTICORE, "turret", "front", 12, "turret blown off"),
    ],
)
def test_vehicle_critical_mark_rolls_on_column_of_location(design, location, side, roll, crit):
    # tables.md 1 [C]: roll once on tables.md 4 in the column of the location hit (sides share the
    # Side column); unit.crits records 'location: result' and the result takes effect
    # (btcli.rules.ground.vehicles; the effects themselves are tested in test_vehicle_crits.py).
    unit, events, d = apply(target(design), hit(location, 1, side, critical=True), dice=[roll])
    assert unit.crits == (CritResult(location, crit),)
    assert purposes(d) == [f"vehicle critical t {location}"]
    column = "side" if location in ("left", "right") else location
    assert f"t: critical roll {roll} on the {column} column: {crit}" in events
    effects = {
        "driver hit": lambda u: not u.destroyed and u.conscious,
        "crew killed": lambda u: u.vehicle.crew_killed and not u.conscious and not u.destroyed,
        "fuel tank": lambda u: u.destroyed,
        "engine hit": lambda u: u.vehicle.engine_hit and u.vehicle.immobile and not u.destroyed,
        "crew stunned": lambda u: (u.vehicle.stunned_from, u.vehicle.stunned_until) == (2, 2),
        "ammunition": lambda u: u.destroyed and all(a.shots == 0 for a in u.ammo),  # 300 damage vs rear IS 6
        "turret jam": lambda u: u.vehicle.turret == "jammed",
        "turret blown off": lambda u: u.vehicle.turret == "gone" and not u.destroyed,
    }
    assert effects[crit](unit)


def test_vehicle_critical_roll_below_6_is_no_critical():
    # tables.md 4: 2-5 no critical hit.
    unit, events, _ = apply(target(MANTICORE), hit("front", 1, critical=True), dice=[5])
    assert unit.crits == ()
    assert "t: critical roll 5 on the front column: no critical" in events


def test_vehicle_internal_structure_hit_rolls_critical():
    # VEH-CRIT-02 / tables.md 1: every time internal structure takes damage, roll on the column.
    # Rear 9 is Weapon Destroyed; the Manticore has no rear weapons, so it moves down to 10,
    # Engine Hit (VEH-CRIT-04, the source's own example).
    unit, events, d = apply(target(MANTICORE, armor={"rear": 0}), hit("rear", 2, "rear"), dice=[9])
    assert (unit.internal["rear"], unit.crits) == (4, (CritResult("rear", "engine hit"),))
    assert purposes(d) == ["vehicle critical t rear"]
    assert "t: critical roll 9 on the rear column: engine hit (moved down from weapon destroyed)" in events


def test_vehicle_critical_mark_and_internal_damage_roll_twice():
    # tables.md 1: the [C] roll and the internal-structure roll are independent.
    unit, _, d = apply(target(MANTICORE, armor={"front": 0}), hit("front", 1, critical=True), dice=[6, 8])
    assert unit.crits == (CritResult("front", "driver hit"), CritResult("front", "stabilizer"))
    assert unit.vehicle.stabilized == ("front",)
    assert len(d.rolls) == 2


def test_vtol_critical_uses_vtol_table():
    # VEH-DMG-04 / tables.md 5: VTOLs roll on the VTOL critical table (front 6: co-pilot hit, where a
    # ground vehicle would take a driver hit).
    unit, _, _ = apply(target(FERRET), hit("front", 1, critical=True), dice=[6])
    assert unit.crits == (CritResult("front", "co-pilot hit"),)


@pytest.mark.parametrize(
    "design, side, roll, modified, result, dsr",
    [
        (SCORPION, "front", 5, 5, None, []),  # tracked +0, front +0: no effect
        (SCORPION, "front", 6, 6, "minor damage", [1]),
        (SCORPION, "rear", 5, 6, "minor damage", [1]),  # rear +1
        (SCORPION, "left", 6, 8, "moderate damage", [2]),  # side +2
        (SCORPION, "right", 9, 11, "heavy damage", [3]),
        (J_EDGAR, "front", 5, 8, "moderate damage", [2]),  # hover +3
        (J_EDGAR, "left", 7, 12, "major damage", []),  # hover +3, side +2
        ({"kind": "vehicle", "motive": "wheeled", "tons": 30, "cruise": 5,
          "armor": {"front": 10, "right": 8, "left": 8, "rear": 6}}, "front", 4, 6, "minor damage", [1]),  # wheeled +2
    ],
)
def test_motive_roll_adds_side_and_motive_type(design, side, roll, modified, result, dsr):
    # tables.md 3: 2D6 + hit from the rear +1 / side +2, wheeled +2, hover +3; 2-5 no effect, 6-7 minor,
    # 8-9 moderate, 10-11 heavy, 12+ major. [M]: damage applies normally, then one roll.
    unit, events, d = apply(target(design), hit(side, 1, side, motive=True), dice=[roll])
    assert unit.armor[side] == make_state(design).units["t"].armor[side] - 1
    assert unit.crits == ((CritResult("motive", result),) if result else ())
    assert f"t: motive system roll {modified}: {result or 'no effect'}" in events
    assert d.rolls[0].purpose == "motive system damage t"
    assert unit.vehicle.motive_dsr == tuple(dsr)
    assert unit.vehicle.immobile == (result == "major damage")


@pytest.mark.parametrize(
    "design, side, roll, location, critical, motive",
    [
        (SCORPION, "front", 2, "front", True, False),
        (SCORPION, "front", 3, "front", False, True),
        (SCORPION, "front", 5, "right", False, True),  # TW: front 5 -> right side (MegaMek: left)
        (SCORPION, "left", 8, "left", True, False),
        (SCORPION, "rear", 9, "right", False, True),
        (SCORPION, "right", 12, "turret", True, False),
        (SAVANNAH, "right", 10, "right", False, False),  # VEH-DMG-11: no turret -> side attacked
        (SAVANNAH, "front", 12, "front", True, False),  # no turret, a 12 still gives [C]
    ],
)
def test_vehicle_hit_location_roll(design, side, roll, location, critical, motive):
    # VEH-DMG-09 / tables.md 1: the attack direction's column with the table's [C] and [M] marks.
    unit = make_state(design).units["t"]
    h = kinds.hit(ManualDice([roll]), unit, side, 5, "x")
    assert (h.location, h.critical, h.motive) == (location, critical, motive)


def test_rotor_takes_one_point_per_ten_points_of_weapon_damage():
    # VEH-DMG-12 test: a Medium Laser (5) hitting the rotor does 1 rotor damage (Ferret rotor armor 2).
    unit, events, _ = apply(target(FERRET), hit("rotor", 5))
    assert (unit.armor["rotor"], unit.destroyed) == (1, False)
    assert "t: rotor hit: 5 weapon damage does 1 (VEH-DMG-12)" in events
