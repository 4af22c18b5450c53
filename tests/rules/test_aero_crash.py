"""Tests for aerospace crashes onto the ground board (btcli.rules.aero.crash, aero_crash_targets; catalog
AERO-CRASH-01..22, AMB-31, 32, 33, 57, 58, 62).

The ground board is a clear 30 x 30 map. The crashing unit 'air' flies at altitude 1 in the low-altitude
map's ground-board hex (0809) and comes down at 1525 heading N. Dice are scripted in request order:

- the crash hex: 2D6 random-movement rolls, then a 1D6 each. ``STRAIGHT`` = 2 rolls, both straight ahead:
  1525 -> 1517 -> 1509, so the crash hex is 1509, travelling N. Around 1509: N 1508, NE 1608, SE 1609,
  S 1510, SW 1409, NW 1408;
- the crash damage 2D6 (x 10 x velocity; velocity 1 unless a test says);
- the aircraft's 10-point groups, each a 2D6 location (7: the nose table's nose / the aft table's aft). The
  Battle Taxi NL-42 (a spheroid small craft, aft 120, threshold 12) takes a 10-point group on its aft table
  without a critical check, so it needs one die a group; the Corsair (nose 73, threshold 8) also makes a
  critical check per group (2: no critical). An out-of-control DropShip takes no groups (AERO-CRASH-02);
- per unit struck: the 1D6 avoidance roll(s), then its 5-point groups (a 'Mech: a 1D6 on the Punch table,
  3 = centre torso; a vehicle: a 2D6 location on its table, 6 or 7 = front; a platoon: none);
- a displaced 'Mech's PSR (12: it keeps its feet).
"""

from __future__ import annotations

import pytest

from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.aero import AeroClass, AeroDesign, ArcArmor, Shape
from btcli.model.board import Board, Hex, Terrain
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.model.orders import MoveOrder
from btcli.model.state import GameState, Phase
from btcli.model.units import GROUND
from btcli.rules.aero import crash as aero_crash, crash_targets as aero_crash_targets, moves as aero_moves
from btcli.rules.aero.crash import crash_on_ground_board
from btcli.rules.aero.crash_targets import CrashReadings
from btcli.store import codec
from btcli.store.gamefile import parse_toml, render_head
from btcli.store.hashing import state_hash
from btcli.render.events import sentences
from tests.builders import (
    HUNCHBACK,
    aero_game,
    asset,
    building,
    design,
    flier,
    platoon,
    purposes,
    put,
    vehicle,
)
from tests.rules.aero_fixtures import AIRSHIP

H = HexId.parse
CORSAIR = "Corsair CSR-V12"
NL42 = "Battle Taxi NL-42"
UNION = "Union (2708)"  # spheroid DropShip, aft 104, threshold 11
ENTRY = H("1525")
STRAIGHT = [2, 3, 3]  # 2 random-movement rolls, straight ahead twice: crash hex 1509, travelling N
KEEPS_FEET = 12

LARGE_PLANE = AeroDesign(
    name="Test Cargo Plane", aero_class=AeroClass.FIXED_WING, shape=Shape.AERODYNE, tons=150, safe_thrust=3,
    max_thrust=5, structural_integrity=8, armor=ArcArmor(30, 20, 20, 20),
)


def mech(uid: str, at: str, **keys) -> dict:
    return design(HUNCHBACK, uid, at=at, side="blue", **keys)  # CT armor 26


def tank(uid: str, at: str, facing: str = "N") -> dict:
    return vehicle("tracked", 4, uid, at=at, facing=facing, side="blue")  # front armor 10


def squad(uid: str, at: str) -> dict:
    """A battle armor squad: 4 troopers, 5 armor each."""
    return {"id": uid, "side": "blue", "kind": "infantry", "tons": 4, "troopers": 4, "trooper_armor": 5, "walk": 1,
            "position": at}


