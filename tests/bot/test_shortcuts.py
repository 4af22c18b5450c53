"""The bot's shortcuts (issue #35: a whole Crossroads game in 2 s of one core) give what the long way gives: each is
checked against the rules it stands in for, on a game in progress (Crossroads after a turn of bot play)."""

from __future__ import annotations

import pytest

from btcli import runner
from btcli.bot import evaluate, legal_orders, policy
from btcli.model.hexgrid import Facing
from btcli.model.state import GameState
from btcli.rules.core import los, tohit
from btcli.rules.ground import movement
from tests.conftest import SCENARIOS


@pytest.fixture(scope="module")
def battle() -> GameState:
    """Crossroads in turn 2's movement phase, every unit where the bot moved it in turn 1."""
    from btcli.store.scenario import parse_scenario_text

    path = SCENARIOS / "crossroads.toml"
    state = parse_scenario_text(path.read_text(encoding="utf-8"), 3, str(path.parent), str(path), None)
    while not (state.turn == 2 and state.phase.value == "movement"):
        state = runner.execute(state, policy.choose(state, None), None).state
    return state


def _ground_units(state: GameState):
    return [u for u in sorted(state.units.values(), key=lambda u: u.id) if u.active and u.hex is not None]


def test_reachable_hexes_are_the_cheapest_facing_of_reachable_facings(battle):
    for unit in _ground_units(battle):
        for mode in (movement.slow_mode(unit), movement.fast_mode(unit)):
            positions = movement.reachable_facings(battle, unit, mode)
            hexes = movement.reachable_hexes(battle, unit, mode)
            assert list(hexes) == list(dict.fromkeys(h for h, _ in positions))  # the order a hex is first reached
            assert hexes == {h: min(mp for (x, _), mp in positions.items() if x == h) for h in hexes}


def test_a_facing_outside_the_reach_is_one_the_path_finder_refuses(battle):
    # policy._order_for does not ask for a facing its reach lacks: the order is the same as when it asks.
    skipped = asked = 0
    for unit in _ground_units(battle)[:3]:
        reach = legal_orders.ground_reach(battle, unit)
        for mode, positions in reach.items():
            near = [h for h in legal_orders.hexes_of(reach)[mode] if h.distance(unit.hex) <= 2]
            for hex_id in near:
                for facing in Facing:
                    quick = policy._order_for(battle, unit, mode, hex_id, facing, positions)
                    assert quick == policy._order_for(battle, unit, mode, hex_id, facing), (unit.id, mode, hex_id, facing)
                    skipped += (hex_id, facing) not in positions
                    asked += 1
    assert 0 < skipped < asked  # both ways taken


def test_shots_with_the_line_of_sight_given_are_the_shots_without_it(battle):
    units = _ground_units(battle)
    pairs = [(a, b) for a in units for b in units if a.side != b.side]
    assert pairs
    for attacker, target in pairs:
        sight = los.line_of_sight(battle.board, attacker, target)
        for twist in (0, -1, 1):
            slow = []
            for index in evaluate.usable(attacker):
                turned = twist if evaluate.kinds.turns_with_twist(attacker, attacker.weapons[index].location) else 0
                result = tohit.weapon_to_hit(battle, attacker, index, target, None, turned)
                if not result.impossible:
                    slow.append((index, result.target))
            assert [(i, n) for i, n, _ in evaluate.shots(battle, attacker, target, twist)] == slow
            assert evaluate.shots(battle, attacker, target, twist, sight=sight) == \
                evaluate.shots(battle, attacker, target, twist)


def test_the_outlook_holds_what_each_position_would_read_for_itself(battle):
    # position_score reads these from the Outlook instead of asking for each position (issue #35).
    for unit in _ground_units(battle):
        foes = policy.enemies(battle, unit.side)
        seen = policy.outlook(battle, unit, foes)
        assert seen.best_range == policy._best_range(unit)
        assert seen.focus == {f.id: policy.focus(battle, f) for f in foes}
        assert seen.twists == {f.id: tuple(legal_orders.weapon_twists(f).values()) for f in foes}
        assert sorted(u.id for u in seen.friends) == sorted(
            u.id for u in _ground_units(battle) if u.side == unit.side and u.id != unit.id)


def test_the_minimum_move_the_bot_still_asks_for_is_the_one_the_path_finder_grants():
    # VEH-MOVE-06: a Scorpion (flank 6) enters a hardened building one level up straight ahead (5 + 2 = 7 MP) as
    # its minimum move: no facing of that hex is in its reach, yet `move --to 0509 --facing N` exists. The path
    # finder and the bot's _order_for ask the same predicate (movement.minimum_move_allowed).
    from btcli.model.hexgrid import HexId
    from tests.builders import SCORPION, design, game

    state = game(design(SCORPION, "u1", at="0510", facing="N"), design(SCORPION, "foe", at="0101", side="blue"),
                 hexes={"0509": {"terrain": "building", "level": 1, "building": {"type": "hardened"}}})
    unit, ahead = state.units["u1"], HexId.parse("0509")
    reach = legal_orders.ground_reach(state, unit)["flank"]
    assert not any(h == ahead for h, _ in reach)
    assert movement.minimum_move_allowed(unit, ahead, Facing.N)
    assert not movement.minimum_move_allowed(unit, ahead, Facing.NE)
    assert not movement.minimum_move_allowed(unit, HexId.parse("0609"), None)  # ahead only
    order = policy._order_for(state, unit, "flank", ahead, Facing.N, reach)
    assert order is not None and order.steps == ("F",)
    assert policy._order_for(state, unit, "flank", ahead, Facing.N) == order
