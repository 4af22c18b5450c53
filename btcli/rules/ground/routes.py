"""The path ``move --to`` takes (issue #33 item 4): the cheapest, unless a path at most ``DEARER`` MP dearer, in the
same mode, calls for fewer rolls.

A path's rolls are the ones btcli makes as it plays the move (``btcli.rules.core.moves.apply_move``), counted as
if every roll succeeds (as ``move --dry-run`` lists them):

- ``skid`` (VEH-URB-02, VEH-GEN-01) and ``sideslip`` (VEH-SLIP-03, VEH-MOVE-03): a vehicle using flank
  MP rolls its driving skill each time it changes facing (in a paved hex, for a skid; anywhere, for a hover
  vehicle's, VTOL's or WiGE's sideslip) and then enters a hex; one roll per facing-change event however many
  hexsides it turns (AMB-04; ``skids.risk_points``);
- ``building`` (URB-MOVE-03, URB-MOVE-04, URB-BRG-08): the piloting or driving skill roll of entering a building
  hex, or a bridge the unit can pass neither over nor under;
- ``basement`` (URB-BSMT-01): the first 'Mech to enter a building hex at ground level rolls on the basement table;
- ``minefield`` (DROP-12): each minefield hex a ground unit enters attacks it with a roll;
- ``masc`` (EQ-MASC-02): a run with MASC engaged beyond the running MP without it rolls once a turn;
- ``water`` (PSR-WATER-01): a 'Mech makes a PSR for each hex of water of depth 1 or more it enters
  (``movement.water_entries``).

Standing up (a ``U`` step) is never part of a found path, and a rubble or ice hex calls for no roll in btcli, so
neither is counted.

The choice (``choose``) is lexicographic: fewest rolls first (each weighs one: any of them can fail), then fewest MP,
over the paths that cost at most ``DEARER`` MP more than the cheapest and fit the MP of the mode the cheapest is
played in (a found path never turns a walk into a run). The cheapest path is kept unless another makes strictly
fewer rolls, so a route without rolls, or where every path makes as many, is the one btcli always took; among
paths of equal rolls and MP the first found wins (a deterministic search). ``--path`` is never changed.
"""

from __future__ import annotations

import heapq

from btcli.errors import IllegalOrderError
from btcli.model.frozen import Record
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState
from btcli.model.units import MoveMode, Unit
from btcli.rules import kinds
from btcli.rules.ground import movement

DEARER = 2  # at most this many MP more than the cheapest path, to make fewer rolls
KINDS = ("skid", "sideslip", "building", "basement", "minefield", "masc", "water")  # the order rolls are listed in

Rolls = tuple[tuple[str, int], ...]  # (kind, how many), only kinds with rolls, in KINDS order


class Route(Record):
    """The path a ``move --to`` takes and the cheapest path it was chosen over (the same when it was kept),
    each with its MP and its rolls."""

    steps: tuple[str, ...]
    mp: int
    rolls: Rolls
    cheapest: tuple[str, ...]
    cheapest_mp: int
    cheapest_rolls: Rolls

    @property
    def changed(self) -> bool:
        """Tells whether a path other than the cheapest was taken."""
        return self.steps != self.cheapest


def count(rolls: Rolls) -> int:
    """Returns how many rolls ``rolls`` holds (each weighs one)."""
    return sum(n for _, n in rolls)


