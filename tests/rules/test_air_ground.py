"""Tests for air-to-ground attacks (strikes, strafing, bombing: btcli.rules.aero.air_ground) and ground-to-air fire
(btcli.rules.aero.ground_to_air), issue #14, through the engine with fixed dice. The figures are tables.md 9.8's and
MegaMek's (UNVERIFIED, docs/rules-notes.md "Air-to-ground attacks (issue #14)").

The board: the default low-altitude map "low" whose hex 0809 holds the 10 x 10 ground board, on which the
Hunchbacks g-red (0510) and g-blue (0505, blue) stand facing N. The attacker is the red Corsair "c" (gunnery 4;
2 Large Lasers and 2 Small Lasers in the nose, a Medium Laser in each wing, 2 Small Lasers aft); ``over`` gives
it a flight path through 0809 (by default 0808 -> 0809 -> 0810: heading S, so it attacks g-blue from the north,
its front).
"""

from __future__ import annotations

import pytest

from btcli.errors import IllegalOrderError, InputError
from btcli.model.aero import AeroWeapon, FiringArc, FlightPoint
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.model.hits import HexTarget
from btcli.model.orders import WeaponAttackOrder
from btcli.model.state import GameState, Phase
from btcli.rules.aero import air_ground, ground_to_air
from tests.builders import (
    HUNCHBACK,
    NL42,
    aero_game,
    armor_lost,
    asset,
    building,
    changed,
    design,
    flier,
    purposes,
    resolve,
    run,
)

H = HexId.parse
LUCIFER = "Lucifer LCF-R15"  # LRM-20 and 2 Large Lasers in the nose


def board(*units: dict, ground: tuple[dict, ...] = (), **keys) -> GameState:
    """Returns the weapon attack phase of turn 2 with the aircraft ``units`` on the low-altitude map."""
    return aero_game(*units, phase=Phase.WEAPON, turn=2, ground=ground, **keys)


def corsair(uid: str = "c", side: str = "red", **keys) -> dict:
    return flier(uid=uid, map="low", at="0810", facing="S", altitude=4, velocity=3, side=side, **keys)


def over(state: GameState, uid: str = "c", altitude: int = 4, hexes: tuple[str, ...] = ("0808", "0809", "0810"),
         now: int | None = None) -> GameState:
    """Returns ``state`` with ``uid``'s flight path this turn through ``hexes`` of map "low" at ``altitude``, and
    its altitude now ``now`` (default: the same)."""
    unit = state.units[uid]
    path = tuple(FlightPoint("low", H(h), altitude) for h in hexes)
    unit = evolve(unit, aero=evolve(unit.aero, path=path),
                  position=evolve(unit.position, altitude=altitude if now is None else now))
    return state.with_unit(unit)


def strike(state: GameState, *weapons: str, target: str = "g-blue", attacker: str = "c") -> WeaponAttackOrder:
    return WeaponAttackOrder(attacker, target, weapons, strike=True)


def strafe(*hexes: str, weapons: tuple[str, ...] = ("Large Laser",), attacker: str = "c") -> WeaponAttackOrder:
    return WeaponAttackOrder(attacker, "", weapons, strafe=tuple(H(h) for h in hexes))


def bomb(n: int, target: str = "g-blue", attacker: str = "c") -> WeaponAttackOrder:
    return WeaponAttackOrder(attacker, target, (), bombs=n)


def refused(state: GameState, order: WeaponAttackOrder) -> IllegalOrderError:
    with pytest.raises(IllegalOrderError) as caught:
        run(state, order, [])
    return caught.value


def mods(state: GameState, order: WeaponAttackOrder, i: int = 0) -> dict[str, int]:
    return dict(air_ground.plan(state, order).shots[i].to_hit.modifiers)


def flying(state: GameState, uid: str, **changes) -> GameState:
    unit = state.units[uid]
    return state.with_unit(evolve(unit, aero=evolve(unit.aero, **changes)))


# -- the flight path over the ground board ---------------------------------------------------------------------

