"""The players the bot is measured against (issue #35's targets; ``bench/bot.py``): one that picks uniformly
among the legal orders, and a greedy one that moves straight at the nearest enemy and fires every weapon that
bears. Each is a ``choose(state, sides, settings, seed, close)`` like ``policy.choose``. The random player picks
its deployments, drops, aircraft flights and aircraft attacks uniformly too (from what ``btcli options`` lists);
the greedy one has no opinion there and does as the bot does, as both do for assets' moves. Their assets attack
with their cards: the random player's at a random listed enemy or not at all, the greedy one's at the nearest."""

from __future__ import annotations

import random

from btcli.bot import evaluate, legal_orders, policy
from btcli.bot.evaluate import hex_of
from btcli.bot.legal_orders import Action, accepted
from btcli.model.orders import MoveOrder, PhysicalAttackOrder, WeaponAttackOrder
from btcli.model.state import GameState, Phase
from btcli.model.units import Unit
from btcli.rules import kinds


def _unit_to_move(state: GameState, ours: tuple[str, ...]) -> Unit | None:
    from btcli.render.view import next_to_move
    from btcli.rules.core import turn_order

    side = next_to_move(state)
    missing = [state.units[uid] for uid in turn_order.missing_movers(state)]
    if side is None and not state.move_order:
        side = next((u.side for u in missing if u.side in ours), None)
    if side not in ours:
        return None
    return next((u for u in sorted(missing, key=lambda u: u.id) if u.side == side), None)


def _ground(unit: Unit) -> bool:
    return unit.hex is not None and kinds.of(unit).mobility is not None and kinds.of(unit).move_order is None


def _choose(state, sides, settings, seed, close, move, attack, physical, card_attack, uniform=False) -> Action | None:
    """``card_attack``: an asset's attack with its card; ``uniform``: the random player's own deployments, drops,
    flights and aircraft attacks too (else the bot's)."""
    if state.winner:
        return None
    ours = tuple(state.sides) if not sides else sides
    rng = policy.generator(seed, state, "baseline")
    declared = {d.attacker for d in state.declarations}
    if uniform and state.phase is Phase.DEPLOYMENT:
        order = _random_deployment(state, ours, seed, rng)
        if order is not None:
            return order
    if uniform and state.phase in (Phase.INITIATIVE, Phase.MOVEMENT):
        drop = _random_drop(state, ours, rng)
        if drop is not None:
            return drop
    if uniform and state.phase in (Phase.AERO_MOVEMENT, Phase.SPACE_MOVEMENT):
        order = _random_flight(state, ours, seed, rng)
        if order is not None:
            return order
    if state.phase is Phase.MOVEMENT and not policy._drop_commitment(state, ours, seed):
        unit = _unit_to_move(state, ours)
        if unit is not None and _ground(unit):
            order = move(state, unit, rng)
            if order is not None:
                return order
    elif state.phase in (Phase.WEAPON, Phase.PHYSICAL):
        for unit in sorted(state.units.values(), key=lambda u: u.id):
            if unit.side not in ours or unit.id in declared or not unit.active:
                continue
            if unit.hex is not None and kinds.of(unit).mobility is not None:
                order = (attack if state.phase is Phase.WEAPON else physical)(state, unit, rng)
            elif uniform and state.phase is Phase.WEAPON and kinds.of(unit).flies_on_aerospace_maps:
                order = _random_air_attack(state, unit, rng)
            elif state.phase is Phase.WEAPON and unit.hex is not None and kinds.of(unit).options is not None:
                order = card_attack(state, unit, rng)  # an asset (seed 004)
            else:
                continue
            if order is not None:
                return order
        return policy._resolve(state) if close else None
    return policy.choose(state, sides, settings, seed, close)


# -- uniform random ---------------------------------------------------------------------------------------------


def random_choice(state: GameState, sides, settings=policy.Settings(), seed: int = 0, close: bool = True):
    """A uniformly random legal order: a move to any hex the unit can reach (or standing), shots at a random
    enemy with a random non-empty set of the weapons that can fire (or none), a random physical attack."""
    return _choose(state, sides, settings, seed, close, _random_move, _random_attack, _random_physical,
                   _random_card_attack, True)


