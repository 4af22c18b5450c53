"""Aerospace units and the maps they fly on (seed 001; catalog AERO-*, TURN-*).

An ``AeroDesign`` is what the record sheet says (tonnage, thrust, structural
integrity, armor and weapons by arc); an ``AeroState`` is one unit in play
(where it is, how fast it flies, what it did this turn, the damage it took).
Both are frozen: the rules in ``btcli.rules.aero_*`` return new states.

Two kinds of map carry aerospace units:

- the space map (``SpaceMap``). Near a planet one side edge is the planetary
  surface; the hex columns counted from it are the "rows" of the seed: column 0
  is the ground row, 1-4 the atmosphere rows, 5 the space/atmosphere interface,
  6 and beyond space (AERO-ATM-01, AMB-63). Far from any planet it is all space.
- the low-altitude map (``LowAltitudeMap``): a mapsheet whose every hex stands
  for about one ground mapsheet, flown at altitudes 1-10; its terrain levels
  are altitudes (AERO-LALT-03..06). It lies under one ground-row hex of the
  space map (AMB-56), and one of its hexes may hold the ground battle's board.
"""

from __future__ import annotations

from btcli.model.board import Board
from btcli.model.choices import Choice
from btcli.model.frozen import Record, evolve, field
from btcli.model.hexgrid import Facing, HexId


class AeroClass(Choice):
    """The aerospace unit classes of seed 001."""

    AEROSPACE_FIGHTER = "aerospace_fighter"
    CONVENTIONAL_FIGHTER = "conventional_fighter"
    SMALL_CRAFT = "small_craft"
    DROPSHIP = "dropship"
    FIXED_WING = "fixed_wing"  # fixed-wing support vehicle
    AIRSHIP = "airship"  # airship support vehicle

    @property
    def is_fighter(self) -> bool:
        return self in (AeroClass.AEROSPACE_FIGHTER, AeroClass.CONVENTIONAL_FIGHTER)


class Shape(Choice):
    """How a craft flies in an atmosphere: on wings (aerodyne) or on its thrusters (spheroid)."""

    AERODYNE = "aerodyne"
    SPHEROID = "spheroid"


class Arc(Choice):
    """An armor location: the nose, the left and right wings (sides on small craft and DropShips), the aft."""

    NOSE = "nose"
    LEFT = "left"
    RIGHT = "right"
    AFT = "aft"


class FiringArc(Choice):
    """Where a weapon points; DropShip bays mounted rear-facing in a side cover that side's aft arc."""

    NOSE = "nose"
    LEFT = "left"
    RIGHT = "right"
    AFT = "aft"
    LEFT_AFT = "left_aft"
    RIGHT_AFT = "right_aft"


class ArcArmor(Record):
    """Armor points by arc."""

    nose: int
    left: int
    right: int
    aft: int

    def get(self, arc: Arc) -> int:
        return getattr(self, arc.value)

    def with_arc(self, arc: Arc, value: int) -> "ArcArmor":
        return evolve(self, **{arc.value: value})

    @property
    def total(self) -> int:
        return self.nose + self.left + self.right + self.aft


class AeroWeapon(Record):
    """``count`` weapons of one kind in one arc; entries sharing a ``bay`` fire as one attack (DropShips)."""

    name: str
    arc: FiringArc
    count: int = 1
    bay: str = ""
    shots: int = 0  # ammunition carried for it (0: energy weapon)


class AeroDesign(Record):
    """An aerospace unit's record sheet (tables.md 13.3, 13.4)."""

    name: str
    aero_class: AeroClass
    shape: Shape
    tons: float
    safe_thrust: int
    max_thrust: int
    structural_integrity: int
    armor: ArcArmor
    weapons: tuple[AeroWeapon, ...] = ()
    heat_sinks: int = 0
    fuel: int | None = None
    crew_boxes: int = 6  # pilot/crew damage boxes; not in the unit files (tables.md 13.4): 6 assumed
    propeller: bool = False  # propeller-driven fixed-wing support vehicle (AERO-HALT-07)
    cargo_tons: float = 0.0
    transport_bays: dict[str, int] = field(default_factory=dict)  # {"mech": 4, "fighter": 2}, ...
    bombs: int = 0  # high-explosive bombs carried (issue #14, air-to-ground bombing); not in the unit files: 0


class MapKind(Choice):
    """The two kinds of map aerospace units fly on."""

    SPACE = "space"  # the space map; near a planet it is the high-altitude map
    LOW_ALTITUDE = "low_altitude"


class Edge(Choice):
    """The side edge of a space map that is the planetary surface (AMB-63)."""

    WEST = "west"
    EAST = "east"


