"""A flight meeting the ground in a game (btcli.rules.aero.grounding; issues #13, #14): a flight into the
ground crashes (AERO-LALT-08, 09, AERO-CRASH-01), over the ground board onto the board, elsewhere away from
the battle; a unit left at velocity 0 over the ground at the end of the phase hovers or crashes (AERO-GRAV-05)."""

from __future__ import annotations

from btcli.model.hexgrid import HexId
from btcli.model.orders import MoveOrder
from btcli.model.state import Phase
from btcli.rules.aero import phases as aero_phases
from btcli.render.events import sentences
from tests.builders import NL42, aero_game, changed, flier, purposes, resolve, run

H = HexId.parse
NOSE_HITS = [7, 2]  # 2D6 7: the nose (control); the critical check 2: none


def phase_game(*units, **keys):
    state = changed(aero_game(*units, phase=Phase.AERO_MOVEMENT, **keys), initiative=("red", "blue"))
    return changed(state, move_order=aero_phases.draw_slots(state, Phase.AERO_MOVEMENT))


def low(at: str, altitude: int, velocity: int, name: str = "Corsair CSR-V12") -> dict:
    return flier(name, at=at, map="low", altitude=altitude, facing="N", velocity=velocity)


def test_descending_to_the_ground_away_from_the_board_crashes_out_of_the_battle():  # AERO-LALT-08, AERO-CRASH-01, 03
    state = phase_game(low("0811", altitude=1, velocity=2))
    state, events, dice = run(state, MoveOrder("f1", "safe", ("F", "D", "F")), [2] + NOSE_HITS * 4)
    unit = state.units["f1"]
    assert purposes(dice)[0] == "crash damage f1 (velocity 2)"  # 2 x 10 x 2 = 40, four 10-point groups
    assert "f1 takes 40 crash damage (AERO-CRASH-03, AERO-CRASH-04)" in events
    assert unit.armor["nose"] == 73 - 40 and not unit.destroyed
    assert unit.position is None and unit.out_of_action and events[-1] == "f1 survives the crash, out of the battle"


def test_a_crash_over_the_ground_board_comes_down_on_the_board():  # AERO-CRASH-01, 05, 06; AERO-LALT-08
    state = phase_game(low("0810", altitude=1, velocity=1), height=20)  # 0809 of the low map holds the board
    state, events, dice = run(state, MoveOrder("f1", "safe", ("F", "D")), [2, 3, 3, 2] + NOSE_HITS * 2)
    assert purposes(dice)[:4] == ["crash: random movement rolls f1", "crash: random movement f1 (1 of 2)",
                                  "crash: random movement f1 (2 of 2)", "crash damage f1 (velocity 1)"]
    assert "f1 crashes onto the ground board at 0520 heading N (AERO-CRASH-01, AERO-CRASH-05)" in events
    assert "f1 comes down in 0504 after 2 random-movement rolls (3, 3), travelling N (AERO-CRASH-06)" in events
    unit = state.units["f1"]
    assert unit.position.hex == H("0504")
    assert unit.position.map == "ground" and unit.aero.landed and unit.armor["nose"] == 73 - 20
    assert "f1" not in [u.id for u in aero_phases.movers(state, Phase.AERO_MOVEMENT)]


def test_at_velocity_0_over_the_ground_a_unit_that_does_not_hover_crashes():  # AERO-GRAV-05, AMB-59
    state = phase_game(low("0508", altitude=5, velocity=1))
    state, _, _ = run(state, MoveOrder("f1", "safe", ("-",)), [])
    state, events, dice = resolve(state, [2] + NOSE_HITS * 4)  # velocity 0 counts 2: 2 x 10 x 2
    assert events[0] == ("f1 ends the phase at velocity 0 over the ground without hovering or landing: it crashes "
                         "(AERO-GRAV-05)")
    assert purposes(dice)[0] == "crash damage f1 (velocity 0)" and "f1 takes 40 crash damage" in " ".join(events)
    assert state.phase is Phase.WEAPON


def test_a_hovering_spheroid_at_velocity_0_stays_in_the_air():  # AERO-GRAV-05, AMB-59, AERO-HALT-11
    state = phase_game(flier(NL42, "taxi", at="0508", map="low", altitude=5, facing="N", velocity=0))
    state, _, _ = run(state, MoveOrder("taxi", "safe", ("H",)), [])
    assert state.units["taxi"].aero.hovering
    state, events, dice = resolve(state)
    assert dice.rolls == [] and state.units["taxi"].position.altitude == 5 and not state.units["taxi"].destroyed


def test_a_crash_onto_a_mech_forces_its_damage_psr_at_once():  # AERO-CRASH-14, tables.md 8.6
    from btcli import engine
    from btcli.dice import SeededDice
    from tests.builders import HUNCHBACK, design

    ground = (design(HUNCHBACK, "g-red", at="0202"), design(HUNCHBACK, "g-blue", at="1820", side="blue"))
    state = phase_game(flier(at="0810", map="low", altitude=1, facing="N", velocity=2), height=40, width=20,
                       ground=ground)
    dice = SeededDice(21, 0)  # seed 21: the crash comes down in 1820, on g-blue, which fails to avoid it
    state, events = engine.apply(state, MoveOrder("f1", "safe", ("F", "D")), dice)
    assert "f1 comes down in 1820" in " ".join(sentences(events)) and "crash: avoid damage g-blue" in purposes(dice.rolls)
    assert "piloting skill roll g-blue (took 20+ damage)" in purposes(dice.rolls)
    assert any(e.startswith("g-blue fails its PSR (took 20+ damage") for e in sentences(events))


def test_an_aircraft_whose_lost_altitude_met_the_ground_crashes_after_the_weapon_attacks():  # AERO-CRASH-01
    # tables.md 9.4: out of control on a low-altitude map it loses 1D6 altitudes, which an attack's control
    # roll can cost it in the weapon phase; at the phase's end it is down at its hex's terrain and crashes
    state = changed(phase_game(low("0508", altitude=2, velocity=2)), phase=Phase.WEAPON)
    unit = state.units["f1"]
    state = state.with_unit(changed(unit, position=changed(unit.position, altitude=0),
                                    aero=changed(unit.aero, out_of_control=True)))
    state, events, dice = resolve(state, [2] + NOSE_HITS * 4)
    assert events[0] == "f1 loses altitude down to the ground at 0508: it crashes (AERO-LALT-08, AERO-CRASH-01)"
    assert purposes(dice)[0] == "crash damage f1 (velocity 2)" and state.units["f1"].position is None
