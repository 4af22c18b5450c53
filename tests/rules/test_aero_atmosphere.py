"""Tests for the space map's planetary edge: bans, the interface, high-altitude flight, hovering,
gravity and drag (btcli.rules.aero.atmosphere, and the moves btcli.rules.aero.movement makes there;
catalog AERO-GEN-03, AERO-ATM-01..09, AERO-HALT-01..12, AERO-GRAV-01..05).

``SPACE`` (tests/rules/aero_fixtures.py) has its surface on the west edge:
column 01 is the ground row, 02-05 atmosphere rows 1-4, 06 the interface, 07+
space. Column 07 hexes step SW/NW into the interface; NE/SE go one row up.
The Corsair: nose armor 73 (threshold 8), SI 6, 6/9 thrust.
"""

from __future__ import annotations

import pytest

from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.aero import AeroClass, Arc, Edge, MapKind, Region, SpaceMap
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing
from btcli.rules.aero import atmosphere as aero_atmosphere, damage as aero_damage, movement as aero_movement
from btcli.rules.aero.atmosphere import VTOL, AtRest
from btcli.rules.aero.movement import Outcome
from tests.rules.aero_fixtures import (
    AIRSHIP,
    ANGEL,
    CORSAIR,
    LOW,
    NL42,
    PROP_PLANE,
    SPACE,
    ST46,
    UNION,
    H,
    fly,
    hexes,
    plan,
    unit,
)


def space(design, label, facing=Facing.N, **changes):
    return unit(design, label, facing, area=SPACE, **changes)


def refused(rule, design, state, path, area=SPACE):
    with pytest.raises(IllegalOrderError) as err:
        plan(design, state, path, area)
    assert err.value.rule == rule, str(err.value)


def end_phase(design, state, turn=6, rolls=(), choice=None):
    dice = ManualDice(list(rolls))
    result = aero_atmosphere.space_end_phase(design, state, SPACE, turn, dice, gravity_choice=choice)
    dice.finish()
    return result


# -- AERO-GEN-03 ------------------------------------------------------------------


def test_atmosphere_only_units_stay_out_of_space():  # AERO-GEN-03
    with pytest.raises(IllegalOrderError) as err:
        aero_atmosphere.check_placement(ANGEL, space(ANGEL, "1010"), SPACE)
    assert err.value.rule == "AERO-GEN-03"
    aero_atmosphere.check_placement(ANGEL, space(ANGEL, "0210"), SPACE)  # row 1
    aero_atmosphere.check_placement(ANGEL, unit(ANGEL, "0808", area=LOW, altitude=3), LOW)
    assert aero_atmosphere.entry_ban(AeroClass.FIXED_WING, SPACE, H("0610")) is not None
    aero_atmosphere.check_placement(CORSAIR, space(CORSAIR, "1010"), SPACE)


# -- AERO-ATM ---------------------------------------------------------------------


def test_map_rows_count_from_the_surface_edge():  # AERO-ATM-01, AMB-63
    regions = [SPACE.region(H(f"{col:02d}10")) for col in range(1, 9)]
    assert regions == [Region.GROUND_ROW] + [Region.ATMOSPHERE] * 4 + [Region.INTERFACE] + [Region.SPACE] * 2
    assert SPACE.row(H("0410")) == 3  # the 4th column from the west edge is atmosphere row 3
    east = SpaceMap("e", 30, 20, surface=Edge.EAST)
    assert east.region(H("3005")) is Region.GROUND_ROW and east.region(H("2505")) is Region.INTERFACE
    assert east.away_facings == (Facing.NW, Facing.SW) and SPACE.away_facings == (Facing.NE, Facing.SE)


def test_entering_the_interface_from_space_needs_a_control_roll():  # AERO-ATM-02
    flight = plan(CORSAIR, space(CORSAIR, "0710", Facing.SW, velocity=1), "F", SPACE)
    assert [(r.rule, r.target, r.modifiers) for r in flight.rolls] == [("AERO-ATM-02", 5, ())]
    assert flight.end.hex.label == "0610"


