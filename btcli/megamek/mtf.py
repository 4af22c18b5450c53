"""MegaMek ``.mtf`` 'Mech files (docs/scenario-format.md, "MegaMek files") read into a scenario's inline
'Mech design: tonnage, engine (rating and type), walk and jump MP, heat sinks, armor per location
(rear torso too), every weapon with its location and rear mounting, the ammunition bins its critical
slots hold, and the critical slots as written (``slots``, which replace btcli's derived layout).

The format: ``key:value`` lines (keys in any case), the chassis and model on the two key-less lines
after ``Version:`` (or ``chassis:`` / ``model:``), ``Weapons:N`` followed by N ``Name, Location`` lines
(``(R)`` for a rear mount), and one block of slot lines per location (``Left Arm:`` ... ``Right Leg:``;
12 lines, ``-Empty-`` padding; the head and legs hold 6).
"""

from __future__ import annotations

import re
from math import ceil

from btcli.megamek import names
from btcli.megamek.notes import Notes

# Keys that describe the design without changing how it plays: read past.
DESCRIPTIVE = {
    "version", "chassis", "model", "clanname", "techbase", "era", "source", "rules level", "role", "mul id",
    "overview", "capabilities", "deployment", "history", "manufacturer", "primaryfactory", "systemmanufacturer",
    "systemmode", "notes", "imagefile", "fluffimage", "icon", "year", "base chassis heat sinks",
}
SLOT_COUNT = {"HD": 6, "CT": 12, "LT": 12, "RT": 12, "LA": 12, "RA": 12, "LL": 6, "RL": 6}
REAR, OMNIPOD = names.REAR, names.OMNIPOD
KEPT = "its slot is kept; a critical hit there does nothing"
ENGINE = re.compile(r"^\s*(\d+)\s+(.*?)\s*(?:engine)?\s*(?:\((?:IS|Clan)\))?\s*$", re.IGNORECASE)


def read(text: str, notes: Notes) -> dict[str, object]:
    """Returns the inline 'Mech design an ``.mtf`` file holds (raises GameFileError naming the line)."""
    lines = [(number, line.rstrip()) for number, line in enumerate(text.splitlines(), start=1)]
    values: dict[str, tuple[int, str]] = {}
    name_lines: list[tuple[int, str]] = []
    weapons: list[tuple[int, str]] = []
    blocks: dict[str, list[tuple[int, str]]] = {}
    naming = False  # just after Version: the key-less chassis and model lines
    i = 0
    while i < len(lines):
        number, line = lines[i]
        i += 1
        if not line.strip():
            naming = False
            continue
        key, colon, value = line.partition(":")
        if not colon:
            if naming and len(name_lines) < 2:
                name_lines.append((number, line.strip()))
                continue
            raise notes.fail(number, f"unexpected line {line.strip()!r} (not 'key:value', a weapon or a slot)")
        naming = False
        key = " ".join(key.split()).casefold()
        if key in names.MECH_LOCATIONS and not value.strip():
            location = names.MECH_LOCATIONS[key]
            if location in blocks:
                raise notes.fail(number, f"a second '{line.strip()}' block")
            blocks[location], i = _lines_after(lines, i)
            continue
        if key == "weapons":
            if "weapons" in values:
                raise notes.fail(number, f"'weapons' given twice (line {values['weapons'][0]} and here)")
            values["weapons"] = (number, value.strip())
            count = _count(value, number, notes, "Weapons")
            weapons, i = _lines_after(lines, i, count)
            if len(weapons) < count:
                raise notes.fail(weapons[-1][0] if weapons else number,
                                 f"Weapons:{count} announces {count} weapons, the list ends after {len(weapons)}")
            continue
        if key in values:
            raise notes.fail(number, f"'{key}' given twice (line {values[key][0]} and here)")
        values[key] = (number, value.strip())
        naming = key == "version"
    if "version" not in values and "chassis" not in values:
        raise notes.fail(1, "not a MegaMek .mtf file (no 'Version:' line, no 'chassis:')")
    return _design(values, name_lines, weapons, blocks, notes, len(lines))


_KNOWN = {"config", "mass", "engine", "structure", "myomer", "heat sinks", "walk mp", "jump mp", "armor", "gyro",
          "cockpit", "ejection", "weapons"} | set(names.MECH_LOCATIONS) | {f"{k.casefold()} armor" for k in names.MECH_ARMOR}


def _lines_after(lines: list[tuple[int, str]], i: int, count: int = 12) -> tuple[list[tuple[int, str]], int]:
    """Returns up to ``count`` non-blank lines from ``i`` that are not ``key:`` lines (a block's slots, the
    weapon list), and where reading goes on."""
    found: list[tuple[int, str]] = []
    while i < len(lines) and len(found) < count:
        number, line = lines[i]
        if not line.strip():
            if found:
                break
            i += 1
            continue
        key, colon, _ = line.partition(":")
        if colon and " ".join(key.split()).casefold() in (DESCRIPTIVE | _KNOWN):
            break
        found.append((number, line.strip()))
        i += 1
    return found, i


