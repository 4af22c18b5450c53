"""A heavy Gauss rifle's recoil (issue #31, part "weapons"; EQ-HGR-01): a 'Mech that spent movement points this
turn and fires a heavy Gauss rifle makes a piloting skill roll at the end of the weapon phase, its modifier by
the 'Mech's weight class: +2 light, +1 medium, 0 heavy, -1 assault. MegaMek @f0b2b01
``weapons/HGRHandler.java:47-66`` (``doChecks``: ``ae.mpUsed > 0``, a 'Mech that can fall, up to the assault
class; ``PilotingRollData(ae.getId(), nMod, "fired HeavyGauss unbraced")``); the weight classes
``common/EntityWeightClass.java`` (light up to 35 tons, medium 55, heavy 75, assault 100). One roll for each
rifle fired, as MegaMek adds one PSR per attack."""

from __future__ import annotations

from btcli.model.units import Unit

REASON = "fired a heavy Gauss rifle after moving"
# The weight classes' upper tonnage and their modifier (EntityWeightClass; HGRHandler.java:53-61).
CLASSES = ((35, 2), (55, 1), (75, 0), (100, -1))


def modifier(tons: int) -> int:
    """Returns the recoil roll's modifier of a 'Mech of ``tons``."""
    return next(value for top, value in CLASSES if tons <= top) if tons <= CLASSES[-1][0] else CLASSES[-1][1]


def recoil_reasons(unit: Unit) -> list[tuple[str, int]]:
    """Returns one PSR reason for each heavy Gauss rifle the unit fired this turn after spending MP."""
    if unit.mp_spent <= 0:
        return []
    rifles = [i for i in dict.fromkeys(unit.fired) if unit.spec(unit.weapons[i].weapon).heavy_gauss]
    return [(REASON, modifier(unit.tons))] * len(rifles)
