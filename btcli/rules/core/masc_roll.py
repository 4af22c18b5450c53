"""The MASC roll and its failure (docs/equipment-rules.md EQ-MASC-02, EQ-MASC-04): a move beyond the running MP
without MASC rolls 2D6 once a turn against the target number of MASC's level; below it, a critical hit in each
leg, the PSRs those hits call for rolled at once, and the 'Mech has not moved (it moves again).

Sources: equipment.md E3 (MASC); MegaMek @f0b2b01 megamek/src/megamek/common/Entity.java:14196-14392
(checkForMASCFailure, doMASCCheckFor: ``nRoll < getMASCTarget()`` fails; a random hittable slot in each leg; the
MASC is not destroyed), megamek/src/megamek/server/Server.java:6828-6836 (the roll at the first step) and
:9629-9708 (checkMASCFailure: the critical hits, ``resolvePilotingRolls`` at once, ``md.clear()`` and a new turn
to plot the move again).
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.model.events_ground import MascRolled
from btcli.model.state import GameState, evolve
from btcli.rules.core import damage, phase_end
from btcli.rules.ground import construction, masc
from btcli.rules.kinds import mech

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events


def roll(state: GameState, unit_id: str, dice: Dice, events: Events) -> tuple[GameState, bool]:
    """Rolls MASC for a move beyond the running MP without it (EQ-MASC-02): 2D6, a failure below the target
    number. On a failure each leg with a slot left takes a critical hit on one of them, the PSRs those hits
    call for are rolled at once, and the unit has not moved (EQ-MASC-04). Returns the state and whether the
    move goes on. The unit counts as having used MASC this turn either way (EQ-MASC-03)."""
    unit = state.units[unit_id]
    number, at = masc.target(unit), masc.level(unit)
    result = dice.roll(2, f"MASC {unit.id} (level {at})", target=number)
    used = evolve(unit, mech=evolve(unit.mech, masc_used=True))
    events.append(MascRolled(unit.id, result.total, number, at, result.success))
    if result.success:
        return state.with_unit(used), True
    hurt = used
    for leg in mech.body(unit).legs:
        if hurt.internal.get(leg, 0) <= 0:
            continue
        hit = hurt.slot_hits(leg)
        slots = hurt.built.slots.get(leg, ())
        if any(item and i not in hit and not construction.rolls_again(item) for i, item in enumerate(slots)):
            hurt = damage.critical_slot(hurt, leg, dice, events)
            if hurt.destroyed:
                break
    if not hurt.destroyed:
        from btcli.rules.core.falls import in_water

        hurt = phase_end.psrs_after_damage(hurt, used, dice, events, in_water(state.board, hurt))
    return state.with_unit(hurt), False
