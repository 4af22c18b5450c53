"""Tests for air-to-air attacks (issue #14, btcli.rules.aero.attacks, aero_arcs, aero_weapons), through the engine
with fixed dice: firing arcs (AERO-MOVE-11, AERO-MNV-09), aerospace ranges, the to-hit modifiers (AERO-MOVE-05,
AERO-MNV-02..06, tables.md 9.1, 9.4), hits by tables.md 9.1 at the phase's end with their criticals and control
rolls, fighter heat, and the attacks that stay refused.

The default maps: a 20 x 20 space map with the planet to the west (columns 07 and beyond are space) and the
low-altitude map "low". Units on the space map attack in space turns (6, 12, ...; AMB-55), so most tests play
turn 6. The Corsair (tables.md 13.3): gunnery 4, safe thrust 6, 16 heat sinks, armor nose 73 / wings 50 / aft 43
(damage thresholds 8, 5, 5), 2 Large Lasers and 2 Small Lasers in the nose, a Medium Laser in each wing, 2 Small
Lasers aft.
"""

from __future__ import annotations

import pytest

from btcli.errors import IllegalOrderError, InputError
from btcli.model.aero import FiringArc, Shape
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.model.orders import PhysicalAttackOrder, WeaponAttackOrder
from btcli.model.state import GameState, Phase
from btcli.rules.aero import arcs as aero_arcs, attacks as aero_attacks, weapons as aero_weapons
from tests.builders import CORSAIR, NL42, aero_game, fire, flier, resolve, run

H = HexId.parse
UNION = "Union (2708)"
LUCIFER = "Lucifer LCF-R15"
DEEP = {"space": {"kind": "space", "width": 30, "height": 30}}  # no planet: all space


def duel(*units: dict, turn: int = 6, **keys) -> GameState:
    """Returns a game in the weapon attack phase of ``turn`` holding ``units``."""
    return aero_game(*units, phase=Phase.WEAPON, turn=turn, **keys)


def flying(state: GameState, uid: str, **changes) -> GameState:
    """Returns ``state`` with unit ``uid``'s flight record (``AeroFlight``) changed."""
    unit = state.units[uid]
    return state.with_unit(evolve(unit, aero=evolve(unit.aero, **changes)))


def shots(state: GameState, attacker: str, target: str, *weapons: str) -> tuple[aero_attacks.Shot, ...]:
    return aero_attacks.plan(state, WeaponAttackOrder(attacker, target, weapons)).shots


def mods(shot: aero_attacks.Shot) -> dict[str, int]:
    return dict(shot.to_hit.modifiers)


def refused(state: GameState, attacker: str, target: str, *weapons: str) -> IllegalOrderError:
    with pytest.raises(IllegalOrderError) as caught:
        run(state, WeaponAttackOrder(attacker, target, weapons), [])
    return caught.value


def nose_on(**keys) -> GameState:
    """a (red) at 1010 facing N; b (blue) 4 hexes ahead at 1006 facing S, velocity 2: b's nose faces a."""
    return duel(flier(uid="a", at="1010", facing="N", velocity=2),
                flier(uid="b", at="1006", facing="S", velocity=2, side="blue"), **keys)


# -- firing arcs (AERO-MOVE-11, AERO-MNV-09) ---------------------------------------------------------------------

def _walk(*steps: str) -> HexId:
    here = H("1010")
    for step in steps:
        here = here.neighbor(Facing[step])
    return here


