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
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.model.orders import MoveOrder
from btcli.model.state import Phase
from btcli.rules import aero_movement, aero_phases
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
    assert (f1.position.hex, f1.aero.velocity, f1.facing, f1.aero.thrust_spent) == (H("0811"), 6, Facing.N, 0)  # no drag on the low map
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


def test_an_out_of_control_unit_pulled_into_the_interface_at_velocity_0_takes_50_in_a_game():  # AERO-ATM-08, GRAV-03
    state = with_flight(phase_game(flier(at="0710", facing="N", velocity=0), phase=Phase.END, turn=6), "f1",
                        out_of_control=True)
    state, _, dice = resolve(state, [7, 5])  # 2D6 7: the nose (with a critical check, 5: none)
    f1 = state.units["f1"]
    assert purposes(dice)[0] == "hit location: out of control into the interface"
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
