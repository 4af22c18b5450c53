"""Audit of the aerospace movement rules (seed 001; catalog TURN, AERO-GEN, AERO-MOVE, AERO-MNV, AERO-HIGHG,
AERO-STACK, AERO-ATM, AERO-HALT, AERO-GRAV, AERO-LALT): tests that check a rule's effect with concrete values
where the existing tests were weak, and above all that the rule applies in a game (through the engine, with
scripted dice), not only in the rules module that implements it.

The games are those of tests/builders.py: a 20 x 20 space map with its surface on the west edge (column 01
the ground row, 02-05 atmosphere rows 1-4, 06 the interface, 07+ space) and a 16 x 17 low-altitude map under
ground-row hex 0110. The Corsair has SI 6, safe/max thrust 6/9, nose armor 73 (damage threshold 8) and
Piloting 5; the Battle Taxi NL-42 is a spheroid small craft. Red loses the initiative (moves first).

A test marked ``xfail(strict=True, reason="BUG: ...")`` shows btcli disagreeing with the seed or the
catalog's adopted reading; the code is left as it is (the audit changes no code under btcli/).
"""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.aero import ArcArmor
from btcli.model.board import Building, Hex, Terrain
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.model.orders import MoveOrder
from btcli.model.state import Phase
from btcli.rules.aero import movement as aero_movement, moves as aero_moves, phases as aero_phases
from btcli.rules.aero.movement import Outcome
from btcli.render.events import sentences
from tests.builders import CORSAIR, NL42, aero_game, changed, flier, purposes, resolve, run
from tests.rules import aero_fixtures as fx

H = HexId.parse


# -- helpers ------------------------------------------------------------------------------------------------


def phase_game(*units: dict, phase: Phase, turn: int = 1, **keys):
    """A game in ``phase`` of ``turn`` with red losing the initiative and the aerospace slots drawn."""
    state = changed(aero_game(*units, phase=phase, turn=turn, **keys), initiative=("red", "blue"))
    if phase in (Phase.AERO_MOVEMENT, Phase.SPACE_MOVEMENT):
        state = changed(state, move_order=aero_phases.draw_slots(state, phase))
    return state


def low(uid: str = "f1", at: str = "0808", *, altitude: int = 6, facing: str = "N", velocity: int = 2,
        name: str = CORSAIR, side: str = "red") -> dict:
    return flier(name, uid, at, map="low", side=side, altitude=altitude, facing=facing, velocity=velocity)


def with_design(state, uid: str, design):
    """The game with unit ``uid`` flying ``design`` (a record sheet the catalog has no entry for)."""
    return changed(state, units={**state.units, uid: changed(state.units[uid], aero_design=design)})


def redrawn(state):
    """The game with its aerospace slots drawn again (after a unit's record sheet was changed)."""
    return changed(state, move_order=aero_phases.draw_slots(state, state.phase))


def with_flight(state, uid: str, **flight):
    unit_ = state.units[uid]
    return changed(state, units={**state.units, uid: changed(unit_, aero=changed(unit_.aero, **flight))})


def to_end_phase(state, dice=()):
    """Resolves the phases after an aerospace movement phase up to (not through) the End Phase."""
    while state.phase is not Phase.END:
        state, _, _ = resolve(state, list(dice) if state.phase in (Phase.AERO_MOVEMENT, Phase.SPACE_MOVEMENT)
                              else [])
    return state


def next_aero_phase(state):
    """Resolves the End Phase and the next turn's initiative (red loses) and ground movement."""
    state, _, _ = resolve(state)  # end -> initiative
    state, _, _ = resolve(state, [2, 12])
    for uid in ("g-red", "g-blue"):
        state, _, _ = run(state, MoveOrder(uid, "stand"), [])
    state, _, _ = resolve(state)
    assert state.phase is Phase.AERO_MOVEMENT
    return state


def refused(state, order, rule: str) -> IllegalOrderError:
    with pytest.raises(IllegalOrderError) as err:
        engine.apply(state, order, ManualDice([]))
    assert err.value.rule == rule, str(err.value)
    return err.value


