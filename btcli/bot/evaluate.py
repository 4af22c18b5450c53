"""Expected damage, from the real to-hit rules (``rules/core/tohit.py``) over 2D6 (``tohit.odds``).

A shot's expected damage is its chance to hit times the damage it does when it hits: a missile launcher's
missiles times the share of them the cluster table lands on average (BOT-03). A position is judged by putting
the unit there (``placed``) and asking the same to-hit rules the attack orders ask, so line of sight,
intervening woods, partial cover, arcs, range brackets and both sides' movement all count (BOT-02).
"""

from __future__ import annotations

from btcli.errors import BtcliError
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState
from btcli.model.units import MoveMode, Unit
from btcli.rules import kinds
from btcli.rules.core import tohit

# BOT-03: the cluster hits table's average share of missiles that hit (tables.md 7: a 2D6 roll over the
# column; the mean of the LRM-10 column is 6.3 of 10, of the SRM-2 column 1.4 of 2). One share for every size.
CLUSTER_SHARE = 0.6
TWISTS = {"": 0, "left": -1, "right": 1}


def shot_damage(unit: Unit, index: int, distance: int) -> float:
    """Returns the damage one weapon does when it hits at ``distance`` (BOT-03): its damage (by range bracket
    where it has one), a cluster weapon's missiles times the cluster table's mean share (all of a Streak's)."""
    spec = unit.spec(unit.weapons[index].weapon)
    damage = spec.damage
    if spec.damage_by_range:
        bracket = tohit.range_bracket(spec, distance)
        order = {"short": 0, "medium": 1, "long": 2}.get(bracket or "", 1)
        damage = spec.damage_by_range[min(order, len(spec.damage_by_range) - 1)]
    if spec.cluster:
        return damage * spec.cluster * (1.0 if spec.streak else CLUSTER_SHARE)
    return float(damage)


def has_ammo(unit: Unit, index: int) -> bool:
    """Tells whether a weapon that needs ammunition has some left (one that needs none always has)."""
    name = unit.weapons[index].weapon
    if not unit.spec(name).ammo_per_ton:
        return True
    return any(b.weapon == name and b.shots > 0 for b in unit.ammo)


def usable(unit: Unit) -> list[int]:
    """The weapons a unit might fire: not an anti-missile system (it fires by itself), with ammunition."""
    return [i for i, m in enumerate(unit.weapons) if not unit.spec(m.weapon).ams and has_ammo(unit, i)]


def shots(state: GameState, attacker: Unit, target: Unit, twist: int = 0,
          weapons: list[int] | None = None) -> list[tuple[int, int, float]]:
    """Returns ``(weapon index, to-hit number, expected damage)`` for each weapon that can fire at ``target``
    now, by the attack rules' own to-hit check (``tohit.weapon_to_hit``; BOT-02)."""
    if attacker.hex is None or target.hex is None:
        return []
    distance = attacker.hex.distance(target.hex)
    found = []
    for index in usable(attacker) if weapons is None else weapons:
        mount = attacker.weapons[index]
        turned = twist if kinds.turns_with_twist(attacker, mount.location) else 0
        try:
            result = tohit.weapon_to_hit(state, attacker, index, target, None, turned)
        except BtcliError:
            continue
        if result.impossible:
            continue
        number = result.target
        found.append((index, number, tohit.odds(number) * shot_damage(attacker, index, distance)))
    return found


def best_volley(state: GameState, attacker: Unit, target: Unit, twists=(0,)) -> tuple[float, int]:
    """The most expected damage ``attacker`` can do to ``target`` with one twist (every weapon that bears),
    and that twist."""
    best, chosen = 0.0, 0
    for twist in twists:
        total = sum(d for _, _, d in shots(state, attacker, target, twist))
        if total > best:
            best, chosen = total, twist
    return best, chosen


def placed(unit: Unit, hex_id: HexId, facing: Facing, mode: MoveMode, hexes: int, mp: int) -> Unit:
    """The unit as it would stand after a move: in ``hex_id`` facing ``facing``, having moved ``hexes`` hexes in
    ``mode`` (what the attacker and target movement modifiers read)."""
    position = evolve(unit.position, hex=hex_id, floor=0, roof=False, under_bridge=False, footprint=())
    return evolve(unit, position=position, facing=facing, mode=mode, hexes_moved=hexes, mp_spent=mp)


def facing_towards(here: HexId, there: HexId) -> Facing:
    """The facing from ``here`` whose front looks most nearly at ``there``."""
    direct = here.direction_to(there)
    if direct is not None:
        return direct
    hx, hy = _centre(here)
    tx, ty = _centre(there)
    import math

    angle = math.degrees(math.atan2(tx - hx, hy - ty)) % 360  # 0 = north, clockwise
    return list(Facing)[int(((angle + 30) % 360) // 60)]


def _centre(hex_id: HexId) -> tuple[float, float]:
    """A hex's centre in flat-topped, column-offset coordinates (even columns half a hex lower)."""
    col, row = hex_id.col, hex_id.row
    return col * 1.5, row * 3 ** 0.5 + (3 ** 0.5 / 2 if col % 2 == 0 else 0.0)


def health(unit: Unit) -> float:
    """The share of its armor and internal structure a unit has left (1.0 undamaged)."""
    full = sum(unit.max_armor.values()) + sum(unit.max_internal.values())
    left = sum(max(0, v) for v in unit.armor.values()) + sum(max(0, v) for v in unit.internal.values())
    return left / full if full else 1.0
