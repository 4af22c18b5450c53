"""The words of ground units' collisions, slides and blows (``btcli.model.events_ground``); ``btcli.render.events``
uses them."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.render.events import Template


def _over(e) -> str:
    return f"{e.unit} {e.slide}s over {e.hex.label}" + (f" at elevation {e.elevation}" if e.elevation is not None else "")


def _slip_crash(e) -> str:
    what = {"terrain": "slips into terrain as high as itself and crashes",
            "infantry": "crashes"}.get(e.into, f"slips into {e.large}, as high as itself, and crashes (VEH-SLIP-11)")
    return f"{e.unit} {what}: {e.amount} damage ({e.rule})"


def _psr(e) -> str:
    from btcli.render.events_damage import roll_vs

    return f"{e.unit} fails its PSR ({roll_vs(e)}) and falls"


def _fell_entering_water(e) -> str:
    from btcli.render.events_damage import roll_vs

    return f"{e.unit} fails its PSR entering depth {e.depth} water in {e.hex.label} ({roll_vs(e)}) and falls ({e.rule})"


def _failed_to_stand(e) -> str:
    from btcli.render.events_damage import roll_vs

    return f"{e.unit} fails to stand up ({roll_vs(e)})"


def _cancelled(e) -> str:
    why = f": {e.why}" if e.why else " (a unit was destroyed or left the battle)"
    return f"{e.unit}'s {e.attack} at {e.target} does not happen{why}"


def _stood_up(e) -> str:
    if e.roll is None:
        return f"{e.unit} stands up (no roll: a {e.body} 'Mech on all its legs)"
    return f"{e.unit} stands up ({e.roll} vs {e.tn})"


def _masc(e) -> str:
    if e.passed:
        return f"{e.unit} engages MASC: roll {e.roll} vs {e.tn} (level {e.level}), it runs on ({e.rule})"
    return (f"{e.unit}'s MASC fails: roll {e.roll} vs {e.tn} (level {e.level}); a critical hit in each leg, and it "
            f"has not moved (EQ-MASC-04)")


TEXTS: dict[str, Template] = {
    "MascRolled": _masc,
    # standing up, landing on a unit, going on after a slip (core/moves.py)
    "StoodUp": _stood_up,
    "FailedToStand": _failed_to_stand,
    "TriesToLandOn": "{unit} tries to land on {target}",
    "GoesOnAfterSlip": "{unit} goes on after the slip (VEH-SLIP-07)",
    "CannotGoOnAfterSlip": "{unit} cannot go on from {hex} after the slip: {why}",
    # skids and sideslips
    "SlidOffMap": "{unit} {slide}s off the map at {hex} and leaves the battle",
    "SlidOver": _over,
    "SlidInto": "{unit} {slide}s into {hex}",
    "SlidIntoWater": "{unit} {slide}s into depth-{depth} water and is destroyed ({rule})",
    "SlippedIntoInfantry": "{unit} slips into infantry in {hex}: its height drops to the hex's base level ({rule})",
    "SlidIntoProhibited": "{unit} {slide}s into terrain it cannot enter: {amount} damage, immobile ({rule})",
    "SlipCrash": _slip_crash,
    # collisions
    "CannotDodge": "{unit} cannot get out of the way: assets make no driving skill rolls ({rule})",
    "Dodged": "{unit} gets out of the way ({roll} vs {tn})",
    "SlidIntoUnit": "{unit} {slide}s into {target} in {hex}: accidental charge ({rule})",
    "AccidentalChargeMissed": "{unit} misses {target} ({roll} vs {to_hit}) and slides on",
    "AccidentalChargeHit": "{unit}'s accidental charge hits {target} ({roll} vs {to_hit}) and ends its {slide}",
    "BuildingCharged": "{unit} charges the building in {hex}: {amount} damage, CF now {cf} ({rule})",
    "AutomaticCharge": "{unit} automatically charges {target} in {hex} ({rule})",
    "FellBeside": "{unit} falls beside {target} ({roll} vs {to_hit}) ({rule})",
    "FellOnto": "{unit} falls onto {target} ({roll} vs {to_hit}): {amount} damage ({rule})",
    "FallsAfterPSR": _psr,
    "EnteredWater": "{unit} enters depth {depth} water in {hex} ({roll} vs {tn}, {rule})",
    "FellEnteringWater": _fell_entering_water,
    # physical attacks
    "BlowCancelled": _cancelled,
    "BlowMissed": "{unit}'s {attack} at {target} misses ({roll} vs {to_hit})",
    "BlowHit": "{unit}'s {attack} hits {target} ({roll} vs {to_hit})",
    "BlowDestroysRotor": "{unit}'s {attack} hits {target} ({roll} vs {to_hit}): the rotor is destroyed ({rule})",
    "DeathFromAboveMissed": "{unit} misses its death from above and falls",
    "TookThePlace": "{unit} moves into {hex}",
}
