"""Aerospace critical hits per class (issue #32 item 4; btcli.rules.aero.damage): small craft and DropShips roll
hit locations on their own table and take the criticals only they have (AERO-CRIT-01..07, docs/rules-notes.md
"Aerospace critical hits per class"); fighters keep tables.md 9.1.

The Battle Taxi NL-42 (small craft): armor nose 248 (threshold 25), sides 90 (9), aft 120 (12); SI 9. The Union
(DropShip): nose 180 (18), sides 180 (18), aft 104 (11); SI 11.
"""

from __future__ import annotations

import pytest

from btcli.dice import ManualDice
from btcli.model.aero import Arc
from btcli.model.frozen import evolve
from btcli.model.state import Phase
from btcli.render.events import sentences
from btcli.rules.aero import (
    atmosphere as aero_atmosphere,
    control as aero_control,
    damage as aero_damage,
    thrust as aero_thrust,
)
from btcli.rules.aero.damage import AttackDirection, Critical
from tests.builders import NL42 as TAXI, aero_game, fire, flier, resolve
from tests.rules.aero_fixtures import (
    AIRSHIP,
    ANGEL,
    CORSAIR,
    LEOPARD,
    NL42,
    PROP_PLANE,
    SPACE,
    SPARROWHAWK,
    ST46,
    UNION,
    unit,
)

N, A, S = AttackDirection.NOSE, AttackDirection.AFT, AttackDirection.SIDE
W = "wing"  # the side hit

# Source: MegaMek @f0b2b01 megamek/src/megamek/common/SmallCraft.java:324-554 (rollHitLocation; DropShips use it,
# Dropship.java:1789-1873 overriding only kicks and punches). 2D6 -> location / critical per attack direction;
# the left and right side columns are one here ("wing": the side attacked), as are above/below (by the wing die).
SMALL_CRAFT_TABLE = {
    N: ["nose crew", "nose avionics", "right weapon", "right thruster", "nose fire_control", "nose weapon",
        "nose control", "left thruster", "left weapon", "nose sensors", "nose kf_boom"],
    A: ["aft life_support", "aft control", "right weapon", "right door", "aft engine", "aft weapon",
        "aft docking_collar", "left door", "left weapon", "aft landing_gear", "aft fuel_tank"],
    S: ["nose weapon", "nose fire_control", "nose sensors", "wing thruster", "wing cargo", "wing weapon", "wing door",
        "wing thruster", "aft avionics", "aft engine", "aft weapon"],
    AttackDirection.ABOVE_BELOW: ["nose weapon", "nose fire_control", "nose sensors", "wing thruster", "wing cargo",
                                  "wing weapon", "wing door", "wing thruster", "aft avionics", "aft engine",
                                  "aft weapon"],
}


def cells():
    for direction, column in SMALL_CRAFT_TABLE.items():
        for roll, cell in enumerate(column, start=2):
            yield direction, roll, cell


@pytest.mark.parametrize("direction, roll, cell", list(cells()))
def test_small_craft_and_dropships_roll_on_the_small_craft_table(direction, roll, cell):  # AERO-CRIT-01
    location, critical = cell.split()
    for design in (NL42, UNION):
        table = aero_damage.hit_table(design)
        for side, wing_die in ((Arc.LEFT, 4), (Arc.RIGHT, 3)):
            arc, crit = aero_damage.hit_location(direction, roll, side=side, wing_die=wing_die, table=table)
            assert (arc, crit) == (side if location == W else Arc(location), Critical(critical))


@pytest.mark.parametrize("design", [CORSAIR, SPARROWHAWK, ANGEL, PROP_PLANE, AIRSHIP], ids=lambda d: d.name)
def test_fighters_conventional_fighters_and_support_vehicles_keep_the_fighter_table(design):  # AERO-CRIT-01
    assert aero_damage.hit_table(design) is aero_damage.HIT_TABLE  # tables.md 9.1