def test_the_overflight_is_the_lowest_altitude_in_the_ground_hex_and_the_heading_into_it():
    state = over(board(corsair()), hexes=())
    unit = state.units["c"]
    path = (FlightPoint("low", H("0709"), 5), FlightPoint("low", H("0809"), 5), FlightPoint("low", H("0809"), 4),
            FlightPoint("low", H("0909"), 4))
    state = state.with_unit(evolve(unit, aero=evolve(unit.aero, path=path)))
    flight = air_ground.overflight(state, state.units["c"])
    assert (flight.hex, flight.altitude) == (H("0809"), 4)
    assert flight.heading is H("0709").direction_to(H("0809"))


def test_a_flight_that_starts_over_the_board_heads_where_it_flies_out():
    state = over(board(corsair()), hexes=("0809", "0808"))
    assert air_ground.overflight(state, state.units["c"]).heading is Facing.N


def test_an_aircraft_whose_path_never_crossed_the_board_is_refused():  # the flight path (MegaMek)
    state = over(board(corsair()), hexes=("0806", "0807", "0808"))
    error = refused(state, strike(state, "Large Laser"))
    assert error.rule == air_ground.A2G
    assert "'c''s flight path this turn did not pass over low-altitude hex 0809 of map 'low'" in str(error)


# -- strikes -----------------------------------------------------------------------------------------------------

def test_a_strike_is_gunnery_plus_2_and_strikes_from_behind_the_flight():  # tables.md 9.8
    state = over(board(corsair()))
    assert mods(state, strike(state, "Large Laser")) == {"gunnery": 4, "air-to-ground strike": 2}
    assert air_ground.plan(state, strike(state, "Large Laser")).shots[0].target.side == "front"  # from the N
    north = over(board(corsair()), hexes=("0810", "0809", "0808"))  # heading N: from the S, g-blue's rear
    assert air_ground.plan(north, strike(north, "Large Laser")).shots[0].target.side == "rear"


def test_a_strike_adds_the_ground_targets_and_the_aircrafts_own_modifiers():  # tables.md 6.3, AERO-MOVE-05
    state = over(board(corsair()))
    target = state.units["g-blue"]
    state = state.with_unit(changed(target, hexes_moved=5, prone=True))
    state = flying(state, "c", thrust_spent=7)
    assert mods(state, strike(state, "Medium Pulse Laser" if False else "Large Laser")) == {
        "gunnery": 4, "air-to-ground strike": 2, "target moved 5 hexes": 2, "target prone": 1,
        "attacker over safe thrust (7 > 6)": 2}


def test_a_strike_hit_damages_the_ground_unit_at_the_phase_end_through_its_hit_table():  # tables.md 8.1
    state = over(board(corsair()))
    state, events, dice = run(state, strike(state, "Large Laser", "Medium Laser"), [6, 7, 5])
    assert events[:2] == ["c strikes g-blue with Large Laser (nose): needs 6, rolls 6: hit (front side), 8 damage",
                          "  8 to g-blue CT"]
    assert events[2] == "c strikes g-blue with Medium Laser (left): needs 6, rolls 5: miss"
    assert purposes(dice)[1] == "hit location Large Laser (nose) from c vs g-blue (front)"
    assert state.units["c"].fired == (0, 2)  # both fired (record sheet entries 0 and 2): heat in the heat phase
    assert armor_lost(state.units["g-blue"]) == 0  # fire is simultaneous
    state, _, _ = resolve(state)
    assert state.units["g-blue"].armor["CT"] == 26 - 8


def test_a_strike_costs_one_altitude_once_a_turn():  # MegaMek: a strike costs 1 altitude
    state = over(board(corsair()))
    state, events, _ = run(state, strike(state, "Large Laser"), [2])
    assert events[-1] == "c loses 1 altitude for the strike: altitude 4 -> 3"
    state, events, _ = run(state, strike(state, "Large Laser"), [2])
    assert state.units["c"].position.altitude == 3 and "altitude" not in events[-1]