@pytest.mark.parametrize("changes, total", [
    (dict(engine_hits=2, left_thruster_hits=1), 3),
    (dict(engine_hits=4, left_thruster_hits=2, right_thruster_hits=1), 6),  # capped
    (dict(engine_hits=3), 6),  # the engine is gone: no thrust
])
def test_reentry_table_is_capped_at_6(changes, total):  # AERO-ATM-03, AMB-61
    assert aero_atmosphere.reentry_modifiers(CORSAIR, space(CORSAIR, "0710", **changes)) == (("re-entry table", total),)


def test_bomb_and_door_criticals_add_above_the_cap():  # AERO-ATM-04, AMB-61
    assert aero_atmosphere.reentry_modifiers(CORSAIR, space(CORSAIR, "0710", bomb_hits=2, engine_hits=1)) == (
        ("re-entry table", 1), ("bomb criticals", 2))
    worst = space(CORSAIR, "0710", engine_hits=4, left_thruster_hits=3, bomb_hits=1)
    assert sum(v for _, v in aero_atmosphere.reentry_modifiers(CORSAIR, worst)) == 7
    shuttle = space(ST46, "0710", door_hits=1)
    assert aero_atmosphere.reentry_target(ST46, shuttle)[0] == 6


def test_bomb_criticals_count_for_fighters_door_criticals_for_small_craft_and_dropships():  # AERO-ATM-04, AMB-61
    # Seed: +1 per bomb critical an aerospace fighter has taken, +1 per door critical of a small craft or
    # DropShip. Each class rolls on its own table (AERO-CRIT-01): a DropShip's side hit of 8 names a door, which
    # adds to its re-entry roll; a conventional fighter's side 8 names a bomb (tables.md 9.1), which adds nothing.
    union = space(UNION, "0710")
    arc, critical = aero_damage.hit_location(aero_damage.AttackDirection.SIDE, 8, side=Arc.LEFT,
                                             table=aero_damage.hit_table(UNION))
    hit = aero_damage.apply_hit(UNION, union, arc, 40, ManualDice([8]), critical=critical)
    assert (critical, hit.state.door_hits) == (aero_damage.Critical.DOOR, 1)
    assert aero_atmosphere.reentry_target(UNION, hit.state)[0] == aero_atmosphere.reentry_target(UNION, union)[0] + 1
    angel = space(ANGEL, "0710")
    arc, critical = aero_damage.hit_location(aero_damage.AttackDirection.SIDE, 8, side=Arc.LEFT,
                                             table=aero_damage.hit_table(ANGEL))
    hit = aero_damage.apply_hit(ANGEL, angel, arc, 3, ManualDice([8]), critical=critical)
    assert (critical, hit.state.bomb_hits) == (aero_damage.Critical.BOMB, 1)
    assert aero_atmosphere.reentry_target(ANGEL, hit.state) == aero_atmosphere.reentry_target(ANGEL, angel)
    assert aero_atmosphere.reentry_modifiers(UNION, space(UNION, "0710", door_hits=2)) == (("door criticals", 2),)
    assert aero_atmosphere.reentry_modifiers(CORSAIR, space(CORSAIR, "0710", door_hits=1)) == ()


def test_a_successful_reentry_goes_on_moving():  # AERO-ATM-05
    state = space(CORSAIR, "0710", Facing.SW, velocity=2, engine_hits=2)  # target 7
    flown, _ = fly(CORSAIR, state, "2F", rolls=[7], area=SPACE)
    assert hexes(flown) == ["0610", "0511"] and flown.outcome is Outcome.MOVED