def _random_card_attack(state: GameState, unit: Unit, rng: random.Random) -> WeaponAttackOrder | None:
    """An asset's card attack at one of the enemies ``btcli options`` lists for it, or none, chosen uniformly."""
    targets = [None, *dict.fromkeys(s.target for s in legal_orders.kind_shots(legal_orders.kind_options(state, unit)))]
    target = rng.choice(targets)
    return legal_orders.card_attack(state, unit, target) if target is not None else None


def _random_deployment(state: GameState, ours: tuple[str, ...], seed: int, rng: random.Random):
    """The next waiting unit of the side to deploy, in a random hex of its zone, facing a random way."""
    from btcli.model.hexgrid import Facing
    from btcli.model.orders import DeployOrder
    from btcli.rules.assets.deployment_phase import side_to_deploy, undeployed

    deployment = state.deployment
    side = side_to_deploy(state) if deployment is not None else None
    if deployment is None or side not in ours:
        return None
    zone = list(deployment.zones.get(side, ())) or legal_orders.board_hexes(state)
    for unit in sorted((u for u in undeployed(state) if u.side == side), key=lambda u: u.id):
        for _ in range(20):
            order = DeployOrder(unit.id, rng.choice(zone), rng.choice(list(Facing)))
            if accepted(state, order, seed):
                return order
    return None


def _random_drop(state: GameState, ours: tuple[str, ...], rng: random.Random):
    """A dropping 'Mech of ours arriving this turn without a landing hex: a random hex of the board, facing a
    random way (the bot's secret-landing steps then commit and reveal it)."""
    from btcli.model.hexgrid import Facing

    for unit in policy.uncommitted_drops(state, ours):
        hexes = legal_orders.board_hexes(state)
        drop = policy.commit_landing(state, unit, ((rng.choice(hexes), rng.choice(list(Facing))) for _ in range(20)),
                                     rng)
        if drop is not None:
            return drop
    return None


def _random_flight(state: GameState, ours: tuple[str, ...], seed: int, rng: random.Random):
    """The next aerospace unit of the side whose slot it is flies one of the flights ``btcli options`` lists,
    chosen uniformly."""
    from btcli.rules.aero import options as aero_options, phases as aero_phases

    side = aero_phases.side_to_move(state)
    if side not in ours:
        return None
    for unit in sorted(aero_phases.movers(state, state.phase), key=lambda u: u.id):
        if unit.side != side or aero_phases.has_moved(unit):
            continue
        flights = list(aero_options.flights(state, unit))
        rng.shuffle(flights)
        for flight in flights[:10]:  # a unit that may not move now (another must first) has none accepted
            order = MoveOrder(unit.id, flight.mode, flight.path)
            if accepted(state, order, seed):
                return order
    return None  # the bot's own choice flies it (no listed flight the game accepts)


def _random_air_attack(state: GameState, unit: Unit, rng: random.Random) -> WeaponAttackOrder | None:
    """One of an aircraft's listed attacks, chosen uniformly with not firing: a strike or air-to-air shot at a
    random target with a random non-empty set of the weapons listed for it, a strafing run, or a bombing."""
    from btcli.bot import aircraft
    from btcli.model.frozen import evolve

    choices: list[WeaponAttackOrder | None] = [None]
    for listed, to_hit in aircraft.listed_attacks(state, unit):
        if to_hit:  # a strike or an air-to-air volley: a random non-empty set of its weapons
            weapons = list(listed.weapons)
            listed = evolve(listed, weapons=tuple(rng.sample(weapons, rng.randint(1, len(weapons)))))
        choices.append(listed)
    rng.shuffle(choices)
    for order in choices:
        if order is None or accepted(state, order):
            return order
    return None


def _random_move(state: GameState, unit: Unit, rng: random.Random) -> MoveOrder | None:
    places = [("stand", None)] + [(mode, h) for mode, hexes in legal_orders.ground_moves(state, unit).items()
                                  for h in sorted(hexes)]
    for _ in range(6):
        mode, hex_id = rng.choice(places)
        facing = rng.choice(legal_orders.facings()).name
        order = (legal_orders.move_order(state, unit, mode="stand") if hex_id is None
                 else legal_orders.move_order(state, unit, to=hex_id.label, facing=facing, mode=mode)
                 or legal_orders.move_order(state, unit, to=hex_id.label, mode=mode))
        if order is not None and accepted(state, order):
            return order
    return None


