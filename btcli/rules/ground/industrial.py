"""IndustrialMechs (issue #31, part "industrial"; docs/equipment-rules.md EQ-IND-01..04). A 'Mech whose internal
structure is industrial is an IndustrialMech (MegaMek @f0b2b01 common/Mech.java:7872 ``isIndustrial``); its
cockpit, armor and engine are read from its own record and unit, so no rule reads the catalog. The End Phase's
critical check (EQ-IND-01) is ``rules/core/industrial_check.py``.

- EQ-IND-01: a physical attack that hits an IndustrialMech, or a fall, leaves it a critical check at the turn's
  end: one roll on the Determining Critical Hits table, at a location rolled on the front column of the hit
  table, +1 a level fallen (the levels of a fall, +1; 0 after a physical attack only). MegaMek @f0b2b01
  server/Server.java:15508-15512 (punch; kick, club, charge and death from above alike: 15754, 16613-17084,
  18509, 18982), 28370-28378 (a fall: ``levelsFallen = height + water depth + 1``), 20555-20580
  (``checkForIndustrialCrit``: ``rollHitLocation(HIT_NORMAL, SIDE_FRONT)``, ``criticalEntity(..., levelsFallen)``),
  20540-20545 (the PSRs its criticals call for are rolled then); common/Mech.java:617-618 (cleared each turn).
- EQ-IND-02: an industrial cockpit (no advanced fire control) adds +1 to every weapon attack's to-hit number
  (WeaponAttackAction.java:3414-3417); an IndustrialMech with a standard cockpit has advanced fire control and
  takes none (Mech.java:3336).
- EQ-IND-03: commercial armor's barrier armor rating is 5 (Mech.java:7857 ``getBARRating``): a damage group of
  more than 5 that strikes a location of it calls a critical check there, whatever armor is left
  (Server.java:22754-22766); industrial and heavy industrial armor (BAR 10) play as standard armor.
- EQ-IND-04: an ICE or fuel cell engine makes no heat walking or running (common/Engine.java:600-625
  ``getWalkHeat``, ``getRunHeat``: 0 for COMBUSTION_ENGINE and FUEL_CELL); jumping makes its heat as ever.
"""

from __future__ import annotations

from btcli.model.state import evolve

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.state import Hit
    from btcli.model.units import Unit

NO_AFC_TO_HIT = 1  # EQ-IND-02
COMMERCIAL_BAR = 5  # EQ-IND-03
COLD_ENGINES = ("ice", "fuel_cell")  # EQ-IND-04
COLD_MODES = ("walk", "run")


def is_industrial(unit: Unit) -> bool:
    """Tells whether the unit is an IndustrialMech: a 'Mech of industrial internal structure (EQ-IND-01)."""
    return unit.built.structure == "industrial"


def fire_control(unit: Unit) -> list[tuple[str, int]]:
    """Returns the +1 of an industrial cockpit without advanced fire control (EQ-IND-02)."""
    if unit.built.cockpit == "industrial":
        return [("industrial cockpit (no advanced fire control)", NO_AFC_TO_HIT)]
    return []


def movement_heat(unit: Unit, mode: str, heat: int) -> int:
    """Returns the heat the unit's movement makes: none walking or running with an ICE or fuel cell engine
    (EQ-IND-04), else ``heat``."""
    return 0 if unit.engine in COLD_ENGINES and mode in COLD_MODES else heat


def struck(unit: Unit) -> Unit:
    """An IndustrialMech hit by a physical attack owes a critical check at the turn's end (EQ-IND-01)."""
    if not is_industrial(unit):  # an IndustrialMech: a 'Mech, whose record ``built`` is
        return unit
    return evolve(unit, mech=evolve(unit.built, industrial_check=True))


def fell(unit: Unit, levels: int) -> Unit:
    """An IndustrialMech that fell ``levels`` levels (0: where it stood) owes a critical check at the turn's end,
    +1 a level fallen counting the fall itself (EQ-IND-01)."""
    if not is_industrial(unit):
        return unit
    return evolve(unit, mech=evolve(unit.built, industrial_check=True, levels_fallen=levels + 1))


def commercial_check(unit: Unit, hit: Hit) -> bool:
    """Tells whether a damage group calls commercial armor's critical check (EQ-IND-03: more than its BAR of 5)."""
    return unit.built.armor_type == "commercial" and hit.damage > COMMERCIAL_BAR
