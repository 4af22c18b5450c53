"""The report's data, computed once and shown by every renderer (text, JSON, Markdown)."""

from __future__ import annotations

from btcli.model.board import Building
from btcli.model.hits import Crit, SlotHit
from btcli.model.state import GameState
from btcli.model.units import Unit
from btcli.render import kind_views
from btcli.rules import kinds
from btcli.rules.core import turn_order, victory
from btcli.rules.ground import placement


def place_of(u: Unit, board) -> str | None:
    """Returns where a unit stands in a building or bridge hex in words, or None elsewhere."""
    if u.hex is None or board is None:
        return None
    h = board.hex(u.hex)
    if h.building is not None:
        if placement.on_top(u):
            return "on the roof"
        floor = placement.floor_of(u)
        return f"in the basement (depth {-floor})" if floor < 0 else f"inside, level {floor}"
    if h.bridge is not None:
        return "under the bridge" if placement.under_bridge(u) else "on the bridge"
    return None


def structures_view(state: GameState) -> list[dict[str, object]]:
    """Returns every building and bridge hex, standing or fallen, with who is in it (docs/json-output.md)."""
    out = []
    for hex_id in sorted(state.board.hexes):
        h = state.board.hexes[hex_id]
        for kind, what in (("building", h.building), ("bridge", h.bridge)):
            if what is not None:
                entry: dict[str, object] = {"hex": hex_id.label, "kind": kind, "type": what.type.value, "cf": what.cf,
                                            "collapsed": False, "structure": what.structure or None}
                if kind == "building":
                    entry["height"] = what.height
                    entry["basement"] = what.basement or "not rolled"
                else:
                    entry["level"] = what.level
                out.append(entry)
        if h.ruin is not None:
            kind = "building" if isinstance(h.ruin, Building) else "bridge"
            out.append({"hex": hex_id.label, "kind": kind, "type": h.ruin.type.value, "cf": 0, "collapsed": True,
                        "structure": h.ruin.structure or None})
    for entry in out:
        entry["units"] = [
            f"{u.id} ({place_of(u, state.board)})" for u in state.units.values()
            if u.active and u.hex is not None and u.hex.label == entry["hex"] and not entry["collapsed"]
        ]
    return out


def unit_view(u: Unit, state: GameState | None = None) -> dict[str, object]:
    """Returns the report fields of one unit (documented in docs/json-output.md); what differs by kind is
    its kind's view's (``kind_views``): where it is, its MP, weapons, own fields and status words."""
    kind = kind_views.of(u)
    view: dict[str, object] = {
        "id": u.id,
        "side": u.side,
        "name": u.name,
        "kind": u.kind.value,
        "motive": u.motive.value,
        "tons": u.tons,
        "position": kind.position(u),
        "place": place_of(u, state.board if state is not None else None),
        "facing": u.facing.name,
        "destroyed": u.destroyed,
        "prone": u.built.prone,
        "movement": {
            "mode": u.mode.value,
            "mp_spent": u.mp_spent,
            "hexes_moved": u.hexes_moved,
        },
        "mp": kind.mp(u),
        "armor": dict(u.armor),
        "internal": dict(u.internal),
        "max_armor": dict(u.max_armor),
        "max_internal": dict(u.max_internal),
        "weapons": [m.label + (" (destroyed)" if m.destroyed else "") for m in u.weapons],
        "weapon_states": kind.weapon_states(u),
        "skills": {"gunnery": u.gunnery, "piloting": u.piloting},  # piloting is a vehicle's driving skill
        "mp_now": kind.mp_now(u),
        **kind.sheet(u),
    }
    if u.engine_type != "standard":  # EQ-ENG-01, 03: the engine when it is not a standard one
        view["engine"] = ENGINE_NAMES[u.engine_type]
    view["crits"] = [_crit_name(u, c) for c in u.crits]
    view["status"] = status(u, state)
    view["ammo"] = [f"{a.weapon}{AMMO_WORDS.get(a.kind, '')}@{a.location}: {a.shots}" for a in u.ammo]
    electronics = electronics_of(u)
    if u.c3:  # EQ-C3-08: its C3 computer, its network, linked or cut off
        from btcli.rules.core import c3

        electronics.append(c3.describe(state, u) if state is not None else "C3")
        view["c3"] = c3.view(state, u) if state is not None else {"computer": u.c3}
    if electronics:  # issue #31: only a unit that carries any (every other report reads as before)
        view["electronics"] = electronics
    if u.built.slots or u.targeting_computer:
        from btcli.rules.core import targeting_computer

        computer = targeting_computer.state(u)  # EQ-TC-03: working or destroyed
        if computer:
            view["targeting_computer"] = computer
    if placement.flies_as_vtol(u):
        view["elevation"] = u.elevation
    view.update(kind.fields(u, state))
    if _drops(u):
        view["drop"] = drop_view(u, state)
    return view


