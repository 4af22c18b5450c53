"""C3 computers (issue #31, part c3; docs/equipment-rules.md EQ-C3-01..07).

A unit with a C3 computer that a scenario links to a network (``c3_network``) fires with the range of the
network member nearest the target: the bracket of the attacker's weapon at that member's distance, when it is
better than the attacker's own; line of sight, minimum range and every other modifier stay the attacker's.

- A standard network is a master and its slaves, or a company: a master linked to masters, each with its slaves
  (``c3_master`` names the master a unit links to); a C3i network is up to six C3i units (EQ-C3-02).
- A member counts while it is on the board, not shut down and its computer works; a spotter needs line of sight
  to the target (EQ-C3-03). Enemy ECM on the line between a unit and its master, or between the spotter and the
  attacker, cuts the link (EQ-C3-05); a master destroyed or its computer hit cuts off the units below it (EQ-C3-06).

Where MegaMek (@f0b2b01) decides each is cited at the function. Pure functions over the units' own data.
"""

from __future__ import annotations

from dataclasses import dataclass

from btcli.model.hexgrid import n_hexes
from btcli.model.state import GameState
from btcli.model.units import Unit, Weapon
from btcli.rules.core.modifiers import RANGE_MODIFIER

MASTER, SLAVE, C3I = "master", "slave", "c3i"
KINDS = (MASTER, SLAVE, C3I)
FAMILY = {MASTER: "C3", SLAVE: "C3", C3I: "C3i"}  # units of different families never share a network
MASTER_WEAPON = "C3 Master"
ITEMS = {SLAVE: "equipment:C3 Slave", C3I: "equipment:C3i", MASTER: f"weapon:{MASTER_WEAPON}"}
LANCE = 3  # slaves (or, for a company master, masters) linked to one master (TW; MegaMek C3 networks)
COMPANY = 12  # units in one standard C3 network at most
C3I_MAX = 6  # units in one C3i network at most


# -- the computer ------------------------------------------------------------------------------------------


def computer_working(unit: Unit) -> bool:
    """Tells whether a unit's C3 computer works now: it carries one, is on the board, not shut down, and the
    computer is not destroyed (MegaMek @f0b2b01 Entity.hasC3S, hasC3M, hasC3i: ``isShutDown()``, ``isOffBoard()``,
    ``!m.isInoperable()``). A master works while any of its master computers does; a slave or C3i computer is
    destroyed by a critical hit on any of its slots or with its location. A unit without slots (a vehicle) keeps
    its slave or C3i computer while it lives (no vehicle critical names it: Server.applyTankCritical)."""
    if not unit.c3 or not unit.active or unit.hex is None or unit.built.shutdown:
        return False
    if unit.c3 == MASTER:
        return any(m.weapon == MASTER_WEAPON and not m.destroyed for m in unit.weapons)
    item = ITEMS[unit.c3]
    for location, contents in unit.built.slots.items():
        if item in contents:
            if unit.internal.get(location, 1) <= 0:
                return False
            hit = unit.slot_hits(location)
            if any(i in hit for i, thing in enumerate(contents) if thing == item):
                return False
    return True


# -- the network as the scenario links it ---------------------------------------------------------------


def members(units: dict[str, Unit] | GameState, network: str) -> list[Unit]:
    """Returns the units the scenario links to ``network``, in their order."""
    pool = units.units if isinstance(units, GameState) else units
    return [u for u in pool.values() if network and u.c3_network == network]


def master_of(state: GameState, unit: Unit) -> Unit | None:
    """Returns the master a unit of a standard network links to: the one its ``c3_master`` names, else, for a
    slave, its network's only master (None for a C3i unit, a company master or an unlinked unit)."""
    if unit.c3 not in (MASTER, SLAVE) or not unit.c3_network:
        return None
    if unit.c3_master:
        return state.units.get(unit.c3_master)
    if unit.c3 == MASTER:
        return None
    masters = [u for u in members(state, unit.c3_network) if u.c3 == MASTER]
    return masters[0] if len(masters) == 1 else None


