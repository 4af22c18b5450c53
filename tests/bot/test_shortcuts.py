"""The bot's shortcuts (issue #35: a whole Crossroads game in 2 s of one core) give what the long way gives: each is
checked against the rules it stands in for, on a game in progress (Crossroads after a turn of bot play)."""

from __future__ import annotations

import pytest

from btcli import runner
from btcli.bot import evaluate, legal_orders, policy
from btcli.bot.policy import Settings
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


def test_position_score_with_the_outlook_given_is_the_score_without_it(battle):
    for unit in _ground_units(battle):
        foes = policy.enemies(battle, unit.side)
        seen = policy.outlook(battle, unit, foes)
        for hex_id in list(legal_orders.hexes_of(legal_orders.ground_reach(battle, unit)).get(
                movement.slow_mode(unit).value, {}))[:6]:
            for facing in (Facing.N, Facing.SE):
                args = (battle, unit, foes, "walk", hex_id, facing, 2, Settings())
                assert policy.position_score(*args, False, seen) == policy.position_score(*args)
                assert policy.position_score(*args, True, seen) == policy.position_score(*args, True)