def test_a_failed_reentry_stops_the_unit_with_nose_damage():  # AERO-ATM-06
    state = space(CORSAIR, "0710", Facing.SW, velocity=2, engine_hits=2, left_thruster_hits=1)  # target 8
    flown, dice = fly(CORSAIR, state, "2F", rolls=[5, 9], area=SPACE)  # 9: the control roll 15 damage forces
    end = flown.end
    assert (end.hex.label, end.velocity, end.armor.nose, flown.outcome) == ("0710", 0, 73 - 15, Outcome.STOPPED)
    assert dice.rolls[1].purpose.startswith("control roll: damage 15")


def test_only_craft_with_4_thrust_leave_the_interface():  # AERO-ATM-07, AMB-24
    assert aero_atmosphere.may_leave_interface(CORSAIR, space(CORSAIR, "0610"))
    weak = evolve(CORSAIR, safe_thrust=2, max_thrust=3)
    assert not aero_atmosphere.may_leave_interface(weak, space(weak, "0610"))
    refused("AERO-ATM-07", weak, space(weak, "0610", Facing.NE, velocity=1), "F")
    assert hexes(plan(CORSAIR, space(CORSAIR, "0610", Facing.NE, velocity=1), "F", SPACE)) == ["0710"]
    assert not aero_atmosphere.may_leave_interface(CORSAIR, space(CORSAIR, "0610", engine_hits=3))


def test_out_of_control_into_the_interface_takes_250_per_velocity():  # AERO-ATM-08, AMB-25
    state = space(CORSAIR, "0810", Facing.NW, velocity=2, out_of_control=True)  # 0710, then 0609
    flown = aero_movement.apply_out_of_control(CORSAIR, state, SPACE, ManualDice([7]))  # nose / control
    assert flown.end.hex.label == "0609" and flown.end.destroyed and flown.end.armor.nose == 0


def test_out_of_control_at_velocity_0_into_the_interface_takes_50():  # AERO-ATM-08
    hit = aero_atmosphere.interface_impact(CORSAIR, space(CORSAIR, "0610", out_of_control=True), ManualDice([4, 5]))
    assert hit.state.armor.right == 50 - 50 and hit.state.structural_integrity == 6  # right wing / heat sink
    hit = aero_atmosphere.interface_impact(CORSAIR, space(CORSAIR, "0610", out_of_control=True), ManualDice([7, 5]))
    assert hit.state.armor.nose == 23


def test_gravity_reaches_10_rows_above_the_interface():  # AERO-ATM-09, AERO-GRAV-01
    assert aero_atmosphere.gravity_reach(SPACE, H("1610"))  # row 15: 10 above the interface
    assert not aero_atmosphere.gravity_reach(SPACE, H("1710"))


# -- AERO-HALT ----------------------------------------------------------------------


def test_high_altitude_rules_only_in_rows_1_to_4():  # AERO-HALT-01
    assert plan(CORSAIR, space(CORSAIR, "0810"), "+", SPACE).total_thrust == 1  # space row 7
    assert plan(CORSAIR, space(CORSAIR, "0610"), "+", SPACE).total_thrust == 1  # the interface
    assert plan(CORSAIR, space(CORSAIR, "0410"), "+", SPACE).total_thrust == 2  # row 3


def test_acceleration_in_the_atmosphere_costs_double():  # AERO-HALT-02
    flight = plan(CORSAIR, space(CORSAIR, "0310"), "+ +", SPACE)
    assert (flight.total_thrust, flight.end.velocity) == (4, 2)
    assert plan(CORSAIR, space(CORSAIR, "0310", velocity=3), "- 2F", SPACE).total_thrust == 1  # slowing: 1 a point


def test_drag_takes_1_velocity_once_per_space_turn():  # AERO-HALT-03, AMB-54
    state = space(CORSAIR, "0310", velocity=5, moved_velocity=5)
    assert end_phase(CORSAIR, state, turn=5).state.velocity == 5
    assert end_phase(CORSAIR, state, turn=6).state.velocity == 4
    braked = plan(CORSAIR, state, "- - 3F", SPACE).end  # 2 thrust to slow down in turn 6's space phase
    assert end_phase(CORSAIR, braked, turn=6).state.velocity == 2
    assert aero_atmosphere.apply_drag(space(CORSAIR, "0910", velocity=5), SPACE).velocity == 5  # space: no drag