def network_problems(units: dict[str, Unit]) -> list[str]:
    """Returns why the scenario's C3 networks cannot be (EQ-C3-02): a unit without a C3 computer in one, a master
    it names that is not a master of its network, units of two C3 families or two sides in one network, a master
    with more than 3 units below it, a company deeper than two levels, more than 12 units in a standard network or
    6 in a C3i one, a standard network without exactly one master at its top."""
    problems: list[str] = []
    names = dict.fromkeys(u.c3_network for u in units.values() if u.c3_network)
    for u in units.values():
        if u.c3_network and not u.c3:
            problems.append(f"unit {u.id!r} is in C3 network {u.c3_network!r} but carries no C3 computer")
        if u.c3_master and not u.c3_network:
            problems.append(f"unit {u.id!r} names its C3 master {u.c3_master!r} but no c3_network")
    for name in names:
        group = members(units, name)
        if any(not u.c3 for u in group):
            continue
        where = f"C3 network {name!r}"
        families = sorted({FAMILY[u.c3] for u in group})
        if len(families) > 1:
            problems.append(f"{where} mixes {' and '.join(families)} computers (EQ-C3-02)")
            continue
        sides = sorted({u.side for u in group})
        if len(sides) > 1:
            problems.append(f"{where} holds units of sides {', '.join(sides)}: a network is one side's (EQ-C3-02)")
        if families == ["C3i"]:
            if len(group) > C3I_MAX:
                problems.append(f"{where} has {len(group)} C3i units, at most {C3I_MAX} (EQ-C3-02)")
            for u in group:
                if u.c3_master:
                    problems.append(f"unit {u.id!r}: a C3i unit has no master (c3_master) (EQ-C3-02)")
            continue
        problems += _standard_problems(where, group)
    return problems


def _standard_problems(where: str, group: list[Unit]) -> list[str]:
    """The checks of a standard C3 network (EQ-C3-02)."""
    problems: list[str] = []
    ids = {u.id: u for u in group}
    masters = [u for u in group if u.c3 == MASTER]
    if len(group) > COMPANY:
        problems.append(f"{where} has {len(group)} units, at most {COMPANY} (EQ-C3-02)")
    tops = [u for u in masters if not u.c3_master]
    if len(tops) != 1:
        problems.append(f"{where} needs one master at its top (a master that names no c3_master), not {len(tops)} "
                        "(EQ-C3-02)")
        return problems
    top = tops[0]
    below: dict[str, list[str]] = {m.id: [] for m in masters}
    for u in group:
        if u is top:
            continue
        if u.c3_master:
            parent = ids.get(u.c3_master)
            if parent is None or parent.c3 != MASTER:
                problems.append(f"unit {u.id!r}: its c3_master {u.c3_master!r} is not a master of {where} (EQ-C3-02)")
                continue
        elif u.c3 == SLAVE and len(masters) == 1:
            parent = top
        else:
            problems.append(f"unit {u.id!r}: {where} has {len(masters)} masters; name the one it links to "
                            "(c3_master) (EQ-C3-02)")
            continue
        if parent is u:
            problems.append(f"unit {u.id!r} names itself as its C3 master (EQ-C3-02)")
            continue
        if u.c3 == MASTER and parent is not top:
            problems.append(f"unit {u.id!r}: a lance master links to the company's top master {top.id!r} "
                            "(EQ-C3-02: two levels at most)")
            continue
        below[parent.id].append(u.id)
    for mid, under in below.items():
        if len(under) > LANCE:
            problems.append(f"master {mid!r} of {where} has {len(under)} units linked to it, at most {LANCE} "
                            "(EQ-C3-02)")
        kinds = {ids[i].c3 for i in under}
        if mid != top.id and MASTER in kinds:
            problems.append(f"master {mid!r} of {where}: only the top master takes masters (EQ-C3-02)")
        if len(kinds) > 1:
            problems.append(f"master {mid!r} of {where} links both masters and slaves (EQ-C3-02)")
    return problems


