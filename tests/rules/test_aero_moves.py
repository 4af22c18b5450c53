"""``btcli move`` for aerospace units through the engine (btcli.rules.aero_moves; issue #13): the space
movement phase's moves with their rolls (AERO-HIGHG, AERO-ATM), out-of-control flight, and the
logged form that replay reads back."""

from __future__ import annotations

import pytest

from btcli import grammar
from btcli.errors import IllegalOrderError
from btcli.model.hexgrid import HexId
from btcli.model.orders import MoveOrder
from btcli.model.state import Phase
from btcli.rules import aero_moves, aero_phases
from tests.builders import ANGEL, NL42, aero_game, changed, flier, purposes, run

H = HexId.parse


def space_turn(*units):
    """A game in the space movement phase of turn 6 with its slots drawn (red loses the initiative)."""
    state = aero_game(*units, phase=Phase.SPACE_MOVEMENT, turn=6)
    state = changed(state, initiative=("red", "blue"))
    return changed(state, move_order=aero_phases.draw_slots(state, Phase.SPACE_MOVEMENT))


def test_a_velocity_change_over_si_in_one_hex_makes_the_high_g_roll():  # AERO-HIGHG-01, 02; AMB-22
    state = space_turn(flier(at="1010", facing="N", velocity=0))
    state, events, dice = run(state, MoveOrder("f1", "max", ("+",) * 7 + ("F",) * 7), [4])
    unit = state.units["f1"]
    assert purposes(dice) == ["control roll: high-G: 7 thrust in one hex, SI 6"]
    assert unit.internal["SI"] == 5 and "f1: high-G: 1 structural integrity damage, SI now 5" in events
    assert unit.aero.velocity == 7 and unit.position.hex == H("1003")


def test_a_failed_reentry_stops_the_flight_and_damages_the_nose():  # AERO-ATM-02, AERO-ATM-06
    state = space_turn(flier(at="0811", facing="NW", velocity=2))
    state, events, dice = run(state, MoveOrder("f1", "safe", ("F", "F")), [3, 8])
    unit = state.units["f1"]
    assert unit.position.hex == H("0711") and unit.aero.velocity == 0 and unit.armor["nose"] == 63
    assert "f1: failed re-entry by 2: 10 damage to the nose" in events


def test_a_made_reentry_flies_on_into_the_atmosphere():  # AERO-ATM-02
    state = space_turn(flier(at="0811", facing="NW", velocity=3))
    state, events, _ = run(state, MoveOrder("f1", "safe", ("F", "F", "F")), [9])
    assert state.units["f1"].position.hex == H("0510") and "f1: re-entry roll made" in events


def test_an_out_of_control_unit_flies_on_without_a_path():  # tables.md 9.4
    state = space_turn(flier(at="1010", facing="N", velocity=2))
    state = changed(state, units={**state.units, "f1": changed(state.units["f1"],
                                                               aero=changed(state.units["f1"].aero, out_of_control=True))})
    with pytest.raises(IllegalOrderError, match=r"out of control: give it no path, it flies on by itself \(tables.md 9.4\)"):
        aero_moves.check(state, MoveOrder("f1", "safe", ("F", "F")))
    state, events, _ = run(state, MoveOrder("f1", "safe"), [])
    assert state.units["f1"].position.hex == H("1008")


def test_each_subphase_moves_before_the_next():  # TURN-04, TURN-06
    state = space_turn(flier(at="1010", facing="N", velocity=1), flier(NL42, "taxi", at="1210", facing="N", velocity=1))
    assert state.move_order == ("small_craft:red", "fighter:red")
    with pytest.raises(IllegalOrderError, match=r"\(TURN-04\)"):
        run(state, MoveOrder("f1", "safe", ("F",)), [])
    state, _, _ = run(state, MoveOrder("taxi", "safe", ("F",)), [])
    state, _, _ = run(state, MoveOrder("f1", "safe", ("F",)), [])
    assert aero_phases.missing(state) is None


def test_the_logged_move_reads_back_as_the_same_order():  # replay (verify) flies the same steps
    order = MoveOrder("f1", "safe", ("-", "F", "L", "F", "+"))
    text = grammar.order_text(order)
    assert text == "move f1 --mode safe --path=-,F,L,F,+"
    assert grammar.order_from_text(text) == (order, None)


def test_a_conventional_fighter_flying_up_out_of_row_1_is_stopped_with_a_control_roll():  # AERO-HALT-06, AMB-27
    state = space_turn(flier(ANGEL, at="0210", facing="NE", velocity=1))
    state, events, dice = run(state, MoveOrder("f1", "safe", ("F",)), [9])
    assert state.units["f1"].position.hex == H("0210")  # the step into row 2 fails; the move ends
    assert purposes(dice) == ["control roll: prohibited move (conventional fighters fly only in the ground row and "
                              "atmosphere row 1: cannot enter 0310)"]
    assert events[0].endswith("(stopped)")


def test_an_out_of_control_unit_failing_by_more_than_5_turns_at_random():  # tables.md 9.5
    state = space_turn(flier(at="1010", facing="N", velocity=2))
    lost = changed(state.units["f1"], aero=changed(state.units["f1"].aero, out_of_control=True, random_movement=True))
    state = changed(state, units={**state.units, "f1": lost})
    state, events, dice = run(state, MoveOrder("f1", "safe"), [6, 3])  # 6: two hexsides right, 3: straight on
    assert purposes(dice) == ["random movement", "random movement"]
    unit = state.units["f1"]
    assert unit.facing.name == "SE" and "f1: turns 2 hexside(s) right at random" in events
