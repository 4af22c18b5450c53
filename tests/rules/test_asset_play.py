"""Assets in a game (btcli.rules.assets.units, asset_moves, asset_attack_orders, asset_end_phase; seed 004): a card becoming a unit, footprints, stacking
and moves through the engine, area effects, and the End Phase. The CLI side is tests/cli/test_assets_cli.py."""

from __future__ import annotations

import pytest

from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.area_effect import AreaEffect
from btcli.model.hexgrid import Facing
from btcli.model.orders import MoveOrder, parse_steps
from btcli.model.state import Phase
from btcli.model.units import Motive
from btcli.render.events import sentence, sentences
from btcli.rules.assets import attack_orders as asset_attack_orders, end_phase as asset_end_phase, units as asset_units
from btcli.rules.kinds import asset as asset_kind
from tests.builders import H, aero_game, asset, changed, design, flier, game, resolve, run

LONG_TOM = "Mobile Long Tom Artillery LT-MOB-25"
TANK = "S-1 Light tracked tank"
RIFLES = "Foot Platoon (Rifle)"


def move(state, uid: str, path: str, dice=()):
    return run(state, MoveOrder(uid, "", parse_steps(path)), list(dice))


def test_a_card_becomes_a_unit_with_its_values():  # ASSET-GEN-07, ASSET-TERR-01
    state = game(asset("Maxim Heavy Hover Transport", veteran=True), asset(RIFLES, "a2", at="0505"))
    maxim, rifles = state.unit("a1"), state.unit("a2")
    assert (maxim.is_asset, maxim.motive, maxim.gunnery, maxim.asset.state.check) == (True, Motive.HOVER, 5, 7)
    assert (rifles.motive, rifles.gunnery) == (Motive.FOOT, 6)


def test_a_multi_hex_asset_occupies_the_hex_behind_it():  # ASSET-GEN-03, ASSET-MULTI-03
    state = game(asset(LONG_TOM, at="0505", facing="S"))
    assert asset_units.occupied(state.unit("a1")) == (H("0505"), H("0504"))
    assert H("0504") in asset_units.occupants(state)


def test_a_multi_hex_asset_moves_by_its_primary_hex():  # ASSET-MULTI-01
    state = game(asset(LONG_TOM, at="0505", facing="S"))
    state, events, _ = move(state, "a1", "F")
    assert asset_units.occupied(state.unit("a1")) == (H("0506"), H("0505"))
    assert events == ["a1 moves 0505 -> 0506 facing S: 1 of 2 MP, 1 hex; its second element in 0505"]


def test_a_multi_hex_asset_must_end_legal_on_every_hex():  # ASSET-MULTI-02
    # the second element may not stand in deep water where the primary hex could
    state = game(asset(LONG_TOM, at="0505", facing="N"), hexes={"0507": {"terrain": "water", "depth": 2}})
    with pytest.raises(IllegalOrderError) as exc:
        run(state, MoveOrder("a1", "backward", parse_steps("B")), [])
    assert exc.value.rule == "ASSET-MULTI-02", str(exc.value)


def test_two_friendly_assets_fill_a_hex():  # ASSET-STACK-01
    state = game(asset(TANK, "a1"), asset(TANK, "a2", at="0509"), asset(TANK, "a3", at="0511"), height=12)
    state, _, _ = move(state, "a1", "F")  # two tanks in 0509: legal
    with pytest.raises(IllegalOrderError) as exc:
        move(state, "a3", "F,F")
    assert exc.value.rule == "ASSET-STACK-01"


def test_an_asset_and_a_mech_may_share_a_hex():  # ASSET-STACK-01
    state = game(asset(TANK, "a1"), design("Hunchback HBK-4G", "m1", at="0509"), design("Locust LCT-1V", "m2",
                 at="0508"))
    state, _, _ = move(state, "a1", "F")
    assert state.unit("a1").hex == H("0509")


def test_infantry_assets_stack_two_friendly_and_two_enemy():  # ASSET-STACK-03
    state = game(asset(RIFLES, "r1", at="0509"), asset(RIFLES, "r2", at="0509"), asset(RIFLES, "r3", at="0511"),
                 asset(RIFLES, "b1", at="0509", side="blue"), asset(RIFLES, "b2", side="blue"), height=12)
    state, _, _ = move(state, "b2", "F")  # 2 red and 2 blue platoons in 0509: legal
    assert state.unit("b2").hex == H("0509")
    state = state.with_unit(changed(state.unit("r3"), at="0510"))
    with pytest.raises(IllegalOrderError) as exc:
        move(state, "r3", "F")  # a third red platoon
    assert exc.value.rule == "ASSET-STACK-01"


def test_an_asset_never_makes_a_psr_or_skids_on_pavement():  # ASSET-GEN-01, ASSET-MOVE-13
    state = game(asset("Browning Mobile HQ", facing="N"), hexes={f"05{r:02d}": {"terrain": "paved"}
                                                              for r in range(1, 11)})
    state, events, dice = move(state, "a1", "F,F,R,F,F")  # turning after straight moves on pavement
    assert dice.rolls == []
    assert events[0].startswith("a1 moves 0510 -> ")


