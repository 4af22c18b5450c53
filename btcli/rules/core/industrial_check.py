"""The End Phase's critical checks of IndustrialMechs (EQ-IND-01; btcli/rules/ground/industrial.py says the rule
and its sources): each one a physical attack hit or that fell this turn rolls once on the Determining Critical Hits
table, then the piloting skill rolls its criticals call for (MegaMek @f0b2b01 server/Server.java:20540-20580)."""

from __future__ import annotations

from btcli.model.events_damage import IndustrialCriticalCheck
from btcli.model.state import evolve
from btcli.rules.core import damage
from btcli.rules.core.falls import in_water
from btcli.rules.core.phase_end import psrs_after_damage
from btcli.rules.kinds.mech import body

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.dice import Dice
    from btcli.model.events import Events
    from btcli.model.state import GameState


def end_phase(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    """The critical checks the IndustrialMechs a physical attack struck or that fell this turn owe, each at a
    location of the front column of the hit table, +1 a level fallen; every one's record is cleared."""
    events: Events = []
    for uid in list(state.units):
        unit = state.units[uid]
        record = unit.built
        if not record.industrial_check:
            continue
        unit = evolve(unit, mech=evolve(record, industrial_check=False, levels_fallen=0))
        if unit.active:
            roll = dice.roll(2, f"hit location {uid} (IndustrialMech critical check)").total
            location = body(unit).location("hit", roll, "front")
            events.append(IndustrialCriticalCheck(uid, location, record.levels_fallen))
            before = unit
            unit = damage.critical_check(unit, location, dice, events, "IndustrialMech", record.levels_fallen,
                                         "levels fallen")
            if not unit.destroyed:
                unit = psrs_after_damage(unit, before, dice, events, in_water(state.board, unit))
            if unit.built.industrial_check:  # a fall the check's PSR caused owes none next turn (cleared at the
                # next round: MegaMek @f0b2b01 Mech.java:617-618)
                unit = evolve(unit, mech=evolve(unit.built, industrial_check=False, levels_fallen=0))
        state = state.with_unit(unit)
    return state, events
