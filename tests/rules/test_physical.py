"""Tests for physical attacks: punch, kick, charge and death from above, and vehicle charges
(btcli.rules.ground.physical), declared through ``engine.apply`` in the physical phase and resolved
when the phase ends.

States are small scenario dicts (a clear 12 x 12 map, sides 'red' and 'blue'): the attacker
'a' (red) stands in 0505 facing S, the target 't' (blue) adjacent in 0506 facing N, so every
attack strikes the target's front and a push goes S (to 0507). Dice are scripted with
``ManualDice`` in request order: the to-hit roll, then one location per damage group (1D6 on
the punch and kick tables, 2D6 on the normal tables), the target's groups before the
attacker's, then critical rolls, the attack's PSRs (attacker first), motive rolls, and the
end-of-phase PSRs. Every test checks the script was used up.
"""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.hexgrid import HexId
from btcli.model.orders import PhysicalAttackOrder, ResolvePhaseOrder
from btcli.model.state import GameState, Phase
from btcli.model.units import MoveMode
from btcli.rules.ground import physical
from btcli.render.events import sentences
from tests.builders import asset, design, physical_game, purposes, put

HUNCHBACK = "Hunchback HBK-4G"  # 50 t; Medium Laser LA (weapon 1), Medium Laser RA (weapon 2)
ATLAS = "Atlas AS7-D"  # 100 t; front armor CT 47, LT/RT 32, LA/RA 34, LL/RL 41
WASP = "Wasp WSP-1A"  # 20 t, jump 6
LOCUST = "Locust LCT-1V"  # 20 t
SCORPION = "Scorpion Light Tank"  # tracked, 25 t, turret; front armor 16
MANTICORE = "Manticore Heavy Tank"  # tracked, 60 t, turret; front armor 42
J_EDGAR = "J. Edgar Light Hover Tank"  # hover, 25 t
FERRET = "Ferret Light Scout VTOL"  # 5 t


def duel(attacker: str = HUNCHBACK, target: str = ATLAS, mode: MoveMode = MoveMode.STAND, hexes: int = 0,
         options: dict[str, object] | None = None) -> GameState:
    """'a' in 0505 facing S (moved this turn with ``mode``/``hexes``), 't' in 0506 facing N, stood still."""
    state = physical_game(design(attacker, "a", "0505", "S", "red"), design(target, "t", "0506", "N", "blue"),
                          options=options)
    state = put(state, "a", mode=mode, hexes_moved=hexes)
    return put(state, "t", mode=MoveMode.STAND)


def declare(state: GameState, kind: str, attacker: str = "a", target: str = "t") -> tuple[GameState, list[str]]:
    """Declares a physical attack: nothing is rolled when it is declared."""
    d = ManualDice([])
    new, events = engine.apply(state, PhysicalAttackOrder(attacker, target, kind), d)
    assert d.rolls == []
    return new, sentences(events)


def resolve(state: GameState, dice: list[int]) -> tuple[GameState, list[str], ManualDice]:
    """Ends the physical phase with scripted dice; checks every value was used."""
    d = ManualDice(list(dice))
    new, events = engine.apply(state, ResolvePhaseOrder(), d)
    d.finish()
    return new, sentences(events), d


def attack(state: GameState, kind: str, dice: list[int]) -> tuple[GameState, list[str], ManualDice]:
    state, _ = declare(state, kind)
    return resolve(state, dice)


# -- target numbers (tables.md 8.7; movement modifiers tables.md 6.2, 6.3) ------------------------------


def test_punch_target_number_is_piloting():
    # tables.md 8.7: punch base TN = piloting (5); no movement on either side. 5 hits, 1D6 3 -> CT.
    _, _, d = attack(duel(), "punch", [5, 3, 2])  # the right arm hits (CT), the left misses
    assert (d.rolls[0].purpose, d.rolls[0].target) == ("to-hit punch (RA) a vs t", 5)
    assert d.rolls[0].modifiers == (("piloting", 5),)


def test_kick_target_number_is_piloting_minus_2():
    # tables.md 8.7: kick base TN = piloting - 2 = 3. 3 hits, 1D6 2 -> RL; the kicked Atlas's PSR 12 passes.
    _, _, d = attack(duel(), "kick", [3, 2, 12])
    assert d.rolls[0].target == 3
    assert ("kick", -2) in d.rolls[0].modifiers