def _count(value: str, number: int, notes: Notes, what: str) -> int:
    text = value.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        raise notes.fail(number, f"{what}: expected a whole number, not {text!r}")
    return int(text)


def _design(values: dict[str, tuple[int, str]], name_lines: list[tuple[int, str]], weapons: list[tuple[int, str]],
            blocks: dict[str, list[tuple[int, str]]], notes: Notes, last: int) -> dict[str, object]:
    def need(key: str) -> tuple[int, str]:
        if key not in values:
            raise notes.fail(last, f"no '{key}:' line (a complete .mtf gives it; is the file cut short?)")
        return values[key]

    for key, (number, value) in values.items():
        if key not in DESCRIPTIVE and key not in _KNOWN:
            notes.unmodelled(number, f"'{key}:{value}'")
    chassis = values.get("chassis", (0, name_lines[0][1] if name_lines else ""))[1]
    model = values.get("model", (0, name_lines[1][1] if len(name_lines) > 1 else ""))[1]
    name = " ".join(f"{chassis} {model}".split())
    if not name:
        raise notes.fail(values.get("version", (1, ""))[0], "no chassis name after 'Version:'")
    number, config = need("config")
    if " ".join(config.split()).casefold() not in ("biped", "biped omnimech"):
        raise notes.fail(number, f"Config:{config}: btcli plays biped 'Mechs only")
    tons = _count(need("mass")[1], need("mass")[0], notes, "Mass")
    engine, rating = _engine(need("engine"), notes)
    for key in ("structure", "myomer", "armor", "gyro", "cockpit", "ejection"):
        text = values[key][1].casefold() if key in values else "standard"
        if "standard" not in text and not (key == "ejection" and text == "none"):
            notes.unmodelled(values[key][0], f"{key} {values[key][1]!r} (btcli knows the standard one)",
                             "read as the standard one")
    sinks, single = _heat_sinks(need("heat sinks"), notes)
    walk = _count(need("walk mp")[1], need("walk mp")[0], notes, "Walk MP")
    jump = _count(values["jump mp"][1], values["jump mp"][0], notes, "Jump MP") if "jump mp" in values else 0
    armor = {}
    for key, location in names.MECH_ARMOR.items():
        number, value = need(f"{key.casefold()} armor")
        armor[location] = _count(value, number, notes, f"{key} Armor")
    mounts = [_weapon(number, line, notes) for number, line in weapons]
    mounts = [m for m in mounts if m is not None]
    for location in SLOT_COUNT:
        if location not in blocks:
            full = next(k for k, v in names.MECH_LOCATIONS.items() if v == location).title()
            raise notes.fail(last, f"no '{full}:' critical slots (a complete .mtf lists every location; is the "
                             "file cut short?)")
    slots, ammo = _slots(blocks, notes)
    _check_weapons(mounts, slots, blocks, notes)
    if single:  # lenient double heat sinks keep their slots as inert equipment: no count to check
        _check_heat_sinks(sinks, slots, rating, values["heat sinks"][0], notes)
    design: dict[str, object] = {
        "kind": "mech", "name": name, "tons": tons, "engine": engine, "engine_rating": rating, "walk": walk,
        "run": ceil(1.5 * walk), "jump": jump, "heat_sinks": sinks,
        "armor": {k: armor[k] for k in ("HD", "CT", "CTR", "LT", "LTR", "RT", "RTR", "LA", "RA", "LL", "RL")},
        "weapons": [{"name": w, "location": loc, **({"rear": True} if rear else {})} for _, w, loc, rear in mounts],
        "ammo": ammo,
        "slots": slots,
    }
    return design


def _engine(entry: tuple[int, str], notes: Notes) -> tuple[str, int]:
    """Returns the engine type ('fusion' or 'ice') and rating of ``Engine:160 Fusion Engine``."""
    number, value = entry
    found = ENGINE.match(value)
    if found is None:
        raise notes.fail(number, f"Engine:{value}: expected the rating first, e.g. '160 Fusion Engine'")
    rating, kind = int(found.group(1)), " ".join(found.group(2).split()).casefold()
    if kind in ("fusion", "ice", "i.c.e."):
        return ("ice" if kind != "fusion" else "fusion"), rating
    if kind in ("xl", "xxl", "light", "compact", "xl fusion", "light fusion", "compact fusion"):
        notes.unmodelled(number, f"a {found.group(2)} engine", "read as a standard fusion engine")
        return "fusion", rating
    raise notes.fail(number, f"Engine:{value}: btcli knows fusion and ICE engines")


def _heat_sinks(entry: tuple[int, str], notes: Notes) -> tuple[int, bool]:
    """Returns the count of ``Heat Sinks:13 Single`` and whether they are single heat sinks."""
    number, value = entry
    found = re.match(r"^\s*(\d+)\s*(\w*)", value)
    if found is None:
        raise notes.fail(number, f"Heat Sinks:{value}: expected a count and a type, e.g. '10 Single'")
    single = found.group(2).casefold() in ("", "single")
    if not single:
        notes.unmodelled(number, f"{found.group(2)} heat sinks", "read as single heat sinks")
    return int(found.group(1)), single