@pytest.mark.parametrize("steps, aerodyne, spheroid", [
    (("N", "N"), {"nose", "left", "right"}, {"nose"}),  # dead ahead: both wing arcs meet there
    (("N", "N", "NW"), {"nose", "left"}, {"nose", "left"}),
    (("N", "N", "NE"), {"nose", "right"}, {"nose", "right"}),
    (("NW", "NW"), set(), {"left"}),  # 60 degrees off the nose: outside a fighter's nose and wing arcs
    (("SE", "SE"), set(), {"right_aft"}),
    (("S", "S"), {"aft", "left_aft", "right_aft"}, {"aft"}),
    (("S", "S", "SW"), {"aft", "left_aft"}, {"aft", "left_aft"}),
])
def test_firing_arcs_by_shape(steps, aerodyne, spheroid):  # AERO-MOVE-11 (MegaMek's arcs, docs/rules-notes.md)
    target = _walk(*steps)
    for shape, expected in ((Shape.AERODYNE, aerodyne), (Shape.SPHEROID, spheroid)):
        got = {a.value for a in FiringArc if aero_arcs.covers(shape, a, False, H("1010"), Facing.N, target)}
        assert got == expected, shape


def test_a_nose_weapon_cannot_fire_behind_the_fighter_but_an_aft_one_can():  # AERO-MOVE-11
    state = duel(flier(uid="a", at="1010", facing="N", velocity=2),
                 flier(uid="b", at="1014", facing="N", velocity=2, side="blue"))
    error = refused(state, "a", "b", "Large Laser")
    assert error.rule == "AERO-MOVE-11" and "'b' is outside the nose arc Large Laser (nose) fires into" in str(error)
    (shot,) = shots(state, "a", "b", "Small Laser@aft")
    assert shot.label == "Small Laser (aft)" and shot.to_hit.target == 5  # gunnery 4, short, +1: b faces a


def test_a_rolled_fighter_fires_its_left_wing_into_the_right_arc():  # AERO-MNV-09
    target = _walk("N", "N", "NE").label  # in the nose arc's right half
    state = duel(flier(uid="a", at="1010", facing="N", velocity=2),
                 flier(uid="b", at=target, facing="N", velocity=2, side="blue"))
    assert refused(state, "a", "b", "Medium Laser@left").rule == "AERO-MOVE-11"
    rolled = flying(state, "a", rolled=True)
    assert shots(rolled, "a", "b", "Medium Laser@left")[0].label == "Medium Laser (left)"
    error = refused(rolled, "a", "b", "Medium Laser@right")
    assert error.rule == "AERO-MNV-09" and "(rolled: left fires right)" in str(error)


def test_a_weapon_named_without_an_arc_is_the_one_that_bears():  # AERO-MOVE-11
    target = _walk("N", "N", "NE").label
    state = duel(flier(uid="a", at="1010", facing="N", velocity=2),
                 flier(uid="b", at=target, facing="N", velocity=2, side="blue"))
    assert shots(state, "a", "b", "Medium Laser")[0].label == "Medium Laser (right)"


# -- range (aerospace brackets) -------------------------------------------------------------------------------------

@pytest.mark.parametrize("distance, bracket, modifier", [
    (0, "short", 0), (6, "short", 0), (7, "medium", 2), (12, "medium", 2), (13, "long", 4), (20, "long", 4),
    (21, "extreme", 6), (25, "extreme", 6),
])
def test_aerospace_range_brackets(distance, bracket, modifier):  # UNVERIFIED brackets, tables.md 6.1 modifiers
    found = aero_weapons.bracket(distance)
    assert found.value == bracket and aero_weapons.modifier(found) == modifier
    assert aero_weapons.bracket(26) is None


@pytest.mark.parametrize("distance, weapon, modifier", [
    (6, "Large Laser", 0), (7, "Large Laser", 2), (12, "Large Laser", 2), (13, "LRM-20", 4), (20, "LRM-20", 4),
])
def test_range_is_counted_in_hexes_of_the_map(distance, weapon, modifier):  # tables.md 6.1
    state = duel(flier(LUCIFER, uid="a", at="1525", facing="N", velocity=2),
                 flier(uid="b", at=f"15{25 - distance:02d}", facing="N", velocity=2, side="blue"), maps=DEEP)
    (shot,) = shots(state, "a", "b", weapon)
    assert shot.to_hit.modifiers[1] == (f"{aero_weapons.bracket(distance).value} range ({distance} hexes)", modifier)


