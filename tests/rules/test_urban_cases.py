"""Urban cases beyond the catalog examples: cluster shots from the next hex, bridges that fall (the road goes,
who keeps the hex, who was under it), moving under bridges along a road, stale places, enemies on other
floors of one hex, scenario starts that cannot be, and physical reach across levels (seed 003)."""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.errors import GameFileError
from btcli.model.hexgrid import Facing, HexId
from btcli.model.orders import MoveOrder
from btcli.rules.core import displacement
from btcli.rules.ground import movement, placement
from btcli.store.scenario import scenario_from_dict
from btcli.render.events import sentences
from tests.builders import (
    at,
    building,
    changed,
    fire,
    game,
    gunner,
    hex_hits,
    hunchback,
    plan,
    scenario,
    weapon_game,
)
from tests.builders import design as mech
from tests.builders import unrolled_building as attack_building

H = HexId.parse
LOCUST = "Locust LCT-1V"


def test_urb_in_04_cluster_missiles_that_miss_from_the_next_hex_strike_the_building():
    # URB-IN-04: from the next hex, every round that misses hits the building. An LRM-10 at a 'Mech inside a
    # CF-40 hex hits (12); the cluster roll (7) lands 6 missiles: the 4 that missed strike the building.
    state = weapon_game(gunner("a", "0506", "LRM-10", ammo=[{"weapon": "LRM-10", "location": "RT", "shots": 12}]),
                        mech(LOCUST, "t", "0505", side="blue"), hexes={"0505": attack_building(cf=40)})
    state, events, _ = fire(state, "a", "t", ("LRM-10",), [12, 7, 7, 7])
    assert "  the 4 missing the target strike building hex 0505 (URB-IN-04)" in events
    assert ("hex:0505", 4) in hex_hits(state)


def test_urb_brg_02_a_fallen_bridge_takes_its_road_with_it():
    # URB-BRG-02/03: once the deck is down, the water hex is no road: wading across costs the water's MP again.
    hexes = {"0509": {"terrain": "water", "depth": 2, "road": True, "bridge": {"type": "light", "cf": 15, "level": 1}},
             "0510": {"terrain": "clear", "road": True}}
    state = game(hunchback(), hexes=hexes)
    state, _ = engine.apply(state, MoveOrder("u1", "", ("F",)), ManualDice([3] * 20))
    h = state.board.hex(H("0509"))
    assert h.bridge is None and not h.road


def test_urb_brg_06_a_mech_under_a_bridge_going_along_the_road_stays_under_the_next_bridge():
    # URB-BRG-06: under one bridge, F into the next bridge hex (the road runs on) goes under it too, not up
    # onto its deck (which would be a 2-level climb from the ravine floor in one step).
    hexes = {"0509": {"terrain": "clear", "road": True, "bridge": {"type": "medium", "cf": 40, "level": 3}},
             "0508": {"terrain": "clear", "road": True, "bridge": {"type": "medium", "cf": 40, "level": 3}}}
    state = at_under(game(hunchback(), hexes=hexes), "u1", "0509")
    p = plan(state, "F")
    assert p.place == (0, False, True) and p.structures == ()


def at_under(state, uid: str, label: str):

    return state.with_unit(placement.placed(changed(state.units[uid], position=H(label)), under=True))


def test_urb_coll_09_the_unit_under_a_fallen_bridge_keeps_the_hex():
    # URB-BRG-03 with URB-COLL-09: the Hunchback drives onto a CF-15 deck over a dry ravine while a Locust
    # stands under it: the deck falls; the Locust (lowest) keeps the hex and loses its 'under' mark; the
    # Hunchback, fallen on top, is displaced.
    hexes = {"0509": {"terrain": "clear", "road": True, "bridge": {"type": "light", "cf": 15, "level": 2}},
             "0510": {"terrain": "clear", "level": 2, "road": True}}
    state = game(hunchback(), {"id": "l", "side": "red", "design": LOCUST, "position": "0101"}, hexes=hexes)
    state = at_under(state, "l", "0509")
    state, events = engine.apply(state, MoveOrder("u1", "", ("F",)), ManualDice([3] * 40))
    assert state.units["l"].hex == H("0509") and not placement.under_bridge(state.units["l"])
    u1 = state.units["u1"]
    assert u1.hex.distance(H("0509")) == 1 and u1.mech.prone  # fell 2 levels, then pushed out
    assert "u1 falls 2 levels (accidental fall from above)" in sentences(events)


