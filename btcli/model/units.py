"""Units: BattleMechs, ground vehicles (VTOLs and WiGEs included), infantry (platoons, battle armor) and
aerospace units (seed 001: fighters, small craft, DropShips, fixed-wing and airship support vehicles).

A ``Unit`` carries its design (tonnage, MP, weapons, maximum armor) and its
current state (position, armor left, what it did this turn). Designs come
inline from the scenario or by name from the built-in catalog.
"""



from btcli.model.choices import Choice
from btcli.model.frozen import Record, evolve, field
from btcli.model.hexgrid import Facing, HexId
from btcli.model.hits import Crit, CritResult, SlotHit

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every command, issue #17)
if TYPE_CHECKING:  # imported when a game holds one: deferred_types()
    from btcli.model.aero import AeroDesign, AeroFlight
    from btcli.model.assets import AssetCard, AssetState


def deferred_types(names: set[str]) -> dict[str, type]:
    """The types of the records only some games hold (an asset's card, an aerospace unit's flight),
    named as strings above and imported when a game file holds one (``btcli.store.typed``): a
    ground game's command does not pay for them, an asset game not for the aerospace model."""
    found: dict[str, type] = {}
    if names & {"AeroDesign", "AeroFlight"}:
        from btcli.model.aero import AeroDesign, AeroFlight

        found.update(AeroDesign=AeroDesign, AeroFlight=AeroFlight)
    if names & {"AssetCard", "AssetState"}:
        from btcli.model.assets import AssetCard, AssetState

        found.update(AssetCard=AssetCard, AssetState=AssetState)
    return found


class UnitKind(Choice):
    MECH = "mech"
    VEHICLE = "vehicle"
    INFANTRY = "infantry"  # a conventional platoon or a battle armor squad (minimal model, btcli.rules.ground.infantry)
    ASSET = "asset"  # a Battlefield Support asset (seed 004): a card, no hit locations (btcli.rules.kinds.asset, asset_units)
    AERO = "aero"  # an aerospace unit on the space or a low-altitude map (btcli.rules.kinds.aero)


class Motive(Choice):
    """How a unit moves over the ground; ``BIPED`` and ``QUAD`` are the two shapes of 'Mech."""

    BIPED = "biped"
    QUAD = "quad"  # a four-legged 'Mech (btcli.rules.kinds.quad)
    TRACKED = "tracked"
    WHEELED = "wheeled"
    HOVER = "hover"
    VTOL = "vtol"
    WIGE = "wige"
    NAVAL = "naval"
    FOOT = "foot"  # infantry on foot
    JUMP = "jump"  # jump infantry or battle armor with jump jets
    NONE = "none"  # cannot move at all: a gun emplacement asset (ASSET-MOVE-04)
    AERO = "aero"  # an aerospace unit: it flies by thrust (AERO-MOVE), not over the ground


class MoveMode(Choice):
    """The kind of movement a unit used this turn (sets the attacker movement modifier)."""

    NONE = "none"  # has not moved yet this turn
    STAND = "stand"  # declared no movement
    WALK = "walk"
    RUN = "run"
    JUMP = "jump"
    CRUISE = "cruise"
    FLANK = "flank"

    @property
    def is_fast(self) -> bool:
        """Tells whether this is running or flanking movement."""
        return self in (MoveMode.RUN, MoveMode.FLANK)


class Mount(Record):
    """A weapon mounted in a location (``rear`` for rear-firing 'Mech torso mounts)."""

    weapon: str
    location: str
    rear: bool = False
    destroyed: bool = False
    jammed: bool = False
    artemis: bool = False  # an Artemis IV FCS is linked to it (EQ-ART-01; btcli.rules.core.fire_control)
    one_shot: bool = False  # a one-shot (OS) launcher: one salvo, no ammunition (EQ-OS-01; btcli.rules.core.one_shot)
    spent: bool = False  # a one-shot weapon that has fired (EQ-OS-01)
    split: str = ""  # a 'Mech weapon whose slots run on into this second location (EQ-SPLIT-01; "" none)

    def holds(self, location: str) -> bool:
        """Tells whether its slots lie in ``location``: where it is mounted, or the second location of a split
        weapon (EQ-SPLIT-02)."""
        return location == self.location or (bool(self.split) and location == self.split)

    @property
    def label(self) -> str:
        return f"{self.weapon}@{self.location}" + ("(R)" if self.rear else "")


