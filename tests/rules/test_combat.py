"""Tests for weapon attacks, the end of the weapon phase, damage PSRs and falls, and the heat
phase (btcli.rules.core.combat), all driven through ``engine.apply``.

States are small scenario dicts (a clear 12 x 24 map, sides 'red' and 'blue');
dice are scripted with ``ManualDice`` in request order: for a weapon attack the
to-hit roll, then the cluster roll (missiles), then one hit location per damage
group; at the end of the weapon phase any critical checks, then the PSRs, fall
rolls and consciousness rolls. Every test checks the script was used up.
"""

from __future__ import annotations

from typing import Any

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing
from btcli.model.orders import ResolvePhaseOrder, WeaponAttackOrder
from btcli.model.state import GameState, Hit, Phase
from btcli.model.units import AmmoBin, MoveMode
from btcli.rules.core import combat, falls
from btcli.render.events import sentences
from tests.builders import changed, design, put, resolve, run, weapon_game

HUNCHBACK = "Hunchback HBK-4G"  # AC/20 RT (0), Medium Laser LA (1), Medium Laser RA (2), Small Laser HD (3)
ATLAS = "Atlas AS7-D"  # AC/20 RT, LRM-20 LT, SRM-6 LT, ML LA, ML RA, 2x ML CT rear; 20 sinks
LOCUST = "Locust LCT-1V"  # 20 t
WASP = "Wasp WSP-1A"  # Medium Laser RA, SRM-2 LL
MANTICORE = "Manticore Heavy Tank"  # PPC, LRM-10, SRM-6 (turret); Medium Laser (front)


def make_state(*units: dict[str, Any], **keys) -> GameState:
    """Returns a game on a clear 12 x 24 map, in the weapon attack phase unless ``phase`` says."""
    return weapon_game(*units, height=24, **keys)


def attack(state: GameState, attacker: str, target: str, *weapons: str, dice: list[int], twist: str = ""):
    return run(state, WeaponAttackOrder(attacker, target, tuple(weapons), twist), dice)


def duel(attacker: str = HUNCHBACK, target: str = ATLAS, distance: int = 3) -> GameState:
    """'a' (red) in 0502 facing S, 't' (blue) ``distance`` hexes south facing N."""
    return make_state(design(attacker, "a", "0502", "S"), design(target, "t", f"05{2 + distance:02d}", "N", "blue"))


# -- declaring and resolving weapon attacks (TW p.99) ------------------------------------------------


def test_hit_waits_in_pending_until_the_phase_ends():
    # TW p.99 simultaneous fire: the hit is rolled now (to-hit 8 vs 4, location 7 -> CT) but the
    # armor changes only when the weapon attack phase ends.
    state, events, _ = attack(duel(), "a", "t", "Medium Laser@LA", dice=[8, 7])
    assert state.pending == (Hit("t", "CT", 5, "front", False, False, False, "Medium Laser@LA from a"),)
    assert state.units["t"].armor["CT"] == 47
    assert events[0] == "a fires Medium Laser@LA at t: needs 4, rolls 8: hit (front side), 5 damage in 1 group(s)"
    state, _, _ = resolve(state)
    assert state.units["t"].armor["CT"] == 42
    assert (state.pending, state.phase) == ((), Phase.PHYSICAL)


def test_miss_makes_no_hit():
    # TW p.99: 2D6 below the target number misses; the weapon still counts as fired.
    state, events, _ = attack(duel(), "a", "t", "Medium Laser@LA", dice=[3])
    assert state.pending == ()
    assert state.units["a"].fired == (1,)
    assert events == ["a fires Medium Laser@LA at t: needs 4, rolls 3: miss"]


def test_unit_destroyed_by_pending_damage_still_fires_this_phase():
    # TW p.99 simultaneous fire: the Locust takes a lethal AC/20 hit to the CT (10 armor + 6 IS) but
    # fires back in the same phase; both hits land when the phase ends.
    state = duel(HUNCHBACK, LOCUST)
    state, _, _ = attack(state, "a", "t", "AC/20", dice=[8, 7])
    state, _, _ = attack(state, "t", "a", "Medium Laser", dice=[8, 7])
    assert len(state.pending) == 2
    state, events, _ = resolve(state, [])  # the CT is gone: no critical roll
    assert state.units["t"].destroyed
    assert state.units["a"].armor["CT"] == 21
    assert "t is destroyed (center torso gone)" in events


