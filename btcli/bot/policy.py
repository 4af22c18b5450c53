"""The bot's choice: the next order for the sides it plays, from what those sides may see.

Anchored on MegaMek's bot Princess (MegaMek @f0b2b01 megamek/src/megamek/client/bot/princess/): it ranks each
path a unit may take by the damage it expects to deal minus the damage it expects to take there
(``BasicPathRanker.rankPath``), weighted by its behaviour settings "bravery" (aggression) and
"self-preservation" (caution), keeps units together ("herding"), and sends crippled units away ("forced
withdrawal"); it fires the volley with the most expected damage the heat allows (``FireControl``). The rules
of this bot are BOT-01..BOT-20, BOT-27 and BOT-28 (``hazards.py``) in docs/rules-notes.md (BOT-21..26: its
aircraft, aircraft.py); the code is btcli's own.

``choose(state, sides, settings, seed)`` returns one order (or a ``legal_orders.Drop``) for one of ``sides``,
or None when none of them has anything to do now (another side must act). It reads only ``view.of``'s state:
the game's seed and dice are hidden from it.
"""

from __future__ import annotations

import random

from btcli.bot import aircraft, evaluate, hazards, legal_orders
from btcli.bot.evaluate import hex_of
from btcli.bot.legal_orders import Action, Drop, accepted
from btcli.errors import BtcliError
from btcli.model.frozen import Record, evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.model.orders import (DeployOrder, MoveOrder, PhysicalAttackOrder, ResolvePhaseOrder,
                                WeaponAttackOrder)
from btcli.model.state import GameState, Phase
from btcli.model.units import MoveMode, Unit
from btcli.rules import kinds

MOVE_MODES = {m.value: m for m in MoveMode}
SHORTLIST = 10  # BOT-04: positions judged by the full to-hit rules, after a quick look at all of them


class Settings(Record):
    """How the bot plays (README, "A computer opponent"), each 0 to 10.

    ``aggression`` (Princess's "bravery"): the weight of the damage it expects to deal against the damage it
    expects to take, and how hot it lets its 'Mechs run; ``caution`` (Princess's "self-preservation"): the weight
    of the damage it expects to take, and how badly hurt a unit is before it withdraws."""

    aggression: int = 5
    caution: int = 5

    @property
    def dealt_weight(self) -> float:
        return 0.5 + self.aggression / 10

    @property
    def taken_weight(self) -> float:
        return 0.3 + self.caution / 10

    @property
    def approach_weight(self) -> float:
        """BOT-13: what each hex beyond its best range from the nearest enemy costs a position (2.5 by default:
        Princess's hyper aggression at its default, BehaviorSettings.java:73-84)."""
        return 0.5 * self.aggression

    @property
    def crippled_below(self) -> float:
        """BOT-06: the share of armor and structure left under which a unit withdraws (0.35 by default)."""
        return 0.1 + self.caution / 20

    @property
    def heat_allowance(self) -> int:
        """BOT-07: the heat a 'Mech may keep after the heat phase (4 by default: no heat effects below 5)."""
        return 2 + self.aggression * 2 // 5

    @property
    def worst_shot(self) -> int:
        """BOT-07: the highest to-hit number worth a shot (10 by default, 11 when aggressive)."""
        return 10 + (1 if self.aggression >= 7 else 0) - (1 if self.caution >= 9 else 0)


def pressed(state: GameState, side: str, settings: Settings) -> Settings:
    """BOT-10: the clock. In the last two turns before the turn limit (every turn of a game of four turns or
    fewer), a side that has not lost a smaller share of its units than every enemy side plays 3 points more
    aggressive and 3 less cautious: a game at the limit goes to the side that lost the smaller share (TW victory
    as the scenario sets it, rules/core/victory.py), so a draw is only won by a kill."""
    limit = state.victory.turn_limit
    if not limit or limit - state.turn >= 2 and limit > 4:
        return settings
    from btcli.rules.core import victory

    def share(sid: str) -> float:
        lost, total = victory.losses(state, sid)
        return lost / total if total else 0.0

    ours = share(side)
    if any(share(other) > ours for other in state.sides if other != side):
        return settings  # ahead already: no need to gamble
    return Settings(min(10, settings.aggression + 3), max(0, settings.caution - 3))


def check_settings(settings: Settings) -> None:
    from btcli.errors import InputError

    for name in ("aggression", "caution"):
        value = getattr(settings, name)
        if not 0 <= value <= 10:
            raise InputError(f"--{name} is 0 to 10, not {value}")


def generator(seed: int, state: GameState, what: str = "") -> random.Random:
    """The bot's own generator for one decision: from its seed and where the game stands (so the same game and
    seed give the same orders however the bot's calls are split), never from the game's dice."""
    return random.Random(f"btcli-bot:{seed}:{state.revision}:{what}")


def choose(state: GameState, sides: tuple[str, ...] | None, settings: Settings = Settings(),
           seed: int = 0, close: bool = True) -> Action | None:
    """Returns the next order for one of ``sides`` (None: every side), or None when they must wait.
    ``close=False``: never ``resolve-phase`` (another player still acts in this phase: the benchmark's)."""
    if state.winner:
        return None
    action = _choose(state, sides, settings, seed)
    return None if not close and isinstance(action, ResolvePhaseOrder) else action


