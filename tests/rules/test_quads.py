"""Four-legged 'Mechs (issue #30 item 7; btcli/rules/kinds/quad.py, docs/rules-notes.md "Quad 'Mechs"): each
QUAD-nn reading checked against MegaMek's QuadMech as the module cites it. The quad is an inline 55-ton
design (the Scorpion SCP-1N's: walk 6, a PPC and an SRM-6 in the right torso), so no MegaMek file is needed."""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.dice import ManualDice, SeededDice
from btcli.errors import IllegalOrderError
from btcli.model.orders import MoveOrder, PhysicalAttackOrder, ResolvePhaseOrder, WeaponAttackOrder
from btcli.model.state import Hit, Phase, evolve
from btcli.model.units import MoveMode
from btcli.rules import kinds
from btcli.rules.core import damage
from btcli.rules.ground import movement
from btcli.render.events import sentences
from btcli.rules.kinds import mech, quad
from tests.builders import design, game, physical_game, put, weapon_game

SCORPION_SCP = {
    "kind": "mech", "motive": "quad", "name": "Scorpion SCP-1N", "tons": 55, "walk": 6, "heat_sinks": 10,
    "engine_rating": 330,
    "armor": {"HD": 8, "CT": 24, "CTR": 8, "LT": 11, "LTR": 5, "RT": 11, "RTR": 5,
              "FLL": 10, "FRL": 10, "RLL": 10, "RRL": 10},
    "weapons": [{"name": "PPC", "location": "RT"}, {"name": "SRM-6", "location": "RT"}],
    "ammo": [{"weapon": "SRM-6", "location": "LT", "shots": 15}],
}
HUNCHBACK = "Hunchback HBK-4G"


def scorpion(uid: str = "q", at: str = "0505", facing: str = "S", side: str = "red", **keys) -> dict:
    return design(SCORPION_SCP, uid, at, facing, side, **keys)


def lose(unit, *locations):
    """The unit with these locations' internal structure gone."""
    return evolve(unit, internal={**unit.internal, **{loc: 0 for loc in locations}})


def hit_slot(unit, location: str, item: str):
    """The unit with the first slot of ``item`` in ``location`` destroyed."""
    return unit.with_slot_hit(location, unit.mech.slots[location].index(item))


# -- QUAD-01 locations, slots and internal structure -------------------------------------------------------


def test_quad_01_a_quad_has_four_legs_of_six_slots_and_the_leg_column_of_internal_structure():
    unit = game(scorpion()).units["q"]
    assert mech.body(unit) is quad.BODY
    # tables.md 8.5, 55 t: CT 18, side torsos 13, legs 13 (all four legs take the leg column)
    assert unit.internal == {"HD": 3, "CT": 18, "LT": 13, "RT": 13, "FLL": 13, "FRL": 13, "RLL": 13, "RRL": 13}
    assert all(unit.mech.slots[leg] == ("hip", "upper_leg", "lower_leg", "foot", "", "") for leg in quad.BODY.legs)
    assert "LA" not in unit.mech.slots and "LL" not in unit.mech.slots


# -- QUAD-02 hit location tables ---------------------------------------------------------------------------


@pytest.mark.parametrize("roll, side, location", [
    (4, "front", "FRL"), (10, "front", "FLL"), (5, "front", "RRL"), (9, "front", "RLL"),  # arms -> front legs
    (3, "left", "RLL"), (4, "left", "FLL"), (11, "right", "RLL"), (3, "right", "RRL"), (2, "front", "CT"),
])
def test_quad_02_the_hit_table_puts_arm_results_on_front_legs_and_leg_results_on_rear_legs(roll, side, location):
    assert quad.BODY.location("hit", roll, side) == location


@pytest.mark.parametrize("table, roll, side, location", [
    ("punch", 1, "front", "FLL"), ("punch", 1, "rear", "RLL"), ("punch", 5, "front", "FRL"),
    ("punch", 5, "rear", "RRL"), ("punch", 4, "left", "FLL"), ("punch", 5, "left", "RLL"),
    ("kick", 2, "front", "FLL"), ("kick", 5, "front", "FRL"), ("kick", 2, "rear", "RLL"), ("kick", 6, "rear", "RRL"),
    ("kick", 1, "left", "RLL"), ("kick", 4, "left", "FLL"), ("kick", 3, "right", "FRL"), ("kick", 4, "right", "RRL"),
])
def test_quad_02_punch_and_kick_tables_tell_front_from_rear(table, roll, side, location):
    assert quad.BODY.location(table, roll, side) == location