# -- who is linked now -----------------------------------------------------------------------------------


def _ecm_on(state: GameState, side: str, a: Unit, b: Unit) -> str:
    """Returns the id of an enemy whose ECM covers the line between two units ('' when none; EQ-C3-05)."""
    from btcli.rules.core import fire_control

    assert a.hex is not None and b.hex is not None
    return fire_control.ecm_affects(state, side, fire_control.line_of_fire(a.hex, b.hex))


def status(state: GameState, unit: Unit) -> tuple[Unit | None, str]:
    """Returns the unit at the top of a unit's live C3 link and '' (the unit itself when it is the top), or
    (None, why it is cut off). A standard unit climbs to its master, and a lance master to the company master,
    while the master is on the board with a working computer and no enemy ECM covers the line between them
    (MegaMek @f0b2b01 Entity.getC3Top, getC3Master: a master destroyed or its computer lost drops the units
    below it; a shut-down master drops them while it is down). A C3i unit is linked while no enemy ECM covers its
    hex (Entity.onSameC3NetworkAs: ``isAffectedByECM(e, e.getPosition(), e.getPosition())``)."""
    if not unit.c3_network:
        return None, "not linked"
    if unit.destroyed:
        return None, "destroyed"
    if not computer_working(unit):
        if unit.built.shutdown:
            return None, "shut down"
        return None, "off the board" if unit.hex is None else "its C3 computer is destroyed"
    if unit.c3 == C3I:
        ecm = _ecm_on(state, unit.side, unit, unit)
        return (None, f"cut off by {ecm}'s ECM") if ecm else (unit, "")
    here = unit
    for _ in range(3):  # two levels at most (EQ-C3-02)
        master = master_of(state, here)
        if master is None:
            return (here, "") if here.c3 == MASTER else (None, "no master")
        why = _link_cut(state, here, master)
        if why:  # a lance master cut from its company master keeps its own lance (getC3Top stops there)
            return (here, why) if here.c3 == MASTER else (None, why)
        here = master
    return here, ""


def _link_cut(state: GameState, unit: Unit, master: Unit) -> str:
    """Returns why the link from a unit to its master is down ('' when it is up; EQ-C3-05, EQ-C3-06)."""
    if master.destroyed:
        return f"its master {master.id} is destroyed"
    if not computer_working(master):
        if master.built.shutdown:
            return f"its master {master.id} is shut down"
        if master.hex is None:
            return f"its master {master.id} is off the board"
        return f"its master {master.id}'s C3 computer is destroyed"
    ecm = _ecm_on(state, unit.side, unit, master)
    return f"{ecm}'s ECM covers the line to its master {master.id}" if ecm else ""


def linked(state: GameState, a: Unit, b: Unit) -> bool:
    """Tells whether two units are on the same live C3 network now (MegaMek @f0b2b01 Entity.onSameC3NetworkAs:
    one side, the same network, both linked; a standard network's units share the top of their links)."""
    if a.side != b.side or not a.c3_network or a.c3_network != b.c3_network:
        return False
    top_a, top_b = status(state, a)[0], status(state, b)[0]
    if top_a is None or top_b is None:
        return False
    return a.c3 == b.c3 == C3I or (FAMILY[a.c3] == FAMILY[b.c3] == "C3" and top_a.id == top_b.id)


# -- the spotter ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Spotter:
    """The network member whose range to the target an attack uses (EQ-C3-04)."""

    unit: str
    distance: int


