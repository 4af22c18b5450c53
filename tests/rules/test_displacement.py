"""Tests for displacement: the domino effect, blocked hexsides, units pushed off the map or
into water, and accidental falls from above (btcli.rules.core.displacement), calling ``displace``
directly.

The pushed unit 'u' stands in 0505 facing N and is pushed N (to 0504) unless a test says
otherwise; the hexsides round it, in the order tried, are N 0504, NE 0604 (right), NW 0404
(left), SE 0605, SW 0405, S 0506. Maps are a clear 12 x 12 board with per-hex overrides.
Dice are scripted with ``ManualDice`` in request order: a displaced 'Mech's PSR; for a fall
the 1D6 facing roll, one 2D6 location per 5-point group and the MechWarrior's check.
"""

from __future__ import annotations

from typing import Any

import pytest

from btcli.dice import ManualDice
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState, Phase
from btcli.rules.core.displacement import displace
from btcli.render.events import sentences
from tests.builders import design, game

HUNCHBACK = "Hunchback HBK-4G"  # 50 t, piloting 5; front armor CT 26
SCORPION = "Scorpion Light Tank"  # tracked, 25 t; front armor 16
MANTICORE = "Manticore Heavy Tank"  # tracked, 60 t
J_EDGAR = "J. Edgar Light Hover Tank"  # hover, 25 t
FERRET = "Ferret Light Scout VTOL"  # 5 t

H = HexId.parse
AROUND = ("0504", "0604", "0404", "0605", "0405", "0506")  # N, then right, left, further right, ...


def make_state(*units: tuple[str, str, str], hexes: dict[str, dict[str, Any]] | None = None, **changes) -> GameState:
    """Returns a game of (design, id, hex) units facing N, side blue; ``changes`` go to the first."""
    first, *rest = [design(name, uid, at, side="blue") for name, uid, at in units]
    return game({**first, **changes}, *rest, width=12, height=12, hexes=hexes, phase=Phase.INITIATIVE)


def push(state: GameState, direction: Facing = Facing.N, dice: list[int] = (), unit: str = "u"):
    """Displaces ``unit`` with scripted dice; checks every value was used."""
    d = ManualDice(list(dice))
    events: list[str] = []
    new = displace(state, unit, direction, d, events)
    d.finish()
    return new, sentences(events), d


def at(state: GameState, uid: str) -> str | None:
    position = state.units[uid].hex
    return position.label if position is not None else None


# -- where the unit goes ---------------------------------------------------------------------------------


def test_displaced_unit_moves_one_hex_in_the_push_direction():
    # TW p.151 displacement (displacement.py reading): one hex in the push direction, facing unchanged.
    state, events, _ = push(make_state((SCORPION, "u", "0505")))
    assert (at(state, "u"), state.units["u"].facing) == ("0504", Facing.N)
    assert events == ["u is displaced 0505 -> 0504"]


def test_domino_pushes_the_occupant_on_first():
    # TW p.151 domino effect: the Manticore in 0504 is displaced first, in the same direction (0503),
    # then the Scorpion enters 0504.
    state, events, _ = push(make_state((SCORPION, "u", "0505"), (MANTICORE, "o", "0504")))
    assert (at(state, "u"), at(state, "o")) == ("0504", "0503")
    assert events == ["o is displaced 0504 -> 0503", "u is displaced 0505 -> 0504"]


def test_domino_occupant_mech_makes_a_psr():
    # TW p.151, tables.md 8.6: a 'Mech pushed on by the domino effect is displaced too and rolls a PSR
    # (piloting 5; 12 passes).
    state, _, d = push(make_state((SCORPION, "u", "0505"), (HUNCHBACK, "o", "0504")), dice=[12])
    assert [(r.purpose, r.target) for r in d.rolls] == [("piloting skill roll o (displaced)", 5)]
    assert at(state, "o") == "0503"


@pytest.mark.parametrize("blocked", range(1, 6))
def test_hex_two_levels_higher_is_skipped_for_the_next_hexside(blocked):
    # TW p.151 (displacement.py reading): a hex 2+ levels higher cannot be entered; the hexsides round
    # the push direction are tried right, left, further right, further left, back.
    hexes = {label: {"level": 2} for label in AROUND[:blocked]}
    state, _, _ = push(make_state((SCORPION, "u", "0505"), hexes=hexes))
    assert at(state, "u") == AROUND[blocked]