# -- AERO-MOVE: momentum and velocity changes across turns of a game -------------------------------------


def test_momentum_carries_velocity_and_heading_into_the_next_turn_of_a_game():  # AERO-MOVE-02
    state = phase_game(low(velocity=3, facing="N", at="0817"), phase=Phase.AERO_MOVEMENT)
    state, _, _ = run(state, MoveOrder("f1", "max", ("+",) * 3 + ("F",) * 6), [])
    assert state.units["f1"].aero.thrust_spent == 3
    state = next_aero_phase(to_end_phase(state))
    f1 = state.units["f1"]
    # velocity and heading kept (no drag on the low-altitude map, AERO-HALT-01); the turn's thrust record cleared
    assert (f1.position.hex, f1.aero.velocity, f1.facing, f1.aero.thrust_spent) == (H("0811"), 6, Facing.N, 0)
    with pytest.raises(IllegalOrderError) as err:  # it must fly its velocity again: 6 hexes
        engine.apply(state, MoveOrder("f1", "safe", ("F",) * 5), ManualDice([]))
    assert err.value.rule == "AERO-LALT-02"
    state, _, _ = run(state, MoveOrder("f1", "safe", ("F",) * 6), [])
    assert state.units["f1"].position.hex == H("0805") and state.units["f1"].aero.velocity == 6


def test_an_end_of_move_velocity_change_bars_a_start_change_next_turn_in_a_game():  # AERO-MOVE-09, AERO-MOVE-10
    state = phase_game(low(velocity=2, at="0816"), phase=Phase.AERO_MOVEMENT)
    state, events, _ = run(state, MoveOrder("f1", "safe", ("F", "F", "+")), [])
    f1 = state.units["f1"]
    assert f1.position.hex == H("0814") and f1.aero.velocity == 3  # moved 2 this turn, 3 next
    assert "velocity 2 (next turn 3)" in events[0]
    state = next_aero_phase(to_end_phase(state))
    refused(state, MoveOrder("f1", "safe", ("+", "F", "F", "F", "F")), "AERO-MOVE-10")
    refused(state, MoveOrder("f1", "safe", ("-", "F", "F")), "AERO-MOVE-10")
    state, _, _ = run(state, MoveOrder("f1", "safe", ("F", "F", "F", "-")), [])  # an end change is allowed
    f1 = state.units["f1"]
    assert f1.position.hex == H("0811") and f1.aero.velocity == 2


# -- the End Phase of a space turn, in a game (AMB-54) -----------------------------------------------------


def space_move(*units: dict, **keys):
    """A game in the space movement phase of turn 6."""
    return phase_game(*units, phase=Phase.SPACE_MOVEMENT, turn=6, **keys)


def test_over_speed_in_a_game_costs_5_nose_per_point_in_the_space_end_phase():  # AERO-HALT-04, AERO-HALT-03
    state = space_move(flier(at="0318", facing="N", velocity=7))  # atmosphere row 2: safe velocity 6
    state, _, _ = run(state, MoveOrder("f1", "safe", ("F",) * 7), [])
    state = to_end_phase(state)
    assert state.units["f1"].armor["nose"] == 73  # nothing before the End Phase
    state, events, _ = resolve(state)  # 5 damage: under the nose's threshold 8, so no control roll
    f1 = state.units["f1"]
    assert f1.position.hex == H("0311") and f1.armor["nose"] == 73 - 5
    assert f1.aero.velocity == 6 and "f1: drag: velocity 7 -> 6" in events  # over-speed first, then drag


def test_no_over_speed_damage_at_the_safe_velocity_of_the_row_in_a_game():  # AERO-HALT-04
    state = space_move(flier(at="0518", facing="N", velocity=12))  # row 4: safe velocity 12
    state, _, _ = run(state, MoveOrder("f1", "safe", ("F",) * 12), [])
    state, _, _ = resolve(to_end_phase(state))
    assert state.units["f1"].armor["nose"] == 73 and state.units["f1"].aero.velocity == 11