def crash_game(aircraft: str = NL42, *ground: dict, out_of_control: bool = False, hexes: dict | None = None,
               stacked: dict[str, str] | None = None) -> GameState:
    """Returns a game with 'air' over the ground board and ``ground`` units (``stacked``: unit -> hex, moved in
    after loading, since a scenario starts one unit a hex)."""
    ground = ground or (mech("far", "0101"),)
    state = aero_game(flier(aircraft, "air", at="0809", map="low", altitude=1, facing="N", velocity=1),
                      ground=ground, width=30, height=30, hexes=hexes, phase=Phase.AERO_MOVEMENT)
    for uid, label in (stacked or {}).items():
        state = put(state, uid, at=label)
    if out_of_control:
        unit = state.units["air"]
        state = state.with_unit(evolve(unit, aero=evolve(unit.aero, out_of_control=True)))
    return state


def crash(state: GameState, dice: list[int], velocity: int = 1, readings: CrashReadings = CrashReadings()):
    """Crashes 'air' from 1525 heading N with scripted dice; checks every value was used."""
    d = ManualDice(list(dice))
    new, events = crash_on_ground_board(state, "air", ENTRY, Facing.N, velocity, d, readings)
    d.finish()
    return new, sentences(events), d


def where(state: GameState, uid: str) -> str | None:
    hex_id = state.units[uid].hex
    return hex_id.label if hex_id is not None else None


def avoid_rolls(dice: ManualDice, uid: str) -> int:
    return sum(1 for p in purposes(dice) if p.startswith(f"crash: avoid damage {uid}"))


# -- the crash and the aircraft ----------------------------------------------------------------------------------


def test_a_unit_at_the_level_of_its_hex_that_does_not_land_crashes():  # AERO-CRASH-01
    hill = Hex(level=1)
    assert aero_crash.crashes(1, hill, lands=False)
    assert not aero_crash.crashes(1, hill, lands=True)
    assert aero_crash.crashes(1, hill, lands=True, out_of_control=True)  # out of control: no landing
    assert not aero_crash.crashes(2, hill, lands=False)
    assert aero_crash.crashes(1, Hex(level=2), lands=True)  # below the terrain: always (AERO-LALT-09)


def test_an_out_of_control_dropship_is_destroyed_a_fighter_takes_the_damage():  # AERO-CRASH-02
    state, events, dice = crash(crash_game(UNION, out_of_control=True), STRAIGHT + [2])
    assert state.units["air"].destroyed and not any(p.startswith("hit location air") for p in purposes(dice))
    assert "air is out of control: the DropShip is destroyed (AERO-CRASH-02); its crash deals 20" in events
    state, _, _ = crash(crash_game(CORSAIR, out_of_control=True), STRAIGHT + [2, 7, 2, 7, 2])
    fighter = state.units["air"]
    assert not fighter.destroyed and fighter.armor["nose"] == 73 - 20


def test_crash_damage_is_2d6_times_10_times_velocity_and_velocity_0_counts_2():  # AERO-CRASH-03
    assert aero_crash.crash_damage(7, 3) == 210
    assert aero_crash.crash_damage(5, 0) == 100
    assert aero_crash.roll_crash_damage(ManualDice([7]), "air", 3) == 210


def test_crash_damage_goes_in_10_point_groups_nose_table_or_aft_for_spheroids():  # AERO-CRASH-04
    union = crash_game(UNION).units["air"]
    dice = ManualDice([7] * 10)
    after = aero_crash.damage_aircraft(union, 100, dice, [], 1)
    dice.finish()
    assert purposes(dice) == ["hit location air (aft)"] * 10 and after.armor["aft"] == 104 - 100
    corsair = crash_game(CORSAIR).units["air"]
    dice = ManualDice([7, 2, 7, 2])
    after = aero_crash.damage_aircraft(corsair, 20, dice, [], 1)
    dice.finish()
    assert purposes(dice)[0] == "hit location air (nose)" and after.armor["nose"] == 53
    assert aero_crash.hit_side(union.aero_design) == "rear" and aero_crash.hit_side(corsair.aero_design) == "front"