class Weapon(Record):
    """A weapon's data as the rules read it (tables.md 12): carried by every unit that mounts it, so the
    rules never look anything up and a game in progress keeps its numbers. (Tons and critical slots
    matter only when a design is built: the catalog keeps them.)"""

    heat: int  # per shot
    damage: int  # per shot; missile launchers: per missile
    short: int  # upper limits of the range brackets, in hexes
    medium: int
    long: int
    kind: str  # energy | ballistic | missile | artillery
    min_range: int = 0
    to_hit: int = 0  # the weapon's own to-hit modifier: pulse lasers -2, MRMs +1 (EQ-PULSE-01, EQ-MRM-01)
    ammo_per_ton: int = 0  # 0: uses no ammunition
    cluster: int = 0  # cluster-table size (tables.md 7), 0: not a cluster weapon
    group: int = 0  # missiles per damage group, 0: the whole damage in one hit
    explosive_ammo: bool = False
    explodes_when_destroyed: int = 0  # a Gauss rifle's blast (tables.md 12)
    flak: bool = False  # DROP-11
    streak: bool = False  # all missiles hit or none fire
    ultra: bool = False  # may fire at double rate (:ultra)
    rotary: bool = False  # a Rotary AC: fires 1 to 6 shots (:2 .. :6; EQ-RAC-01)
    lbx: bool = False  # may fire cluster rounds (:cluster)
    atm: bool = False  # an ATM: standard, ER or HE ammunition, 5-point groups (EQ-ATM-01..03)
    ams: bool = False  # an anti-missile system: fires only against missiles at its unit (EQ-AMS-01)
    narc: bool = False  # a Narc launcher: fires a pod that attaches to the target (EQ-NARC-01)
    tag: bool = False  # a TAG designator: tags the target it hits (EQ-TAG-01)
    one_shot: bool = False  # a rocket launcher: fires once a game, no ammunition (EQ-RL-01)
    heavy_gauss: bool = False  # a heavy Gauss rifle: a 'Mech that moved and fires it rolls (EQ-HGR-01)
    damage_by_range: tuple[int, ...] = ()  # short, medium, long damage: a snub-nose PPC, a heavy Gauss rifle (EQ-RNG-01)
    aliases: tuple[str, ...] = ()  # the short names players type


class AmmoBin(Record):
    weapon: str
    location: str
    shots: int
    kind: str = "standard"  # or "ap": armor-piercing autocannon rounds (VEH-DMG-10), "cluster": LB-X rounds,
    # "artemis" / "narc": Artemis IV- / Narc-capable missiles (EQ-ART-01, EQ-NARC-02), "er" / "he": ATM rounds (EQ-ATM-01)


GROUND = "ground"  # the id of the ground board among a game's maps


class Position(Record):
    """Where a unit is: a hex of one of the game's maps, and where in that hex it stands.

    ``floor`` is the building level it is inside (0 = ground floor, negative = a basement),
    ``roof`` whether it stands on the building's roof, ``under_bridge`` whether it is under the
    bridge of its hex rather than on the deck (seed 003); ``elevation`` how many levels a VTOL
    flies above the hex. ``footprint`` lists the further hexes a multi-hex unit covers. ``altitude``
    is an aerospace unit's altitude on a low-altitude map (1-10; AERO-LALT-03), 0 on any other map.
    """

    hex: HexId
    map: str = GROUND
    floor: int = 0
    roof: bool = False
    under_bridge: bool = False
    elevation: int = 0
    footprint: tuple[HexId, ...] = ()
    altitude: int = 0

    @property
    def label(self) -> str:
        return self.hex.label


