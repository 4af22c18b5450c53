"""Tests for attacks on buildings and on units inside them (seed 003: URB-ATK-01..06, URB-IN-01..13)
and girder clubs (URB-CLUB-01): btcli.rules.urban.building_attacks, the building parts of btcli.rules.core.combat,
los, tohit and physical, and btcli.rules.urban.buildings.

States are small scenario dicts (a clear 12 x 12 map, sides 'red' and 'blue') built in code with
tests/builders.py (``game`` here is its ``weapon_game``, ``building`` its ``unrolled_building``). Dice are
scripted with ``ManualDice`` in request order (2D6 requests take a total 2-12, 1D6 requests 1-6); every
test that rolls checks the script was used up. The standard 'Mech hit location table's front column:
2 CT (critical), 3-4 RA, 5 RL, 6 RT, 7 CT, 8 LT, 9 LL, 10-11 LA, 12 HD.
"""

from __future__ import annotations

from typing import Any

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.board import Building, BuildingType, Hex, Terrain
from btcli.model.hexgrid import Facing, HexId
from btcli.model.hits import HexTarget
from btcli.model.orders import GirderSearchOrder, PhysicalAttackOrder, ResolvePhaseOrder, WeaponAttackOrder
from btcli.model.state import GameState, Phase
from btcli.model.units import MoveMode
from btcli.rules.core import arcs, los, tohit
from btcli.rules.ground import physical, placement
from btcli.rules.urban import building_attacks, buildings, structures
from btcli.render.events import sentences
from tests.builders import at, cf, changed, fire, gunner, hex_hits, purposes
from tests.builders import design as mech
from tests.builders import unrolled_building as building
from tests.builders import weapon_game as game

H = HexId.parse

HUNCHBACK = "Hunchback HBK-4G"  # 50 t; AC/20 RT, Medium Laser LA, Medium Laser RA, Small Laser HD
ATLAS = "Atlas AS7-D"  # 100 t; AC/20 RT, LRM-20 LT, SRM-6 LT, ML LA, ML RA, 2 ML CT rear
def unit_hits(state: GameState) -> list[tuple[str, str, int]]:
    return [(h.target, h.location, h.damage) for h in state.pending if not structures.is_structure_hit(h)]


# -- URB-ATK-01: buildings and the units inside them are targets ------------------------------------------------


def test_urb_atk_01_a_building_hex_is_accepted_as_a_target():
    state = game(mech(HUNCHBACK, "a", "0509"), mech(ATLAS, "t", "1212", side="blue"), hexes={"0505": building()})
    assert building_attacks.hex_target(state, "0505") == H("0505")
    assert building_attacks.hex_target(state, "t") is None  # a unit's id names the unit
    with pytest.raises(IllegalOrderError) as info:
        building_attacks.hex_target(state, "0506")
    assert info.value.rule == "URB-ATK-01"
    # Medium laser from 4 hexes (medium range): 4 + 2 - 4 = 2; roll 2 hits for 5.
    new, events, d = fire(state, "a", "0505", ("Medium Laser@LA",), [2])
    assert hex_hits(new) == [("hex:0505", 5)]
    assert "a fires Medium Laser@LA at hex 0505: needs 2, rolls 2: hit for 5" in events
    assert new.declarations[-1].target == HexTarget(H("0505"))


def test_urb_atk_01_a_mech_inside_a_building_can_be_attacked():
    state = game(mech(HUNCHBACK, "a", "0509"), mech(ATLAS, "t", "0507", side="blue"), hexes={"0507": building()})
    new, _events, d = fire(state, "a", "t", ("Medium Laser@LA",), [12, 7])
    assert unit_hits(new) == [("t", "CT", 1)]  # 5 less the CF-40 building's 4 (URB-IN-02)


# -- URB-ATK-02: a building fills its whole hex for line of sight ------------------------------------------------


def test_urb_atk_02_a_line_grazing_a_building_hex_is_blocked_by_it():
    # 0505 -> 0705 runs along the hexside between 0604 and 0605. Only 0604 holds a (level-3) building; a
    # building fills its hex whatever its artwork, so the line touching it is blocked (the defender's choice).
    hexes = {"0604": building(height=3)}
    state = game(mech(HUNCHBACK, "a", "0505"), mech(ATLAS, "t", "0705", side="blue"), hexes=hexes)
    sight = los.line_of_sight(state.board, state.units["a"], state.units["t"])
    assert sight.blocked and sight.reason == "building at 0604"
    clear = game(mech(HUNCHBACK, "a", "0505"), mech(ATLAS, "t", "0705", side="blue"))
    assert not los.line_of_sight(clear.board, clear.units["a"], clear.units["t"]).blocked