def test_hex_one_level_higher_can_be_entered():
    # TW p.151: only a climb of 2+ levels stops a displacement.
    state, _, _ = push(make_state((SCORPION, "u", "0505"), hexes={"0504": {"level": 1}}))
    assert at(state, "u") == "0504"


def test_unit_with_nowhere_to_go_is_destroyed():
    # DROP-14: every neighbour 2 levels higher: the unit cannot be displaced and is destroyed.
    state, events, _ = push(make_state((SCORPION, "u", "0505"), hexes={label: {"level": 2} for label in AROUND}))
    assert state.units["u"].destroyed
    assert at(state, "u") == "0505"
    assert "u cannot be displaced anywhere and is destroyed (DROP-14)" in events


def test_unit_pushed_off_the_map_leaves_the_battle():
    # TW p.151 (displacement.py reading; DROP-15 scatter off the map counts as destroyed for victory):
    # pushed N from the top row, the unit leaves the map but is not destroyed.
    state, events, _ = push(make_state((SCORPION, "u", "0501")))
    assert at(state, "u") is None
    assert not state.units["u"].destroyed
    assert events == ["u is pushed off the map at 0500 and leaves the battle"]


# -- water (VEH-DISP-01) ----------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [1, 2])
def test_tracked_vehicle_pushed_into_water_is_destroyed(depth):
    # VEH-DISP-01: depth-1+ water is impassable for a tracked tank: displaced into it, it is destroyed.
    state, _, _ = push(make_state((SCORPION, "u", "0505"), hexes={"0504": {"terrain": "water", "depth": depth}}))
    assert state.units["u"].destroyed
    assert at(state, "u") == "0504"


def test_hover_vehicle_pushed_into_water_survives():
    # VEH-DISP-01: a hover tank can enter water, so it survives the displacement.
    state, _, _ = push(make_state((J_EDGAR, "u", "0505"), hexes={"0504": {"terrain": "water", "depth": 1}}))
    assert not state.units["u"].destroyed
    assert at(state, "u") == "0504"


# -- drops (VEH-DISP-02, tables.md 8.3) --------------------------------------------------------------------


@pytest.mark.parametrize("levels, groups", [(2, [5, 4]), (3, [5, 5, 2])])
def test_vehicle_displaced_down_two_levels_or_more_takes_falling_damage(levels, groups):
    # VEH-DISP-02, tables.md 8.3: ceil(25 / 10) x (levels + 1) = 9 (or 12) in 5-point groups; 1D6 1
    # keeps the front column, 2D6 7 -> front for every group.
    state = make_state((SCORPION, "u", "0505"), hexes={"0505": {"level": levels}})
    state, events, d = push(state, dice=[1] + [7] * len(groups))
    assert [e for e in events if e.endswith("(fall)")] == [f"u takes {g} in front (fall)" for g in groups]
    assert state.units["u"].armor["front"] == 16 - sum(groups)
    assert d.rolls[0].purpose == "fall direction u"


def test_vehicle_displaced_down_one_level_takes_no_damage():
    # VEH-DISP-02: a drop of one level is no fall.
    state, _, d = push(make_state((SCORPION, "u", "0505"), hexes={"0505": {"level": 1}}))
    assert d.rolls == []
    assert state.units["u"].armor["front"] == 16


def test_airborne_vtol_ignores_a_drop():
    # VEH-SLIP-14 (displacement.py): an airborne VTOL pushed off a level-2 hill does not fall.
    state, _, d = push(make_state((FERRET, "u", "0505"), hexes={"0505": {"level": 2}}, elevation=3))
    assert d.rolls == []
    assert (at(state, "u"), state.units["u"].armor) == ("0504", make_state((FERRET, "u", "0505")).units["u"].armor)


# -- 'Mechs: PSR and falls (tables.md 8.6, 8.3) ----------------------------------------------------------------


def test_displaced_mech_makes_a_psr_with_its_preexisting_modifiers():
    # tables.md 8.6: a displaced 'Mech rolls a PSR: piloting 5 + hip actuator destroyed 2 = 7; 7 passes.
    state, _, d = push(make_state((HUNCHBACK, "u", "0505"), crits=("LL:0",)), dice=[7])
    assert (d.rolls[0].purpose, d.rolls[0].target) == ("piloting skill roll u (displaced)", 7)
    assert ("hip actuator destroyed", 2) in d.rolls[0].modifiers
    assert not state.units["u"].mech.prone


