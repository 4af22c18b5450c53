"""Area-effect damage: how much damage each hex takes from one blast.

Artillery (btcli.rules.assets.artillery) produces one; minefields can later produce
one too, so every rule about area-effect damage (ASSET-DMG-08: doubled
against infantry assets) reads the same small value.
"""

from __future__ import annotations

from collections.abc import Mapping

from btcli.model.frozen import Record
from btcli.model.hexgrid import HexId


class AreaEffect(Record):
    """The damage one area-effect attack deals to each hex it reaches.

    ``hexes`` holds (hex, damage) pairs in hex order, each hex once, no zero
    damage. ``area_effect`` is True for every blast; it exists so a caller that
    turns this into ordinary hits does not lose the fact (ASSET-DMG-08).
    """

    source: str
    hexes: tuple[tuple[HexId, int], ...] = ()
    area_effect: bool = True

    @classmethod
    def of(cls, source: str, damage: Mapping[HexId, int]) -> "AreaEffect":
        """Returns the effect of ``damage`` per hex, dropping hexes that take none."""
        return cls(source, tuple(sorted((h, d) for h, d in damage.items() if d > 0)))

    def damage_at(self, hex_id: HexId) -> int:
        """Returns the damage the blast deals in ``hex_id`` (0 outside it)."""
        for here, damage in self.hexes:
            if here == hex_id:
                return damage
        return 0

    @property
    def affected(self) -> tuple[HexId, ...]:
        """Returns the hexes the blast reaches, in hex order."""
        return tuple(h for h, _ in self.hexes)
