"""Aircraft leave their map on time (issue #32 item 3; TURN-07, AERO-LALT-01, AERO-LALT-10, AMB-56): a unit
changing maps stays where it left until the End Phase of that turn, is then on no map (``Unit.between_maps``:
no attack by or at it, listed as in transit), and arrives at the next movement phase of its new map. Each
transition is played through the engine at the turn boundaries where it happens."""

from __future__ import annotations

import pytest

from btcli.errors import IllegalOrderError
from btcli.model.hexgrid import HexId
from btcli.model.orders import MoveOrder, WeaponAttackOrder
from btcli.model.state import Phase
from btcli.render import view as render_view
from btcli.render.aero_svg import render_map_svg
from btcli.rules.aero import phases as aero_phases
from tests.builders import CORSAIR, aero_game, changed, flier, put, resolve, run

H = HexId.parse
GROUND = [MoveOrder("g-red", "stand"), MoveOrder("g-blue", "stand")]


def to_aero_phase(state):
    """Initiative (red loses), the ground 'Mechs stand, the aerospace movement phase opens."""
    state, _, _ = resolve(state, [2, 12])
    for order in GROUND:
        state, _, _ = run(state, order, [])
    state, events, _ = resolve(state)
    assert state.phase is Phase.AERO_MOVEMENT
    return state, events


def low(uid, side="red", at="0808", altitude=6, facing="N"):
    return flier(CORSAIR, uid, at, map="low", side=side, altitude=altitude, facing=facing, velocity=2)


def climbing(turn=3):
    """f1 (red) at altitude 10 climbs out in ``turn``; b (blue) flies two hexes behind it on the low map."""
    state = aero_game(low("f1", altitude=10), low("b", side="blue", at="0812", altitude=10), turn=turn)
    state, _ = to_aero_phase(state)
    state, events, _ = run(state, MoveOrder("f1", "safe", ("A", "F", "F")), [])
    assert "(transit)" in events[0]
    state, _, _ = run(state, MoveOrder("b", "safe", ("F", "F")), [])
    return state


def until(state, phase, turn=None):
    events = []
    while state.phase is not phase or (turn is not None and state.turn != turn):
        state, said, _ = resolve(state)
        events += said
    return state, events


def attack(state, attacker, target, dice=()):
    return run(state, WeaponAttackOrder(attacker, target, ("Large Laser",)), list(dice))


def refusal(state, attacker, target) -> IllegalOrderError:
    with pytest.raises(IllegalOrderError) as caught:
        attack(state, attacker, target)
    return caught.value


# -- climbing out: low altitude -> space (AERO-LALT-10) ----------------------------------------------------------


def test_a_unit_climbing_out_stays_on_its_map_and_targetable_until_the_end_phase():  # TURN-07, AERO-LALT-10
    state = climbing()
    state, _ = until(state, Phase.WEAPON)
    unit = state.units["f1"]
    assert unit.position.map == "low" and not unit.between_maps and unit.aero.transit is not None
    _, events, _ = attack(state, "b", "f1", [2])  # still on the low-altitude map in the turn it left
    assert events == ["b fires Large Laser (nose) at f1: needs 4, rolls 2: miss"]
    state, _ = until(state, Phase.END)
    assert state.units["f1"].position.map == "low"


def test_the_end_phase_of_the_turn_it_left_takes_it_off_its_map():  # TURN-07, AERO-LALT-10
    state, _ = until(climbing(), Phase.END)
    state, events, _ = resolve(state)
    unit = state.units["f1"]
    assert state.turn == 4 and unit.position is None and unit.between_maps and not unit.out_of_action
    assert unit.aero.transit.from_map == "low" and unit.aero.transit.from_hex == H("0808")
    assert unit.aero.transit_turn == 3
    assert "f1 is taken off map 'low': in transit to 'space', arrives turn 6 (TURN-07)" in events


def test_an_attack_at_a_unit_between_maps_is_refused_the_next_turn():  # TURN-07
    state, _ = until(climbing(), Phase.INITIATIVE, turn=4)
    state, _ = to_aero_phase(state)
    state, _, _ = run(state, MoveOrder("b", "safe", ("F", "F")), [])
    state, _ = until(state, Phase.WEAPON)
    error = refusal(state, "b", "f1")
    assert error.rule == "TURN-07"
    assert "'f1' left map 'low' at the end of turn 3 and is in transit to map 'space', arriving turn 6" in str(error)


def test_a_unit_between_maps_makes_no_attack():  # TURN-07
    state, _ = until(climbing(), Phase.INITIATIVE, turn=4)
    state, _ = to_aero_phase(state)
    state, _, _ = run(state, MoveOrder("b", "safe", ("F", "F")), [])
    state, _ = until(state, Phase.WEAPON)
    assert refusal(state, "f1", "b").rule == "TURN-07"


def test_the_report_and_the_map_list_a_unit_in_transit():  # TURN-07
    state, _ = until(climbing(), Phase.INITIATIVE, turn=4)
    shown = render_view.game_view(state)
    f1 = next(u for u in shown["units"] if u["id"] == "f1")
    assert f1["aero"]["in_transit"] and f1["aero"]["map"] is None
    assert f1["aero"]["transit"]["arrives_turn"] == 6 and f1["aero"]["transit"]["from_map"] == "low"
    assert "in transit to space, arrives turn 6" in f1["status"]
    assert "f1" not in next(m for m in shown["maps"] if m["id"] == "low")["units"]
    assert "f1: in transit to space, arrives turn 6" in render_map_svg(state, "low")
    assert "f1: in transit to space, arrives turn 6" in render_map_svg(state, "space")