# A 'Mech's construction (issue #31; equipment.md E3): heat sink types and the slots one sink fills, engine
# types and their slots in each side torso (MegaMek @f0b2b01 Engine.getSideTorsoCriticalSlots), structure and
# armor kinds whose slots are "Roll Again" (MiscType: hittable = false).
HEAT_SINK_SLOTS = {"single": 1, "double": 3, "clan_double": 2}
ENGINE_SIDE_SLOTS = {"standard": 0, "xl": 3, "clan_xl": 2, "light": 2, "compact": 0}
ENGINE_CENTER_SLOTS = {"standard": 6, "xl": 6, "clan_xl": 6, "light": 6, "compact": 3}
STRUCTURE_KINDS = ("standard", "endo_steel", "clan_endo_steel", "industrial")  # industrial: an IndustrialMech (EQ-IND-01)
FERRO_KINDS = ("ferro_fibrous", "clan_ferro_fibrous", "light_ferro_fibrous", "heavy_ferro_fibrous")
# IndustrialMechs (issue #31, EQ-IND-03): industrial and heavy industrial armor (BAR 10, played as standard armor),
# commercial armor (BAR 5: a critical chance when a group's damage exceeds it).
INDUSTRIAL_ARMOR = ("industrial", "heavy_industrial", "commercial")
ARMOR_KINDS = ("standard", *FERRO_KINDS, *INDUSTRIAL_ARMOR, "stealth")  # stealth: EQ-STEALTH-01 (its slots roll again)
COCKPIT_KINDS = ("standard", "industrial")  # an industrial cockpit without advanced fire control (EQ-IND-02)
# Slot items a critical rolls again on (EQ-STR-01; TSM too, EQ-TSM-01: MegaMek @f0b2b01 MiscType ``hittable = false``).
ROLL_AGAIN = frozenset({"endo_steel", "ferro_fibrous", "case", "case_ii", "tsm", "stealth"})  # stealth: EQ-STEALTH-01


class MechState(Record):
    """What only a 'Mech keeps track of."""

    club: str = ""  # the club it carries ("girder", URB-CLUB-01), "" for none
    girder_search: int = 0  # the turn it last searched rubble for a girder (once a turn)
    # Its construction (issue #31; docs/equipment-rules.md EQ-HS, EQ-ENG, EQ-STR, EQ-CASE):
    heat_sink_type: str = "single"  # "single", "double" (Inner Sphere, 3 slots) or "clan_double" (2 slots)
    structure: str = "standard"  # "standard", "endo_steel" or "clan_endo_steel" (its slots roll again)
    armor_type: str = "standard"  # "standard" or a Ferro-Fibrous kind (its slots roll again): FERRO_KINDS
    case: tuple[str, ...] = ()  # the locations whose ammunition CASE protects (Clan CASE: every one with any)
    case_ii: tuple[str, ...] = ()  # the locations with CASE II
    # IndustrialMechs (docs/equipment-rules.md EQ-IND): the cockpit (COCKPIT_KINDS), and the critical check an
    # industrial structure owes at the turn's end after a physical attack struck it or it fell (EQ-IND-01: MegaMek
    # @f0b2b01 Mech.checkForCrit, levelsFallen), with the levels of its last fall (0: none this turn).
    cockpit: str = "standard"
    industrial_check: bool = False
    levels_fallen: int = 0
    stealth_on: bool = False  # its stealth armor switched on (EQ-STEALTH-02), from the End Phase that switched it
    # Equipment it carries that plays no part in btcli's game (EQ-INERT-01..04), each item's name once; its slots
    # hold "equipment:NAME" (a critical hit there destroys it).
    carried: tuple[str, ...] = ()

    # MASC (EQ-MASC-03, MegaMek @f0b2b01 Entity.nMASCLevel, bMASCWentUp, usedMASC): the level its roll's target
    # number is read at, whether the level rose at the last turn's end, and whether it used MASC this turn.
    masc_level: int = 0
    masc_rose: bool = False
    masc_used: bool = False
    slots: dict[str, tuple[str, ...]] = field(default_factory=dict)  # its critical slots by location
    prone: bool = False  # lying down (tables.md 8.6)
    heat: int = 0  # tables.md 15
    shutdown: bool = False  # shut down by its heat (tables.md 15)

    # The fields the game file writes in the unit's own table, where they were before they moved here from
    # ``Unit`` (the format did not change: ``Unit.LENT``, btcli.store.typed.table_plan).
    IN_OWNER_TABLE = ("slots", "prone", "heat", "shutdown")

    @property
    def sink_slots(self) -> int:
        """Returns the critical slots one of its heat sinks fills: 1 single, 3 Inner Sphere double, 2 Clan double."""
        return HEAT_SINK_SLOTS[self.heat_sink_type]

    @property
    def double_sinks(self) -> bool:
        return self.heat_sink_type != "single"