def test_over_the_safe_velocity_costs_5_nose_per_point():  # AERO-HALT-04, AMB-26, AMB-54
    state = space(CORSAIR, "0310", velocity=8, moved_velocity=8)  # row 2: safe 6
    assert end_phase(CORSAIR, state, turn=5).events == ()
    result = end_phase(CORSAIR, state, turn=6)
    assert result.state.armor.nose == 73 - 10 and result.control_rolls  # 10 reaches the threshold 8
    assert result.state.velocity == 7  # then drag
    assert end_phase(CORSAIR, space(CORSAIR, "0510", velocity=12, moved_velocity=12)).state.armor.nose == 73  # row 4


@pytest.mark.parametrize("row, safe", [(1, 3), (2, 6), (3, 9), (4, 12)])
def test_high_altitude_table(row, safe):  # AERO-HALT-04 (tables.md 9.6)
    assert aero_atmosphere.safe_velocity(SPACE, H(f"{row + 1:02d}10")) == safe


def test_airships_and_vtols_are_kept_off_the_altitude_maps():  # AERO-HALT-05
    assert aero_atmosphere.entry_ban(AeroClass.AIRSHIP, SPACE, H("0210")).rule == "AERO-HALT-05"
    assert aero_atmosphere.entry_ban(AeroClass.AIRSHIP, LOW) is None
    assert aero_atmosphere.entry_ban(VTOL, LOW).rule == "AERO-HALT-05"
    assert aero_atmosphere.entry_ban(VTOL, SPACE).rule == "AERO-HALT-05"
    with pytest.raises(IllegalOrderError) as err:
        aero_atmosphere.check_placement(AIRSHIP, space(AIRSHIP, "0110"), SPACE)
    assert err.value.rule == "AERO-HALT-05"


def test_a_prohibited_entry_fails_with_a_control_roll():  # AERO-HALT-05, AERO-HALT-06, AMB-27
    state = space(ANGEL, "0210", Facing.NE, velocity=2)  # row 1; NE is 0310, row 2
    flight = plan(ANGEL, state, "2F", SPACE)
    assert flight.outcome is Outcome.STOPPED and flight.end.hex.label == "0210"
    assert [r.rule for r in flight.rolls] == ["AERO-HALT-06"]
    assert plan(ANGEL, space(ANGEL, "0210", Facing.N, velocity=2), "2F", SPACE).outcome is Outcome.MOVED


def test_a_failed_prohibited_entry_roll_puts_the_unit_out_of_control():  # AERO-HALT-05
    start = space(ANGEL, "0210", Facing.NE, velocity=2)
    flown, dice = fly(ANGEL, start, "2F", rolls=[5], area=SPACE)
    assert flown.end.out_of_control
    assert dice.rolls[0].target == 6  # Angel: 5 + 2 (atmosphere) - 1 (fighter) = 6
    held, _ = fly(ANGEL, start, "2F", rolls=[6], area=SPACE)  # the target number itself succeeds
    assert not held.end.out_of_control and held.end.hex.label == "0210"


def test_propeller_planes_fly_1_hex_a_turn_on_the_high_altitude_map():  # AERO-HALT-07
    state = space(PROP_PLANE, "0210", velocity=5)
    assert hexes(plan(PROP_PLANE, state, "F", SPACE)) == ["0209"]
    refused("AERO-HALT-07", PROP_PLANE, state, "2F")
    low = unit(PROP_PLANE, "0816", area=LOW, altitude=5, velocity=3)
    assert plan(PROP_PLANE, low, "3F", LOW).hexes == 3