def test_a_strike_that_would_bring_the_aircraft_to_the_ground_is_refused():  # MegaMek
    state = over(board(corsair()), altitude=1)
    error = refused(state, strike(state, "Large Laser"))
    assert "a strike costs 'c' 1 altitude: from altitude 1 it would come down to the ground" in str(error)


@pytest.mark.parametrize("altitude, allowed", [(5, True), (6, False)])
def test_no_strike_above_altitude_5(altitude, allowed):  # MegaMek's ceiling
    state = over(board(corsair()), altitude=altitude)
    if allowed:
        assert air_ground.plan(state, strike(state, "Large Laser")).over.altitude == 5
    else:
        error = refused(state, strike(state, "Large Laser"))
        assert "'c' crossed the ground board at altitude 6: aircraft strike only at altitude 5 or lower" in str(error)


def test_a_strike_attacks_one_target():  # MegaMek: no split fire
    state = over(board(corsair(), ground=(design(HUNCHBACK, "g-blue", at="0505", side="blue"),
                                           design(HUNCHBACK, "g-blue2", at="0507", side="blue"))))
    state, _, _ = run(state, strike(state, "Large Laser"), [2])
    error = refused(state, strike(state, "Large Laser", target="g-blue2"))
    assert "'c' strikes 'g-blue' this turn: a strike attacks one target" in str(error)


def test_an_aerodyne_strikes_with_nose_and_wing_weapons_not_aft_ones():  # MegaMek
    state = over(board(corsair()))
    error = refused(state, strike(state, "Small Laser@aft"))
    assert "Small Laser (aft) cannot fire at the ground: an aerodyne attacks the ground with its nose and wing" \
        in str(error)


def test_a_strike_at_a_building_hex_is_minus_4_and_damages_the_building():  # URB-ATK-03
    state = over(board(corsair(), hexes={"0707": building("medium", 2)}))
    order = WeaponAttackOrder("c", "0707", ("Large Laser",), strike=True)
    assert mods(state, order) == {"gunnery": 4, "air-to-ground strike": 2, "building: immobile target": -4}
    state, events, _ = run(state, order, [3])
    assert events[0] == "c strikes building hex 0707 with Large Laser (nose): needs 2, rolls 3: hit, 8 damage"
    assert [(h.target, h.damage) for h in state.pending] == [(HexTarget(H("0707")), 8)]


def test_an_airborne_vtol_is_struck_at_plus_5_instead():  # tables.md 9.8: air-to-air vs airborne VTOL
    from tests.builders import vehicle

    state = over(board(corsair(), ground=(vehicle("vtol", 9, "v", at="0505", side="blue", elevation=3),)))
    assert mods(state, strike(state, "Large Laser", target="v"))["air-to-air vs airborne VTOL"] == 5


def test_an_aircraft_attacks_a_ground_unit_only_with_a_mode():  # tables.md 9.8
    state = over(board(corsair()))
    error = refused(state, WeaponAttackOrder("c", "g-blue", ("Large Laser",)))
    assert "an aircraft attacks the ground with --strike, --strafe HEX,... or --bomb N" in str(error)


# -- strafing ----------------------------------------------------------------------------------------------------

def test_strafing_attacks_every_unit_in_the_line_friend_or_foe_at_plus_4():  # tables.md 9.8, TW p.243
    state = over(board(corsair(), ground=(design(HUNCHBACK, "g-blue", at="0805", side="blue"),
                                           design(HUNCHBACK, "g-red", at="0806"),
                                           design(HUNCHBACK, "far", at="0505", side="blue"))), altitude=3)
    p = air_ground.plan(state, strafe("0805", "0806", "0807"))
    assert [s.target.label for s in p.shots] == ["g-blue", "g-red"]
    assert dict(p.shots[0].to_hit.modifiers) == {"gunnery": 4, "strafing": 4}
    state, events, _ = run(state, strafe("0805", "0806", "0807"), [8, 7, 12, 7])
    assert events[0] == "c strafes g-blue with Large Laser (nose): needs 8, rolls 8: hit (front side), 8 damage"
    assert state.units["c"].fired == (0,)  # one weapon, fired once at every target
    assert [h.target for h in state.pending] == ["g-blue", "g-red"]