def test_a_hovering_spheroid_pays_2_thrust_and_gravity_leaves_it_in_a_game():  # AERO-HALT-11, AMB-28
    state = space_move(flier(NL42, "hover", at="0310", facing="NE", velocity=0),
                       flier(NL42, "idle", at="0315", facing="NE", velocity=0))
    state, _, _ = run(state, MoveOrder("hover", "safe", ("H",)), [])
    state, _, _ = run(state, MoveOrder("idle", "safe", ()), [])  # pays nothing: not hovering
    assert state.units["hover"].aero.thrust_spent == 2 and state.units["hover"].aero.velocity == 0
    state, events, _ = resolve(to_end_phase(state))
    assert state.units["hover"].position.hex == H("0310")
    assert state.units["idle"].position.hex.col == 2 and "idle: gravity pulls it from 0315" in " ".join(events)


def test_hover_moves_cost_3_a_hex_and_keep_gravity_off_in_a_game():  # AERO-HALT-12
    state = space_move(flier(NL42, "taxi", at="0310", facing="NE", velocity=0))
    state, _, _ = run(state, MoveOrder("taxi", "safe", ("HN", "HN")), [])
    taxi = state.units["taxi"]
    assert (taxi.position.hex, taxi.facing, taxi.aero.thrust_spent) == (H("0308"), Facing.NE, 6)
    state, _, _ = resolve(to_end_phase(state))
    assert state.units["taxi"].position.hex == H("0308")


def test_a_spheroid_facing_along_the_surface_makes_a_control_roll_in_a_game():  # AERO-HALT-10, AMB-63
    state = space_move(flier(NL42, "taxi", at="0315", facing="N", velocity=1),
                       flier(NL42, "away", at="0415", facing="NE", velocity=1))
    state, _, dice = run(state, MoveOrder("taxi", "safe", ("F",)), [8])
    assert purposes(dice) == ["control roll: spheroid facing N in the atmosphere"]
    state, _, dice = run(state, MoveOrder("away", "safe", ("F",)), [])  # facing away: no roll
    assert state.units["away"].position.hex == H("0515")


def test_gravity_reaches_10_rows_above_the_interface_in_a_game():  # AERO-GRAV-01, AERO-ATM-09
    state = phase_game(flier(uid="near", at="1610", facing="N", velocity=0),  # row 15: interface + 10
                       flier(uid="far", at="1710", facing="N", velocity=0), phase=Phase.END, turn=6)  # row 16
    state, events, _ = resolve(state)
    assert state.units["near"].position.hex.col == 15 and state.units["far"].position.hex == H("1710")


def test_a_scenario_may_shorten_the_gravity_range_in_a_game():  # AERO-GRAV-01
    maps = {"space": {"kind": "space", "width": 20, "height": 20, "surface": "west", "gravity_range": 6},
            "low": {"kind": "low_altitude", "under": "0110", "ground_hex": "0809", "width": 16, "height": 17}}
    state = phase_game(flier(uid="in", at="1210", facing="N", velocity=0),  # row 11: interface + 6
                       flier(uid="out", at="1310", facing="N", velocity=0), phase=Phase.END, turn=6, maps=maps)
    state, _, _ = resolve(state)
    assert state.units["in"].position.hex.col == 11 and state.units["out"].position.hex == H("1310")


def test_gravity_pulls_moving_units_in_space_but_in_the_atmosphere_only_at_velocity_0_in_a_game():  # AERO-GRAV-04
    state = space_move(flier(uid="space", at="0918", facing="N", velocity=3),  # space row 8
                       flier(uid="row2", at="0318", facing="N", velocity=3),  # atmosphere row 2
                       flier(uid="still", at="0310", facing="N", velocity=0))  # row 2 at rest
    for uid in ("space", "row2"):
        state, _, _ = run(state, MoveOrder(uid, "safe", ("F",) * 3), [])
    state, _, _ = run(state, MoveOrder("still", "safe", ()), [])
    state, _, _ = resolve(to_end_phase(state))
    assert state.units["space"].position.hex.col == 8  # pulled one row toward the surface whatever its velocity
    assert state.units["row2"].position.hex == H("0315")  # moving in the atmosphere: not pulled
    assert state.units["still"].position.hex.col == 2  # at velocity 0: pulled (AERO-HALT-08)


