"""The words of aerospace units' events (``btcli.model.events_aero``); ``btcli.render.events`` uses them."""

from __future__ import annotations

from btcli.render.events import sentence

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.render.events import Template

_DOUBLED = " (doubled by a hardened building, AERO-CRASH-10, 11)"


def _system(critical: str) -> str:
    """Returns a critical system's name in words (``kf_boom``: "K-F boom")."""
    return "K-F boom" if critical == "kf_boom" else critical.replace("_", " ")


def _aircraft(e) -> str:
    return f"{e.unit}: {sentence(e.event)}"


def _rolled(e) -> str:
    return "rolls" + (" (now inverted)" if e.inverted else " (upright again)")


def _random_turn(e) -> str:
    return f"turns {abs(e.turn)} hexside(s) {'left' if e.turn < 0 else 'right'} at random"


def _prohibited(e) -> str:
    return e.why + (f": cannot enter {e.hex.label}" if e.hex is not None else "")


def _out_of_control(e) -> str:
    return f"out of control (failed by {e.margin})" + (", moving randomly" if e.random else "")


def _damaged(e) -> str:
    through = f", {e.through} through to structural integrity" if e.through else ""
    return f"{e.reason}: {e.amount} damage to the {e.arc}{through}"


def _flew(e) -> str:
    where = f"{e.start.label} -> {e.hex.label}" if e.start is not None else e.hex.label
    altitude = f", altitude {e.altitude}" if e.altitude is not None else ""
    steps = " ".join(e.steps) or "no steps"
    return (f"{e.unit} flies {steps} on {e.map}: {where} facing {e.facing.name}{altitude}, velocity "
            f"{e.velocity} (next turn {e.next_velocity}), thrust {e.thrust} ({e.outcome})")


def _held(e) -> str:
    shown = ", ".join(f"{n} {v:+d}" if i else f"{n} {v}" for i, (n, v) in enumerate(e.modifiers))
    return f"{e.unit} holds {e.weapon}: to-hit {e.tn} against {e.target} cannot be made ({shown})"


def _air_hit(e) -> str:
    return (f"{e.unit} fires {e.weapon} at {e.target}: needs {e.tn}, rolls {e.roll}: hit ({e.direction}), "
            f"{e.amount} damage to the {e.arc} (location {e.location}, critical: {e.critical.replace('_', ' ')})")


def _control_roll(e) -> str:
    said = f"{e.unit} control roll ({e.reason}): {e.roll} vs {e.tn}, "
    return said + ("made" if e.made else "failed: " + "; ".join(sentence(x) for x in e.effects))


def _heat(e) -> str:
    return (f"{e.unit} heat {e.before} -> {e.after} (+{e.weapons} weapons" + (f", +{e.engine} engine" if e.engine
                                                                                else "") + f", -{e.sinks} sinks)")


def _bombs_missed(e) -> str:
    made = f"rolls {e.roll}" if e.roll is not None else "cannot be made"
    return (f"{e.unit} drops {e.weapon} on hex {e.hex.label}: needs {e.tn}, {made}: miss (the bombs fall wide; "
            "scatter is not resolved)")


def _ground_missed(e) -> str:
    return f"{e.unit} {e.mode}s {e.target} with {e.weapon}: needs {e.tn}, rolls {e.roll}: miss"


def _ground_hit(e) -> str:
    side = f" ({e.side} side)" if e.side else ""
    return (f"{e.unit} {e.mode}s {e.target} with {e.weapon}: needs {e.tn}, rolls {e.roll}: hit{side}, "
            f"{e.amount} damage")


def _landing(e) -> str:
    how = "vertically" if e.vertical else f"on a {e.strip}-hex strip"
    return f"{e.unit} lands {how} at {e.hex.label} ({e.roll} vs {e.tn})"


def _dropship_destroyed(e) -> str:
    deals = f"; its crash deals {e.amount}{_DOUBLED if e.doubled else ''}" if e.amount is not None else ""
    return f"{e.unit} is out of control: the DropShip is destroyed ({e.rule}){deals}"


def _crash_damage(e) -> str:
    return (f"{e.unit} takes {e.amount} crash damage{_DOUBLED if e.doubled else ''} in {e.group}-point groups on "
            f"the {e.table} table (AERO-CRASH-03, AERO-CRASH-04)")


