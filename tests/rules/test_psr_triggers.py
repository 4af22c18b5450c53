"""Tests for what a phase's damage forces at its end: piloting skill rolls, automatic falls and
consciousness rolls (btcli.rules.core.phase_end.after_damage; tables.md 8.6, 8.3, 15).

The 'Mech 't' is a Hunchback (50 t, piloting 5) in 0505 facing N; 'a' a red Locust far away.
Damage reaches the end of the weapon phase as pending hits (``engine`` resolve-phase), or
``phase_end.after_damage`` is called directly with the units as the phase began (``before``) and
the damage already applied. Standard slots: center torso engine 0-2, gyro 3-6; legs hip 0,
upper leg 1, lower leg 2, foot 3. Dice are scripted with ``ManualDice`` in request order; a
fall rolls the 1D6 facing, one 2D6 location (5 damage, one group) and the MechWarrior's check.
"""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.model.frozen import evolve
from btcli.model.orders import ResolvePhaseOrder
from btcli.model.state import GameState, Hit, Phase
from btcli.rules.core import phase_end
from btcli.render.events import sentences
from tests.builders import changed, design, weapon_game

HUNCHBACK = "Hunchback HBK-4G"
LOCUST = "Locust LCT-1V"
FALL = [1, 7, 12]  # 1D6 1: facing unchanged, front; 2D6 7: 5 damage to CT; pilot check 12 passes


def make_state() -> GameState:
    return weapon_game(design(HUNCHBACK, "t", "0505", side="blue"), design(LOCUST, "a", "0510"))


def hit(location: str, amount: int) -> Hit:
    return Hit("t", location, amount, "front", False, False, False, "test")


def end_weapon_phase(*hits: Hit, dice: list[int] = ()) -> tuple[GameState, list[str], ManualDice]:
    """Resolves the weapon phase with ``hits`` pending; checks every scripted value was used."""
    d = ManualDice(list(dice))
    state, events = engine.apply(evolve(make_state(), pending=hits), ResolvePhaseOrder(), d)
    d.finish()
    return state, sentences(events), d


def after(before: GameState | None = None, dice: list[int] = (), **changes) -> tuple[GameState, list[str], ManualDice]:
    """Runs ``after_damage`` on 't' changed by ``changes`` since ``before`` (the phase's start)."""
    before = before or make_state()
    state = before.with_unit(changed(before.units["t"], **changes))
    d = ManualDice(list(dice))
    state, events = phase_end.after_damage(state, d, dict(before.units))
    d.finish()
    return state, sentences(events), d


def with_t(**changes) -> GameState:
    state = make_state()
    return state.with_unit(changed(state.units["t"], **changes))


def psrs(d: ManualDice) -> list[tuple[str, int]]:
    return [(r.purpose, r.target) for r in d.rolls if r.purpose.startswith("piloting skill roll")]


def lost_left_leg() -> dict:
    t = make_state().units["t"]
    return {"armor": {**t.armor, "LL": 0}, "internal": {**t.internal, "LL": 0}}


# -- 20 or more damage in a phase (tables.md 8.6) ---------------------------------------------------------------


def test_20_damage_in_a_phase_forces_a_psr_at_plus_1():
    # tables.md 8.6: two 10-point hits in one phase add up to 20: PSR at piloting 5 + 1 = 6.
    state, _, d = end_weapon_phase(hit("CT", 10), hit("LT", 10), dice=[6])
    assert psrs(d) == [("piloting skill roll t (took 20+ damage)", 6)]
    assert not state.units["t"].mech.prone


def test_40_damage_in_a_phase_still_forces_one_psr():
    # tables.md 8.6: the 20-damage PSR is one roll per phase, however much more damage there is.
    _, _, d = end_weapon_phase(hit("CT", 10), hit("LT", 10), hit("RT", 10), hit("LA", 10), dice=[6])
    assert len(psrs(d)) == 1


def test_failed_20_damage_psr_is_a_fall():
    # tables.md 8.6, 8.3: 5 vs 6 fails and the 'Mech falls.
    state, _, _ = end_weapon_phase(hit("CT", 10), hit("LT", 10), dice=[5, *FALL])
    assert state.units["t"].mech.prone


def test_damage_counter_starts_again_each_phase():
    # tables.md 8.6: "in one phase": the counter is cleared when the phase ends.
    state, _, _ = end_weapon_phase(hit("CT", 19))
    assert state.units["t"].damage_phase == 0


# -- critical hits this phase (tables.md 8.6) -------------------------------------------------------------------


def test_gyro_hit_this_phase_forces_a_psr_with_the_gyro_modifier():
    # tables.md 8.6: a gyro hit calls a PSR; its +3 is now a pre-existing modifier: 5 + 3 = 8.
    state, _, d = after(crits=("CT:3",), dice=[8])
    assert psrs(d) == [("piloting skill roll t (gyro hit)", 8)]
    assert ("gyro hit", 3) in d.rolls[0].modifiers
    assert not state.units["t"].mech.prone


