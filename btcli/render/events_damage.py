"""The words of damage's events (``btcli.model.events_damage``); ``btcli.render.events`` uses them."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.render.events import Template


def _critical_hit(e) -> str:
    name = e.item.split(":", 1)[-1].replace("_", " ")
    return f"{e.unit}: critical hit on {name} ({e.location} slot {e.slot})"


def _heat(e) -> str:
    engine = f", +{e.engine} engine" if e.engine else ""
    engine += f", +{e.stealth} stealth armor" if e.stealth else ""  # EQ-STEALTH-04
    sinks = f"-{2 * e.sinks} from {e.sinks} double sinks" if e.double else f"-{e.sinks} sinks"
    return f"{e.unit} heat {e.before} -> {e.after} (+{e.movement} movement, +{e.weapons} weapons{engine}, {sinks})"


def roll_vs(e) -> str:
    """A skill roll's event's roll against its target number: "8 vs 9"; with no roll, its target number above 12
    (PSR-AUTO-02) or, with none either, a 'Mech shut down or unconscious."""
    if e.roll is not None:
        return f"{e.roll} vs {e.tn}"
    return f"TN {e.tn}: automatic failure" if e.tn is not None else "shut down or unconscious"


def _displaced_psr(e) -> str:
    return f"{e.unit} fails its PSR after being displaced ({roll_vs(e)}) and falls"


def _psr_failed(e) -> str:
    return f"{e.unit} fails its PSR ({e.reason}: {roll_vs(e)}) and falls"


def _shutdown_psr(e) -> str:
    return f"{e.unit} fails its PSR on shutting down ({roll_vs(e)}) and falls"


TEXTS: dict[str, Template] = {
    # damage
    "DamageTaken": "{unit} takes {amount} in {location} ({source})",
    "DamageTransferred": "{unit}: {amount} damage transfers from {location} to {into}",
    "LocationDestroyed": lambda e: f"{e.unit}: {e.location} {'blown off' if e.blown_off else 'destroyed'}",
    "UnitDestroyed": lambda e: f"{e.unit} is destroyed" + (f" ({e.why})" if e.why else ""),
    "PilotHit": "{unit}'s MechWarrior takes {hits} hit(s) ({why}): {total} in all",
    "PilotKilled": "{unit}'s MechWarrior is killed; the 'Mech is destroyed",
    "PilotUnconscious": "{unit}'s MechWarrior is knocked unconscious",
    "CriticalHit": _critical_hit,
    "CriticalFindsNothing": "{unit}: critical hit in {location} finds nothing left to damage",
    # IndustrialMechs (issue #31, part "industrial")
    "IndustrialCriticalCheck": lambda e: (f"{e.unit} (an IndustrialMech struck or fallen this turn) checks for a critical hit "
                                          f"in {e.location}" + (f", +{e.levels} for the levels fallen" if e.levels else "")),
    "StealthSwitched": lambda e: (f"{e.unit} switches its stealth armor {'on' if e.on else 'off'} for the next turn"
                                  + (" (10 heat a turn; its ECM suite makes no bubble)" if e.on else "")),
    "CommercialArmorCheck": "{unit}: {damage} damage beats commercial armor's rating of 5 in {location}: a critical check",
    "WeaponExploded": "{unit}'s {weapon} explodes in {location}: {amount} damage",
    "EngineDestroyed": "{unit}'s engine is destroyed; the 'Mech is destroyed",
    "EngineSlotsLost": lambda e: (f"{e.unit}: {e.location} takes {e.slots} engine slot{'s' if e.slots != 1 else ''} "
                                  f"with it ({e.hits} engine hit{'s' if e.hits != 1 else ''} in all)"),
    "CASEContained": "{unit}: CASE in {location} stops the rest of the explosion ({amount} damage)",
    "CASEIIVented": lambda e: (f"{e.unit}: CASE II in {e.location} vents the explosion: {e.prevented} damage prevented, "
                               f"{e.into} to internal structure, {e.stripped} armor blown off {e.armor}; critical "
                               f"check roll {e.roll}" + (" (8+: no critical check)" if e.no_critical else "")),
    "CockpitHit": "{unit}'s cockpit is hit: the MechWarrior is killed and the 'Mech destroyed",
    "GyroDestroyed": "{unit}'s gyro is destroyed",
    "AmmoInert": "{unit}: the {weapon} bin in {location} is empty or inert; nothing explodes",
    "AmmoExploded": "{unit}: {weapon} ammunition explodes in {location}: {shots} shots x {per_shot} = {amount} damage",
    "Sank": "{unit} is immobilized over water and sinks ({rule})",
    "TrooperKilled": "{unit} takes {amount} ({source}): {trooper} is killed",
    "TrooperArmorHit": "{unit} takes {amount} on {trooper}'s armor ({source})",
    "TroopersLost": "{unit} takes {amount} ({source}): {left} troopers left",
    # falls
    "Fell": "{unit} falls: now facing {facing.name}, {amount} damage on the {side} side",
    "FellFromAbove": lambda e: f"{e.unit} falls {e.levels} level{'s' if e.levels != 1 else ''} (accidental fall from above)",
    "FallingDamage": "{unit} takes {amount} falling damage on the {side}",
    "FellAutomatically": "{unit} falls automatically ({why})",
    "FootingLost": "{unit} cannot keep its footing ({reason}; shut down or unconscious) and falls",
    "PSRFailed": _psr_failed,
    "PSRPassed": "{unit} keeps its footing ({reason}: {roll} vs {tn})",
    # heat
    "HeatChanged": _heat,
    "Restarted": "{unit} restarts (heat {heat})",
    "ShutDown": lambda e: f"{e.unit} shuts down {'automatically ' if e.automatic else ''}(heat {e.heat})",
    "ShutdownPSRFailed": _shutdown_psr,
    # displacement
    "Displaced": "{unit} is displaced {start} -> {end}",
    "PushedOffMap": "{unit} is pushed off the map at {hex} and leaves the battle",
    "NowhereToGo": "{unit} cannot be displaced anywhere and is destroyed ({rule})",
    "PushedIntoWater": "{unit} is pushed into depth-{depth} water and destroyed ({rule})",
    "DisplacedPSRFailed": _displaced_psr,
}
