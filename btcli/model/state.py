"""The game state: everything in the head of a game file, as plain frozen data."""

from btcli.errors import InputError, quoted
from btcli.model.board import Board
from btcli.model.choices import Choice
from btcli.model.frozen import (
    Record,
    evolve,  # noqa: F401  (the state's own copy helper, used everywhere)
    field,
)
from btcli.model.hexgrid import HexId
from btcli.model.hits import DeclaredTarget, HexTarget
from btcli.model.units import GROUND, Unit

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every command, issue #17)
if TYPE_CHECKING:  # the aerospace maps: imported by the games that have them (btcli.store.codec)
    from btcli.model.aero import LowAltitudeMap, SpaceMap

FORMAT_VERSION = 2  # 2: typed unit state, positions as tables, maps by id (issue #11); 1: btcli 0.1


class Phase(Choice):
    """The phases of a turn, in order (TURN-01; Total Warfare p.39)."""

    DEPLOYMENT = "deployment"  # before turn 1, only in a scenario that leaves units to deploy (ASSET-DEP)
    INITIATIVE = "initiative"
    MOVEMENT = "movement"
    AERO_MOVEMENT = "aero_movement"  # TURN-01: aerospace units, after the ground units (games with aerospace maps)
    SPACE_MOVEMENT = "space_movement"  # TURN-02: units on the space map, turns 6, 12, ...
    WEAPON = "weapon"
    PHYSICAL = "physical"
    HEAT = "heat"
    END = "end"


FLIGHT_PHASES = (Phase.AERO_MOVEMENT, Phase.SPACE_MOVEMENT)  # aerospace units move only in these (TURN-01, TURN-02)


class Side(Record):
    id: str
    name: str


class AttackDeclaration(Record):
    """A declared attack, kept until its phase resolves."""

    attacker: str
    target: DeclaredTarget  # a unit's id, a building hex, a strafed line of hexes or an artillery shot's aim point
    weapons: tuple[str, ...] = ()
    physical: str = ""
    primary: bool = True
    air_ground: str = ""  # an aircraft's air-to-ground attack (issue #14): "strike", "strafe" or "bomb"


class Hit(Record):
    """One damage group that struck a location, waiting for the end of the phase."""

    target: str
    location: str
    damage: int
    side: str = "front"  # attack direction: the table column used
    rear: bool = False
    critical: bool = False  # a 2 on a 'Mech table (through-armor critical) or a [C] vehicle result
    motive: bool = False  # a vehicle [M] result
    source: str = ""
    ap: int = 0  # armor-piercing round: its critical roll modifier (VEH-DMG-10); 0 = not AP
    attacker: str = ""  # who struck, where a rule needs it: an asset's destruction check is its attacker's (ASSET-DMG-03)
    area_effect: bool = False  # artillery, a minefield: doubled against infantry assets (ASSET-DMG-08)
    anti_infantry: bool = False  # an AI weapon (ASSET-DMG-07)


class StructureHit(Record):
    """One damage group that struck a building or bridge hex, waiting for the end of the phase (URB-ATK-06,
    URB-IN-03). The game file writes it as a hit whose target is ``hex:CCRR``."""

    target: HexTarget
    location: str  # "building", the game file's word for any structure (a bridge's hit too)
    damage: int
    source: str = ""


class Victory(Record):
    """Scenario end conditions; zero means "not used"."""

    turn_limit: int = 0
    destroy_share: float = 0.0  # a side loses when this share of its units is destroyed


class Options(Record):
    """The rule switches a scenario may set (docs/scenario-format.md; the values each accepts are in
    btcli.store.scenario.OPTIONS)."""

    mech_charges_vehicles: bool = False  # VEH-PHYS: may a 'Mech charge a vehicle
    physical_destroys_rotor: bool = True  # VEH-PHYS-09
    vtol_crash_explosion: str = "all"  # "all" or "ice" (AMB-13)
    vtol_crash_damage: str = "per_hex"  # or "product" (AMB-06)
    collapse_share: str = "half_or_more"  # or "more_than_half" (AMB-39)
    occupant_hit_building_damage: str = "absorbed"  # or "full" (AMB-43)
    drop_failure: str = "damage"  # or "fall" (AMB-36)
    planetary_psr_modifier: int = 0  # DROP-13
    player_dice: bool = False  # referee games: may players without the seed give --dice (README)