def test_a_crash_strikes_a_tank_in_the_crash_hex():  # AERO-CRASH-05, AERO-CRASH-14
    state = crash_game(CORSAIR, tank("t", "1509"))
    assert aero_crash.over_ground_board(state, state.units["air"])
    assert not aero_crash.over_ground_board(put(state, "air", at="0808"), state.units["air"].at(H("0808")))
    state, events, dice = crash(state, STRAIGHT + [2, 7, 2, 7, 2] + [4, 6, 7])
    assert avoid_rolls(dice, "t") == 1
    assert purposes(dice)[-2:] == ["hit location crash vs t (front)"] * 2
    assert state.units["t"].armor["front"] == 0  # 20 crash damage / 2 = 10, two 5-point groups on the front
    assert "t is struck by the crash (rolled 4): 10 damage in 5-point groups (AERO-CRASH-14)" in events


def test_the_crash_hex_is_found_by_2d6_random_movement_rolls_of_8_hexes_each():  # AERO-CRASH-06
    board = Board(30, 30)
    track = aero_crash.walk(board, ENTRY, Facing.N, (3, 5, 1))  # straight, 1 right, 2 left
    assert [h.label for h in track.hexes[7:9]] == ["1517", "1616"]  # 8 hexes N, then NE
    assert len(track.hexes) == 24 and track.crash_hex == H("1509") and track.heading is Facing.NW
    dice = ManualDice([3, 3, 5, 1])  # 2D6 = 3: three rolls
    assert aero_crash.find_crash_hex(board, ENTRY, Facing.N, dice, "air") == track
    dice.finish()


def test_a_crash_that_leaves_the_board_destroys_the_unit_and_harms_nothing():  # AERO-CRASH-07
    state = crash_game(NL42, tank("t", "1509"))
    d = ManualDice([2, 3])  # the first roll takes it from 1505 off the north edge: the second is never rolled
    state, events = crash_on_ground_board(state, "air", H("1505"), Facing.N, 1, d)
    d.finish()
    assert state.units["air"].destroyed and state.units["air"].position.map == "low"
    assert "air's crash leaves the play area at 1500: destroyed (AERO-CRASH-07)" in sentences(events)
    assert state.units["t"].armor["front"] == 10 and where(state, "t") == "1509"


def test_only_a_dropship_reaches_the_hexes_around_the_crash_hex():  # AERO-CRASH-08
    state, _, dice = crash(crash_game(NL42, tank("t", "1508")), STRAIGHT + [2, 7, 7])
    assert avoid_rolls(dice, "t") == 0 and where(state, "t") == "1508"
    state, _, dice = crash(crash_game(UNION, tank("t", "1508"), out_of_control=True), STRAIGHT + [2, 1])
    assert avoid_rolls(dice, "t") == 1 and where(state, "t") == "1507"  # displaced out (AERO-CRASH-18)


def test_an_airship_does_half_damage_to_others_in_its_crash_hex_only():  # AERO-CRASH-09, AMB-31, AMB-62
    board = Board(30, 30)
    t = crash_game(NL42, tank("t", "1509")).units["t"]
    assert aero_crash_targets.affected_hexes(board, H("1509"), AIRSHIP) == (H("1509"),)
    assert aero_crash.building_damage(60, AIRSHIP) == 30
    assert aero_crash_targets.unit_damage(60, AIRSHIP, t, board) == 15  # 60 / 2 / 2
    assert aero_crash_targets.unit_damage(30, AIRSHIP, t, board) == 8  # 7.5, rounded up (AMB-31)


