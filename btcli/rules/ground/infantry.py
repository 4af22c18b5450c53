"""A minimal infantry model: conventional platoons and battle armor squads.

Enough for the seed-000 rules that name infantry: VEH-SLIP-13 (a VTOL or WiGE
slipping into infantry), VEH-VTOL-07 (battle armor with VTOL movement) and
VTOL-CRASH-05 (crashing onto infantry). The TW infantry rules are in neither the
seeds nor tables.md; btcli's readings (docs/rules-notes.md, UNVERIFIED):

- Infantry are 1 level tall (VEH-SLIP-13). They move on foot (walk MP, no
  running), by jumping (jump MP) or, battle armor, with VTOL movement
  (VEH-VTOL-07: the VTOL flight rules of btcli.rules.ground.vtol).
- A conventional platoon's record is its troopers (``internal["troopers"]``):
  each point of damage removes one trooper. A battle armor squad's record is
  one armor value per trooper (``armor["trooperN"]``) plus the trooper himself
  (``internal["trooperN"] = 1``): each damage group strikes the first trooper
  still standing; what he cannot absorb is lost (damage does not pass on to
  the next trooper). The unit is destroyed with its last trooper.
- Infantry make no physical attacks; btcli does not resolve infantry weapon
  attacks (they are refused with a message).
"""

from __future__ import annotations

from btcli.model.state import Hit, evolve
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.kinds.infantry import MOTIVES  # noqa: F401 (the scenario reader names them from here)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

INFANTRY_HEIGHT = 1  # VEH-SLIP-13: infantry have a height of 1 level
LOCATION = "troopers"  # where every hit on infantry is recorded


def counts_as_infantry(unit: Unit) -> bool:
    """Tells whether a unit is infantry where another seed's rule names infantry: a platoon or squad, or an
    infantry asset (conventional infantry and battle armor alike, ASSET-GEN-05)."""
    return kinds.of(unit).counts_as_infantry(unit)


def is_conventional(unit: Unit) -> bool:
    """Tells whether a unit is conventional infantry: a platoon, or a conventional infantry asset."""
    return kinds.of(unit).conventional_infantry(unit)


def is_battle_armor(unit: Unit) -> bool:
    """Tells whether a unit is a battle armor squad (an infantry asset is not: its card is its record)."""
    return kinds.of(unit).battle_armor(unit)


def troopers_left(unit: Unit) -> int:
    """Returns how many troopers are still standing."""
    if is_battle_armor(unit):
        return sum(1 for v in unit.internal.values() if v > 0)
    return unit.internal.get(LOCATION, 0)


def record(troopers: int, trooper_armor: int) -> tuple[dict[str, int], dict[str, int]]:
    """Returns (armor, internal) for a new unit: per-trooper armor for battle armor, else a trooper count."""
    if trooper_armor > 0:
        names = [f"trooper{i}" for i in range(1, troopers + 1)]
        return {n: trooper_armor for n in names}, {n: 1 for n in names}
    return {}, {LOCATION: troopers}


def hit(target: Unit, side: str, damage: int, source: str) -> Hit:
    """Returns one damage group against infantry: no hit location roll (btcli's minimal model)."""
    return Hit(target.id, LOCATION, damage, side, False, False, False, source)


def infantry_damage(unit: Unit, hit: Hit, events: Events) -> Unit:
    """Applies one damage group to a platoon (one trooper per point) or a battle armor squad (the trooper
    the hit names if he stands, AERO-CRASH-16, else the first trooper standing takes it; any excess is
    lost); destroyed with the last trooper."""
    # every move loads this module, only damage meets these (issue #17)
    from btcli.model.events_damage import TrooperArmorHit, TrooperKilled, TroopersLost, UnitDestroyed

    if is_battle_armor(unit):
        armor, internal = dict(unit.armor), dict(unit.internal)
        trooper = hit.location if internal.get(hit.location, 0) > 0 else next(n for n, v in internal.items() if v > 0)
        absorbed = min(armor[trooper], hit.damage)
        armor[trooper] -= absorbed
        if hit.damage > absorbed:
            internal[trooper] = 0
            events.append(TrooperKilled(unit.id, hit.damage, hit.source, trooper))
        else:
            events.append(TrooperArmorHit(unit.id, hit.damage, hit.source, trooper))
        unit = evolve(unit, armor=armor, internal=internal)
    else:
        left = max(0, unit.internal.get(LOCATION, 0) - hit.damage)
        events.append(TroopersLost(unit.id, hit.damage, hit.source, left))
        unit = evolve(unit, internal={LOCATION: left})
    if troopers_left(unit) == 0:
        events.append(UnitDestroyed(unit.id))
        unit = evolve(unit, destroyed=True)
    return unit