def test_urb_atk_02_a_building_hex_is_seen_as_a_whole_hex_target():
    # The target building hex itself is never intervening: any line into it reaches the building.
    hexes = {"0705": building(height=1)}
    state = game(mech(HUNCHBACK, "a", "0505"), mech(ATLAS, "t", "1212", side="blue"), hexes=hexes)
    sight = los.sight_to_hex(state.board, state.units["a"], H("0705"), building_attacks.structure_top(state.board, H("0705")))
    assert not sight.blocked


# -- URB-ATK-03: buildings are immobile targets (-4) --------------------------------------------------------------


def test_urb_atk_03_building_is_an_immobile_target():
    # Gunnery 4, long range (+4), immobile -4: TN 4 (the catalog's example). Medium laser at 8 hexes.
    state = game(mech(HUNCHBACK, "a", "0512"), mech(ATLAS, "t", "1212", side="blue"), hexes={"0504": building()})
    result = building_attacks.hex_to_hit(state, state.units["a"], 1, H("0504"), 0)
    assert result.modifiers == (("gunnery", 4), ("long range (8 hexes)", 4), ("building: immobile target", -4))
    assert result.target == 4


# -- URB-ATK-04: adjacent weapon attacks and every physical attack on a building hit ---------------------------


def test_urb_atk_04_adjacent_weapon_attack_on_a_building_hits_without_a_roll():
    state = game(mech(HUNCHBACK, "a", "0506"), mech(ATLAS, "t", "1212", side="blue"), hexes={"0505": building()})
    new, events, d = fire(state, "a", "0505", ("AC/20", "Medium Laser@LA"), [])
    assert d.rolls == []  # no to-hit roll
    assert hex_hits(new) == [("hex:0505", 20), ("hex:0505", 5)]
    assert "a fires AC/20@RT at building hex 0505 from the next hex: an automatic hit for 20" in events
    assert new.units["a"].ammo[0].shots == 4  # the shot is still spent


def test_urb_atk_04_physical_attacks_on_a_building_always_hit():
    # Punch ceil(50/10) = 5, kick 50/5 = 10: no to-hit roll, applied when the physical phase ends.
    for kind, amount in (("punch", 5), ("kick", 10)):
        state = game(mech(HUNCHBACK, "a", "0506"), mech(ATLAS, "t", "1212", side="blue"),
                     hexes={"0505": building(cf=40)}, phase=Phase.PHYSICAL)
        d = ManualDice([])
        state, events = engine.apply(state, PhysicalAttackOrder("a", "0505", kind), d)
        assert "it always hits (URB-ATK-04)" in sentences(events)[0]
        state, events = engine.apply(state, ResolvePhaseOrder(), d)
        assert d.rolls == []
        assert f"a's {kind} strikes building hex 0505 for {amount} (always hits, URB-ATK-04)" in sentences(events)
        assert cf(state, "0505") == 40 - amount


def test_urb_atk_04_physical_attack_on_a_building_needs_the_next_hex():
    state = game(mech(HUNCHBACK, "a", "0507"), mech(ATLAS, "t", "1212", side="blue"), hexes={"0505": building()},
                 phase=Phase.PHYSICAL)
    with pytest.raises(IllegalOrderError, match="not adjacent"):
        engine.apply(state, PhysicalAttackOrder("a", "0505", "punch"), ManualDice([]))


# -- URB-ATK-05: cluster weapons against an adjacent building do full damage -------------------------------------


def test_urb_atk_05_lrm_20_against_an_adjacent_building_does_20():
    state = game(mech(ATLAS, "a", "0506"), mech(HUNCHBACK, "t", "1212", side="blue"), hexes={"0505": building()})
    new, _events, d = fire(state, "a", "0505", ("LRM-20",), [])
    assert d.rolls == []  # no cluster roll either
    assert hex_hits(new) == [("hex:0505", 20)]


def test_urb_atk_05_lrm_20_against_a_distant_building_rolls_on_the_cluster_table():
    # 7 hexes: short range, beyond the minimum range 6. To-hit 4 + 0 - 4 = 0; cluster roll 7 -> 12 missiles.
    state = game(mech(ATLAS, "a", "0512"), mech(HUNCHBACK, "t", "1201", side="blue"), hexes={"0505": building()})
    new, _events, d = fire(state, "a", "0505", ("LRM-20",), [5, 7])
    assert purposes(d) == ["to-hit LRM-20@LT a vs hex 0505", "cluster hits LRM-20@LT vs 0505 (20 missiles)"]
    assert hex_hits(new) == [("hex:0505", 12)]


