"""Asset movement: fixed MP, terrain by movement code, levels, buildings, stacking and footprints.

Seed 004 (ASSET-MOVE, ASSET-TERR, ASSET-STACK, ASSET-MULTI): assets move
under the 'Mech movement rules with these changes. Their MP never change with
a movement mode; turning costs 1 MP per hexside (infantry: nothing); a move
declared backward has half the MP and no level change; ground assets climb or
drop 1 level per hex for 2 MP; jump assets jump as 'Mechs do; VTOL assets pay
1 MP per hex and per level; only infantry (as its whole move) and VTOLs enter
building hexes; a wheeled asset that stays on a road gains 1 MP. Terrain never
asks an asset for a Piloting Skill Roll, and an asset never skids or sideslips.

A path is a sequence of steps: F (forward), B (backward), L and R (turn one
hexside), A and D (a VTOL climbs or descends one level). Who stands where is
passed in as a mapping from hex to its occupants, so no game state is needed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from math import ceil

from btcli.errors import IllegalOrderError, InputError
from btcli.model.assets import AssetCard, AssetKind, MovementCode
from btcli.model.board import Board, Hex, Terrain
from btcli.model.frozen import Record
from btcli.model.hexgrid import Facing, HexId
from btcli.rules.assets.general import assumed_mode  # noqa: F401  (ASSET-MOVE-04, asked of movement too)
from btcli.rules.ground.terrain import TERRAIN_COST, follows_road
from btcli.rules.kinds import asset_card

LEVEL_CHANGE_MP = 2  # ASSET-MOVE-07: per level, at most one level per hex
MAX_LEVEL_CHANGE = 1
VTOL_LEVEL_MP = 1  # ASSET-MOVE-09
ROAD_BONUS = 1  # ASSET-TERR-06
TURN_STEPS = {"L": -1, "R": 1}
STEPS = ("F", "B", "L", "R", "A", "D")


class NonAsset(str, Enum):
    """A unit that is not an asset, as far as asset stacking cares."""

    MECH = "mech"
    OTHER = "other"  # any other non-asset unit: counted like a 'Mech for asset stacking


# The card kinds that ignore enemy infantry assets in stacking, as each kind says (ASSET-STACK-03).
_IGNORE_ENEMY_INFANTRY = frozenset(k for k, rules in asset_card.CARD_KINDS.items() if rules.ignores_enemy_infantry)


class Occupant(Record):
    """One unit standing in a hex: its side and what it is (an asset kind, or a non-asset)."""

    side: str
    kind: AssetKind | NonAsset

    @property
    def is_asset(self) -> bool:
        return isinstance(self.kind, AssetKind)

    @property
    def ignores_enemy_infantry(self) -> bool:
        """An infantry asset ignores enemy infantry assets, and they it (ASSET-STACK-03)."""
        return self.kind in _IGNORE_ENEMY_INFANTRY


Occupants = Mapping[HexId, Sequence[Occupant]]


class AssetMove(Record):
    """A checked asset move: where it ends, what it cost, and the hexes it then occupies."""

    steps: tuple[str, ...]
    hexes: tuple[HexId, ...]  # hexes entered, in order
    end: HexId
    facing: Facing
    mp: int  # MP spent (an infantry building move spends them all)
    allowance: int  # MP the asset had this turn
    backward: bool = False
    road_bonus: bool = False
    elevation: int = 0  # a VTOL's levels above the ground at the end
    on_roof: bool = False  # a jump ended on a building's roof (ASSET-MOVE-12)
    occupied: tuple[HexId, ...] = ()  # every hex the asset occupies at the end, primary first

    @property
    def hexes_moved(self) -> int:
        return len(self.hexes)

    @property
    def mp_left(self) -> int:
        return self.allowance - self.mp


# -- MP ----------------------------------------------------------------------------


def movement_allowance(card: AssetCard, backward: bool = False, on_road: bool = False, road_bonus_first: bool = False) -> int:
    """Returns the asset's MP this turn: the card's fixed MP, halved (round up) when moving backward, +1 for a wheeled asset that stayed on a road.

    ASSET-MOVE-02 (no modes), ASSET-MOVE-05 (backward), ASSET-TERR-06 (road).
    AMB-68: the card MP is halved first and the road +1 added after;
    ``road_bonus_first`` gives the alternative (+1, then halve).
    """
    bonus = ROAD_BONUS if on_road and card.movement is MovementCode.WHEELED else 0
    if not backward:
        return card.mp + bonus
    if road_bonus_first:
        return ceil((card.mp + bonus) / 2)
    return ceil(card.mp / 2) + bonus


def parse_steps(text: str | Sequence[str]) -> tuple[str, ...]:
    """Parses a path such as ``"F F L F"`` or ``"FFLF"``; raises InputError for anything but F B L R A D."""
    raw = text.split() if isinstance(text, str) and " " in text.strip() else list(text)
    steps = tuple(s.strip().upper() for s in raw if s.strip())
    bad = [s for s in steps if s not in STEPS]
    if bad:
        raise InputError(f"bad asset step {bad[0]!r}: use F, B, L, R, and A/D (VTOL climb/descend)")
    return steps


# -- terrain (ASSET-TERR, ASSET-MOVE-10) ----------------------------------------------


def _is_building(h: Hex) -> bool:
    return h.building is not None or h.terrain is Terrain.BUILDING


def entry_problem(card: AssetCard, there: Hex, on_road: bool) -> tuple[str, str] | None:
    """Returns (why, rule) when ``card``'s asset may not enter ``there``, or None.

    ``on_road`` is whether the move follows a road into the hex: a road carries
    a vehicle through woods, rough or rubble and a bridge over water, as for any
    ground vehicle (tables.md 11.1, URB-MOVE).
    """
    code = card.movement
    if code is MovementCode.VTOL:
        return None  # ASSET-TERR-07; above any building (ASSET-MOVE-10)
    if _is_building(there):
        if asset_card.of(card).enters_buildings:
            return None  # allowed, as the whole move (ASSET-MOVE-11)
        return "assets other than infantry and VTOLs cannot enter building hexes", "ASSET-MOVE-10"
    if code is MovementCode.HOVER:
        if there.terrain.is_woods and not on_road:
            return "hover assets cannot enter woods", "ASSET-TERR-04"
        return None  # ASSET-TERR-04: every other hex is clear, deep water included
    if there.is_deep_water and not (on_road and there.bridge is not None):
        if code in (MovementCode.FOOT, MovementCode.JUMP):
            return "infantry assets cannot enter water of depth 1 or more", "ASSET-TERR-03"
        return "assets cannot enter water of depth 1 or more", "ASSET-TERR-08"
    if on_road:
        return None
    if code is MovementCode.TRACKED and there.terrain is Terrain.HEAVY_WOODS:
        return "tracked assets and mechanized infantry cannot enter heavy woods", "ASSET-TERR-05"
    if code is MovementCode.WHEELED and (there.terrain.is_woods or there.terrain in (Terrain.ROUGH, Terrain.RUBBLE)):
        return "wheeled assets cannot enter woods, rough or rubble", "ASSET-TERR-06"
    return None


def enter_cost(card: AssetCard, there: Hex, on_road: bool) -> int:
    """Returns the MP to enter ``there``, before level changes (tables.md 11.1 as modified by ASSET-TERR)."""
    if card.movement in (MovementCode.VTOL, MovementCode.HOVER):
        return 1  # ASSET-TERR-07, ASSET-TERR-04: treated as clear terrain
    if on_road or there.terrain is Terrain.WATER or _is_building(there):
        return 1  # road; shallow water (deep water is barred); a building entry takes all MP anyway
    return TERRAIN_COST[there.terrain]  # ASSET-TERR-02: terrain costs apply, never a PSR


# -- stacking (ASSET-STACK, ASSET-MULTI-03) -------------------------------------------


def check_stacking(hex_id: HexId, mover: Occupant, present: Sequence[Occupant]) -> None:
    """Raises IllegalOrderError if ``mover`` may not end its move in ``hex_id`` with ``present`` already there.

    At most 2 friendly assets, or 1 asset and 1 friendly 'Mech (ASSET-STACK-01);
    no ending with enemy units (ASSET-STACK-02, the standard restriction),
    except that infantry assets ignore enemy infantry assets (ASSET-STACK-03).
    ``present`` must include the secondary hexes of multi-hex assets (ASSET-MULTI-03).
    """
    enemies = [o for o in present if o.side != mover.side]
    if mover.ignores_enemy_infantry:
        enemies = [o for o in enemies if not o.ignores_enemy_infantry]  # ASSET-STACK-03
    if enemies and (mover.is_asset or any(o.is_asset for o in enemies)):  # kind-branch: ASSET-STACK-02 bars enemies where assets stand, the standard rule (another unit's) elsewhere
        raise IllegalOrderError(f"cannot stand in {hex_id.label}: enemy units are there", "ASSET-STACK-02")
    friends = [o for o in present if o.side == mover.side] + [mover]
    assets = sum(1 for o in friends if o.is_asset)  # kind-branch: ASSET-STACK-01 counts a hex's assets against its other units
    others = len(friends) - assets
    if not assets:
        return
    if others and (assets > 1 or others > 1):
        raise IllegalOrderError(
            f"cannot stand in {hex_id.label}: a hex holds 2 friendly assets, or 1 asset and 1 friendly 'Mech "
            f"({assets} assets and {others} other units)", "ASSET-STACK-01"
        )
    if assets > 2:
        raise IllegalOrderError(
            f"cannot stand in {hex_id.label}: a hex holds at most 2 friendly assets ({assets})", "ASSET-STACK-01"
        )


def may_pass_through(mover: Occupant, present: Sequence[Occupant]) -> bool:
    """Tells whether ``mover`` may move through a hex holding ``present`` without ending there.

    Assets never hinder anyone's movement (ASSET-STACK-02); enemy non-assets
    still bar the hex under the standard rules.
    """
    return all(o.side == mover.side or o.is_asset for o in present)  # kind-branch: assets hinder no one (ASSET-STACK-02), enemies of other kinds do


# -- footprint (ASSET-MULTI-02) --------------------------------------------------------


def check_footprint(card: AssetCard, board: Board, primary: HexId, facing: Facing) -> tuple[HexId, ...]:
    """Returns the hexes a multi-hex asset occupies at ``primary``; raises IllegalOrderError unless each is legal terrain at the primary hex's level (ASSET-MULTI-02)."""
    hexes = card.occupied_hexes(primary, facing)
    level = board.hex(primary).level
    for hex_id in hexes[1:]:
        if not board.contains(hex_id):
            raise IllegalOrderError(f"'{card.name}' cannot end with its element at {hex_id.label} off the map", "ASSET-MULTI-02")
        h = board.hex(hex_id)
        problem = entry_problem(card, h, h.road)
        if problem is not None:
            raise IllegalOrderError(f"'{card.name}' cannot end with an element at {hex_id.label}: {problem[0]}", "ASSET-MULTI-02")
        if h.level != level:
            raise IllegalOrderError(
                f"'{card.name}' cannot end with elements at levels {level} and {h.level} ({primary.label}, {hex_id.label})",
                "ASSET-MULTI-02",
            )
    return hexes


