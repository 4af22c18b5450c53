"""Tests for armor-piercing autocannon ammunition (VEH-DMG-10; TW p.140 as read on Sarna, UNVERIFIED).

'a' (red, gunnery 4) at 0502 facing S carries an AC/10 with one armor-piercing bin and one standard bin;
't' (blue) at 0505 facing SE, so the shot strikes its left side (tables.md 0). Every die is scripted.
"""

from __future__ import annotations

import pytest

from btcli.errors import GameFileError, IllegalOrderError, InputError
from btcli.grammar import order_from_text, order_text
from btcli.model.hits import CritResult
from btcli.model.orders import WeaponAttackOrder
from btcli.store.codec import unit_from_dict, unit_to_dict
from tests.builders import ATLAS, resolve, run, weapon_game

THICK = {"front": 30, "right": 30, "left": 30, "rear": 30, "turret": 30}


def gunner(kind: str = "ap", weapon: str = "AC/10") -> dict:
    return {
        "id": "a", "side": "red", "kind": "vehicle", "motive": "tracked", "tons": 50, "cruise": 4,
        "armor": dict(THICK), "weapons": [{"name": weapon, "location": "front"}],
        "ammo": [{"weapon": weapon, "location": "body", "shots": 5, "kind": kind},
                 {"weapon": weapon, "location": "body", "shots": 10}],
        "position": "0502", "facing": "S",
    }


def target_tank() -> dict:
    return {"id": "t", "side": "blue", "kind": "vehicle", "motive": "tracked", "tons": 50, "cruise": 4,
            "armor": dict(THICK), "position": "0505", "facing": "SE"}


def state_with(*units: dict):
    """Returns a game on a clear 12 x 24 map in the weapon attack phase."""
    return weapon_game(*units, height=24)


def fire(state, spec: str, dice: list[int]):
    return run(state, WeaponAttackOrder("a", "t", (spec,)), dice)


def test_ap_hit_on_a_vehicle_rolls_exactly_one_critical_with_the_ac10_modifier():
    # VEH-DMG-10 test: AC/10 AP round hits the tank's left side (location roll 7: Side, no [C]) -> exactly 1
    # critical roll on the Side column at -2: 10 - 2 = 8 -> Crew Stunned (tables.md 4).
    state, _, shot = fire(state_with(gunner(), target_tank()), "AC/10:ap", [8, 7])
    assert shot.rolls[0].target == 5  # gunnery 4, short range 0, armor-piercing +1
    state, events, dice = resolve(state, [10])
    crits = [r for r in dice.rolls if r.purpose.startswith("vehicle critical")]
    assert [(r.purpose, r.modifiers) for r in crits] == [("vehicle critical t left", (("armor-piercing", -2),))]
    assert "t: critical roll 8 on the side column: crew stunned" in events
    assert state.units["t"].crits == (CritResult("left", "crew stunned"),)


@pytest.mark.parametrize("weapon, modifier", [("AC/2", -4), ("AC/5", -3), ("AC/10", -2), ("AC/20", -1)])
def test_ap_critical_modifier_by_autocannon_size(weapon, modifier):
    # VEH-DMG-10 / TW p.140: AC/2 -4, AC/5 -3, AC/10 -2, AC/20 -1 (a roll of 12 - 4 = 8 still crits on Side).
    state, _, _ = fire(state_with(gunner(weapon=weapon), target_tank()), f"{weapon}:ap", [8, 7])
    assert [h.ap for h in state.pending] == [modifier]


def test_standard_round_makes_no_critical_roll_without_structure_damage():
    # VEH-DMG-10 contrast: the same hit with standard ammunition -> no critical roll at all.
    state, _, shot = fire(state_with(gunner(), target_tank()), "AC/10", [8, 7])
    assert shot.rolls[0].target == 4
    state, _events, dice = resolve(state, [])
    assert not [r for r in dice.rolls if r.purpose.startswith("vehicle critical")]


def test_ap_round_uses_the_ap_bin_and_adds_one_to_hit():
    # TW p.140 (UNVERIFIED): +1 to-hit for armor-piercing rounds; the shot comes from the AP bin.
    state, _, shot = fire(state_with(gunner(), target_tank()), "AC/10:ap", [3])
    assert ("armor-piercing ammunition", 1) in shot.rolls[0].modifiers
    assert [(a.kind, a.shots) for a in state.units["a"].ammo] == [("ap", 4), ("standard", 10)]


def test_ap_hit_with_a_c_result_rolls_only_once():
    # VEH-DMG-10: a hit that already rolls for a critical ([C]: side location roll 2) gets no second AP roll.
    state, _, _ = fire(state_with(gunner(), target_tank()), "AC/10:ap", [8, 2])
    _state, _events, dice = resolve(state, [5])
    assert [r.modifiers for r in dice.rolls if r.purpose.startswith("vehicle critical")] == [()]


def test_ap_hit_on_a_mech_rolls_for_a_critical_through_armor():
    # TW p.140 (UNVERIFIED): against a 'Mech every AP hit that does not reach the structure rolls on the
    # Determining Critical Hits table at the modifier: 10 - 2 = 8 -> one critical (tables.md 8.4).
    atlas = {"id": "t", "side": "blue", "design": ATLAS, "position": "0505", "facing": "N"}
    state, _, _ = fire(state_with(gunner(), atlas), "AC/10:ap", [8, 7])
    _state, events, dice = resolve(state, [10, 3, 1])
    check = [r for r in dice.rolls if r.purpose.startswith("critical check")]
    assert [(r.purpose, r.modifiers) for r in check] == [
        ("critical check t CT (armor-piercing round)", (("armor-piercing", -2),))
    ]
    assert "t: critical hit on engine (CT slot 1)" in events


def test_ap_ammunition_only_for_standard_autocannons():
    # VEH-DMG-10: AP rounds exist for AC/2-AC/20 only: a scenario cannot load them for an LRM, and an
    # LRM cannot fire them.
    with pytest.raises(GameFileError, match="armor-piercing ammunition is for standard autocannons"):
        state_with(gunner(weapon="LRM-10"), target_tank())
    lrm = {**gunner(weapon="LRM-10"), "ammo": [{"weapon": "LRM-10", "location": "body", "shots": 12}]}
    with pytest.raises(IllegalOrderError, match="armor-piercing ammunition is for standard autocannons") as info:
        fire(state_with(lrm, target_tank()), "LRM-10:ap", [])
    assert info.value.rule == "VEH-DMG-10"


def test_ap_kind_of_unknown_suffix_is_an_input_error():
    with pytest.raises(InputError, match="use :ap, :cluster, :ultra"):
        fire(state_with(gunner(), target_tank()), "AC/10:hollow", [])


def test_ap_bin_and_order_round_trip():
    # VEH-DMG-10: the bin's kind survives save/load; the order's canonical text parses back.
    unit = state_with(gunner(), target_tank()).units["a"]
    assert unit_from_dict("a", unit_to_dict(unit)) == unit
    order = WeaponAttackOrder("a", "t", ("AC/10@front:ap",))
    assert order_from_text(order_text(order))[0] == order


def test_standard_bins_and_hits_are_written_without_their_defaults():
    # The game file (and so the state hash) leaves a default kind / ap out; a set one is written.
    from btcli.model.state import Hit
    from btcli.model.units import AmmoBin
    from btcli.store.typed import to_plain

    assert to_plain(AmmoBin("AC/10", "body", 5)) == {"weapon": "AC/10", "location": "body", "shots": 5}
    assert "ap" not in to_plain(Hit("t", "CT", 5)) and to_plain(Hit("t", "CT", 5, ap=-2))["ap"] == -2