# -- URB-ATK-06: damage lowers the CF; at 0 the hex is rubble for the rest of the game ---------------------------


def _hit_hex(state: GameState, label: str, amount: int) -> GameState:
    return changed(state, pending=state.pending + (structures.building_hit(H(label), amount, "test"),))


def test_urb_atk_06_cf_40_takes_25_then_15_and_becomes_rubble():
    state = game(mech(HUNCHBACK, "a", "0509"), mech(ATLAS, "t", "1212", side="blue"), hexes={"0505": building(cf=40)})
    state, events = buildings.apply_structure_hits(_hit_hex(state, "0505", 25), ManualDice([]))
    assert sentences(events) == ["building hex 0505 takes 25 damage: CF 40 -> 15"]
    state = changed(state, pending=(), board=structures.new_phase(state.board))  # a later turn
    state, events = buildings.apply_structure_hits(_hit_hex(state, "0505", 15), ManualDice([]))
    h = state.board.hex(H("0505"))
    assert (h.terrain, h.building) == (Terrain.RUBBLE, None)
    assert h.ruin.type is BuildingType.MEDIUM  # the rubble remembers the building (URB-CLUB-01)
    assert sentences(events)[:2] == ["building hex 0505 takes 15 damage: CF 15 -> 0",
                          "building hex 0505 (medium, level 2) collapses: destroyed by attacks"]


def test_urb_atk_06_cf_40_taking_39_still_stands_at_cf_1():
    state = game(mech(HUNCHBACK, "a", "0509"), mech(ATLAS, "t", "1212", side="blue"), hexes={"0505": building(cf=40)})
    state, _ = buildings.apply_structure_hits(_hit_hex(state, "0505", 39), ManualDice([]))
    b = state.board.hex(H("0505")).building
    assert (b.cf, b.type, state.board.hex(H("0505")).terrain) == (1, BuildingType.MEDIUM, Terrain.BUILDING)


def test_urb_atk_06_weapon_damage_reaches_the_cf_when_the_weapon_phase_ends():
    state = game(mech(HUNCHBACK, "a", "0506"), mech(ATLAS, "t", "1212", side="blue"), hexes={"0505": building(cf=40)})
    state, _events, _ = fire(state, "a", "0505", ("AC/20",), [])
    assert cf(state, "0505") == 40  # still 40 during the phase
    d = ManualDice([])
    state, events = engine.apply(state, ResolvePhaseOrder(), d)
    assert cf(state, "0505") == 20
    assert "building hex 0505 takes 20 damage: CF 40 -> 20" in sentences(events)


# -- URB-IN-01: line of sight to a 'Mech inside a building -------------------------------------------------------


def test_urb_in_01_another_building_hex_in_the_way_blocks():
    # Attacker 0510, target inside the level-2 building 0505; a level-2 building 0507 between them blocks.
    hexes = {"0505": building(height=2), "0507": building(height=2)}
    state = game(mech(HUNCHBACK, "a", "0510"), mech(ATLAS, "t", "0505", side="blue"), hexes=hexes)
    result = tohit.weapon_to_hit(state, state.units["a"], 1, state.units["t"], None, 0)
    assert result.impossible == "no line of sight to 't': building at 0507"


def test_urb_in_01_the_targets_own_building_hex_does_not_block():
    # The target's own level-3 building hex is not intervening terrain: the line of sight is clear.
    state = game(mech(HUNCHBACK, "a", "0510"), mech(ATLAS, "t", "0505", side="blue"), hexes={"0505": building(height=3)})
    sight = los.line_of_sight(state.board, state.units["a"], state.units["t"])
    assert not sight.blocked
    assert not tohit.weapon_to_hit(state, state.units["a"], 1, state.units["t"], None, 0).impossible


# -- URB-IN-02: the building absorbs ceil(CF/10) of every damage group ------------------------------------------


@pytest.mark.parametrize(
    "damage, building_cf, through, soaked",
    [(5, 40, 1, 4), (20, 40, 16, 4), (5, 35, 1, 4), (3, 40, 0, 3), (10, 15, 8, 2)],
    ids=["ML vs CF40", "AC20 vs CF40", "5 vs CF35", "3 vs CF40", "10 vs CF15"],
)
def test_urb_in_02_building_absorbs_a_tenth_of_its_cf_rounded_up(damage, building_cf, through, soaked):
    assert structures.reduce_absorbed(damage, building_cf) == (through, soaked)