ENGINE_NAMES = {"xl": "XL", "clan_xl": "Clan XL", "light": "Light", "compact": "Compact",  # as MegaMek names them
                # support vehicles' (EQ-SV-05)
                "fuel_cell": "Fuel Cell", "fission": "Fission", "steam": "Steam", "battery": "Battery", "solar": "Solar"}


# The ammunition kinds a report names beside the weapon (standard rounds and LB-X cluster bins as before).
AMMO_WORDS = {"ap": " AP", "artemis": " Artemis", "narc": " Narc", "er": " ER", "he": " HE"}


def electronics_of(u: Unit) -> list[str]:
    """Returns what a unit's electronics are and what marks it (issue #31; btcli.rules.core.fire_control): its
    Artemis IV launchers, ECM suite and active probe (working or destroyed), the Narc pods it carries, a tag."""
    from btcli.rules.core import fire_control

    words = [f"Artemis IV FCS on {m.label}" + ("" if fire_control.artemis_working(u, i) else " (destroyed)")
             for i, m in enumerate(u.weapons) if m.artemis]
    if u.ecm:
        words.append(f"ECM suite@{u.ecm}" + ("" if fire_control.ecm_working(u) or u.destroyed else " (off)"))
    if u.probe:
        words.append(f"active probe@{u.probe}" + ("" if fire_control.probe_working(u) else " (destroyed)"))
    words += [f"Narc pod of {side}" for side in u.narc_pods]
    if u.tagged:
        words.append(f"tagged (turn {u.tagged})")
    return words


def drop_view(u: Unit, state: GameState | None) -> dict[str, object]:
    """Returns a dropping 'Mech's public drop facts: group, arrival turn, committed, landed (never the hex)."""
    from btcli.rules.drops import dropping as drops

    d = u.drop
    turn = drops.arrival_turn(state, u) if state is not None and d.reserve else None
    return {
        "group": d.reserve or None,
        "arrival_turn": turn or None,
        "committed": bool(d.commitment),
        "landed_turn": d.landed_turn or None,
        "off_map": d.off_map,
        "aborted_turn": d.aborted_turn or None,
    }


def status(u: Unit, state: GameState | None = None) -> str:
    """Returns the unit's condition in a few words ('' when it is fine)."""
    if u.destroyed:
        return "destroyed"
    words = []
    p = u.position
    if p is not None and p.floor:
        words.append(f"building level {p.floor}")
    if p is not None and p.roof:
        words.append("on roof")
    if p is not None and p.under_bridge:
        words.append("under bridge")
    club = kinds.of(u).club(u)  # URB-CLUB-01: a 'Mech's girder
    if club:
        words.append(f"carries a {club}")
    if _drops(u):
        words.extend(_drop_words(u, state))
    if u.built.prone:
        words.append("prone")
    if u.built.shutdown:
        words.append("shut down")
    if not u.conscious:
        words.append("unconscious")
    kind = kind_views.of(u)
    words.extend(kind.status(u))  # a 'Mech's heat, infantry's troopers
    if placement.flies_as_vtol(u):  # VTOLs and VTOL battle armor
        words.append(f"elevation {u.elevation}" if u.elevation else "landed")
    if u.pilot_hits:
        words.append(f"pilot hits {u.pilot_hits}")
    words.extend(kind.crew_status(u))  # a vehicle's size, crew, motive, turret
    if u.narc_pods:  # issue #31: EQ-NARC-01, EQ-TAG-01
        words.append(f"Narc pod ({', '.join(u.narc_pods)})")
    if u.tagged and state is not None and u.tagged == state.turn:
        words.append("tagged")
    return ", ".join(words)


def _drops(u: Unit) -> bool:
    """Tells whether a unit is (or was) a dropping 'Mech."""
    return u.drop is not None