def test_a_weapon_beyond_its_longest_bracket_is_refused():  # tables.md 6.1
    state = duel(flier(LUCIFER, uid="a", at="1525", facing="N", velocity=2),
                 flier(uid="b", at="1512", facing="N", velocity=2, side="blue"), maps=DEEP)
    error = refused(state, "a", "b", "Large Laser")
    assert error.rule == "tables.md 6.1"
    assert str(error).startswith("'b' is 13 hexes away, beyond Large Laser (nose)'s medium range (to 12 hexes)")
    far = duel(flier(LUCIFER, uid="a", at="1525", facing="N", velocity=2),
               flier(uid="b", at="1504", facing="N", velocity=2, side="blue"), maps=DEEP)
    assert "21 hexes away, beyond LRM-20 (nose)'s long range (to 20 hexes)" in str(refused(far, "a", "b", "LRM-20"))


def test_on_a_low_altitude_map_the_altitude_difference_adds_to_range():  # btcli's reading (UNVERIFIED)
    state = duel(flier(uid="a", map="low", at="0810", facing="N", velocity=3, altitude=3),
                 flier(uid="b", map="low", at="0806", facing="N", velocity=3, altitude=6, side="blue"), turn=1)
    (shot,) = shots(state, "a", "b", "Large Laser")
    assert shot.to_hit.modifiers[1] == ("medium range (7 hexes)", 2)  # 4 hexes + 3 altitudes


# -- to-hit modifiers -------------------------------------------------------------------------------------------

def test_a_nose_on_shot_adds_gunnery_range_and_the_attack_direction():  # TW p.237 via MegaMekLab (UNVERIFIED)
    (shot,) = shots(nose_on(), "a", "b", "Large Laser")
    assert shot.to_hit.modifiers == (("gunnery", 4), ("short range (4 hexes)", 0), ("attack against the nose", 1))
    assert shot.to_hit.target == 5 and shot.damage == 8 and shot.heat == 8


@pytest.mark.parametrize("b_at, b_facing, direction, modifier", [
    ("1006", "S", "nose", 1), ("1006", "N", "aft", 0), ("1006", "NE", "side", 2),
])
def test_the_attack_direction_modifier(b_at, b_facing, direction, modifier):  # TW p.237 via MegaMekLab
    state = duel(flier(uid="a", at="1010", facing="N", velocity=2),
                 flier(uid="b", at=b_at, facing=b_facing, velocity=2, side="blue"))
    assert mods(shots(state, "a", "b", "Large Laser")[0]).get(f"attack against the {direction}", 0) == modifier


def test_a_target_at_velocity_0_is_easier_to_hit():  # TW p.237 via MegaMekLab (UNVERIFIED)
    state = flying(nose_on(), "b", velocity=0)
    assert mods(shots(state, "a", "b", "Large Laser")[0])["target at velocity 0"] == -2


@pytest.mark.parametrize("spent, modifier", [(6, None), (7, 2)])
def test_spending_more_than_safe_thrust_makes_the_attacker_fire_at_plus_2(spent, modifier):  # AERO-MOVE-05, AMB-19
    state = flying(nose_on(), "a", thrust_spent=spent)
    assert mods(shots(state, "a", "b", "Large Laser")[0]).get("attacker over safe thrust (7 > 6)") == modifier


@pytest.mark.parametrize("target, modifier", [(CORSAIR, 3), (NL42, 2)])
def test_attacks_against_an_evading_unit(target, modifier):  # AERO-MNV-02 (MegaMek's values)
    state = duel(flier(uid="a", at="1010", facing="N", velocity=2),
                 flier(target, uid="b", at="1006", facing="N", velocity=2, side="blue"))
    assert "target evading" not in mods(shots(state, "a", "b", "Large Laser")[0])
    state = flying(state, "b", evading=True)
    assert mods(shots(state, "a", "b", "Large Laser")[0])["target evading"] == modifier


def test_an_evading_fighter_cannot_fire():  # AERO-MNV-05
    state = flying(nose_on(), "a", evading=True)
    error = refused(state, "a", "b", "Large Laser")
    assert error.rule == "AERO-MNV-05"
    assert str(error) == "'a' took evasive action this turn: fighters and small craft that evade fire no weapons (AERO-MNV-05)"


