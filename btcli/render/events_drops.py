"""The words of BattleMech drops' events (``btcli.model.events_drops``); ``btcli.render.events`` uses them."""

from __future__ import annotations

from btcli.model.hexgrid import n_hexes

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.render.events import Template


TEXTS: dict[str, Template] = {
    "ArrivalRolled": "drop group {group} arrives on turn {turn} ({rule})",
    "DropCalledOff": "{unit} ({side}) calls off its drop: it leaves the battle and counts as lost",
    "LandingCommitted": "{unit} ({side}) commits a secret landing hex ({rule})",
    "LandingRevealed": "{unit} ({side}) reveals its landing hex {hex} facing {facing.name} ({rule})",
    "Landed": "{unit} lands in {hex} facing {facing.name} ({roll} vs {tn}) ({rule})",
    "LandingFailed": "{unit} fails its landing roll ({roll} vs {tn}) by {margin}",
    "ScatteredOffMap": lambda e: (f"{e.unit} scatters {n_hexes(e.distance)} {e.direction.name} off the map; it does "
                                  f"not land and counts as destroyed ({e.rule})"),
    "Scattered": lambda e: (f"{e.unit} scatters {n_hexes(e.distance)} {e.direction.name} from {e.start.label} to "
                            f"{e.end.label} ({e.rule})"),
    "DestroyedLanding": "{unit} failed by {margin} and is destroyed ({rule})",
    "LandingFall": '{unit} falls {levels} levels (accidental fall from above; drop_failure = "fall")',
    "LandingDamage": "{unit} takes damage as a {levels}-level fall: {amount} on the {side} side ({rule})",
    "CameDownOn": lambda e: f"{e.unit} comes down on {', '.join(e.others)}: an accidental fall from above ({e.rule})",
    "LandingDisplaces": "{unit}'s landing displaces {other} {direction.name} ({rule})",
    "CameDownOnRoof": "{unit} comes down on {other} on the roof: {other} is displaced {direction.name} ({rule})",
    "MinefieldCrossed": "{unit} crosses the minefield in {hex} unharmed ({roll})",
    "MineExploded": "a mine goes off under {unit} in {hex}: {amount} damage ({roll})",
}