def path_rolls(state: GameState, unit: Unit, plan: movement.MovePlan, masc_from: int | None = None) -> Rolls:
    """Returns the rolls a checked ground move makes when every roll succeeds (see the module); ``masc_from`` is the
    MP beyond which a run with MASC engaged rolls for it (None: no MASC roll)."""
    counts = dict.fromkeys(KINDS, 0)
    board = state.board
    mobility = kinds.mobility(unit)
    if plan.mode.is_fast and mobility.skids:  # as core.moves._skid: only a vehicle's fast move meets the skid rules
        from btcli.rules.ground import skids

        counts[skids.risk_kind(unit)] += len(skids.risk_points(unit, board, plan.steps, True))
    basements = kinds.of(unit).finds_basements
    for meet in plan.structures:  # urban.buildings.enter: a roof or a deck calls for no roll
        if meet.kind in ("enter", "bridge"):
            counts["building"] += 1
        building = board.hex(meet.hex).building
        if meet.kind == "enter" and basements and meet.floor == 0 and building is not None and not building.basement:
            counts["basement"] += 1
    if not kinds.airborne(unit):  # drops.minefields.along: every minefield hex entered along the ground
        counts["minefield"] += sum(1 for h in plan.hexes if board.hex(h).minefield)
    if masc_from is not None and plan.mp > masc_from:
        counts["masc"] += 1
    counts["water"] += len(movement.water_entries(board, unit, plan))
    return tuple((kind, n) for kind, n in counts.items() if n)


def choose(state: GameState, unit: Unit, to: HexId, facing: Facing | None, mode: MoveMode | None,
           masc_from: int | None = None) -> Route:
    """Returns the path ``move --to`` takes (see the module): the cheapest legal path to ``to`` (``facing`` if
    given) in ``mode`` (None: the slowest that reaches), or one at most ``DEARER`` MP dearer in the same mode with
    fewer rolls. Raises IllegalOrderError as ``movement.find_path`` does when there is no path. A VTOL's path is a
    flight (``movement.successors``): a landed one climbs first, and one climbs over what it cannot fly across."""
    steps, fits = movement.cheapest_path(state, unit, to, facing, mode)
    try:
        plan = movement.check_move(state, unit, mode, steps)
    except IllegalOrderError:  # the order refuses it with its reason when it is played
        return Route(steps, 0, (), steps, 0, ())
    rolls = path_rolls(state, unit, plan, masc_from)
    kept = Route(steps, plan.mp, rolls, steps, plan.mp, rolls)
    if not rolls or fits is None or plan.mode is MoveMode.STAND:  # no roll to avoid; a minimum move is one hex
        return kept
    found = _fewer_rolls(state, unit, to, facing, fits, plan, count(rolls), masc_from)
    if found is None:
        return kept
    try:
        better = movement.check_move(state, unit, mode, found)
    except IllegalOrderError:
        return kept
    fewer = path_rolls(state, unit, better, masc_from)
    if better.mode is not plan.mode or count(fewer) >= count(rolls):  # the search's model and the rules agree
        return kept
    return Route(found, better.mp, fewer, steps, plan.mp, rolls)


def choose_all(state: GameState, unit: Unit, mode: MoveMode, hexes, masc_from: int | None = None
               ) -> dict[HexId, Route | IllegalOrderError]:
    """Returns, for each hex of ``hexes``, what ``choose(state, unit, hex, None, mode, masc_from)`` returns (or the
    refusal it raises), found by one search of the unit's reach in ``mode`` (``movement.cheapest_paths``) and one
    search for paths with fewer rolls to every hex whose cheapest path makes a roll (``_fewer_rolls_all``) instead
    of two searches per hex (``btcli options``, issue #33). A hex the searches cannot settle as ``choose`` would
    (one held by another unit at its first settled node, a path its check refuses)
    is asked of ``choose`` itself. tests/rules/test_routes.py checks the two agree hex by hex."""
    found: dict[HexId, Route | IllegalOrderError] = {}
    wanted = [h for h in hexes if h != unit.hex]
    try:
        movement._check_can_move(unit)
    except IllegalOrderError as exc:
        return {h: exc for h in wanted}
    tree = movement.cheapest_paths(state, unit, mode)
    asked = []
    needs: dict[HexId, tuple[int, int]] = {}  # hex -> (MP cap, rolls to beat)
    plans: dict[HexId, tuple[movement.MovePlan, Rolls]] = {}
    for hex_id in wanted:
        refusal = movement.target_refusal(state, unit, hex_id)
        if refusal is not None:
            found[hex_id] = refusal
            continue
        path = tree.get(hex_id)
        if path is None:
            asked.append(hex_id)
            continue
        try:
            plan = movement.check_move(state, unit, mode, path[0])
        except IllegalOrderError:
            asked.append(hex_id)
            continue
        rolls = path_rolls(state, unit, plan, masc_from)
        found[hex_id] = Route(plan.steps, plan.mp, rolls, plan.steps, plan.mp, rolls)
        if rolls and plan.mode is not MoveMode.STAND:
            if plan.mode is not mode:
                asked.append(hex_id)
                continue
            needs[hex_id] = (plan.mp + DEARER, count(rolls))
            plans[hex_id] = (plan, rolls)
    safer = _fewer_rolls_all(state, unit, mode, needs, masc_from) if needs else {}
    for hex_id, steps in safer.items():
        plan, rolls = plans[hex_id]
        try:
            better = movement.check_move(state, unit, mode, steps)
        except IllegalOrderError:
            continue
        fewer = path_rolls(state, unit, better, masc_from)
        if better.mode is plan.mode and count(fewer) < count(rolls):
            found[hex_id] = Route(steps, better.mp, fewer, plan.steps, plan.mp, rolls)
    for hex_id in asked:
        try:
            found[hex_id] = choose(state, unit, hex_id, None, mode, masc_from)
        except IllegalOrderError as exc:
            found[hex_id] = exc
    return found


