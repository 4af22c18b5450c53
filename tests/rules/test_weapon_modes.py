"""Weapon modes of tables.md 12 (memory rules there, UNVERIFIED): Ultra autocannons at double rate,
LB-X cluster rounds, Streak launchers, Gauss rifle explosions; and URB-ATK-04's jam roll against an
adjacent building. 'a' (red, gunnery 4) at 0502 facing S fires at 't' (blue) at 0505 (3 hexes, short range
for every weapon here); every die is scripted.
"""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.errors import GameFileError, IllegalOrderError
from btcli.model.frozen import evolve
from btcli.model.orders import ResolvePhaseOrder, WeaponAttackOrder
from btcli.model.state import Phase
from btcli.model.units import Mount
from btcli.render.events import sentences
from btcli.rules.core import damage
from tests.builders import armed, weapon_game

THICK = {"front": 40, "right": 40, "left": 40, "rear": 40}


def shooter(weapon: str, ammo_kind: str = "", shots: int = 10) -> dict:
    bins = [{"weapon": weapon, "location": "body", "shots": shots}]
    if ammo_kind:
        bins.insert(0, {"weapon": weapon, "location": "body", "shots": shots, "kind": ammo_kind})
    return {"id": "a", "side": "red", "kind": "vehicle", "motive": "tracked", "tons": 60, "cruise": 4,
            "armor": dict(THICK), "weapons": [{"name": weapon, "location": "front"}], "ammo": bins,
            "position": "0502", "facing": "S"}


def target(at: str = "0505") -> dict:
    return {"id": "t", "side": "blue", "kind": "vehicle", "motive": "tracked", "tons": 50, "cruise": 4,
            "armor": dict(THICK), "position": at, "facing": "N"}


def game(*units: dict, hexes: dict | None = None):
    """Returns a game on a clear 12 x 24 map in the weapon attack phase."""
    return weapon_game(*units, height=24, hexes=hexes)


def fire(state, spec: str, dice: list[int], at: str = "t"):
    d = ManualDice(dice)
    new, events = engine.apply(state, WeaponAttackOrder("a", at, (spec,)), d)
    d.finish()
    return new, sentences(events), d


def shots_left(state) -> list[tuple[str, int]]:
    return [(b.kind, b.shots) for b in state.units["a"].ammo]


def test_ultra_double_rate_fires_two_rounds_and_rolls_the_two_shot_cluster_table():
    # tables.md 12: an Ultra AC/5 at double rate: one to-hit (8), the cluster table size 2 (roll 10: 2 shots
    # hit), each shot its own 5-point hit; two rounds spent; heat counted twice.
    state, events, d = fire(game(shooter("Ultra AC/5"), target()), "UAC5:ultra", [8, 10, 7, 7])
    assert [r.purpose for r in d.rolls][1] == "cluster hits Ultra AC/5@front vs t (2 shots, double rate)"
    assert [h.damage for h in state.pending] == [5, 5]
    assert shots_left(state) == [("standard", 8)]
    assert state.units["a"].fired == (0, 0)


def test_ultra_double_rate_jams_on_a_natural_2():
    state, events, _ = fire(game(shooter("Ultra AC/5"), target()), "UAC5:ultra", [2])
    assert state.units["a"].weapons[0].jammed
    assert "a's Ultra AC/5@front jams firing at double rate (natural 2)" in events
    next_turn = state.with_unit(evolve(state.units["a"], fired=()))
    with pytest.raises(IllegalOrderError, match="jammed"):
        fire(next_turn, "UAC5", [])


def test_ultra_single_shot_never_jams():
    state, _, _ = fire(game(shooter("Ultra AC/5"), target()), "UAC5", [2])
    assert not state.units["a"].weapons[0].jammed and shots_left(state) == [("standard", 9)]


def test_lbx_cluster_rounds_are_pellets_of_one_at_minus_one():
    # tables.md 12: LB 10-X cluster rounds: -1 to-hit (TN 3), the cluster table size 10 (roll 7: 6 pellets),
    # 1 point each, each its own location; the cluster bin is used.
    state, events, d = fire(game(shooter("LB 10-X AC", "cluster"), target()), "LB10X:cluster", [3, 7] + [7] * 6)
    assert d.rolls[0].target == 3
    assert [h.damage for h in state.pending] == [1] * 6
    assert shots_left(state) == [("cluster", 9), ("standard", 10)]


def test_lbx_slugs_are_one_ten_point_hit():
    state, _, _ = fire(game(shooter("LB 10-X AC", "cluster"), target()), "LB10X", [8, 7])
    assert [h.damage for h in state.pending] == [10] and shots_left(state) == [("cluster", 10), ("standard", 9)]