def test_gyro_hit_from_a_critical_roll_forces_a_psr():
    # tables.md 8.4, 8.6: 30 to the CT (26 armor, 4 internal): critical check 8 -> one critical, slot
    # rolls 1 (first half), 4 -> slot 3, the gyro. PSRs: 30 damage (5 + 1 + 3 = 9), then the gyro (8).
    state, _, d = end_weapon_phase(hit("CT", 30), dice=[8, 1, 4, 9, 8])
    assert psrs(d) == [("piloting skill roll t (took 20+ damage)", 9), ("piloting skill roll t (gyro hit)", 8)]
    assert state.units["t"].count_hits("gyro") == 1


@pytest.mark.parametrize("slot, reason, target", [
    ("LL:0", "hip actuator hit", 7),
    ("LL:1", "leg actuator hit", 6),
    ("RL:2", "leg actuator hit", 6),
    ("RL:3", "foot actuator hit", 6),
])
def test_leg_actuator_or_hip_hit_this_phase_forces_a_psr(slot, reason, target):
    # tables.md 8.6: a leg/foot actuator (+1) or hip (+2) destroyed calls a PSR with its modifier.
    state, _, d = after(crits=(slot,), dice=[target])
    assert psrs(d) == [(f"piloting skill roll t ({reason})", target)]
    assert not state.units["t"].mech.prone


def test_each_leg_critical_this_phase_forces_its_own_psr():
    # tables.md 8.6: two actuators destroyed this phase: two PSRs, each with both +1s (5 + 2 = 7).
    _, _, d = after(crits=("LL:1", "RL:1"), dice=[7, 7])
    assert [target for _, target in psrs(d)] == [7, 7]


def test_leg_critical_from_an_earlier_phase_forces_no_new_psr():
    # tables.md 8.6: the actuator was lost before this phase; it is only a pre-existing modifier now.
    state, _, d = after(with_t(crits=("LL:1",)), crits=("LL:1",))
    assert d.rolls == []
    assert not state.units["t"].mech.prone


# -- automatic falls (tables.md 8.6) ------------------------------------------------------------------------


def test_second_gyro_hit_destroys_the_gyro_and_the_mech_falls_without_a_roll():
    # tables.md 8.6: gyro destroyed (the second hit) -> automatic fall; no PSR is rolled.
    state, events, d = after(with_t(crits=("CT:3",)), crits=("CT:3", "CT:4"), dice=FALL)
    assert state.units["t"].mech.prone
    assert psrs(d) == []
    assert "t falls automatically (gyro destroyed)" in events


def test_leg_destroyed_this_phase_is_an_automatic_fall():
    # tables.md 8.6: leg destroyed -> automatic fall; no PSR is rolled.
    state, events, d = after(dice=FALL, **lost_left_leg())
    assert state.units["t"].mech.prone
    assert psrs(d) == []
    assert "t falls automatically (leg destroyed)" in events


def test_leg_lost_in_an_earlier_phase_forces_no_fall():
    # tables.md 8.6: the leg was gone before this phase began: no automatic fall, nothing rolled.
    state, _, d = after(with_t(**lost_left_leg()), **lost_left_leg())
    assert d.rolls == []
    assert not state.units["t"].mech.prone


def test_leg_lost_in_an_earlier_phase_adds_5_to_later_psrs():
    # tables.md 8.6: pre-existing leg destroyed +5: the 20-damage PSR is 5 + 1 + 5 = 11; 11 passes.
    state, _, d = after(with_t(**lost_left_leg()), dice=[11], damage_phase=20, **lost_left_leg())
    assert psrs(d) == [("piloting skill roll t (took 20+ damage)", 11)]
    assert ("leg destroyed", 5) in d.rolls[0].modifiers
    assert not state.units["t"].mech.prone


def test_a_psr_whose_target_number_is_above_12_fails_without_a_roll():
    # PSR-AUTO-02 (TW; MegaMek @f0b2b01 "automatic failure"): piloting 7 + 1 (20+ damage) + 5 (a leg lost earlier)
    # = 13, which no 2D6 reaches: the 'Mech falls and no dice are rolled for the PSR (only the fall's).
    state, events, d = after(with_t(piloting=7, **lost_left_leg()), dice=FALL, damage_phase=20, piloting=7,
                             **lost_left_leg())
    assert psrs(d) == []
    assert [r.purpose for r in d.rolls] == ["facing after a fall t", "hit location fall vs t (front)",
                                            "MechWarrior fall check t"]
    assert "t fails its PSR (took 20+ damage: TN 13: automatic failure) and falls" in events
    assert state.units["t"].mech.prone