def test_aerodynes_at_velocity_0_fall_in_the_space_end_phase():  # AERO-HALT-08, AMB-54
    state = space(CORSAIR, "0410", moved_velocity=0)  # row 3
    assert end_phase(CORSAIR, state, turn=5).state.hex.label == "0410"
    assert end_phase(CORSAIR, state, turn=6, choice=H("0311")).state.hex.label == "0311"
    moving = space(CORSAIR, "0410", Facing.N, velocity=2, moved_velocity=2)
    assert end_phase(CORSAIR, moving, turn=6).state.hex.label == "0410"


def test_airships_hover_like_spheroids():  # AERO-HALT-09
    assert aero_atmosphere.may_hover(AIRSHIP) and aero_atmosphere.may_hover(NL42)
    assert not aero_atmosphere.may_hover(ST46)
    flight = plan(AIRSHIP, unit(AIRSHIP, "0808", area=LOW, altitude=4), "H", LOW)
    assert flight.end.hovering and flight.total_thrust == 2


def test_spheroids_in_the_atmosphere_face_away_from_the_planet():  # AERO-HALT-10, AMB-63
    assert aero_atmosphere.spheroid_facing_roll_due(NL42, space(NL42, "0310", Facing.N), SPACE)
    assert aero_atmosphere.spheroid_facing_roll_due(NL42, space(NL42, "0310", Facing.SW), SPACE)
    assert not aero_atmosphere.spheroid_facing_roll_due(NL42, space(NL42, "0310", Facing.NE), SPACE)
    assert not aero_atmosphere.spheroid_facing_roll_due(NL42, space(NL42, "0910", Facing.N), SPACE)  # space
    assert not aero_atmosphere.spheroid_facing_roll_due(ST46, space(ST46, "0310", Facing.N), SPACE)  # aerodyne
    flight = plan(NL42, space(NL42, "0310", Facing.N, velocity=1), "F", SPACE)
    assert [r.rule for r in flight.rolls] == ["AERO-HALT-10"]  # once a move


def test_a_hovering_spheroid_pays_2_thrust_and_is_not_pulled():  # AERO-HALT-11, AMB-28, AMB-54
    state = space(NL42, "0310", Facing.NE, moved_velocity=0)
    hovering = plan(NL42, state, "H", SPACE).end
    assert hovering.hovering and hovering.thrust_spent == 2 and hovering.velocity == 0
    assert end_phase(NL42, hovering, turn=6).state.hex.label == "0310"
    assert end_phase(NL42, state, turn=6, choice=H("0209")).state.hex.label == "0209"  # did not pay: pulled
    refused("AERO-HALT-11", ST46, space(ST46, "0310", Facing.NE), "H")  # an aerodyne does not hover
    refused("AERO-HALT-11", NL42, space(NL42, "0310", Facing.N), "H")  # nor one facing along the surface


def test_hover_moves_cost_3_a_hex_and_count_as_hovering():  # AERO-HALT-12, AMB-54
    state = space(NL42, "0310", Facing.NE)
    flight = plan(NL42, state, "HN HN", SPACE)
    assert hexes(flight) == ["0309", "0308"] and flight.total_thrust == 6 and flight.end.facing is Facing.NE
    assert end_phase(NL42, flight.end, turn=6).state.hex.label == "0308"
    refused("AERO-HALT-12", NL42, space(NL42, "0510", Facing.NE), "HNE")  # out of the atmosphere


# -- AERO-GRAV ------------------------------------------------------------------------


def test_scenarios_may_change_the_gravity_range():  # AERO-GRAV-01
    near = evolve(SPACE, gravity_range=6)
    assert aero_atmosphere.gravity_reach(SPACE, H("1410")) and not aero_atmosphere.gravity_reach(near, H("1410"))


