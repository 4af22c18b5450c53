"""Asset deployment: assets first, in alternating halves; where gun emplacements may stand (ASSET-DEP).

Distances follow AMB-67: from a deployment zone, the hex range to its nearest
hex (zone hexes are at 0); from a map edge, the hex's row (or column) number
counted from that edge, the edge row being 1. The alternative count (the edge
row at 0) is the ``edge_row`` argument.
"""

from __future__ import annotations

from collections.abc import Collection
from enum import Enum

from btcli.errors import IllegalOrderError
from btcli.model.assets import AssetCard
from btcli.model.board import Board
from btcli.model.hexgrid import HexId, n_hexes

ZONE_DISTANCE = 6  # ASSET-DEP-03: at least 6 hexes from the enemy deployment zone
EDGE_DISTANCE = 7  # ASSET-DEP-04: at least 7 hexes from the enemy's home edge
EDGE_ROW = 1  # AMB-67: the edge row is at distance 1 (alternative: 0)


class Edge(str, Enum):
    """A map edge, where a side without a deployment zone enters from."""

    NORTH = "north"
    SOUTH = "south"
    EAST = "east"
    WEST = "west"


def zone_distance(hex_id: HexId, zone: Collection[HexId]) -> int:
    """Returns the hex range from ``hex_id`` to the nearest hex of a deployment zone (AMB-67)."""
    return min(hex_id.distance(z) for z in zone)


def edge_distance(hex_id: HexId, edge: Edge, board: Board, edge_row: int = EDGE_ROW) -> int:
    """Returns the distance of ``hex_id`` from a map edge: its row or column counted from that edge, the edge row being ``edge_row`` (AMB-67)."""
    counted = {
        Edge.NORTH: hex_id.row,
        Edge.SOUTH: board.height - hex_id.row + 1,
        Edge.WEST: hex_id.col,
        Edge.EAST: board.width - hex_id.col + 1,
    }[edge]
    return counted - 1 + edge_row


def check_placement(
    card: AssetCard,
    hex_id: HexId,
    board: Board,
    *,
    own_zone: Collection[HexId] | None = None,
    enemy_zone: Collection[HexId] | None = None,
    enemy_home_edge: Edge | None = None,
    edge_row: int = EDGE_ROW,
) -> None:
    """Raises IllegalOrderError if ``card``'s asset may not be set up in ``hex_id``.

    A gun emplacement may stand anywhere at least 6 hexes from the enemy's
    deployment zone (ASSET-DEP-03), or, when the enemy has none and enters
    from its home edge, at least 7 hexes from that edge (ASSET-DEP-04). Other
    assets deploy like any unit: inside their own zone, when one is given.
    """
    board.require(hex_id)
    if not card.is_gun_emplacement:
        if own_zone is not None and hex_id not in own_zone:
            raise IllegalOrderError(
                f"'{card.name}' must deploy in its side's deployment zone, not {hex_id.label}", "ASSET-DEP-01"
            )
        return
    if enemy_zone:
        distance = zone_distance(hex_id, enemy_zone)
        if distance < ZONE_DISTANCE:
            raise IllegalOrderError(
                f"gun emplacement '{card.name}' at {hex_id.label} is {n_hexes(distance)} from the enemy deployment zone; "
                f"it must be at least {ZONE_DISTANCE}", "ASSET-DEP-03"
            )
        return
    if enemy_home_edge is not None:
        distance = edge_distance(hex_id, enemy_home_edge, board, edge_row)
        if distance < EDGE_DISTANCE:
            raise IllegalOrderError(
                f"gun emplacement '{card.name}' at {hex_id.label} is {n_hexes(distance)} from the enemy's "
                f"{enemy_home_edge.value} edge; it must be at least {EDGE_DISTANCE}", "ASSET-DEP-04"
            )