def test_charge_target_number_adds_the_piloting_difference():
    # tables.md 8.7: charge TN = piloting + (attacker piloting 5 - target piloting 3) = 7, plus
    # attacker walked +1 (tables.md 6.2) = 8. A miss keeps the script to the to-hit roll.
    state = put(duel(mode=MoveMode.WALK, hexes=3), "t", piloting=3)
    _, _, d = attack(state, "charge", [7])
    assert d.rolls[0].target == 8
    assert ("piloting difference", 2) in d.rolls[0].modifiers


def test_death_from_above_target_number_adds_the_piloting_difference():
    # tables.md 8.7: DFA TN = piloting 5 + (5 - target piloting 6) = 4, plus attacker jumped +3
    # (tables.md 6.2) = 7. A miss: the Wasp falls (1D6 1 front, 2D6 7 CT for 2, pilot check 12).
    state = put(duel(WASP, HUNCHBACK, MoveMode.JUMP, 3), "t", piloting=6)
    _, _, d = attack(state, "dfa", [6, 1, 7, 12])
    assert d.rolls[0].target == 7
    assert ("piloting difference", -1) in d.rolls[0].modifiers


@pytest.mark.parametrize("mode, hexes, modifier", [(MoveMode.WALK, 3, 1), (MoveMode.RUN, 5, 2)])
def test_attacker_movement_modifier_applies_to_physical_attacks(mode, hexes, modifier):
    # tables.md 8.7 with tables.md 6.2: walked +1, ran +2 on the punch TN (piloting 5).
    _, _, d = attack(duel(mode=mode, hexes=hexes), "punch", [2, 2])  # both arms miss
    assert d.rolls[0].target == 5 + modifier
    assert (f"attacker {mode.value}", modifier) in d.rolls[0].modifiers


@pytest.mark.parametrize("mode, hexes, extra", [(MoveMode.WALK, 5, 2), (MoveMode.JUMP, 3, 1 + 1)])
def test_target_movement_modifier_applies_to_physical_attacks(mode, hexes, extra):
    # tables.md 8.7 with tables.md 6.3: target moved 5 hexes +2; jumped 3 hexes +1 and +1 for jumping.
    state = put(duel(), "t", mode=mode, hexes_moved=hexes)
    _, _, d = attack(state, "kick", [2, 5])  # 2 misses; the missed kick's PSR (TN 5) passes with 5
    assert d.rolls[0].target == 3 + extra


# -- punch (tables.md 8.7, 8.2) -------------------------------------------------------------------------


@pytest.mark.parametrize("d6, location", [(1, "LA"), (2, "LT"), (3, "CT"), (4, "RT"), (5, "RA")])
def test_punch_does_a_tenth_of_tonnage_on_the_punch_table(d6, location):
    # tables.md 8.7: ceil(50 / 10) = 5 damage; tables.md 8.2 punch table, front column.
    before = duel()
    state, _, d = attack(before, "punch", [5, d6, 2])  # the right arm hits; the left arm misses
    assert d.rolls[1].purpose == "punch location vs t (front)"
    assert state.units["t"].armor[location] == before.units["t"].armor[location] - 5
    assert sum(state.units["t"].armor.values()) == sum(before.units["t"].armor.values()) - 5


def test_an_arm_built_without_lower_arm_and_hand_actuators_punches_at_plus_3_for_half_damage():
    # tables.md 8.7 (MegaMek PunchAttackAction: actuators "missing or destroyed"): the Locust's arms have no
    # lower arm (+2, damage halved) and no hand (+1) actuators (tables.md 13.2): piloting 5 + 3 = 8;
    # ceil(20 / 10) = 2, halved to 1. The right arm hits (1D6 3: CT), the left misses.
    before = duel(LOCUST)
    state, _, d = attack(before, "punch", [8, 3, 2])
    assert d.rolls[0].target == 8
    assert ("lower arm actuator missing", 2) in d.rolls[0].modifiers
    assert ("hand actuator missing", 1) in d.rolls[0].modifiers
    assert state.units["t"].armor["CT"] == before.units["t"].armor["CT"] - 1


def test_a_destroyed_hand_actuator_adds_1_to_the_punch():
    # tables.md 8.7: the Hunchback's right hand (RA slot 4) is destroyed: that arm punches at 5 + 1 = 6.
    state = put(duel(), "a", crits=("RA:3",))
    _, mods, limb = physical.check(state, state.units["a"], state.units["t"], "punch")
    assert limb == "RA" and mods[-1] == ("hand actuator destroyed", 1)


