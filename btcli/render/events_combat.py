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


def _declared(e) -> str:
    shown = ", ".join(f"{name} {value:+d}" for name, value in e.modifiers)
    return (f"{e.unit} declares a {e.attack} at {e.target}: to-hit {e.to_hit} "
            f"(piloting {e.piloting}{', ' + shown if shown else ''}); resolved when the phase ends")


TEXTS: dict[str, Template] = {
    "WeaponHeld": _held,
    "WeaponMissed": "{unit} fires {weapon} at {target}: needs {to_hit}, rolls {roll}: miss",
    "WeaponHit": "{unit} fires {weapon} at {target}: needs {to_hit}, rolls {roll}: hit ({side} side), {damage} damage "
                 "in {groups} group(s)",
    "StreakNoLock": "{unit}'s {weapon} does not lock on {target} (needs {to_hit}, rolls {roll}): it does not fire",
    "GroupStrikes": lambda e: f"  {e.amount} to {e.target} {e.location}" + (
        f" (from behind; {e.location} has no rear armor)" if e.rear and e.no_rear_armor else " (rear)" if e.rear
        else ""),
    "CoverStruck": _cover,
    "WeaponJammed": "{unit}'s {weapon} jams firing at double rate (natural 2)",
    "PhysicalDeclared": _declared,
    "ClusterModified": lambda e: f"  {e.unit}'s {e.weapon} cluster roll: "
                                 + ", ".join(f"{n} {v:+d}" for n, v in e.modifiers),
    "ClusterBonusLost": "  {unit}'s {weapon}: no {bonus} bonus against {target} ({why})",
    "AmsFires": "  {unit}'s {weapon} fires at the missiles of {attacker}'s {attack}",
    "PodStopped": lambda e: f"  {e.unit}'s anti-missile system rolls {e.roll} against the pod of {e.attack}: "
                            + ("destroyed" if e.stopped else "it gets through"),
    "PodAttached": "  a Narc pod from {unit}'s {weapon} attaches to {target} ({side}'s, for the rest of the game)",
    "TargetTagged": "  {unit}'s {weapon} tags {target} for turn {turn}",
    "RotaryJammed": "{unit}'s {weapon} jams firing {shots} shots (to-hit roll {roll})",
    "RotaryUnjam": lambda e: (f"{e.unit} works to unjam its {e.weapon} instead of firing: needs {e.target}, rolls "
                              f"{e.roll}: {'unjammed' if e.cleared else 'still jammed'}"),
}
