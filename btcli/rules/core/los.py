"""Line of sight over levels, woods, buildings and units' heights; partial cover.

Model (Total Warfare p.99-103 as understood here; tables.md 6.4 marks the
woods threshold as memory; decisions recorded in docs/rules-notes.md):

- A unit's top is its hex level plus its height: a standing 'Mech 2 levels,
  a prone 'Mech or a vehicle 1 (VEH-GEN-05); a 'Mech standing in water stands on
  the bottom. An airborne VTOL's top is its hex level plus its elevation plus 1.
- Only the hexes between attacker and target count ("intervening"; never the
  attacker's or the target's own hex).
- Intervening terrain counts when its top reaches the higher of the two
  units' tops or, in a hex adjacent to the attacker or the target, when it
  reaches that adjacent unit's own top, however high the other unit stands
  (TW p.99-103 as remembered; BMR p.26 and MegaMek's LosEffects read the same;
  UNVERIFIED). So a hill or woods beside a low attacker count against its shot
  at a high target, and woods beside a target in a valley count against a shot
  from a ridge. A hex adjacent to both counts when it reaches the lower top.
- Ground (plus any building on it) that counts blocks the line of sight.
- Woods that count (their top is ground + 2) add light +1, heavy +2 to hit;
  3 or more points block.
- Where the line runs along a hexside, the defender chooses: both lines are
  evaluated and the one worse for the attacker is used (docs/hexes.md).
- Partial cover: a standing 'Mech target whose adjacent intervening hex on the
  line rises exactly one level above the target's hex (a hill or building
  shoulder), with the attacker no higher than that hex's top, or a 'Mech
  standing in depth-1 water (tables.md 6.4): +1, leg hits strike the cover.
"""

from __future__ import annotations

from btcli.model.board import WOODS_HEIGHT, Board, Hex, Terrain
from btcli.model.frozen import Record
from btcli.model.hexgrid import HexId, hex_lines
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.ground import placement
from btcli.rules.ground.placement import floor_of, inside, unit_level

WOODS_POINTS = {Terrain.LIGHT_WOODS: 1, Terrain.HEAVY_WOODS: 2}
WOODS_BLOCK = 3  # tables.md 6.4 (memory; UNVERIFIED)


class Sight(Record, slots=False):
    """The line of sight from an attacker to a target, and what it costs to shoot along it."""

    blocked: bool
    woods: int  # intervening woods points (the to-hit modifier)
    partial_cover: bool
    reason: str = ""
    hexes: tuple[HexId, ...] = ()
    cover_hex: HexId | None = None  # the building hex giving partial cover: leg hits strike it (URB-IN-06/07)
    inside: int = -1  # both inside one building: intervening building hexes and levels (URB-IN-10/11)


def unit_height(unit: Unit) -> int:
    if kinds.airborne(unit):
        return unit.elevation + 1
    return 1 if unit.built.prone else kinds.of(unit).sight_height


def ground_level(board: Board, hex_id: HexId, unit: Unit | None = None) -> int:
    """Returns the level a unit stands on in a hex: the water bottom for a 'Mech in water."""
    h = board.hex(hex_id)
    if unit is not None and kinds.of(unit).stands_on_the_bottom and h.terrain is Terrain.WATER:
        return h.level - h.depth
    if h.bridge is not None and unit is not None:
        return h.bridge.level
    return h.level


def unit_top(board: Board, unit: Unit) -> int:
    if placement.flies_as_vtol(unit):
        return ground_level(board, unit.hex, unit) + unit_height(unit)

    return unit_level(board, unit) + unit_height(unit)


def _terrain_top(h: Hex) -> int:
    return h.level + (h.building.height if h.building is not None else 0)


def _counts_from(line: list[HexId], hex_id: HexId, attacker_top: int, target_top: int) -> int:
    """Returns the level intervening terrain in ``hex_id`` must reach to count: the higher unit's top,
    or, beside the attacker or the target, that unit's own top (TW p.99-103 adjacency; UNVERIFIED)."""
    level = max(attacker_top, target_top)
    if hex_id.distance(line[0]) == 1:
        level = min(level, attacker_top)
    if hex_id.distance(line[-1]) == 1:
        level = min(level, target_top)
    return level