def test_arm_that_fired_this_turn_cannot_punch():
    # tables.md 8.7 (TW): an arm that fired a weapon this turn cannot punch; both arms fired.
    state = put(duel(), "a", fired=(1, 2))
    with pytest.raises(IllegalOrderError, match="no arm that can punch 't'"):
        declare(state, "punch")


def test_a_punch_attack_is_a_punch_from_each_arm():
    # tables.md 8.7 (TW p.145): both arms punch, each with its own roll: 2 x 5 damage.
    before = duel()
    state, events, d = attack(before, "punch", [5, 3, 6, 3])
    assert [r.purpose for r in d.rolls if r.purpose.startswith("to-hit")] == [
        "to-hit punch (RA) a vs t", "to-hit punch (LA) a vs t"]
    assert sum(state.units["t"].armor.values()) == sum(before.units["t"].armor.values()) - 10


def test_an_arm_that_fired_does_not_punch_with_the_other():
    # tables.md 8.7 (TW): the right arm fired; only the left punches (one roll).
    state = put(duel(), "a", fired=(2,))
    _, _, d = attack(state, "punch", [2])
    assert [r.purpose for r in d.rolls] == ["to-hit punch a vs t"]


def test_punch_uses_the_arm_that_did_not_fire():
    # tables.md 8.7 (TW): the right arm fired its Medium Laser; the left arm still punches.
    state = put(duel(), "a", fired=(2,))
    _, _, limb = physical.check(state, state.units["a"], state.units["t"], "punch")
    assert limb == "LA"


# -- kick (tables.md 8.7, 8.2) --------------------------------------------------------------------------


@pytest.mark.parametrize("d6, location", [(1, "RL"), (3, "RL"), (4, "LL"), (6, "LL")])
def test_kick_does_a_fifth_of_tonnage_on_the_kick_table(d6, location):
    # tables.md 8.7: floor(50 / 5) = 10 damage; tables.md 8.2 kick table, front column 1-3 RL, 4-6 LL (the
    # kicked Atlas's PSR 12 passes).
    state, _, d = attack(duel(), "kick", [3, d6, 12])
    assert d.rolls[1].purpose == "kick location vs t (front)"
    assert state.units["t"].armor[location] == 41 - 10


def test_missed_kick_forces_a_psr():
    # tables.md 8.7: a missed kick makes the attacker roll a PSR (piloting 5, no modifier); 5 passes.
    state, _, d = attack(duel(), "kick", [2, 5])
    assert (d.rolls[1].purpose, d.rolls[1].target) == ("piloting skill roll a (missed kick)", 5)
    assert not state.units["a"].mech.prone


def test_failed_psr_after_a_missed_kick_is_a_fall():
    # tables.md 8.7, 8.6: PSR 4 vs 5 fails -> the kicker falls (1D6 1 front, 5 damage at 2D6 7 CT,
    # pilot check 12 passes).
    state, _, _ = attack(duel(), "kick", [2, 4, 1, 7, 12])
    assert state.units["a"].mech.prone
    assert state.units["a"].armor["CT"] == 26 - 5


# -- the kicked 'Mech's PSR (PHYS-PSR-01..03, docs/rules-notes.md) -------------------------------------------


def test_a_kick_that_hits_makes_the_kicked_mech_roll_a_psr_with_no_modifier():
    # PHYS-PSR-01 (TW p.60 "BattleMech was kicked 0"; MegaMek Server.java:15749-15752): the Atlas's PSR is
    # its piloting 5 and nothing else; 5 passes.
    state, _, d = attack(duel(), "kick", [3, 2, 5])
    assert (d.rolls[2].purpose, d.rolls[2].target, d.rolls[2].modifiers) == \
        ("piloting skill roll t (was kicked)", 5, (("piloting", 5),))
    assert not state.units["t"].mech.prone


def test_a_kicked_mech_that_fails_its_psr_falls():
    # PHYS-PSR-01: 4 vs 5 fails; the Atlas falls where it stands: facing 1D6 1, ceil(100 / 10) = 10 as 5, 5
    # (2D6 7, 7 -> CT), the MechWarrior's check 12 passes.
    state, said, _ = attack(duel(), "kick", [3, 2, 4, 1, 7, 7, 12])
    assert "t fails its PSR (4 vs 5) and falls" in said
    assert state.units["t"].mech.prone
    assert state.units["t"].armor["CT"] == 47 - 10