def _fewer_rolls(state: GameState, unit: Unit, to: HexId, facing: Facing | None, fits: MoveMode,
                 cheapest: movement.MovePlan, rolls: int, masc_from: int | None) -> tuple[str, ...] | None:
    """Returns the path to ``to`` with the fewest rolls, then the fewest MP, of those with fewer than ``rolls`` that
    cost at most ``DEARER`` MP more than ``cheapest`` and fit ``fits``'s MP (None if there is none).

    ``_by_rolls``' search, bounded by the straight line to ``to`` (1 MP a hex): a node in ``to`` (facing ``facing``
    if given) within the MP ends a path there, its MASC roll counted, and is not gone beyond.
    """
    budget = movement.mode_mp(unit, fits, False)
    bonus = movement.gets_pavement_bonus(unit)
    cap = cheapest.mp + DEARER

    def arrive(node: tuple, mp: int) -> int | None:
        here, face, paved, _, place, _ = node
        if here != to or facing is not None and face != facing:
            return None
        if mp <= min(cap, budget + (1 if bonus and paved else 0)) and not movement.held_by_others(
                state, unit, here, place):
            return masc_from is not None and mp > masc_from
        return -1

    for made, _, node, steps in _by_rolls(state, unit, fits, cap, to, arrive):
        if made >= rolls:
            return None
        if node is None:  # a finished path, its MASC roll counted
            return steps
    return None


def _by_rolls(state: GameState, unit: Unit, fits: MoveMode, cap: int, to: HexId | None = None, arrive=None):
    """Yields ``(rolls, MP, node, steps)`` for each node of ``movement.successors``, plus whether a facing change
    waits for the next hex entered (a skid's or sideslip's roll, as ``skids.risk_points`` counts them), as it is
    settled: in order of (rolls, MP), each node with the fewest rolls that reach it and again only with less MP,
    within ``cap`` MP and ``fits``'s (a node from which the straight line to ``to``, 1 MP a hex, would break them
    is not gone to). ``arrive(node, MP)``: None to go on from the node; -1 to stop there; else the rolls to add for
    a path that ends there, yielded later in its order with node None.
    """
    step = _roll_step(state, unit, fits.is_fast)
    budget = movement.mode_mp(unit, fits, False)
    bonus = movement.gets_pavement_bonus(unit)
    backward = not fits.is_fast
    start = (*movement.search_start(state, unit), False)
    frontier: list = [(0, 0, 0, start, ())]
    settled: dict = {}
    expanded: dict = {}
    counter = 0
    while frontier:
        made, mp, _, node, steps = heapq.heappop(frontier)
        if node is None:
            yield made, mp, None, steps
            continue
        if settled.get(node, 1 << 30) <= mp:
            continue
        settled[node] = mp
        yield made, mp, node, steps
        if arrive is not None:
            extra = arrive(node, mp)
            if extra is not None:
                if extra >= 0:
                    counter += 1
                    heapq.heappush(frontier, (made + extra, mp, counter, None, steps))
                continue
        here, pending = node[0], node[5]
        base = node[:5]
        steps_from = expanded.get(base)
        if steps_from is None:  # a node is met with and without a facing change waiting: its steps are the same
            steps_from = expanded[base] = movement.successors(state, unit, base, backward)
        for code, node2, cost, event in steps_from:
            mp2 = mp + cost
            if mp2 + (node2[0].distance(to) if to is not None else 0) > min(cap, budget + (1 if bonus and node2[2]
                                                                                         else 0)):
                continue
            made2, pending2 = step(here, code, node2, event, made, pending)
            node2 = (*node2, pending2)
            if settled.get(node2, 1 << 30) <= mp2:
                continue
            counter += 1
            heapq.heappush(frontier, (made2, mp2, counter, node2, steps + (code,)))