def test_urb_in_02_each_lrm_group_is_reduced_separately():
    # LRM-20, 20 missiles hit (roll 12): groups 5, 5, 5, 5 -> 1 each through a CF-40 building, 4 each absorbed.
    state = game(mech(ATLAS, "a", "0512"), mech(HUNCHBACK, "t", "0505", side="blue"), hexes={"0505": building(cf=40)})
    new, events, d = fire(state, "a", "t", ("LRM-20",), [12, 12, 7, 7, 7, 7])
    assert unit_hits(new) == [("t", "CT", 1)] * 4
    assert hex_hits(new) == [("hex:0505", 4)] * 4
    assert "  5 to t CT: the building absorbs 4, 1 gets through" in events


def test_urb_in_02_ac20_on_a_mech_inside_a_cf_40_building_does_16():
    state = game(mech(HUNCHBACK, "a", "0509"), mech(ATLAS, "t", "0505", side="blue"), hexes={"0505": building(cf=40)})
    new, _events, _ = fire(state, "a", "t", ("AC/20",), [12, 7])
    assert unit_hits(new) == [("t", "CT", 16)]


# -- URB-IN-03 (AMB-43): the building takes the absorbed damage when the weapon phase ends ----------------------


def test_urb_in_03_building_takes_the_absorbed_damage_at_the_end_of_the_phase():
    state = game(mech(HUNCHBACK, "a", "0509"), mech(ATLAS, "t", "0505", "S", side="blue"),
                 hexes={"0505": building(cf=40)})
    state, _events, _ = fire(state, "a", "t", ("AC/20",), [12, 7])
    assert cf(state, "0505") == 40  # not mid-phase
    state, events = engine.apply(state, ResolvePhaseOrder(), ManualDice([]))
    assert cf(state, "0505") == 36
    assert "building hex 0505 takes 4 damage: CF 40 -> 36" in sentences(events)
    t = state.units["t"]
    assert t.max_armor["CT"] - t.armor["CT"] == 16


def test_urb_in_03_absorption_during_the_phase_uses_the_cf_as_it_stood():
    # Two AC/20 hits in one phase on a CF-35 building: each is reduced by ceil(35/10) = 4, not by the CF
    # the first hit will leave (the building's damage waits for the phase's end).
    a2 = mech(HUNCHBACK, "b", "0508")
    state = game(mech(HUNCHBACK, "a", "0509"), a2, mech(ATLAS, "t", "0505", side="blue"),
                 hexes={"0505": building(cf=35)})
    state, _, _ = fire(state, "a", "t", ("AC/20",), [12, 7])
    state, _, _ = fire(state, "b", "t", ("AC/20",), [12, 7])
    assert unit_hits(state) == [("t", "CT", 16), ("t", "CT", 16)]
    assert hex_hits(state) == [("hex:0505", 4), ("hex:0505", 4)]


def test_urb_in_03_option_full_puts_the_whole_hit_on_the_building():
    state = game(mech(HUNCHBACK, "a", "0509"), mech(ATLAS, "t", "0505", side="blue"), hexes={"0505": building(cf=40)},
                 options={"occupant_hit_building_damage": "full"})
    state, _events, _ = fire(state, "a", "t", ("AC/20",), [12, 7])
    assert hex_hits(state) == [("hex:0505", 20)]
    assert unit_hits(state) == [("t", "CT", 16)]


# -- URB-IN-04: misses on a unit inside strike the building only from an adjacent attacker -----------------------


def test_urb_in_04_a_distant_miss_leaves_the_building_alone():
    state = game(gunner("a", "0510", "PPC"), mech(ATLAS, "t", "0505", side="blue"), hexes={"0505": building(cf=40)})
    new, events, _ = fire(state, "a", "t", ("PPC",), [2])
    assert new.pending == ()
    assert events == ["a fires PPC@RT at t: needs 4, rolls 2: miss"]


