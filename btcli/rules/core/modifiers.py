"""To-hit numbers as named modifiers, and the printed modifiers every attack shares (tables.md 6.1,
6.3, 6.4). A small module of its own so that the rules of every kind of attacker and target (weapon
attacks in ``tohit``, assets in ``asset_attacks``, artillery) read the same values without
importing one another."""

from __future__ import annotations

from btcli.model.board import Terrain
from btcli.model.frozen import Record

RANGE_MODIFIER = {"short": 0, "medium": 2, "long": 4}  # tables.md 6.1
WOODS_IN_HEX = {Terrain.LIGHT_WOODS: 1, Terrain.HEAVY_WOODS: 2}  # tables.md 6.4
IMMOBILE = -4  # tables.md 6.3: an immobile target


class ToHit(Record, slots=False):
    """A target number as its modifiers; ``impossible`` names why an attack cannot be made."""

    modifiers: tuple[tuple[str, int], ...]
    impossible: str = ""
    rule: str = ""

    @property
    def target(self) -> int:
        return sum(value for _, value in self.modifiers)