def test_a_failed_reentry_roll_after_a_gravity_pull_in_a_game():  # AERO-GRAV-03, AERO-ATM-06
    state = phase_game(flier(at="0710", facing="N", velocity=2), phase=Phase.END, turn=6)  # 1 row above the interface
    state, events, dice = resolve(state, [4])  # target 5: failed by 1
    f1 = state.units["f1"]
    assert purposes(dice) == ["control roll: re-entry"]
    assert (f1.position.hex, f1.aero.velocity, f1.armor["nose"]) == (H("0710"), 0, 73 - 5)


def test_an_out_of_control_unit_pulled_into_the_interface_at_velocity_0_takes_50_in_a_game():
    """AERO-ATM-08, AERO-GRAV-03."""
    state = with_flight(phase_game(flier(at="0710", facing="N", velocity=0), phase=Phase.END, turn=6), "f1",
                        out_of_control=True)
    state, events, dice = resolve(state, [7, 5, 4])  # 2D6 7: the nose (with a critical check, 5: none)
    f1 = state.units["f1"]
    assert purposes(dice)[0] == "hit location: out of control into the interface"
    # tables.md 9.4: 50 damage reaches the nose's threshold (8): the End Phase makes the control roll, 4 fails
    assert purposes(dice)[2] == "control roll: damage 50 at or above the nose threshold 8"
    assert "f1: out of control (failed by 1)" in events
    assert f1.position.hex.col == 6 and f1.armor["nose"] == 73 - 50  # one 50-point hit, no re-entry roll


@pytest.mark.parametrize("velocity, damage", [(2, 500), (3, 750)])
def test_out_of_control_into_the_interface_takes_250_per_velocity_point(velocity, damage):  # AERO-ATM-08, AMB-25
    tough = evolve(fx.CORSAIR, armor=ArcArmor(5000, 50, 50, 43))  # enough nose armor to count the damage
    state = fx.unit(tough, "0810", Facing.NW, area=fx.SPACE, velocity=velocity, out_of_control=True)
    dice = ManualDice([7, 5, 8])  # 2D6 7: the nose; critical check 5; the damage's control roll 8
    flown = aero_movement.apply_out_of_control(tough, state, fx.SPACE, dice)
    dice.finish()
    assert [p.hex.col for p in flown.path][:3] == [8, 7, 6]  # into the interface on its 2nd hex
    assert flown.end.armor.nose == 5000 - damage


# -- TURN-04..06 in a game -----------------------------------------------------------------------------------


def test_dropships_then_small_craft_then_fighters_whatever_the_initiative_in_a_game():  # TURN-04, TURN-06
    state = space_move(flier(uid="fighter", at="1010", facing="N", velocity=1),  # red: loses the initiative
                       flier(NL42, "taxi", at="1210", facing="N", velocity=1),
                       flier("Leopard (2537)", "leopard", at="1410", facing="N", velocity=1, side="blue"))
    assert state.move_order == ("dropship:blue", "small_craft:red", "fighter:red")
    for early in ("fighter", "taxi"):
        with pytest.raises(IllegalOrderError, match=r"dropship subphase first"):
            engine.apply(state, MoveOrder(early, "safe", ("F",)), ManualDice([]))
    for uid in ("leopard", "taxi", "fighter"):
        state, _, _ = run(state, MoveOrder(uid, "safe", ("F",)), [])
    assert aero_phases.missing(state) is None


# -- AERO-STACK in a game ---------------------------------------------------------------------------------