class DropGroup(Record):
    """A group of dropping reserves (DROP-01..03): its public arrival schedule and, once known, its turn."""

    arrival: str  # the schedule as the scenario wrote it: a turn, or dice such as "1D6-1"
    after: str = ""  # the group whose arrival it counts from, or ""
    turn: int = 0  # the arrival turn, 0 until rolled


class Deployment(Record):
    """A scenario's deployment (ASSET-DEP): the order the sides deploy in, each side's deployment zone
    (absent: the side has none) and home edge (north, south, east or west; where it enters from)."""

    order: tuple[str, ...] = ()
    zones: dict[str, tuple[HexId, ...]] = field(default_factory=dict)
    edges: dict[str, str] = field(default_factory=dict)


class GameState(Record, slots=False):
    """One game: meta data, board, sides and units, and this turn's bookkeeping."""

    name: str
    seed: int | str
    maps: "dict[str, Board | SpaceMap | LowAltitudeMap]"  # every map by id; "ground" is the ground board
    sides: dict[str, Side]
    units: dict[str, Unit]
    rolls: int = 0  # dice rolled so far; the seeded dice continue from here
    revision: int = 0
    turn: int = 1
    phase: Phase = Phase.INITIATIVE
    initiative: tuple[str, ...] = ()  # sides in movement order: the loser first
    move_order: tuple[str, ...] = ()  # side of each movement slot this phase (unequal-numbers rule)
    declarations: tuple[AttackDeclaration, ...] = ()
    # Hits of this weapon phase, applied when it ends (simultaneous fire): on units and on building hexes.
    # A structure hit first: the game file's [[pending]] tables are read as the first type that fits.
    pending: tuple[StructureHit | Hit, ...] = ()
    victory: Victory = Victory()
    winner: str = ""  # side id, "draw", or "" while the game goes on
    result: str = ""  # why the game ended
    options: Options = Options()
    drops: dict[str, DropGroup] = field(default_factory=dict)  # dropping reserves' groups by id (DROP-02)
    deployment: Deployment | None = None  # the scenario's deployment zones and order (ASSET-DEP)
    asset_slots: int = 0  # the first slots of move_order belong to assets (ASSET-INIT-01, ASSET-DEP-01)

    @property
    def board(self) -> Board:
        """Returns the ground board (``maps["ground"]``), where every ground rule plays."""
        return self.maps[GROUND]  # type: ignore[return-value]  # scenario and codec make the ground map a Board

    def with_board(self, board: Board) -> "GameState":
        """Returns the state with its ground board replaced."""
        return evolve(self, maps={**self.maps, GROUND: board})

    def unit(self, unit_id: str) -> Unit:
        """Returns the unit with this id; raises InputError naming the known ids otherwise."""
        try:
            return self.units[unit_id]
        except KeyError:
            raise self._unknown_unit(unit_id) from None

    def find_unit_id(self, text: str) -> str | None:
        """Returns the id a player means by ``text``: the id itself, or the one id equal to it ignoring
        case (``Wasp`` for ``wasp``); None when there is none (or two ids differ only in case)."""
        if text in self.units:
            return text
        folded = text.casefold()
        matches = [uid for uid in self.units if uid.casefold() == folded]
        return matches[0] if len(matches) == 1 else None

    def unit_id(self, text: str) -> str:
        """Returns ``find_unit_id(text)``; raises InputError naming the known ids (and the nearest) otherwise."""
        found = self.find_unit_id(text)
        if found is None:
            raise self._unknown_unit(text)
        return found

    def _unknown_unit(self, text: str) -> InputError:
        import difflib  # only on this error path

        known = ", ".join(self.units) or "none"
        folded = {uid.casefold(): uid for uid in self.units}
        near = difflib.get_close_matches(text.casefold(), list(folded), n=1, cutoff=0.6) if len(text) <= 100 else []
        hint = f"; did you mean {folded[near[0]]!r}?" if near else ""
        return InputError(f"unknown unit {quoted(text, 64)} (units: {known}){hint}")

    def with_unit(self, unit: Unit) -> "GameState":
        units = dict(self.units)
        units[unit.id] = unit
        return evolve(self, units=units)

    def units_of(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side]