def spotters(state: GameState, attacker: Unit, target: Unit) -> list[Unit]:
    """Returns the members of the attacker's network that may spot ``target``, nearest first: linked to the
    attacker, on the board, with line of sight to the target (MegaMek @f0b2b01 Compute.findC3Spotter:
    ``onSameC3NetworkAs``, ``isDeployed``, ``LosEffects.calculateLos(...).canSee()``), and joined to the attacker
    by lines no enemy ECM covers, directly or through other such members (Compute.canCompleteNodePath)."""
    from btcli.rules.core import los

    if not attacker.c3_network or target.hex is None or attacker.hex is None:
        return []
    board = state.board
    seeing = []
    for friend in state.units.values():
        if friend.id == attacker.id or friend.hex is None or not linked(state, attacker, friend):
            continue
        if los.line_of_sight(board, friend, target).blocked:
            continue
        seeing.append(friend)
    aim = target.hex
    seeing.sort(key=lambda f: aim.distance(f.hex) if f.hex is not None else 0)
    reached = {attacker.id}  # the members joined to the attacker by lines no enemy ECM covers
    frontier = [attacker]
    while frontier:
        node = frontier.pop()
        for friend in seeing:
            if friend.id not in reached and not _ecm_on(state, attacker.side, node, friend):
                reached.add(friend.id)
                frontier.append(friend)
    return [f for f in seeing if f.id in reached]


def range_modifiers(state: GameState, attacker: Unit, weapon: Weapon, target: Unit, distance: int,
                    mods: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Returns the weapon's range modifiers with the C3 spotter's bracket in place of the attacker's when it is
    better (EQ-C3-04): the nearest spotter's distance to the target in the attacker's weapon's brackets
    (MegaMek @f0b2b01 Compute.getRangeMods, Compute.java:1353-1468: ``usingRange = min(range, c3range)``, the
    minimum range modifier from the attacker's own distance). Beyond the weapon's long range from the attacker
    no spotter helps (Compute.java:1326, RANGE_OUT first)."""
    found = spotters(state, attacker, target)
    if not found or not mods:
        return mods
    nearest = found[0]
    assert nearest.hex is not None and target.hex is not None
    reach = nearest.hex.distance(target.hex)
    own, theirs = _bracket(weapon, distance), _bracket(weapon, reach)
    if own is None or theirs is None or RANGE_MODIFIER[theirs] >= RANGE_MODIFIER[own]:
        return mods
    label = f"{theirs} range via C3 spotter {nearest.id} ({n_hexes(reach)}; {distance} from the attacker)"
    return [(label, RANGE_MODIFIER[theirs])] + mods[1:]


def _bracket(weapon: Weapon, distance: int) -> str | None:
    """The weapon's bracket at ``distance`` (tables.md 6.1), as ``tohit.range_bracket`` gives it."""
    return next((b for b in ("short", "medium", "long") if distance <= getattr(weapon, b)), None)


def describe(state: GameState, unit: Unit) -> str:
    """Returns a unit's C3 as the report says it (EQ-C3-08): its computer, its network and whether it is linked,
    or why it is cut off."""
    if not unit.c3:
        return ""
    what = {MASTER: "C3 master", SLAVE: "C3 slave", C3I: "C3i"}[unit.c3]
    if not unit.c3_network:
        return f"{what} (not linked)"
    top, why = status(state, unit)
    head = f"{what}, network {unit.c3_network}"
    if unit.c3_master:
        head += f" under {unit.c3_master}"
    if top is None:
        return head + f" (cut off: {why})"
    return head + (f" (linked to its lance; cut off from its company: {why})" if why else " (linked)")


def view(state: GameState, unit: Unit) -> dict[str, object]:
    """Returns a unit's C3 for the JSON report (EQ-C3-08): computer, network, master, working, linked, cut_off."""
    out: dict[str, object] = {"computer": unit.c3, "working": computer_working(unit)}
    if unit.c3_network:
        top, why = status(state, unit)
        out["network"] = unit.c3_network
        master = master_of(state, unit)
        if master is not None:
            out["master"] = master.id
        out["linked"] = top is not None
        if why:
            out["cut_off"] = why
    return out