def test_any_number_of_units_of_both_sides_end_in_one_hex_in_a_game():  # AERO-STACK-01
    state = phase_game(low("f1", at="0810", velocity=2), low("f2", at="0809", velocity=1),
                       low("b1", at="0812", velocity=4, side="blue"), low("b2", at="0811", velocity=3, side="blue"),
                       phase=Phase.AERO_MOVEMENT)
    for uid, hexes in (("f1", 2), ("b1", 4), ("f2", 1), ("b2", 3)):
        state, _, _ = run(state, MoveOrder(uid, "safe", ("F",) * hexes), [])
    assert {state.units[u].position.hex for u in ("f1", "f2", "b1", "b2")} == {H("0808")}
    state, _, _ = resolve(state)
    assert state.phase is Phase.WEAPON


def test_an_out_of_control_unit_ending_its_move_in_an_occupied_hex_rolls_for_a_collision():  # AERO-STACK-02
    state = phase_game(low("lost", at="0810", velocity=2), low("b1", side="blue", at="0808", velocity=1),
                       phase=Phase.AERO_MOVEMENT)
    state = with_flight(state, "lost", out_of_control=True)
    dice = ManualDice([2, 7])  # regain control fails; docs/rules-notes.md: 2D6 per unit in the hex, a 2 collides
    state, events = engine.apply(state, MoveOrder("lost", "safe", ()), dice)
    assert state.units["lost"].position.hex == H("0808")  # it flew on into b1's hex, at b1's altitude
    assert purposes(dice) == ["control roll: regain control", "collision: lost with b1"]
    assert not any("collides" in e for e in sentences(events))
    state = with_flight(phase_game(low("lost", at="0810", velocity=2), low("b1", side="blue", at="0808", velocity=1),
                                   phase=Phase.AERO_MOVEMENT), "lost", out_of_control=True)
    _, events = engine.apply(state, MoveOrder("lost", "safe", ()), ManualDice([2, 2]))
    assert "lost collides with b1 (AERO-STACK-02; its damage, an accidental ram, is issue #14)" in sentences(events)


def test_no_collision_roll_for_units_in_control_or_at_another_altitude():  # AERO-STACK-02
    state = phase_game(low("f1", at="0810", velocity=2), low("b1", side="blue", at="0808", velocity=1),
                       low("b2", side="blue", at="0808", velocity=1, altitude=7), phase=Phase.AERO_MOVEMENT)
    dice = ManualDice([])
    engine.apply(state, MoveOrder("f1", "safe", ("F", "F")), dice)  # in control: shares 0808 with b1 freely
    assert dice.rolls == []
    state = with_flight(state, "f1", out_of_control=True)
    dice = ManualDice([2, 7])
    engine.apply(state, MoveOrder("f1", "safe", ()), dice)  # b2 flies at altitude 7, f1 at 6: no roll for it
    assert purposes(dice) == ["control roll: regain control", "collision: f1 with b1"]


# -- AERO-GRAV-05 ------------------------------------------------------------------------------------------


# AERO-GRAV-05 in a game: tests/rules/test_aero_grounding.py (the audit's xfail, fixed).


# -- AERO-LALT in a game -------------------------------------------------------------------------------------


def with_low_hexes(state, **hexes):
    low_map = state.maps["low"]
    board = low_map.board
    for label, hex_ in hexes.items():
        board = board.with_hex(H(label.lstrip("h")), hex_)
    return changed(state, maps={**state.maps, "low": evolve(low_map, board=board)})