def test_destroyed_unit_cannot_fire_in_a_later_phase():
    # TW p.99: once the phase has ended, a destroyed unit makes no attacks.
    state = put(duel(HUNCHBACK, LOCUST), "t", destroyed=True)
    with pytest.raises(IllegalOrderError, match="destroyed"):
        attack(state, "t", "a", "Medium Laser", dice=[])


def test_partial_cover_leg_hits_strike_the_cover():
    # tables.md 6.4: partial cover +1, and hits on the legs strike the cover (location 5 front -> RL).
    state = duel()
    state = changed(state, board=state.board.with_hex(state.units["t"].hex.neighbor(Facing.N),
                                                      evolve(state.board.default, level=1)))
    state, events, d = attack(state, "a", "t", "Medium Laser@LA", dice=[8, 5])
    assert d.rolls[0].target == 5
    assert state.pending == ()
    assert "  5 to RL strikes the partial cover instead" in events


# -- cluster weapons (tables.md 7) ---------------------------------------------------------------------


def test_srm6_cluster_roll_7_hits_with_4_missiles_in_groups_of_2():
    # tables.md 7: size 6, roll 7 -> 4 missiles; SRMs roll a location per missile (2 damage each).
    state, events, d = attack(duel(ATLAS, HUNCHBACK, 2), "a", "t", "SRM-6", dice=[10, 7, 7, 8, 6, 7])
    assert [h.damage for h in state.pending] == [2, 2, 2, 2]
    assert [h.location for h in state.pending] == ["CT", "LT", "RT", "CT"]
    assert d.rolls[1].purpose == "cluster hits SRM-6@LT vs t (6 missiles)"
    assert "8 damage in 4 group(s)" in events[0]


def test_lrm10_cluster_roll_8_hits_with_6_missiles_in_groups_5_and_1():
    # tables.md 7: size 10, roll 8 -> 6 missiles; LRM damage in 5-point groups -> 5 and 1.
    state, _, _ = attack(duel(MANTICORE, ATLAS, 7), "a", "t", "LRM-10", dice=[10, 8, 7, 7])
    assert [h.damage for h in state.pending] == [5, 1]


def test_cluster_weapon_miss_rolls_no_cluster():
    # tables.md 7: the cluster roll is made only for a hit.
    state, _, d = attack(duel(MANTICORE, ATLAS, 7), "a", "t", "LRM-10", dice=[3])
    assert (state.pending, len(d.rolls)) == ((), 1)


# -- ammunition and firing once ---------------------------------------------------------------------------


def test_each_shot_uses_one_round_of_ammunition():
    # TW: every shot of an ammunition weapon uses one round, hit or miss (LRM-10 12 -> 11, SRM-6 15 -> 14).
    state, _, _ = attack(duel(MANTICORE, ATLAS, 5), "a", "t", "LRM-10", "SRM-6", dice=[3, 3])
    assert [(a.weapon, a.shots) for a in state.units["a"].ammo] == [("LRM-10", 11), ("SRM-6", 14)]


def test_energy_weapon_uses_no_ammunition():
    # tables.md 12: energy weapons carry no ammunition.
    state, _, _ = attack(duel(MANTICORE, ATLAS, 5), "a", "t", "Medium Laser", dice=[3])
    assert [a.shots for a in state.units["a"].ammo] == [12, 15]


def test_weapon_without_ammunition_is_refused():
    # TW: a weapon whose ammunition is used up cannot fire.
    state = put(duel(MANTICORE, ATLAS, 7), "a", ammo=(AmmoBin("LRM-10", "body", 0), AmmoBin("SRM-6", "body", 15)))
    with pytest.raises(IllegalOrderError, match="a has 0 LRM-10 shot\\(s\\) left"):
        attack(state, "a", "t", "LRM-10", dice=[10, 8, 7, 7])


def test_weapon_cannot_fire_twice_in_a_turn():
    # TW p.99: each weapon fires at most once per turn.
    state, _, _ = attack(duel(), "a", "t", "Medium Laser@LA", dice=[3])
    with pytest.raises(IllegalOrderError, match="'a' has no unfired weapon 'Medium Laser@LA'"):
        attack(state, "a", "t", "Medium Laser@LA", dice=[8, 7])


