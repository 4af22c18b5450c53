"""The aerospace phases of a game's turn (issue #13): TURN-01..07, AMB-54..56, played through the
engine (btcli.rules.aero.phases, btcli.rules.core.phases) and aerospace moves (btcli.rules.aero.moves)."""

from __future__ import annotations

import pytest

from btcli.errors import IllegalOrderError
from btcli.model.hexgrid import HexId
from btcli.model.orders import MoveOrder
from btcli.model.state import Phase
from btcli.rules.aero import phases as aero_phases
from btcli.rules.core import phases
from btcli.render.events import sentences
from tests.builders import NL42, aero_game, changed, flier, resolve, run

H = HexId.parse
STAND = [MoveOrder("g-red", "stand"), MoveOrder("g-blue", "stand")]


def names(turn: int, aero: bool = True) -> list[str]:
    return [r.phase.value for r in phases.phases_for(turn, aero)]


def test_the_aerospace_movement_phase_follows_ground_movement():  # TURN-01
    assert names(1) == ["initiative", "movement", "aero_movement", "weapon", "physical", "heat", "end"]


def test_every_sixth_turn_adds_the_space_movement_phase():  # TURN-02, TURN-03
    assert names(6)[2:4] == ["aero_movement", "space_movement"]
    assert [t for t in range(1, 19) if "space_movement" in names(t)] == [6, 12, 18]


def test_a_game_without_aerospace_maps_keeps_the_ground_turn():  # TURN-01: today's sequence unchanged
    assert names(6, aero=False) == ["initiative", "movement", "weapon", "physical", "heat", "end"]
    state = aero_game(flier())
    assert aero_phases.in_play(state) and not aero_phases.in_play(changed(state, maps={"ground": state.board}))


def to_aero_phase(state, initiative=(2, 12)):
    """Resolves initiative (red loses), stands the ground 'Mechs and opens the aerospace movement phase."""
    state, _, _ = resolve(state, list(initiative))
    for order in (MoveOrder("g-red", "stand"), MoveOrder("g-blue", "stand")):
        state, _, _ = run(state, order, [])
    state, events, _ = resolve(state)
    assert state.phase is Phase.AERO_MOVEMENT
    return state, events


def low(uid, side="red", name="Corsair CSR-V12", at="0808", **keys):
    return flier(name, uid, at, map="low", side=side, altitude=6, facing="N", velocity=2, **keys)


def test_subphases_move_small_craft_before_fighters_alternating_inside_each():  # TURN-04, TURN-05, TURN-06
    state = aero_game(low("f1"), low("f2", at="0908"), low("b1", side="blue", at="1008"),
                      low("taxi", side="blue", name=NL42, at="1108"))
    state, _ = to_aero_phase(state)
    assert state.move_order == ("small_craft:blue", "fighter:red", "fighter:red", "fighter:blue")  # 2 for 1
    with pytest.raises(IllegalOrderError, match=r"small craft subphase first \(TURN-04\)"):
        run(state, MoveOrder("f1", "safe", ("F", "F")), [])


def test_units_on_the_space_map_move_only_in_space_turns():  # TURN-02
    state, _ = to_aero_phase(aero_game(flier()))
    assert aero_phases.missing(state) is None  # nobody flies in turn 1's aerospace phase
    with pytest.raises(IllegalOrderError, match=r"space movement phase of turns 6, 12.*\(TURN-02\)"):
        run(state, MoveOrder("f1", "safe", ("F", "F")), [])


def test_ground_units_do_not_move_in_the_aerospace_phase_nor_fliers_on_the_ground():  # TURN-01
    state = aero_game(low("f1"))
    state, _, _ = resolve(state, [2, 12])
    with pytest.raises(IllegalOrderError, match=r"aerospace movement phase.*\(TURN-01\)"):
        run(state, MoveOrder("f1", "safe", ("F", "F")), [])


def test_a_flier_on_the_low_altitude_map_must_move_before_the_phase_ends():  # AERO-MOVE-01
    state, _ = to_aero_phase(aero_game(low("f1")))
    with pytest.raises(IllegalOrderError, match="f1 has not moved"):
        resolve(state)
    state, events, _ = run(state, MoveOrder("f1", "safe", ("F", "F")), [])
    assert state.units["f1"].position.hex == H("0806") and "f1 flies F F on low" in events[0]
    state, _, _ = resolve(state)
    assert state.phase is Phase.WEAPON


def test_drag_on_the_space_map_comes_once_a_space_turn():  # TURN-03, AMB-54, AERO-HALT-03
    state = aero_game(flier(at="0310", facing="N", velocity=5))  # atmosphere row 2
    for turn in (1, 5):
        state = changed(state, phase=Phase.END, turn=turn)
        state, _, _ = resolve(state)
        assert state.units["f1"].aero.velocity == 5
    state = changed(state, phase=Phase.END, turn=6)
    state, events, _ = resolve(state)
    assert state.units["f1"].aero.velocity == 4 and "f1: drag: velocity 5 -> 4" in events