def _choose(state: GameState, sides: tuple[str, ...] | None, settings: Settings, seed: int) -> Action | None:
    ours = tuple(state.sides) if not sides else sides
    phase = state.phase
    if phase is Phase.DEPLOYMENT:
        return _deployment(state, ours, seed)
    if phase is Phase.INITIATIVE:
        return _drop_commitment(state, ours, seed) or _resolve(state)
    if phase is Phase.MOVEMENT:
        return _drop_commitment(state, ours, seed) or _movement(state, ours, settings, seed)
    if phase in (Phase.AERO_MOVEMENT, Phase.SPACE_MOVEMENT):
        return aircraft.flight(state, ours, settings, focus, seed) or _flight(state, ours)  # BOT-21..25
    if phase is Phase.WEAPON:
        return _weapon_attack(state, ours, settings) or _resolve(state)
    if phase is Phase.PHYSICAL:
        return _physical_attack(state, ours, settings) or _resolve(state)
    return _resolve(state)


def _resolve(state: GameState) -> Action | None:
    order = ResolvePhaseOrder()
    return order if accepted(state, order) else None


# -- whom to hit: focus fire (BOT-05) -------------------------------------------------------------------------


def enemies(state: GameState, side: str) -> list[Unit]:
    """The enemy units on the ground board, in id order."""
    return [u for u in sorted(state.units.values(), key=lambda u: u.id)
            if u.side != side and u.active and u.hex is not None]


def pending_damage(state: GameState, unit_id: str) -> int:
    """Damage already struck at a unit this phase, landing when the phase ends (public: the log says it)."""
    return sum(h.damage for h in state.pending if getattr(h, "target", None) == unit_id)


def focus(state: GameState, target: Unit) -> float:
    """BOT-05: how much a point of damage on ``target`` is worth: more the more damaged it is (this phase's
    struck hits counted), so the side's fire converges on the target nearest destruction; BOT-11: times how
    much sooner than its side's average unit it falls (the ratio of their armor and structure left, within
    1/3-3), so the side goes for the kill it can make."""
    full = sum(target.max_armor.values()) + sum(target.max_internal.values())
    lost = 1.0 - evaluate.health(target) + (pending_damage(state, target.id) / full if full else 0.0)
    return (1.0 + min(1.0, lost) * 1.5) * frailty(state, target) * (COMMITTED if committed(state, target) else 1.0)


COMMITTED = 1.3  # BOT-17: a target the side has fired at this phase


def committed(state: GameState, target: Unit) -> bool:
    """BOT-17: whether a unit of the target's enemies has declared an attack at it this phase (public: the log
    says it): the side's next shooters join that fire rather than spread theirs."""
    return any(d.target == target.id and state.units[d.attacker].side != target.side
               for d in state.declarations if d.attacker in state.units)


def points_left(state: GameState, unit: Unit) -> float:
    """The armor and internal structure a unit has left, less the damage struck at it this phase."""
    return max(1.0, evaluate.points(unit) - pending_damage(state, unit.id))


def frailty(state: GameState, target: Unit) -> float:
    """BOT-11: ``mean points left of the target's side / the target's points left``, within 1/3-3 (1 for a unit
    alone on its side): a point of damage takes a share of what is left of the unit, and a frail unit's share is
    the larger (a kill of a Commando counts as much as one of an Atlas)."""
    side = [u for u in state.units.values() if u.side == target.side and u.active and u.hex is not None]
    if len(side) < 2:
        return 1.0
    mean = sum(points_left(state, u) for u in side) / len(side)
    return min(3.0, max(1 / 3, mean / points_left(state, target)))


# -- movement (BOT-01..04, 06, 08) ----------------------------------------------------------------------------


def _movement(state: GameState, ours: tuple[str, ...], settings: Settings, seed: int) -> Action | None:
    from btcli.render.view import next_to_move  # the side whose slot it is (public, as the report shows it)
    from btcli.rules.core import turn_order

    side = next_to_move(state)
    missing = [state.units[uid] for uid in turn_order.missing_movers(state)]
    if side is None and not state.move_order:  # no movement order drawn (a state built by hand): anyone moves
        side = next((u.side for u in missing if u.side in ours), None)
    if side is None:
        return _resolve(state)
    if side not in ours:
        return None
    waiting = [u for u in missing if u.side == side]
    if not waiting:
        dropping = [u for u in _arriving(state) if u.side == side]
        return Drop(dropping[0].id) if dropping else None
    # BOT-08: the slowest unit moves first, the fastest last (it can still answer what the enemy did).
    waiting.sort(key=lambda u: (u.run, u.id))
    settings = pressed(state, side, outmatched(state, side, settings))  # BOT-27, then BOT-10
    for unit in waiting:
        order = best_move(state, unit, settings, seed)
        if order is not None:
            return order
    return None


def best_move(state: GameState, unit: Unit, settings: Settings, seed: int = 0) -> MoveOrder | None:
    """The move with the best score (BOT-01) that the game accepts, else standing still, else any move."""
    for order in ranked_moves(state, unit, settings):
        if accepted(state, order, seed):
            return order
    return _any_move(state, unit)


def _any_move(state: GameState, unit: Unit) -> MoveOrder | None:
    """Standing still, or for a unit that may not (a VTOL that must move, an asset): the first step path the
    game accepts."""
    tries = [legal_orders.move_order(state, unit, mode="stand"),
             *(legal_orders.move_order(state, unit, path=p) for p in ("F", "L,F", "R,F", "A", "F,F", "B"))]
    return next((o for o in tries if o is not None and accepted(state, o)), None)


def crippled(unit: Unit, settings: Settings) -> bool:
    """BOT-06: a unit withdraws when less than ``crippled_below`` of its armor and structure is left, or when it
    has lost every weapon it could fire."""
    return evaluate.health(unit) < settings.crippled_below or not evaluate.usable(unit)


