"""MegaMek ``.blk`` files (docs/scenario-format.md, "MegaMek files"): tanks and VTOLs read into a scenario's
inline vehicle design, aerospace and conventional fighters into an inline aerospace record sheet
(``kind = "aero"``, the fields of btcli/catalog/aero.toml).

The format: ``#`` comments; every value between a ``<Tag>`` line and its ``</Tag>``, one per line; tags
in any case. Vehicles: ``UnitType`` Tank or VTOL, ``motion_type``, ``cruiseMP`` (flank is derived),
``engine_type`` (BLK code), ``tonnage``, ``<armor>`` front, right, left, rear, then turret or rotor, and
``<LOCATION Equipment>`` lists (ammunition one line per ton, ``- Half`` for half a ton). Fighters:
``UnitType`` Aero or ConvFighter, ``SafeThrust``, ``heatsinks``, ``sink_type``, ``fuel``, ``<armor>``
nose, left wing, right wing, aft.
"""

from __future__ import annotations

import re
from math import ceil

from btcli.megamek import names
from btcli.megamek.notes import Notes

# Tags that describe the unit without changing how it plays: read past.
DESCRIPTIVE = {
    "blockversion", "version", "name", "model", "year", "originalbuildyear", "type", "source", "role", "mul id:",
    "mul id", "overview", "capabilities", "deployment", "history", "manufacturer", "primaryfactory",
    "systemmanufacturer", "systemmode", "notes", "imagefile", "fluffimage", "icon", "unittype",
}
# BLK engine codes (the spec's notes; btcli plays fusion and ICE; the fusion variants read as fusion when
# lenient). UNVERIFIED beyond 0-2.
ENGINES = {0: "fusion", 1: "ice"}
FUSION_VARIANTS = {2: "XL", 3: "XXL", 4: "light", 5: "compact"}
MOTIVES = {"tracked": "tracked", "wheeled": "wheeled", "hover": "hover", "wige": "wige", "naval": "naval",
           "vtol": "vtol"}
TANK_ARMOR = ("front", "right", "left", "rear")
VEHICLE_LOCATIONS = {"front": "front", "right": "right", "left": "left", "rear": "rear", "turret": "turret",
                     "body": "body", "rotor": "rotor"}
AERO_ARMOR = ("nose", "left", "right", "aft")
AERO_LOCATIONS = {"nose": "nose", "left wing": "left", "right wing": "right", "aft": "aft", "fuselage": "fuselage",
                  "wings": "wings"}
AERO_CLASSES = {"aero": "aerospace_fighter", "convfighter": "conventional_fighter"}
SHAPES = {"aerodyne": "aerodyne", "spheroid": "spheroid"}


def tags(text: str, notes: Notes) -> dict[str, tuple[int, list[tuple[int, str]]]]:
    """Returns each tag (lower case) with the line it opens on and its values with their lines."""
    found: dict[str, tuple[int, list[tuple[int, str]]]] = {}
    open_tag: tuple[str, int, list[tuple[int, str]]] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        closing = re.fullmatch(r"</\s*([^<>]+?)\s*>", line)
        opening = re.fullmatch(r"<\s*([^</>][^<>]*?)\s*>", line)
        if closing:
            name = " ".join(closing.group(1).split()).casefold()
            if open_tag is None or open_tag[0] != name:
                raise notes.fail(number, f"</{closing.group(1)}> closes no open <{closing.group(1)}>")
            found[name] = (open_tag[1], open_tag[2])
            open_tag = None
        elif opening:
            if open_tag is not None:
                raise notes.fail(number, f"<{opening.group(1)}> opens inside <{open_tag[0]}> (line {open_tag[1]}), "
                                 "which is never closed")
            name = " ".join(opening.group(1).split()).casefold()
            if name in found:
                raise notes.fail(number, f"<{opening.group(1)}> given twice (line {found[name][0]} and here)")
            open_tag = (name, number, [])
        elif open_tag is not None:
            open_tag[2].append((number, line))
        else:
            raise notes.fail(number, f"{line!r} stands outside any <Tag> ... </Tag>")
    if open_tag is not None:
        raise notes.fail(open_tag[1], f"<{open_tag[0]}> is never closed (is the file cut short?)")
    if not found:
        raise notes.fail(1, "not a MegaMek .blk file (no <Tag> blocks)")
    return found


