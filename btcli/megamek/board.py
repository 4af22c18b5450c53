"""MegaMek ``.board`` maps (docs/scenario-format.md, "MegaMek files") read into a scenario's ``[map]`` table:
each hex's level, woods, water depth, rough, rubble, pavement, roads, buildings (type, height, CF, and the
multi-hex buildings their exits describe) and bridges.

The format: ``size W H``, ``tag "..."`` lines, one ``hex CCRR LEVEL "TERRAIN" "THEME"`` line per hex,
then ``end``. TERRAIN is a ``;``-separated list of ``type:level[:exits]``; exits are a bit mask of
hexsides (1 N, 2 NE, 4 SE, 8 S, 16 SW, 32 NW), btcli's facings in order. A terrain given without exits
joins every neighbour holding the same terrain, as MegaMek reads it. THEME only changes MegaMek's
pictures, and is read past; so are ``fluff`` terrains (MegaMek's decorations).
"""

from __future__ import annotations

import json
import re

from btcli.errors import InputError
from btcli.megamek.notes import Notes
from btcli.model.board import CF_RANGE, DEFAULT_CF, BuildingType
from btcli.model.hexgrid import Facing, HexId

BUILDING_TYPES = {1: BuildingType.LIGHT, 2: BuildingType.MEDIUM, 3: BuildingType.HEAVY, 4: BuildingType.HARDENED}
# One terrain per btcli hex: when a MegaMek hex holds several, the first of these is kept.
BASE_ORDER = ("building", "water", "woods", "rough", "rubble", "pavement")
HEX_LINE = re.compile(r'^hex\s+(\d+)\s+(-?\d+)\s+"([^"]*)"(?:\s+"([^"]*)")?\s*$')
# MegaMek's board-picker tags and pictures, and its board options (``option exit_roads_to_pavement``: how it
# draws roads meeting pavement). Read past.
READ_PAST = ("tag", "description", "background", "option")
# Terrains that only change MegaMek's pictures (Terrains.java: the *_fluff decorations, the inclines it
# draws between levels) or nothing btcli plays (a metal deposit): read past.
COSMETIC = {"fluff", "bldg_fluff", "road_fluff", "ground_fluff", "water_fluff", "metal_deposit", "incline_top",
            "incline_bottom", "incline_high_top", "incline_high_bottom"}


class _Hex:
    """One hex as the file gives it: its line, level and terrains (name -> (level, exits or None))."""

    def __init__(self, line: int, level: int, terrains: dict[str, tuple[int, int | None]]):
        self.line = line
        self.level = level
        self.terrains = terrains


def read(text: str, notes: Notes) -> dict[str, object]:
    """Returns the ``[map]`` table a ``.board`` file holds (raises GameFileError naming the line)."""
    size: tuple[int, int] | None = None
    hexes: dict[HexId, _Hex] = {}
    ended = False
    number = 1
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#") or ended:
            continue
        word = line.split(None, 1)[0].casefold()
        if word == "size":
            words = line.split()
            if len(words) != 3 or size is not None:
                raise notes.fail(number, f"{line[:80]!r}: expected one 'size WIDTH HEIGHT' line")
            size = notes.whole(number, words[1], "board width", 1, 999), notes.whole(number, words[2], "board height",
                                                                                      1, 999)
        elif word == "hex":
            if size is None:
                raise notes.fail(number, "a hex line before the 'size' line")
            if len(hexes) == size[0] * size[1]:
                raise notes.fail(number, f"a hex line past the {size[0]} x {size[1]} board's {len(hexes)} hexes")
            hex_id, cell = _hex_line(number, line, size, len(hexes), notes)
            hexes[hex_id] = cell
        elif word == "end":
            ended = True
        elif word in READ_PAST:
            continue
        elif size is None:
            raise notes.fail(number, f"{line!r}: not a MegaMek .board file (one begins with 'size WIDTH HEIGHT')")
        else:
            notes.unmodelled(number, f"line {line!r}", "unknown board line", "read past")
    if size is None:
        raise notes.fail(1, "not a MegaMek .board file (no 'size WIDTH HEIGHT' line)")
    if not ended:
        raise notes.fail(number if text else 1, "no 'end' line after the hexes (is the file cut short?)")
    width, height = size
    missing = [HexId(c, r) for r in range(1, height + 1) for c in range(1, width + 1) if HexId(c, r) not in hexes]
    if missing:
        raise notes.fail(number, f"the board is {width} x {height} but gives no hex {missing[0].label} "
                         f"({len(missing)} missing; is the file cut short?)")
    tables = {hex_id: _hex_table(hex_id, cell, notes) for hex_id, cell in hexes.items()}
    _structures(hexes, tables, "building", "building", notes)
    _structures(hexes, tables, "bridge", "bridge", notes)
    _road_exits(hexes, tables, notes)
    notes.finish()
    return _map_table(width, height, tables)