def ranked_moves(state: GameState, unit: Unit, settings: Settings):
    """Yields the unit's candidate moves, best first (BOT-01, BOT-04): every hex it can reach in each mode given
    a quick score, the best ``SHORTLIST`` of them judged by the real to-hit rules, each as the order ``btcli move
    --to HEX --facing F --mode M`` would build (built only when asked for: finding its path costs)."""
    foes = enemies(state, unit.side)
    if unit.hex is None or kinds.of(unit).mobility is None or kinds.of(unit).move_order is not None:
        yield from _other_moves(state, unit, foes)
        return
    if not foes:
        yield from (o for o in (legal_orders.move_order(state, unit, mode="stand"),) if o is not None)
        return
    if legal_orders.stand_up(state, unit) is not None:
        yield from stand_up_orders(state, unit, foes)
        return
    places: list[tuple[str, HexId, int]] = [("stand", unit.hex, 0)]
    reach = legal_orders.ground_reach(state, unit)
    moves = legal_orders.hexes_of(reach)
    for mode, hexes in moves.items():
        places += [(mode, h, mp) for h, mp in hexes.items()]
    if moves:  # BOT-14: turning where it stands, in its slower mode
        places.append((next(iter(moves)), unit.hex, 1))
    places += [("jump", h, 0) for h in legal_orders.jump_hexes(state, unit)]
    withdraw = crippled(unit, settings)
    seen = outlook(state, unit, foes)
    best = seen.best_range
    quick = sorted(places, key=lambda p: (-_quick_score(state, unit, foes, p, withdraw, best), p[1].label, p[0]))
    staying = [p for p in places if p[1] == unit.hex]  # BOT-14: standing and turning are always judged
    judged = []
    for mode, hex_id, mp in quick[:SHORTLIST] + [p for p in staying if p not in quick[:SHORTLIST]]:
        facing = _facing_for(state, unit, hex_id, foes, seen.focus)
        score = position_score(state, unit, foes, mode, hex_id, facing, mp, settings, withdraw, seen)
        judged.append((score, mode, hex_id, facing))
    judged.sort(key=lambda j: (-j[0], j[2].label, j[1]))
    # BOT-16: a move --to HEX --facing F the unit's MP cannot pay ends in the path's own facing: that position is
    # judged again with the facing it really ends in, and waits its turn if it now ranks below the next.
    # BOT-28: the move's own hazards (its rolls, a bridge that gives way) lower its score once its path is known;
    # a move that now ranks below the next waits its turn.
    ready: dict[tuple[str, HexId], MoveOrder] = {}
    costed: set[tuple[str, HexId]] = set()
    hazard_weight = settings.taken_weight * (2 if withdraw else 1)
    while judged:
        score, mode, hex_id, facing = judged.pop(0)
        order = ready.get((mode, hex_id)) or _order_for(state, unit, mode, hex_id, facing, reach.get(mode))
        if order is None:
            continue
        actual = end_facing(unit, order)
        if actual != facing and (mode, hex_id) not in ready:
            ready[(mode, hex_id)] = order
            mp = next((m for md, h, m in places if md == mode and h == hex_id), 0)
            score = position_score(state, unit, foes, mode, hex_id, actual, mp, settings, withdraw, seen)
            if judged and score < judged[0][0]:
                judged.append((score, mode, hex_id, actual))
                judged.sort(key=lambda j: (-j[0], j[2].label, j[1]))
                continue
        if (mode, hex_id) not in costed:
            costed.add((mode, hex_id))
            ready[(mode, hex_id)] = order
            loss = hazards.expected_loss(state, order)
            if loss is None:
                continue
            score -= hazard_weight * loss
            if loss and judged and score < judged[0][0]:
                judged.append((score, mode, hex_id, actual))
                judged.sort(key=lambda j: (-j[0], j[2].label, j[1]))
                continue
        yield order


def _order_for(state: GameState, unit: Unit, mode: str, hex_id: HexId, facing: Facing,
               reach: dict[tuple[HexId, Facing], int] | None = None) -> MoveOrder | None:
    """The order that takes the unit to ``hex_id`` in ``mode`` facing ``facing`` (BOT-14: turning where it
    stands), else the path finder's own path there (its own end facing), else None. ``reach``: the mode's
    ``legal_orders.ground_reach``; a facing its MP cannot pay there is not asked of the path finder, which
    would search far past the MP to say how far (and find the same nothing, issue #35), unless the path finder
    would grant it as the minimum move past the MP (``movement.minimum_move_allowed``, VEH-MOVE-06)."""
    from btcli.rules.ground.movement import minimum_move_allowed

    if mode == "stand":
        return legal_orders.move_order(state, unit, mode="stand")
    if hex_id == unit.hex:
        return turn_in_place(state, unit, facing, mode)
    if reach is None or (hex_id, facing) in reach or minimum_move_allowed(unit, hex_id, facing):
        order = legal_orders.move_order(state, unit, to=hex_id.label, facing=facing.name, mode=mode)
        if order is not None:
            return order
    return legal_orders.move_order(state, unit, to=hex_id.label, mode=mode)


def end_facing(unit: Unit, order: MoveOrder) -> Facing:
    """BOT-16: the facing a move order leaves the unit in: its ``--facing``, else its path's turns (L, R) from
    the unit's facing (a jump without ``--facing`` keeps it)."""
    if order.facing is not None:
        return order.facing
    facing = unit.facing
    for step in order.steps:
        if step in ("L", "R"):
            facing = facing.turned(-1 if step == "L" else 1)
    return facing