def read(text: str, notes: Notes) -> dict[str, object]:
    """Returns the inline design a ``.blk`` file holds: a vehicle, or an aerospace record sheet."""
    found = tags(text, notes)
    unit_type = _one(found, "unittype", notes)
    kind = unit_type[1].casefold()
    if kind in ("tank", "vtol"):
        return _vehicle(found, notes, kind)
    if kind in AERO_CLASSES:
        return _aero(found, notes, kind)
    raise notes.fail(unit_type[0], f"UnitType {unit_type[1]!r}: btcli imports tanks, VTOLs and aerospace and "
                     "conventional fighters (small craft and DropShips: give them inline, docs/aerospace.md)")


def _one(found: dict, tag: str, notes: Notes, default: str | None = None) -> tuple[int, str]:
    """Returns (line, value) of a tag holding one value; raises if it is missing (without a default)."""
    if tag not in found:
        if default is not None:
            return 0, default
        raise notes.fail(None, f"no <{tag}> (a complete .blk gives it; is the file cut short?)")
    start, values = found[tag]
    if len(values) > 1:
        raise notes.fail(values[1][0], f"<{tag}> holds one value, not {len(values)}")
    return (values[0] if values else (start, ""))


def _whole(entry: tuple[int, str], notes: Notes, what: str, *, number: bool = False) -> int:
    line, text = entry
    try:
        value = float(text) if number else int(text)
    except ValueError:
        raise notes.fail(line, f"<{what}>: expected a whole number, not {text!r}") from None
    if value < 0 or value != int(value):
        raise notes.fail(line, f"<{what}>: expected a whole number, not {text!r}")
    return int(value)


def _name(found: dict, notes: Notes) -> str:
    name = " ".join(f"{_one(found, 'name', notes)[1]} {_one(found, 'model', notes, '')[1]}".split())
    if not name:
        raise notes.fail(found["name"][0], "<Name> is empty")
    return name


def _unknown_tags(found: dict, known: set[str], notes: Notes) -> None:
    for tag, (line, values) in found.items():
        if tag not in DESCRIPTIVE and tag not in known and not tag.endswith(" equipment"):
            shown = ", ".join(v for _, v in values[:3]) + (", ..." if len(values) > 3 else "")
            notes.unmodelled(line, f"<{tag}> {shown}".rstrip())


def _engine(found: dict, notes: Notes) -> str:
    entry = _one(found, "engine_type", notes, "0")
    code = _whole(entry, notes, "engine_type")
    if code in ENGINES:
        return ENGINES[code]
    if code in FUSION_VARIANTS:
        notes.unmodelled(entry[0], f"a {FUSION_VARIANTS[code]} engine (engine_type {code})",
                         "read as a standard fusion engine")
        return "fusion"
    raise notes.fail(entry[0], f"engine_type {code}: btcli knows fusion (0) and ICE (1) engines")


def _armor(found: dict, notes: Notes) -> tuple[int, list[int]]:
    if "armor" not in found:
        raise notes.fail(None, "no <armor> (a complete .blk gives it; is the file cut short?)")
    line, values = found["armor"]
    return line, [_whole(v, notes, "armor") for v in values]


def _equipment(found: dict, notes: Notes, locations: dict[str, str]) -> list[tuple[int, str, str]]:
    """Returns (line, location, item) of every ``<LOCATION Equipment>`` line, in file order."""
    items = []
    for tag, (line, values) in found.items():
        if not tag.endswith(" equipment"):
            continue
        where = tag[: -len(" equipment")]
        if where not in locations:
            notes.unmodelled(line, f"<{tag}>: btcli has no {where!r} location")
            continue
        items += [(number, locations[where], value) for number, value in values]
    return items


