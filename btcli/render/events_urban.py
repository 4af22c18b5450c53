"""The words of urban combat's events (``btcli.model.events_urban``); ``btcli.render.events`` uses them."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.render.events import Template


def _what(e) -> str:
    return "bridge" if e.bridge else "building"


def _basement(e) -> str:
    shown = "no basement" if not e.levels else f"a {e.levels}-level basement"
    return f"building hex {e.hex.label} has {shown} (basement roll {e.roll})"


def _entry_failed(e) -> str:
    from btcli.render.events_damage import roll_vs

    shown = roll_vs(e)
    return (f"{e.unit} fails to enter {e.hex.label} cleanly ({shown}) and takes {e.amount} damage "
            f"on the {e.side} ({e.rule})")


def _collapse_damage(e) -> str:
    times = f" x {e.levels}" if e.levels > 1 else ""
    return f"{e.unit} takes {e.amount} collapse damage ({e.cf} CF / 10{times}; {e.rule})"


def _blow_fails(e) -> str:
    return f"{e.unit}'s {e.attack} at hex {e.hex.label} does not happen" + (f": {e.why}" if e.why else " (destroyed)")


def _girder(e) -> str:
    if e.found:
        return f"{e.unit} finds a girder in the rubble of {e.hex.label} and picks it up ({e.roll} vs {e.tn})"
    return f"{e.unit} finds no usable girder in {e.hex.label} ({e.roll} vs {e.tn})"


TEXTS: dict[str, Template] = {
    # damage to structures
    "StructureDamaged": lambda e: f"{_what(e)} hex {e.hex.label} takes {e.amount} damage: CF {e.before} -> {e.after}",
    "BasementRolled": _basement,
    "BrokeThroughFloor": "{unit} ({tons} t) breaks through the floor of {hex} (CF {cf}) into a {depth}-level basement "
                         "({rule})",
    "FallDamagesBuilding": "building hex {hex} takes {amount} damage from the fall: CF {before} -> {after} ({rule})",
    # entering
    "EntryDamagesStructure": lambda e: f"{_what(e)} hex {e.hex.label} takes {e.amount} damage from {e.unit} entering: "
                                       f"CF {e.before} -> {e.after} ({e.rule})",
    "BuildingEntered": "{unit} enters {hex} ({roll} vs {tn})",
    "EntryFailed": _entry_failed,
    "FellInside": "{unit} fell inside building hex {hex}: {amount} damage to it, {building_damage} to the building "
                  "({rule})",
    "PushedIntoBuilding": "{unit} is pushed into building hex {hex}: {amount} damage to it, {building_damage} to the "
                          "building ({rule})",
    # collapse
    "BuildingHexCollapses": "building hex {hex} ({building_type.value}, level {height}) collapses: {why}",
    "BridgeHexCollapses": "bridge hex {hex} ({bridge_type.value}) collapses: {why}",
    "WholeStructureCollapses": lambda e: f"{e.down} of {e.hexes} hexes of {e.structure} are down: the whole "
                                         f"{'bridge' if e.bridge else 'building'} collapses",
    "BuriedInBasement": "{unit} is buried in the basement and destroyed ({rule})",
    "CollapseDamage": _collapse_damage,
    "FellIntoWater": "{unit} falls into depth-{depth} water and is destroyed ({rule})",
    # fire at a unit inside a building
    "MissStrikesBuilding": "  the miss strikes building hex {hex} for {amount}",
    "MissingDamageStrikesBuilding": "  the {amount} missing the target strike building hex {hex} ({rule})",
    "BuildingAbsorbs": "  {amount} to {target} {location}: the building absorbs {absorbed}, {through} gets through",
    # attacks on building hexes, girders
    "HexFireHeld": "{unit} holds {weapon}: to-hit {to_hit} against hex {hex} cannot be made",
    "HexHitPointBlank": "{unit} fires {weapon} at building hex {hex} from the next hex: an automatic hit for {amount}",
    "HexMissed": lambda e: f"{e.unit} fires {e.weapon} at hex {e.hex.label}: needs {e.to_hit}, rolls {e.roll}: "
                           + ("does not lock on and does not fire" if e.streak else "miss"),
    "HexHit": "{unit} fires {weapon} at hex {hex}: needs {to_hit}, rolls {roll}: hit for {amount}",
    "BlowAtHexDeclared": "{unit} declares a {attack} at building hex {hex}: it always hits ({rule}); resolved when the "
                         "phase ends",
    "BlowAtHexFails": _blow_fails,
    "BlowAtHexLands": "{unit}'s {attack} strikes building hex {hex} for {amount} (always hits, {rule})",
    "GirderSearched": _girder,
}