def test_strafing_at_noe_is_plus_2_more():  # MegaMek
    state = over(board(corsair()), altitude=1, now=2)
    assert mods(state, strafe("0505"))["strafing at NOE"] == 2


def test_strafed_hexes_run_along_the_flight_and_at_most_5():  # TW p.243
    state = over(board(corsair()), altitude=3)
    error = refused(state, strafe("0805", "0804"))
    assert "are not a line of hexes one after another along 'c''s direction of travel (S)" in str(error)
    assert "at most 5 hexes, not 6" in str(refused(state, strafe("0801", "0802", "0803", "0804", "0805", "0806")))


def test_no_strafing_above_altitude_3():  # MegaMek's ceiling
    state = over(board(corsair()), altitude=4)
    assert "aircraft strafe only at altitude 3 or lower (TW p.243)" in str(refused(state, strafe("0805")))


@pytest.mark.parametrize("weapon, family", [("LRM-20", "missile"), ("AC/5", "ballistic")])
def test_only_energy_weapons_strafe(weapon, family):  # TW p.243 as MegaMek quotes it
    state = over(board(corsair(design=LUCIFER)), altitude=3)
    unit = state.units["c"]
    weapons = unit.aero_design.weapons + (AeroWeapon("AC/5", FiringArc.NOSE, shots=20),)
    state = state.with_unit(evolve(unit, aero_design=evolve(unit.aero_design, weapons=weapons)))
    error = refused(state, strafe("0805", weapons=(weapon,)))
    assert error.rule == "TW p.243" and f"cannot strafe: {weapon} is a {family} weapon" in str(error)


def test_a_strafed_building_hex_is_attacked_too():
    state = over(board(corsair(), ground=(), hexes={"0806": building("medium", 2)}), altitude=3)
    p = air_ground.plan(state, strafe("0805", "0806"))
    assert [s.target.label for s in p.shots] == ["building hex 0806"]


def test_spheroids_neither_strafe_nor_bomb():  # TW p.243 (MegaMek)
    state = over(board(corsair(design=NL42, bombs=2)), altitude=3)
    assert "'c' is a spheroid: spheroids make no strafing attacks" in str(refused(state, strafe("0805")))


# -- bombing -----------------------------------------------------------------------------------------------------

def test_an_aircraft_without_bombs_cannot_bomb():  # designs carry no bombs unless given (issue #14)
    state = over(board(corsair()))
    error = refused(state, bomb(1))
    assert "'c' carries 0 bomb(s), 1 to drop (its bombs: 0 loaded, 0 dropped)" in str(error)


def test_a_bomb_hit_deals_10_per_bomb_in_5_point_groups_to_every_unit_in_the_hex():  # tables.md 9.8, UNVERIFIED
    state = over(board(corsair(bombs=3), hexes={"0505": building("medium", 2)}), altitude=5)
    assert mods(state, bomb(2)) == {"gunnery": 4, "bombing": 2, "a hex: immobile target": -4}
    state, events, _ = run(state, bomb(2), [2, 7, 7, 7, 7])
    assert events[0] == "c drops 2 bomb(s) on hex 0505: needs 2, rolls 2: hit, 10 per bomb to everything in the hex"
    assert [(h.target, h.damage) for h in state.pending] == [("g-blue", 5)] * 4 + [(HexTarget(H("0505")), 20)]
    assert state.units["c"].aero.bombs_dropped == 2
    assert events[-1] == "c loses 2 altitude for the bomb: altitude 5 -> 3"
    assert "'c' already made its bombing attack this turn" in str(refused(state, bomb(1)))