def _check_end(
    card: AssetCard, board: Board, end: HexId, facing: Facing, mover: Occupant, occupants: Occupants, airborne: bool
) -> tuple[HexId, ...]:
    hexes = check_footprint(card, board, end, facing)
    if not airborne:  # an airborne VTOL shares no ground hex
        for hex_id in hexes:
            check_stacking(hex_id, mover, occupants.get(hex_id, ()))
    return hexes


# -- moving ------------------------------------------------------------------------


def check_asset_move(
    card: AssetCard,
    board: Board,
    start: HexId,
    facing: Facing,
    steps: str | Sequence[str],
    *,
    side: str,
    occupants: Occupants | None = None,
    backward: bool = False,
    elevation: int = 0,
    name: str = "",
    road_bonus_first: bool = False,
    ends: bool = True,
) -> AssetMove:
    """Checks a path of steps for an asset starting at ``start``/``facing``; returns the move or raises IllegalOrderError.

    ``backward`` is the declaration made at the start of the move (ASSET-MOVE-05);
    ``elevation`` a VTOL's levels above the ground. Only the primary hex's path
    is checked; at the end every occupied hex must be legal (ASSET-MULTI-01, -02).
    Jump assets use ``check_asset_jump``, except to enter or leave a building.
    ``ends=False`` leaves out what only the end of a move asks (the footprint and stacking where it stops): a path
    the asset may take on through (``btcli options``' search, btcli.rules.assets.options).
    """
    who = name or card.name
    occupants = occupants or {}
    steps = parse_steps(steps)
    board.require(start)
    if card.is_immobile and steps:
        raise IllegalOrderError(f"'{who}' is immobile and cannot move", "ASSET-MOVE-04")
    vtol = card.movement is MovementCode.VTOL
    mover = Occupant(side, card.kind)
    here, face, elev = start, facing, elevation
    mp, hexes = 0, []
    all_road = board.hex(start).paved
    building_move = False
    enters_buildings = asset_card.of(card).enters_buildings
    for step in steps:
        if step in TURN_STEPS:
            if vtol and elev < 1:
                raise IllegalOrderError(f"'{who}' is landed; climb (A) before turning", "VEH-VTOL-03")
            face = face.turned(TURN_STEPS[step])
            mp += 1 if card.has_facing else 0  # ASSET-MOVE-03; ASSET-MOVE-06: infantry turn for free
            continue
        if step in ("A", "D"):
            if not vtol:
                raise IllegalOrderError(f"'{who}' is not a VTOL: only VTOL assets climb (A) or descend (D)", "ASSET-MOVE-09")
            if backward:
                raise IllegalOrderError(f"'{who}' moves backward this turn and cannot change levels", "ASSET-MOVE-05")
            if step == "D" and elev == 0:
                raise IllegalOrderError(f"'{who}' is already on the ground", "ASSET-MOVE-09")
            elev += 1 if step == "A" else -1
            mp += VTOL_LEVEL_MP  # ASSET-MOVE-09: 1 MP per level
            continue
        if step == "B" and card.has_facing and not backward:
            raise IllegalOrderError(
                f"'{who}' did not declare backward movement at the start of its move", "ASSET-MOVE-05"
            )
        if vtol and elev < 1:
            raise IllegalOrderError(f"'{who}' is landed; climb (A) before moving", "VEH-VTOL-03")
        there = board.require(here.neighbor(face if step == "F" else face.opposite()))
        h_here, h_there = board.hex(here), board.hex(there)
        on_road = follows_road(h_here, h_there, here.direction_to(there))
        all_road = all_road and on_road
        problem = entry_problem(card, h_there, on_road)
        if problem is not None:
            raise IllegalOrderError(f"'{who}' cannot enter {there.label}: {problem[0]}", problem[1])
        if not vtol and not may_pass_through(mover, occupants.get(there, ())):
            raise IllegalOrderError(f"'{who}' cannot move through {there.label}: enemy units are there", "ASSET-STACK-02")
        # ASSET-MOVE-11, AMB-66: entering or leaving a building is the infantry asset's whole move.
        entering_or_leaving = enters_buildings and (_is_building(h_there) or _is_building(h_here))
        if hexes and (building_move or entering_or_leaving):
            raise IllegalOrderError(
                f"'{who}' may only enter or leave a building as its whole move: one hex, no other hexes that turn",
                "ASSET-MOVE-11",
            )
        building_move = building_move or entering_or_leaving
        cost = enter_cost(card, h_there, on_road)
        if not vtol:
            change = abs(h_there.level - h_here.level)
            if change > MAX_LEVEL_CHANGE:
                raise IllegalOrderError(
                    f"'{who}' cannot change {change} levels entering {there.label}: 1 level per hex", "ASSET-MOVE-07"
                )
            if change and backward:
                raise IllegalOrderError(f"'{who}' moves backward this turn and cannot change levels", "ASSET-MOVE-05")
            cost += LEVEL_CHANGE_MP * change
        mp += cost
        hexes.append(there)
        here = there
    if card.movement is MovementCode.JUMP and hexes and not building_move:
        raise IllegalOrderError(f"'{who}' has jump movement and always jumps (use a jump)", "ASSET-MOVE-04")
    road_bonus = card.movement is MovementCode.WHEELED and bool(hexes) and all_road
    allowance = movement_allowance(card, backward, road_bonus, road_bonus_first)
    if building_move:
        mp = allowance  # ASSET-MOVE-11: a single move using all available MP, whatever the building costs
    elif mp > allowance:
        # ASSET-MOVE-01 ('Mech movement rules), tables.md 11.1: with at least 1 MP a unit may always enter
        # one hex as its whole move, whatever it costs, where it may enter at all (no facing change).
        if not (len(hexes) == 1 and allowance >= 1 and all(s in ("F", "B") for s in steps)):
            raise IllegalOrderError(f"'{who}' needs {mp} MP for this path, has {allowance}", "ASSET-MOVE-02")
        mp = allowance
    occupied = card.occupied_hexes(here, face)
    if steps and ends:  # standing still checks nothing; a turn in place swings a footprint (ASSET-MULTI-02)
        occupied = _check_end(card, board, here, face, mover, occupants, vtol and elev > 0)
    return AssetMove(steps, tuple(hexes), here, face, mp, allowance, backward, road_bonus, elev, False, occupied)


