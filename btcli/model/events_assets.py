"""Battlefield Support assets' events (rules/assets/, seed 004): assets deployed and moved in halves, an
asset's move, its card's attack and an Artillery card's blast, the damage an asset counts, its End Phase
destruction check and the removal of a destroyed multi-hex asset.

``unit`` is the id of the asset it happens to (``target`` the unit an asset's attack strikes, ``attacker``
the asset attacking), ``card`` a card's name, ``amount`` damage points, ``roll`` a 2D6 total and ``tn``
its target number, ``rule`` the catalog ID the sentence cites. Worded by ``btcli.render.events_assets``;
imported only by a game that holds assets.
"""

from __future__ import annotations

from btcli.model.events import Event
from btcli.model.frozen import Record

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.hexgrid import Facing, HexId


# -- deployment and movement in halves (deployment_phase.py, moves.py) ------------------------------


class DeploysInHalves(Event, Record):
    """A side chooses its batch order: it deploys ``first`` of its assets, then the rest (AMB-64)."""

    side: str
    first: int
    rule: str = "AMB-64"


class MovesInHalves(Event, Record):
    """A side chooses its batch order: it moves ``first`` of its assets, then the rest (AMB-64)."""

    side: str
    first: int
    rule: str = "AMB-64"


class Deployed(Event, Record):
    """A unit deploys in ``hex`` facing ``facing``; ``also``: a multi-hex asset's other hexes (ASSET-GEN-03)."""

    unit: str
    hex: HexId
    facing: Facing
    also: tuple[HexId, ...] = ()


class EveryUnitDeployed(Event, Record):
    """The deployment phase closes: every unit is on the map (ASSET-DEP-01)."""


# -- an asset's move (moves.py) ---------------------------------------------------------------------


class AssetStoodStill(Event, Record):
    """An asset stands still in ``hex`` this turn."""

    unit: str
    hex: HexId


class AssetMoved(Event, Record):
    """An asset moves (or jumps, or moves backward) from ``start`` to ``end``: ``mp`` of its ``allowance``
    MP, ``hexes`` hexes; ``road_bonus``: a wheeled asset's +1 MP on the road (ASSET-TERR-06); a VTOL's
    elevation ``rose_from`` -> ``elevation``; ``footprint``: a multi-hex asset's other elements."""

    unit: str
    start: HexId
    end: HexId
    facing: Facing
    mp: int
    allowance: int
    hexes: int
    jumped: bool = False
    backward: bool = False
    road_bonus: bool = False
    rose_from: int | None = None
    elevation: int | None = None
    footprint: tuple[HexId, ...] = ()


# -- an asset's attack (attack_orders.py, artillery.py) ---------------------------------------------


class AssetHoldsFire(Event, Record):
    """An asset's to-hit number against ``target`` is beyond 12: it does not roll."""

    attacker: str
    card: str
    target: str
    tn: int


class AssetAttackMissed(Event, Record):
    """An asset's card attack on ``target`` misses."""

    attacker: str
    card: str
    target: str
    tn: int
    roll: int


class AssetAttackHit(Event, Record):
    """An asset's card attack on ``target`` hits its ``side``: ``amount`` damage in ``groups`` groups (ASSET-ATK-04)."""

    attacker: str
    card: str
    target: str
    tn: int
    roll: int
    side: str
    amount: int
    groups: int
    rule: str = "ASSET-ATK-04"


class AssetStruck(Event, Record):
    """A hit's groups strike an asset summed, with no location (ASSET-DMG-01); ``rear``: from its rear arc."""

    target: str
    amount: int
    rear: bool = False


class ArtilleryStrikes(Event, Record):
    """An Artillery card's shell strikes the hex it aimed at (UNVERIFIED)."""

    attacker: str
    weapon: str
    hex: HexId
    roll: int
    tn: int


class ArtilleryMisses(Event, Record):
    """An Artillery card's shell misses the hex it aimed at, and scatters (UNVERIFIED)."""

    attacker: str
    weapon: str
    hex: HexId
    roll: int
    tn: int


class ShellScatters(Event, Record):
    """A missed shell lands ``distance`` hexes ``direction`` of ``target``, at ``impact`` (off the map when
    its column or row is below 0)."""

    distance: int
    direction: Facing
    target: HexId
    impact: HexId


class ShellOffMap(Event, Record):
    """A scattered shell lands off the map: only its blast's hexes on the map are harmed."""

    hex: HexId


class BlastMissesPrimary(Event, Record):
    """A blast reaches only a multi-hex asset's second element: no damage (ASSET-DMG-09)."""

    unit: str
    rule: str = "ASSET-DMG-09"


class BlastStrikes(Event, Record):
    """A blast strikes a unit in ``hex`` for ``amount``."""

    unit: str
    hex: HexId
    amount: int


# -- damage and the End Phase (damage.py, end_phase.py) ---------------------------------------------


class AssetUndamaged(Event, Record):
    """A hit counts nothing against an asset: it reached only a secondary hex (``secondary``, ASSET-DMG-09)."""

    unit: str
    secondary: bool = False


class AssetDamaged(Event, Record):
    """An asset counts ``amount`` damage from ``attacker``, ``total`` this turn: doubled from the rear
    (ASSET-DMG-10), area effect doubled against infantry (ASSET-DMG-08), an anti-infantry weapon (ASSET-DMG-07)."""

    unit: str
    amount: int
    attacker: str
    total: int
    rear: bool = False
    area_effect: bool = False
    anti_infantry: bool = False


class ThresholdReached(Event, Record):
    """An asset's damage this turn reaches its card's threshold: a destruction check in the End Phase."""

    unit: str
    threshold: int


class AssetWornOut(Event, Record):
    """An asset's destruction check TN has worn down to ``tn``: it is destroyed without a roll (ASSET-DMG-13)."""

    unit: str
    tn: int
    rule: str = "ASSET-DMG-13"


class DestructionCheckRolled(Event, Record):
    """``roller`` rolls an asset's destruction check: ``roll``, ``modified`` by its damage, against ``tn``."""

    unit: str
    roller: str
    roll: int
    modified: int
    tn: int


class AssetDestroyed(Event, Record):
    """An asset's destruction check succeeds: it is destroyed (ASSET-DMG-03)."""

    unit: str
    rule: str = "ASSET-DMG-03"


class AssetSurvived(Event, Record):
    """An asset survives its destruction check: its check TN wears from ``before`` to ``after``, by 2 after
    anti-infantry damage to conventional infantry (``anti_infantry``, ASSET-DMG-07), else by 1 (ASSET-DMG-12)."""

    unit: str
    before: int
    after: int
    anti_infantry: bool = False


class ElementsRemoved(Event, Record):
    """A destroyed multi-hex asset's every element is removed from ``hexes`` (ASSET-DMG-09)."""

    unit: str
    hexes: tuple[HexId, ...]
    rule: str = "ASSET-DMG-09"