def test_displaced_mech_that_fails_its_psr_falls():
    # tables.md 8.6, 8.3: PSR 4 vs 5 fails: the 'Mech falls in its new hex (1D6 1 front, 5 damage at
    # 2D6 7 CT, pilot check 12).
    state, events, _ = push(make_state((HUNCHBACK, "u", "0505")), dice=[4, 1, 7, 12])
    assert state.units["u"].mech.prone
    assert (at(state, "u"), state.units["u"].armor["CT"]) == ("0504", 26 - 5)
    assert "u fails its PSR after being displaced (4 vs 5) and falls" in events


def test_mech_displaced_down_two_levels_falls_with_damage_for_the_levels():
    # tables.md 8.3: a drop of 2 levels is a fall without a PSR: ceil(50 / 10) x (2 + 1) = 15 in groups
    # 5, 5, 5 (1D6 1 front, 2D6 7 -> CT each), then the pilot check (12 passes).
    state = make_state((HUNCHBACK, "u", "0505"), hexes={"0505": {"level": 2}})
    state, _, d = push(state, dice=[1, 7, 7, 7, 12])
    assert state.units["u"].mech.prone
    assert state.units["u"].armor["CT"] == 26 - 15
    assert not any(r.purpose.startswith("piloting skill roll") for r in d.rolls)


def test_mech_displaced_down_one_level_only_rolls_the_psr():
    # tables.md 8.3, 8.6: a 1-level drop is no fall; the displaced 'Mech still rolls its PSR (5 passes).
    state = make_state((HUNCHBACK, "u", "0505"), hexes={"0505": {"level": 1}})
    state, _, d = push(state, dice=[5])
    assert [r.purpose for r in d.rolls] == ["piloting skill roll u (displaced)"]
    assert not state.units["u"].mech.prone


def test_push_direction_is_kept_for_any_facing():
    # TW p.151: the push direction, not the unit's facing, decides the hex (pushed SE from 0505).
    state, _, _ = push(make_state((SCORPION, "u", "0505")), Facing.SE)
    assert state.units["u"].hex == HexId.parse("0605")


def test_a_mech_pushed_onto_a_bridge_deck_too_weak_for_it_brings_it_down():
    # URB-BRG-03: a bridge hex carries only what its CF allows, however the 'Mech arrives. The Hunchback on the
    # level-2 road in 0505 is pushed N onto the level-2 deck of a light bridge (CF 15) over the level-0 ravine
    # 0504: 50 tons exceed 15, the hex collapses at once and the 'Mech falls 2 levels, ceil(50/10) x 3 = 15
    # (it used to stand on the deck). Dice: the fall's facing, three 5-point locations, the MechWarrior's check.
    hexes = {"0505": {"terrain": "clear", "level": 2, "road": True},
             "0504": {"terrain": "clear", "level": 0, "road": True, "bridge": {"type": "light", "cf": 15, "level": 2}},
             "0503": {"terrain": "clear", "level": 2, "road": True}}
    state, events, _ = push(make_state((HUNCHBACK, "u", "0505"), hexes=hexes), dice=[1, 7, 7, 7, 7])
    assert "bridge hex 0504 (light) collapses: 50 tons on the bridge exceed its CF 15" in events
    u = state.units["u"]
    assert at(state, "u") == "0504" and state.board.hex(H("0504")).bridge is None
    assert sum(u.max_armor.values()) - sum(u.armor.values()) == 15


@pytest.mark.parametrize("side, pushed_on", [("blue", False), ("red", True)])
def test_a_mech_pushed_into_a_friendly_assets_hex_shares_it(side, pushed_on):
    # ASSET-STACK-01: a hex holds 1 asset and 1 friendly 'Mech, so the Hunchback pushed N into 0504 beside a
    # friendly tank asset stays there with it (the asset was pushed on to 0503, a domino the stacking does not
    # call for); an enemy asset is still pushed on. Dice: the Hunchback's PSR after the displacement.
    from tests.builders import asset

    state = game(design(HUNCHBACK, "u", "0505", side="blue"), asset("S-1 Light tracked tank", "a", "0504", side=side),
                 width=12, height=12, phase=Phase.INITIATIVE)
    state, events, _ = push(state, dice=[9])
    assert at(state, "u") == "0504" and at(state, "a") == ("0503" if pushed_on else "0504")