def _hex_line(number: int, line: str, size: tuple[int, int], index: int, notes: Notes) -> tuple[HexId, _Hex]:
    """Reads the ``index``-th hex line. MegaMek places hexes in the file's order, row by row, and reads past
    their labels (Board.load): so does btcli, refusing a label that names another hex (a board over 99
    columns labels its hexes otherwise, CCCRR: those are read past)."""
    found = HEX_LINE.match(line)
    if found is None:
        raise notes.fail(number, f"{line[:80]!r}: expected 'hex CCRR LEVEL \"TERRAIN\" \"THEME\"'")
    hex_id = HexId(index % size[0] + 1, index // size[0] + 1)
    try:
        labelled = HexId.parse(found.group(1))
    except InputError:
        labelled = hex_id
    if labelled != hex_id and size[0] <= 99 and size[1] <= 99:
        raise notes.fail(number, f"hex {found.group(1)} stands where hex {hex_id.label} belongs (MegaMek places hexes "
                         "row by row in the file's order)")
    terrains: dict[str, tuple[int, int | None]] = {}
    for part in found.group(3).split(";"):
        part = part.strip()
        if not part:
            continue
        pieces = part.split(":")
        name = pieces[0].strip().casefold()
        if name in COSMETIC:
            continue
        level = notes.whole(number, pieces[1], f"terrain {name!r}'s level", -99999, 99999) if len(pieces) > 1 else 0
        exits = notes.whole(number, pieces[2], f"terrain {name!r}'s exits", 0, 0xFFFF) if len(pieces) > 2 else None
        if name in terrains:
            raise notes.fail(number, f"terrain {name!r} given twice in hex {hex_id.label}")
        terrains[name] = (level, exits)
    return hex_id, _Hex(number, notes.whole(number, found.group(2), f"hex {hex_id.label}'s level", -999, 999), terrains)


KNOWN = {"woods", "foliage_elev", "water", "rough", "rubble", "pavement", "road", "building", "bldg_elev",
         "bldg_cf", "bldg_class", "bldg_basement_type", "bridge", "bridge_cf", "bridge_elev"}


def _hex_table(hex_id: HexId, cell: _Hex, notes: Notes) -> dict[str, object]:
    """Returns one hex as the scenario's hex table (``{ terrain = ..., level = ..., ... }``)."""
    where = f"hex {hex_id.label}"
    t = dict(cell.terrains)
    for name in sorted(set(t) - KNOWN):
        notes.unmodelled(cell.line, f"terrain '{name}:{t[name][0]}'", f"terrain: {name}", "read as clear ground",
                         hex_label=hex_id.label)
        del t[name]
    table: dict[str, object] = {"terrain": "clear", "level": cell.level}
    bases = [b for b in BASE_ORDER if b in t]
    for extra in bases[1:]:
        if bases[0] == "building" and extra == "pavement":  # paving under a building: no part of the building's rules
            continue
        notes.unmodelled(cell.line, f"{extra} as well as {bases[0]} (a btcli hex holds one terrain)",
                         f"terrain: {extra} with {bases[0]}", f"the {bases[0]} is kept", hex_label=hex_id.label)
    base = bases[0] if bases else None
    if base == "building":
        table["terrain"] = "building"
        table["building"] = _building(hex_id, cell, t, notes)
    elif base == "water":
        table["terrain"] = "water"
        if t["water"][0] < 0:
            raise notes.fail(cell.line, f"{where}: water depth {t['water'][0]}")
        if t["water"][0]:
            table["depth"] = t["water"][0]
    elif base == "woods":
        density = t["woods"][0]
        if density not in (1, 2):
            notes.unmodelled(cell.line, f"woods:{density} (btcli has light woods:1 and heavy woods:2)",
                             f"terrain: woods:{density}", "read as clear ground", hex_label=hex_id.label)
        else:
            table["terrain"] = "light_woods" if density == 1 else "heavy_woods"
    elif base in ("rough", "rubble"):
        _plain(table, base, t[base][0], (1,) if base == "rough" else (1, 2, 3, 4), hex_id.label, cell.line, notes)
        if base == "rubble" and table["terrain"] == "rubble" and t["rubble"][0] in BUILDING_TYPES:
            kind = BUILDING_TYPES[t["rubble"][0]]  # UNVERIFIED: rubble's level is the fallen building's type
            table["ruin"] = {"kind": "building", "type": kind.value}
    elif base == "pavement":
        table["terrain"] = "paved"
    if "foliage_elev" in t and (base != "woods" or t["foliage_elev"][0] != 2):
        notes.unmodelled(cell.line, f"foliage_elev:{t['foliage_elev'][0]} (btcli's woods stand 2 levels tall, AMB-02)",
                         "foliage height", "read as 2 levels", hex_label=hex_id.label)
    if "road" in t:  # MegaMek reads no road level: road:2 is a road (its level picks a picture)
        if t["road"][0] < 1:
            notes.unmodelled(cell.line, f"road:{t['road'][0]}", f"terrain: road:{t['road'][0]}", "read as no road",
                             hex_label=hex_id.label)
        else:
            table["road"] = True
    if "bridge" in t:
        table["bridge"] = _bridge(hex_id, cell, t, notes)
        table["road"] = True  # a bridge carries a road (docs/scenario-format.md)
    for name in ("bldg_elev", "bldg_cf", "bldg_class", "bldg_basement_type"):
        if name in t and base != "building":
            raise notes.fail(cell.line, f"{where}: {name} without a building")
    for name in ("bridge_cf", "bridge_elev"):
        if name in t and "bridge" not in t:
            raise notes.fail(cell.line, f"{where}: {name} without a bridge")
    order = ("terrain", "level", "depth", "road", "building", "bridge", "ruin")
    return {key: table[key] for key in order if key in table}


def _plain(table: dict, base: str, level: int, levels: tuple[int, ...], where: str, line: int, notes: Notes) -> None:
    if level in levels:
        table["terrain"] = base
    else:
        notes.unmodelled(line, f"{base}:{level} (btcli knows {base}:{'/'.join(map(str, levels))})",
                         f"terrain: {base}:{level}", "read as clear ground", hex_label=where)


def _structure_type(hex_id: HexId, cell: _Hex, name: str, notes: Notes) -> BuildingType:
    code = cell.terrains[name][0]
    if code not in BUILDING_TYPES:
        raise notes.fail(cell.line, f"hex {hex_id.label}: {name}:{code} (types 1 light, 2 medium, 3 heavy, "
                         "4 hardened)")
    return BUILDING_TYPES[code]


def _cf(hex_id: HexId, cell: _Hex, kind: BuildingType, key: str, what: str, notes: Notes) -> int:
    """Returns a building's (or bridge's) CF. TW gives each type a range of CF (URB-BLD-06, URB-BRG-02);
    MegaMek's boards do not hold to it (a CF-160 light bridge), and MegaMek plays the type and the CF apart.
    A CF outside its type's range is noted, and read leniently as the nearest CF the type allows: the
    type stays the file's, which a multi-hex building's hexes share (MegaMek's Building refuses otherwise)."""
    cf = cell.terrains[key][0] if key in cell.terrains else DEFAULT_CF[kind]
    low, high = CF_RANGE[kind]
    if low <= cf <= high:
        return cf
    if cf < 1:
        raise notes.fail(cell.line, f"hex {hex_id.label}: a {what} with CF {cf}")
    kept = min(max(cf, low), high)
    notes.unmodelled(cell.line, f"a {kind.value} {what} of CF {cf} (TW p.67 gives {kind.value} {what}s CF {low}-{high})",
                     f"{what} CF outside its type's range", f"read as CF {kept}, the nearest its type allows",
                     hex_label=hex_id.label)
    return kept


def _building(hex_id: HexId, cell: _Hex, t: dict, notes: Notes) -> dict[str, object]:
    kind = _structure_type(hex_id, cell, "building", notes)
    if "bldg_elev" not in t or t["bldg_elev"][0] < 1:
        raise notes.fail(cell.line, f"hex {hex_id.label}: a building needs bldg_elev (its height, 1 level or more)")
    for name, what in (("bldg_class", "building class"), ("bldg_basement_type", "basement type")):
        if name in t and t[name][0] != 0:  # 0: a standard building; a basement rolled when first entered
            notes.unmodelled(cell.line, f"{what} {name}:{t[name][0]}", what,
                             "read as no basement (give one in the scenario's [map.hexes])"
                             if name == "bldg_basement_type" else "read as a standard building", hex_label=hex_id.label)
    return {"type": kind.value, "height": t["bldg_elev"][0], "cf": _cf(hex_id, cell, kind, "bldg_cf", "building", notes)}


def _bridge(hex_id: HexId, cell: _Hex, t: dict, notes: Notes) -> dict[str, object]:
    kind = _structure_type(hex_id, cell, "bridge", notes)
    elevation = t["bridge_elev"][0] if "bridge_elev" in t else 0
    return {"type": kind.value, "cf": _cf(hex_id, cell, kind, "bridge_cf", "bridge", notes),
            "level": cell.level + elevation}


def _exits(hexes: dict[HexId, _Hex], hex_id: HexId, name: str, joins: tuple[str, ...] = ()) -> set[Facing]:
    """Returns the hexsides a terrain leaves its hex by: its exit bits, or, without any, every neighbour
    holding the same terrain (or one of ``joins``; MegaMek's reading)."""
    exits = hexes[hex_id].terrains[name][1]
    if exits is None:
        kinds = (name, *joins)
        return {f for f in Facing if hex_id.neighbor(f) in hexes
                and any(k in hexes[hex_id.neighbor(f)].terrains for k in kinds)}
    return {f for f in Facing if exits & (1 << f.value)}


def _structures(hexes: dict[HexId, _Hex], tables: dict[HexId, dict], name: str, key: str, notes: Notes) -> None:
    """Names the multi-hex buildings (or bridges): hexes joined by an exit into a neighbour that holds one too
    share a ``structure`` (URB-GEN-01, URB-BRG-04), named for its first hex."""
    holders = sorted(h for h, table in tables.items() if key in table)
    group = {h: h for h in holders}

    def root(h: HexId) -> HexId:
        while group[h] != h:
            group[h] = group[group[h]]
            h = group[h]
        return h

    for h in holders:
        for facing in _exits(hexes, h, name):
            other = h.neighbor(facing)
            if other in group:
                if tables[other][key]["type"] != tables[h][key]["type"]:
                    raise notes.fail(hexes[h].line, f"hex {h.label}: its {name} joins {other.label}'s, a "
                                     f"{tables[other][key]['type']} one, but is {tables[h][key]['type']}")
                a, b = root(h), root(other)
                group[max(a, b)] = min(a, b)
    members: dict[HexId, list[HexId]] = {}
    for h in holders:
        members.setdefault(root(h), []).append(h)
    for first, hexes_of in members.items():
        if len(hexes_of) > 1:
            for h in hexes_of:
                tables[h][key]["structure"] = f"{name}-{first.label}"


def _road_exits(hexes: dict[HexId, _Hex], tables: dict[HexId, dict], notes: Notes) -> None:
    """Gives each road (and bridge) hex the exits its road leaves by, where they do not face every road beside
    it (``road_exits``; a road without them joins every road beside it). A road with no exits at all beside a
    road that faces it cannot be kept: btcli would join them."""
    roads = {h for h, table in tables.items() if table.get("road")}
    found = {h: set().union(*(_exits(hexes, h, name, ("road", "bridge")) for name in ("road", "bridge")
                              if name in hexes[h].terrains)) for h in roads}
    for h in sorted(roads):
        beside = {f for f in Facing if h.neighbor(f) in roads}
        if beside <= found[h]:
            continue
        if found[h]:
            tables[h]["road_exits"] = [f.name for f in sorted(found[h])]
            continue
        facing_back = [h.neighbor(f).label for f in sorted(beside) if f.opposite() in found[h.neighbor(f)]]
        if facing_back:
            notes.unmodelled(hexes[h].line, f"a road with no exits beside roads that lead into it "
                             f"({', '.join(facing_back)}; btcli would join them)", "road without exits",
                             "joined to the roads beside it", hex_label=h.label)


def _map_table(width: int, height: int, tables: dict[HexId, dict]) -> dict[str, object]:
    """Returns the ``[map]`` table: the most common plain hex as the default, the others under ``hexes``."""
    counts: dict[str, int] = {}
    for table in tables.values():
        if "building" not in table and "bridge" not in table:
            key = json.dumps(table, sort_keys=True)
            counts[key] = counts.get(key, 0) + 1
    default = json.loads(max(counts, key=counts.__getitem__)) if counts else {"terrain": "clear", "level": 0}
    out: dict[str, object] = {"width": width, "height": height, **default}
    out["hexes"] = {h.label: table for h, table in sorted(tables.items()) if table != default}
    return out
