"""Whether a unit can act for itself this moment (tables.md 6.3, 8.6): the check behind immobile
targets, automatic PSR failures and refused physical attacks."""

from __future__ import annotations

from btcli.model.units import Unit
from btcli.rules.ground import vehicles


def is_immobile(unit: Unit) -> bool:
    """Tells whether a unit is an immobile target (tables.md 6.3): shut down, crew out, vehicle stopped."""
    return unit.shutdown or not unit.conscious or (unit.is_vehicle and vehicles.is_immobile(unit))