def test_a_hover_asset_turning_on_pavement_after_its_full_mp_makes_no_skid_check():  # ASSET-MOVE-13, ASSET-GEN-01
    # catalog ASSET-MOVE-13: the Maxim (8 MP, hover) moves 7 hexes and turns on pavement: no roll at all (the
    # scripted dice hold none, so any skid or sideslip roll would raise)
    paved = {f"05{r:02d}": {"terrain": "paved"} for r in range(1, 11)}
    state, events, dice = move(game(asset("Maxim Heavy Hover Transport"), hexes=paved), "a1", "F,F,F,F,F,F,F,R")
    assert dice.rolls == []
    assert events == ["a1 moves 0510 -> 0503 facing NE: 8 of 8 MP, 7 hexes"]


def test_a_blast_reaching_only_the_second_element_does_no_damage():  # ASSET-DMG-09, AMB-52
    state = game(asset(LONG_TOM, at="0505", facing="S"), phase=Phase.WEAPON)
    events: list = []
    blast = AreaEffect.of("test blast", {H("0504"): 20})
    assert asset_attack_orders.area_hits(state, blast, "x", None, events) == []
    assert sentences(events) == ["  the blast reaches only a1's second element: no damage (ASSET-DMG-09)"]


def test_a_minefield_is_area_effect_damage_doubled_against_infantry():  # ASSET-DMG-08, DROP-12
    mined = {"0509": {"terrain": "clear", "minefield": 3}}
    _, events, _ = move(game(asset(RIFLES), hexes=mined), "a1", "F", dice=[8])
    assert "  a1 takes 6 damage from minefield (area effect doubled against infantry): 6 this turn" in events
    _, events, _ = move(game(asset(TANK), hexes=mined), "a1", "F", dice=[8])
    assert "  a1 takes 3 damage from minefield: 3 this turn" in events


def test_a_jump_asset_meets_the_minefield_it_lands_in():  # ASSET-DMG-08, ASSET-MOVE-08, DROP-12
    # A jump lands in the mined hex as a 'Mech's does (btcli.rules.drops.minefields: "a jump's landing hex"):
    # 2D6 8 sets the mine off, and the 3 points count double against the jump infantry.
    mined = {"0508": {"terrain": "clear", "minefield": 3}}
    state, events, _ = run(game(asset("S-3 Jump platoon"), hexes=mined), MoveOrder("a1", "jump", (), H("0508")), [8])
    assert state.unit("a1").asset.state.damage == 6
    assert "  a1 takes 6 damage from minefield (area effect doubled against infantry): 6 this turn" in events


@pytest.mark.parametrize("mined_hex", ["0509", "0508"])
def test_a_vtol_asset_flies_over_minefields(mined_hex):  # ASSET-DMG-08, ASSET-TERR-07, VEH-VTOL-03
    # The scout climbs, flies 0509 and 0508 at elevation 1 and sets down in 0508: no mine reaches it, over
    # the hex it crossed nor where it lands, as for a seed-000 VTOL; no die is rolled.
    state = game(asset("S-2 Scout VTOL"), hexes={mined_hex: {"terrain": "clear", "minefield": 3}})
    state, events, _ = move(state, "a1", "A F F D")
    assert state.unit("a1").asset.state.damage == 0 and not any("mine" in e for e in events)


def test_an_aircraft_on_another_map_stands_in_no_ground_hex():  # ASSET-STACK-01, ASSET-STACK-02
    # The blue fighter flies in hex 0509 of the low-altitude map, not of the ground board: the red tank asset
    # enters ground hex 0509 as if it were empty (the stacking rules count only the units on the ground board).
    state = aero_game(flier(uid="f", map="low", at="0509", altitude=5, velocity=2, facing="N", side="blue"),
                      ground=(asset(TANK, "t", at="0510"), design("Hunchback HBK-4G", "g", at="0101", side="blue")),
                      phase=Phase.MOVEMENT)
    assert asset_units.occupants(state).get(H("0509")) is None
    state, _, _ = move(state, "t", "F")
    assert state.unit("t").hex == H("0509")


def test_the_end_phase_removes_every_element_of_a_destroyed_multi_hex_asset():  # ASSET-DMG-09, ASSET-DMG-03
    state = game(asset(LONG_TOM, at="0505", facing="S"), phase=Phase.END)
    unit = state.unit("a1")
    state = state.with_unit(asset_kind.record(unit, unit.asset.state.evolve(damage=6, attackers=("m1",),
                                                                              check_due=True)))
    state, events = asset_end_phase.end_phase(state, ManualDice([9]))
    assert state.unit("a1").destroyed
    assert sentence(events[-1]) == "a1's every element is removed: 0505, 0504 (ASSET-DMG-09)"


def test_the_turns_damage_is_forgotten_at_the_end_phase():  # ASSET-DMG-11
    state = game(asset(TANK), phase=Phase.END)
    unit = state.unit("a1")
    state = state.with_unit(asset_kind.record(unit, unit.asset.state.evolve(damage=3, attackers=("m1",))))
    state, events, _ = resolve(state)
    assert state.unit("a1").asset.state.damage == 0 and not any("destruction check" in e for e in events)


def test_facing_is_kept_for_a_stand_still():  # ASSET-MOVE-02
    state = game(asset(TANK, facing="SE"))
    state, events, _ = run(state, MoveOrder("a1", "stand"), [])
    assert state.unit("a1").facing is Facing.SE and events == ["a1 stands still in 0510"]