def test_gravity_pulls_into_the_ground_row_and_the_unit_arrives_below_next_turn():  # AERO-GRAV-02, TURN-07, AMB-56
    state = aero_game(flier(at="0210", facing="N", velocity=0))  # atmosphere row 1, at rest
    state = changed(state, phase=Phase.END, turn=6)
    state, events, _ = resolve(state)
    unit = state.units["f1"]
    # TURN-07: off the space map at the end of the turn it left in, the ground-row hex kept for its arrival
    assert unit.position is None and unit.between_maps and not unit.out_of_action
    assert unit.aero.transit.from_hex == H("0110") and unit.aero.transit.from_map == "space"
    assert unit.aero.transit_turn == 6
    assert "f1: gravity pulls it from 0210 to 0110" in events  # of 0111 and 0110, the hex over the low map
    assert "f1 is taken off map 'space': in transit to 'low', arrives turn 7 (TURN-07)" in events
    state, events = to_aero_phase(state)
    unit = state.units["f1"]
    assert unit.position.map == "low" and unit.position.altitude == 10 and unit.aero.transit is None
    assert any("arrives on low-altitude map 'low'" in e for e in events)


def test_climbing_past_altitude_10_leaves_for_the_space_map_at_the_next_space_turn():  # AERO-LALT-10, TURN-07, AMB-56
    state = aero_game(low("f1", at="0808"), turn=5)
    state = changed(state, units={**state.units, "f1": changed(state.units["f1"], position=changed(
        state.units["f1"].position, altitude=10))})
    state, _ = to_aero_phase(state)
    state, events, _ = run(state, MoveOrder("f1", "safe", ("A", "F", "F")), [])
    assert state.units["f1"].aero.transit is not None and "(transit)" in events[0]
    for _ in range(5):  # aerospace movement, weapon, physical, heat, end: removed at the end of turn 5
        state, _, _ = resolve(state)
    assert state.units["f1"].aero.transit_turn == 5 and state.turn == 6
    assert state.units["f1"].position is None and state.units["f1"].aero.transit.from_map == "low"
    state, _ = to_aero_phase(state)
    assert state.units["f1"].between_maps  # on no map: it enters the space map at the space movement phase
    state, events, _ = resolve(state)
    unit = state.units["f1"]
    assert state.phase is Phase.SPACE_MOVEMENT and unit.position.map == "space" and unit.aero.transit is None
    assert unit.position.hex == H("0209") and unit.position.altitude == 0  # the first row-1 hex beside 0110 (NE)


def test_a_ground_game_has_no_aerospace_phase():  # TURN-01: only games with aerospace maps
    from btcli.errors import GameFileError
    from tests.builders import design, game

    state = game(design("Hunchback HBK-4G"), phase=Phase.AERO_MOVEMENT)
    with pytest.raises(GameFileError, match="aero_movement phase, which turn 1 of this game does not have"):
        run(state, MoveOrder("u1", "", ("F",)), [])


def test_the_controller_chooses_between_two_gravity_hexes():  # AERO-GRAV-02
    from btcli import engine, grammar
    from btcli.dice import ManualDice
    from btcli.model.orders import ResolvePhaseOrder

    state = changed(aero_game(flier(at="0210", facing="N", velocity=0)), phase=Phase.END, turn=6)
    order = ResolvePhaseOrder(("f1=0111",))
    assert grammar.order_from_text(grammar.order_text(order)) == (order, None)  # logged: resolve-phase --gravity f1=0111
    after, events = engine.apply(state, order, ManualDice([]))
    assert "f1: gravity pulls it from 0210 to 0111" in sentences(events)  # not 0110, the hex over the low-altitude map:
    assert after.units["f1"].position is None  # down over ground the game does not hold (AMB-56)
    with pytest.raises(IllegalOrderError, match=r"gravity pulls 'f1' into 0111 or 0110, not 0310 \(AERO-GRAV-02\)"):
        engine.apply(state, ResolvePhaseOrder(("f1=0310",)), ManualDice([]))
    with pytest.raises(IllegalOrderError, match=r"End Phase of a space turn.*\(AMB-54\)"):
        engine.apply(changed(state, turn=5), order, ManualDice([]))


def test_a_unit_flying_off_its_maps_edge_leaves_the_battle():  # AERO-MOVE-15: its velocity's hexes, off the edge
    state = aero_game(low("f1", at="0802"))
    state, _ = to_aero_phase(state)
    state, events, _ = run(state, MoveOrder("f1", "safe", ("F", "F")), [])
    unit = state.units["f1"]
    assert unit.position is None and unit.out_of_action and events[-1] == "f1 flies off map 'low' and leaves the battle"
    assert "f1" not in [u.id for u in aero_phases.movers(state, Phase.AERO_MOVEMENT)]
    assert aero_phases.missing(state) is None  # the phase may end without it


def untied(*units):
    """A game whose low-altitude map lies under no ground-row hex yet (a scenario without ``under``)."""
    from tests.builders import LOW_MAP, SPACE_MAP

    low_map = {k: v for k, v in LOW_MAP.items() if k != "under"}
    return aero_game(*units, maps={"space": dict(SPACE_MAP), "low": low_map})


