"""The words of vehicles' and VTOLs' events (``btcli.model.events_vehicles``); ``btcli.render.events`` uses them."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.render.events import Template


def _critical(e) -> str:
    moved = f" (moved down from {e.moved_from})" if e.moved_from else ""
    return f"{e.unit}: critical roll {e.roll} on the {e.column} column: {e.result}{moved}"


def _cannot_land(e) -> str:
    terrain = e.terrain.value.replace("_", " ")
    return f"{e.unit} must come down over {terrain} ({e.why}) and is destroyed ({e.rule})"


def _jam_cleared(e) -> str:
    what = f"the jammed {e.weapon}" if e.weapon else "the turret jam"
    return f"{e.unit}'s crew clears {what} (no weapon fires this phase)"


TEXTS: dict[str, Template] = {
    "JamCleared": _jam_cleared,
    # damage and criticals
    "RotorDamageReduced": "{unit}: rotor hit: {amount} weapon damage does {reduced} ({rule})",
    "ArmorPenetrated": "{unit}: {damage} damage exceeds the {location} armor's BAR {bar}: it may penetrate ({rule})",
    "VehicleDestroyed": "{unit}: {location} internal structure gone; the vehicle and its crew are destroyed ({rule})",
    "VehicleCritical": _critical,
    "CrewKilled": "{unit}'s crew is killed: the vehicle counts as destroyed and cannot act",
    "CrashedAndDestroyed": "{unit} crashes and is destroyed",
    "FuelTankExploded": "{unit}'s fuel tank ruptures: the vehicle explodes and is destroyed",
    "WeaponMalfunctions": "{unit}: {weapon} jams",
    "CargoDestroyed": "{unit}: cargo destroyed (carried infantry take {amount} damage)",
    "RotorDestroyed": "{unit}'s rotor is destroyed: the VTOL crashes and is destroyed",
    "VehicleWeaponDestroyed": lambda e: f"{e.unit}: {e.weapon} destroyed ({'owner' if e.by_owner else 'attacker'} chooses)",
    "AmmoVented": "{unit}: ammunition explodes ({amount}); CASE vents it through the rear armor",
    "VehicleAmmoExploded": "{unit}: ammunition explodes for {amount} damage to the {location} internal structure",
    "MotiveRolled": "{unit}: motive system roll {roll}: {result}",
    "Immobilized": "{unit} is immobilized",
    "CruiseLost": "{unit}: cruise MP {before} -> {after}, flank {flank} ({why})",
    # VTOLs
    "VTOLCrashed": "{unit} crashes: {why}",
    "CrashedIntoWater": "{unit} crashes into water and is destroyed ({rule})",
    "CrashExplosion": "{unit}'s crash damaged its internal structure: it explodes ({rule})",
    "CrashNoRest": "{unit} cannot come to rest there ({why}) and is destroyed ({rule})",
    "CrashSurvived": "{unit} survives the crash and is landed in {hex} ({rule})",
    "PilotHitDrop": "{unit} drops to elevation {elevation} after its pilot is hit ({rule})",
    "ForcedLandingImpossible": _cannot_land,
    "ForcedLandingFailed": "{unit} fails its forced landing ({roll} vs {tn}) and is destroyed",
    "ForcedLanding": "{unit} makes a forced landing in {hex} ({why}); it cannot move again",
    "RoofCannotCarry": "the building in {hex} (CF {cf}) cannot carry {unit} ({tons} t) ({rule})",
}
