"""Buildings and bridges as structures: construction factor, damage to it, weight, basements,
and the numbers collapse and entry use (seed 003; tables.md 10; catalog URB-BLD, URB-BRG,
URB-BSMT, URB-COLL).

Damage from attacks waits in ``GameState.pending`` as ``StructureHit`` values (their target a
``HexTarget``, written ``hex:CCRR``) and is applied when the phase ends (URB-COLL-03, URB-IN-03);
damage from movement and weight is applied at once. Nothing here moves a unit: the collapse itself is in ``displacement``.
"""

from __future__ import annotations

import math

from btcli.dice import Dice
from btcli.model.board import Board, Bridge, Building, BuildingType, Hex, Terrain
from btcli.model.frozen import evolve
from btcli.model.hexgrid import HexId, n_hexes
from btcli.model.hits import HexTarget
from btcli.model.state import GameState, Hit, StructureHit
from btcli.model.units import Unit
from btcli.rules.ground import piloting
from btcli.rules.ground.placement import floor_of, on_top, under_bridge

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from typing_extensions import TypeIs

    from btcli.model.events import Event, Events

# tables.md 10.1: the entry PSR modifier by building type (URB-MOVE-03).
ENTRY_PSR = {BuildingType.LIGHT: 0, BuildingType.MEDIUM: 1, BuildingType.HEAVY: 2, BuildingType.HARDENED: 5}

# tables.md 10.4: the basement table (2D6) as DEPTH:HOW a 'Mech falls in; other rolls: none.
BASEMENT_TABLE = {2: "2:kick", 3: "1:kick", 4: "1:fall", 10: "1:fall", 11: "1:punch", 12: "2:punch"}

BASEMENTS = ("", "none", "1:kick", "2:kick", "1:fall", "1:punch", "2:punch")

# URB-CLUB-01: 2D6 to find a girder in rubble, by the type of the building that fell.
GIRDER_TARGET = {BuildingType.MEDIUM: 7, BuildingType.HEAVY: 6, BuildingType.HARDENED: 5}


def absorbed(cf: int) -> int:
    """Returns what a building absorbs from each damage group, and what a failed entry deals: ceil(CF/10)."""
    return math.ceil(cf / 10)


def weight_damage(tons: int) -> int:
    """Returns the damage a unit deals to a building hex by entering it: ceil(tons/10) (URB-MOVE-05)."""
    return math.ceil(tons / 10)


def reduce_absorbed(damage: int, cf: int, area_effect: bool = False) -> tuple[int, int]:
    """Returns (damage to the unit inside, damage to the building) for one damage group (URB-IN-02, 05; AMB-43)."""
    if area_effect:
        return damage, 0
    soaked = min(damage, absorbed(cf))
    return damage - soaked, soaked


def absorb_hit(state: GameState, hit: Hit, hex_id: HexId, cf: int, source: str
               ) -> tuple[StructureHit, Hit | None, Event]:
    """A hit on a unit inside a building (URB-IN-02/03, AMB-43): the building's own hit, the hit that gets
    through (None when the building absorbs it all), and the event saying so."""
    from btcli.model.events_urban import BuildingAbsorbs  # fire at a unit inside a building only (issue #17)

    through, soaked = reduce_absorbed(hit.damage, cf)
    taken = soaked if state.options.occupant_hit_building_damage == "absorbed" else hit.damage
    said = BuildingAbsorbs(hit.target, hit.location, hit.damage, soaked, through)
    return building_hit(hex_id, taken, source), (evolve(hit, damage=through) if through > 0 else None), said


def damage_structure(board: Board, hex_id: HexId, amount: int) -> Board:
    """Subtracts damage from a building's (or else a bridge's) current CF, keeping its CF at the phase's
    start for collapse damage (URB-ATK-06, URB-BLD-04, URB-COLL-04)."""
    h = board.hex(hex_id)
    if amount <= 0:
        return board
    if h.building is not None:
        b = h.building
        new = evolve(b, cf=max(0, b.cf - amount), start_cf=b.start_cf or b.cf)
        return board.with_hex(hex_id, evolve(h, building=new))
    if h.bridge is not None:
        g = h.bridge
        new_bridge = evolve(g, cf=max(0, g.cf - amount), start_cf=g.start_cf or g.cf)
        return board.with_hex(hex_id, evolve(h, bridge=new_bridge))
    return board


def building_hit(hex_id: HexId, amount: int, source: str) -> StructureHit:
    """Returns a pending hit on a building or bridge hex, applied when the phase ends."""
    return StructureHit(HexTarget(hex_id), "building", amount, source)


def is_structure_hit(hit: StructureHit | Hit) -> TypeIs[StructureHit]:
    """Tells whether a pending hit strikes a building or bridge hex rather than a unit."""
    return isinstance(hit, StructureHit)