def test_a_missed_kick_makes_no_psr_for_its_target():
    # PHYS-PSR-01: only a kick that hits; the miss's own PSR is the kicker's (tables.md 8.7).
    _, _, d = attack(duel(), "kick", [2, 5])
    assert [p for p in purposes(d) if p.startswith("piloting")] == ["piloting skill roll a (missed kick)"]


def test_a_prone_mech_kicked_makes_no_psr():
    # PHYS-PSR-02 (MegaMek Mech.canFall: not when prone): 12 hits (target prone, adjacent -2), 1D6 2 -> RL.
    state, _, d = attack(put(duel(), "t", prone=True), "kick", [12, 2])
    assert purposes(d) == ["to-hit kick a vs t", "kick location vs t (front)"]
    assert state.units["t"].armor["RL"] == 41 - 10


def test_a_shut_down_mech_kicked_falls_without_a_roll():
    # PHYS-PSR-01 with tables.md 8.6 (MegaMek Entity.getBasePilotingRoll: a shut-down reactor fails every PSR):
    # the fall as above, no piloting roll.
    state, said, d = attack(put(duel(), "t", shutdown=True), "kick", [12, 2, 1, 7, 7, 12])
    assert "t fails its PSR (shut down or unconscious) and falls" in said
    assert not [p for p in purposes(d) if p.startswith("piloting")]
    assert state.units["t"].mech.prone


def test_a_kicked_mech_with_a_leg_lost_earlier_rolls_at_plus_5():
    # PHYS-PSR-01 with tables.md 8.6's pre-existing damage: a leg lost earlier +5 (5 + 5 = 10); 10 passes.
    atlas = duel().units["t"]
    state, _, d = attack(put(duel(), "t", internal={**atlas.internal, "LL": 0}), "kick", [3, 2, 10])
    assert (d.rolls[2].purpose, d.rolls[2].target) == ("piloting skill roll t (was kicked)", 10)
    assert ("leg destroyed", 5) in d.rolls[2].modifiers
    assert not state.units["t"].mech.prone


def test_a_kicked_mech_with_no_legs_left_falls_whatever_it_rolls():
    # PHYS-PSR-01 with tables.md 8.6: both legs gone, +10 (5 + 10 = 15): no 2D6 reaches it, so it fails without a
    # roll (PSR-AUTO-02; MegaMek Entity.getBasePilotingRoll: "Both legs destroyed", an automatic failure). The
    # kick's 10 goes on to RT.
    atlas = duel().units["t"]
    state = put(duel(), "t", armor={**atlas.armor, "LL": 0, "RL": 0}, internal={**atlas.internal, "LL": 0, "RL": 0})
    state, said, _ = attack(state, "kick", [3, 2, 1, 7, 7, 12])
    assert "t fails its PSR (TN 15: automatic failure) and falls" in said
    assert state.units["t"].mech.prone


def test_a_kick_that_takes_a_leg_rolls_no_psr_the_mech_falls_at_the_phase_end():
    # PHYS-PSR-03: the kick's 10 destroys the right leg (armor 0, structure 5); MegaMek's automatic fall for
    # the leg comes before the kick's PSR, so no PSR is rolled: the phase's end falls the Atlas (facing 1, its
    # 10 as 5, 5 at 7, 7 -> CT, the MechWarrior's check 12).
    atlas = duel().units["t"]
    state = put(duel(), "t", armor={**atlas.armor, "RL": 0}, internal={**atlas.internal, "RL": 5})
    state, said, d = attack(state, "kick", [3, 2, 1, 7, 7, 12])
    assert not [p for p in purposes(d) if p.startswith("piloting")]
    assert "t falls automatically (leg destroyed)" in said
    assert state.units["t"].mech.prone


# -- charge (tables.md 8.7) -----------------------------------------------------------------------------

# Hunchback walked 3 hexes and charges the Atlas: 12 hits; ceil(50 / 10 x 3) = 15 to the Atlas as
# 5, 5, 5 (2D6 7 -> CT each); ceil(100 / 10) = 10 back to the Hunchback as 5, 5 (7 -> CT); the
# charger's PSR (TN 7) and the target's (TN 7) both pass with 12.
CHARGE_DICE = [12, 7, 7, 7, 7, 7, 12, 12]