def test_the_first_unit_coming_down_ties_an_untied_low_altitude_map_to_its_hex():  # AMB-56
    state = untied(flier(at="0214", facing="N", velocity=0))
    assert state.maps["low"].space_hex is None and state.maps["space"].low_altitude == {}
    state, events, _ = resolve(changed(state, phase=Phase.END, turn=6))  # gravity: 0214 -> 0115 (SW before NW)
    assert state.maps["low"].space_hex == H("0115") and state.maps["space"].low_altitude == {H("0115"): "low"}
    assert "low-altitude map 'low' lies under space 0115, where f1 came down first (AMB-56)" in events
    assert state.units["f1"].aero.transit.to_map == "low"
    state, _ = to_aero_phase(state)
    assert state.units["f1"].position.map == "low" and state.units["f1"].position.altitude == 10


def test_coming_down_where_the_game_has_no_low_altitude_map_leaves_the_battle():  # AMB-56
    state = aero_game(flier(at="0214", facing="N", velocity=0))  # the one low-altitude map lies under 0110
    state, events, _ = resolve(changed(state, phase=Phase.END, turn=6))
    unit = state.units["f1"]
    assert unit.position is None and unit.out_of_action
    assert ("f1 comes down through 0115, over no map of this game, and leaves the battle (AMB-56)") in events


def test_no_unit_starts_on_a_low_altitude_map_lying_under_no_hex():  # AMB-56
    from btcli.errors import GameFileError

    with pytest.raises(GameFileError, match=r"'low' lies under no ground-row hex yet.*\(AMB-56\)"):
        untied(low("f1"))


def test_the_controller_chooses_the_hex_a_unit_coming_down_enters_by():  # AMB-56, TURN-07
    from btcli import grammar
    from btcli.model.orders import ResolvePhaseOrder

    state = aero_game(flier(at="0210", facing="N", velocity=0))
    state, _, _ = resolve(changed(state, phase=Phase.END, turn=6))  # pulled into 0110, over 'low'
    unit = state.units["f1"]
    assert [h.label for h in aero_phases.arrival_hexes(state, unit)][:2] == ["0717", "0117"]  # the default first: nearest 0809
    order = ResolvePhaseOrder(arrive=("f1=0317",))
    assert grammar.order_text(order) == "resolve-phase --arrive f1=0317"
    assert grammar.order_from_text(grammar.order_text(order)) == (order, None)
    state, _, _ = run(state, order, [2, 12])  # initiative, with the choice recorded first
    assert state.units["f1"].aero.arrival == H("0317")
    for step in STAND:
        state, _, _ = run(state, step, [])
    state, events, _ = resolve(state)
    unit = state.units["f1"]
    assert unit.position.map == "low" and unit.position.hex == H("0317") and unit.aero.arrival is None
    assert "f1 arrives on low-altitude map 'low' at 0317, altitude 10 (TURN-07, AMB-56)" in events


def test_the_controller_chooses_the_row_1_hex_and_facing_of_a_unit_climbing_out():  # AMB-56, AERO-LALT-10
    from btcli.model.orders import ResolvePhaseOrder

    state = aero_game(low("f1", at="0808"), turn=5)
    state = changed(state, units={**state.units, "f1": changed(state.units["f1"], position=changed(
        state.units["f1"].position, altitude=10))})
    state, _ = to_aero_phase(state)
    state, _, _ = run(state, MoveOrder("f1", "safe", ("A", "F", "F")), [])
    assert [h.label for h in aero_phases.arrival_hexes(state, state.units["f1"])] == ["0209", "0210"]
    state, _, _ = run(state, ResolvePhaseOrder(arrive=("f1=0210:SE",)), [])
    for _ in range(4):
        state, _, _ = resolve(state)
    state, _ = to_aero_phase(state)
    state, events, _ = resolve(state)
    unit = state.units["f1"]
    assert unit.position.map == "space" and unit.position.hex == H("0210") and unit.facing.name == "SE"
    assert "f1 arrives on space map 'space' at 0210 facing SE (atmosphere row 1) (TURN-07, AMB-56)" in events


@pytest.mark.parametrize("choice, error", [
    ("f1=0909", r"'f1' enters map 'low' by one of 0717, 0117, .*, not 0909 \(AMB-56\)"),
    ("f1=0317:N", r"'f1' comes down with its heading, N: give no facing \(AMB-56\)"),
    ("g-red=0317", r"'g-red' is not on its way to another map \(TURN-07\)"),
    ("f1", r"--arrive 'f1': give UNIT=HEX or UNIT=HEX:FACING"),
    ("f1=0317:UP", r"--arrive 'f1=0317:UP': give UNIT=HEX"),
])
def test_a_bad_arrival_choice_is_refused(choice, error):  # AMB-56
    from btcli.errors import InputError
    from btcli.model.orders import ResolvePhaseOrder

    state = aero_game(flier(at="0210", facing="N", velocity=0))
    state, _, _ = resolve(changed(state, phase=Phase.END, turn=6))
    with pytest.raises((IllegalOrderError, InputError), match=error):
        run(state, ResolvePhaseOrder(arrive=(choice,)), [2, 12])