def test_urb_in_04_an_adjacent_attackers_miss_strikes_the_building_in_full():
    # PPC from the next hex: 4 + 0 short + 3 minimum range = 7; roll 2 misses; the building takes 10.
    state = game(gunner("a", "0506", "PPC"), mech(ATLAS, "t", "0505", side="blue"), hexes={"0505": building(cf=40)})
    new, events, _ = fire(state, "a", "t", ("PPC",), [2])
    assert hex_hits(new) == [("hex:0505", 10)]
    assert unit_hits(new) == []
    assert "  the miss strikes building hex 0505 for 10" in events
    new, _ = engine.apply(new, ResolvePhaseOrder(), ManualDice([]))
    assert cf(new, "0505") == 30


def test_urb_in_04_missiles_that_miss_the_mech_do_not_reach_the_building():
    # LRM-20 from 7 hexes hits with 12 missiles (cluster roll 7): groups 5, 5, 2; the 8 missiles that
    # missed do nothing to the building, which takes only what it absorbed: 4 + 4 + 2.
    state = game(mech(ATLAS, "a", "0512"), mech(HUNCHBACK, "t", "0505", side="blue"), hexes={"0505": building(cf=40)})
    new, _events, _ = fire(state, "a", "t", ("LRM-20",), [12, 7, 7, 7, 7])
    assert hex_hits(new) == [("hex:0505", 4), ("hex:0505", 4), ("hex:0505", 2)]
    assert unit_hits(new) == [("t", "CT", 1), ("t", "CT", 1)]


# -- URB-IN-05: area-effect attacks ignore absorption ---------------------------------------------------------


def test_urb_in_05_area_effect_damage_is_not_reduced():
    # btcli has no area-effect weapons yet; the absorption function takes the flag: 20 AE damage on a
    # 'Mech in a CF-40 building -> 20 to the 'Mech, nothing absorbed (a normal 20-point group: 16 and 4).
    assert structures.reduce_absorbed(20, 40, area_effect=True) == (20, 0)
    assert structures.reduce_absorbed(20, 40) == (16, 4)


# -- URB-IN-06 (AMB-44): automatic partial cover on the floor below the roof ------------------------------------


def test_urb_in_06_standing_mech_in_a_level_1_building_has_partial_cover_and_leg_hits_strike_the_building():
    # Attacker 0509 (level 0), target on the ground floor of a level-1 building 0505: partial cover +1
    # although the attacker is as high; a left-leg hit (9) strikes the building for the full 5.
    state = game(mech(HUNCHBACK, "a", "0509"), mech(ATLAS, "t", "0505", side="blue"), hexes={"0505": building(height=1)})
    result = tohit.weapon_to_hit(state, state.units["a"], 1, state.units["t"], None, 0)
    assert ("partial cover", 1) in result.modifiers
    new, events, _ = fire(state, "a", "t", ("Medium Laser@LA",), [12, 9])
    assert unit_hits(new) == []
    assert hex_hits(new) == [("hex:0505", 5)]
    assert "  5 to LL strikes building hex 0505 instead" in events


def test_urb_in_06_cover_is_on_the_floor_below_the_roof_only():
    # A level-3 building: floor 2 is the floor below the roof (cover); floor 0 is not.
    hexes = {"0505": building(height=3)}
    base = game(mech(HUNCHBACK, "a", "0509"), mech(ATLAS, "t", "0505", side="blue"), hexes=hexes)
    for floor, covered in ((2, True), (1, False), (0, False)):
        state = at(base, "t", floor=floor)
        sight = los.line_of_sight(state.board, state.units["a"], state.units["t"])
        assert sight.partial_cover is covered, floor
        if covered:
            assert sight.cover_hex == H("0505")


def test_urb_in_06_prone_mech_gets_no_automatic_cover():
    state = game(mech(HUNCHBACK, "a", "0509"), mech(ATLAS, "t", "0505", side="blue", prone=True),
                 hexes={"0505": building(height=1)})
    assert not los.line_of_sight(state.board, state.units["a"], state.units["t"]).partial_cover


# -- URB-IN-07: partial cover from a building outside: leg hits strike that building -----------------------------


def test_urb_in_07_leg_hit_on_a_mech_behind_a_building_strikes_the_building():
    # Target 0505 (level 0) behind the level-1 building 0506; attacker 0509. A right-leg hit (5) strikes 0506.
    state = game(mech(HUNCHBACK, "a", "0509"), mech(ATLAS, "t", "0505", side="blue"), hexes={"0506": building(height=1)})
    sight = los.line_of_sight(state.board, state.units["a"], state.units["t"])
    assert (sight.partial_cover, sight.cover_hex) == (True, H("0506"))
    new, events, _ = fire(state, "a", "t", ("Medium Laser@LA",), [12, 5])
    assert unit_hits(new) == []
    assert hex_hits(new) == [("hex:0506", 5)]
    assert "  5 to RL strikes building hex 0506 instead" in events
    new, _ = engine.apply(new, ResolvePhaseOrder(), ManualDice([]))
    assert cf(new, "0506") == 35