def test_terrain_meets_the_flight_on_the_low_altitude_map_in_a_game():
    """AERO-LALT-04, AERO-LALT-06, AERO-LALT-08, AERO-LALT-09."""
    state = phase_game(low("level", at="0810", altitude=3, velocity=3), low("under", at="1010", altitude=3, velocity=3),
                       low("over", at="1210", altitude=4, velocity=3), low("tower", at="1410", altitude=2, velocity=3),
                       phase=Phase.AERO_MOVEMENT)
    state = with_low_hexes(state, h0808=Hex(level=3), h1008=Hex(level=4), h1208=Hex(level=3),
                           h1408=Hex(Terrain.BUILDING, level=1, building=Building(height=4)))
    plan = aero_moves.check(state, MoveOrder("level", "safe", ("F",) * 3))  # the game's check: nothing rolled
    assert plan.end.hex == H("0808") and "must land or crash (AERO-LALT-08)" in " ".join(sentences(plan.events))
    plan = aero_moves.check(state, MoveOrder("under", "safe", ("F",) * 3))
    assert plan.end.hex == H("1008") and "crashes (AERO-LALT-09)" in " ".join(sentences(plan.events))
    assert plan.outcome is Outcome.CRASH  # flown, the crash follows (tests/rules/test_aero_grounding.py)
    state, events, _ = run(state, MoveOrder("over", "safe", ("F",) * 3), [])
    assert state.units["over"].position.hex == H("1207") and "(moved)" in events[0]  # altitude 4 over level 3
    state, events, _ = run(state, MoveOrder("tower", "safe", ("F",) * 3), [])  # the building is ignored: level 1
    assert state.units["tower"].position.hex == H("1407") and "(moved)" in events[0]


def test_damaged_sensors_keep_a_unit_off_altitude_1_in_a_game():  # AERO-LALT-07
    state = with_flight(phase_game(low(altitude=2), phase=Phase.AERO_MOVEMENT), "f1", sensor_hits=1)
    refused(state, MoveOrder("f1", "safe", ("D", "F", "F")), "AERO-LALT-07")
    state, _, _ = run(with_flight(state, "f1", sensor_hits=0), MoveOrder("f1", "safe", ("D", "F", "F")), [])
    assert state.units["f1"].position.altitude == 1


def test_an_airship_trying_to_climb_past_altitude_10_stays_with_a_control_roll_in_a_game():
    """AERO-LALT-11, AERO-HALT-05."""
    state = phase_game(low("ship", altitude=10, velocity=1), phase=Phase.AERO_MOVEMENT)
    state = redrawn(with_design(state, "ship", fx.AIRSHIP))
    state, events, dice = run(state, MoveOrder("ship", "safe", ("A", "F")), [8])
    ship = state.units["ship"]
    assert (ship.position.map, ship.position.altitude, ship.aero.transit) == ("low", 10, None)
    assert purposes(dice) == ["control roll: prohibited move (airships may not climb into the high-altitude map: "
                              "stays at altitude 10)"]


def test_a_propeller_plane_flies_1_hex_on_the_high_altitude_map_in_a_game():  # AERO-HALT-07
    state = space_move(flier(CORSAIR, "prop", at="0215", facing="N", velocity=5))
    state = redrawn(with_design(state, "prop", fx.PROP_PLANE))
    refused(state, MoveOrder("prop", "safe", ("F", "F")), "AERO-HALT-07")
    state, _, _ = run(state, MoveOrder("prop", "safe", ("F",)), [])
    assert state.units["prop"].position.hex == H("0214") and state.units["prop"].aero.velocity == 5


def test_a_unit_flying_into_the_ground_row_arrives_below_with_its_velocity():  # AERO-LALT-01, TURN-07, AMB-56
    state = space_move(flier(at="0210", facing="NW", velocity=3))  # 0110, its NW neighbour, lies over 'low'
    state, events, _ = run(state, MoveOrder("f1", "safe", ("F", "F", "F")), [])
    assert state.units["f1"].position.hex == H("0110") and state.units["f1"].aero.transit is not None
    state = next_aero_phase(to_end_phase(state))
    f1 = state.units["f1"]
    assert (f1.position.map, f1.position.altitude, f1.aero.velocity, f1.facing) == ("low", 10, 3, Facing.NW)
    state, _, _ = run(state, MoveOrder("f1", "safe", ("F",) * 3), [])  # and flies that velocity there
    assert state.units["f1"].aero.velocity == 3


def test_a_roll_is_refused_outside_the_aerospace_movement_phases_in_a_game():  # AERO-MNV-07, AMB-60
    state = phase_game(flier(at="1010", facing="N", velocity=1), phase=Phase.WEAPON, turn=6)
    with pytest.raises(IllegalOrderError):
        engine.apply(state, MoveOrder("f1", "safe", ("ROLL",)), ManualDice([]))