def test_a_psr_whose_target_number_is_12_is_still_rolled():
    # PSR-AUTO-02: 12 is reachable (a 12 makes it): piloting 6 + 1 + 5 = 12, rolled, and a 12 passes.
    state, _, d = after(with_t(piloting=6, **lost_left_leg()), dice=[12], damage_phase=20, piloting=6,
                        **lost_left_leg())
    assert psrs(d) == [("piloting skill roll t (took 20+ damage)", 12)]
    assert not state.units["t"].mech.prone

@pytest.mark.parametrize("changes", [{"shutdown": True}, {"conscious": False}], ids=["shut down", "unconscious"])
def test_shut_down_or_unconscious_mech_that_needs_a_psr_falls_without_a_roll(changes):
    # tables.md 8.6, 15: nobody can keep a shut-down 'Mech, or one with an unconscious warrior, upright.
    state, events, d = after(with_t(**changes), dice=FALL, damage_phase=20, **changes)
    assert state.units["t"].mech.prone
    assert psrs(d) == []
    assert any(e.startswith("t cannot keep its footing (took 20+ damage") for e in events)


def test_shut_down_mech_needing_no_psr_does_not_fall():
    # tables.md 8.6: without an event that calls for a PSR, a shut-down 'Mech stays up.
    state, _, d = after(with_t(shutdown=True), damage_phase=19, shutdown=True)
    assert (d.rolls, state.units["t"].mech.prone) == ([], False)


# -- consciousness (tables.md 15) -------------------------------------------------------------------------------


@pytest.mark.parametrize("hits, target", [(1, 3), (2, 5), (3, 7), (4, 10), (5, 11)])
def test_consciousness_roll_after_a_mechwarrior_hit(hits, target):
    # tables.md 15 (UNVERIFIED table): the roll to stay conscious by the hits taken; making it keeps
    # the warrior awake.
    state, _, d = after(with_t(pilot_hits=hits - 1), dice=[target], pilot_hits=hits)
    assert [(r.purpose, r.target) for r in d.rolls] == [(f"consciousness t ({hits} hits)", target)]
    assert state.units["t"].conscious


@pytest.mark.parametrize("hits, target", [(1, 3), (2, 5), (3, 7), (4, 10), (5, 11)])
def test_failed_consciousness_roll_knocks_the_mechwarrior_out(hits, target):
    # tables.md 15: rolling below the target number: the warrior is unconscious.
    state, events, _ = after(with_t(pilot_hits=hits - 1), dice=[target - 1], pilot_hits=hits)
    assert not state.units["t"].conscious
    assert "t's MechWarrior is knocked unconscious" in events


def test_no_consciousness_roll_without_a_new_hit():
    # tables.md 15: the roll follows a hit taken this phase; old wounds call no roll.
    _, _, d = after(with_t(pilot_hits=2), pilot_hits=2)
    assert d.rolls == []


def test_head_hit_through_the_phase_calls_the_consciousness_roll():
    # tables.md 8.1, 15: a head hit wounds the warrior once (damage.HEAD_HIT_PILOT_DAMAGE); TN 3, 3 passes.
    state, _, d = end_weapon_phase(hit("HD", 5), dice=[3])
    assert [(r.purpose, r.target) for r in d.rolls] == [("consciousness t (1 hits)", 3)]
    assert (state.units["t"].pilot_hits, state.units["t"].conscious) == (1, True)


def test_consciousness_is_rolled_for_each_hit_taken_in_the_phase():
    # tables.md 15: "consciousness roll after each pilot hit": two hits in one phase (e.g. an ammunition
    # explosion) roll for the first hit (TN 3) and then the second (TN 5); both made.
    before = make_state()
    d = ManualDice([3, 5])
    state, _ = phase_end.after_damage(before.with_unit(changed(before.units["t"], pilot_hits=2)), d, dict(before.units))
    assert [r.target for r in d.rolls] == [3, 5]
    assert state.units["t"].conscious


def test_damage_of_an_earlier_phase_does_not_count_toward_the_20():
    # tables.md 8.6: 20+ damage "in one phase". The Hunchback shuts down in the heat phase (heat 27 - 13
    # = 14: shutdown roll 3 fails), fails its PSR (2 vs 8) and falls for 5 damage (1D6 1, 2D6 7, pilot
    # check 12). Next turn it is up and running again and takes 15 in the weapon phase: no PSR.
    state = make_state()
    state = evolve(state.with_unit(changed(state.units["t"], heat=27)), phase=Phase.HEAT)
    d = ManualDice([3, 2, *FALL])
    state, _ = engine.apply(state, ResolvePhaseOrder(), d)
    d.finish()
    assert state.units["t"].mech.prone
    state = evolve(state.with_unit(changed(state.units["t"], prone=False, shutdown=False, heat=0)),
                    phase=Phase.WEAPON, turn=2, pending=(hit("CT", 15),))
    d = ManualDice([])
    state, _ = engine.apply(state, ResolvePhaseOrder(), d)
    assert psrs(d) == []