def stand_up_orders(state: GameState, unit: Unit, foes: list[Unit]) -> list[MoveOrder]:
    """BOT-15: a prone 'Mech stands up (``move --path U``, its stand-up as ``options`` lists it) turning to
    face the enemy it can hurt most (walking where its MP allow, else running), else stands up as it faces."""
    from btcli.rules.ground import movement

    facing = _facing_for(state, unit, hex_of(unit), foes)
    turns = (facing.value - unit.facing.value) % 6
    steps = ["U"] + (["R"] * turns if turns <= 3 else ["L"] * (6 - turns))
    found = []
    for path in (steps, ["U"]):
        for mode in (movement.slow_mode(unit), movement.fast_mode(unit)):
            order = legal_orders.move_order(state, unit, path=",".join(path), mode=mode.value)
            if order is not None:
                found.append(order)
    return found


def turn_in_place(state: GameState, unit: Unit, facing: Facing, mode: str) -> MoveOrder | None:
    """BOT-14: the order that turns the unit where it stands to ``facing`` the shorter way round (``move --path
    L,L`` in ``mode``), None when it faces so already or the game refuses the turns."""
    turns = (facing.value - unit.facing.value) % 6
    if not turns:
        return None
    path = ",".join(["R"] * turns if turns <= 3 else ["L"] * (6 - turns))
    return legal_orders.move_order(state, unit, path=path, mode=mode)


def _quick_score(state: GameState, unit: Unit, foes: list[Unit], place: tuple[str, HexId, int],
                 withdraw: bool, best: int) -> float:
    """BOT-04: a quick look at a position, no line of sight: the distance to the nearest enemy against the
    unit's best range, woods for cover, and how far it has to move (the farther, the harder to hit)."""
    mode, hex_id, _ = place
    nearest = min(hex_id.distance(hex_of(f)) for f in foes)
    there = state.board.hex(hex_id)
    cover = 1.0 if there.terrain.is_woods else 0.0
    moved = hex_of(unit).distance(hex_id)
    if withdraw:
        return nearest * 2 + cover + moved * 0.2
    return -abs(nearest - best) * 1.5 + cover + min(moved, 7) * 0.15 - (0.5 if mode == "jump" else 0.0)


def _best_range(unit: Unit) -> int:
    """The distance at which the unit's usable weapons do the most damage together (short brackets count
    most; a minimum range counts against the distances inside it)."""
    profile = _volley_by_distance(unit)
    return profile.index(max(profile)) + 1


def _volley_by_distance(unit: Unit) -> list[float]:
    """The expected damage of all the unit's usable weapons at each distance 1 to 15 (gunnery, a moving
    target's +2, the brackets and minimum ranges)."""
    from btcli.rules.core.tohit import odds

    totals = []
    for distance in range(1, 16):
        total = 0.0
        for index in evaluate.usable(unit):
            modifier = evaluate.range_modifier(unit, index, distance)
            if modifier is None:
                continue
            total += odds(unit.gunnery + 2 + modifier) * evaluate.shot_damage(unit, index, distance)
        totals.append(total)
    return totals


def strength(state: GameState, side: str, arriving: bool = False) -> float:
    """BOT-27: a side's fighting strength: the expected damage its ground units' volleys do at their best ranges
    times the armor and structure they have left (Lanchester's square law: what a force deals times what it
    can take). Units on the ground board only, or with ``arriving`` those still to drop or deploy too."""
    units = [u for u in state.units.values() if u.side == side and kinds.of(u).mobility is not None
             and (u.active and u.hex is not None or arriving and not u.destroyed and u.position is None)]
    return sum(max(_volley_by_distance(u)) for u in units) * sum(points_left(state, u) for u in units)


def strengths(state: GameState) -> dict[str, float] | None:
    """BOT-27: each side's strength with its units still to drop or deploy counted (a scenario's balance before a
    die is rolled, as ``btcli simulate`` reports it); None where assets or aircraft are in the battle (their cards
    and flights are not measured)."""
    if _unmeasured(state):
        return None
    return {side: strength(state, side, arriving=True) for side in state.sides}


def _unmeasured(state: GameState) -> bool:
    """Whether assets or aircraft are in the battle: ``strength`` measures neither (cards, flights)."""
    return any(kinds.of(u).mobility is None for u in state.units.values() if not u.destroyed)


def outmatched(state: GameState, side: str, settings: Settings) -> Settings:
    """BOT-27: a side whose enemies are stronger (``strength``) closes in less: its aggression in moving falls by
    ``1.5 x log2(their strength / its own)``, rounded, to no less than 0 (Crossroads' raiders, an eighth of the
    Heavy Guards' strength, fall from 5 to 1: they let the enemy come to their guns rather than charge it). Its
    fire (BOT-07) is not changed. Where assets or aircraft are in the battle (their cards and flights are not
    measured) every side plays as set."""
    import math

    if _unmeasured(state):
        return settings
    ours = strength(state, side)
    theirs = sum(strength(state, other) for other in state.sides if other != side)
    if ours <= 0 or theirs <= ours:
        return settings
    fall = round(1.5 * math.log2(theirs / ours))
    return evolve(settings, aggression=max(0, settings.aggression - fall)) if fall else settings