def test_a_building_takes_the_crash_damage_and_a_hardened_one_doubles_it():  # AERO-CRASH-10, AMB-32
    state = crash_game(NL42, hexes={"1509": building("medium", 2)})
    state, events, _ = crash(state, STRAIGHT + [12] + [7] * 12)  # 120 damage: twelve groups on the aft
    assert state.units["air"].armor["aft"] == 0 and not state.units["air"].destroyed
    assert "building hex 1509 takes 120 crash damage: CF 40 -> 0 (AERO-CRASH-10)" in events
    assert state.board.hex(H("1509")).terrain is Terrain.RUBBLE
    state = crash_game(NL42, hexes={"1509": building("hardened", 2)})
    state, events, _ = crash(state, STRAIGHT + [12] + [7] * 13)  # 240: the 13th group ends its SI
    assert state.units["air"].destroyed
    assert "air takes 240 crash damage (doubled by a hardened building, AERO-CRASH-10, 11) in 10-point groups on " \
           "the aft table (AERO-CRASH-03, AERO-CRASH-04)" in events
    assert "building hex 1509 takes 240 crash damage: CF 120 -> 0 (AERO-CRASH-10)" in events


def test_a_dropship_destroys_the_buildings_it_covers_and_hardened_ones_double_once():  # AERO-CRASH-11
    hexes = {label: building("hardened", 2) for label in ("1509", "1508", "1510")}
    state, events, _ = crash(crash_game(UNION, hexes=hexes, out_of_control=True), STRAIGHT + [6], velocity=5)
    assert "air is out of control: the DropShip is destroyed (AERO-CRASH-02); its crash deals 600 (doubled by a " \
           "hardened building, AERO-CRASH-10, 11)" in events  # 300 x 2, not x 6
    assert all(state.board.hex(H(label)).terrain is Terrain.RUBBLE for label in hexes)
    board = crash_game(UNION, hexes=hexes).board
    assert aero_crash.damage_taken(300, board, (H("1509"), H("1508"), H("1510"))) == 600
    assert aero_crash.damage_taken(300, board, (H("1511"),)) == 300


@pytest.mark.parametrize("rolls, groups, ct", [
    ((1, 2), [], 26),  # both avoid
    ((2, 4), [3, 3], 16),  # one failure: 20 / 2 = 10 once
    ((3, 6), [3, 3, 3, 3], 6),  # two: twice (AMB-58)
])
def test_a_dropship_destroys_non_mechs_in_its_crash_hex_and_mechs_roll_twice(rolls, groups, ct):  # AERO-CRASH-12
    state = crash_game(UNION, mech("m", "1509"), platoon("p", at="0303"), tank("t", "0305"), out_of_control=True,
                       stacked={"p": "1509", "t": "1509"})
    state, events, dice = crash(state, STRAIGHT + [2, *rolls, *groups, KEEPS_FEET])
    assert state.units["p"].destroyed and state.units["t"].destroyed
    assert "t is crushed under the DropShip in 1509 and destroyed (AERO-CRASH-12)" in events
    assert avoid_rolls(dice, "m") == 2 and state.units["m"].armor["CT"] == ct
    assert where(state, "m") == "1511"  # crash hex -> 1510 -> 1511


def test_a_dropship_crash_lowers_its_hexes_two_levels_and_the_ring_to_the_crash_hex():  # AERO-CRASH-13
    board = Board(30, 30, Hex(level=0), {H("1509"): Hex(level=1), H("1508"): Hex(level=4)})
    lowered = aero_crash_targets.lower_terrain(board, H("1509"))
    assert lowered.hex(H("1509")).level == -1
    assert lowered.hex(H("1510")).level == -2  # 0 - 2, already below the crash hex
    assert lowered.hex(H("1508")).level == -1  # 4 - 2 = 2, above the crash hex: down to -1
    assert lowered.hex(H("1511")).level == 0
    state, events, _ = crash(crash_game(UNION, out_of_control=True), STRAIGHT + [2])
    assert state.board.hex(H("1509")).level == -2 and state.board.hex(H("1408")).level == -2
    assert "the ground in 1509 and around it is lowered 2 levels (AERO-CRASH-13)" in events