def test_weapon_name_without_location_picks_an_unfired_mount():
    # TW p.99: the second 'Medium Laser' order fires the other, unfired Medium Laser (RA).
    state, _, _ = attack(duel(), "a", "t", "Medium Laser", dice=[3])
    state, _, _ = attack(state, "a", "t", "Medium Laser", dice=[3])
    assert state.units["a"].fired == (1, 2)


# -- multiple targets (tables.md 6.5, VEH-ATK-01) ------------------------------------------------------


def multi_target_state() -> GameState:
    """'a' Hunchback in 0505 facing S; 'p' straight ahead in 0507; 'f' in the front arc at 0607;
    'w' due west at 90 degrees to the right of the facing (right arm arc only)."""
    return make_state(
        design(HUNCHBACK, "a", "0505", "S"),
        design(LOCUST, "p", "0507", "N", "blue"),
        design(LOCUST, "f", "0607", "N", "blue"),
        design(LOCUST, "w", "0305", "N", "blue"),
    )


@pytest.mark.parametrize("second, weapon, extra, name", [
    ("f", "Medium Laser@LA", 1, "secondary target, front arc"),
    ("w", "Medium Laser@RA", 2, "secondary target"),
])
def test_secondary_target_modifier(second, weapon, extra, name):
    # tables.md 6.5, VEH-ATK-01: the first target declared is the primary; a secondary target takes
    # +1 in the front arc, +2 in any other arc.
    state, _, _ = attack(multi_target_state(), "a", "p", "Small Laser", dice=[3])
    state, _, d = attack(state, "a", second, weapon, dice=[3])
    assert (name, extra) in d.rolls[0].modifiers
    assert d.rolls[0].target == 4 + extra  # gunnery 4, short range, the secondary modifier
    assert [decl.primary for decl in state.declarations] == [True, False]


def test_more_weapons_at_the_primary_target_take_no_secondary_modifier():
    # tables.md 6.5: further attacks at the primary target are not secondary.
    state, _, _ = attack(multi_target_state(), "a", "p", "Small Laser", dice=[3])
    state, _, d = attack(state, "a", "p", "Medium Laser@LA", dice=[3])
    assert d.rolls[0].target == 4


# -- refused attacks -----------------------------------------------------------------------------------


def test_target_outside_the_arc_is_refused():
    # VEH-ATK-03: the Manticore's front-mounted Medium Laser cannot fire at a target behind it.
    state = make_state(design(MANTICORE, "a", "0505", "N"), design(ATLAS, "t", "0508", "N", "blue"))
    with pytest.raises(IllegalOrderError, match="outside the front arc of Medium Laser@front") as info:
        attack(state, "a", "t", "Medium Laser", dice=[])
    assert info.value.rule == "VEH-ATK-03"


def test_target_out_of_range_is_refused():
    # tables.md 6.1: 10 hexes is beyond a Medium Laser's long range 9.
    with pytest.raises(IllegalOrderError, match="beyond Medium Laser's long range 9"):
        attack(duel(distance=10), "a", "t", "Medium Laser@LA", dice=[])


def test_target_number_above_12_cannot_hit_and_rolls_nothing():
    # 2D6 cannot exceed 12 (docs/rules-notes.md): the weapon is held, not fired: no roll, no heat,
    # and it may still fire at another target this phase.
    state = put(duel(distance=9), "t", mode=MoveMode.RUN, hexes_moved=25)  # 4 + 4 long + 6 = 14
    state, events, d = attack(state, "a", "t", "Medium Laser@LA", dice=[])
    assert d.rolls == []
    assert "cannot be made" in events[0]
    assert state.units["a"].fired == ()


def test_leg_mounted_weapon_ignores_torso_twist():
    # TW torso twist: only torso and arm weapons turn; the Wasp's leg SRM-2 keeps the legs' front arc.
    # 0403 lies 30 degrees left of a north facing: outside the arc of a torso twisted right.
    state = make_state(design(WASP, "a", "0505", "N"), design(LOCUST, "t", "0403", "N", "blue"))
    state, _, d = attack(state, "a", "t", "SRM-2", dice=[3], twist="right")
    assert d.rolls[0].target == 4