def _drop_words(u: Unit, state: GameState | None) -> list[str]:
    d = drop_view(u, state)
    if u.drop.off_map:
        return ["scattered off the map (DROP-16)"]
    if u.drop.aborted_turn:
        return [f"drop called off in turn {u.drop.aborted_turn}: out of the battle"]
    if d["landed_turn"] is not None:
        return ["dropped this turn"] if state is not None and d["landed_turn"] == state.turn else []
    words = [f"reserve {d['group']}, arrives turn {d['arrival_turn']}" if d["arrival_turn"]
             else f"reserve {d['group']}, arrival not rolled yet"]
    if d["committed"]:
        words.append("landing hex committed")
    return words


def _crit_name(u: Unit, crit: Crit) -> str:
    """Returns a critical hit in words: 'Mech slots by their contents, vehicle results as they are."""
    if isinstance(crit, SlotHit) and crit.location in u.built.slots:
        kind, _, name = u.built.slots[crit.location][crit.slot].rpartition(":")
        name = name.replace("_", " ") + (" ammo" if kind == "ammo" else "")
        return f"{crit.location} {name}"
    return crit.label


def game_view(state: GameState, game: str = "GAME") -> dict[str, object]:
    """Returns the whole report as plain data; ``game`` is the game file as named in its commands."""
    over = bool(state.winner)
    return {
        "name": state.name,
        "turn": state.turn,
        "phase": state.phase.value,
        "revision": state.revision,
        "initiative": list(state.initiative),
        "next_to_move": next_to_move(state),
        "next": next_step(state, game),
        "sides": {
            sid: dict(zip(("name", "losses", "units"), (side.name, *victory.losses(state, sid))))
            for sid, side in state.sides.items()
        },
        "declarations": [
            {"attacker": d.attacker, "target": str(d.target), "weapons": list(d.weapons), "physical": d.physical}
            for d in state.declarations
        ],
        "unmoved": _unmoved(state),
        "move_queue": _move_queue(state),
        "dropping": {
            sid: [u.id for u in _arriving(state) if u.side == sid] if state.phase.value == "movement" else []
            for sid in state.sides
        },
        "drops": {
            gid: {"arrival": g.arrival, "after": g.after or None, "turn": g.turn or None,
                  "units": [u.id for u in state.units.values() if u.drop and u.drop.reserve == gid]}
            for gid, g in state.drops.items()
        },
        "active": {sid: [u.id for u in state.units.values() if u.side == sid and not u.out_of_action] for sid in state.sides},
        "destroyed": [u.id for u in state.units.values() if u.destroyed],
        "game_over": over,
        "winner": state.winner or None,
        "result": victory.describe(state) if over else None,
        "units": [unit_view(u, state) for u in state.units.values()],
        "structures": structures_view(state),
        **_maps(state),
    }


def _unmoved(state: GameState) -> dict[str, list[str]]:
    """The units of each side still to move (movement phase), or to deploy (deployment phase); assets
    first, as they move first (ASSET-INIT-01); gun emplacements never move (ASSET-MOVE-04), aerospace
    units move in the aerospace movement phase (TURN-01)."""
    if state.phase.value == "deployment":
        from btcli.rules.assets.deployment_phase import undeployed

        # Assets deploy first (ASSET-DEP-01): the kind says so (``KindRules.deploys_first``).
        waiting = sorted(undeployed(state), key=lambda u: not kinds.of(u).deploys_first)
        return {sid: [u.id for u in waiting if u.side == sid] for sid in state.sides}
    if state.phase.value != "movement":
        return {sid: [] for sid in state.sides}
    units = turn_order.missing_movers(state)
    if state.asset_slots:  # assets move first (ASSET-INIT-01), the assets that move as the rules count them
        first = {u.id for u in turn_order.asset_movers(state)}
        units.sort(key=lambda uid: uid not in first)
    return {sid: [uid for uid in units if state.units[uid].side == sid] for sid in state.sides}