@pytest.mark.parametrize("design", [ST46, NL42, LEOPARD, UNION], ids=lambda d: d.name)
def test_every_small_craft_and_dropship_has_the_small_craft_table(design):  # AERO-CRIT-01
    assert aero_damage.hit_table(design) is aero_damage.SMALL_CRAFT_TABLE


def test_only_classes_with_them_can_roll_thrusters_doors_or_bombs():  # AERO-CRIT-01, AERO-ATM-04
    def named(table):
        return {crit for column in table.values() for _, crit in column.values()}

    fighter, small = named(aero_damage.HIT_TABLE), named(aero_damage.SMALL_CRAFT_TABLE)
    assert Critical.BOMB in fighter and Critical.BOMB not in small
    assert {Critical.THRUSTER, Critical.DOOR, Critical.LIFE_SUPPORT} <= small
    assert not fighter & {Critical.THRUSTER, Critical.DOOR, Critical.LIFE_SUPPORT, Critical.CARGO}


def test_only_above_below_wing_results_need_the_wing_die():
    table = aero_damage.SMALL_CRAFT_TABLE
    assert aero_damage.needs_wing_die(table, AttackDirection.ABOVE_BELOW, 5)
    assert not aero_damage.needs_wing_die(table, AttackDirection.ABOVE_BELOW, 10)  # aft avionics
    assert not aero_damage.needs_wing_die(table, S, 5)  # the side attacked


def crit(design, critical, arc, dice=(), **changes):
    """Applies a critical to a fresh unit of ``design`` (every die given used)."""
    rolls = ManualDice(list(dice))
    state, events, forced = aero_damage.apply_critical(design, unit(design, "1010", **changes), critical, arc, rolls)
    rolls.finish()
    return state, events, forced


def test_a_thruster_critical_crosses_the_thruster_box_of_the_side_hit():  # AERO-CRIT-02
    left, events, forced = crit(NL42, Critical.THRUSTER, Arc.LEFT)
    assert (left.left_thruster_hits, left.right_thruster_hits, forced) == (1, 0, [])
    assert sentences(events) == ["critical hit: left thruster"]
    right, _, _ = crit(NL42, Critical.THRUSTER, Arc.RIGHT, right_thruster_hits=1)
    assert (right.left_thruster_hits, right.right_thruster_hits) == (0, 2)


def test_a_thruster_box_makes_turns_that_way_dearer_and_re_entry_harder():  # AERO-CRIT-02, AERO-MOVE-12, AERO-ATM-03
    state, _, _ = crit(NL42, Critical.THRUSTER, Arc.LEFT)
    assert aero_thrust.turn_cost(state, 4, -1) == 2 + 1 and aero_thrust.turn_cost(state, 4, +1) == 2
    before = aero_atmosphere.reentry_target(NL42, unit(NL42, "0710", area=SPACE))[0]
    assert aero_atmosphere.reentry_target(NL42, evolve(state, map_id="space"))[0] == before + 1


def test_a_thruster_hit_through_a_hit_on_the_side():  # AERO-CRIT-01, 02: a side 9 on the left side of a Battle Taxi
    arc, critical = aero_damage.hit_location(S, 9, side=Arc.LEFT, table=aero_damage.hit_table(NL42))
    hit = aero_damage.apply_hit(NL42, unit(NL42, "1010"), arc, 9, ManualDice([8]), critical=critical)
    assert (hit.state.armor.left, hit.state.left_thruster_hits) == (81, 1)
    assert sentences(hit.events) == ["hit: 9 damage to the left", "critical hit: left thruster"]
    assert hit.control_rolls == ("damage 9 at or above the left threshold 9",)


def test_a_door_critical_adds_1_to_the_re_entry_roll():  # AERO-CRIT-03, AERO-ATM-04
    state, events, _ = crit(UNION, Critical.DOOR, Arc.LEFT)
    assert state.door_hits == 1 and sentences(events) == ["critical hit: door"]
    assert aero_atmosphere.reentry_modifiers(UNION, state) == (("door criticals", 1),)