def _facing_for(state: GameState, unit: Unit, hex_id: HexId, foes: list[Unit],
                focused: dict[str, float] | None = None) -> Facing:
    """BOT-02: the facing that turns the unit's front to the enemy it can hurt most (the nearest, weighted by
    focus; ``focused``: each foe's, when the caller has them)."""
    worth = focused if focused is not None else {f.id: focus(state, f) for f in foes}
    target = min(foes, key=lambda f: (hex_id.distance(hex_of(f)) / worth[f.id], f.id))
    if target.hex == hex_id:
        return unit.facing
    return evaluate.facing_towards(hex_id, hex_of(target))


class Outlook(Record):
    """What judging a unit's positions reads that is the same for every position (``outlook``): found once for
    the ten or more positions ``ranked_moves`` judges (issue #35: a whole game in 2 s)."""

    best_range: int  # ``_best_range``
    focus: dict[str, float]  # each enemy's ``focus``
    twists: dict[str, tuple[int, ...]]  # each enemy's ``legal_orders.weapon_twists`` as it stands
    friends: list[Unit]  # the unit's side on the board, itself left out (``_friends``)


def outlook(state: GameState, unit: Unit, foes: list[Unit]) -> Outlook:
    """The unit's ``Outlook`` against ``foes`` in ``state``."""
    return Outlook(_best_range(unit), {f.id: focus(state, f) for f in foes},
                   {f.id: tuple(legal_orders.weapon_twists(f).values()) for f in foes}, _friends(state, unit))


def _friends(state: GameState, unit: Unit) -> list[Unit]:
    """The other active units of the unit's side on the ground board."""
    return [u for u in state.units.values() if u.side == unit.side and u.id != unit.id and u.active
            and u.hex is not None]


def position_score(state: GameState, unit: Unit, foes: list[Unit], mode: str, hex_id: HexId, facing: Facing,
                   mp: int, settings: Settings, withdraw: bool = False, seen: Outlook | None = None) -> float:
    """BOT-01: expected damage dealt (the best target, focus-weighted, plus a third of the rest) times the
    aggression weight, minus expected damage taken from every enemy times the caution weight; BOT-06: a
    withdrawing unit weighs only what it takes and how far it gets; BOT-09: a small pull towards friends.
    ``seen``: the unit's ``outlook``, when the caller judges several positions."""
    seen = seen if seen is not None else outlook(state, unit, foes)
    hexes = hex_of(unit).distance(hex_id) if mode == "jump" else max(hex_of(unit).distance(hex_id), 0)
    move_mode = MOVE_MODES.get(mode, MoveMode.WALK)
    if mode == "stand":
        move_mode, facing = MoveMode.STAND, unit.facing
    there = evaluate.placed(unit, hex_id, facing, move_mode, hexes, mp)
    trial = state.with_unit(there)
    dealt = []
    turns = tuple(legal_orders.weapon_twists(there).values())
    for foe in foes:
        value, _ = evaluate.best_volley(trial, there, foe, turns)
        dealt.append(value * seen.focus[foe.id])
    dealt.sort(reverse=True)
    dealt_total = (dealt[0] + sum(dealt[1:]) / 3) if dealt else 0.0
    taken = 0.0
    for foe in foes:
        shooter, shooter_turns = foe, seen.twists[foe.id]
        if foe.mode is MoveMode.NONE and foe.hex != hex_id:
            shooter = _closing(foe, hex_id, there, trial)
            shooter_turns = tuple(legal_orders.weapon_twists(shooter).values())
        value, _ = evaluate.best_volley(trial, shooter, there, shooter_turns)
        taken += value * _fire_share(seen.friends, hex_id, foe) + blow_threat(trial, shooter, there)
    nearest = min(hex_id.distance(hex_of(f)) for f in foes)
    herding = -0.1 * max(0, min((hex_id.distance(hex_of(f)) for f in seen.friends), default=0) - 3)
    if withdraw:
        return -2 * settings.taken_weight * taken + nearest + herding
    # BOT-01: closing in to the unit's best range, the more the more aggressive (Princess's "bravery").
    approach = -settings.approach_weight * max(0, nearest - seen.best_range)
    return settings.dealt_weight * dealt_total - settings.taken_weight * taken + approach + herding


def blow_threat(state: GameState, foe: Unit, target: Unit) -> float:
    """BOT-12: the physical attack ``foe`` may make at ``target`` where they stand (each kind asked of the
    physical attack rules, ``physical.check``): its chance to hit times its damage (``physical.limb_damage``: a
    punch a tenth of the attacker's tons, a kick a fifth), or all that is left of an airborne VTOL whose rotor a
    hit destroys (VEH-PHYS-09); 0 when they are not adjacent or no attack is allowed."""
    if foe.hex is None or target.hex is None or foe.hex.distance(target.hex) != 1:
        return 0.0
    from btcli.rules.core.tohit import odds
    from btcli.rules.ground import physical

    worst = 0.0
    for kind in ("punch", "kick"):
        try:
            number, _, limb = physical.check(state, foe, target, kind)
        except BtcliError:
            continue
        damage = points_left(state, target) if physical.airborne_vtol(target) else physical.limb_damage(foe, kind, limb)
        worst = max(worst, odds(number) * damage)
    return worst


def fire_share(state: GameState, unit: Unit, hex_id: HexId, foe: Unit) -> float:
    """BOT-01, BOT-19: the share of ``foe``'s fire a unit at ``hex_id`` draws: all of it when it would stand
    nearer the foe than every other unit of its side (the nearest draws the fire: the greedy player's and most
    players' first target), else one over the units of its side in the fight, no less than a third."""
    return _fire_share(_friends(state, unit), hex_id, foe)