@pytest.mark.parametrize("mode, hexes", [(MoveMode.STAND, 0), (MoveMode.WALK, 0), (MoveMode.JUMP, 3)])
def test_charge_needs_ground_movement_this_turn(mode, hexes):
    # tables.md 8.7: only a unit that moved (walked or ran, not jumped) this turn can charge.
    with pytest.raises(IllegalOrderError, match="must have moved \\(not jumped\\) this turn to charge"):
        declare(duel(mode=mode, hexes=hexes), "charge")


def test_charge_does_a_tenth_of_tonnage_per_hex_moved_to_the_target():
    # tables.md 8.7: ceil(50 / 10 x 3) = 15, in 5-point groups on the 'Mech hit location table.
    state, _, d = attack(duel(mode=MoveMode.WALK, hexes=3), "charge", CHARGE_DICE)
    assert state.units["t"].armor["CT"] == 47 - 15
    assert purposes(d)[1:4] == ["hit location normal from a vs t (front)"] * 3


def test_charging_unit_takes_a_tenth_of_the_target_tonnage():
    # tables.md 8.7: the charger takes ceil(100 / 10) = 10, in 5-point groups on its front.
    state, _, d = attack(duel(mode=MoveMode.WALK, hexes=3), "charge", CHARGE_DICE)
    assert state.units["a"].armor["CT"] == 26 - 10
    assert purposes(d)[4:6] == ["hit location normal from t vs a (front)"] * 2


def test_charge_that_hits_forces_a_psr_at_plus_2_on_both_units():
    # tables.md 8.6, 8.7: made a successful charge +2, was charged +2 (piloting 5 each).
    _, _, d = attack(duel(mode=MoveMode.WALK, hexes=3), "charge", CHARGE_DICE)
    assert [(r.purpose, r.target) for r in d.rolls[6:]] == [
        ("piloting skill roll a (made a charge)", 7),
        ("piloting skill roll t (was charged)", 7),
    ]


def test_charge_displaces_the_target_and_the_charger_takes_its_hex():
    # tables.md 8.7 (TW displacement): the target moves one hex away from the charger (0506 -> 0507),
    # the charger enters 0506.
    state, _, _ = attack(duel(mode=MoveMode.WALK, hexes=3), "charge", CHARGE_DICE)
    assert state.units["t"].hex == HexId.parse("0507")
    assert state.units["a"].hex == HexId.parse("0506")


def test_missed_charge_does_nothing_more():
    # tables.md 8.7, 8.6: the PSRs are for a successful charge; a miss moves and damages no one.
    before = duel(mode=MoveMode.WALK, hexes=3)
    state, _, d = attack(before, "charge", [5])  # TN 6
    assert purposes(d) == ["to-hit charge a vs t"]
    assert state.units["t"].hex == before.units["t"].hex
    assert state.units["a"].armor == before.units["a"].armor


# -- death from above (tables.md 8.7) ----------------------------------------------------------------------

# The Wasp jumped and lands on the Hunchback: 12 hits; ceil(20 / 10 x 3) = 6 to the target as 5, 1
# on the punch table (1D6 3 -> CT, 3 -> CT); ceil(20 / 5) = 4 to the Wasp on the kick table
# (1D6 2 -> RL); the Wasp's PSR (TN 9) and the target's (TN 7) pass with 12.
DFA_DICE = [12, 3, 3, 2, 12, 12]


def test_death_from_above_needs_a_jump_this_turn():
    # tables.md 8.7: death from above is made by a 'Mech that jumped this turn.
    with pytest.raises(IllegalOrderError, match="must have jumped this turn"):
        declare(duel(WASP, HUNCHBACK, MoveMode.WALK, 3), "dfa")


def test_death_from_above_does_three_tenths_of_tonnage_on_the_punch_table():
    # tables.md 8.7: ceil(20 / 10 x 3) = 6 in groups 5 and 1, each located on the punch table (8.2).
    state, _, d = attack(duel(WASP, HUNCHBACK, MoveMode.JUMP, 3), "dfa", DFA_DICE)
    assert state.units["t"].armor["CT"] == 26 - 6
    assert purposes(d)[1:3] == ["punch location vs t (front)"] * 2


def test_death_from_above_attacker_takes_a_fifth_of_its_tonnage_on_the_kick_table():
    # tables.md 8.7: ceil(20 / 5) = 4 to the attacker's legs by the kick table (1D6 2 -> RL).
    state, _, d = attack(duel(WASP, HUNCHBACK, MoveMode.JUMP, 3), "dfa", DFA_DICE)
    assert state.units["a"].armor["RL"] == 5 - 4
    assert d.rolls[3].purpose == "kick location vs a (front)"