def _random_attack(state: GameState, unit: Unit, rng: random.Random) -> WeaponAttackOrder | None:
    foes = policy.enemies(state, unit.side)
    rng.shuffle(foes)
    for foe in foes + [None]:
        if foe is None or rng.random() < 1 / (len(foes) + 1):
            return None
        shots = evaluate.shots(state, unit, foe)
        if shots:
            chosen = rng.sample(shots, rng.randint(1, len(shots)))
            order = WeaponAttackOrder(unit.id, foe.id, tuple(unit.weapons[i].label for i, _, _ in sorted(chosen)))
            if accepted(state, order):
                return order
    return None


def _random_physical(state: GameState, unit: Unit, rng: random.Random) -> PhysicalAttackOrder | None:
    options = [PhysicalAttackOrder(unit.id, foe.id, kind) for foe in policy.enemies(state, unit.side)
               if hex_of(unit).distance(hex_of(foe)) == 1 for kind in ("punch", "kick", "charge", "dfa")]
    options = [o for o in options if accepted(state, o)]
    return rng.choice(options + [None]) if options else None


# -- greedy -----------------------------------------------------------------------------------------------------


def greedy_choice(state: GameState, sides, settings=policy.Settings(), seed: int = 0, close: bool = True):
    """Straight at the nearest enemy as fast as it goes, every weapon that bears at the nearest enemy it can hit,
    a punch or kick at an adjacent one."""
    return _choose(state, sides, settings, seed, close, _greedy_move, _greedy_attack, _greedy_physical,
                   _greedy_card_attack)


def _greedy_card_attack(state: GameState, unit: Unit, rng: random.Random) -> WeaponAttackOrder | None:
    """An asset's card attack at the nearest enemy ``btcli options`` lists for it."""
    listed = {s.target for s in legal_orders.kind_shots(legal_orders.kind_options(state, unit))}
    for foe in sorted(policy.enemies(state, unit.side), key=lambda f: (hex_of(unit).distance(hex_of(f)), f.id)):
        if foe.id in listed and (order := legal_orders.card_attack(state, unit, foe.id)) is not None:
            return order
    return None


def _greedy_move(state: GameState, unit: Unit, rng: random.Random) -> MoveOrder | None:
    foes = policy.enemies(state, unit.side)
    if not foes:
        return None
    places = [(mode, h) for mode, hexes in legal_orders.ground_moves(state, unit).items() for h in hexes]
    places.sort(key=lambda p: (min(p[1].distance(hex_of(f)) for f in foes), p[0] != "run" and p[0] != "flank",
                               p[1].label))
    for mode, hex_id in places[:8]:
        nearest = min(foes, key=lambda f: (hex_id.distance(hex_of(f)), f.id))
        facing = evaluate.facing_towards(hex_id, hex_of(nearest)) if nearest.hex != hex_id else unit.facing
        order = (legal_orders.move_order(state, unit, to=hex_id.label, facing=facing.name, mode=mode)
                 or legal_orders.move_order(state, unit, to=hex_id.label, mode=mode))
        if order is not None and accepted(state, order):
            return order
    return None


def _greedy_attack(state: GameState, unit: Unit, rng: random.Random) -> WeaponAttackOrder | None:
    foes = sorted(policy.enemies(state, unit.side), key=lambda f: (hex_of(unit).distance(hex_of(f)), f.id))
    for foe in foes:
        shots = evaluate.shots(state, unit, foe)
        if shots:
            order = WeaponAttackOrder(unit.id, foe.id, tuple(unit.weapons[i].label for i, _, _ in shots))
            if accepted(state, order):
                return order
    return None


def _greedy_physical(state: GameState, unit: Unit, rng: random.Random) -> PhysicalAttackOrder | None:
    for foe in policy.enemies(state, unit.side):
        if hex_of(unit).distance(hex_of(foe)) == 1:
            for kind in ("kick", "punch"):
                order = PhysicalAttackOrder(unit.id, foe.id, kind)
                if accepted(state, order):
                    return order
    return None


PLAYERS = {"bot": policy.choose, "random": random_choice, "greedy": greedy_choice}
