"""Whether a unit can act for itself this moment (tables.md 6.3, 8.6): the check behind immobile
targets, automatic PSR failures and refused physical attacks."""

from __future__ import annotations

from btcli.model.units import Unit
from btcli.rules import kinds


def is_immobile(unit: Unit) -> bool:
    """Tells whether a unit is an immobile target (tables.md 6.3): shut down, crew out, or kept still by its own
    state (``KindRules.stopped``: a vehicle's motive damage or dead crew)."""
    return kinds.is_immobile(unit)
