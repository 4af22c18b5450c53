"""The players the bot is measured against (btcli/bot/baselines.py, issue #35's targets): the random player picks
uniformly among the legal orders, deployments, drops, aircraft flights and aircraft attacks included."""

from __future__ import annotations

from btcli import runner
from btcli.bot import baselines, policy
from btcli.bot.legal_orders import Drop, accepted
from btcli.model.orders import DeployOrder, MoveOrder
from btcli.model.state import GameState
from tests.conftest import SCENARIOS


def _start(name: str) -> GameState:
    from btcli.store.scenario import parse_scenario_text

    path = SCENARIOS / f"{name}.toml"
    return parse_scenario_text(path.read_text(encoding="utf-8"), 1, str(path.parent), str(path), None)


def _until(state: GameState, phase: str) -> GameState:
    while state.phase.value != phase:
        state = runner.execute(state, policy.choose(state, None), None).state
    return state


def test_the_random_player_flies_a_listed_flight_chosen_at_random_not_the_bots():
    # Town Strike's Sparrowhawks: the random player's flight is one `btcli options` lists and the game accepts;
    # over seeds it flies different ones, where the bot flies its best every time.
    from btcli.rules.aero import options as aero_options

    state = _until(_start("town-strike"), "aero_movement")
    side = next(s for s in state.sides if any(u.side == s for u in state.units.values() if u.id == "hawk-1"))
    orders = [baselines.random_choice(state, (side,), seed=seed) for seed in range(8)]
    for order in orders:
        assert isinstance(order, MoveOrder) and accepted(state, order)
        listed = {(f.mode, f.path) for f in aero_options.flights(state, state.units[order.unit])}
        assert (order.mode.value if hasattr(order.mode, "value") else order.mode, order.steps) in listed
    assert len({(o.unit, o.steps) for o in orders}) > 3
    assert len({policy.choose(state, (side,), seed=seed) for seed in range(8)}) == 1


def test_the_random_player_deploys_in_random_hexes_of_its_zone():
    state = _start("convoy-ambush")
    assert state.phase.value == "deployment"
    side = next(s for s in state.sides if baselines.random_choice(state, (s,)) is not None)
    orders = [baselines.random_choice(state, (side,), seed=seed) for seed in range(6)]
    assert all(isinstance(o, DeployOrder) and accepted(state, o) for o in orders)
    assert len({o.hex for o in orders}) > 2


def test_the_random_player_drops_on_random_hexes():
    state = _start("drop-duel")
    drops = []
    for seed in range(6):
        action, now = None, state
        while not isinstance(action, Drop):
            action = baselines.random_choice(now, None, seed=seed)
            assert action is not None
            if not isinstance(action, Drop):
                now = runner.execute(now, action, None).state
        drops.append(action)
    assert all(d.hex for d in drops) and len({d.hex for d in drops}) > 3


def test_the_baselines_assets_attack_with_their_cards():
    # Convoy Ambush: in a weapon phase where a convoy asset has a card attack listed, the greedy player makes it at
    # the nearest listed enemy and the random player, over seeds, at a listed enemy or not at all.
    from btcli.bot import legal_orders
    from btcli.bot.evaluate import hex_of
    from btcli.model.orders import WeaponAttackOrder
    from btcli.rules import kinds

    state = _start("convoy-ambush")
    for _ in range(400):
        if state.phase.value == "weapon" and not state.declarations:
            armed = [u for u in state.units.values() if u.side == "blue" and u.active and u.hex is not None
                     and kinds.of(u).options is not None
                     and legal_orders.kind_shots(legal_orders.kind_options(state, u))]
            if armed:
                break
        state = runner.execute(state, policy.choose(state, None), None).state
    else:
        raise AssertionError("no weapon phase with a convoy asset in reach")
    assets = {u.id for u in state.units.values() if kinds.of(u).options is not None}
    order = baselines.greedy_choice(state, ("blue",))
    assert isinstance(order, WeaponAttackOrder) and accepted(state, order)
    if order.attacker in assets:
        unit = state.units[order.attacker]
        listed = {s.target for s in legal_orders.kind_shots(legal_orders.kind_options(state, unit))}
        nearest = min((state.units[t] for t in listed), key=lambda f: (hex_of(unit).distance(hex_of(f)), f.id))
        assert order.target == nearest.id
    orders = [baselines.random_choice(state, ("blue",), seed=seed) for seed in range(12)]
    assert any(isinstance(o, WeaponAttackOrder) and o.attacker in assets for o in orders)