def test_an_evading_dropship_fires_at_plus_2():  # AERO-MNV-06
    state = duel(flier(UNION, uid="u", at="1010", facing="N", velocity=2),
                 flier(uid="b", at="1006", facing="N", velocity=2, side="blue"))
    (shot,) = shots(flying(state, "u", evading=True), "u", "b", "nose laser")
    assert mods(shot)["attacker evading"] == 2 and shot.to_hit.target == 4 + 0 + 2


def test_an_evading_unit_fires_a_capital_missile_without_the_penalty(monkeypatch):  # AERO-MNV-04
    monkeypatch.setitem(aero_weapons.AERO_WEAPONS, "Test Capital Missile",
                        aero_weapons.AeroWeaponData(10, 20, aero_weapons.Bracket.LONG, capital_missile=True))
    ship = {"kind": "aero", "name": "Test Carrier", "class": "dropship", "shape": "spheroid", "tons": 3000,
            "safe_thrust": 3, "max_thrust": 5, "structural_integrity": 10, "armor": {"nose": 100, "left": 90,
            "right": 90, "aft": 80}, "weapons": [{"name": "Test Capital Missile", "arc": "nose"},
            {"name": "Medium Laser", "arc": "nose"}]}
    state = duel({"id": "u", "side": "red", "map": "space", "position": "1010", "facing": "N", "velocity": 2,
                  **ship}, flier(uid="b", at="1006", facing="N", velocity=2, side="blue"))
    state = flying(state, "u", evading=True)
    missile, laser = shots(state, "u", "b", "Test Capital Missile", "Medium Laser")
    assert "attacker evading" not in mods(missile) and mods(laser)["attacker evading"] == 2


def test_an_out_of_control_attacker_fires_at_plus_2():  # tables.md 9.4
    state = flying(nose_on(), "a", out_of_control=True)
    assert mods(shots(state, "a", "b", "Large Laser")[0])["attacker out of control"] == 2


@pytest.mark.parametrize("changes, name, modifier", [
    ({"fire_control_hits": 2}, "fire control hits (2)", 4),
    ({"sensor_hits": 1}, "sensor hits (1)", 1),
    ({"sensor_hits": 2}, "sensor hits (2)", 2),
    ({"sensor_hits": 3}, "sensors destroyed", 5),
])
def test_fire_control_and_sensor_damage(changes, name, modifier):  # tables.md 9.1
    state = flying(nose_on(), "a", **changes)
    assert mods(shots(state, "a", "b", "Large Laser")[0])[name] == modifier


def test_pilot_hits_add_one_each():  # MegaMekLab's table (UNVERIFIED)
    state = nose_on()
    state = state.with_unit(evolve(state.units["a"], pilot_hits=2))
    assert mods(shots(state, "a", "b", "Large Laser")[0])["pilot hits (2)"] == 2


def test_a_second_target_is_a_secondary_target():  # TW p.237 via MegaMekLab: +1 in the nose arc, +2 elsewhere
    state = duel(flier(uid="a", at="1010", facing="N", velocity=2),
                 flier(uid="b", at="1006", facing="S", velocity=2, side="blue"),
                 flier(uid="c", at="1014", facing="N", velocity=2, side="blue"),
                 flier(uid="d", at="1007", facing="N", velocity=2, side="blue"))
    state, _, _ = fire(state, "a", "b", ("Large Laser",), [2])
    assert mods(shots(state, "a", "c", "Small Laser@aft")[0])["secondary target"] == 2
    assert mods(shots(state, "a", "d", "Large Laser")[0])["secondary target, nose arc"] == 1


# -- resolving: hits by tables.md 9.1 at the end of the phase ---------------------------------------------------