def test_urb_in_07_hill_cover_takes_leg_hits_without_damaging_anything():
    state = game(mech(HUNCHBACK, "a", "0509"), mech(ATLAS, "t", "0505", side="blue"), hexes={"0506": {"level": 1}})
    new, events, _ = fire(state, "a", "t", ("Medium Laser@LA",), [12, 5])
    assert new.pending == ()
    assert "  5 to RL strikes the partial cover instead" in events


# -- URB-IN-08: physical attacks into a building ---------------------------------------------------------------


def _physical_state(attacker_at: str, target_at: str, hexes: dict[str, Any]) -> GameState:
    state = game(mech(HUNCHBACK, "a", attacker_at, facing="N"), mech(ATLAS, "t", target_at, facing="S", side="blue"),
                 hexes=hexes, phase=Phase.PHYSICAL)
    return state.with_unit(changed(state.units["a"], mode=MoveMode.WALK, hexes_moved=2))


def test_urb_in_08_punch_from_outside_at_a_mech_inside_is_refused():
    state = _physical_state("0506", "0505", {"0505": building()})
    with pytest.raises(IllegalOrderError) as info:
        physical.check(state, state.units["a"], state.units["t"], "punch")
    assert info.value.rule == "URB-IN-08"


def test_urb_in_08_attacker_inside_the_same_building_same_level_next_hex_may_punch():
    factory = {"0505": building(structure="factory"), "0506": building(structure="factory")}
    state = _physical_state("0506", "0505", factory)
    tn, _mods, limb = physical.check(state, state.units["a"], state.units["t"], "punch")
    assert limb in ("LA", "RA")
    # On another level of the building it may not.
    with pytest.raises(IllegalOrderError) as info:
        upstairs = at(state, "a", floor=1)
        physical.check(upstairs, upstairs.units["a"], upstairs.units["t"], "punch")
    assert info.value.rule == "URB-IN-08"
    # Nor from a separate building next door.
    apart = _physical_state("0506", "0505", {"0505": building(), "0506": building()})
    with pytest.raises(IllegalOrderError):
        physical.check(apart, apart.units["a"], apart.units["t"], "punch")


def test_urb_in_08_a_charge_from_outside_is_allowed():
    state = _physical_state("0506", "0505", {"0505": building()})
    tn, mods, _ = physical.check(state, state.units["a"], state.units["t"], "charge")
    assert mods[0] == ("piloting", 5)


# -- URB-IN-09..12: combat inside one building -------------------------------------------------------------------


def _inside(a_at: str, t_at: str, a_floor: int = 0, t_floor: int = 0, height: int = 3, hexes=None) -> GameState:
    hexes = hexes or {label: building(height=height, structure="block") for label in {a_at, t_at}}
    state = game(mech(HUNCHBACK, "a", "1212"), mech(ATLAS, "t", "1211", side="blue"), hexes=hexes)
    return at(at(state, "a", floor=a_floor, hex=a_at), "t", floor=t_floor, hex=t_at)


def test_urb_in_09_mechs_on_levels_0_and_1_of_one_hex_may_attack_each_other():
    state = _inside("0505", "0505", 0, 1)
    result = tohit.weapon_to_hit(state, state.units["a"], 1, state.units["t"], None, 0)
    assert not result.impossible
    new, events, _ = fire(state, "a", "t", ("Medium Laser@LA",), [12, 7])
    assert unit_hits(new) == [("t", "CT", 5)]  # the building between two units inside absorbs nothing
    assert hex_hits(new) == []


@pytest.mark.parametrize(
    "a_at, t_at, a_floor, t_floor, count, blocked",
    [
        ("0505", "0504", 0, 0, 0, False),  # next hex, same level
        ("0505", "0503", 0, 0, 1, False),  # one hex between
        ("0505", "0502", 0, 0, 2, True),  # two hexes between
        ("0505", "0505", 0, 2, 1, False),  # one level between
        ("0505", "0503", 0, 2, 2, True),  # one hex and one level between
    ],
)
def test_urb_in_10_two_intervening_building_hexes_or_levels_block(a_at, t_at, a_floor, t_floor, count, blocked):
    """URB-IN-10: inside one building, two or more intervening building hexes or levels block the line."""
    hexes = {f"05{r:02d}": building(height=3, structure="block") for r in range(1, 7)}
    state = _inside(a_at, t_at, a_floor, t_floor, hexes=hexes)
    sight = los.line_of_sight(state.board, state.units["a"], state.units["t"])
    assert (sight.inside, sight.blocked) == (count, blocked)