_NO_MECH = MechState()  # Unit.built for a unit that is no 'Mech


class VehicleState(Record):
    """A vehicle's lasting conditions (VEH-CRIT, VTOL-CRIT) and the design facts its criticals read."""

    turret: str = ""  # "" (working, or none), "jammed", "locked" or "gone" (VEH-CRIT-18..20)
    immobile: bool = False  # motive or engine damage, a forced landing or a skid stopped it for good
    engine_hit: bool = False  # VEH-CRIT-13
    crew_killed: bool = False  # VEH-CRIT-09: out of action
    stunned_from: int = 0  # VEH-CRIT-10: the crew is stunned in turns stunned_from..stunned_until
    stunned_until: int = 0
    stabilized: tuple[str, ...] = ()  # locations whose stabilizer is hit (VEH-CRIT-14)
    motive_dsr: tuple[int, ...] = ()  # driving-roll modifiers from motive damage taken (tables.md 3)
    design_cruise: int = 0  # cruise MP before motive damage cut it (0: never cut)
    clearing: bool = False  # the crew clears a jam this turn instead of firing (VEH-CRIT-23)
    crashed_turn: int = 0  # the turn it crashed (VTOL-CRASH-04: no attack that turn)
    collided_turn: int = 0  # the turn a slide of its ended in a collision (VEH-SLIP-07)
    cargo_tons: float = 0.0  # cargo space (VEH-CRIT-07)
    infantry: int = 0  # infantry carried (VEH-CRIT-07)
    case: bool = False  # CASE protects its ammunition (VEH-CRIT-06)
    large: bool = False  # a large support vehicle or a landed DropShip (VEH-VTOL-11, VEH-SLIP-11/12)
    height: int = 1  # levels a large unit stands tall
    carried: tuple[str, ...] = ()  # equipment that plays no part in btcli's game (EQ-INERT-01..04), by name
    # A support vehicle's (issue #31, EQ-SV; btcli.rules.ground.support_vehicles): its armor's barrier armor
    # rating (10: a combat vehicle's, no penetration rule), its fire control ("none", "basic", "advanced") and
    # whether its chassis is armored.
    support: bool = False
    bar: int = 10
    fire_control: str = ""
    armored_chassis: bool = False

    def stunned_in(self, turn: int) -> bool:
        """Tells whether the crew is stunned in ``turn`` (VEH-CRIT-10)."""
        return self.stunned_until > 0 and self.stunned_from <= turn <= self.stunned_until


_NO_VEHICLE = VehicleState()  # Unit.as_vehicle for a unit that is no vehicle