def test_death_from_above_psr_is_plus_4_for_the_attacker_and_plus_2_for_the_target():
    # tables.md 8.6, 8.7: made a DFA +4 (5 + 4 = 9), hit by a DFA +2 (5 + 2 = 7).
    _, _, d = attack(duel(WASP, HUNCHBACK, MoveMode.JUMP, 3), "dfa", DFA_DICE)
    assert [(r.purpose, r.target) for r in d.rolls[4:]] == [
        ("piloting skill roll a (death from above)", 9),
        ("piloting skill roll t (hit by death from above)", 7),
    ]


def test_death_from_above_displaces_the_target_and_the_attacker_takes_its_hex():
    # tables.md 8.7: a death from above that hits pushes the target one hex on (0506 -> 0507).
    state, _, _ = attack(duel(WASP, HUNCHBACK, MoveMode.JUMP, 3), "dfa", DFA_DICE)
    assert (state.units["t"].hex, state.units["a"].hex) == (HexId.parse("0507"), HexId.parse("0506"))


def test_missed_death_from_above_is_a_fall():
    # tables.md 8.7: a miss is a fall, no PSR: 1D6 1 (front), 2 damage at 2D6 7 (CT), pilot check 12.
    state, events, d = attack(duel(WASP, HUNCHBACK, MoveMode.JUMP, 3), "dfa", [2, 1, 7, 12])
    assert state.units["a"].mech.prone
    assert not any(p.startswith("piloting skill roll") for p in purposes(d))
    assert "a misses its death from above and falls" in events


# -- vehicles (VEH-PHYS) ------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["punch", "kick", "dfa"])
def test_vehicle_may_only_charge(kind):
    # VEH-PHYS-01: a tank without melee weapons can make no physical attack but a charge.
    with pytest.raises(IllegalOrderError) as info:
        declare(duel(SCORPION, MANTICORE, MoveMode.CRUISE, 3), kind)
    assert info.value.rule == "VEH-PHYS-01"


@pytest.mark.parametrize("name", [SCORPION, J_EDGAR])
def test_ground_vehicle_may_charge(name):
    # VEH-PHYS-01, VEH-PHYS-02: a tracked or hover tank that moved may charge another vehicle.
    state, events = declare(duel(name, MANTICORE, MoveMode.CRUISE, 3), "charge")
    assert state.declarations[-1].physical == "charge"
    assert events[0].startswith("a declares a charge at t: to-hit 6")


def test_vtol_may_not_charge():
    # VEH-PHYS-02: VTOLs cannot make charge attacks.
    with pytest.raises(IllegalOrderError) as info:
        declare(duel(FERRET, MANTICORE, MoveMode.CRUISE, 3), "charge")
    assert info.value.rule == "VEH-PHYS-02"


def test_mech_may_not_charge_a_vehicle():
    # VEH-PHYS-03, AMB-07: literal reading by default: a 'Mech never charges a vehicle.
    with pytest.raises(IllegalOrderError) as info:
        declare(duel(HUNCHBACK, MANTICORE, MoveMode.WALK, 3), "charge")
    assert info.value.rule == "VEH-PHYS-03"


def test_mech_may_charge_a_vehicle_with_the_scenario_option():
    # AMB-07: [options] mech_charges_vehicles = true lifts the literal reading.
    state = duel(HUNCHBACK, MANTICORE, MoveMode.WALK, 3, options={"mech_charges_vehicles": True})
    state, _ = declare(state, "charge")
    assert state.declarations[-1].physical == "charge"


def test_vehicle_charging_a_standing_mech_uses_the_kick_table():
    # VEH-PHYS-04: the Scorpion cruised 4 hexes: ceil(25 / 10 x 4) = 10 as 5, 5 on the kick table
    # (1D6 2 -> RL, 5 -> LL); 5 back to the Scorpion (2D6 7 -> front); the Hunchback's PSR (7) passes
    # with 12; the Scorpion's motive roll 2 has no effect (VEH-PHYS-05).
    state, _, d = attack(duel(SCORPION, HUNCHBACK, MoveMode.CRUISE, 4), "charge", [12, 2, 5, 7, 12, 2])
    assert purposes(d)[1:3] == ["kick location vs t (front)"] * 2
    assert (state.units["t"].armor["RL"], state.units["t"].armor["LL"]) == (15, 15)