def test_bombs_on_a_multi_hex_assets_second_hex_do_it_no_damage():  # ASSET-DMG-09, AMB-52, ASSET-DMG-08
    # The Long Tom's primary hex is 0305, its second element in 0306 behind it: a bomb on 0306 does it no
    # damage (only the primary hex takes damage), a bomb on 0305 deals its 10 in two 5-point area-effect groups.
    tom = asset("Mobile Long Tom Artillery LT-MOB-25", "tom", at="0305", facing="N", side="blue")
    state = over(board(corsair(bombs=3), ground=(tom,)), altitude=5)
    assert state.units["tom"].position.footprint == (H("0306"),)
    after, events, _ = run(state, WeaponAttackOrder("c", "0306", (), bombs=1), [2])
    assert after.pending == () and "  the bombs reach only tom's second element: no damage (ASSET-DMG-09)" in events
    after, _, _ = run(state, WeaponAttackOrder("c", "0305", (), bombs=1), [2])
    assert [(h.target, h.damage, h.area_effect) for h in after.pending] == [("tom", 5, True)] * 2


def test_dive_bombing_is_from_altitude_3_to_5():  # MegaMek DIVE_BOMB_MIN/MAX_ALTITUDE
    for altitude in (2, 6):
        state = over(board(corsair(bombs=1)), altitude=altitude, now=6)
        assert "aircraft dive bomb only from altitude 3-5" in str(refused(state, bomb(1)))


def test_a_missed_bomb_is_still_dropped():  # scatter is not resolved (docs/rules-notes.md)
    state = flying(over(board(corsair(bombs=1)), altitude=4), "c", thrust_spent=7)
    state, events, _ = run(state, bomb(1), [3])
    assert events[0].startswith("c drops 1 bomb(s) on hex 0505: needs 4, rolls 3: miss")
    assert state.units["c"].aero.bombs_dropped == 1 and state.pending == ()


# -- the aircraft that attacks the ground --------------------------------------------------------------------------

def test_air_to_air_and_air_to_ground_are_not_combined():  # MegaMek
    state = over(board(corsair(), corsair("b", side="blue")))
    after = run(state, strike(state, "Large Laser"), [2])[0]
    assert "makes a strike attack on the ground this turn" in str(refused(after, WeaponAttackOrder("c", "b",
                                                                                                   ("Medium Laser",))))


def test_an_aircraft_attacking_the_ground_is_minus_3_to_air_to_air_fire():  # tables.md 9.8, TW p.241
    state = over(board(corsair(), flier(uid="b", map="low", at="0812", facing="N", altitude=3, velocity=3,
                                        side="blue")))
    from btcli.rules.aero import attacks as aero_attacks

    before = dict(aero_attacks.plan(state, WeaponAttackOrder("b", "c", ("Large Laser",))).shots[0].to_hit.modifiers)
    state = run(state, strike(state, "Large Laser"), [2])[0]
    after = dict(aero_attacks.plan(state, WeaponAttackOrder("b", "c", ("Large Laser",))).shots[0].to_hit.modifiers)
    assert "target making an air-to-ground attack" not in before
    assert after["target making an air-to-ground attack"] == -3


# -- ground-to-air ---------------------------------------------------------------------------------------------

def gta(*weapons: str, attacker: str = "g-blue", target: str = "c") -> WeaponAttackOrder:
    return WeaponAttackOrder(attacker, target, weapons)


@pytest.mark.parametrize("altitude, bracket, value", [(1, "short", 0), (2, "medium", 2), (4, "long", 4)])
def test_ground_to_air_range_is_twice_the_altitude(altitude, bracket, value):  # MegaMek effectiveDistance
    state = over(board(corsair()), altitude=altitude, now=max(altitude, 2))
    (shot,) = ground_to_air.plan(state, gta("Medium Laser@RA")).shots  # ranges 3/6/9
    assert dict(shot[2].modifiers)[f"{bracket} range ({2 * altitude} hexes), altitude {altitude} x 2"] == value


