"""Landing an aerospace unit (btcli.rules.aero.landing; issue #14): TW p.86-87 with MegaMek's figures,
UNVERIFIED (docs/rules-notes.md). A move whose flight meets the ground and whose last step is LAND lands;
without it the unit crashes (AERO-LALT-08, AERO-CRASH-01)."""

from __future__ import annotations

import pytest

from btcli.errors import IllegalOrderError, InputError
from btcli.model.aero import AeroClass, Shape
from btcli.model.board import Hex, Terrain
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.model.orders import MoveOrder
from btcli.model.state import Phase
from btcli.rules.aero import landing as aero_landing, moves as aero_moves, phases as aero_phases
from btcli.rules.kinds import aero as aero_kind
from tests.builders import HUNCHBACK, NL42, aero_game, changed, design, flier, purposes, run

H = HexId.parse


def phase_game(*units, hexes=None, **keys):
    state = changed(aero_game(*units, phase=Phase.AERO_MOVEMENT, height=20, hexes=hexes, **keys),
                    initiative=("red", "blue"))
    return changed(state, move_order=aero_phases.draw_slots(state, Phase.AERO_MOVEMENT))


def over_board(name="Corsair CSR-V12", uid="f1", velocity=1, altitude=1):
    """A unit one hex south of the low-altitude hex 0809 that holds the ground board, flying north."""
    return flier(name, uid, at="0810", map="low", altitude=altitude, facing="N", velocity=velocity)


LAND_HERE = ("F", "D", "LAND:0720")  # into 0809, down to altitude 0 there, touch down in 0720 of the board


def test_a_landing_rolls_against_piloting_and_comes_to_rest_at_the_strips_end():  # TW p.87 (UNVERIFIED)
    state = phase_game(over_board())
    plan = aero_moves.check(state, MoveOrder("f1", "safe", LAND_HERE))  # what --dry-run shows
    assert [(r.purpose, r.target, r.modifiers) for r in plan.rolls] == [
        ("landing roll at 0720", 7, (("clear terrain in the landing zone", 2),))]  # piloting 5, +2 clear
    state, events, dice = run(state, MoveOrder("f1", "safe", LAND_HERE), [7])
    unit = state.units["f1"]
    assert purposes(dice) == ["landing f1"] and "f1 lands on a 8-hex strip at 0720 (7 vs 7)" in events
    assert unit.position.map == "ground" and unit.hex == H("0713") and unit.aero.landed and unit.aero.velocity == 0
    assert not unit.destroyed and unit.armor["nose"] == 73
    assert "f1" not in [u.id for u in aero_phases.movers(state, Phase.AERO_MOVEMENT)]  # down: it flies no more


def test_a_failed_landing_costs_10_per_point_of_failure_on_the_nose():  # TW p.87 (MegaMek attemptLanding)
    state = phase_game(over_board())
    state, events, _ = run(state, MoveOrder("f1", "safe", LAND_HERE), [5, 7, 2, 7, 2])  # 5 vs 7: 20 damage
    unit = state.units["f1"]
    assert "f1's landing fails by 2: 20 damage (TW p.87 landing, UNVERIFIED)" in events
    assert unit.armor["nose"] == 73 - 20 and unit.hex == H("0713") and unit.aero.landed


def test_without_a_land_step_the_flight_into_the_ground_crashes():  # AERO-CRASH-01, AERO-LALT-08
    state = phase_game(over_board())
    plan = aero_moves.check(state, MoveOrder("f1", "safe", ("F", "D")))
    assert plan.rolls == () and plan.outcome.value == "land_or_crash"
    assert any(line.startswith("without a LAND step it crashes") for line in aero_moves.dry_run_lines(plan))


@pytest.mark.parametrize("hexes, error", [
    ({"0716": {"terrain": "light_woods"}}, r"cannot land on light woods in 0716: a landing needs clear or paved"),
    ({"0715": {"terrain": "building", "building": {"type": "medium", "cf": 40}}},
     r"cannot land on the building or bridge in 0715"),
    ({"0714": {"level": 1}}, r"the landing zone must be level: 0714 is level 1, not 0"),
    ({"0717": {"terrain": "water", "depth": 1}}, r"cannot land on water in 0717"),
])
def test_a_landing_needs_a_clear_level_strip(hexes, error):  # TW p.87 (UNVERIFIED): refused before any roll
    state = phase_game(over_board(), hexes=hexes)
    with pytest.raises(IllegalOrderError, match=error + r".*\(TW p.87 landing, UNVERIFIED\)"):
        run(state, MoveOrder("f1", "safe", LAND_HERE), [])


def test_a_landing_refuses_a_strip_off_the_board_or_with_a_ground_unit_in_it():  # TW p.87 (UNVERIFIED)
    state = phase_game(over_board())
    with pytest.raises(IllegalOrderError, match=r"needs 0700, which is off the ground board"):
        run(state, MoveOrder("f1", "safe", ("F", "D", "LAND:0707")), [])
    with pytest.raises(IllegalOrderError, match=r"g-red in 0510 is in the landing's way"):
        run(state, MoveOrder("f1", "safe", ("F", "D", "LAND:0515")), [])


def test_a_landing_is_the_last_step_where_the_flight_meets_the_ground():  # AERO-LALT-08
    state = phase_game(over_board(altitude=3, velocity=1))
    with pytest.raises(IllegalOrderError, match=r"lands where its flight meets the ground.*\(AERO-LALT-08\)"):
        run(state, MoveOrder("f1", "safe", ("F", "LAND")), [])
    with pytest.raises(InputError, match=r"LAND is the last step"):
        run(state, MoveOrder("f1", "safe", ("LAND", "F")), [])