class DropState(Record):
    """A dropping reserve's record (DROP-01..19): its group while it waits, its secret commitment, and
    how its drop ended. Public, like every arrival time (DROP-03); the hex stays in the secrets file."""

    reserve: str = ""  # its drop group while it waits off the map
    commitment: str = ""  # the salted hash of its landing hex, once committed (DROP-04)
    landed_turn: int = 0  # the turn it landed (DROP-09..11)
    aborted_turn: int = 0  # the turn its drop was called off
    off_map: bool = False  # it scattered off the map and is lost (DROP-15)


class AssetRecord(Record):
    """A Battlefield Support asset's card and its state in this game (seed 004). The card travels with
    the unit, as weapon data does (``Unit.weapon_specs``): no rule looks a card up."""

    card: "AssetCard"
    state: "AssetState"


class Unit(Record, slots=False):
    """A unit on the board: what every unit has (issue #30 item 2). What only one kind keeps track of is in
    its kind's record (``mech``, ``vehicle``, ``asset``, ``aero``; the others None).

    ``walk`` and ``run`` are the walking/cruising and running/flanking MP, ``piloting`` the piloting/driving
    skill, as the book names them together (a vehicle's rules read ``cruise`` and ``flank``)."""

    id: str
    side: str
    name: str
    kind: UnitKind
    motive: Motive
    tons: int
    engine: str  # "fusion" | "ice" | "fuel_cell" (a 'Mech's: EQ-IND-04)
    walk: int  # Walking/Cruising MP
    run: int  # Running/Flanking MP
    jump: int
    gunnery: int
    piloting: int  # Piloting/Driving skill
    max_armor: dict[str, int]
    max_internal: dict[str, int]
    armor: dict[str, int]
    internal: dict[str, int]
    weapons: tuple[Mount, ...] = ()
    ammo: tuple[AmmoBin, ...] = ()
    heat_sinks: int = 0  # a 'Mech's (an aerospace unit's scenario entry gives them too; its rules read aero_design)
    # (A 'Mech's heat is MechState.heat, an aerospace fighter's AeroFlight.heat.)
    engine_type: str = "standard"  # a 'Mech's or a vehicle's fusion engine type: ENGINE_SIDE_SLOTS' keys (EQ-ENG-01)
    position: Position | None = None  # None: off the map (a reserve, or gone)
    facing: Facing = Facing.N
    destroyed: bool = False
    # This turn's movement, read by the target and attacker movement modifiers.
    mode: MoveMode = MoveMode.NONE
    mp_spent: int = 0
    hexes_moved: int = 0
    # Combat state (issue #3): its crew's ('Mech, aerospace unit or vehicle) hits and consciousness.
    pilot_hits: int = 0
    conscious: bool = True
    twist: int = 0  # torso twist (or turret offset) this turn, in hexsides: -1 left, +1 right
    crits: tuple[Crit, ...] = ()  # critical hits taken: a 'Mech's SlotHit, a vehicle's CritResult (model/hits.py)
    fired: tuple[int, ...] = ()  # indexes of weapons fired this turn
    unjam_turn: int = 0  # the turn it spent trying to unjam its Rotary ACs instead of firing (EQ-RAC-04)
    targeting_computer: str = ""  # a vehicle's: "IS" or "Clan" (a 'Mech's fills its slots; EQ-TC-01)
    damage_phase: int = 0  # damage taken this phase by a 'Mech or a vehicle (a 'Mech's 20+ forces a PSR)
    unverified: str = ""
    weapon_specs: dict[str, Weapon] = field(default_factory=dict)  # the data of each weapon it carries, by name
    # Electronics (issue #31; btcli.rules.core.fire_control): the location of its ECM suite and of its active
    # probe ("" for none), the sides whose Narc pods it carries, the turn a TAG last tagged it.
    ecm: str = ""
    probe: str = ""
    narc_pods: tuple[str, ...] = ()
    tagged: int = 0
    # C3 (issue #31, EQ-C3; btcli.rules.core.c3): its computer ("master", "slave", "c3i"; "" none), the network
    # the scenario links it to ("" unlinked) and, in a C3 company, the master it links to ("" the network's own).
    c3: str = ""
    c3_network: str = ""
    c3_master: str = ""
    # What only one kind keeps track of: the record of the unit's own kind is set, the others None.
    mech: MechState | None = None
    vehicle: VehicleState | None = None
    drop: DropState | None = None
    asset: AssetRecord | None = None
    aero: "AeroFlight | None" = None  # an aerospace unit's flight (its design in ``aero_design``)
    aero_design: "AeroDesign | None" = None  # its record sheet, carried like weapon_specs (catalog data)

    # The keys of the unit's game-file table its kind's record lends it (``MechState.IN_OWNER_TABLE``): key ->
    # (the fields holding the records that may lend it, the field of Unit the key is written before), as when
    # Unit held them.
    LENT = {"slots": (("mech",), "crits"), "prone": (("mech",), "mode"), "heat": (("mech", "aero"), "mode"),
            "shutdown": (("mech",), "twist")}

    @property
    def built(self) -> MechState:
        """Returns what the unit has of a 'Mech's own record (its slots, prone, heat, shutdown, construction, MASC
        level): its 'Mech record, or a blank one for any other kind, which is never prone, hot or shut down and
        whose heat sinks, CASE and MASC no 'Mech rule then meets."""
        return self.mech or _NO_MECH

    @property
    def as_vehicle(self) -> VehicleState:
        """Returns what the unit has of a vehicle's own record: its vehicle record, or a blank one for any other
        kind (no support vehicle, no turret jammed, no crew stunned)."""
        return self.vehicle or _NO_VEHICLE

    def with_mech(self, **changes) -> "Unit":
        """Returns the 'Mech with its own record (``MechState``) changed."""
        return evolve(self, mech=evolve(self.mech, **changes))

    @property
    def is_asset(self) -> bool:
        return self.kind is UnitKind.ASSET

    @property
    def is_mech(self) -> bool:
        return self.kind is UnitKind.MECH

    @property
    def is_vehicle(self) -> bool:
        return self.kind is UnitKind.VEHICLE

    @property
    def is_infantry(self) -> bool:
        return self.kind is UnitKind.INFANTRY

    @property
    def is_aero(self) -> bool:
        return self.kind is UnitKind.AERO

    @property
    def cruise(self) -> int:
        """Returns a vehicle's cruising MP (``walk``: the book's Walking/Cruising MP)."""
        return self.walk

    @property
    def flank(self) -> int:
        """Returns a vehicle's flanking MP (``run``: the book's Running/Flanking MP)."""
        return self.run

    @property
    def has_moved(self) -> bool:
        return self.mode is not MoveMode.NONE

    @property
    def active(self) -> bool:
        """Tells whether the unit is on the board and not destroyed."""
        return not self.destroyed and self.position is not None

    @property
    def hex(self) -> HexId | None:
        """Returns the hex of the ground board the unit is in (its primary hex), or None off the board.
        A unit on another map (an aerospace unit in space or at low altitude) is in no ground hex, so
        no ground rule meets it; its own rules read ``position``."""
        p = self.position
        return p.hex if p is not None and p.map == GROUND else None

    @property
    def elevation(self) -> int:
        """Returns how many levels above its hex the unit flies (VTOLs; 0 = landed or on the ground)."""
        return self.position.elevation if self.position is not None else 0

    def at(self, hex_id: HexId | None, **place) -> "Unit":
        """Returns the unit moved to ``hex_id`` of its map (None: off the map), keeping where in a hex it
        stands and its elevation unless ``place`` (floor, roof, under_bridge, elevation) says otherwise."""
        if hex_id is None:
            return evolve(self, position=None)
        old = self.position
        position = Position(hex_id, GROUND) if old is None else evolve(old, hex=hex_id, **place)
        if place and old is None:
            position = evolve(position, **place)
        return evolve(self, position=position)

    def placed_at(self, **place) -> "Unit":
        """Returns the unit with where it stands in its hex changed (floor, roof, under_bridge, elevation)."""
        return evolve(self, position=evolve(self.position, **place))

    @property
    def in_reserve(self) -> bool:
        """Tells whether the unit is a dropping reserve still waiting off the map (DROP-01)."""
        return self.drop is not None and bool(self.drop.reserve) and self.position is None and not self.destroyed

    @property
    def between_maps(self) -> bool:
        """Tells whether the unit is an aircraft on its way from one map to another (TURN-07): off the map it
        left since the End Phase of the turn it left in, not yet on its new one. It is on no map (no attack,
        stacking or line-of-sight rule meets it) but still in the battle."""
        return (self.position is None and not self.destroyed and self.aero is not None
                and self.aero.transit is not None)

    @property
    def out_of_action(self) -> bool:
        """Tells whether the unit is lost for victory: destroyed, off the map (not on its way to another map),
        or its crew killed (VEH-CRIT-09)."""
        return (not self.active and not self.between_maps) or self.as_vehicle.crew_killed

    def spec(self, weapon: str) -> Weapon:
        """Returns the data of a weapon this unit carries (tables.md 12)."""
        return self.weapon_specs[weapon]

    def weapon_named(self, text: str) -> str | None:
        """Returns the name of this unit's weapon that ``text`` names (its name or an alias, any case)."""
        wanted = text.strip().casefold()
        for name, spec in self.weapon_specs.items():
            if name.casefold() == wanted or any(a.casefold() == wanted for a in spec.aliases):
                return name
        return None

    def locations(self) -> list[str]:
        return list(self.max_armor)

    def slot_hits(self, location: str) -> set[int]:
        """Returns the indexes of the destroyed critical slots in a location."""
        return {c.slot for c in self.crits if isinstance(c, SlotHit) and c.location == location}

    def with_slot_hit(self, location: str, slot: int) -> "Unit":
        """Returns the 'Mech with critical slot ``slot`` of ``location`` destroyed."""
        return evolve(self, crits=self.crits + (SlotHit(location, slot),))

    def with_crit_result(self, location: str, result: str) -> "Unit":
        """Returns the vehicle with a critical result (or, at location ``motive``, motive damage) taken."""
        return evolve(self, crits=self.crits + (CritResult(location, result),))

    def destroyed_items(self, since: int = 0) -> list[str]:
        """Returns what the destroyed critical slots held, from its ``since``-th critical hit on (a 'Mech's;
        a vehicle's critical results destroy no slot)."""
        return [self.built.slots[c.location][c.slot] for c in self.crits[since:]
                if isinstance(c, SlotHit) and c.location in self.built.slots]

    @property
    def working_heat_sinks(self) -> int:
        """Returns the heat sinks not destroyed by critical hits (tables.md 15): a double heat sink's slots
        are one sink, destroyed once whichever of them is hit (EQ-HS-02)."""
        per = self.built.sink_slots  # 1 for single heat sinks and for a unit that is no 'Mech
        if per == 1 or not self.crits:
            return max(0, self.heat_sinks - self.count_hits("heat_sink"))
        destroyed = 0
        for location, contents in self.built.slots.items():
            hit = self.slot_hits(location)
            run = []
            for i, item in enumerate((*contents, "")):
                if item == "heat_sink":
                    run.append(i)
                    continue
                for start in range(0, len(run), per):
                    destroyed += any(i in hit for i in run[start:start + per])
                run = []
        return max(0, self.heat_sinks - destroyed)

    def count_hits(self, item: str) -> int:
        """Returns how many critical slots holding ``item`` (e.g. 'engine', 'gyro') are destroyed."""
        if not self.crits:
            return 0
        total = 0
        for location, contents in self.built.slots.items():
            hit = self.slot_hits(location)
            total += sum(1 for i, name in enumerate(contents) if name == item and i in hit)
        return total