def test_a_mech_pushed_off_a_bridge_deck_falls_to_the_water_bottom():
    # Displacement (TW p.151) from a level-1 deck into depth-2 water: 3 levels down, an accidental fall.
    hexes = {"0509": {"terrain": "water", "depth": 2, "road": True, "bridge": {"type": "medium", "cf": 40, "level": 1}},
             "0508": {"terrain": "water", "depth": 2}}
    state = at(game(hunchback(), hexes=hexes), "u1", "0509")
    events: list[str] = []
    state = displacement.displace(state, "u1", Facing.N, ManualDice([3] * 20), events, psr=False)
    assert "u1 falls 3 levels (accidental fall from above)" in sentences(events)


def test_a_charger_leaving_a_building_loses_its_floor():
    # A charge from inside a building floor moves the charger into the open hex it vacated: no stale floor.
    from btcli.rules.ground import physical

    state = game(hunchback(), {"id": "t", "side": "blue", "design": LOCUST, "position": "0509"},
                 hexes={"0510": building("heavy", height=3, cf=90)})
    state = at(state, "u1", "0510", floor=1)
    state = physical._push(state, state.units["u1"], state.units["t"], ManualDice([3] * 10), [])  # noqa: SLF001
    assert state.units["u1"].hex == H("0509") and state.units["u1"].position.floor == 0


def test_urb_move_11_enemies_may_hold_different_floors_of_one_hex():
    # URB-MOVE-11, URB-IN-09: an enemy on level 1 does not stop a 'Mech entering the ground floor of that hex.
    state = game(hunchback(tons=40), {"id": "e", "side": "blue", "design": LOCUST, "position": "0101"},
                 hexes={"0509": building("heavy", height=3, cf=90)})
    state = at(state, "e", "0509", floor=1)
    p = plan(state, "F")
    assert p.end == H("0509") and p.place == (0, False, False)


@pytest.mark.parametrize("extra, message", [
    ({"floor": 5}, "has levels 0-2"),
    ({"top": True}, "has no building"),
    ({"under": True}, "has no bridge"),
])
def test_a_scenario_start_place_must_exist(extra, message):
    data = scenario({"id": "m", "side": "a", "design": LOCUST, "position": "0303" if "floor" in extra else "0202",
                     "extra": extra}, width=6, height=6, sides=("a", "b"),
                    hexes={"0303": {"building": {"type": "heavy", "height": 3}}})
    with pytest.raises(GameFileError, match=message):
        scenario_from_dict(data)


def test_urb_coll_01_a_scenario_cannot_start_with_a_level_overloaded():
    data = scenario({"id": "m", "side": "a", "design": LOCUST, "position": "0303", "extra": {"top": True}},
                    width=6, height=6, sides=("a", "b"),
                    hexes={"0303": {"building": {"type": "light", "height": 3, "cf": 10}}})
    with pytest.raises(GameFileError, match="starts overloaded"):
        scenario_from_dict(data)


def test_a_weapon_that_cannot_hit_a_distant_building_is_held():
    # As at units: a to-hit over 12 is not fired (no ammunition, no heat, no roll).

    # gunnery 10 + long range 4 + jumped 3 - building 4 = 13
    state = weapon_game(gunner("a", "0510", "Medium Laser", gunnery=10), hexes={"0502": attack_building()})
    state = state.with_unit(changed(state.units["a"], mode=movement.MoveMode.JUMP))
    state, events, d = fire(state, "a", "0502", ("ML",), [])
    assert d.rolls == [] and any("holds" in e for e in events) and state.units["a"].fired == ()


