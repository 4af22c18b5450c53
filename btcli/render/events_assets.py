"""The words of Battlefield Support assets' events (``btcli.model.events_assets``); ``btcli.render.events`` uses them."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.render.events import Template


def _labels(hexes) -> str:
    return ", ".join(h.label for h in hexes)


def _deployed(e) -> str:
    return f"{e.unit} deploys in {e.hex.label} facing {e.facing.name}" + (f" (also {_labels(e.also)})" if e.also else "")


def _moved(e) -> str:
    how = "jumps" if e.jumped else "moves backward" if e.backward else "moves"
    text = (f"{e.unit} {how} {e.start.label} -> {e.end.label} facing {e.facing.name}: {e.mp} of {e.allowance} MP, "
            f"{e.hexes} hex{'es' if e.hexes != 1 else ''}")
    if e.road_bonus:
        text += " (+1 MP on the road, ASSET-TERR-06)"
    if e.elevation is not None:
        text += f", elevation {e.rose_from} -> {e.elevation}"
    if e.footprint:
        text += f"; its second element in {_labels(e.footprint)}"
    return text


def _scatters(e) -> str:
    where = (e.impact.label if e.impact.col >= 0 and e.impact.row >= 0
             else f"off the map (column {e.impact.col}, row {e.impact.row})")
    from btcli.model.hexgrid import n_hexes

    return f"the shell scatters {n_hexes(e.distance)} {e.direction.name} of {e.target.label} to {where}"


def _undamaged(e) -> str:
    why = "only a secondary hex was struck (ASSET-DMG-09)" if e.secondary else "no damage"
    return f"  {e.unit} takes no damage: {why}"


def _damaged(e) -> str:
    reasons = [why for flag, why in ((e.rear, "doubled from the rear"),
                                     (e.area_effect, "area effect doubled against infantry"),
                                     (e.anti_infantry, "anti-infantry weapon")) if flag]
    shown = f" ({', '.join(reasons)})" if reasons else ""
    return f"  {e.unit} takes {e.amount} damage from {e.attacker}{shown}: {e.total} this turn"


def _survived(e) -> str:
    why = "anti-infantry wear -2 (ASSET-DMG-07)" if e.anti_infantry else "wear -1 (ASSET-DMG-12)"
    return f"{e.unit} survives: check TN {e.before} -> {e.after}, {why}"


TEXTS: dict[str, Template] = {
    # deployment and movement in halves
    "DeploysInHalves": "{side} deploys its assets in halves, {first} first ({rule})",
    "MovesInHalves": "{side} moves its assets in halves, {first} first ({rule})",
    "Deployed": _deployed,
    "EveryUnitDeployed": "every unit is deployed",
    # an asset's move
    "AssetStoodStill": "{unit} stands still in {hex.label}",
    "AssetMoved": _moved,
    # an asset's attack
    "AssetHoldsFire": "{attacker} ({card}) holds its fire: to-hit {tn} against {target} cannot be made",
    "AssetAttackMissed": "{attacker} ({card}) attacks {target}: needs {tn}, rolls {roll}: miss",
    "AssetAttackHit": ("{attacker} ({card}) attacks {target}: needs {tn}, rolls {roll}: hit ({side} side), "
                       "{amount} damage in {groups} group(s) ({rule})"),
    "AssetStruck": lambda e: f"  {e.amount} to {e.target}{' (rear)' if e.rear else ''}",
    "ArtilleryStrikes": "{attacker}'s {weapon} strikes {hex.label} ({roll} vs {tn})",
    "ArtilleryMisses": "{attacker}'s {weapon} misses {hex.label} ({roll} vs {tn})",
    "ShellScatters": _scatters,
    "ShellOffMap": "{hex.label} is off the map",
    "BlastMissesPrimary": "  the blast reaches only {unit}'s second element: no damage ({rule})",
    "BlastStrikes": "  the blast strikes {unit} in {hex.label} for {amount}",
    # damage and the End Phase
    "AssetUndamaged": _undamaged,
    "AssetDamaged": _damaged,
    "ThresholdReached": "  {unit} has reached its threshold {threshold}: destruction check in the End Phase",
    "AssetWornOut": "{unit} is destroyed: its destruction check TN has worn down to {tn} ({rule})",
    "DestructionCheckRolled": "destruction check {unit}: {roller} rolls {roll} (modified {modified}) against check TN {tn}",
    "AssetDestroyed": "{unit} is destroyed: the check succeeded ({rule})",
    "AssetSurvived": _survived,
    "ElementsRemoved": lambda e: f"{e.unit}'s every element is removed: {_labels(e.hexes)} ({e.rule})",
}