def test_units_avoid_on_1_2_and_otherwise_take_half_in_5_point_groups():  # AERO-CRASH-14
    t = crash_game(NL42, tank("t", "1509")).units["t"]
    board = Board(30, 30)
    assert aero_crash_targets.unit_damage(120, design_of(NL42), t, board) == 60
    assert aero_crash_targets.unit_damage(120, LARGE_PLANE, t, board) == 120  # a large fixed-wing SV doubles it
    assert aero_crash_targets.avoids(t, 2) and not aero_crash_targets.avoids(t, 3)
    state, events, _ = crash(crash_game(NL42, tank("t", "1509")), STRAIGHT + [2, 7, 7, 2])
    assert state.units["t"].armor == {"front": 10, "right": 8, "left": 8, "rear": 6}
    assert "t avoids the crash's damage (rolled 2, needs 2 or less; AERO-CRASH-14)" in events


def design_of(name: str) -> AeroDesign:
    return crash_game(name).units["air"].aero_design


def test_survivors_in_the_crash_hex_are_pushed_opposite_to_the_direction_of_travel():  # AERO-CRASH-15
    state, _, _ = crash(crash_game(NL42, tank("t", "1509")), STRAIGHT + [2, 7, 7, 1])
    assert where(state, "t") == "1510"  # travelling N: pushed S
    d = ManualDice([3, 3, 5, 1, 2, 7, 7, 1])  # the walk of AERO-CRASH-06 ends in 1509 travelling NW
    state, _ = crash_on_ground_board(crash_game(NL42, tank("t", "1509")), "air", ENTRY, Facing.N, 1, d)
    d.finish()
    assert where(state, "t") == "1609"  # pushed SE


def test_infantry_avoid_on_1_3_platoons_in_the_open_double_and_battle_armor_per_trooper():  # AERO-CRASH-16
    state = crash_game(NL42, platoon("p", at="1509"))
    p = state.units["p"]
    assert aero_crash_targets.unit_damage(40, state.units["air"].aero_design, p, state.board) == 40  # 20 x 2
    assert aero_crash_targets.avoids(p, 3) and not aero_crash_targets.avoids(p, 4)
    state, _, _ = crash(state, STRAIGHT + [2, 7, 7, 4])
    assert state.units["p"].internal["troopers"] == 28 - 20
    state = crash_game(NL42, squad("ba", "1509"))
    state, _, dice = crash(state, STRAIGHT + [2, 7, 7, 7, 7, 5, 2, 2, 2, 6, 1, 3], velocity=2)  # 40: 20 to the squad
    ba = state.units["ba"]
    assert purposes(dice).count("crash: trooper hit ba") == 6  # trooper 2 down and a 6 are rolled again
    assert ba.armor == {"trooper1": 0, "trooper2": 0, "trooper3": 0, "trooper4": 5} and ba.internal["trooper2"] == 0


@pytest.mark.parametrize("card, roll, damage", [
    ("Foot Platoon (Rifle)", 3, 0),  # infantry avoid on 1-3
    ("Foot Platoon (Rifle)", 4, 20),  # 20 / 2, doubled for conventional infantry in the open
    ("Elemental Battle Armor [MG](Sqd5)", 3, 0),
    ("Elemental Battle Armor [MG](Sqd5)", 4, 10),  # battle armor: not doubled
])
def test_infantry_assets_are_infantry_for_the_crash(card, roll, damage):  # AERO-CRASH-16, ASSET-GEN-05
    # "Infantry" means conventional infantry and battle armor, assets included (ASSET-GEN-05): a 20-point crash
    # in the clear hex 1509 spares them on 1-3 and otherwise deals 10, or 20 to conventional infantry.
    state = crash_game(NL42, asset(card, "p", at="1509", side="blue"))
    state, events, _ = crash(state, STRAIGHT + [2, 7, 7, roll])
    assert state.units["p"].asset.state.damage == damage
    assert any(e.startswith("p ") and "AERO-CRASH-16)" in e for e in events)