def test_a_hit_waits_for_the_end_of_the_phase_then_strikes_the_rolled_location():  # tables.md 9.1
    state, events, dice = fire(nose_on(), "a", "b", ("Large Laser",), [9, 9])  # to-hit 9 >= 5; location 9
    assert events == ["a fires Large Laser (nose) at b: needs 5, rolls 9: hit (nose), 8 damage to the left "
                      "(location 9, critical: weapon)"]
    assert state.units["b"].armor["left"] == 50 and state.units["a"].fired == (0,)
    state, events, _ = resolve(state, [7, 6])  # critical check 7 < 8 fails; the control roll (8 >= threshold 5) 6 >= 5
    assert state.units["b"].armor["left"] == 42
    assert events[:2] == ["b hit (Large Laser (nose) from a): 8 damage to the left",
                          "b control roll (damage 8 at or above the left threshold 5): 6 vs 5, made"]


def test_a_miss_does_nothing():  # tables.md 9.1
    state, events, _ = fire(nose_on(), "a", "b", ("Large Laser",), [4])
    assert events == ["a fires Large Laser (nose) at b: needs 5, rolls 4: miss"] and state.pending == ()


def test_a_side_attack_strikes_the_wing_on_that_side():  # tables.md 9.1, AERO-MNV-09
    # b at 1006 facing NE: a at 1010, due south of b, is 120 degrees to b's right: the side column, right wing.
    def game(**flight):
        state = duel(flier(uid="a", at="1010", facing="N", velocity=2),
                     flier(uid="b", at="1006", facing="NE", velocity=2, side="blue"))
        return flying(state, "b", **flight) if flight else state

    state, events, _ = fire(game(), "a", "b", ("Large Laser",), [10, 6])  # to-hit 10 >= 6; location 6: wing / weapon
    assert events == ["a fires Large Laser (nose) at b: needs 6, rolls 10: hit (right side), 8 damage to the right "
                      "(location 6, critical: weapon)"]  # gunnery 4 + short 0 + side +2
    state, _, _ = resolve(state, [2, 12])  # critical check 2 fails; control roll 12 made
    assert (state.units["b"].armor["right"], state.units["b"].armor["left"]) == (42, 50)
    rolled, _, _ = fire(game(rolled=True), "a", "b", ("Large Laser",), [10, 6])
    rolled, _, _ = resolve(rolled, [2, 12])
    assert (rolled.units["b"].armor["right"], rolled.units["b"].armor["left"]) == (50, 42)  # AERO-MNV-09


def test_an_attacker_in_the_targets_hex_attacks_from_above_or_below():  # btcli's reading, tables.md 9.1
    state = duel(flier(uid="a", at="1010", facing="N", velocity=2),
                 flier(uid="b", at="1010", facing="S", velocity=2, side="blue"))
    state, events, dice = fire(state, "a", "b", ("Large Laser",), [8, 6, 2])  # location 6: wing; 1D6 2: right
    assert "hit (above/below), 8 damage to the right (location 6, critical: weapon)" in events[0]
    assert dice.rolls[2].purpose == "wing hit b (1-3 right, 4-6 left)"


def test_damage_at_the_threshold_calls_for_a_critical_check_and_a_control_roll():  # tables.md 9.1, 9.4
    state = duel(flier(uid="a", at="1010", facing="N", velocity=2),
                 flier(uid="b", at="1006", facing="N", velocity=2, side="blue"))  # a behind b: the aft column
    state, _, _ = fire(state, "a", "b", ("Large Laser",), [9, 6])  # location 6 on the aft column: aft / engine
    state, events, dice = resolve(state, [8, 3])  # critical 8 >= 8: engine hit; control roll 3 < 5: lost
    b = state.units["b"]
    assert b.armor["aft"] == 35 and b.aero.engine_hits == 1 and b.aero.out_of_control
    assert "critical hit: engine" in events
    assert dice.rolls[1].purpose == "control roll: b (damage 8 at or above the aft threshold 5)"
    assert dice.rolls[1].target == 5
    assert "b control roll (damage 8 at or above the aft threshold 5): 3 vs 5, failed: out of control (failed by 2)" \
        in events