class Region(Choice):
    """Where a space-map hex lies relative to the planet (AERO-ATM-01)."""

    GROUND_ROW = "ground_row"
    ATMOSPHERE = "atmosphere"  # rows 1-4
    INTERFACE = "interface"
    SPACE = "space"


INTERFACE_ROW = 5  # AERO-ATM-01: the 5th row above the ground row
ATMOSPHERE_ROWS = range(1, INTERFACE_ROW)  # AERO-ATM-01: rows 1-4
DEFAULT_GRAVITY_RANGE = 10  # AERO-GRAV-01: a "standard" world
LOW_ALTITUDE_RANGE = range(1, 11)  # AERO-LALT-03: altitude 1 (NOE) to 10


class SpaceMap(Record, slots=False):
    """The space map, with its planetary edge if any (AERO-ATM-01, AMB-63)."""

    id: str
    width: int
    height: int
    surface: Edge | None = None
    gravity_range: int = DEFAULT_GRAVITY_RANGE
    low_altitude: dict[HexId, str] = field(default_factory=dict)  # ground-row hex -> low-altitude map id (AMB-56)

    kind = MapKind.SPACE

    def contains(self, hex_id: HexId) -> bool:
        return 1 <= hex_id.col <= self.width and 1 <= hex_id.row <= self.height

    def row(self, hex_id: HexId) -> int | None:
        """Returns the hex's row counted from the surface (0 = ground row), or None far from any planet."""
        if self.surface is Edge.WEST:
            return hex_id.col - 1
        if self.surface is Edge.EAST:
            return self.width - hex_id.col
        return None

    def region(self, hex_id: HexId) -> Region:
        """Returns the ground row, an atmosphere row, the interface or space (AERO-ATM-01)."""
        row = self.row(hex_id)
        if row is None or row > INTERFACE_ROW:
            return Region.SPACE
        if row == INTERFACE_ROW:
            return Region.INTERFACE
        return Region.GROUND_ROW if row <= 0 else Region.ATMOSPHERE

    def in_atmosphere(self, hex_id: HexId) -> bool:
        """Tells whether the hex is in the atmosphere: the ground row or rows 1-4."""
        return self.region(hex_id) in (Region.GROUND_ROW, Region.ATMOSPHERE)

    @property
    def away_facings(self) -> tuple[Facing, Facing]:
        """Returns the two hexsides pointing straight away from the surface (AERO-HALT-10, AMB-63)."""
        return (Facing.NW, Facing.SW) if self.surface is Edge.EAST else (Facing.NE, Facing.SE)

    @property
    def toward_surface(self) -> tuple[Facing, Facing]:
        """Returns the two hexsides pointing at the surface: a gravity step's choices (AERO-GRAV-02, AMB-63)."""
        return tuple(f.opposite() for f in self.away_facings)  # type: ignore[return-value]


class LowAltitudeMap(Record, slots=False):
    """A low-altitude map: its terrain (levels are altitudes) and where it lies (AERO-LALT-03, AMB-56)."""

    id: str
    board: Board
    space_map: str = ""  # the space map above it
    space_hex: HexId | None = None  # the ground-row hex of that map it lies under (AMB-56)
    ground_hex: HexId | None = None  # the low-altitude hex holding the ground battle's mapsheet

    kind = MapKind.LOW_ALTITUDE

    def contains(self, hex_id: HexId) -> bool:
        return self.board.contains(hex_id)

    def in_atmosphere(self, hex_id: HexId) -> bool:
        return True


AeroMap = SpaceMap | LowAltitudeMap


class FlightPoint(Record):
    """A hex an aerospace unit flew through this turn: on which map, at which altitude (0 off the
    low-altitude map). Attacks along a flight path (issue #14) read them."""

    map: str
    hex: HexId
    altitude: int = 0


class Transit(Record):
    """A unit leaving its map: removed at the end of the turn, placed on ``to_map`` later (TURN-07)."""

    to_map: str  # "" when the ground-row hex has no low-altitude map tied to it yet (AMB-56)
    kind: MapKind
    from_hex: HexId  # the hex it left from: the ground-row hex, or its low-altitude hex
    facing: Facing  # its direction of travel when it left
    from_map: str = ""  # the map it left, once it is off it (the End Phase of the turn it left, TURN-07)