def test_units_around_a_dropship_roll_once_and_take_half_on_the_punch_table():  # AERO-CRASH-17, AMB-33
    state = crash_game(UNION, mech("m", "1508"), out_of_control=True)
    union = state.units["air"].aero_design
    assert aero_crash_targets.unit_damage(200, union, state.units["m"], state.board) == 100
    literal = CrashReadings(dropship_halved=False)
    assert aero_crash_targets.unit_damage(200, union, state.units["m"], state.board, literal) == 200
    after, _, dice = crash(state, STRAIGHT + [2, 3, 3, 3, KEEPS_FEET])
    assert avoid_rolls(dice, "m") == 1 and after.units["m"].armor["CT"] == 26 - 10
    after, _, _ = crash(state, STRAIGHT + [2, 3, 3, 3, 3, 3, KEEPS_FEET], readings=literal)
    assert after.units["m"].armor["CT"] == 26 - 20
    behind = crash_game(UNION, tank("t", "1510")).units["t"]  # faces N: a DropShip travelling N comes from behind
    assert aero_crash_targets.vehicle_column(behind, Facing.N, union) == "rear"
    assert aero_crash_targets.vehicle_column(behind, Facing.S, union) == "front"
    assert aero_crash_targets.vehicle_column(behind, Facing.N, AIRSHIP) == "front"


def test_a_dropship_displaces_all_but_one_friendly_infantry_a_hex_around_it():  # AERO-CRASH-18, AMB-57
    ground = (mech("m", "1509"), platoon("c", at="0301"), tank("t", "1508"), platoon("p1", at="1609"),
              platoon("p2", at="1409"), platoon("p3", at="0303"))
    state = crash_game(UNION, *ground, out_of_control=True, stacked={"c": "1509", "p3": "1409"})
    state, events, _ = crash(state, STRAIGHT + [2, 1, 1, 1, 1, 1, 1, KEEPS_FEET])
    assert state.units["c"].destroyed  # infantry in the crash hex do not survive
    assert where(state, "m") == "1511" and where(state, "t") == "1507"
    assert where(state, "p1") == "1609" and where(state, "p2") == "1409" and where(state, "p3") == "1310"
    assert "p2 stays in 1409 under the crashed DropShip (AERO-CRASH-18)" in events


@pytest.mark.parametrize("rolls, groups, ct, readings", [
    ((2, 5), [3, 3], 16, CrashReadings()),  # damaged once
    ((4, 6), [3, 3, 3, 3], 6, CrashReadings()),  # twice
    ((4, 6), [3, 3], 16, CrashReadings(crash_hex_mech_damage="at_most_once")),  # the alternative of AMB-58
])
def test_a_mech_displaced_two_hexes_rolls_twice_a_tank_displaced_one_once(rolls, groups, ct, readings):
    # AERO-CRASH-19, AMB-58
    state = crash_game(UNION, mech("m", "1509"), tank("t", "1510"), out_of_control=True)
    state, _, dice = crash(state, STRAIGHT + [2, *rolls, *groups, 1, KEEPS_FEET], readings=readings)
    assert avoid_rolls(dice, "m") == 2 and avoid_rolls(dice, "t") == 1
    assert state.units["m"].armor["CT"] == ct
    assert where(state, "m") == "1511" and where(state, "t") == "1512"  # the tank went first; the 'Mech pushed it on


def test_displaced_units_leave_the_crash_site_even_into_prohibited_terrain():  # AERO-CRASH-20
    hexes = {"1407": {"level": 3}, "1607": {"level": 3}, "1507": {"terrain": "water", "depth": 2}}
    state = crash_game(UNION, tank("t", "1508"), out_of_control=True, hexes=hexes)
    state, events, _ = crash(state, STRAIGHT + [2, 1])
    assert state.units["t"].destroyed and where(state, "t") == "1507"  # not back into the crash hex 1509
    assert "t is pushed into depth-2 water and destroyed (VEH-DISP-01)" in events
    hexes = {label: {"level": 3} for label in ("1511", "1610", "1410")}  # no way on from 1510 but back
    state = crash_game(UNION, mech("m", "1509"), out_of_control=True, hexes=hexes)
    state, _, _ = crash(state, STRAIGHT + [2, 1, 1, KEEPS_FEET])
    assert where(state, "m") == "1409"  # round the ring rather than into the crash hex again


