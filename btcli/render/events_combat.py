"""The words of weapon fire's events (``btcli.model.events_combat``); ``btcli.render.events`` uses them."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.render.events import Template


def _held(e) -> str:
    shown = ", ".join(f"{n} {v:+d}" if i else f"{n} {v}" for i, (n, v) in enumerate(e.modifiers))
    return f"{e.unit} holds {e.weapon}: to-hit {e.to_hit} against {e.target} cannot be made ({shown})"


def _cover(e) -> str:
    where = "the partial cover" if e.hex is None else f"building hex {e.hex.label}"
    return f"  {e.amount} to {e.location} strikes {where} instead"


TEXTS: dict[str, Template] = {
    "WeaponHeld": _held,
    "WeaponMissed": "{unit} fires {weapon} at {target}: needs {to_hit}, rolls {roll}: miss",
    "WeaponHit": "{unit} fires {weapon} at {target}: needs {to_hit}, rolls {roll}: hit ({side} side), {damage} damage "
                 "in {groups} group(s)",
    "StreakNoLock": "{unit}'s {weapon} does not lock on {target} (needs {to_hit}, rolls {roll}): it does not fire",
    "GroupStrikes": lambda e: f"  {e.amount} to {e.target} {e.location}{' (rear)' if e.rear else ''}",
    "CoverStruck": _cover,
    "WeaponJammed": "{unit}'s {weapon} jams firing at double rate (natural 2)",
    "RotaryJammed": "{unit}'s {weapon} jams firing {shots} shots (to-hit roll {roll})",
    "RotaryUnjam": lambda e: (f"{e.unit} works to unjam its {e.weapon} instead of firing: needs {e.target}, rolls "
                              f"{e.roll}: {'unjammed' if e.cleared else 'still jammed'}"),
}
