"""The board: per hex a base level and its terrain.

A scenario writes its map inline: a default terrain and level plus per-hex
overrides. Levels are whole numbers; a water hex's ``level`` is its surface and
``depth`` how far the bottom lies below it. A building stands ``height`` levels
above its hex's level; a bridge spans its hex at ``level``.
"""



from btcli.errors import InputError
from btcli.model.choices import Choice
from btcli.model.frozen import Record, computed_once, evolve, field
from btcli.model.hexgrid import Facing, HexId


class Terrain(Choice):
    CLEAR = "clear"
    PAVED = "paved"
    ROUGH = "rough"
    RUBBLE = "rubble"
    LIGHT_WOODS = "light_woods"
    HEAVY_WOODS = "heavy_woods"
    WATER = "water"
    BUILDING = "building"

    @property
    def is_woods(self) -> bool:
        return self in (Terrain.LIGHT_WOODS, Terrain.HEAVY_WOODS)


class BuildingType(Choice):
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"
    HARDENED = "hardened"


# tables.md 10.1: default construction factor by type; scenario default medium, level 2 (URB-BLD).
DEFAULT_CF = {
    BuildingType.LIGHT: 15,
    BuildingType.MEDIUM: 40,
    BuildingType.HEAVY: 90,
    BuildingType.HARDENED: 120,
}
DEFAULT_BUILDING_HEIGHT = 2
# tables.md 10.1: the CF a building (or bridge) of each type may have (URB-BLD-06, URB-BRG-02).
CF_RANGE = {
    BuildingType.LIGHT: (1, 15),
    BuildingType.MEDIUM: (16, 40),
    BuildingType.HEAVY: (41, 90),
    BuildingType.HARDENED: (91, 150),
}

# Woods stand two levels tall for line of sight and VTOL flight (AMB-02).
WOODS_HEIGHT = 2


class Building(Record):
    """One building hex: its type, height in levels and current construction factor."""

    type: BuildingType = BuildingType.MEDIUM
    height: int = DEFAULT_BUILDING_HEIGHT
    cf: int = DEFAULT_CF[BuildingType.MEDIUM]
    structure: str = ""  # hexes sharing a structure name form one multi-hex building (URB-GEN-01)
    basement: str = ""  # "" not rolled yet, "none", or DEPTH:HOW as "2:kick", "1:fall", "1:punch" (tables.md 10.4)
    sublevel: int = 0  # depth of a basement a 'Mech fell into (URB-BSMT-03)
    start_cf: int = 0  # CF when this phase began, if damaged during it (0: unchanged); collapse damage uses it

    @property
    def phase_cf(self) -> int:
        """Returns the CF the hex had when the phase began (URB-COLL-04)."""
        return self.start_cf or self.cf


class Bridge(Record):
    """A bridge across a hex at ``level``, with its own type and construction factor."""

    type: BuildingType = BuildingType.MEDIUM
    cf: int = DEFAULT_CF[BuildingType.MEDIUM]
    level: int = 1
    structure: str = ""  # hexes sharing a structure name form one multi-hex bridge (URB-BRG-04)
    start_cf: int = 0

    @property
    def phase_cf(self) -> int:
        return self.start_cf or self.cf


class Hex(Record):
    """The terrain of one hex."""

    terrain: Terrain = Terrain.CLEAR
    level: int = 0
    depth: int = 0
    road: bool = False
    building: Building | None = None
    bridge: Bridge | None = None
    ruin: Building | Bridge | None = None  # what collapsed here: rubble keeps its type (URB-CLUB-01)
    minefield: int = 0  # conventional minefield density (DROP-12; UNVERIFIED minimal model), 0 = none
    road_exits: tuple[Facing, ...] = ()  # the hexsides its road leaves by (a MegaMek board's); () = toward every road

    @property
    def paved(self) -> bool:
        """Tells whether the hex is pavement or a road (both count as paved)."""
        return self.terrain is Terrain.PAVED or self.road

    @property
    def is_deep_water(self) -> bool:
        return self.terrain is Terrain.WATER and self.depth >= 1


class Board(Record, slots=False):
    """A rectangular map ``width`` columns by ``height`` rows, 0101 at the top left."""

    width: int
    height: int
    default: Hex = Hex()
    hexes: dict[HexId, Hex] = field(default_factory=dict)

    def contains(self, hex_id: HexId) -> bool:
        return 1 <= hex_id.col <= self.width and 1 <= hex_id.row <= self.height

    def require(self, hex_id: HexId) -> HexId:
        """Returns ``hex_id`` if it is on the map; raises InputError otherwise."""
        if not self.contains(hex_id):
            raise InputError(
                f"hex {hex_id.label} is off the map (columns 01-{self.width:02d}, rows 01-{self.height:02d})"
            )
        return hex_id

    def parse_hex(self, label: str) -> HexId:
        """Parses a label and checks it lies on this map."""
        return self.require(HexId.parse(label))

    def hex(self, hex_id: HexId) -> Hex:
        """Returns the terrain of an on-map hex."""
        return self.hexes.get(hex_id, self.default)

    @computed_once
    def structure_hexes(self) -> frozenset[HexId]:
        """Returns the hexes holding a building or a bridge (computed once per board)."""
        return frozenset(h for h, x in self.hexes.items() if x.building is not None or x.bridge is not None)

    def with_hex(self, hex_id: HexId, new: Hex) -> "Board":
        """Returns a board with one hex replaced (buildings lose CF, woods burn, ...)."""
        hexes = dict(self.hexes)
        hexes[hex_id] = new
        return evolve(self, hexes=hexes)