def _fire_share(friends: list[Unit], hex_id: HexId, foe: Unit) -> float:
    here = hex_of(foe)
    if all(hex_id.distance(here) < hex_of(f).distance(here) for f in friends):
        return 1.0
    return max(1 / 3, 1 / (len(friends) + 1))


def _closing(foe: Unit, hex_id: HexId, there: Unit, trial: GameState) -> Unit:
    """BOT-01, BOT-19: an enemy still to move this turn, as it may stand when it fires: moved up to its running
    (flanking) MP along the line towards ``hex_id`` (to a free hex, not adjacent), facing it, with its faster
    mode's attacker modifier (Princess evaluates an unmoved enemy at the closest hex it can reach:
    ``BasicPathRanker.evaluateUnmovedEnemy``, BasicPathRanker.java:149-215)."""
    from btcli.model.hexgrid import hex_line

    line = hex_line(hex_of(foe), hex_id)[1:-1]
    taken = {u.hex for u in trial.units.values() if u.active and u.id != foe.id}
    stop, steps = hex_of(foe), 0
    for step, h in enumerate(line[:max(0, foe.run)], start=1):
        if h.distance(hex_id) < 2:
            break
        if h not in taken and trial.board.contains(h) and not trial.board.hex(h).is_deep_water:
            stop, steps = h, step
    facing = evaluate.facing_towards(stop, hex_id)
    mode = MoveMode.STAND
    if steps:
        mode = MoveMode.WALK
        if kinds.of(foe).mobility is not None:
            mode = kinds.mobility(foe).slow if steps <= foe.walk else kinds.mobility(foe).fast
    return evaluate.placed(foe, stop, facing, mode, steps, steps)


def _other_moves(state: GameState, unit: Unit, foes: list[Unit]) -> list[MoveOrder]:
    """Moves for a unit that does not move by the ground rules' path finder (an asset): BOT-20, its candidate
    moves (``legal_orders.asset_moves``: straight paths after a few turns, a jump card's landing hexes, from
    the card ``btcli options`` describes), nearest a distance of 3 from the nearest enemy first (the farthest
    first for an artillery piece or a card without an attack), then the first session's ``--to`` tries;
    standing still last."""
    if unit.hex is None:
        return []
    own = legal_orders.kind_options(state, unit)
    wanted = 99 if legal_orders.keeps_away(own) else 3  # artillery and unarmed cards keep away
    distance = (lambda h: abs(min(h.distance(hex_of(f)) for f in foes) - wanted)) if foes else (lambda h: 0)
    orders = []
    listed = legal_orders.asset_moves(state, unit, own)
    for hex_id in sorted(listed, key=lambda h: (distance(h), h.label))[:12]:
        mode, path = listed[hex_id]
        orders.append(legal_orders.move_order(state, unit, path=path, mode=mode or None) if path
                      else legal_orders.move_order(state, unit, to=hex_id.label, mode=mode or None))
    hexes = [h for h in legal_orders.board_hexes(state) if 0 < hex_of(unit).distance(h) <= max(unit.run, unit.walk, 1)]
    hexes.sort(key=lambda h: (distance(h), h.label))
    orders += [legal_orders.move_order(state, unit, to=h.label) for h in hexes[:12] if h not in listed]
    orders.append(legal_orders.move_order(state, unit, mode="stand"))
    return [o for o in orders if o is not None]


# -- weapon attacks (BOT-05, BOT-07) ---------------------------------------------------------------------------


def _weapon_attack(state: GameState, ours: tuple[str, ...], settings: Settings) -> Action | None:
    declared = {d.attacker for d in state.declarations}
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.side not in ours or unit.id in declared or not unit.active:
            continue
        order = best_attack(state, unit, pressed(state, unit.side, settings))
        if order is not None:
            return order
    return None


def best_attack(state: GameState, unit: Unit, settings: Settings) -> WeaponAttackOrder | None:
    """BOT-05, BOT-07: the volley with the most focus-weighted expected damage at one target, of the shots
    worth their to-hit number, within the heat the unit may build; None when nothing is worth firing. The shots
    are those ``btcli options`` lists (``legal_orders.weapon_shots``), aircraft over the board included."""
    if unit.position is None or unit.hex is None:
        return aircraft.attack(state, unit, settings, focus) or _other_attack(state, unit)  # BOT-26
    from btcli.rules.core.tohit import odds

    index = {m.label: i for i, m in enumerate(unit.weapons)}
    usable = set(evaluate.usable(unit))
    groups: dict[tuple[str, str], list[tuple[int, int, float]]] = {}
    for shot in legal_orders.weapon_shots(state, unit):
        i = index.get(shot.weapon)
        if i is None or i not in usable or shot.to_hit > settings.worst_shot:
            continue
        where = state.units[shot.target].hex
        if where is None:  # an aircraft overhead: fired at when no ground target is worth it (ground_to_air, BOT-26)
            continue
        distance = hex_of(unit).distance(where)
        groups.setdefault((shot.target, shot.twist), []).append(
            (i, shot.to_hit, odds(shot.to_hit) * evaluate.shot_damage(unit, i, distance)))
    options = []
    for (target, word), found in groups.items():
        if word:  # a twist keeps the weapons that bear as the unit stands, where they still bear (checked below)
            found = found + groups.get((target, ""), [])
        shots = _within_heat(unit, sorted(found), settings)
        value = sum(d for _, _, d in shots) * focus(state, state.units[target])
        if value > 0:
            options.append((value, target, word, shots))
    options.sort(key=lambda o: (-o[0], o[1], o[2]))
    for value, target, word, shots in options[:4]:
        labels = tuple(unit.weapons[i].label for i, _, _ in shots)
        order = WeaponAttackOrder(unit.id, target, labels, word)
        if accepted(state, order):
            return order
        single = [WeaponAttackOrder(unit.id, target, (label,), word) for label in labels]
        good = tuple(o.weapons[0] for o in single if accepted(state, o))
        if good:
            order = WeaponAttackOrder(unit.id, target, good, word)
            if accepted(state, order):
                return order
    if not kinds.of(unit).mobility:
        return _other_attack(state, unit)
    return aircraft.ground_to_air(state, unit, settings, focus)  # BOT-26: at the aircraft overhead