def _roll_step(state: GameState, unit: Unit, fast: bool):
    """Returns ``step(here, code, node2, event, rolls, pending) -> (rolls, pending)``: the rolls a search step
    from ``here`` adds, as ``skids.risk_points`` and the move count them, and whether a facing change now waits
    for the next hex entered (``fast``: a skid's or sideslip's roll when it does): a hex entered after a facing
    change, a building or bridge entered, a minefield (not flying), a building's basement (a unit that finds
    them, on the ground floor)."""
    board = state.board
    mobility = kinds.mobility(unit)
    risky = fast and mobility.skids
    slipping = mobility.sideslips
    basements = kinds.of(unit).finds_basements
    mines = not kinds.airborne(unit)

    def step(here: HexId, code: str, node2: tuple, event: str, made: int, pending: bool) -> tuple[int, bool]:
        if code in ("L", "R"):
            return made, pending or (risky and (slipping or board.hex(here).paved))
        if code in ("A", "D"):  # a VTOL's climb or descent enters no hex (skids.risk_points)
            return made, pending
        h = board.hex(node2[0])
        return made + (pending + (event in ("enter", "bridge")) + (mines and bool(h.minefield))
                       + (event == "enter" and basements and node2[4][0] == 0 and h.building is not None
                          and not h.building.basement)), False

    return step


def _fewer_rolls_all(state: GameState, unit: Unit, fits: MoveMode, needs: dict[HexId, tuple[int, int]],
                     masc_from: int | None) -> dict[HexId, tuple[str, ...]]:
    """Returns, for each hex of ``needs`` (hex -> (MP cap, rolls)), the path ``_fewer_rolls`` finds to it (facing
    left open; its cheapest path played in ``fits``): the fewest rolls, then the fewest MP, of the paths with fewer
    than ``rolls`` rolls within the cap and ``fits``'s MP; a hex with none is left out. One ``_by_rolls`` search
    without a target's distance bound: a node's labels are settled with the fewest rolls first and reached again
    only with less MP, so each node keeps every (rolls, MP) that no other path beats on both, the ones
    ``_fewer_rolls`` picks from (a path of equal rolls and MP may be another of the same cost)."""
    budget = movement.mode_mp(unit, fits, False)
    bonus = movement.gets_pavement_bonus(unit)
    most = max(r for _, r in needs.values())
    chosen: dict[HexId, tuple[int, int, tuple[str, ...]]] = {}
    for made, mp, node, steps in _by_rolls(state, unit, fits, max(c for c, _ in needs.values())):
        if made >= most:
            break
        here, _, paved, _, place, _ = node
        need = needs.get(here)
        if need is not None and mp <= min(need[0], budget + (1 if bonus and paved else 0)):
            key = (made + (masc_from is not None and mp > masc_from), mp)
            if key[0] < need[1] and (here not in chosen or key < chosen[here][:2]) and not movement.held_by_others(
                    state, unit, here, place):
                chosen[here] = (*key, steps)
    return {h: steps for h, (_, _, steps) in chosen.items()}