def test_urb_in_11_inside_a_building_plus_1_and_plus_1_per_intervening_hex_or_level():
    """URB-IN-11: +1 inside a building, +1 more per intervening building hex or level."""
    next_hex = _inside("0505", "0504")
    mods = tohit.weapon_to_hit(next_hex, next_hex.units["a"], 1, next_hex.units["t"], None, 0).modifiers
    assert ("inside a building", 1) in mods
    one_level = _inside("0505", "0505", 0, 2)
    mods = tohit.weapon_to_hit(one_level, one_level.units["a"], 1, one_level.units["t"], None, 0).modifiers
    assert ("inside a building, 1 intervening", 2) in mods
    # Gunnery 4, short range: 4 + 0 + 2 = 6.
    assert tohit.weapon_to_hit(one_level, one_level.units["a"], 1, one_level.units["t"], None, 0).target == 6


def test_urb_in_12_inside_a_building_a_side_attack_uses_the_front_column():
    """URB-IN-12: inside a building the front/rear column is used, even from the side."""
    # The target faces N; the attacker is on its right side (0604 from 0505 ... use 0605, NE-SE of 0505).
    hexes = {"0505": building(structure="block"), "0605": building(structure="block")}
    state = game(mech(HUNCHBACK, "a", "0605", facing="NW"), mech(ATLAS, "t", "0505", side="blue"), hexes=hexes)
    assert arcs.attack_direction(H("0505"), state.units["t"].facing, H("0605"), False) == "right"
    new, _events, d = fire(state, "a", "t", ("Medium Laser@LA",), [12, 7])
    assert d.rolls[-1].purpose == "hit location Medium Laser@LA from a vs t (front)"
    assert [h.side for h in new.pending] == ["front"]


def test_urb_in_12_inside_a_building_a_rear_attack_uses_the_rear_column():
    """URB-IN-12: a rear attack inside a building uses the rear column."""
    hexes = {"0505": building(structure="block"), "0506": building(structure="block")}
    state = game(mech(HUNCHBACK, "a", "0506"), mech(ATLAS, "t", "0505", side="blue"), hexes=hexes)
    new, _events, d = fire(state, "a", "t", ("Medium Laser@LA",), [12, 7])
    assert [(h.side, h.rear) for h in new.pending] == [("rear", True)]


def test_urb_in_12_a_target_in_the_attackers_own_hex_is_in_its_front_arc():
    """URB-IN-12: a target in the attacker's own hex counts as in its front arc."""
    # Atlas on floor 1 with rear-mounted medium lasers (weapons 6, 7) and the Hunchback on floor 0 of its
    # hex: the target counts as in the front arc, so front weapons fire, the rear ones cannot, and a
    # second target in the same hex is a secondary target in the front arc (+1).
    state = game(mech(ATLAS, "a", "0505"), mech(HUNCHBACK, "t", "1212", side="blue"),
                 mech(HUNCHBACK, "u", "1211", side="blue"), hexes={"0505": building(height=3)})
    state = at(at(at(state, "a", floor=1), "u", floor=2, hex="0505"), "t", floor=0, hex="0505")
    a, t, u = state.units["a"], state.units["t"], state.units["u"]
    rear = [i for i, m in enumerate(a.weapons) if m.rear]
    assert rear, "the Atlas carries rear-mounted weapons"
    assert tohit.weapon_to_hit(state, a, rear[0], t, None, 0).impossible
    front = next(i for i, m in enumerate(a.weapons) if m.weapon == "Medium Laser" and not m.rear)
    assert not tohit.weapon_to_hit(state, a, front, t, None, 0).impossible
    assert ("secondary target, front arc", 1) in tohit.weapon_to_hit(state, a, front, u, "t", 0).modifiers
    assert arcs.attack_direction(t.hex, t.facing, a.hex, False) == "front"


# -- URB-IN-13: a 'Mech on the roof is not inside ------------------------------------------------------------------


