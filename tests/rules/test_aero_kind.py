"""Aerospace units as a unit kind (issue #13): the adapter between the game's Unit and the flight rules'
AeroState (btcli.rules.kinds.aero), and the kind's entry in rules/kinds/__init__.py."""

from __future__ import annotations

from btcli.dice import ManualDice
from btcli.model.aero import Arc
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.model.units import UnitKind
from btcli.rules import kinds
from btcli.rules.core import turn_order
from btcli.rules.kinds import aero as aero_kind
from tests.builders import aero_game, flier

H = HexId.parse


def test_view_reads_position_facing_armor_and_si_from_the_unit():  # AERO-GEN-01, tables.md 13.3
    state = aero_game(flier(velocity=3))
    unit = state.units["f1"]
    view = aero_kind.view(unit)
    assert (view.map_id, view.hex, view.facing, view.velocity) == ("space", H("0810"), Facing.SW, 3)
    assert view.structural_integrity == 6 and view.armor.get(Arc.NOSE) == 73
    assert view.altitude is None and view.piloting == 5


def test_store_writes_the_rules_state_back_once():  # one source of truth: position lives on the unit
    unit = aero_game(flier()).units["f1"]
    assert aero_kind.store(unit, aero_kind.view(unit)) == unit
    moved = evolve(aero_kind.view(unit), hex=H("0710"), facing=Facing.NW, velocity=5,
                                structural_integrity=4, out_of_control=True)
    after = aero_kind.store(unit, moved)
    assert after.position.hex == H("0710") and after.facing is Facing.NW and after.internal["SI"] == 4
    assert after.aero.velocity == 5 and after.aero.out_of_control
    assert aero_kind.view(after) == moved


def test_altitude_is_the_positions_on_the_low_altitude_map():  # AERO-LALT-03
    unit = aero_game(flier(map="low", at="0508", altitude=6)).units["f1"]
    assert unit.position.map == "low" and unit.position.altitude == 6
    assert aero_kind.view(unit).altitude == 6


def test_ground_rules_do_not_meet_a_unit_on_another_map():  # a space hex is not a ground hex
    state = aero_game(flier(at="0510"))
    assert state.units["f1"].hex is None and state.units["f1"].active
    assert "f1" not in turn_order.missing_movers(state)
    assert turn_order.movers(state) == {"red": 1, "blue": 1}  # the ground 'Mechs only


def test_the_kind_has_its_own_rules():  # rules/kinds/__init__.py: a new kind is a new entry
    unit = aero_game(flier()).units["f1"]
    assert unit.kind is UnitKind.AERO and kinds.of(unit).attack_refusal(unit, True) == ""  # aero_attacks checks
    assert kinds.of(unit).attack_refusal(unit, False) == aero_kind.NO_PHYSICAL


def test_a_hit_strikes_an_arc_and_goes_through_armor_to_si():  # tables.md 9.1
    unit = aero_game(flier()).units["f1"]
    hit = kinds.hit(ManualDice([7]), unit, "front", 80, "test")
    assert hit.location == "nose"
    events: list[str] = []
    after = kinds.take_hit(unit, hit, ManualDice([]), events, 1)  # 7 through to SI 6: destroyed, no critical check
    assert after.armor["nose"] == 0 and after.internal["SI"] == 0 and after.destroyed


def test_a_control_roll_asked_through_the_kinds_counts_the_atmosphere_of_the_units_map():  # tables.md 9.4
    # the game's one entry for a unit's control roll (btcli.rules.kinds): piloting 5 and the reason's +1, and
    # in an atmosphere (a space map's rows 1-4, the low-altitude map) +2, and -1 for a fighter
    space = aero_game(flier(at="0810"))  # a Corsair in space (column 07 on)
    roll = kinds.control_roll(space, space.units["f1"], "test", ManualDice([7]), 1)
    assert roll.target == 6 and dict(roll.modifiers) == {"test": 1}
    for where in ({"at": "0210"}, {"map": "low", "at": "0508", "altitude": 6}):  # atmosphere row 1; low map
        state = aero_game(flier(**where))
        roll = kinds.control_roll(state, state.units["f1"], "test", ManualDice([7]), 1)
        assert roll.target == 7 and dict(roll.modifiers) == {"atmospheric operations": 2, "fighter": -1, "test": 1}


def test_each_kind_answers_what_the_aerospace_rules_ask():  # issue #30: rules/aero/ tests no kind
    """Who flies on the aerospace maps (AERO-GEN-01); how a crash strikes each kind: a 'Mech rolls twice in a
    DropShip's crash hex and takes it on the Punch table's front, every other unit there is crushed
    (AERO-CRASH-12, 14, 17, 19); infantry may stay beside a crashed DropShip (AERO-CRASH-18) and fire at no
    aircraft; vehicles and assets are struck by the vehicle sectors; an area-effect attack damages an asset only
    in its primary hex (ASSET-DMG-09)."""
    of = kinds.KINDS
    assert [k for k in UnitKind if of[k].flies_on_aerospace_maps] == [UnitKind.AERO]
    assert {k: of[k].dropship_crash_hex_rolls for k in UnitKind} == {
        UnitKind.MECH: 2, UnitKind.VEHICLE: 0, UnitKind.INFANTRY: 0, UnitKind.ASSET: 0, UnitKind.AERO: 0}
    assert [k for k in UnitKind if of[k].crash_table == "punch"] == [UnitKind.MECH]
    assert [k for k in UnitKind if not of[k].crash_rear_column] == [UnitKind.MECH, UnitKind.ASSET]
    assert [k for k in UnitKind if of[k].stays_under_crashed_dropship] == [UnitKind.INFANTRY]
    assert [k for k in UnitKind if of[k].vehicle_sides] == [UnitKind.VEHICLE, UnitKind.ASSET]
    assert [k for k in UnitKind if of[k].primary_hex_only] == [UnitKind.ASSET]


def test_infantry_fire_at_no_aircraft_and_a_girder_search_spends_a_mechs_weapon_phase():  # URB-CLUB-01
    from btcli.rules.kinds import infantry as infantry_kind, mech as mech_kind
    from tests.builders import game, hunchback, platoon

    state = game(hunchback("m1"), platoon("inf"))
    m1, inf = state.units["m1"], state.units["inf"]
    assert kinds.of(inf).ground_to_air_refusal(inf) == "'inf' is infantry: infantry make no ground-to-air attacks"
    assert kinds.of(m1).ground_to_air_refusal(m1) == ""
    assert kinds.of(m1).searched_for_girder is mech_kind.searches_for_girder
    assert kinds.of(inf).ground_to_air_refusal is infantry_kind.ground_to_air_refusal
    searching = evolve(m1, mech=evolve(m1.mech, girder_search=3))
    assert kinds.of(m1).searched_for_girder(searching, 3) and not kinds.of(m1).searched_for_girder(searching, 4)
    assert not kinds.of(inf).searched_for_girder(inf, 3)


def test_flight_is_an_aerospace_units_flight_record():
    import pytest

    from btcli.errors import InputError
    from tests.builders import game, hunchback

    unit = aero_game(flier()).units["f1"]
    assert aero_kind.flight(unit) is unit.aero
    with pytest.raises(InputError, match="'m1' is not an aerospace unit"):
        aero_kind.flight(game(hunchback("m1")).units["m1"])