def test_a_spheroid_lands_vertically_by_default_in_the_boards_centre():  # TW p.87 (UNVERIFIED)
    ground = (design(HUNCHBACK, "g-red", at="0215"), design(HUNCHBACK, "g-blue", at="0205", side="blue"))
    state = phase_game(flier(NL42, "taxi", at="0809", map="low", altitude=1, facing="N", velocity=0), ground=ground)
    plan = aero_moves.check(state, MoveOrder("taxi", "safe", ("D", "LAND")))
    assert [(r.purpose, r.target, dict(r.modifiers)) for r in plan.rolls] == [
        ("landing roll at 0510", 6, {"clear terrain in the landing zone": 1})]  # centre of 10 x 20
    state, events, _ = run(state, MoveOrder("taxi", "safe", ("D", "LAND")), [6])
    assert state.units["taxi"].hex == H("0510") and "taxi lands vertically at 0510 (6 vs 6)" in events


def test_landing_modifiers_follow_the_landing_table():  # TW p.86 via MegaMek getLandingControlRoll (UNVERIFIED)
    state = phase_game(over_board())
    unit = state.units["f1"]
    design, flight = aero_kind.design(unit), aero_kind.view(unit)
    flight = evolve(flight, landing_gear_damaged=True, left_thruster_hits=1, avionics_hits=1)
    mods = dict(aero_landing.landing_modifiers(design, flight, 5, state.board, (H("0720"),)))
    assert mods == {"avionics damage": 1, "excess velocity": 3, "manoeuvring thrusters damaged": 4,
                    "landing gear damaged": 5, "clear terrain in the landing zone": 2}  # horizontal: velocity - 2
    spheroid = evolve(design, shape=Shape.SPHEROID)
    assert dict(aero_landing.landing_modifiers(spheroid, aero_kind.view(unit), 5, state.board, (H("0720"),)))[
        "excess velocity"] == 4  # vertical: velocity - 1
    paved = changed(state.board, hexes={H("0720"): Hex(Terrain.PAVED)})
    assert "clear terrain in the landing zone" not in dict(
        aero_landing.landing_modifiers(design, aero_kind.view(unit), 1, paved, (H("0720"),)))


def test_no_life_support_adds_2_to_the_landing_roll():  # AERO-CRIT-04 (MegaMek checkLanding, UNVERIFIED)
    state = phase_game(over_board(NL42, "taxi"))
    unit = state.units["taxi"]
    design, flight = aero_kind.design(unit), aero_kind.view(unit)
    before = dict(aero_landing.landing_modifiers(design, flight, 1, state.board, (H("0720"),)))
    after = dict(aero_landing.landing_modifiers(design, evolve(flight, life_support_hit=True), 1, state.board,
                                                (H("0720"),)))
    assert "no life support" not in before and after == {**before, "no life support": 2}


def test_a_dropship_needs_a_strip_three_hexes_wide_and_15_long():  # MegaMek Dropship.getLandingLength (UNVERIFIED)
    state = phase_game(over_board())
    design = evolve(aero_kind.design(state.units["f1"]), aero_class=AeroClass.DROPSHIP)
    zone = aero_landing.landing_zone(state.board, design, evolve(aero_kind.view(state.units["f1"]), facing=Facing.N),
                                     H("0520"))
    assert len(zone) == 45 and zone[:3] == (H("0520"), H("0420"), H("0620"))


def test_landing_away_from_the_ground_board_leaves_the_battle():  # docs/rules-notes.md
    state = phase_game(flier("Corsair CSR-V12", at="0305", map="low", altitude=1, facing="N", velocity=1))
    state, events, dice = run(state, MoveOrder("f1", "safe", ("F", "D", "LAND")), [])
    unit = state.units["f1"]
    assert dice.rolls == [] and unit.position is None and unit.aero.landed and not unit.destroyed
    assert events[-1] == "f1 lands in low 0304, away from the battle, and leaves it"
    with pytest.raises(IllegalOrderError, match="a touchdown hex is for a landing on the ground board"):
        run(phase_game(flier("Corsair CSR-V12", at="0305", map="low", altitude=1, facing="N", velocity=1)),
            MoveOrder("f1", "safe", ("F", "D", "LAND:0505")), [])


def test_the_logged_landing_reads_back_as_the_same_order():
    from btcli import grammar

    order = MoveOrder("f1", "safe", LAND_HERE)
    assert grammar.order_text(order) == "move f1 --mode safe --path=F,D,LAND:0720"
    assert grammar.order_from_text(grammar.order_text(order)) == (order, None)


def test_a_landed_aircraft_stacks_like_a_ground_unit():  # AERO-STACK-03
    state = phase_game(over_board())
    state, _, _ = run(state, MoveOrder("f1", "safe", LAND_HERE), [7])  # down in 0713 of the ground board
    state = changed(state, phase=Phase.MOVEMENT, move_order=(), units={
        uid: (changed(u, position=changed(u.position, hex=H("0712"))) if uid == "g-red" else u)
        for uid, u in state.units.items()})
    with pytest.raises(IllegalOrderError, match=r"cannot end its move in 0713 with 'f1'.*\(TW p.57 stacking\)"):
        run(state, MoveOrder("g-red", "walk", ("B",)), [])
