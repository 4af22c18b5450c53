"""General rules of Battlefield Support assets (seed 004, ASSET-GEN, ASSET-MOVE-04): the movement mode an asset counts as using.

The other general rules live where the game applies them: an asset's
Piloting or Driving Skill Roll fails without a roll (``btcli.rules.kinds``,
ASSET-GEN-01); assets track no heat or ammunition, having no such state
(``btcli.model.assets.AssetState``, ASSET-GEN-02); destroying enemy assets is
the one objective they count toward (``btcli.rules.core.victory``, ASSET-GEN-06);
a card's skill is the printed one (``btcli.catalog.asset_cards``, ASSET-GEN-07).
"""

from __future__ import annotations

from btcli.model.assets import AssetCard, AssumedMode, MovementCode


def assumed_mode(card: AssetCard) -> AssumedMode:
    """Returns the movement mode an asset counts as using: running, jumping for jump assets, immobile for gun emplacements (ASSET-MOVE-04)."""
    if card.is_immobile:
        return AssumedMode.IMMOBILE
    if card.movement is MovementCode.JUMP:
        return AssumedMode.JUMP
    return AssumedMode.RUN