def test_urb_in_13_roof_mech_attacking_a_mech_inside_its_hex_meets_absorption_not_the_inside_modifier():
    state = game(mech(HUNCHBACK, "a", "0505"), mech(ATLAS, "t", "1212", side="blue"), hexes={"0505": building(cf=40)})
    state = at(at(state, "a", top=True), "t", hex="0505")
    assert placement.inside(state.board, state.units["a"]) is None
    result = tohit.weapon_to_hit(state, state.units["a"], 1, state.units["t"], None, 0)
    assert not any(name.startswith("inside a building") for name, _ in result.modifiers)
    assert result.target == 4  # gunnery 4, short range, nothing else
    new, _events, _ = fire(state, "a", "t", ("Medium Laser@LA",), [12, 7])
    assert unit_hits(new) == [("t", "CT", 1)]
    assert hex_hits(new) == [("hex:0505", 4)]


# -- URB-CLUB-01: girder clubs from rubble -------------------------------------------------------------------------


def _rubble(kind: str) -> dict[str, Any]:
    return {"terrain": "rubble", "ruin": {"kind": "building", "type": kind, "height": 2, "cf": 0}}


def _search(kind: str, roll: list[int], phase: Phase = Phase.WEAPON):
    state = game(mech(HUNCHBACK, "a", "0505"), mech(ATLAS, "t", "1212", side="blue"), hexes={"0505": _rubble(kind)},
                 phase=phase)
    d = ManualDice(roll)
    new, events = engine.apply(state, GirderSearchOrder("a"), d)
    d.finish()
    return new, sentences(events), d


@pytest.mark.parametrize("kind, roll, found", [
    ("medium", 6, False), ("medium", 7, True), ("heavy", 5, False), ("heavy", 6, True),
    ("hardened", 4, False), ("hardened", 5, True),
])
def test_urb_club_01_girder_search_needs_7_medium_6_heavy_5_hardened(kind, roll, found):
    new, events, d = _search(kind, [roll])
    assert d.rolls[0].target == {"medium": 7, "heavy": 6, "hardened": 5}[kind]
    assert (new.units["a"].mech.club == "girder") is found
    assert new.units["a"].mech.girder_search == new.turn


def test_urb_club_01_light_rubble_gives_no_girder_and_no_roll():
    with pytest.raises(IllegalOrderError) as info:
        _search("light", [])
    assert info.value.rule == "URB-CLUB-01"
    assert structures.girder_target(Hex(Terrain.RUBBLE, ruin=Building(BuildingType.LIGHT))) is None
    assert structures.girder_target(Hex(Terrain.RUBBLE)) is None  # plain rubble: no building fell here


def test_urb_club_01_the_search_is_made_in_the_weapon_attack_phase_and_once():
    with pytest.raises(IllegalOrderError, match="weapon attack phase"):
        _search("medium", [], phase=Phase.PHYSICAL)
    new, _events, _ = _search("medium", [6])
    with pytest.raises(IllegalOrderError, match="already acted"):
        engine.apply(new, GirderSearchOrder("a"), ManualDice([7]))
    with pytest.raises(IllegalOrderError, match="searching for a girder"):
        engine.apply(new, WeaponAttackOrder("a", "t", ("Medium Laser@LA",)), ManualDice([7]))


def test_urb_club_01_a_found_girder_is_swung_as_a_club():
    new, _events, _ = _search("heavy", [6])
    state = changed(new, phase=Phase.PHYSICAL)
    state = state.with_unit(changed(state.units["t"], position=H("0504"), facing=Facing.parse("S")))
    state = state.with_unit(changed(state.units["a"], fired=()))
    tn, mods, _ = physical.check(state, state.units["a"], state.units["t"], "club")
    assert ("club", -1) in mods


def test_urb_atk_06_armor_piercing_shot_at_a_building_spends_an_ap_round():
    # A shot at a building hex spends a round of the kind named and keeps the bins' kinds (VEH-DMG-10);
    # armor-piercing rounds add +1 to hit there too.
    ammo = [{"weapon": "AC/20", "location": "RT", "shots": 5}, {"weapon": "AC/20", "location": "RT", "shots": 5, "kind": "ap"}]
    state = game(gunner("a", "0509", "AC/20", ammo=ammo), mech(ATLAS, "t", "1212", side="blue"),
                 hexes={"0505": building()})
    new, _events, d = fire(state, "a", "0505", ("AC/20:ap",), [12])
    assert [(b.kind, b.shots) for b in new.units["a"].ammo] == [("standard", 5), ("ap", 4)]
    assert ("armor-piercing ammunition", 1) in d.rolls[0].modifiers
    assert hex_hits(new) == [("hex:0505", 20)]