def test_ground_to_air_at_an_aircraft_attacking_the_ground_is_minus_3():  # tables.md 9.8 (issue #14's reading)
    state = over(board(corsair()), altitude=2, now=3)
    state = run(state, strike(state, "Large Laser"), [2])[0]
    assert dict(ground_to_air.plan(state, gta("Medium Laser@RA")).shots[0][2].modifiers) == {
        "gunnery": 4, "medium range (4 hexes), altitude 2 x 2": 2, "target making an air-to-ground attack": -3}


def test_ground_to_air_at_noe_is_plus_1():  # MegaMek
    state = over(board(corsair()), altitude=1, now=2)
    assert dict(ground_to_air.plan(state, gta("Medium Laser@RA")).shots[0][2].modifiers)[
        "target at NOE (altitude 1)"] == 1


def test_a_ground_to_air_hit_strikes_the_aero_table_from_below_and_lands_at_the_phase_end():  # tables.md 9.1
    state = over(board(corsair()), altitude=1, now=2)
    state, events, dice = run(state, gta("Medium Laser@RA"), [9, 7])
    assert events == ["g-blue fires Medium Laser@RA at c: needs 5, rolls 9: hit (from below), 5 damage to the "
                      "nose (location 7, critical: avionics)"]
    assert purposes(dice)[1] == "hit location c (above_below)"
    state, _, _ = resolve(state)
    assert armor_lost(state.units["c"]) == 5


def test_ground_to_air_at_an_aircraft_that_did_not_fly_over_is_refused():  # the flight path
    state = over(board(corsair()), hexes=("0806", "0807"))
    error = refused(state, gta("Medium Laser"))
    assert error.rule == ground_to_air.GTA
    assert "'c' did not fly over the ground board this turn (its flight path never entered low-altitude hex 0809" \
        in str(error)


def test_no_ground_to_air_above_altitude_8():  # MegaMek
    state = over(board(corsair()), altitude=9)
    assert "ground units fire at aircraft at altitude 8 or lower" in str(refused(state, gta("Medium Laser")))


def test_a_ground_unit_firing_at_an_aircraft_attacks_it_alone():  # MegaMek
    state = over(board(corsair(), ground=(design(HUNCHBACK, "g-blue", at="0505", side="blue"),
                                           design(HUNCHBACK, "g-red", at="0507"))), altitude=2, now=3)
    state = run(state, gta("Medium Laser@RA"), [2])[0]
    error = refused(state, gta("Medium Laser@LA", target="g-red"))
    assert "'g-blue' fired at aircraft 'c' this turn: it attacks no other target" in str(error)


def test_only_front_arc_weapons_fire_overhead():  # URB-IN-12's own-hex reading
    from tests.builders import ATLAS

    state = over(board(corsair(), ground=(design(ATLAS, "g-blue", at="0505", side="blue"),)), altitude=2, now=3)
    error = refused(state, gta("Medium Laser@CT(R)"))
    assert "passes overhead, outside the rear arc" in str(error)


def test_strike_flags_from_a_ground_unit_are_refused():
    state = over(board(corsair()))
    with pytest.raises(InputError):
        run(state, WeaponAttackOrder("g-blue", "c", ("Medium Laser",), strike=True), [])


def test_a_strike_on_a_mech_inside_a_building_is_absorbed_by_it():  # URB-IN-02, URB-IN-03 (AMB-43)
    # Each hit on a 'Mech inside a building is reduced by ceil(CF/10), whoever fires it: the Large Laser's 8 on
    # g-blue inside a CF-40 building hex -> 4 through, and the building takes the 4 it absorbed when the phase
    # ends (the 'Mech took all 8 and the building none).
    state = over(board(corsair(), hexes={"0505": building("medium", 2, cf=40)}))
    state, events, _ = run(state, strike(state, "Large Laser"), [6, 7])
    assert "  8 to g-blue CT: the building absorbs 4, 4 gets through" in events
    state, _, _ = resolve(state)
    assert state.units["g-blue"].armor["CT"] == 26 - 4 and state.board.hex(H("0505")).building.cf == 36