class AeroState(Record):
    """One aerospace unit in play: position, flight, this turn's record and damage."""

    map_id: str
    hex: HexId
    facing: Facing
    structural_integrity: int  # SI left
    armor: ArcArmor  # armor left by arc
    velocity: int = 0
    altitude: int | None = None  # on the low-altitude map only (1-10)
    # This turn (cleared by aero_movement.end_of_turn):
    thrust_spent: int = 0
    moved_velocity: int | None = None  # the velocity it moved at this turn (AMB-26)
    rolls_this_phase: int = 0
    evading: bool = False
    hovering: bool = False  # a spheroid (or airship) that paid for hovering this turn (AERO-HALT-11)
    # Carried from turn to turn:
    velocity_changed_at_end: bool = False  # AERO-MOVE-10: changed velocity at the end of its last move
    rolled: bool = False  # AERO-MNV-09: flipped left for right
    out_of_control: bool = False
    random_movement: bool = False  # out of control by a margin over 5 (tables.md 9.4, 9.5)
    transit: Transit | None = None
    landed: bool = False
    destroyed: bool = False
    # Crew:
    piloting: int = 5
    gunnery: int = 4
    pilot_hits: int = 0
    conscious: bool = True
    # Critical damage (tables.md 9.1; thrusters, doors, cargo, life support, docking collar and K-F boom for
    # small craft and DropShips, AERO-CRIT-01..06; docs/aerospace.md "Critical damage"):
    engine_hits: int = 0
    left_thruster_hits: int = 0
    right_thruster_hits: int = 0
    avionics_hits: int = 0
    sensor_hits: int = 0
    fire_control_hits: int = 0
    bomb_hits: int = 0
    door_hits: int = 0
    heat_sinks_lost: int = 0
    landing_gear_damaged: bool = False
    life_support_hit: bool = False  # AERO-CRIT-04: +2 to every control roll
    cargo_hits: int = 0  # AERO-CRIT-05: recorded; btcli carries no cargo
    docking_collar_damaged: bool = False  # AERO-CRIT-05: a DropShip's; recorded (btcli docks nothing)
    kf_boom_damaged: bool = False  # AERO-CRIT-05: a DropShip's; recorded (btcli has no JumpShips)
    weapons_destroyed: tuple[int, ...] = ()  # an index into the design's weapons for each weapon destroyed

    @property
    def thruster_hits(self) -> int:
        return self.left_thruster_hits + self.right_thruster_hits


class AeroFlight(Record):
    """What only an aerospace unit in a game keeps track of (``Unit.aero``): its flight and its critical
    damage. Where it is (map, hex, altitude), its facing, armor, SI and crew are the unit's own fields
    (``btcli.rules.kinds.aero`` builds the ``AeroState`` the flight rules take from both); the fields here
    are ``AeroState``'s of the same names."""

    velocity: int = 0
    thrust_spent: int = 0
    moved_velocity: int | None = None
    rolls_this_phase: int = 0
    evading: bool = False
    hovering: bool = False
    velocity_changed_at_end: bool = False
    rolled: bool = False
    out_of_control: bool = False
    random_movement: bool = False
    transit: Transit | None = None
    transit_turn: int = 0  # the turn it left its map (TURN-07, AMB-56); 0 while not in transit
    gravity_choice: HexId | None = None  # resolve-phase --gravity: its hex for this End Phase's pull (AERO-GRAV-02)
    arrival: HexId | None = None  # resolve-phase --arrive: the hex it enters its new map by (AMB-56)
    arrival_facing: Facing | None = None  # and, climbing out to the space map, the facing it takes there
    path: tuple[FlightPoint, ...] = ()  # this turn's flight: where it started, then every hex entered
    landed: bool = False
    engine_hits: int = 0
    left_thruster_hits: int = 0
    right_thruster_hits: int = 0
    avionics_hits: int = 0
    sensor_hits: int = 0
    fire_control_hits: int = 0
    bomb_hits: int = 0
    door_hits: int = 0
    heat_sinks_lost: int = 0
    landing_gear_damaged: bool = False
    life_support_hit: bool = False
    cargo_hits: int = 0
    docking_collar_damaged: bool = False
    kf_boom_damaged: bool = False
    weapons_destroyed: tuple[int, ...] = ()
    immobile: bool = False  # AERO-CRASH-21: it survived a crash into a building hex and never moves again
    bombs_dropped: int = 0  # bombs dropped so far (issue #14): the design's ``bombs`` less these are left
    heat: int = 0  # a fighter's heat (issue #14)

    # Written in the unit's own table of the game file, where Unit held it before (``Unit.LENT``).
    IN_OWNER_TABLE = ("heat",)


def new_state(
    design: AeroDesign,
    map_id: str,
    hex_id: HexId,
    facing: Facing,
    *,
    velocity: int = 0,
    altitude: int | None = None,
    piloting: int = 5,
    gunnery: int = 4,
) -> AeroState:
    """Returns an undamaged unit of ``design`` placed on a map."""
    return AeroState(
        map_id=map_id,
        hex=hex_id,
        facing=facing,
        structural_integrity=design.structural_integrity,
        armor=design.armor,
        velocity=velocity,
        altitude=altitude,
        piloting=piloting,
        gunnery=gunnery,
    )