def _crash_hex(e) -> str:
    shown = ", ".join(map(str, e.rolls)) or "none"
    return (f"{e.unit} comes down in {e.hex.label} after {len(e.rolls)} random-movement rolls ({shown}), "
            f"travelling {e.heading.name} ({e.rule})")


def _survives(e) -> str:
    return (f"{e.unit} survives the crash and lies in {e.hex.label}"
            + (", immobile for the rest of the game (AERO-CRASH-21)" if e.immobile else ""))


def _avoided(e) -> str:
    shown = ", ".join(str(d) for d in e.rolls)
    return f"{e.unit} avoids the crash's damage (rolled {shown}, needs {e.needs} or less; {e.rule})"


def _struck(e) -> str:
    shown = ", ".join(str(d) for d in e.rolls)
    times = f", {e.times} times (AERO-CRASH-19, AMB-58)" if len(e.rolls) > 1 else ""
    return (f"{e.unit} is struck by the crash (rolled {shown}): {e.amount} damage in {e.group}-point groups{times} "
            f"({e.rule})")


TEXTS: dict[str, Template] = {
    "AircraftEvent": _aircraft,
    # a flight's steps
    "StepsNotFlown": "steps from {step} on are not flown",
    "EndStepsNotMade": "the end-of-move steps are not made",
    "EvasiveAction": "takes evasive action",
    "Rolled": _rolled,
    "FlewOffMap": "flies off the map from {hex}",
    "StuckInInterface": "cannot leave the interface without thrust: stays",
    "EntersGroundRow": "enters the ground row at {hex}: leaves for the low-altitude map at the end of the turn",
    "MustLandOrCrash": "at altitude {altitude} over {hex}: must land or crash ({rule})",
    "FliesIntoTerrain": "flies into terrain above altitude {altitude} at {hex}: crashes ({rule})",
    "ClimbsOut": "climbs past altitude 10: leaves for atmosphere row 1 of the space map at the end of the turn",
    "Hovers": "hovers",
    "ReentryMade": "re-entry roll made",
    "RandomTurn": _random_turn,
    "MoveProhibited": _prohibited,
    # control rolls and high-G
    "ControlRollMade": "control roll ({reason}) made",
    "OutOfControl": _out_of_control,
    "AltitudeLost": "loses {amount} altitude, now {altitude}",
    "ControlRegained": "regains control",
    "StillOutOfControl": "stays out of control (failed by {margin})",
    "HighGMade": "high-G control roll made ({thrust} thrust)",
    "HighGDamage": "high-G: 1 structural integrity damage, SI now {si}",
    "GLoadWithstood": "pilot withstands {thrust} thrust",
    # damage and criticals
    "AeroDamaged": _damaged,
    "StructureGone": "structural integrity 0: destroyed",
    "AeroCritical": lambda e: f"critical hit: {_system(e.critical)}",
    "AeroCriticalNoEffect": lambda e: (f"critical hit: {_system(e.critical)}, which a "
                                       f"{e.aero_class.replace('_', ' ')} does not have: no effect (AERO-CRIT-05)"),
    "AeroFuelExploded": "the fuel tank explodes: destroyed",
    "AeroWeaponDestroyed": "{weapon} ({arc}) destroyed",
    "CrewHit": "{reason}: pilot/crew hit ({hits} of {boxes} boxes)",
    "AeroCrewKilled": "the crew is killed",
    "PilotUnconscious": "the pilot is knocked unconscious",
    # the atmosphere
    "ReentryFailed": "re-entry fails: velocity 0, movement ends",
    "PulledIntoInterface": "gravity pulls it into the interface at {hex}",
    "PulledTowardInterface": "gravity pulls it toward the interface at {hex}",
    "GravityPulled": "gravity pulls it from {start} to {hex}",
    "PulledIntoGroundRow": "it enters the ground row: leaves for the low-altitude map",
    "Dragged": "drag: velocity {before} -> {after}",
    # moves and maps
    "Flew": _flew,
    "FlightPath": "{unit} flight path: {path}",
    "ControlRegainedToMove": "{unit} regains control ({roll} vs {tn}): give it its move",
    "RegainFailed": "{unit} stays out of control (failed by {margin}) ({roll} vs {tn})",
    "OutOfControlPlan": "{unit} is out of control: made, the roll gives it back its move; failed, it flies on by "
                        "itself",
    "Collided": "{unit} collides with {other} ({rule}; its damage, an accidental ram, is issue #14)",
    "FlewOffTheMaps": "{unit} flies off map {map!r} and leaves the battle",
    "CameDownOffTheMaps": "{unit} comes down through {hex}, over no map of this game, and leaves the battle ({rule})",
    "MapTied": "low-altitude map {map!r} lies under {space} {hex}, where {unit} came down first ({rule})",
    "LeftMap": "{unit} is taken off map {map!r}: in transit to {to_map!r}, arrives turn {turn} ({rule})",
    "ArrivedLow": "{unit} arrives on low-altitude map {map!r} at {hex}, altitude 10 ({rule})",
    "ArrivedInSpace": "{unit} arrives on space map {map!r} at {hex} facing {facing.name} (atmosphere row 1) ({rule})",
    # attacks
    "AirShotHeld": _held,
    "ShotHeld": "{unit} holds {weapon}: to-hit {tn} against {target} cannot be made",
    "ShotMissed": "{unit} fires {weapon} at {target}: needs {tn}, rolls {roll}: miss",
    "StreakNoLock": "{unit} fires {weapon} at {target}: needs {tn}, rolls {roll}: does not lock on and does not fire",
    "AirShotHit": _air_hit,
    "DamageControlRoll": _control_roll,
    "AeroHeat": _heat,
    "AttackAltitudeLost": "{unit} loses {amount} altitude for the {mode}: altitude {before} -> {after}",
    "BombsMissed": _bombs_missed,
    "BombsHit": "{unit} drops {weapon} on hex {hex}: needs {tn}, rolls {roll}: hit, {per_bomb} per bomb to everything "
                "in the hex",
    "BombsMissSecondElement": "  the bombs reach only {unit}'s second element: no damage ({rule})",
    "BombsStrikeBuilding": "  {amount} to building hex {hex}",
    "GroundAttackMissed": _ground_missed,
    "GroundAttackHit": _ground_hit,
    # landings
    "LandedAway": "{unit} lands in {map} {hex}, away from the battle, and leaves it",
    "LandingRolled": _landing,
    "LandingFailed": "{unit}'s landing fails by {margin}: {amount} damage ({rule})",
    "DownOnBoard": "{unit} is down in {hex} on the ground board",
    # crashes
    "BroughtDown": "{unit} loses altitude down to the ground at {hex}: it crashes (AERO-LALT-08, AERO-CRASH-01)",
    "StoppedOverGround": "{unit} ends the phase at velocity 0 over the ground without hovering or landing: it crashes "
                         "({rule})",
    "CrashedAway": "{unit} crashes in {map} {hex}, away from the battle ({rule})",
    "DropShipDestroyed": _dropship_destroyed,
    "CrashDamageAway": "{unit} takes {amount} crash damage (AERO-CRASH-03, AERO-CRASH-04)",
    "CrashDamage": _crash_damage,
    "Wrecked": lambda e: f"{e.unit} is wrecked" + (f" in {e.hex.label}" if e.hex is not None else ""),
    "SurvivesAway": "{unit} survives the crash, out of the battle",
    "CrashedOntoBoard": "{unit} crashes onto the ground board at {hex} heading {heading.name} ({rule})",
    "CrashLeftPlayArea": "{unit}'s crash leaves the play area at {hex}: destroyed ({rule})",
    "CrashHexFound": _crash_hex,
    "BuildingCrushed": "building hex {hex} is destroyed by the crashing DropShip ({rule})",
    "BuildingCrashDamage": "building hex {hex} takes {amount} crash damage: CF {before} -> {after} ({rule})",
    "GroundLowered": "the ground in {hex} and around it is lowered {levels} levels ({rule})",
    "SurvivesCrash": _survives,
    "CrushedUnderDropShip": "{unit} is crushed under the DropShip in {hex} and destroyed ({rule})",
    "CrashAvoided": _avoided,
    "StruckByCrash": _struck,
    "StaysUnderDropShip": "{unit} stays in {hex} under the crashed DropShip ({rule})",
}