def test_a_natural_12_gives_a_critical_chance_below_the_threshold():  # tables.md 9.1
    state = duel(flier(uid="a", at="1010", facing="N", velocity=2),
                 flier(uid="b", at="1006", facing="S", velocity=2, side="blue"))
    state, _, _ = fire(state, "a", "b", ("Small Laser@nose",), [12, 8])  # 3 damage < nose threshold 8
    (hit,) = state.pending
    assert hit.critical and hit.location == "nose"
    state, events, dice = resolve(state, [8])  # critical check 8: fire control (location 8 on the nose column)
    assert state.units["b"].aero.fire_control_hits == 1 and [r.purpose for r in dice.rolls] == [
        "critical check: fire_control (nose)"]


def test_damage_through_the_armor_reaches_structural_integrity():  # tables.md 9.1
    state = duel(flier(uid="a", at="1010", facing="N", velocity=2),
                 flier(uid="b", at="1006", facing="N", velocity=2, side="blue"))
    b = state.units["b"]
    state = state.with_unit(evolve(b, armor={**b.armor, "aft": 3}))
    state, _, _ = fire(state, "a", "b", ("Large Laser",), [9, 7])  # aft / control
    state, events, _ = resolve(state, [4, 12])  # critical check 4 fails, control roll (threshold) made
    assert state.units["b"].internal["SI"] == 1 and "b hit (Large Laser (nose) from a): 8 damage to the aft, 5 " \
        "through to structural integrity" in events


def test_a_target_number_over_12_holds_the_weapon():  # tables.md 6 (2D6 cannot make it)
    state = flying(flying(nose_on(), "a", out_of_control=True, sensor_hits=3), "b", evading=True)
    state, events, _ = fire(state, "a", "b", ("Large Laser",), [])
    assert events[0].startswith("a holds Large Laser (nose): to-hit 15 against b cannot be made")
    assert state.units["a"].fired == ()


def test_a_bay_fires_as_one_attack_with_its_weapons_damage():  # tables.md 13.4
    state = duel(flier(UNION, uid="u", at="1010", facing="N", velocity=2),
                 flier(uid="b", at="1006", facing="N", velocity=2, side="blue"))
    (shot,) = shots(state, "u", "b", "nose laser")
    assert shot.label == "nose laser bay" and shot.damage == 10 and len(shot.indexes) == 2
    error = refused(state, "u", "b", "Medium Laser")
    assert error.rule == "tables.md 13.4" and "fires with its bay: --weapon 'nose laser'" in str(error)


@pytest.mark.parametrize("hexes, damage", [(4, 18), (7, 8)])
def test_a_bay_counts_only_the_weapons_that_reach(hexes, damage):  # tables.md 13.4 (btcli's reading)
    # The Union's left laser bay: a Large Laser (8, to medium range) and 2 Medium Lasers (5 each, short range).
    state = duel(flier(UNION, uid="u", at="1010", facing="N", velocity=2),
                 flier(uid="b", at=_walk(*["NW"] * hexes).label, facing="N", velocity=2, side="blue"))
    (shot,) = shots(state, "u", "b", "left laser")
    assert shot.damage == damage and shot.heat == 8 + 3 + 3


def test_missiles_use_ammunition():  # tables.md 12
    state = duel(flier(LUCIFER, uid="a", at="1010", facing="N", velocity=2),
                 flier(uid="b", at="1006", facing="S", velocity=2, side="blue"))
    state, _, _ = fire(state, "a", "b", ("LRM-20",), [3])
    assert [(x.weapon, x.location, x.shots) for x in state.units["a"].ammo] == [("LRM-20", "nose", 29)]
    empty = state.with_unit(evolve(state.units["a"], ammo=(evolve(state.units["a"].ammo[0], shots=0),), fired=()))
    assert "'a' has 0 LRM-20 (nose) shot(s) left, 1 needed" in str(refused(empty, "a", "b", "LRM-20"))