def new_phase(board: Board) -> Board:
    """Forgets the phase's starting CFs: the next phase starts from the CFs as they are now."""
    changed = {}
    for hex_id in board.structure_hexes:
        h = board.hexes[hex_id]
        if h.building is not None and h.building.start_cf:
            b = h.building
            changed[hex_id] = evolve(h, building=evolve(b, start_cf=0))
        elif h.bridge is not None and h.bridge.start_cf:
            g = h.bridge
            changed[hex_id] = evolve(h, bridge=evolve(g, start_cf=0))
    if not changed:
        return board
    return evolve(board, hexes={**board.hexes, **changed})


def destroyed(h: Hex) -> bool:
    """Tells whether a building or bridge hex has no construction factor left (URB-COLL-03)."""
    what = h.building or h.bridge
    return what is not None and what.cf <= 0


def overweight(state: GameState, hex_id: HexId, arriving: Unit | None = None,
               place: tuple[int, bool, bool] = (0, False, False)) -> str:
    """Returns why a building or bridge hex must collapse under weight now, or "" (URB-COLL-01, URB-BRG-03).

    Level 0 of a building never counts (basements, URB-BSMT-02); each level of a
    building, and its roof, holds its CF in tons (URB-BLD-05); a bridge deck holds its
    CF in all. ``arriving`` counts a unit entering the hex at ``place`` (floor, roof, under).
    """
    h = state.board.hex(hex_id)
    here = [((floor_of(u), on_top(u), under_bridge(u)), u.tons) for u in state.units.values()
            if u.hex == hex_id and u.active and (arriving is None or u.id != arriving.id)]
    if arriving is not None:
        here.append((place, arriving.tons))
    if h.building is not None:
        loads: dict[str, int] = {}
        for (floor, top, _), tons in here:
            if top or floor >= 1:
                key = "the roof" if top else f"level {floor}"
                loads[key] = loads.get(key, 0) + tons
        for where, tons in loads.items():
            if tons > h.building.cf:
                return f"{tons} tons on {where} exceed CF {h.building.cf}"
        return ""
    if h.bridge is not None:
        tons = sum(t for (_, _, under), t in here if not under)
        if tons > h.bridge.cf:
            return f"{tons} tons on the bridge exceed its CF {h.bridge.cf}"
    return ""


def roll_basement(board: Board, hex_id: HexId, dice: Dice, events: Events) -> Board:
    """URB-BSMT-01: the first 'Mech to enter a building hex at level 0 rolls on the basement table, once."""
    h = board.hex(hex_id)
    b = h.building
    if b is None or b.basement:
        return board
    from btcli.model.events_urban import BasementRolled  # met by a 'Mech entering a building: not every order's

    roll = dice.roll(2, f"basement table {hex_id.label}").total
    basement = BASEMENT_TABLE.get(roll, "none")
    events.append(BasementRolled(hex_id, 0 if basement == "none" else int(basement.split(":")[0]), roll))
    new = evolve(b, basement=basement)
    return board.with_hex(hex_id, evolve(h, building=new))


def collapse_share_met(collapsed: int, total: int, rule: str = "half_or_more") -> bool:
    """AMB-39: a whole building or bridge collapses when half or more of its hexes have
    (the seed's 半分以上); the scenario option ``collapse_share = "more_than_half"`` follows tables.md 10.3."""
    if total <= 1:
        return False
    return 2 * collapsed > total if rule == "more_than_half" else 2 * collapsed >= total


def collapse_damage(phase_cf: int, levels_above: int) -> int:
    """URB-COLL-04 (AMB-46): CF at the phase's start / 10, plus that much per level above, rounded half up."""
    total = phase_cf / 10 * (1 + levels_above)
    return math.floor(total + 0.5)


def structure_hexes(board: Board, name: str, bridge: bool = False) -> tuple[list[HexId], list[HexId]]:
    """Returns (standing hexes, collapsed hexes) of a multi-hex building or bridge."""
    standing, fallen = [], []
    for hex_id in sorted(board.hexes):
        h = board.hexes[hex_id]
        live = h.bridge if bridge else h.building
        if live is not None and live.structure == name:
            standing.append(hex_id)
        elif h.ruin is not None and isinstance(h.ruin, Bridge) == bridge and h.ruin.structure == name:
            fallen.append(hex_id)
    return standing, fallen


def entry_psr_modifiers(b_type: BuildingType, hexes_moved: int) -> list[tuple[str, int]]:
    """URB-MOVE-03: the building type's modifier plus the hexes-moved ladder (tables.md 10.1, 8.6)."""
    mods = []
    if ENTRY_PSR[b_type]:
        mods.append((f"{b_type.value} building", ENTRY_PSR[b_type]))
    ladder = piloting.building_entry_modifier(hexes_moved)
    if ladder:
        mods.append((f"{n_hexes(hexes_moved)} moved", ladder))
    return mods


def girder_target(h: Hex) -> int | None:
    """URB-CLUB-01: the 2D6 target to find a girder club in this hex, or None (no suitable rubble)."""
    ruin = h.ruin
    if h.terrain is not Terrain.RUBBLE or not isinstance(ruin, Building):
        return None
    return GIRDER_TARGET.get(ruin.type)