VEHICLE_TAGS = {"motion_type", "cruisemp", "engine_type", "armor", "tonnage", "transporters", "armor_type",
                "internal_type", "structural_tech_rating", "armor_tech_rating", "engine_tech_rating"}


def _vehicle(found: dict, notes: Notes, unit_type: str) -> dict[str, object]:
    _unknown_tags(found, VEHICLE_TAGS, notes)
    line, motion = _one(found, "motion_type", notes)
    motive = MOTIVES.get(motion.casefold())
    if motive is None or (motive == "vtol") != (unit_type == "vtol"):
        raise notes.fail(line, f"motion_type {motion!r} for a {unit_type}: btcli's vehicles are tracked, wheeled, "
                         "hover, WiGE or naval tanks and VTOLs")
    tons = _whole(_one(found, "tonnage", notes), notes, "tonnage", number=True)
    cruise = _whole(_one(found, "cruisemp", notes), notes, "cruiseMP")
    for tag in ("armor_type", "internal_type"):  # UNVERIFIED: 0 (or -1, unset) is the standard kind
        entry = _one(found, tag, notes, "0")
        if entry[1].strip() not in ("0", "-1"):
            notes.unmodelled(entry[0], f"<{tag}> {entry[1]} (btcli knows standard armor and structure)",
                             "read as standard")
    line, armor = _armor(found, notes)
    extra = "rotor" if motive == "vtol" else "turret"
    if len(armor) not in (4, 5):
        raise notes.fail(line, f"<armor> holds {len(armor)} values; a {unit_type} has 4 (front, right, left, rear) "
                         f"or 5 (and its {extra})")
    table = dict(zip(TANK_ARMOR + (extra,), armor))
    design: dict[str, object] = {"kind": "vehicle", "name": _name(found, notes), "motive": motive, "tons": tons,
                                 "engine": _engine(found, notes), "cruise": cruise, "flank": ceil(1.5 * cruise),
                                 "armor": table}
    weapons, ammo, case = [], [], False
    for number, location, item in _equipment(found, notes, VEHICLE_LOCATIONS):
        text = item.strip()
        if " ".join(text.split()).casefold() in ("case", "iscase"):
            case = True
            continue
        found_ammo = names.ammo(text)
        if found_ammo is not None:
            weapon, kind, half = found_ammo
            if not weapon:
                notes.unmodelled(number, f"unknown ammunition {text!r}")
                continue
            shots = names.ammo_shots(weapon, kind, half)
            ammo.append({"weapon": weapon, "location": location, "shots": shots,
                         **({"kind": kind} if kind != "standard" else {})})
            continue
        weapon = names.weapon(text)
        if weapon is None:
            notes.unmodelled(number, f"unknown equipment {text!r}")
            continue
        if location not in table or location == "rotor":
            raise notes.fail(number, f"{weapon} mounted in the {location}: a {unit_type}'s weapons sit in its front, "
                             f"sides, rear{' or turret' if extra == 'turret' else ''}")
        weapons.append({"name": weapon, "location": location})
    design["weapons"] = weapons
    design["ammo"] = ammo
    cargo = _transporters(found, notes)
    if cargo:
        design["cargo_tons"] = cargo
    if case:
        design["case"] = True
    return design


def _transporters(found: dict, notes: Notes) -> float:
    """Returns the cargo space (tons) of ``troopspace:N`` lines (VEH-CRIT-07); other bays are not modelled."""
    total = 0.0
    for number, value in found.get("transporters", (0, []))[1]:
        kind, _, size = value.partition(":")
        if kind.strip().casefold() == "troopspace":
            try:
                total += float(size.split(":")[0])
            except ValueError:
                raise notes.fail(number, f"transporter {value!r}: expected troopspace:TONS") from None
        else:
            notes.unmodelled(number, f"transporter {value!r} (btcli knows troopspace)")
    return total