def test_urb_atk_04_physical_attacks_on_buildings_need_a_limb_that_can_make_them():
    # URB-ATK-04 with tables.md 8.7: a building is always hit, but the 'Mech must be able to kick it: a
    # building hex behind the 'Mech cannot be kicked; one in front can.
    from btcli.errors import IllegalOrderError
    from btcli.model.orders import PhysicalAttackOrder
    from btcli.model.state import Phase

    state = weapon_game(mech("Hunchback HBK-4G", "h", "0505"),
                        hexes={"0506": attack_building(), "0504": attack_building()}, phase=Phase.PHYSICAL)
    with pytest.raises(IllegalOrderError, match="not in front"):
        engine.apply(state, PhysicalAttackOrder("h", "0506", "kick"), ManualDice([]))
    state, events = engine.apply(state, PhysicalAttackOrder("h", "0504", "kick"), ManualDice([]))
    assert "always hits" in sentences(events)[0]


def test_paths_found_with_to_start_from_the_units_floor():
    # find_path (--to) reads the floor a 'Mech stands on: from level 1 of a building at level 0 onto a level-1
    # hill next door is a level step (1 MP + 0), not a climb from the ground.
    hexes = {"0509": building("heavy", height=3, cf=90), "0508": {"terrain": "clear", "level": 1}}
    state = at(game(hunchback(), hexes=hexes), "u1", "0509", floor=1)
    steps = movement.find_path(state, state.units["u1"], H("0508"), None, None)
    assert steps == ("F",) and plan(state, "F").mp == 1


def test_paths_found_with_to_may_end_on_a_free_floor_of_a_building_hex():
    # URB-MOVE-11: a friend on level 1 of 0509 does not stop a path into its ground floor.
    state = game(hunchback(tons=40), {"id": "f", "side": "red", "design": LOCUST, "position": "0101"},
                 hexes={"0509": building("heavy", height=3, cf=90)})
    state = at(state, "f", "0509", floor=1)
    assert movement.find_path(state, state.units["u1"], H("0509"), None, None) == ("F",)


@pytest.mark.parametrize("kind, target_floor, allowed", [
    ("punch", 1, True), ("punch", 2, False), ("kick", 1, False), ("charge", 1, True), ("charge", 2, False),
])
def test_physical_attacks_reach_only_so_many_levels(kind, target_floor, allowed):
    # tables.md 8.7 with MegaMek's reach (UNVERIFIED): a punch reaches the same level or one up, a kick the
    # same or one down, a charge one either way. A 'Mech on the ground floor of 0505 and another on level N
    # of the next hex of the same building.
    from btcli.errors import IllegalOrderError
    from btcli.model.state import Phase
    from btcli.rules.ground import physical

    hexes = {"0505": attack_building("heavy", 3, structure="b"), "0504": attack_building("heavy", 3, structure="b")}
    state = weapon_game(mech("Hunchback HBK-4G", "h", "0505"), mech("Hunchback HBK-4G", "e", "0504", side="blue"),
                        hexes=hexes, phase=Phase.PHYSICAL)
    state = state.with_unit(placement.placed(state.units["e"], floor=target_floor))
    state = state.with_unit(changed(state.units["h"], mode=movement.MoveMode.WALK, hexes_moved=1))
    check = physical._check_levels  # noqa: SLF001 - the reach on its own (URB-IN-08 adds same-level inside)
    if allowed:
        check(state, state.units["h"], state.units["e"], kind)
    else:
        with pytest.raises(IllegalOrderError, match="out of reach"):
            check(state, state.units["h"], state.units["e"], kind)