def test_dry_run_refuses_a_weapon_without_ammunition():
    # TW: a weapon whose ammunition is used up cannot fire, and the preview must agree with the attack.
    state = put(duel(MANTICORE, ATLAS, 7), "a", ammo=(AmmoBin("LRM-10", "body", 0), AmmoBin("SRM-6", "body", 15)))
    lines = combat.preview(state, "a", "t", ("LRM-10",), "")  # listed with the reason (issue #15)
    assert len(lines) == 1 and "cannot fire" in lines[0] and "0 LRM-10 shot(s) left" in lines[0]
    with pytest.raises(IllegalOrderError, match="0 LRM-10 shot\\(s\\) left"):
        combat.plan_weapon_attack(state, "a", "t", ("LRM-10",), "")  # and the attack refuses it


# -- the end of the weapon phase: PSRs and falls (tables.md 8.3, 8.6) ---------------------------------------


def test_20_damage_in_a_phase_forces_a_psr_and_failure_falls():
    # tables.md 8.6: 20+ damage in one phase -> PSR at piloting 5 + 1. Failing (5) makes the Atlas fall:
    # tables.md 8.3 d6 2 -> one hexside clockwise, right side; ceil(100 / 10) = 10 damage in two 5-point
    # groups (locations 7, 7 -> RT); MechWarrior check 6 vs 5 passes.
    state, _, _ = attack(duel(HUNCHBACK, ATLAS), "a", "t", "AC/20", dice=[8, 7])
    state, events, d = resolve(state, [5, 2, 7, 7, 6])
    atlas = state.units["t"]
    assert (atlas.mech.prone, atlas.facing) == (True, Facing.NE)
    assert (atlas.armor["CT"], atlas.armor["RT"]) == (27, 22)
    assert atlas.pilot_hits == 0
    psr = d.rolls[0]
    assert (psr.purpose, psr.target) == ("piloting skill roll t (took 20+ damage)", 6)
    assert "t falls: now facing NE, 10 damage on the right side" in events


def test_passing_the_damage_psr_keeps_the_mech_standing():
    # tables.md 8.6: PSR 6 vs 6 succeeds.
    state, _, _ = attack(duel(HUNCHBACK, ATLAS), "a", "t", "AC/20", dice=[8, 7])
    state, _, _ = resolve(state, [6])
    assert not state.units["t"].mech.prone


def test_19_damage_forces_no_psr():
    # tables.md 8.6: fewer than 20 points in the phase: no PSR.
    state, _, _ = attack(duel(HUNCHBACK, ATLAS), "a", "t", "AC/20", dice=[8, 7])
    state = evolve(state, pending=(evolve(state.pending[0], damage=19),))
    state, _, d = resolve(state)
    assert d.rolls == []


@pytest.mark.parametrize(
    "d6, facing, side",
    [(1, Facing.N, "front"), (2, Facing.NE, "right"), (3, Facing.SE, "right"), (4, Facing.S, "rear"),
     (5, Facing.SW, "left"), (6, Facing.NW, "left")],
)
def test_facing_after_a_fall(d6, facing, side):
    # tables.md 8.3: new facing and the hit table column by 1D6 (a Hunchback: 5 damage, one group).
    unit = make_state(design(HUNCHBACK, "t", "0505", "N")).units["t"]
    events: list[str] = []
    d = ManualDice([d6, 7, 12])
    fallen = falls.fall(unit, d, events, levels=0, into_water=False)
    d.finish()
    assert (fallen.mech.prone, fallen.facing) == (True, facing)
    assert f"t falls: now facing {facing.name}, 5 damage on the {side} side" in sentences(events)


@pytest.mark.parametrize("name, groups", [(LOCUST, [2]), (HUNCHBACK, [5]), (ATLAS, [5, 5])])
def test_falling_damage_is_a_tenth_of_tonnage_in_5_point_groups(name, groups):
    # tables.md 8.3: ceil(tons / 10) x (levels + 1), 5-point groups, each its own location roll.
    unit = make_state(design(name, "t", "0505", "N")).units["t"]
    events: list[str] = []
    d = ManualDice([1, *[7] * len(groups), 12])
    falls.fall(unit, d, events, levels=0, into_water=False)
    d.finish()
    assert [e for e in sentences(events) if e.endswith("(fall)")] == [f"t takes {g} in CT (fall)" for g in groups]