def test_a_life_support_critical_adds_2_to_every_control_roll():  # AERO-CRIT-04, tables.md 9.4
    state, events, _ = crit(UNION, Critical.LIFE_SUPPORT, Arc.AFT)
    assert state.life_support_hit and sentences(events) == ["critical hit: life support"]
    fresh = unit(UNION, "1010")
    target = aero_control.control_target
    assert target(UNION, state, False)[0] == target(UNION, fresh, False)[0] + 2
    assert ("no life support", 2) in aero_control.control_modifiers(UNION, state, True)


def test_cargo_docking_collar_and_kf_boom_are_recorded_on_a_dropship():  # AERO-CRIT-05
    state, _, _ = crit(UNION, Critical.CARGO, Arc.RIGHT, cargo_hits=1)
    assert state.cargo_hits == 2
    state, events, _ = crit(UNION, Critical.DOCKING_COLLAR, Arc.AFT)
    assert state.docking_collar_damaged and sentences(events) == ["critical hit: docking collar"]
    state, events, _ = crit(LEOPARD, Critical.KF_BOOM, Arc.NOSE)
    assert state.kf_boom_damaged and sentences(events) == ["critical hit: K-F boom"]


def test_a_small_craft_has_no_docking_collar_or_kf_boom_to_damage():  # AERO-CRIT-05
    for critical in (Critical.DOCKING_COLLAR, Critical.KF_BOOM):
        state, events, _ = crit(NL42, critical, Arc.AFT)
        assert state == unit(NL42, "1010")
    assert sentences(events) == [
        "critical hit: K-F boom, which a small craft does not have: no effect (AERO-CRIT-05)"]


@pytest.mark.parametrize("design, boxes", [(CORSAIR, 3), (ANGEL, 3), (NL42, 6), (UNION, 6)], ids=lambda x: str(x)[:12])
def test_the_engine_is_destroyed_at_3_hits_or_6_for_small_craft_and_dropships(design, boxes):  # AERO-CRIT-06
    assert aero_thrust.current_max_thrust(design, unit(design, "1010", engine_hits=boxes - 1)) == design.max_thrust
    assert aero_thrust.current_max_thrust(design, unit(design, "1010", engine_hits=boxes)) == 0
    gone = aero_atmosphere.reentry_modifiers(design, unit(design, "0710", area=SPACE, engine_hits=boxes))
    assert gone == (("re-entry table", 6),)  # no thrust +6 (AERO-ATM-03)


def test_a_weapon_critical_on_a_bay_destroys_the_whole_bay():  # AERO-CRIT-07
    # The Union's left side: PPC bay, AC/5 bay (2), LRM-20 bay (2), laser bay (Large Laser + 2 Medium Lasers)...
    state, events, _ = crit(UNION, Critical.WEAPON, Arc.LEFT)
    assert sentences(events) == ["critical hit: weapon", "PPC (left) destroyed"]
    state, events, _ = crit(UNION, Critical.WEAPON, Arc.LEFT, weapons_destroyed=state.weapons_destroyed)
    assert sentences(events) == ["critical hit: weapon", "AC/5 (left) destroyed", "AC/5 (left) destroyed"]
    leopard, events, _ = crit(LEOPARD, Critical.WEAPON, Arc.RIGHT, weapons_destroyed=(6,))  # right LRM bay gone
    assert sentences(events) == ["critical hit: weapon", "Large Laser (right) destroyed",
                                 "Large Laser (right) destroyed", "Medium Laser (right) destroyed"]
    assert leopard.weapons_destroyed == (6, 7, 7, 8)


def test_a_fighters_weapon_critical_still_destroys_one_weapon():  # tables.md 9.1
    state, events, _ = crit(CORSAIR, Critical.WEAPON, Arc.NOSE)
    assert sentences(events) == ["critical hit: weapon", "Large Laser (nose) destroyed"]
    assert len(state.weapons_destroyed) == 1


# -- in a game: an air-to-air attack at a small craft (btcli.rules.aero.attacks) -----------------------------------