def test_gravity_pulls_one_row_toward_the_surface_in_space_turns():  # AERO-GRAV-02, AMB-54, AMB-63
    state = space(CORSAIR, "0910", velocity=3, moved_velocity=3)  # 3 rows above the interface
    assert end_phase(CORSAIR, state, turn=5).state.hex.label == "0910"
    assert aero_atmosphere.gravity_choices(SPACE, state) == (H("0810"), H("0809"))
    assert end_phase(CORSAIR, state, turn=6, choice=H("0810")).state.hex.label == "0810"
    assert end_phase(CORSAIR, state, turn=6, choice=H("0809")).state.hex.label == "0809"
    with pytest.raises(IllegalOrderError) as err:
        end_phase(CORSAIR, state, turn=6)
    assert err.value.rule == "AERO-GRAV-02"


def test_gravity_into_the_interface_calls_for_the_reentry_roll():  # AERO-GRAV-03
    state = space(CORSAIR, "0710", velocity=2, moved_velocity=2)
    result = end_phase(CORSAIR, state, turn=6, rolls=[8], choice=H("0610"))
    assert result.state.hex.label == "0610"
    failed = end_phase(CORSAIR, state, turn=6, rolls=[4], choice=H("0610"))  # fails by 1: 5 nose damage
    assert failed.state.hex.label == "0710" and failed.state.velocity == 0 and failed.state.armor.nose == 68


def test_in_the_atmosphere_gravity_pulls_only_at_velocity_0():  # AERO-GRAV-04
    assert not aero_atmosphere.gravity_applies(CORSAIR, space(CORSAIR, "0310", velocity=3, moved_velocity=3), SPACE)
    assert aero_atmosphere.gravity_applies(CORSAIR, space(CORSAIR, "0310", moved_velocity=0), SPACE)
    assert not aero_atmosphere.gravity_applies(CORSAIR, space(CORSAIR, "0610", velocity=1, moved_velocity=1), SPACE)
    assert aero_atmosphere.gravity_applies(CORSAIR, space(CORSAIR, "0710", velocity=1, moved_velocity=1), SPACE)


def test_pulled_into_the_ground_row_the_unit_leaves_for_the_low_altitude_map():  # AERO-GRAV-02, AERO-LALT-01
    result = end_phase(CORSAIR, space(CORSAIR, "0210", moved_velocity=0), turn=6, choice=H("0110"))
    assert result.state.transit.kind is MapKind.LOW_ALTITUDE and result.state.transit.to_map == "low"


def test_at_velocity_0_in_a_ground_hex_a_unit_hovers_lands_or_crashes():  # AERO-GRAV-05, AMB-29, AMB-59
    fighter = unit(CORSAIR, "0808", area=LOW, altitude=3)
    assert aero_atmosphere.at_rest_in_ground_hex(fighter, LOW)
    with pytest.raises(IllegalOrderError) as err:
        aero_atmosphere.rest_in_ground_hex(CORSAIR, fighter, LOW, AtRest.HOVER)
    assert err.value.rule == "AERO-GRAV-05"
    assert aero_atmosphere.rest_in_ground_hex(CORSAIR, fighter, LOW, AtRest.CRASH) == fighter  # no thrust: #14
    assert aero_atmosphere.rest_in_ground_hex(CORSAIR, fighter, LOW, AtRest.LAND) == fighter
    spheroid = unit(NL42, "0808", area=LOW, altitude=3, thrust_spent=4)
    hovered = aero_atmosphere.rest_in_ground_hex(NL42, spheroid, LOW, AtRest.HOVER)
    assert hovered.thrust_spent == 6 and hovered.hovering
    assert not aero_atmosphere.at_rest_in_ground_hex(unit(CORSAIR, "0808", area=LOW, altitude=3, velocity=2), LOW)
    tired = unit(NL42, "0808", area=LOW, altitude=3, thrust_spent=8)
    with pytest.raises(IllegalOrderError):
        aero_atmosphere.rest_in_ground_hex(NL42, tired, LOW, AtRest.HOVER)  # 10 > max thrust 9
    paid = plan(NL42, unit(NL42, "0808", area=LOW, altitude=3), "H", LOW).end
    assert aero_atmosphere.rest_in_ground_hex(NL42, paid, LOW, AtRest.HOVER).thrust_spent == 2  # paid once