def test_fall_on_the_back_strikes_rear_armor():
    # tables.md 8.3, 8.1: a fall with 4 (reversed) uses the rear column and the rear torso armor.
    unit = make_state(design(HUNCHBACK, "t", "0505", "N")).units["t"]
    fallen = falls.fall(unit, ManualDice([4, 7, 12]), [], levels=0, into_water=False)
    assert (fallen.armor["CTR"], fallen.armor["CT"]) == (0, 26)


def test_failed_fall_check_wounds_the_mechwarrior():
    # tables.md 8.3: the MechWarrior takes 1 damage unless the PSR succeeds (2 vs piloting 5 fails).
    unit = make_state(design(HUNCHBACK, "t", "0505", "N")).units["t"]
    fallen = falls.fall(unit, ManualDice([1, 7, 2]), [], levels=0, into_water=False)
    assert fallen.pilot_hits == 1


def test_head_hit_calls_a_consciousness_roll_at_the_end_of_the_phase():
    # tables.md 15 / 6.5 (UNVERIFIED): 1 pilot hit -> stay conscious on 3+; a 2 knocks him out.
    state, _, _ = attack(duel(HUNCHBACK, ATLAS), "a", "t", "Medium Laser@LA", dice=[8, 12])
    state, events, d = resolve(state, [2])
    assert d.rolls[0].target == 3
    assert not state.units["t"].conscious
    assert "t's MechWarrior is knocked unconscious" in events


# -- the heat phase (tables.md 15, VEH-HEAT-01) ------------------------------------------------------------


def heat_state(name: str = HUNCHBACK, **changes) -> GameState:
    state = make_state(design(name, "m", "0505", "N"), design(LOCUST, "x", "0520", "N", "blue"), phase=Phase.HEAT)
    return put(state, "m", **changes)


def test_heat_is_movement_plus_weapons_minus_sinks():
    # tables.md 15: walked +1, AC/20 7 + 2 Medium Lasers 3 + 3 = 14, minus 13 sinks -> 1.
    state = heat_state(mode=MoveMode.WALK, hexes_moved=3, fired=(0, 1, 2))
    state, events, d = resolve(state)
    assert state.units["m"].mech.heat == 1
    assert "m heat 0 -> 1 (+1 movement, +13 weapons, -13 sinks)" in events
    assert d.rolls == []


@pytest.mark.parametrize("mode, hexes, heat", [(MoveMode.STAND, 0, 0), (MoveMode.WALK, 4, 1), (MoveMode.RUN, 6, 2),
                                               (MoveMode.JUMP, 2, 3), (MoveMode.JUMP, 6, 6)])
def test_movement_heat(mode, hexes, heat):
    # tables.md 15: walk +1, run +2, jump 1 per hex (minimum 3). Wasp with 10 sinks, starting at 10.
    state, _, _ = resolve(heat_state(WASP, heat=10, mode=mode, hexes_moved=hexes))
    assert state.units["m"].mech.heat == heat


def test_heat_never_drops_below_zero():
    # tables.md 15: sinks cannot take heat below 0.
    state, _, _ = resolve(heat_state(heat=5))
    assert state.units["m"].mech.heat == 0


def test_engine_hit_adds_five_heat_every_turn():
    # tables.md 15: each engine critical +5 per turn (20 + 5 - 13 = 12; no shutdown roll below 14).
    state, events, _ = resolve(heat_state(heat=20, crits=("CT:0",)))
    assert state.units["m"].mech.heat == 12
    assert "m heat 20 -> 12 (+0 movement, +0 weapons, +5 engine, -13 sinks)" in events


def test_destroyed_heat_sinks_do_not_dissipate():
    # tables.md 15: only working heat sinks dissipate (a Hunchback LT sink slot destroyed: 12 sinks).
    state, _, _ = resolve(heat_state(heat=20, crits=("LT:2",)))
    assert state.units["m"].mech.heat == 8


