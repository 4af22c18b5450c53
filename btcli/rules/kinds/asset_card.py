"""What differs by the kind of a Battlefield Support card (seed 004): a vehicle, conventional infantry, battle
armor or a gun emplacement. The asset rules (btcli.rules.assets) ask a card's kind here rather than test it,
as the shared rules ask a unit's kind in ``btcli.rules.kinds``; and the motive an asset's movement code
gives its unit (ASSET-TERR-01). Imports the model only, so every asset rule module may ask it.
"""

from __future__ import annotations

from btcli.model.assets import AssetCard, AssetKind, MovementCode
from btcli.model.frozen import Record
from btcli.model.units import Motive


class CardKind(Record):
    """The rules one kind of asset card plays by where card kinds differ."""

    # May enter a building hex, as its whole move (ASSET-MOVE-10, -11: infantry; VTOLs fly above any building).
    enters_buildings: bool = False
    doubled_by_area_effect: bool = False  # area-effect damage counts double against it (ASSET-DMG-08: infantry)
    # Anti-infantry damage wears its destruction check TN by 2, not 1 (ASSET-DMG-07: conventional infantry).
    worn_by_anti_infantry: bool = False
    # May end its move in a hex with enemy assets of this kind too (ASSET-STACK-03: infantry ignore infantry).
    ignores_enemy_infantry: bool = False


_INFANTRY = CardKind(enters_buildings=True, doubled_by_area_effect=True, ignores_enemy_infantry=True)

CARD_KINDS: dict[AssetKind, CardKind] = {
    AssetKind.VEHICLE: CardKind(),
    AssetKind.CONVENTIONAL_INFANTRY: CardKind(enters_buildings=True, doubled_by_area_effect=True,
                                              worn_by_anti_infantry=True, ignores_enemy_infantry=True),
    AssetKind.BATTLE_ARMOR: _INFANTRY,
    AssetKind.GUN_EMPLACEMENT: CardKind(),
}


def of(card: AssetCard) -> CardKind:
    """Returns the rules of the card's kind."""
    return CARD_KINDS[card.kind]


# ASSET-TERR-01: the movement code as the unit's motive, which the shared rules (LOS, reports) read.
MOTIVES: dict[MovementCode, Motive] = {
    MovementCode.FOOT: Motive.FOOT,
    MovementCode.JUMP: Motive.JUMP,
    MovementCode.HOVER: Motive.HOVER,
    MovementCode.TRACKED: Motive.TRACKED,
    MovementCode.WHEELED: Motive.WHEELED,
    MovementCode.VTOL: Motive.VTOL,
    MovementCode.NONE: Motive.NONE,
}