def test_each_weapon_fires_once_a_turn():  # TW p.99
    state, _, _ = fire(nose_on(), "a", "b", ("Large Laser", "Large Laser"), [2, 2])
    error = refused(state, "a", "b", "Large Laser")
    assert "'a' has no unfired 'Large Laser' left" in str(error)


def test_a_weapon_the_unit_lacks_is_refused():  # TW p.99
    error = refused(nose_on(), "a", "b", "PPC")
    assert str(error).startswith("'a' has no weapon 'PPC' (weapons: Large Laser@nose, Small Laser@nose, "
                                 "Medium Laser@left, Medium Laser@right, Small Laser@aft)")


# -- heat (aerospace fighters) --------------------------------------------------------------------------------

def test_a_fighter_builds_heat_and_sinks_it_in_the_heat_phase():  # tables.md 12, 15 (UNVERIFIED for fighters)
    weapons = ("Large Laser", "Large Laser", "Small Laser@nose", "Small Laser@nose", "Medium Laser@left",
               "Medium Laser@right")
    state, _, _ = fire(nose_on(), "a", "b", weapons, [2] * 6)  # all miss: heat is built all the same
    state = evolve(state, phase=Phase.HEAT)
    state, events, _ = resolve(state)
    assert state.units["a"].aero.heat == 8  # 16 + 2 + 6 = 24 heat, 16 sinks
    assert "a heat 0 -> 8 (+24 weapons, -16 sinks)" in events
    state = evolve(state, phase=Phase.WEAPON)
    state = state.with_unit(evolve(state.units["a"], fired=()))
    assert mods(shots(state, "a", "b", "Large Laser")[0])["heat 8"] == 1  # tables.md 15: 8+ is +1


def test_engine_hits_add_heat():  # tables.md 9.1: +2 heat per engine hit
    state = evolve(flying(nose_on(), "a", engine_hits=1, heat_sinks_lost=15), phase=Phase.HEAT)
    state, events, _ = resolve(state)
    assert state.units["a"].aero.heat == 1 and "a heat 0 -> 1 (+0 weapons, +2 engine, -1 sinks)" in events


# -- what stays refused ------------------------------------------------------------------------------------------

def test_units_on_the_space_map_attack_only_in_space_turns():  # AMB-55
    assert refused(nose_on(turn=1), "a", "b", "Large Laser").rule == "AMB-55"
    low = duel(flier(uid="a", map="low", at="0810", facing="N", velocity=3, altitude=5),
               flier(uid="b", map="low", at="0806", facing="S", velocity=3, altitude=5, side="blue"), turn=1)
    assert shots(low, "a", "b", "Large Laser")[0].to_hit.target == 5


def test_units_on_different_maps_do_not_attack_each_other():  # AERO-GEN-01
    state = duel(flier(uid="a", at="1010", facing="N", velocity=2),
                 flier(uid="b", map="low", at="0806", facing="S", velocity=3, altitude=5, side="blue"))
    assert "aerospace units attack units on their own map" in str(refused(state, "a", "b", "Large Laser"))


def test_attacks_between_air_and_ground_go_to_their_own_rules():  # tests/rules/test_air_ground.py
    state = nose_on()
    error = refused(state, "a", "g-blue", "Large Laser")  # an aircraft at a ground unit: --strike, --strafe, --bomb
    assert error.rule == "tables.md 9.8" and "an aircraft attacks the ground with --strike" in str(error)
    error = refused(state, "g-blue", "a", "Medium Laser")  # ground-to-air: a has not crossed the ground board
    assert "'a' did not fly over the ground board this turn" in str(error)


def test_aerospace_units_make_no_physical_attacks():  # btcli's model
    with pytest.raises(IllegalOrderError, match="aerospace units make no physical attacks"):
        run(evolve(nose_on(), phase=Phase.PHYSICAL), PhysicalAttackOrder("a", "b", "punch"), [])


def test_an_arc_that_does_not_exist_is_an_input_error():
    with pytest.raises(InputError, match="bad arc 'belly'"):
        shots(nose_on(), "a", "b", "Large Laser@belly")