def test_quad_02_a_kick_on_a_quad_strikes_its_front_legs_from_the_front():
    state = physical_game(design(HUNCHBACK, "a", "0505", "S", "blue"), scorpion("t", "0506", "N"))
    state = put(put(state, "a", mode=MoveMode.STAND), "t", mode=MoveMode.STAND)
    state, _ = engine.apply(state, PhysicalAttackOrder("a", "t", "kick"), ManualDice([]))
    d = ManualDice([6, 2, 12])  # hits (TN 5 - 2 = 3); 2: the front left leg (the biped's right leg); its PSR
    state, _ = engine.apply(state, ResolvePhaseOrder(), d)
    assert d.rolls[1].purpose == "kick location vs t (front)"
    assert state.units["t"].armor["FLL"] == 10 - 10  # floor(50 / 5) = 10


def test_quad_06_a_kicked_quad_rolls_its_psr_with_its_four_legs_minus_2():
    # PHYS-PSR-01 with QUAD-06 (TW p.60 "Four-legged 'Mech with intact legs -2"): piloting 5 - 2 = 3; 2 fails
    # and the quad falls (facing 1, ceil(55 / 10) = 6 as 5, 1 at 7, 7 -> CT, the MechWarrior's check 12).
    state = physical_game(design(HUNCHBACK, "a", "0505", "S", "blue"), scorpion("t", "0506", "N"))
    state = put(put(state, "a", mode=MoveMode.STAND), "t", mode=MoveMode.STAND)
    state, _ = engine.apply(state, PhysicalAttackOrder("a", "t", "kick"), ManualDice([]))
    d = ManualDice([6, 2, 2, 1, 7, 7, 12])
    state, events = engine.apply(state, ResolvePhaseOrder(), d)
    d.finish()
    psr = d.rolls[2]
    assert (psr.purpose, psr.target) == ("piloting skill roll t (was kicked)", 3)
    assert ("four legs", -2) in psr.modifiers
    assert "t fails its PSR (2 vs 3) and falls" in sentences(events)
    assert state.units["t"].mech.prone


# -- QUAD-03 transfer and the side torso's front leg --------------------------------------------------------


def test_quad_03_a_destroyed_legs_damage_transfers_to_its_side_torso():
    unit = lose(game(scorpion()).units["q"], "RRL")
    events: list[str] = []
    hit = Hit("q", "RRL", 5, "front", False, False, False, "test")
    unit = damage.mech_damage(unit, hit, ManualDice([]), events)
    assert unit.armor["RT"] == 11 - 5


def test_quad_03_a_side_torso_destroyed_takes_its_front_leg_not_its_rear_leg():
    unit = game(scorpion()).units["q"]
    events: list[str] = []
    unit = damage.destroy_location(unit, "LT", events)
    assert unit.internal["FLL"] == 0 and unit.internal["RLL"] == 13
    assert "q: FLL destroyed" in sentences(events)


# -- QUAD-04 no arms; kicks with a front leg ---------------------------------------------------------------


@pytest.mark.parametrize("kind, said", [("punch", "no arms to punch with"), ("club", "no arms to swing a club")])
def test_quad_04_a_quad_neither_punches_nor_swings_a_club(kind, said):
    state = physical_game(scorpion("a", "0505", "S"), design(HUNCHBACK, "t", "0506", "N", "blue"))
    if kind == "club":
        state = put(state, "a", mech=evolve(state.units["a"].mech, club="girder"))
    with pytest.raises(IllegalOrderError) as info:
        engine.apply(state, PhysicalAttackOrder("a", "t", kind), ManualDice([]))
    assert said in str(info.value) and info.value.rule == "QUAD-04"


def test_quad_04_a_quad_kicks_only_on_four_working_legs():
    state = physical_game(scorpion("a", "0505", "S"), design(HUNCHBACK, "t", "0506", "N", "blue"))
    limb, _ = kinds_limb(state.units["a"], state)
    assert limb == "FRL"
    state = state.with_unit(hit_slot(state.units["a"], "RLL", "hip"))  # a rear hip gone: no kick at all
    with pytest.raises(IllegalOrderError, match="destroyed leg or hip"):
        kinds_limb(state.units["a"], state)


def kinds_limb(attacker, state):
    from btcli.rules.ground import physical

    return physical.limb_check(attacker, state.units["t"].hex, "'t'", "kick")


# -- QUAD-05 no torso twist; every leg fires forward ----------------------------------------------------------


def test_quad_05_a_quad_cannot_twist_its_torso():
    state = weapon_game(scorpion("q", "0505", "N"), design(HUNCHBACK, "t", "0502", "N", "blue"))
    with pytest.raises(IllegalOrderError, match="quad 'Mech cannot twist its torso") as info:
        engine.apply(state, WeaponAttackOrder("q", "t", ("PPC",), twist="right"), ManualDice([]))
    assert info.value.rule == "QUAD-05"


