"""``btcli upgrade``: converts a format-1 game file (btcli 0.1) to format 2 by replaying its log.

Format 1 kept a unit's lasting conditions in an untyped ``extra`` table, its position as a bare
hex with the elevation beside it, and a vehicle's MP as cruise/flank. Its state hashes came
from reprs that format 2 no longer has, so they cannot be checked again; instead the upgrade
converts the initial state kept in entry 1, replays every logged command with today's rules
and refuses unless each entry's command, events and rolls come out exactly as logged and the
replay ends in the state the head holds. The new file then has fresh hashes and verifies.
"""

from __future__ import annotations

from btcli import catalog
from btcli.errors import BtcliError, GameFileError
from btcli.model.state import GameState
from btcli.model.units import Unit
from btcli.store import codec, journal, typed
from btcli.store.files import parse_toml
from btcli.store.hashing import entry_hash

# The place marks and the kind records' keys of a format-1 ``extra`` table.
PLACE = {"floor": "floor", "top": "roof", "under": "under_bridge"}
MECH = {"club", "girder_search"}
DROP = {"reserve", "commitment", "landed_turn", "aborted_turn", "off_map"}
VEHICLE_LISTS = {"stabilized", "motive_dsr"}


def unit_v1_to_v2(raw: dict, where: str) -> dict:
    """Returns a format-2 unit table for a format-1 one."""
    unit = dict(raw)
    kind = unit.get("kind")
    vehicle = kind == "vehicle"
    if vehicle:
        for old, new in (("cruise", "walk"), ("flank", "run"), ("driving", "piloting")):
            if old in unit:
                unit[new] = unit.pop(old)
    extra = dict(unit.pop("extra", {}))
    elevation = unit.pop("elevation", 0)
    label = unit.pop("position", "")
    if label:
        position = {"hex": label}
        for old, new in PLACE.items():
            if extra.get(old):
                position[new] = extra[old]
        if elevation:
            position["elevation"] = elevation
        unit["position"] = position
    for old in PLACE:
        extra.pop(old, None)
    unit["weapons"] = [{"weapon": w["name"], **{k: v for k, v in w.items() if k != "name"}}
                       for w in unit.get("weapons", [])]
    carried = {w["weapon"] for w in unit["weapons"]} | {a["weapon"] for a in unit.get("ammo", [])}
    unit["weapon_specs"] = {name: typed.to_plain(catalog.weapon(name)) for name in sorted(carried)}  # format 1 looked them up
    mech = {k: extra.pop(k) for k in list(extra) if k in MECH}
    drop = {k: extra.pop(k) for k in list(extra) if k in DROP}
    if "club" in mech and mech["club"] is True:
        mech["club"] = "club"
    if kind == "mech":
        unit["mech"] = mech
    elif mech:
        raise GameFileError(f"{where}: {', '.join(mech)} on a {kind}")
    else:  # format 1 wrote every field: a 'Mech's own (now in its record, Unit.LENT) at its default on other kinds
        for key in [k for k, (records, _) in Unit.LENT.items() if "mech" in records and not unit.get(k)]:
            unit.pop(key, None)
    if drop:
        unit["drop"] = drop
    if vehicle:
        for key in VEHICLE_LISTS & set(extra):
            extra[key] = list(extra[key])
        if "clearing" in extra:
            extra["clearing"] = bool(extra["clearing"])
        if isinstance(extra.get("cargo_tons"), int) and not isinstance(extra["cargo_tons"], bool):
            extra["cargo_tons"] = float(extra["cargo_tons"])
        if isinstance(extra.get("infantry"), bool):
            extra["infantry"] = int(extra["infantry"])
        unit["vehicle"] = extra
    elif extra:
        raise GameFileError(f"{where}: format-1 extra keys {', '.join(sorted(extra))} on a {kind}")
    return unit


def state_v1_to_v2(head: dict) -> dict:
    """Returns a format-2 head (or initial state) for a format-1 one."""
    out = {k: v for k, v in head.items() if k != "units"}
    out["game"] = {**head["game"], "format": 2}
    out["units"] = {uid: unit_v1_to_v2(u, f"unit {uid!r}") for uid, u in head.get("units", {}).items()}
    return out


def upgrade_text(data: bytes, replay, held_seed: int | None = None) -> tuple[GameState, list[dict[str, object]]]:
    """Converts a whole format-1 game file; returns the final state and the format-2 entries. ``replay``
    runs one logged entry again (``btcli.runner.replay``: the store reads and writes, it runs nothing)."""
    from btcli.store.gamefile import split_head
    from btcli.store.logparse import parse_log

    head_end = split_head(data)
    head = parse_toml(data[:head_end], "game file head")
    fmt = head.get("game", {}).get("format") if isinstance(head.get("game"), dict) else None
    if fmt != 1:
        raise GameFileError(f"btcli upgrade converts format-1 games; this file is format {fmt!r}")
    log = parse_log(data[head_end:])
    if not log or "initial" not in log[0]:
        raise GameFileError("the game file's first log entry does not hold the initial state")
    first = log[0]
    state = codec.state_from_dict(state_v1_to_v2(first["initial"]))
    state, entry = journal.init_entry(state, str(first["command"]))
    entries = [entry]
    for old in log[1:]:
        seq = old.get("seq")
        try:
            outcome = replay(state, old, held_seed)
        except BtcliError as exc:
            raise GameFileError(f"entry {seq}: {old.get('command')!r} does not replay with this btcli: {exc}") from None
        new = journal.make_entry(state, outcome, entry_hash(entries[-1]))
        for key in ("seq", "turn", "phase", "command", "events", "rolls"):
            if (new[key] != old.get(key) if key != "rolls"
                    else journal.plain_rolls(new[key]) != journal.plain_rolls(old.get(key))):
                raise GameFileError(f"entry {seq}: its {key} comes out differently with this btcli; "
                                    "the game cannot be upgraded (keep playing it with the btcli that started it)")
        entries.append(new)
        state = outcome.state
    if codec.state_to_dict(state) != codec.state_to_dict(codec.state_from_dict(state_v1_to_v2(head))):
        raise GameFileError("the head is not the state its log replays to (edited by hand?): not upgraded")
    return state, entries