def next_turn(state):
    """Plays the turn from its initiative: the ground 'Mechs stand, b flies on, the rest resolves."""
    turn = state.turn
    state, _ = to_aero_phase(state)
    if "b" in {u.id for u in aero_phases.movers(state, state.phase)}:
        state, _, _ = run(state, MoveOrder("b", "safe", ("F", "F")), [])
    return until(state, Phase.INITIATIVE, turn=turn + 1)[0]


def test_a_unit_between_maps_still_sinks_its_heat():  # TURN-07, tables.md 9 heat (docs/rules-notes.md "Heat")
    """MegaMek @f0b2b01 resolves an aerospace unit's heat whether or not it is on a map (Server.java:19040-19043:
    only a unit that is not aerospace and has no position is passed over): in transit, its 16 sinks still work."""
    state = put(climbing(), "f1", heat=40)
    state, said = until(state, Phase.INITIATIVE, turn=4)
    assert "f1 heat 40 -> 24 (+0 weapons, -16 sinks)" in said  # turn 3: still on the map it leaves
    state = next_turn(state)  # turn 4: between maps throughout
    assert state.units["f1"].between_maps and state.units["f1"].aero.heat == 8
    state = next_turn(state)  # turn 5: still between maps
    assert state.units["f1"].between_maps and state.units["f1"].aero.heat == 0


def test_it_arrives_at_the_next_space_movement_phase():  # TURN-07, AERO-LALT-10, AMB-56
    state, _ = until(climbing(), Phase.INITIATIVE, turn=4)
    state = next_turn(next_turn(state))
    state, _ = to_aero_phase(state)
    assert state.units["f1"].between_maps  # the aerospace movement phase of turn 6: not yet
    state, _, _ = run(state, MoveOrder("b", "safe", ("F", "F")), [])
    state, events, _ = resolve(state)
    unit = state.units["f1"]
    assert state.phase is Phase.SPACE_MOVEMENT and unit.position.map == "space" and unit.position.hex == H("0209")
    assert not unit.between_maps and unit.aero.transit is None and unit.aero.transit_turn == 0
    assert any("f1 arrives on space map 'space' at 0209" in e for e in events)


def test_the_arrival_hex_may_be_chosen_while_between_maps():  # AMB-56
    state, _ = until(climbing(), Phase.INITIATIVE, turn=4)
    state = aero_phases.choose_arrival(state, ("f1=0210:NE",))
    assert state.units["f1"].aero.arrival == H("0210")


# -- coming down: space -> low altitude (AERO-LALT-01) ------------------------------------------------------------


def coming_down():
    """f1 in atmosphere row 2 of the space map flies SW into ground-row hex 0110 (over the map 'low') in turn 6."""
    state = aero_game(flier(uid="f1", at="0309", facing="SW", velocity=2), turn=6)
    state, _ = to_aero_phase(state)
    state, _, _ = resolve(state)
    assert state.phase is Phase.SPACE_MOVEMENT
    state, events, _ = run(state, MoveOrder("f1", "safe", ("F", "F")), [])
    assert "(transit)" in events[0]
    return state


def test_a_unit_coming_down_stays_in_the_ground_row_until_the_end_phase():  # TURN-07, AERO-LALT-01
    state, _ = until(coming_down(), Phase.END)
    unit = state.units["f1"]
    assert unit.position.map == "space" and unit.position.hex == H("0110") and not unit.between_maps
    state, events, _ = resolve(state)
    unit = state.units["f1"]
    assert state.turn == 7 and unit.between_maps and unit.aero.transit.from_map == "space"
    assert "f1 is taken off map 'space': in transit to 'low', arrives turn 7 (TURN-07)" in events


def test_a_unit_coming_down_arrives_at_the_next_aerospace_movement_phase():  # TURN-07, AERO-LALT-01, AMB-56
    state, _ = until(coming_down(), Phase.INITIATIVE, turn=7)
    state, _, _ = resolve(state, [2, 12])
    assert state.phase is Phase.MOVEMENT and state.units["f1"].between_maps  # ground movement: not yet
    for order in GROUND:
        state, _, _ = run(state, order, [])
    state, events, _ = resolve(state)
    unit = state.units["f1"]
    assert state.phase is Phase.AERO_MOVEMENT and unit.position.map == "low" and unit.position.altitude == 10
    assert any("f1 arrives on low-altitude map 'low'" in e for e in events)


def test_a_unit_between_maps_round_trips_through_the_game_file():  # TURN-07: the map it left is kept
    from btcli.store import codec

    state, _ = until(climbing(), Phase.INITIATIVE, turn=4)
    again = codec.state_from_dict(codec.state_to_dict(state))
    assert again.units["f1"] == state.units["f1"] and again.units["f1"].between_maps


def test_a_unit_between_maps_is_not_lost_for_victory():  # TURN-07: still in the battle
    state, _ = until(climbing(), Phase.INITIATIVE, turn=4)
    assert not state.units["f1"].out_of_action
    assert changed(state.units["f1"], destroyed=True).out_of_action