def test_a_unit_surviving_a_crash_into_a_building_is_immobile_for_the_game():  # AERO-CRASH-21
    state = crash_game(NL42, hexes={"1509": building("heavy", 2)})
    state, events, _ = crash(state, STRAIGHT + [2, 7, 7])
    air = state.units["air"]
    assert air.position.map == GROUND and where(state, "air") == "1509" and air.active
    assert air.aero.landed and air.aero.velocity == 0 and aero_crash.immobile(air)
    assert "air survives the crash and lies in 1509, immobile for the rest of the game (AERO-CRASH-21)" in events
    assert state.board.hex(H("1509")).building.cf == 90 - 20
    with pytest.raises(IllegalOrderError):
        aero_moves.check(evolve(state, turn=2), MoveOrder("air", "safe", ("F",)))
    state, _, _ = crash(crash_game(NL42), STRAIGHT + [2, 7, 7])
    assert state.units["air"].aero.landed and not aero_crash.immobile(state.units["air"])  # in the open


def test_collapse_damage_comes_before_the_crash_damage():  # AERO-CRASH-22
    state = crash_game(UNION, mech("m", "1508"), out_of_control=True, hexes={"1508": building("medium", 2)})
    # collapse: 40 / 10 x 2 = 8 in groups of 5 and 3 (punch table 3, 3); then the crash: roll 3, 10 (3, 3)
    state, events, dice = crash(state, STRAIGHT + [2, 3, 3, 3, 3, 3, KEEPS_FEET])
    collapse = events.index("m takes 8 collapse damage (40 CF / 10 x 2; URB-COLL-04)")
    struck = events.index("m is struck by the crash (rolled 3): 10 damage in 5-point groups (AERO-CRASH-14)")
    assert collapse < struck and state.units["m"].armor["CT"] == 26 - 8 - 10
    assert purposes(dice).index("crash: avoid damage m") > purposes(dice).index("punch location vs m (front)")


# -- the wreck ---------------------------------------------------------------------------------------------------


def test_a_surviving_dropship_covers_its_crash_hex_and_the_six_around_it():  # AERO-CRASH-11, 18
    state, _, _ = crash(crash_game(UNION), STRAIGHT + [2, 7, 7])
    union = state.units["air"]
    assert not union.destroyed and union.position.hex == H("1509") and not aero_crash.immobile(union)
    assert [h.label for h in union.position.footprint] == ["1508", "1608", "1609", "1510", "1409", "1408"]


def test_a_wreck_round_trips_through_the_game_file_and_keeps_its_hash():  # AERO-CRASH-21: a state field
    state, _, _ = crash(crash_game(NL42, hexes={"1509": building("heavy", 2)}), STRAIGHT + [2, 7, 7])
    again = codec.state_from_dict(parse_toml(render_head(state), "game"))
    assert again.units == state.units and aero_crash.immobile(again.units["air"])
    assert state_hash(again) == state_hash(state)


def test_the_default_entry_hex_is_the_middle_of_the_edge_behind_the_heading():
    assert aero_crash.entry_edge_hex(Board(30, 30), Facing.N) == H("1530")
    assert aero_crash.entry_edge_hex(Board(30, 30), Facing.S) == H("1501")


def test_a_dropship_crash_from_behind_is_not_doubled_on_a_vehicle_asset():  # AERO-CRASH-17, ASSET-DMG-01, -10
    # An asset has no hit locations (ASSET-DMG-01) and only damage from *attacks* in its rear arc is doubled
    # (ASSET-DMG-10): the DropShip coming from behind the north-facing tank asset in 1510 deals it 10 once,
    # not 20 (the crash took the rear column and the asset counted it double).
    state = crash_game(UNION, asset("S-1 Light tracked tank", "a", at="1510", side="blue"), out_of_control=True)
    assert aero_crash_targets.vehicle_column(state.units["a"], Facing.N, state.units["air"].aero_design) == "front"
    state, events, _ = crash(state, STRAIGHT + [2, 5])
    assert state.units["a"].asset.state.damage == 10
    assert not any("doubled from the rear" in e for e in events)