def test_vehicle_charging_a_prone_mech_uses_the_normal_table():
    # VEH-PHYS-04: against a prone 'Mech the normal 'Mech hit location table (2D6 7 -> CT, twice);
    # a prone target makes no PSR; the Scorpion's motive roll 2 has no effect.
    state = put(duel(SCORPION, HUNCHBACK, MoveMode.CRUISE, 4), "t", prone=True)
    state, _, d = attack(state, "charge", [12, 7, 7, 7, 2])
    assert purposes(d)[1:3] == ["hit location normal from a vs t (front)"] * 2
    assert state.units["t"].armor["CT"] == 26 - 10


def test_both_vehicles_roll_motive_damage_after_a_charge_that_hits():
    # VEH-PHYS-05, AMB-08: the Scorpion cruised 2 hexes: ceil(25 / 10 x 2) = 5 to the Manticore's front
    # (2D6 7); ceil(60 / 10) = 6 back as 5, 1 (7, 7: the Scorpion's front); then one motive roll each.
    _, _, d = attack(duel(SCORPION, MANTICORE, MoveMode.CRUISE, 2), "charge", [12, 7, 7, 7, 2, 2])
    assert purposes(d)[-2:] == ["motive system damage a", "motive system damage t"]


def test_missed_vehicle_charge_rolls_no_motive_damage():
    # AMB-08: only a charge that hits calls the motive rolls (TN 6, roll 5 misses).
    _, _, d = attack(duel(SCORPION, MANTICORE, MoveMode.CRUISE, 2), "charge", [5])
    assert purposes(d) == ["to-hit charge a vs t"]


# -- refused attacks -------------------------------------------------------------------------------------


def test_club_attack_without_a_club_is_refused():
    # URB-CLUB-01 (issue #5): clubs come from rubble; a 'Mech that carries none cannot club.
    with pytest.raises(IllegalOrderError) as info:
        declare(duel(), "club")
    assert info.value.rule == "URB-CLUB-01"


@pytest.mark.parametrize("kind", ["punch", "kick"])
def test_target_that_is_not_adjacent_is_refused(kind):
    # tables.md 8.7: physical attacks reach only an adjacent hex (the target 2 hexes away in 0507).
    state = physical_game(design(HUNCHBACK, "a", "0505", "S", "red"), design(ATLAS, "t", "0507", "N", "blue"))
    with pytest.raises(IllegalOrderError, match="'t' is not adjacent to 'a'"):
        declare(state, kind)


def test_one_physical_attack_per_unit_per_turn():
    # TW p.144: a unit makes one physical attack a turn; a kick after a punch is refused.
    state, _ = declare(duel(), "punch")
    with pytest.raises(IllegalOrderError, match="'a' already made its physical attack this turn"):
        declare(state, "kick")


# -- bugs ---------------------------------------------------------------------------------------------------


def test_attack_on_a_target_displaced_earlier_in_the_phase_does_not_stop_the_phase():
    # tables.md 8.7: attacks are declared together and resolved in order; a's charge pushes t from 0506
    # to 0507, out of reach of b's punch from 0405. The punch can no longer happen, but the phase must
    # still end (CHARGE_DICE for the charge; the punch rolls nothing).
    state = physical_game(design(HUNCHBACK, "a", "0505", "S", "red"), design(HUNCHBACK, "b", "0405", "SE", "red"),
                          design(ATLAS, "t", "0506", "N", "blue"))
    state = put(put(put(state, "a", mode=MoveMode.WALK, hexes_moved=3), "b", mode=MoveMode.STAND),
                "t", mode=MoveMode.STAND)
    state, _ = declare(state, "charge", "a", "t")
    state, _ = declare(state, "punch", "b", "t")
    state, _, _ = resolve(state, CHARGE_DICE)
    assert state.phase is Phase.HEAT
    assert state.units["t"].armor["CT"] == 47 - 15