def _weapon(number: int, line: str, notes: Notes) -> tuple[int, str, str, bool] | None:
    """Returns (line, catalog weapon, location, rear) of a weapon-list line, or None when it is left out."""
    text, rear = REAR.subn("", line)
    name, comma, where = text.rpartition(",")
    if not comma:
        raise notes.fail(number, f"weapon line {line!r}: expected 'Name, Location'")
    name, rear_name = REAR.subn("", OMNIPOD.sub("", name))
    where, rear_where = REAR.subn("", where)
    location = names.MECH_LOCATIONS.get(" ".join(where.split()).casefold())
    if location is None:
        raise notes.fail(number, f"weapon line {line!r}: unknown location {where.strip()!r}")
    weapon = names.weapon(name)
    if weapon is None:
        notes.unmodelled(number, f"unknown weapon {name.strip()!r}")
        return None
    return number, weapon, location, bool(rear or rear_name or rear_where)


def _slots(blocks: dict[str, list[tuple[int, str]]], notes: Notes) -> tuple[dict[str, list[str]], list[dict]]:
    """Returns the slot layout in btcli's items and the ammunition bins, one per ammunition slot."""
    slots: dict[str, list[str]] = {}
    ammo: list[dict] = []
    for location, count in SLOT_COUNT.items():
        items: list[str] = []
        for number, line in blocks[location]:
            text = OMNIPOD.sub("", REAR.sub("", line))
            item = _slot_item(text)
            if item is None:
                found = names.ammo(text)
                if found is not None and found[0]:
                    weapon, kind, half = found
                    item = f"ammo:{weapon}"
                    bin_ = {"weapon": weapon, "location": location, "shots": names.ammo_shots(weapon, kind, half)}
                    ammo.append({**bin_, **({"kind": kind} if kind != "standard" else {})})
                elif found is not None:
                    notes.unmodelled(number, f"unknown ammunition {text!r}", KEPT)
                    item = f"equipment:{text}"
                else:
                    notes.unmodelled(number, f"unknown equipment {text!r}", KEPT)
                    item = f"equipment:{text}"
            items.append(item)
        if len(items) > count and any(items[count:]):
            number = blocks[location][count][0]
            raise notes.fail(number, f"{location} has {count} critical slots; this is slot {count + 1}")
        items = items[:count]
        if len(items) < count:
            where = blocks[location][-1][0] if blocks[location] else None
            raise notes.fail(where, f"{location} lists {len(items)} critical slots, not {count} (is the file cut "
                             "short?)")
        slots[location] = items
    return slots, ammo


def _slot_item(text: str) -> str | None:
    """Returns btcli's item for a slot line (``weapon:NAME``, ``engine``, ``shoulder``, ...), None for ammunition
    or equipment btcli does not know."""
    key = " ".join(text.split()).casefold()
    if key in names.MECH_SLOTS:
        return names.MECH_SLOTS[key]
    if key.endswith("engine"):  # Fusion Engine, ICE Engine, XL Engine (lenient)
        return "engine"
    weapon = names.weapon(text)
    return f"weapon:{weapon}" if weapon is not None else None


def _check_weapons(mounts: list[tuple[int, str, str, bool]], slots: dict[str, list[str]],
                   blocks: dict[str, list[tuple[int, str]]], notes: Notes) -> None:
    """Refuses a weapon list and slots that disagree: each weapon listed sits in its location's slots, and
    each weapon slot belongs to a weapon listed there."""
    listed = {(w, loc) for _, w, loc, _ in mounts}
    for number, weapon, location, _ in mounts:
        if f"weapon:{weapon}" not in slots[location]:
            raise notes.fail(number, f"{weapon} is listed in {location}, but no {location} critical slot holds it")
    for location, items in slots.items():
        for index, item in enumerate(items):
            if item.startswith("weapon:") and (item[7:], location) not in listed:
                raise notes.fail(blocks[location][index][0], f"a {location} critical slot holds {item[7:]}, which "
                                 f"the weapon list does not give in {location}")


def _check_heat_sinks(sinks: int, slots: dict[str, list[str]], rating: int, number: int, notes: Notes) -> None:
    """Refuses heat sinks the slots cannot account for: those the engine does not hold need slots
    (a fusion engine holds rating / 25, TechManual; btcli/rules/mechs.py)."""
    from btcli.rules.mechs import engine_heat_sinks

    placed = sum(item == "heat_sink" for items in slots.values() for item in items)
    inside = engine_heat_sinks(rating, sinks)
    if placed > sinks or sinks - placed > inside:
        raise notes.fail(number, f"{sinks} heat sinks with {placed} in critical slots: a {rating}-rated engine "
                         f"holds {inside}, so {sinks - inside} need slots")
