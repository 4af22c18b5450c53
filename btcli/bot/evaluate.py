"""Expected damage, from the real to-hit rules (``rules/core/tohit.py``) over 2D6 (``tohit.odds``).

A shot's expected damage is its chance to hit times the damage it does when it hits: a missile launcher's
damage a missile times the number the cluster table lands on average (BOT-03). A position is judged by putting
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
from btcli.rules.core import los, tohit

# BOT-03: the share of a cluster weapon's missiles that hit, on average: the cluster hits table's column for its
# size (tables.md 7; ``combat_tables.cluster_hits``) averaged over 2D6.
TWO_D6 = {total: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == total) / 36 for total in range(2, 13)}


def cluster_mean(size: int) -> float:
    """The mean number of missiles (or shots) of a ``size`` cluster weapon that hit (BOT-03)."""
    from btcli.rules.core.combat_tables import cluster_hits

    return sum(p * cluster_hits(size, total) for total, p in TWO_D6.items())
TWISTS = {"": 0, "left": -1, "right": 1}


def shot_damage(unit: Unit, index: int, distance: int) -> float:
    """Returns the damage one weapon does when it hits at ``distance`` (BOT-03): its damage (by range bracket
    where it has one), a cluster weapon's by the cluster table's mean number of hits (all of a Streak's)."""
    spec = unit.spec(unit.weapons[index].weapon)
    damage = spec.damage
    if spec.damage_by_range:
        bracket = tohit.range_bracket(spec, distance)
        order = {"short": 0, "medium": 1, "long": 2}.get(bracket or "", 1)
        damage = spec.damage_by_range[min(order, len(spec.damage_by_range) - 1)]
    if spec.cluster:
        return damage * (spec.cluster if spec.streak else cluster_mean(spec.cluster))
    return float(damage)


def range_modifier(unit: Unit, index: int, distance: int) -> int | None:
    """The to-hit modifiers of the unit's weapon ``index`` at ``distance`` as the rules give them
    (``tohit.range_and_weapon_modifiers``: range bracket, minimum range, the weapon's own), or None beyond its
    long range: the bot's quick look at a distance without a target there."""
    mount = unit.weapons[index]
    mods, beyond = tohit.range_and_weapon_modifiers(unit.spec(mount.weapon), mount.label, distance, "it")
    return None if beyond else sum(value for _, value in mods)


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
          weapons: list[int] | None = None, sight: los.Sight | None = None) -> list[tuple[int, int, float]]:
    """Returns ``(weapon index, to-hit number, expected damage)`` for each weapon that can fire at ``target``
    now, by the attack rules' own to-hit check (``tohit.weapon_to_hit``; BOT-02). ``sight``: the line of sight
    between the two, when the caller has it (else it is found once here for every weapon in range)."""
    if attacker.hex is None or target.hex is None:
        return []
    distance = attacker.hex.distance(target.hex)
    # A weapon beyond its long range cannot fire (the to-hit rules' own range check, tables.md 6.1): not asked.
    reach = [i for i in (usable(attacker) if weapons is None else weapons)
             if tohit.range_bracket(attacker.spec(attacker.weapons[i].weapon), distance) is not None]
    if not reach:
        return []
    if sight is None:
        sight = los.line_of_sight(state.board, attacker, target)
    found = []
    for index in reach:
        mount = attacker.weapons[index]
        turned = twist if kinds.turns_with_twist(attacker, mount.location) else 0
        try:
            result = tohit.weapon_to_hit(state, attacker, index, target, None, turned, sight)
        except BtcliError:
            continue
        if result.impossible:
            continue
        number = result.target
        found.append((index, number, tohit.odds(number) * shot_damage(attacker, index, distance)))
    return found


def best_volley(state: GameState, attacker: Unit, target: Unit, twists=(0,)) -> tuple[float, int]:
    """The most expected damage ``attacker`` can do to ``target`` with one twist (every weapon that bears),
    and that twist. The line of sight is found once: a twist turns the weapons, not the line."""
    best, chosen = 0.0, 0
    weapons = usable(attacker)
    if not weapons or attacker.hex is None or target.hex is None:
        return best, chosen
    sight = los.line_of_sight(state.board, attacker, target)
    for twist in sorted(twists, key=abs):  # no twist first: when every weapon bears, no twist can do better
        found = shots(state, attacker, target, twist, weapons, sight)
        total = sum(d for _, _, d in found)
        if total > best:
            best, chosen = total, twist
        if len(found) == len(weapons) or (not found and twist == 0 and sight.blocked):
            break  # a twist changes nothing without a line of sight
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


def hex_of(unit: Unit) -> HexId:
    """The ground hex of a unit the bot knows to be on the ground board."""
    where = unit.hex
    if where is None:
        raise ValueError(f"'{unit.id}' is not on the ground board")
    return where


def points(unit: Unit) -> int:
    """The armor and internal structure a unit has left."""
    return sum(max(0, v) for v in unit.armor.values()) + sum(max(0, v) for v in unit.internal.values())


def health(unit: Unit) -> float:
    """The share of its armor and internal structure a unit has left (1.0 undamaged)."""
    full = sum(unit.max_armor.values()) + sum(unit.max_internal.values())
    return points(unit) / full if full else 1.0