def test_death_from_above_on_a_vehicle_uses_the_front_column():
    # VEH-PHYS-07: the Wasp lands on the Scorpion from behind (the tank faces away, S); the location is
    # still rolled on the front column. 6 damage as 5, 1 (2D6 7, 7 -> front); 4 back on the Wasp's kick
    # table (1D6 2 -> RL); the Wasp's PSR (9) passes with 12; the tank makes no PSR.
    state = physical_game(design(WASP, "a", "0505", "S", "red"), design(SCORPION, "t", "0506", "S", "blue"))
    state = put(put(state, "a", mode=MoveMode.JUMP, hexes_moved=3), "t", mode=MoveMode.STAND)
    state, _, d = attack(state, "dfa", [12, 7, 7, 2, 12])
    assert purposes(d)[1:3] == ["hit location punch from a vs t (front)"] * 2
    assert state.units["t"].armor["front"] == 16 - 6


def test_death_from_above_on_a_vtol_needs_jump_mp_of_the_level_difference():
    # VEH-PHYS-10, AMB-10: the Ferret flies at elevation 7 over level 0 (level difference 7); the Wasp
    # has Jump MP 6, so it cannot reach it.
    state = physical_game(design(WASP, "a", "0505", "S", "red"), design(FERRET, "t", "0506", "N", "blue", elevation=7))
    state = put(put(state, "a", mode=MoveMode.JUMP, hexes_moved=3), "t", mode=MoveMode.CRUISE, hexes_moved=5)
    with pytest.raises(IllegalOrderError):
        declare(state, "dfa")


def test_target_pushed_off_the_map_by_a_charge_makes_no_psr():
    # tables.md 8.7, TW p.151: the Atlas on the top row is charged north and pushed off the map; it has
    # left the battle, so only the charger's PSR is rolled (CHARGE_DICE without the target's PSR).
    state = physical_game(design(HUNCHBACK, "a", "0502", "N", "red"), design(ATLAS, "t", "0501", "S", "blue"))
    state = put(put(state, "a", mode=MoveMode.WALK, hexes_moved=3), "t", mode=MoveMode.STAND)
    state, _, d = attack(state, "charge", CHARGE_DICE[:-1])
    assert state.units["t"].hex is None
    assert [p for p in purposes(d) if p.startswith("piloting")] == ["piloting skill roll a (made a charge)"]


def test_a_charge_on_an_asset_has_no_piloting_difference():
    # An asset has no piloting skill, only its card's one skill (btcli's reading, docs/rules-notes.md):
    # piloting 5 + attacker walked +1 + the card's TMM +1 (ASSET-ATK-03) = 7, no difference modifier.
    state = physical_game(design(HUNCHBACK, "a", "0505", "S", "red"),
                          asset("S-1 Light tracked tank", "t", at="0506", facing="N", side="blue"))
    state = put(state, "a", mode=MoveMode.WALK, hexes_moved=3)
    target, mods, _ = physical.check(state, state.unit("a"), state.unit("t"), "charge")
    assert not any(name == "piloting difference" for name, _ in mods)
    assert target == 7, mods


def test_a_charger_that_takes_the_targets_place_on_a_bridge_too_weak_for_it_brings_it_down():
    # URB-BRG-03 with tables.md 8.7: the Atlas (100 t) charges the Locust on the deck of a medium bridge (CF 40)
    # over depth-1 water; the Locust is pushed on to 0507 and the Atlas takes its place on the deck, which cannot
    # carry 100 tons: the bridge hex collapses at once and the Atlas falls into the water (it used to stand on
    # the deck). Dice: to-hit 12, six groups to the Locust (RT, LT, RL, LL, CT, CT) and one back (CT), then the
    # fall: facing 1, two 5-point groups (CT), the MechWarrior's check; the Locust's two PSRs.
    hexes = {"0506": {"terrain": "water", "depth": 1, "road": True, "bridge": {"type": "medium", "cf": 40, "level": 0}},
             "0505": {"terrain": "clear", "road": True}, "0507": {"terrain": "clear", "road": True}}
    state = physical_game(design(ATLAS, "a", "0505", "S", "red"), design(LOCUST, "t", "0506", "N", "blue"), hexes=hexes)
    state = put(put(state, "a", mode=MoveMode.WALK, hexes_moved=3), "t", mode=MoveMode.STAND)
    state, events, _ = attack(state, "charge", [12, 6, 8, 5, 9, 7, 7, 7, 1, 7, 7, 12, 12, 12])
    assert "bridge hex 0506 (medium) collapses: 100 tons on the bridge exceed its CF 40" in events
    assert state.units["a"].hex == HexId.parse("0506") and state.units["a"].mech.prone
    assert state.board.hex(HexId.parse("0506")).bridge is None