def _within_heat(unit: Unit, shots: list[tuple[int, int, float]], settings: Settings) -> list[tuple[int, int, float]]:
    """BOT-07: the shots a unit that builds heat can afford: best damage per point of heat first, until the heat
    it would keep after the heat phase passes ``heat_allowance``."""
    if not kinds.of(unit).builds_heat:
        return shots
    from btcli.rules.ground import construction, heat

    dissipated, _ = construction.dissipation(unit)
    moved = heat.movement_heat(unit.mode.value, unit.hexes_moved) if unit.mode.value in (
        "none", "stand", "walk", "run", "jump") else 2
    budget = dissipated + settings.heat_allowance - unit.built.heat - moved
    chosen = []
    for shot in sorted(shots, key=lambda s: (-s[2] / (1 + unit.spec(unit.weapons[s[0]].weapon).heat), s[0])):
        cost = unit.spec(unit.weapons[shot[0]].weapon).heat
        if cost <= budget:
            chosen.append(shot)
            budget -= cost
    return sorted(chosen)


def _other_attack(state: GameState, unit: Unit) -> WeaponAttackOrder | None:
    """An attack for a unit whose weapons the ground to-hit rules do not list (an asset's card, an aircraft):
    the nearest enemy it may attack, with all it has."""
    foes = [u for u in sorted(state.units.values(), key=lambda u: u.id) if u.side != unit.side and u.active]
    if unit.hex is not None:
        foes.sort(key=lambda f: (hex_of(unit).distance(hex_of(f)) if f.hex is not None else 99, f.id))
        # BOT-20: an asset's card attack at the target ``btcli options`` gives the best odds, focus-weighted.
        from btcli.rules.core.tohit import odds

        own = legal_orders.kind_options(state, unit)
        worth = {shot.target: odds(shot.to_hit) * focus(state, state.units[shot.target])
                 for shot in legal_orders.kind_shots(own) if shot.target in state.units}
        foes.sort(key=lambda f: -worth.get(f.id, 0.0))  # stable: the nearest first among equals
        if legal_orders.keeps_away(own):  # an artillery piece's blast would strike its own hex too
            foes = [f for f in foes if f.hex is None or hex_of(unit).distance(hex_of(f)) > 1]
    labels = tuple(m.label for m in unit.weapons if not m.destroyed)
    for foe in foes[:4]:
        order = legal_orders.card_attack(state, unit, foe.id)
        if order is not None:
            return order
        strike = WeaponAttackOrder(unit.id, foe.id, labels, strike=True)  # an aircraft's strike at a ground unit
        if accepted(state, strike):
            return strike
        bear = tuple(label for label in labels  # an aircraft's arcs: the weapons that bear
                     if accepted(state, WeaponAttackOrder(unit.id, foe.id, (label,))))
        if bear and accepted(state, WeaponAttackOrder(unit.id, foe.id, bear)):
            return WeaponAttackOrder(unit.id, foe.id, bear)
    return None


# -- physical attacks -----------------------------------------------------------------------------------------



def _physical_attack(state: GameState, ours: tuple[str, ...], settings: Settings) -> Action | None:
    declared = {d.attacker for d in state.declarations}
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.side not in ours or unit.id in declared or not unit.active or unit.hex is None:
            continue
        order = best_physical(state, unit, pressed(state, unit.side, settings))
        if order is not None:
            return order
    return None


def best_physical(state: GameState, unit: Unit, settings: Settings) -> PhysicalAttackOrder | None:
    """A punch, kick, club, hatchet or sword blow at an adjacent enemy, of those ``btcli options`` lists
    (``legal_orders.blows``), the most expected damage first (a kick's miss risks a fall: it counts for less the
    more cautious the bot); no charges or death from above (BOT-07)."""
    from btcli.rules.core.tohit import odds
    from btcli.rules.ground import physical

    options = []
    for blow in legal_orders.blows(state, unit):
        if blow.attack in ("charge", "dfa"):
            continue
        risk = 1.0 - (settings.caution / 20 if blow.attack == "kick" else 0.0)
        damage = physical.limb_damage(unit, blow.attack, blow.location)
        value = odds(blow.to_hit) * damage * risk * focus(state, state.units[blow.target])
        options.append((value, blow.target, blow.attack))
    options.sort(key=lambda o: (-o[0], o[1], o[2]))
    for value, target, kind in options:
        order = PhysicalAttackOrder(unit.id, target, kind)
        if value > 0.5 and accepted(state, order):
            return order
    return None


# -- drops, deployment, aerospace flight (the first, simple answers) ------------------------------------------


def _arriving(state: GameState) -> list[Unit]:
    if not state.drops:
        return []
    from btcli.rules.drops import dropping

    return dropping.arriving(state)