def taxi_under_fire(facing: str):
    """A Corsair 'a' at 1010 facing N and a blue Battle Taxi 'b' four hexes north at 1006 facing ``facing``, in the
    weapon attack phase of space turn 6."""
    return aero_game(flier(uid="a", at="1010", facing="N", velocity=2),
                     flier(TAXI, uid="b", at="1006", facing=facing, velocity=2, side="blue"),
                     phase=Phase.WEAPON, turn=6)


def test_an_attack_from_behind_a_small_craft_rolls_its_aft_column():  # AERO-CRIT-01, AERO-CRIT-04
    # To-hit a natural 12 (a critical chance whatever the damage); location 2 on the aft column: aft / life support.
    state, events, _ = fire(taxi_under_fire("N"), "a", "b", ("Large Laser",), [12, 2])
    assert events == ["a fires Large Laser (nose) at b: needs 4, rolls 12: hit (aft), 8 damage to the aft "
                      "(location 2, critical: life support)"]
    state, events, _ = resolve(state, [8])  # critical check 8: life support; 8 < the aft threshold 12: no control roll
    assert events[:2] == ["b hit (Large Laser (nose) from a): 8 damage to the aft", "critical hit: life support"]
    assert state.units["b"].aero.life_support_hit and state.units["b"].armor["aft"] == 112


def test_an_attack_on_a_small_crafts_side_can_cross_its_thruster_box():  # AERO-CRIT-01, AERO-CRIT-02
    # b facing NE: a, due south, is on b's right. Location 5 on the side column: the right side's thruster.
    state, events, _ = fire(taxi_under_fire("NE"), "a", "b", ("Large Laser",), [12, 5])
    assert events[0].endswith("8 damage to the right (location 5, critical: thruster)")
    state, events, _ = resolve(state, [9])
    assert events[:2] == ["b hit (Large Laser (nose) from a): 8 damage to the right", "critical hit: right thruster"]
    assert (state.units["b"].aero.right_thruster_hits, state.units["b"].aero.left_thruster_hits) == (1, 0)


@pytest.mark.parametrize("die, column", [(1, N), (2, S), (5, S), (6, A)])
def test_a_spheroid_in_an_atmosphere_may_be_hit_on_its_nose_or_aft_column(die, column):  # AERO-CRIT-08
    assert aero_damage.spheroid_column(die, S) is column
    assert aero_damage.spheroid_column(die, N) is (A if die == 6 else N)


@pytest.mark.parametrize("design, atmosphere, direction, due", [
    (UNION, True, S, True), (NL42, True, N, True), (NL42, True, A, True),
    (NL42, True, AttackDirection.ABOVE_BELOW, False),  # MegaMek rolls it but keeps the above/below column
    (NL42, False, S, False),  # in space
    (LEOPARD, True, S, False), (ST46, True, S, False),  # aerodynes
    (CORSAIR, True, S, False),
], ids=str)
def test_only_spheroid_small_craft_and_dropships_in_an_atmosphere_roll_for_the_column(design, atmosphere, direction,
                                                                                      due):  # AERO-CRIT-08
    assert aero_damage.spheroid_die_due(design, direction, atmosphere) is due


def test_an_attack_on_a_spheroid_in_an_atmosphere_rolls_for_the_column():  # AERO-CRIT-08
    # The Battle Taxi over the low-altitude map, attacked from behind: location 2, then the 1D6 1: the nose column's
    # 2 (nose / crew), not the aft column's (aft / life support).
    state = aero_game(flier(uid="a", at="0810", map="low", altitude=5, facing="N", velocity=2),
                      flier(TAXI, uid="b", at="0806", map="low", altitude=5, facing="N", velocity=2, side="blue"),
                      phase=Phase.WEAPON, turn=1)
    state, events, dice = fire(state, "a", "b", ("Large Laser",), [12, 2, 1])
    assert events[0].endswith("8 damage to the nose (location 2, critical: crew)")
    assert dice.rolls[2].purpose == "spheroid b in an atmosphere (1: nose column, 6: aft column)"
    _, events, _ = fire(taxi_under_fire("N"), "a", "b", ("Large Laser",), [12, 2])  # in space: no such die
    assert events[0].endswith("(location 2, critical: life support)")