def test_a_vtol_flying_above_a_collapsing_bridge_is_not_on_it():
    # URB-BRG-03: every unit *on* the bridge hex falls when it collapses; a VTOL at elevation 5 above the deck
    # over depth-2 water is not on it and flies on (it fell into the water and was destroyed, VEH-DISP-01).
    from btcli.rules.core.displacement import collapse
    from tests.builders import airborne, heavy_vtol

    hexes = {"0505": {"terrain": "water", "depth": 2, "road": True, "bridge": {"type": "medium", "cf": 40, "level": 0}}}
    state = airborne(game(heavy_vtol(at="0505"), width=12, height=12, hexes=hexes), 5)
    events: list[str] = []
    state = collapse(state, [H("0505")], ManualDice([]), events, "test")
    u = state.units["u1"]
    assert not u.destroyed and (u.hex, u.elevation) == (H("0505"), 5) and state.board.hex(H("0505")).bridge is None


# -- a 'Mech pushed into water (PSR-WATER-01; tables.md 8.3) ------------------------------------------------------


def test_a_mech_pushed_into_water_makes_the_psr_of_entering_it_then_the_displaced_one():
    # PSR-WATER-01 (MegaMek @f0b2b01 Server.java:12741-12746: checkWaterMove in the hex it is pushed into): piloting 5
    # + depth 1's -1 = 4; made, the displaced PSR follows (TN 5).
    state = make_state((HUNCHBACK, "u", "0505"), hexes={"0504": {"terrain": "water", "depth": 1}})
    state, events, d = push(state, dice=[4, 5])
    assert [(r.purpose, r.target) for r in d.rolls] == [
        ("piloting skill roll u (entering depth 1 water)", 4), ("piloting skill roll u (displaced)", 5)]
    assert "u enters depth 1 water in 0504 (4 vs 4, PSR-WATER-01)" in events
    assert not state.units["u"].mech.prone and at(state, "u") == "0504"


def test_a_mech_pushed_into_deeper_water_falls_to_its_bottom_for_half_damage():
    # Depth 2 is a drop of two levels to the bottom: a fall without a PSR (tables.md 8.3), ceil(50 / 10) x 3 = 15,
    # halved in water to 8: groups 5 and 3 (1D6 1 front, 2D6 7 CT each), the pilot check 12.
    state = make_state((HUNCHBACK, "u", "0505"), hexes={"0504": {"terrain": "water", "depth": 2}})
    state, _, d = push(state, dice=[1, 7, 7, 12])
    assert state.units["u"].mech.prone and state.units["u"].armor["CT"] == 26 - 8


def test_a_mech_that_fails_the_water_psr_falls_into_the_water_for_half_damage():
    # PSR-WATER-01, tables.md 8.3: the water PSR (TN 4) fails with a 3: it falls in the water, ceil(5 / 2) = 3
    # damage (1D6 1 front, 2D6 7 CT, pilot check 12); prone, it makes no displaced PSR.
    state = make_state((HUNCHBACK, "u", "0505"), hexes={"0504": {"terrain": "water", "depth": 1}})
    state, events, d = push(state, dice=[3, 1, 7, 12])
    assert "u fails its PSR entering depth 1 water in 0504 (3 vs 4) and falls (PSR-WATER-01)" in events
    assert state.units["u"].mech.prone and state.units["u"].armor["CT"] == 26 - 3
    assert not any(r.purpose == "piloting skill roll u (displaced)" for r in d.rolls)


def test_a_mech_that_fails_the_displaced_psr_in_water_falls_for_half_damage():
    # tables.md 8.3: made the water PSR (4), failed the displaced one (4 vs 5): the fall is in water, 3 damage.
    state = make_state((HUNCHBACK, "u", "0505"), hexes={"0504": {"terrain": "water", "depth": 1}})
    state, events, _ = push(state, dice=[4, 4, 1, 7, 12])
    assert "u fails its PSR after being displaced (4 vs 5) and falls" in events
    assert state.units["u"].armor["CT"] == 26 - 3


def test_a_mech_pushed_onto_a_bridge_deck_over_water_stays_dry():
    # A unit in a bridge hex stands on its deck: no water PSR, only the displaced one.
    bridge = {"terrain": "water", "depth": 1, "road": True, "bridge": {"type": "heavy", "cf": 90, "level": 0}}
    state, _, d = push(make_state((HUNCHBACK, "u", "0505"), hexes={"0504": bridge}), dice=[5])
    assert [r.purpose for r in d.rolls] == ["piloting skill roll u (displaced)"]