def _drop_commitment(state: GameState, ours: tuple[str, ...], seed: int) -> Action | None:
    """A dropping 'Mech of ours arriving this turn without a landing hex: the hex of the best ``drop_score``
    (BOT-18), facing the nearest enemy (DROP-04; the hex stays the side's secret)."""
    for unit in uncommitted_drops(state, ours):
        foes = enemies(state, unit.side)
        best = _best_range(unit)
        hexes = legal_orders.board_hexes(state)
        centre = HexId((state.board.width + 1) // 2, (state.board.height + 1) // 2)
        if foes:
            hexes.sort(key=lambda h: (-drop_score(state, h, foes, best), h.label))
        else:
            hexes.sort(key=lambda h: (h.distance(centre), h.label))
        rng = generator(seed, state, unit.id)
        places = ((h, _facing_for(state, unit, h, foes) if foes else Facing.N) for h in hexes[:30])
        drop = commit_landing(state, unit, places, rng)
        if drop is not None:
            return drop
    return None


def uncommitted_drops(state: GameState, ours: tuple[str, ...]) -> list[Unit]:
    """The dropping 'Mechs of ``ours`` arriving this turn that have not committed a landing hex yet."""
    return [u for u in _arriving(state) if u.side in ours and not (u.drop is not None and u.drop.commitment)]


def commit_landing(state: GameState, unit: Unit, places, rng: random.Random) -> Drop | None:
    """The first of ``places`` ((hex, facing) pairs, tried in turn) whose secret landing the game accepts, salted
    from ``rng`` (DROP-04), as a ``Drop`` to commit; None where it accepts none."""
    from btcli.model.orders import CommitDropOrder
    from btcli.rules.drops import dropping

    for hex_id, facing in places:
        salt = f"{rng.getrandbits(128):032x}"
        try:
            secret = dropping.secret_landing(state, unit.id, hex_id.label, facing.name, salt)
        except BtcliError:
            continue
        if accepted(state, CommitDropOrder(unit.id, secret["commitment"])):
            return Drop(unit.id, hex_id.label, facing.name, salt)
    return None


def drop_score(state: GameState, hex_id: HexId, foes: list[Unit], best: int) -> float:
    """BOT-18: how good a landing hex is: a point off for each hex its distance to the nearest enemy is from one
    more than the 'Mech's best range, half a point for each hex from the nearest board edge up to four (a
    failed landing scatters the 'Mech a D6 per point of margin and one scattered off the map is lost,
    DROP-15, DROP-16), a point for lying outside the front arc of every enemy, half a point for woods."""
    from btcli.rules.core import arcs

    board = state.board
    distance = min(hex_id.distance(hex_of(f)) for f in foes)
    edge = min(hex_id.col - 1, board.width - hex_id.col, hex_id.row - 1, board.height - hex_id.row)
    unseen = not any(f.facing is not None and arcs.in_arc(hex_of(f), f.facing, "front", hex_id) for f in foes)
    woods = board.hex(hex_id).terrain.is_woods
    return -abs(distance - best - 1) + 0.5 * min(edge, 4) + (1.0 if unseen else 0.0) + (0.5 if woods else 0.0)


def _deployment(state: GameState, ours: tuple[str, ...], seed: int) -> Action | None:
    """Deploys the next waiting unit of our side in the first hex of its zone the game accepts, nearest the
    enemy's zone for a unit that fights up close (BOT-08)."""
    from btcli.rules.assets.deployment_phase import side_to_deploy, undeployed

    deployment = state.deployment
    side = side_to_deploy(state) if deployment is not None else None
    if side is None or deployment is None:
        return _resolve(state)
    if side not in ours:
        return None
    waiting = sorted((u for u in undeployed(state) if u.side == side), key=lambda u: (not kinds.of(u).deploys_first, u.id))
    zone = list(deployment.zones.get(side, ())) or legal_orders.board_hexes(state)
    others = [h for s, z in deployment.zones.items() if s != side for h in z]
    foes = [hex_of(u) for u in enemies(state, side)] or others
    if foes:
        zone.sort(key=lambda h: (min(h.distance(f) for f in foes), h.label))
    for unit in waiting:
        for hex_id in zone[:80]:
            facing = evaluate.facing_towards(hex_id, foes[0]) if foes and foes[0] != hex_id else None
            order = DeployOrder(unit.id, hex_id, facing)
            if accepted(state, order, seed):
                return order
    return None


def _flight(state: GameState, ours: tuple[str, ...]) -> Action | None:
    """An aerospace unit's flight: straight on at its velocity, else one faster or slower; an out-of-control unit
    flies no path (AERO-GEN-02)."""
    from btcli.rules.aero import phases as aero_phases
    from btcli.rules.kinds import aero as aero_kind

    side = aero_phases.side_to_move(state)
    if side is None:
        return _resolve(state)
    if side not in ours:
        return None
    for unit in sorted(aero_phases.movers(state, state.phase), key=lambda u: u.id):
        if unit.side != side or aero_phases.has_moved(unit):
            continue
        velocity = aero_kind.view(unit).velocity
        paths = [" ".join(["F"] * velocity), " ".join(["+"] + ["F"] * (velocity + 1)), ""]
        if velocity > 1:
            paths.insert(2, " ".join(["-"] + ["F"] * (velocity - 1)))
        for path in paths:
            for mode in ("safe", "max"):
                order = legal_orders.move_order(state, unit, path=path or None, mode=mode)
                if order is not None and accepted(state, order):
                    return order
    return None