def _evaluate(board: Board, line: list[HexId], attacker_top: int, target_top: int) -> tuple[bool, int, str]:
    woods = 0
    for hex_id in line[1:-1]:
        h = board.hex(hex_id)
        counts = _counts_from(line, hex_id, attacker_top, target_top)
        if _terrain_top(h) >= counts:
            what = "building" if h.building is not None else f"level {h.level} ground"
            return True, woods, f"{what} at {hex_id.label}"
        if h.terrain in WOODS_POINTS and h.level + WOODS_HEIGHT >= counts:
            woods += WOODS_POINTS[h.terrain]
    if woods >= WOODS_BLOCK:
        return True, woods, f"{woods} points of intervening woods"
    return False, woods, ""


def line_of_sight(board: Board, attacker: Unit, target: Unit) -> Sight:
    """Returns the line of sight between two units on the board."""
    if placement.inside(board, attacker) and placement.inside(board, target) and placement.same_structure(
        board, attacker.hex, target.hex
    ):
        return _inside_sight(board, attacker, target)
    attacker_top, target_top = unit_top(board, attacker), unit_top(board, target)
    results = []
    for line in hex_lines(attacker.hex, target.hex):
        blocked, woods, reason = _evaluate(board, line, attacker_top, target_top)
        cover = None if blocked else partial_cover(board, attacker, target, line)
        results.append((blocked, woods + (cover is not None), woods, cover, reason, tuple(line)))
    # The defender's choice: a blocked line first, then the larger to-hit penalty.
    blocked, _, woods, cover, reason, line = max(results, key=lambda r: (r[0], r[1]))
    cover_hex = cover if cover is not None and board.hex(cover).building is not None else None
    return Sight(blocked, woods, cover is not None, reason, line, cover_hex)


def sight_to_hex(board: Board, attacker: Unit, hex_id: HexId, target_top: int) -> Sight:
    """Returns the line of sight from a unit to a building or bridge hex whose top is ``target_top``;
    a building fills its whole hex (URB-ATK-02), so any line into the hex reaches it."""
    attacker_top = unit_top(board, attacker)
    best = None
    for line in hex_lines(attacker.hex, hex_id):
        blocked, woods, reason = _evaluate(board, line, attacker_top, target_top)
        if best is None or (blocked, woods) < (best.blocked, best.woods):
            best = Sight(blocked, woods, False, reason, tuple(line))
    return best


INSIDE_BLOCK = 2  # URB-IN-10: two or more intervening building hexes or levels block


def _inside_sight(board: Board, attacker: Unit, target: Unit) -> Sight:
    """URB-IN-09..11: both units inside one building; count the building hexes and levels between them
    (the hexes strictly between, plus the levels strictly between their floors; docs/rules-notes.md)."""
    worst = None
    for line in hex_lines(attacker.hex, target.hex):
        hexes = len(line) - 2 if len(line) > 1 else 0
        levels = max(0, abs(unit_level(board, attacker) - unit_level(board, target)) - 1)
        count = hexes + levels
        if worst is None or count > worst[0]:
            worst = (count, tuple(line))
    count, line = worst
    if count >= INSIDE_BLOCK:
        return Sight(True, 0, False, f"{count} building hexes or levels intervene inside the building", line, None, count)
    return Sight(False, 0, False, "", line, None, count)


def partial_cover(board: Board, attacker: Unit, target: Unit, line: list[HexId]) -> HexId | None:
    """Returns the hex giving a standing 'Mech target partial cover (tables.md 6.4), or None.

    A standing 'Mech on the top floor of a building (on the ground floor of a
    level-1 building) has it whatever the attacker's level (URB-IN-06, AMB-44).
    """
    if not kinds.of(target).legs_take_cover or target.built.prone:
        return None
    here = board.hex(target.hex)
    if here.terrain is Terrain.WATER and here.depth == 1:
        return target.hex

    b = inside(board, target)
    if b is not None and floor_of(target) == b.height - 1:
        return target.hex
    if len(line) < 3:
        return None
    shoulder = board.hex(line[-2])
    target_level = unit_level(board, target)
    if _terrain_top(shoulder) == target_level + 1 and unit_top(board, attacker) <= _terrain_top(shoulder) + 1:
        return line[-2]
    return None