@pytest.mark.parametrize("leg", ["FLL", "FRL", "RLL", "RRL"])
def test_quad_05_leg_weapons_fire_forward_and_a_rear_mount_rearward(leg):
    unit = game(scorpion()).units["q"]
    assert kinds.mount_arc(unit, leg, False) == "front" and kinds.mount_arc(unit, leg, True) == "rear"
    assert not kinds.turns_with_twist(unit, leg)


# -- QUAD-06 piloting -----------------------------------------------------------------------------------------


def test_quad_06_four_sound_legs_give_minus_2_and_each_hip_plus_2_in_place_of_its_legs_actuators():
    unit = game(scorpion()).units["q"]
    assert kinds.pilot_modifiers(unit) == [("four legs", -2)]
    unit = hit_slot(hit_slot(unit, "FLL", "hip"), "FLL", "foot")  # the foot counts nothing beside the hip
    unit = hit_slot(unit, "RRL", "lower_leg")
    assert kinds.pilot_modifiers(unit) == [("four legs", -2), ("leg/foot actuator destroyed", 1),
                                           ("hip actuator destroyed", 2)]


@pytest.mark.parametrize("lost, modifiers", [
    (("RLL",), []),  # one leg: no bonus, no +5
    (("RLL", "FRL"), [("2 legs destroyed", 5)]),
    (("RLL", "FRL", "FLL"), [("3 legs destroyed", 15)]),  # beyond any roll: the PSR fails
])
def test_quad_06_lost_legs_take_the_bonus_then_add_5_for_two_and_fail_every_roll_from_three(lost, modifiers):
    unit = lose(game(scorpion()).units["q"], *lost)
    assert kinds.pilot_modifiers(unit) == modifiers


def test_quad_06_a_quad_losing_a_leg_falls_as_a_biped_does():
    state = game(scorpion(), phase=Phase.WEAPON)
    before = {"q": state.units["q"]}
    state = state.with_unit(lose(state.units["q"], "FRL"))
    from btcli.rules.core import phase_end

    state, events = phase_end.after_damage(state, SeededDice("quad"), before)  # no PSR asked: it falls
    assert "q falls automatically (leg destroyed)" in sentences(events) and state.units["q"].mech.prone


# -- QUAD-07 leg damage and MP ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lost, hips, walk, run", [
    ((), 0, 6, 9), (("RLL",), 0, 5, 8), (("RLL", "RRL"), 0, 1, 1), (("RLL", "RRL", "FLL"), 0, 0, 0),
    ((), 1, 3, 5), ((), 2, 2, 3), ((), 4, 0, 0),
])
def test_quad_07_legs_and_hips_take_walking_mp_as_megamek_counts_them(lost, hips, walk, run):
    unit = lose(game(scorpion()).units["q"], *lost)
    for leg in quad.BODY.legs[:hips]:
        unit = hit_slot(unit, leg, "hip")
    assert (movement.walking_mp(unit), movement.running_mp(unit)) == (walk, run)


# -- QUAD-08 standing up -----------------------------------------------------------------------------------------


def test_quad_08_a_quad_on_four_legs_stands_up_without_a_roll():
    state = game(scorpion("q", "0505", "N"), design(HUNCHBACK, "t", "0502", "S", "blue"))
    state = put(state, "q", prone=True)
    d = ManualDice([])
    state, events = engine.apply(state, MoveOrder("q", "walk", ("U",)), d)
    assert d.rolls == [] and not state.units["q"].mech.prone
    assert sentences(events)[0] == "q stands up (no roll: a quad 'Mech on all its legs)"


def test_quad_08_a_quad_short_of_a_leg_rolls_to_stand():
    state = game(scorpion("q", "0505", "N"), design(HUNCHBACK, "t", "0502", "S", "blue"))
    state = state.with_unit(lose(state.units["q"], "RLL").with_mech(prone=True))
    d = ManualDice([6, 6])
    state, events = engine.apply(state, MoveOrder("q", "walk", ("U",)), d)
    assert d.rolls[0].purpose == "piloting skill roll q (standing up)" and "stands up" in sentences(events)[0]


# -- QUAD-09 firing while prone -----------------------------------------------------------------------------------


def test_quad_09_a_prone_quad_on_four_sound_legs_fires_without_the_prone_modifier():
    unit = game(scorpion()).units["q"].with_mech(prone=True)
    assert quad.BODY.prone_fire(unit, quad.BODY) == []
    assert quad.BODY.prone_fire(hit_slot(unit, "RLL", "hip"), quad.BODY) == [("attacker prone", 2)]
    assert quad.BODY.prone_fire(lose(unit, "RLL"), quad.BODY) == [("attacker prone", 2)]