def test_streak_hits_with_every_missile_or_does_not_fire():
    # tables.md 12: a Streak SRM-2 that hits lands both missiles (no cluster roll); one that misses does not
    # fire at all: no round spent, no heat.
    state, _, d = fire(game(shooter("Streak SRM-2"), target()), "SSRM2", [9, 7, 7])
    assert [r.purpose for r in d.rolls if r.purpose.startswith("cluster")] == []
    assert [h.damage for h in state.pending] == [2, 2] and shots_left(state) == [("standard", 9)]
    state, events, _ = fire(game(shooter("Streak SRM-2"), target()), "SSRM2", [3])
    assert shots_left(state) == [("standard", 10)] and state.units["a"].fired == ()
    assert any("does not lock on" in e for e in events)


def test_modes_belong_to_their_weapons():
    with pytest.raises(IllegalOrderError, match="only Ultra autocannons"):
        fire(game(shooter("AC/5"), target()), "AC/5:ultra", [])
    with pytest.raises(IllegalOrderError, match="for LB-X autocannons"):
        fire(game(shooter("AC/10"), target()), "AC/10:cluster", [])
    with pytest.raises(GameFileError, match="not a kind of ammunition"):
        game(shooter("Ultra AC/5", "ultra"), target())


def test_urb_atk_04_an_ultra_firing_at_an_adjacent_building_still_rolls_for_a_jam():
    # URB-ATK-04: the adjacent building is hit without a to-hit roll, but the double-rate jam roll is made
    # (natural 2: jammed); full damage 2 x 5 (URB-ATK-05).
    hexes = {"0503": {"building": {"type": "medium", "height": 2}}}
    state, events, d = fire(game(shooter("Ultra AC/5"), target(), hexes=hexes), "UAC5:ultra", [2], at="0503")
    assert [r.purpose for r in d.rolls] == ["jam check Ultra AC/5@front a (double rate)"]
    assert state.units["a"].weapons[0].jammed
    assert [h.damage for h in state.pending] == [10]


def test_a_gauss_rifle_destroyed_by_a_critical_hit_explodes():
    # tables.md 12: a Gauss rifle explodes when destroyed: 20 damage to its location's internal structure
    # (memory, UNVERIFIED), and the MechWarrior takes 2 as from an explosion.
    state = game({"id": "m", "side": "red", "design": "Hunchback HBK-4G", "position": "0505"}, target("0101"))
    m = state.units["m"]
    m = armed(m, Mount("Gauss Rifle", "RT"))
    events: list[str] = []
    hit = damage.critical_effect(m, "RT", 0, "weapon:Gauss Rifle", events)
    assert "m's Gauss Rifle explodes in RT: 20 damage" in sentences(events)
    assert hit.internal["RT"] == 0 and hit.pilot_hits == 2


def test_double_rate_heat_counts_both_shots():
    # tables.md 12: 1 heat per shot; a 'Mech's heat phase adds both shots of a double-rate attack.
    unit = {"id": "a", "side": "red", "kind": "mech", "tons": 50, "walk": 4,
            "armor": {"HD": 9, "CT": 20, "CTR": 5, "LT": 15, "LTR": 5, "RT": 15, "RTR": 5, "LA": 10, "RA": 10,
                      "LL": 15, "RL": 15},
            "weapons": [{"name": "Ultra AC/5", "location": "RT"}],
            "ammo": [{"weapon": "Ultra AC/5", "location": "RT", "shots": 20}], "heat_sinks": 0,
            "position": "0502", "facing": "S"}
    state, _, _ = fire(game(unit, target()), "UAC5:ultra", [3])  # a miss: the shots were still fired
    state = evolve(state, phase=Phase.HEAT)
    state, events = engine.apply(state, ResolvePhaseOrder(), ManualDice([]))
    assert any(e.startswith("a heat 0 -> 2") for e in sentences(events))


def test_a_building_dry_run_shows_the_modes_modifier():
    # The preview of an attack on a distant building hex applies the mode like the attack: LB-X cluster -1.
    from btcli.model.hexgrid import HexId
    from btcli.rules.urban import building_attacks

    hexes = {"0508": {"building": {"type": "medium", "height": 2}}}
    state = game(shooter("LB 10-X AC", "cluster"), target(), hexes=hexes)
    lines = building_attacks.preview(state, "a", HexId.parse("0508"), ("LB10X:cluster",), "")
    assert any("LB-X cluster rounds" in line and "-1" in line for line in lines)
