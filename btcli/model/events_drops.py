"""BattleMech drops' events (seed 002; rules/drops/): arrivals rolled, landing hexes committed and revealed,
landings made or failed, scatter, the damage and stacking that follow, minefields.

``unit`` is the dropping 'Mech's id, ``side`` its side, ``roll`` a 2D6 total and ``tn`` its target number
(a ``Roll``'s), ``rule`` the catalog ID the sentence cites. Worded by ``btcli.render.events_drops``.
"""

from __future__ import annotations

from btcli.model.events import Event
from btcli.model.frozen import Record

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.hexgrid import Facing, HexId


class ArrivalRolled(Event, Record):
    """A drop group's arrival turn is rolled (or fixed), once."""

    group: str
    turn: int
    rule: str = "DROP-02"


class DropCalledOff(Event, Record):
    """A dropping 'Mech calls off its drop: it leaves the battle and counts as lost."""

    unit: str
    side: str


class LandingCommitted(Event, Record):
    """A dropping 'Mech commits a secret landing hex (its digest is in the state, the hex in the side's secrets)."""

    unit: str
    side: str
    rule: str = "DROP-04"


class LandingRevealed(Event, Record):
    """A dropping 'Mech reveals the landing hex and facing it committed."""

    unit: str
    side: str
    hex: HexId
    facing: Facing
    rule: str = "DROP-06"


class Landed(Event, Record):
    """A dropping 'Mech makes its landing roll and lands where it aimed."""

    unit: str
    hex: HexId
    facing: Facing
    roll: int
    tn: int | None
    rule: str = "DROP-07"


class LandingFailed(Event, Record):
    """A dropping 'Mech fails its landing roll by ``margin``: it scatters."""

    unit: str
    roll: int
    tn: int | None
    margin: int


class ScatteredOffMap(Event, Record):
    """A scatter ends off the map: the 'Mech does not land and counts as destroyed."""

    unit: str
    distance: int
    direction: Facing
    rule: str = "DROP-16"


class Scattered(Event, Record):
    """A failed landing scatters ``distance`` hexes in ``direction``, from the hex aimed at to ``end``."""

    unit: str
    distance: int
    direction: Facing
    start: HexId
    end: HexId
    rule: str = "DROP-15"


class DestroyedLanding(Event, Record):
    """A landing failed by 7 or more destroys the 'Mech."""

    unit: str
    margin: int
    rule: str = "DROP-18"


class LandingFall(Event, Record):
    """A failed landing is a full fall of ``levels`` levels (option ``drop_failure = "fall"``)."""

    unit: str
    levels: int


class LandingDamage(Event, Record):
    """A failed landing deals the damage of a ``levels``-level fall on one side (AMB-36's reading)."""

    unit: str
    levels: int
    amount: int
    side: str
    rule: str = "DROP-17"


class CameDownOn(Event, Record):
    """A scattered 'Mech comes down on the units in its way (``others``): an accidental fall from above."""

    unit: str
    others: tuple[str, ...]
    rule: str = "DROP-19"


class LandingDisplaces(Event, Record):
    """A 'Mech landing where it aimed displaces a unit in its way, ``direction`` rolled."""

    unit: str
    other: str
    direction: Facing
    rule: str = "DROP-14"


class CameDownOnRoof(Event, Record):
    """A scattered 'Mech comes down on a unit on a roof, which is displaced the scatter's way."""

    unit: str
    other: str
    direction: Facing
    rule: str = "DROP-19"


class MinefieldCrossed(Event, Record):
    """A unit enters a minefield hex and no mine goes off (``roll`` under 7)."""

    unit: str
    hex: HexId
    roll: int


class MineExploded(Event, Record):
    """A mine goes off under a unit: the field's density in damage."""

    unit: str
    hex: HexId
    amount: int
    roll: int
