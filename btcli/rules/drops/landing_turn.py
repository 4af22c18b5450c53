"""What a dropped 'Mech's landing turn changes: it may not move or attack, and is easier to hit
(DROP-09..11). Used by movement, to-hit and attack checks, below the drop rules themselves."""

from __future__ import annotations

from btcli.errors import IllegalOrderError
from btcli.model.units import Unit, Weapon


def landed_this_turn(unit: Unit, turn: int) -> bool:
    """Tells whether the unit made its landing roll this turn (DROP-09..11 apply)."""
    return unit.drop is not None and unit.drop.landed_turn == turn


def check_can_act(unit: Unit, turn: int) -> None:
    """Raises if the 'Mech landed this turn: it may not move or attack until the next (DROP-09)."""
    if landed_this_turn(unit, turn):
        raise IllegalOrderError(f"'{unit.id}' dropped this turn and cannot move or attack until the next", "DROP-09")


def target_modifiers(target: Unit, turn: int) -> list[tuple[str, int]]:
    """Returns +3 for attacking a 'Mech in its landing turn (DROP-10; AMB-35: the rest of that turn)."""
    return [("target dropping", LANDING_TMM)] if landed_this_turn(target, turn) else []


def flak_modifiers(target: Unit, turn: int, weapon: Weapon) -> list[tuple[str, int]]:
    """Returns -2 for a flak weapon against a 'Mech in its landing turn (DROP-11)."""
    if weapon.flak and landed_this_turn(target, turn):
        return [("flak against a dropping 'Mech", FLAK_MODIFIER)]
    return []


LANDING_TMM = 3  # DROP-10: target movement modifier against a 'Mech in its landing turn (AMB-35)


FLAK_MODIFIER = -2  # DROP-11
