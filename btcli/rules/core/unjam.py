"""Unjamming a Rotary autocannon (EQ-RAC-04; docs/equipment-rules.md).

MegaMek @f0b2b01: a unit declares the unjam as it moves (common/MoveStep.java:2212, ``UNJAM_RAC``) and may
not run or jump that turn (MoveStep.java:2705-2713); it fires no weapon (Entity.java:9963
``isEligibleForFiring``) and makes no physical attack (Entity.java:10070) that turn; in the weapon phase each
of its jammed, undestroyed Rotary ACs rolls 2D6 against gunnery + 3, unjamming on a roll at least that
(server/Server.java:14630-14659 ``resolveUnjam``). btcli takes the order in the weapon phase
(``attack GAME UNIT --clear RAC/5``), after the move it checks: a unit that ran, flanked or jumped, or has
fired this turn, is refused.

A jammed Ultra autocannon is not cleared so: MegaMek clears one only under the unofficial option
``ADVCOMBAT_UNJAM_UAC`` (Entity.java:2700-2709), and a vehicle crew's repair of a malfunction
(VEH-CRIT-23) clears only a weapon a critical hit jammed (Tank.java:3390 ``addJammedWeapon``, called only from
the vehicle critical hit, Server.java:26213): EQ-UAC-01.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError
from btcli.model.events_combat import RotaryUnjam
from btcli.model.frozen import evolve
from btcli.model.state import GameState
from btcli.model.units import MoveMode, Unit

UNJAM_MODIFIER = 3  # gunnery + 3 (Server.java:14632)


def jammed_rotaries(unit: Unit) -> list[int]:
    """Returns the indexes of the unit's Rotary ACs jammed by their own fire and not destroyed."""
    return [i for i, m in enumerate(unit.weapons)
            if m.jammed and not m.destroyed and unit.spec(m.weapon).rotary]


def names_rotary(unit: Unit, what: str) -> bool:
    """Tells whether ``--clear WHAT`` names one of the unit's jammed Rotary ACs."""
    name = unit.weapon_named(what.partition("@")[0])
    return name is not None and any(unit.weapons[i].weapon == name for i in jammed_rotaries(unit))


def unjam(state: GameState, unit_id: str, dice: Dice) -> tuple[GameState, list]:
    """Spends the unit's turn trying to unjam each of its jammed Rotary ACs (EQ-RAC-04)."""
    unit = state.unit(unit_id)
    if not unit.active or unit.built.shutdown or not unit.conscious:  # MegaMek: a crew that can act (MoveStep.java:3161)
        raise IllegalOrderError(f"'{unit.id}' is destroyed, shut down or has an unconscious crew and cannot unjam "
                                "a Rotary AC", "EQ-RAC-04")
    if unit.fired or any(d.attacker == unit.id for d in state.declarations):
        raise IllegalOrderError(f"'{unit.id}' already attacked this turn and cannot unjam a Rotary AC", "EQ-RAC-04")
    if unit.unjam_turn == state.turn:
        raise IllegalOrderError(f"'{unit.id}' already tried to unjam this turn", "EQ-RAC-04")
    if unit.mode.is_fast or unit.mode is MoveMode.JUMP:
        raise IllegalOrderError(f"'{unit.id}' {unit.mode.value}ed this turn: a unit unjamming a Rotary AC may not "
                                "run or jump", "EQ-RAC-04")
    target = unit.gunnery + UNJAM_MODIFIER
    weapons = list(unit.weapons)
    events = []
    for i in jammed_rotaries(unit):
        roll = dice.roll(2, f"unjam {weapons[i].label} {unit.id}", target=target)
        if roll.success:
            weapons[i] = evolve(weapons[i], jammed=False)
        events.append(RotaryUnjam(unit.id, weapons[i].label, target, roll.total, roll.success))
    return state.with_unit(evolve(unit, weapons=tuple(weapons), unjam_turn=state.turn)), events