@pytest.mark.parametrize("heat, shutdown_tn, ammo_tn", [(14, 4, None), (17, 4, None), (18, 6, None), (21, 6, 4),
                                                        (22, 8, 4), (23, 8, 6), (25, 8, 6), (26, 10, 6), (29, 10, 8)])
def test_shutdown_roll_from_14_heat(heat, shutdown_tn, ammo_tn):
    # tables.md 15 (UNVERIFIED): avoid shutdown on 4+ at 14, 6+ at 18, 8+ at 22, 10+ at 26; failing
    # shuts the 'Mech down. From 19 the ammunition roll follows (4+ at 19, 6+ at 23, 8+ at 28; passed
    # here with a 12).
    state = heat_state(heat=heat + 13)
    dice = [shutdown_tn - 1, 12] + ([12] if ammo_tn else [])  # the 12 passes the shutdown PSR (piloting 5 +3)
    state, _, d = resolve(state, dice)
    assert state.units["m"].mech.shutdown
    assert [r.target for r in d.rolls] == [shutdown_tn, 8] + ([ammo_tn] if ammo_tn else [])


def test_shutting_down_forces_a_psr():
    # tables.md 15: a shut-down 'Mech must make a PSR or fall; tables.md 8.6: +3 for shutting down
    # (piloting 5 + 3 = 8). Heat 14: the shutdown roll 3 fails, then the PSR is rolled.
    d = ManualDice([3, 12])
    state, _ = engine.apply(heat_state(heat=27), ResolvePhaseOrder(), d)
    assert state.units["m"].mech.shutdown
    assert [r.target for r in d.rolls] == [4, 8]


def test_making_the_shutdown_roll_keeps_the_mech_running():
    # tables.md 15: 4 vs 4 at heat 14 avoids shutdown.
    state, _, _ = resolve(heat_state(heat=27), [4])
    assert not state.units["m"].mech.shutdown


def test_heat_13_needs_no_shutdown_roll():
    # tables.md 15: no shutdown roll below 14.
    state, _, d = resolve(heat_state(heat=26))
    assert (state.units["m"].mech.heat, state.units["m"].mech.shutdown, d.rolls) == (13, False, [])


def test_heat_30_shuts_down_automatically():
    # tables.md 15: at 30+ the 'Mech shuts down without a roll (the ammunition roll, 8+ at 28, remains).
    state, events, d = resolve(heat_state(heat=43), [12, 12])
    assert state.units["m"].mech.shutdown
    assert "m shuts down automatically (heat 30)" in events
    assert [r.purpose for r in d.rolls] == [
        "piloting skill roll m (shutdown)",  # tables.md 8.6: +3, passed with 12
        "heat ammunition explosion avoidance m (heat 30)",
    ]


def test_shut_down_mech_restarts_below_14():
    # tables.md 15: a shut-down 'Mech whose heat falls below 14 starts up again (20 - 13 = 7).
    state, events, d = resolve(heat_state(heat=20, shutdown=True))
    assert not state.units["m"].mech.shutdown
    assert "m restarts (heat 7)" in events
    assert d.rolls == []


def test_failed_heat_ammunition_roll_explodes_the_most_damaging_bin():
    # tables.md 15: at 19+ avoid an ammunition explosion on 4+; failing it explodes ammunition. The
    # Atlas' most damaging bin is the SRM-6 (15 shots x 12 = 180) rather than LRM-20 (6 x 20) or AC/20
    # (5 x 20). 39 - 20 sinks = 19: shutdown avoided with 12, ammunition roll 3 fails.
    state, events, _ = resolve(heat_state(ATLAS, heat=39), [12, 3])
    assert "m: SRM-6 ammunition explodes in LT: 15 shots x 12 = 180 damage" in events
    assert state.units["m"].destroyed


def test_vehicles_gain_no_heat():
    # VEH-HEAT-01 test: a tank flanks and fires everything -> heat 0, no heat effects or rolls.
    state = make_state(design(MANTICORE, "v", "0505", "N"), design(LOCUST, "x", "0520", "N", "blue"),
                       phase=Phase.HEAT)
    state = put(state, "v", mode=MoveMode.FLANK, hexes_moved=6, fired=(0, 1, 2, 3))
    state, events, d = resolve(state)
    assert state.units["v"].built.heat == 0
    assert not any(e.startswith("v ") for e in events)
    assert d.rolls == []
