"""Stacking on the aerospace maps, and collisions of out-of-control units (catalog AERO-STACK-01..03).

Seed 001: any number of units of any side may share a hex of the space,
high-altitude or low-altitude map; units sharing a hex with an out-of-control
unit may collide (TW p.92, not in the seeds or tables.md); landed and crashed
units follow the ground stacking rules.

Collision reading (UNVERIFIED, docs/rules-notes.md): when an out-of-control
unit ends its move in a hex with other units, the controller of the
out-of-control unit rolls 2D6 once for each other unit there; a roll of 2
(``COLLISION_ROLLS``) is a collision. What a collision does (damage like an
accidental ram) belongs to attacks, issue #14.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from btcli.dice import Dice
from btcli.model.aero import AeroState

AEROSPACE_STACKING_LIMIT: int | None = None  # AERO-STACK-01: any number of units, any side
COLLISION_ROLLS = frozenset({2})  # UNVERIFIED reading: the 2D6 results that make a collision


def stacking_rules(state: AeroState) -> str:
    """Returns which stacking rules hold the unit: "aerospace" in flight (AERO-STACK-01), "ground" once landed (AERO-STACK-03).

    Crashed units are landed ones for this purpose (the crash rules, issue #14, set ``landed``).
    """
    return "ground" if state.landed else "aerospace"


def stacking_violations(units: Mapping[str, AeroState], limit: int | None = AEROSPACE_STACKING_LIMIT) -> tuple[str, ...]:
    """Returns the flying units beyond ``limit`` in their hex; with no limit (AERO-STACK-01), none.

    Landed units are left to the ground stacking rules (AERO-STACK-03).
    """
    if limit is None:
        return ()
    seen: dict[tuple, int] = {}
    over = []
    for uid, s in units.items():
        if stacking_rules(s) != "aerospace":
            continue
        key = (s.map_id, s.hex)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > limit:
            over.append(uid)
    return tuple(over)


def collision_pairs(units: Mapping[str, AeroState]) -> tuple[tuple[str, str], ...]:
    """Returns (out-of-control unit, other unit) for every pair sharing a hex on one map (AERO-STACK-02).

    Each pair is listed once; when both are out of control the first in ``units``
    order is the one that rolls. Destroyed and landed units do not collide.
    """
    flying = [(uid, s) for uid, s in units.items() if not s.destroyed and not s.landed and s.transit is None]
    pairs = []
    for i, (a, sa) in enumerate(flying):
        for b, sb in flying[i + 1:]:
            if (sa.map_id, sa.hex, sa.altitude) != (sb.map_id, sb.hex, sb.altitude):
                continue
            if sa.out_of_control:
                pairs.append((a, b))
            elif sb.out_of_control:
                pairs.append((b, a))
    return tuple(pairs)


def roll_collisions(pairs: Iterable[tuple[str, str]], dice: Dice) -> tuple[tuple[str, str], ...]:
    """Rolls 2D6 for each pair and returns the pairs that collide (reading above, UNVERIFIED)."""
    return tuple((a, b) for a, b in pairs if dice.roll(2, f"collision: {a} with {b}").total in COLLISION_ROLLS)
