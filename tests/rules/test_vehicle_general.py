"""Vehicle basics not covered elsewhere: the crew's driving skill, VTOLs as ground vehicles,
VTOL attacks and line of sight, and slipping without changing elevation."""

from __future__ import annotations

from btcli import engine
from btcli.dice import ManualDice
from btcli.model.orders import MoveOrder
from btcli.model.state import Phase
from btcli.model.units import Motive
from btcli.rules.core import los, tohit
from btcli.rules.ground import skids
from btcli.render.events import sentences
from tests.builders import changed, design, game

FERRET = "Ferret Light Scout VTOL"
J_EDGAR = "J. Edgar Light Hover Tank"
HUNCHBACK = "Hunchback HBK-4G"


def test_driving_skill_sets_the_driving_roll_like_piloting():
    # VEH-GEN-01 test: crew driving 5, no modifiers -> TN 5; 5 succeeds, 4 fails by 1
    unit = game(design(J_EDGAR, driving=5)).units["u1"]
    made = skids.driving_roll(unit, "sideslip", 3, ManualDice([5]))
    missed = skids.driving_roll(unit, "sideslip", 3, ManualDice([4]))
    assert (made.target, made.success) == (5, True)
    assert (missed.success, -missed.margin) == (False, 1)


def test_vtol_is_a_ground_vehicle_with_a_rotor():
    # VEH-GEN-06 test: every VTOL design is a ground combat vehicle on the ground map with a Rotor location
    unit = game(design(FERRET)).units["u1"]
    assert unit.is_vehicle and unit.motive is Motive.VTOL and "rotor" in unit.max_armor


def test_vtol_attacks_use_the_ground_vehicle_attack_rules():
    # VTOL-ATK-01 test: a VTOL's front-mounted weapon fires only into its front arc, like a tank's
    # (VEH-ATK-03); the target two hexes north is in front, and behind once the VTOL turns round
    state = game(design(FERRET, "a", at="0510", facing="N"), design(HUNCHBACK, "t", at="0508", side="blue"),
                 phase=Phase.WEAPON)
    facing_north = changed(state.units["a"], elevation=3)
    facing_south = changed(facing_north, facing=facing_north.facing.opposite())
    target = state.units["t"]
    assert not tohit.weapon_to_hit(state.with_unit(facing_north), facing_north, 0, target, None, 0).impossible
    refused = tohit.weapon_to_hit(state.with_unit(facing_south), facing_south, 0, target, None, 0)
    assert "outside the front arc" in refused.impossible and refused.rule == "VEH-ATK-03"


def test_vtol_line_of_sight_is_drawn_from_its_height():
    # VTOL-ATK-03 test: a VTOL 3 levels up sees over a level-2 hill beside it that blocks two ground units
    # (the hill is not adjacent to the target, whose own top it would reach: TW p.99-103)
    hexes = {"0509": {"level": 2}}
    state = game(design(FERRET, "a", at="0510"), design(HUNCHBACK, "t", at="0507", side="blue"), hexes=hexes)
    ground = los.line_of_sight(state.board, state.units["a"], state.units["t"])
    flying = los.line_of_sight(state.board, changed(state.units["a"], elevation=3), state.units["t"])
    assert ground.blocked and not flying.blocked


def test_sideslipping_vtol_keeps_its_elevation():
    # VEH-SLIP-06 test: a sideslipping VTOL cannot change elevation before the slip: it slips at the
    # height it had (elevation 4 over level 0 stays 4)
    state = game(design(FERRET, driving=5), phase=Phase.MOVEMENT)
    state = state.with_unit(changed(state.units["u1"], elevation=4))
    # flank path: 16 forward, turn, 1 forward -> roll fails by 3 -> slips min(3, 16 - 1) = 3 hexes north
    order = MoveOrder("u1", "flank", tuple(["F"] * 5) + ("R", "F"))
    state, events = engine.apply(state, order, ManualDice([2]))
    assert state.units["u1"].elevation == 4
    assert any("sideslip" in e for e in sentences(events))


def test_ground_units_have_no_climb_or_descend_steps():
    # A/D are VTOL steps (VEH-VTOL-04); on the ground they would be nonsense
    import pytest

    from btcli.errors import InputError

    state = game(design(HUNCHBACK), phase=Phase.MOVEMENT)
    with pytest.raises(InputError, match="VTOL steps"):
        engine.apply(state, MoveOrder("u1", "run", ("L", "D", "D")), ManualDice([]))


def test_vtol_lands_on_a_bridge_deck():
    # VEH-VTOL-10/15: a bridge deck is paved landing ground, not water
    hexes = {"0510": {"terrain": "water", "depth": 1, "road": True, "bridge": {"type": "medium", "level": 0}}}
    state = game(design(FERRET), hexes=hexes, phase=Phase.MOVEMENT)
    state = state.with_unit(changed(state.units["u1"], elevation=1))
    state, events = engine.apply(state, MoveOrder("u1", "", ("D",)), ManualDice([]))
    ferret = state.units["u1"]
    assert (ferret.destroyed, ferret.elevation) == (False, 0)


def test_vtol_slipping_into_treetops_crashes():
    # VEH-SLIP-11 with AMB-02: woods stand two levels tall. A VTOL at elevation 2 flies 0510 -> 0507
    # (clear), turns, and fails its roll by 4: it slips north into 0506, heavy woods as high as itself,
    # and crashes (the crash damage rolls take the remaining 7s).
    hexes = {"0505": {"terrain": "heavy_woods"}, "0506": {"terrain": "heavy_woods"}}
    state = game(design(FERRET, driving=8), hexes=hexes, phase=Phase.MOVEMENT)
    state = state.with_unit(changed(state.units["u1"], elevation=2))
    state, events = engine.apply(state, MoveOrder("u1", "flank", ("F", "F", "F", "R", "F")), ManualDice([4] + [7] * 6))
    assert any("crashes" in e for e in sentences(events))