def check_asset_jump(
    card: AssetCard,
    board: Board,
    start: HexId,
    to: HexId,
    facing: Facing,
    *,
    side: str,
    end_facing: Facing | None = None,
    occupants: Occupants | None = None,
    start_level: int | None = None,
    name: str = "",
) -> AssetMove:
    """Checks a jump by a jump asset, as a 'Mech jumps: 1 MP per hex, no MP for levels, a climb of at most its MP (ASSET-MOVE-08).

    The asset may land on a building's roof it can reach (ASSET-MOVE-12), never
    in deep water (ASSET-TERR-03). ``start_level`` is where it jumps from (a
    roof), by default its hex's level.
    """
    who = name or card.name
    if card.movement is not MovementCode.JUMP:
        raise IllegalOrderError(f"'{who}' has no jump movement", "ASSET-MOVE-08")
    board.require(start)
    board.require(to)
    distance = start.distance(to)
    if distance == 0:
        raise IllegalOrderError(f"'{who}' must jump at least one hex", "ASSET-MOVE-08")
    if distance > card.mp:
        raise IllegalOrderError(f"'{who}' needs {distance} jump MP to reach {to.label}, has {card.mp}", "ASSET-MOVE-08")
    landing = board.hex(to)
    if landing.is_deep_water:
        raise IllegalOrderError(f"'{who}' cannot land in {to.label}: water of depth 1 or more", "ASSET-TERR-03")
    roof = landing.building is not None
    land_level = landing.level + (landing.building.height if roof else 0)
    climb = land_level - (board.hex(start).level if start_level is None else start_level)
    if climb > card.mp:
        rule = "ASSET-MOVE-12" if roof else "ASSET-MOVE-08"
        raise IllegalOrderError(f"'{who}' cannot climb {climb} levels with {card.mp} jump MP", rule)
    face = end_facing if end_facing is not None else facing
    occupied = _check_end(card, board, to, face, Occupant(side, card.kind), occupants or {}, False)
    return AssetMove((), (to,), to, face, distance, card.mp, on_roof=roof, occupied=occupied)