AERO_TAGS = {"motion_type", "safethrust", "engine_type", "armor", "tonnage", "heatsinks", "sink_type", "fuel",
             "cockpit_type", "armor_type", "structural_tech_rating", "armor_tech_rating", "engine_tech_rating"}


def _aero(found: dict, notes: Notes, unit_type: str) -> dict[str, object]:
    _unknown_tags(found, AERO_TAGS, notes)
    line, motion = _one(found, "motion_type", notes, "Aerodyne")
    shape = SHAPES.get(motion.casefold())
    if shape is None:
        raise notes.fail(line, f"motion_type {motion!r}: a fighter is Aerodyne or Spheroid")
    tons = float(_whole(_one(found, "tonnage", notes), notes, "tonnage", number=True))
    safe = _whole(_one(found, "safethrust", notes), notes, "SafeThrust")
    _engine(found, notes)  # the aerospace rules read no engine type; an unknown one is still refused
    for tag in ("sink_type", "cockpit_type", "armor_type"):
        entry = _one(found, tag, notes, "0")
        if entry[1].strip() not in ("0", "-1"):
            notes.unmodelled(entry[0], f"<{tag}> {entry[1]} (btcli knows single heat sinks, the standard cockpit "
                             "and standard armor)", "read as the standard kind")
    line, armor = _armor(found, notes)
    if len(armor) != 4:
        raise notes.fail(line, f"<armor> holds {len(armor)} values; a fighter has 4 (nose, left wing, right wing, "
                         "aft)")
    design: dict[str, object] = {
        "kind": "aero", "name": _name(found, notes), "class": AERO_CLASSES[unit_type], "shape": shape,
        "tons": int(tons) if tons == int(tons) else tons, "safe_thrust": safe, "max_thrust": ceil(1.5 * safe),
        # MegaMek's formula, tables.md 13.3: the files hold no SI
        "structural_integrity": max(int(tons) // 10, safe),
        "heat_sinks": _whole(_one(found, "heatsinks", notes, "0"), notes, "heatsinks"),
    }
    if "fuel" in found:
        design["fuel"] = _whole(_one(found, "fuel", notes), notes, "fuel")
    design["armor"] = dict(zip(AERO_ARMOR, armor))
    weapons: list[dict[str, object]] = []
    ammo: list[tuple[int, str, int]] = []
    for number, arc, item in _equipment(found, notes, AERO_LOCATIONS):
        text = item.strip()
        found_ammo = names.ammo(text)
        if found_ammo is not None:
            weapon, kind, half = found_ammo
            if not weapon or kind != "standard":
                notes.unmodelled(number, f"ammunition {text!r} (btcli's fighters carry standard rounds of its "
                                 "weapons)")
                continue
            ammo.append((number, weapon, names.ammo_shots(weapon, kind, half)))
            continue
        plain, rear = names.REAR.subn("", text)
        weapon = names.weapon(plain)
        if weapon is None:
            notes.unmodelled(number, f"unknown equipment {text!r}")
            continue
        if arc in ("fuselage", "wings") or rear:
            notes.unmodelled(number, f"{plain} in the {arc}{', rear-mounted' if rear else ''} (btcli's fighters "
                             "fire from the nose, wings and aft)")
            continue
        same = next((w for w in weapons if w["name"] == weapon and w["arc"] == arc), None)
        if same is not None:
            same["count"] = int(same.get("count", 1)) + 1
        else:
            weapons.append({"name": weapon, "arc": arc})
    for number, weapon, shots in ammo:  # each ton goes to the first launcher of its weapon
        target = next((w for w in weapons if w["name"] == weapon), None)
        if target is None:
            raise notes.fail(number, f"ammunition for {weapon}, which the fighter does not mount")
        target["shots"] = int(target.get("shots", 0)) + shots
    design["weapons"] = [{"name": w["name"], "arc": w["arc"], **{k: w[k] for k in ("count", "shots") if k in w}}
                         for w in weapons]
    return design