def _move_queue(state: GameState) -> list[str]:
    """The units still to move this movement phase, in an order the rules accept when each side moves its
    ``unmoved`` units first to last (assets first in their batches, ASSET-INIT; TW p.39): a script can
    move them in turn without asking who is next. Empty outside the movement phase, and once a side
    moves out of this order (another of its units, or a batch chosen with --batch) it is redrawn."""
    if state.phase.value != "movement":
        return []
    from btcli.model.frozen import evolve
    from btcli.model.units import MoveMode

    waiting = _unmoved(state)
    queue: list[str] = []
    if not state.asset_slots:  # counted, not replayed move by move: linear in the units (issue #17)
        done, left = turn_order.movement_count(state)
        while (side := turn_order.side_after(state, done, left)) is not None and waiting.get(side):
            unit = state.units[waiting[side].pop(0)]
            queue.append(unit.id)
            if unit.mode is MoveMode.NONE:  # as if it stood still: ``side_to_move`` of that state
                done += 1
                if turn_order.waits_to_move(unit):
                    left[unit.side] -= 1
        return queue
    while (side := turn_order.side_to_move(state)) is not None and waiting.get(side):
        uid = waiting[side].pop(0)
        queue.append(uid)
        state = state.with_unit(evolve(state.units[uid], mode=MoveMode.STAND))
    return queue


def _maps(state: GameState) -> dict[str, object]:
    """Every map and its units, in games with aerospace maps only (a ground game's report is unchanged)."""
    if len(state.maps) == 1:
        return {}
    from btcli.render import aero_view

    return {"maps": aero_view.maps_view(state)} if aero_view.in_play(state) else {}


def next_to_move(state: GameState) -> str | None:
    """The side that moves next in the movement phase (deploys next in the deployment phase); once every
    unit moved, the side whose dropping 'Mech lands next (DROP-05); in an aerospace movement phase, the
    side of the next slot."""
    if state.phase.value == "deployment":
        from btcli.rules.assets.deployment_phase import side_to_deploy

        return side_to_deploy(state) if state.deployment is not None else None
    if state.phase.value in ("aero_movement", "space_movement"):
        from btcli.render import aero_view

        return aero_view.next_to_move(state)
    if state.phase.value != "movement":
        return None
    side = turn_order.side_to_move(state)
    if side is None and state.drops:
        from btcli.rules.drops import dropping as drops

        side = drops.side_to_drop(state)
    return side


def _arriving(state: GameState) -> list[Unit]:
    if not state.drops:
        return []
    from btcli.rules.drops import dropping as drops

    return drops.arriving(state)


def next_step(state: GameState, game: str = "GAME") -> dict[str, object]:
    """What happens next, for the report's hint line and scripts: the side to act, the units it may act
    with, the command that does it (``game`` names the file in it) and all of it in a sentence."""
    def step(hint: str, command: str | None, side: str | None = None, units: list[str] | None = None):
        return {"side": side, "units": units or [], "command": command,
                "hint": hint + (f" ({command})" if command else "")}

    phase = state.phase.value
    if state.winner:
        return step(f"the game is over: {victory.describe(state)}", None)
    side = next_to_move(state)
    if phase == "deployment" and side is not None:
        units = _unmoved(state)[side]
        return step(f"{side} deploys {_one_of(units)}", f"btcli deploy {game} UNIT --hex HEX", side, units)
    if phase in ("movement", "aero_movement", "space_movement") and side is not None:
        units = _unmoved(state).get(side, []) if phase == "movement" else []
        if phase == "movement" and not units:
            units = [u.id for u in _arriving(state) if u.side == side]
            return step(f"{side} lands {_one_of(units)}", f"btcli drop {game} UNIT --reveal", side, units)
        return step(f"{side} moves {_one_of(units) if units else 'its next unit'}",
                    f"btcli move {game} UNIT --path STEPS", side, units)
    from btcli.rules.core import phases

    missing = phases.current(state).missing(state)
    if missing is not None:
        return step(f"before the {phases.PHASE_NAMES.get(state.phase, phase)} phase ends: {missing[0]}", None)
    resolve = f"btcli resolve-phase {game}"
    told = len(state.declarations)
    if phase == "weapon":
        return step(f"{told} weapon attacks declared (btcli attack {game} UNIT TARGET); resolve-phase fires them",
                    resolve)
    if phase == "physical":
        return step(f"{told} physical attacks declared (btcli attack {game} UNIT TARGET --physical KIND); "
                    "resolve-phase strikes", resolve)
    does = {"initiative": "roll initiative", "movement": "end the movement phase",
            "deployment": "end the deployment phase", "heat": "resolve heat", "end": "end the turn"}
    return step(does.get(phase, "end the phase"), resolve)


def _one_of(units: list[str]) -> str:
    return units[0] if len(units) == 1 else "one of " + ", ".join(units) if units else "nobody"
