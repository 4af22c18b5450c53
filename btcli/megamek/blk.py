"""MegaMek ``.blk`` files (docs/scenario-format.md, "MegaMek files"; issue #28): tanks and VTOLs, support vehicles
too (EQ-SV-01), read into a scenario's inline vehicle design; aerospace and conventional fighters, small craft and
DropShips into an inline aerospace record sheet (``kind = "aero"``, the fields of btcli/catalog/aero.toml).

The format is MegaMek's "building block" (``BuildingBlock``): ``#`` comments and blank lines are read
past; every value sits between a ``<Tag>`` line and its ``</Tag>``, one a line, tags in any case. A tag
given twice is read from its first block, as MegaMek reads it (its files double ``<source>`` and
``<blockversion>``); a second block that says something else about how the unit plays is refused.
``UnitType`` says what the file holds; what btcli does not play (a large support vehicle, an XXL engine, a
Clan weapon, a cargo bay on a tank) is named, every item, in one error, or left out and listed when
the reading is lenient. Infantry, battle armor, ProtoMechs, JumpShips and the like are refused in one
line saying what the file holds.
"""

from __future__ import annotations

import re
from math import ceil
from typing import NamedTuple

from btcli.megamek import equipment
from btcli.megamek.notes import Notes
from btcli.rules.aero.weapons import AERO_WEAPONS

# Tags that describe the unit without changing how btcli plays it: names, dates and sources, fluff,
# crew counts and quarters, the optional design quirks, construction facts (tech ratings, an OmniVehicle's
# fixed turret weight, fuel type, DropShip collars). Read past.
DESCRIPTIVE = {
    "blockversion", "version", "unittype", "name", "model", "mul id:", "mul id", "year", "originalbuildyear",
    "type", "source", "role", "overview", "capabilities", "deployment", "history", "manufacturer",
    "primaryfactory", "systemmanufacturer", "systemmanufacturers", "systemmode", "systemmodels", "notes",
    "imagefile", "imagepath", "fluffimage", "icon", "use", "length", "width", "height", "bv", "quirks",
    "weaponquirks", "structural_tech_rating", "armor_tech_rating", "engine_tech_rating", "armor_tech",
    "armor_tech_level", "omni", "basechassisturretweight", "basechassisturret2weight",
    "basechassissponsonpintleweight", "fueltype", "designtype", "crew", "officers", "gunners", "passengers",
    "marines", "battlearmor", "otherpassenger", "life_boat", "escape_pod", "collartype", "clan_engine", "era",
    "basechassisfireconweight",
}
# UnitType (squashed) of the units btcli plays: a vehicle ("tank" or "vtol"), or an aerospace class.
# MegaMek reads Naval, Surface and Hydrofoil as tanks (MechFileParser), by their motion_type.
UNIT_TYPES = {"tank": "tank", "naval": "tank", "surface": "tank", "hydrofoil": "tank", "vtol": "vtol",
              "supporttank": "tank", "supportvtol": "vtol",  # support vehicles (EQ-SV-01)
              "aero": "aerospace_fighter", "aerospacefighter": "aerospace_fighter", "convfighter":
              "conventional_fighter", "smallcraft": "small_craft", "dropship": "dropship"}
# UnitType values of the units btcli does not play: what the one-line refusal calls them.
OTHER_KINDS = {
    "infantry": "a conventional infantry unit", "battlearmor": "a battle armor unit", "protomech": "a ProtoMech",
    "protomek": "a ProtoMech", "mech": "a 'Mech", "mek": "a 'Mech", "gunemplacement": "a gun emplacement",
    "largesupporttank": "a large support vehicle", "fixedwingsupport": "a fixed-wing support vehicle",
    "jumpship": "a JumpShip", "warship": "a WarShip", "spacestation": "a space station",
}
# What a library summary counts a file as, by its UnitType (btcli/megamek/library.py).
SUMMARY_KINDS = {"tank": "vehicle", "vtol": "vehicle", "aerospace_fighter": "aerospace", "conventional_fighter":
                 "aerospace", "small_craft": "aerospace", "dropship": "aerospace", "infantry": "infantry",
                 "battlearmor": "infantry", "protomech": "ProtoMech", "protomek": "ProtoMech", "mech": "'Mech",
                 "mek": "'Mech", "gunemplacement": "gun emplacement", "supporttank": "vehicle",
                 "largesupporttank": "vehicle", "supportvtol": "vehicle", "fixedwingsupport": "aerospace",
                 "jumpship": "aerospace", "warship": "aerospace", "spacestation": "aerospace"}


def summary_kind(text: str) -> str:
    """Returns what a library summary counts a ``.blk`` file as, from its text ('other' when it says no
    UnitType btcli knows)."""
    found = re.search(r"<\s*unittype\s*>\s*([^<\s]+)", text, re.IGNORECASE)
    unit_type = equipment.squash(found.group(1)) if found else ""
    return SUMMARY_KINDS.get(UNIT_TYPES.get(unit_type, unit_type), "other")


# BLK engine codes (BLKFile.FUSION ... EXTERNAL, @f0b2b01; equipment.md E4.2 lists XXL and Light the other
# way round: the code settles it, 3 XXL, 4 Light). btcli plays fusion and ICE.
ENGINE_CODES = {0: "fusion", 1: "ICE", 2: "XL", 3: "XXL", 4: "Light", 5: "Compact", 6: "Fuel Cell", 7: "Fission",
                8: "no", 9: "Maglev", 10: "Steam", 11: "Battery", 12: "Solar", 13: "External"}
# EquipmentType.T_ARMOR_* and T_STRUCTURE_* codes (@f0b2b01): the standard ones, and names for the rest.
# A vehicle or aerospace unit has no critical slots, so armor and structure that only weigh less per point
# play as the standard kind (TW gives Ferro-Fibrous, its light and heavy kinds, Ferro-Aluminum and Endo
# Steel no rule in play; UNVERIFIED, docs/rules-notes.md).
STANDARD_ARMOR = {-1, 0, 41}  # unset, Standard, Standard Aerospace (a large craft's)
LIGHTER_ARMOR = {1, 5, 6, 9, 19, 20, 21, 27}
LIGHTER_STRUCTURE = {2, 3}
ARMOR_NAMES = {1: "Ferro-Fibrous", 2: "Reactive", 3: "Reflective", 4: "Hardened", 5: "Light Ferro-Fibrous",
               6: "Heavy Ferro-Fibrous", 7: "Patchwork", 8: "Stealth", 9: "Ferro-Fibrous Prototype", 10: "Commercial",
               11: "Ferro-Carbide", 12: "Lamellor Ferro-Carbide", 13: "Improved Ferro-Aluminum", 14: "Industrial",
               15: "Heavy Industrial", 16: "Ferro-Lamellor", 17: "Primitive", 18: "Electric Discharge ProtoMech",
               19: "Ferro-Aluminum", 20: "Heavy Ferro-Aluminum", 21: "Light Ferro-Aluminum", 22: "Vehicular Stealth",
               23: "Anti-Penetrative Ablation", 24: "Heat-Dissipating", 25: "Impact-Resistant",
               26: "Ballistic-Reinforced", 27: "Prototype Ferro-Aluminum", 39: "Primitive Fighter",
               40: "Primitive Aerospace"}
STRUCTURE_NAMES = {1: "Industrial", 2: "Endo Steel", 3: "Endo Steel Prototype", 4: "Reinforced", 5: "Composite",
                   6: "Endo-Composite"}
MOTIVES = {"tracked": "tracked", "wheeled": "wheeled", "hover": "hover", "wige": "wige", "naval": "naval",
           "vtol": "vtol"}
# Superheavy vehicles (BLKTankFile, equipment.md E4.2): over these tonnages.
SUPERHEAVY = {"hover": 50, "naval": 300, "tracked": 100, "wheeled": 80, "wige": 80, "vtol": 30}
TANK_ARMOR = ("front", "right", "left", "rear")
AERO_ARMOR = ("nose", "left", "right", "aft")
FIGHTER_LOCATIONS = {"nose": "nose", "left wing": "left", "right wing": "right", "aft": "aft", "fuselage": "fuselage",
                     "wings": "wings"}
LARGE_CRAFT_LOCATIONS = {"nose": "nose", "left side": "left", "right side": "right", "aft": "aft", "hull": "hull"}
# Transport bays (``KIND:SIZE:DOORS[:NUMBER]``): btcli's transport_bays kinds; cargo bays add cargo tons.
BAYS = {"mechbay": "mech", "mekbay": "mech", "asfbay": "fighter", "smallcraftbay": "small_craft", "lightvehiclebay": "vehicle",
        "heavyvehiclebay": "vehicle", "superheavyvehiclebay": "vehicle", "battlearmorbay": "battle_armor",
        "infantrybay": "infantry", "protomechbay": "protomech", "protomekbay": "protomech"}  # mek: MegaMek's newer spelling
CARGO = {"cargobay", "refrigeratedcargobay", "insulatedcargobay", "liquidcargobay", "livestockcargobay"}
# EQ-INERT-01: a vehicle's battle armor handles (MegaMek @f0b2b01 BLKFile: BattleArmorHandlesTank), carried.
HANDLES = {"battlearmorhandles": "Battle Armor Handles"}
QUARTERS = {"crewquarters", "1stclassquarters", "2ndclassquarters", "steeragequarters", "pillionseats",
            "standardseats", "ejectionseats", "firstclassquarters", "secondclassquarters", "officerquarters"}


class Block(NamedTuple):
    line: int  # where the tag opens
    values: list[tuple[int, str]]  # its lines, with their numbers


def tags(text: str, notes: Notes) -> dict[str, Block]:
    """Returns each tag (lower case, spaces single) with its first block, as MegaMek's BuildingBlock reads it.
    What it reads past is noted: text outside any tag, a closing tag that closes nothing, a second block of
    a tag that plays saying something else. A tag never closed is refused (the file is cut short)."""
    found: dict[str, Block] = {}
    open_tag: tuple[str, int, list[tuple[int, str]]] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        closing = re.fullmatch(r"</\s*([^<>]+?)\s*>", line)
        opening = re.fullmatch(r"<\s*([^</>][^<>]*?)\s*>", line)
        if closing and open_tag is not None and " ".join(closing.group(1).split()).casefold() == open_tag[0]:
            name, start, values = open_tag
            if name not in found:
                found[name] = Block(start, values)
            elif name == "transporters":  # MegaMek reads the first; the second's bays are said (the Bandit's)
                found[name] = Block(found[name].line, found[name].values + [(n, f"{v}\x00") for n, v in values])
            elif _plays(name) and [v for _, v in found[name].values] != [v for _, v in values]:
                notes.unmodelled(start, f"<{name}> given twice, saying different things (line {found[name].line} and "
                                 "here)", "a tag given twice", "the first read, as MegaMek reads it")
            open_tag = None
        elif opening and open_tag is None:
            open_tag = (" ".join(opening.group(1).split()).casefold(), number, [])
        elif open_tag is not None:
            if closing or opening:
                raise notes.fail(number, f"{line[:80]!r} inside <{open_tag[0]}> (line {open_tag[1]}), which is never "
                                 "closed")
            open_tag[2].append((number, line))
        else:  # outside any tag: BuildingBlock never reads it
            notes.unmodelled(number, f"{line[:80]!r} outside any <Tag> ... </Tag>", "text outside the tags",
                             "read past, as MegaMek does")
    if open_tag is not None:
        raise notes.fail(open_tag[1], f"<{open_tag[0]}> is never closed (is the file cut short?)")
    if not found:
        raise notes.fail(1, "not a MegaMek .blk file (no <Tag> blocks)")
    return found


def _plays(tag: str) -> bool:
    return tag not in DESCRIPTIVE


def read(text: str, notes: Notes) -> dict[str, object]:
    """Returns the inline design a ``.blk`` file holds: a vehicle, or an aerospace record sheet."""
    found = tags(text, notes)
    line, unit_type = _one(found, "unittype", notes)
    kind = equipment.squash(unit_type)
    if kind in OTHER_KINDS:
        what = OTHER_KINDS[kind]
        raise notes.refuse(line, f"{_name(found, notes)} is {what} (UnitType {unit_type}); btcli plays 'Mechs, combat "
                           "and support vehicles, VTOLs, fighters, small craft and DropShips from MegaMek's files "
                           "(README, Using MegaMek data)", what.split(" ", 1)[1])
    if kind not in UNIT_TYPES:
        raise notes.fail(line, f"UnitType {unit_type!r}: not a kind of unit MegaMek writes")
    clan = _clan(found, notes)
    if UNIT_TYPES[kind] in ("tank", "vtol"):
        design = _vehicle(found, notes, UNIT_TYPES[kind], clan, kind.startswith("support"))
    else:
        design = _aero(found, notes, UNIT_TYPES[kind], clan)
    notes.finish(len(design["weapons"]))
    return design


def _one(found: dict[str, Block], tag: str, notes: Notes, default: str | None = None) -> tuple[int, str]:
    """Returns (line, value) of a tag holding one value; raises if it is missing (without a default)."""
    if tag not in found:
        if default is not None:
            return 0, default
        raise notes.fail(None, f"no <{tag}> (a complete .blk gives it; is the file cut short?)")
    block = found[tag]
    if len(block.values) > 1:
        raise notes.fail(block.values[1][0], f"<{tag}> holds one value, not {len(block.values)}")
    return block.values[0] if block.values else (block.line, "")


def _whole(entry: tuple[int, str], notes: Notes, what: str, *, number: bool = False) -> int:
    line, text = entry
    try:
        value = float(text) if number else int(text)
    except ValueError:
        raise notes.fail(line, f"<{what}>: expected a whole number, not {text!r}") from None
    if not 0 <= value < 1e9 or value != int(value):
        raise notes.fail(line, f"<{what}>: expected a whole number, not {text!r}")
    return int(value)


def _name(found: dict[str, Block], notes: Notes) -> str:
    name = " ".join(f"{_one(found, 'name', notes)[1]} {_one(found, 'model', notes, '')[1]}".split())
    if not name:
        raise notes.fail(found["name"].line, "<Name> is empty")
    return name


def _clan(found: dict[str, Block], notes: Notes) -> bool:
    """Tells whether the unit's tech base is Clan (``<type>``: IS, Clan, Mixed (IS|Clan Chassis), with a
    level; BLKFile.setTechLevel refuses a bare Mixed)."""
    line, text = _one(found, "type", notes)
    base = text.casefold()
    if base.startswith("mixed (clan chassis)") or base.startswith("clan"):
        return True
    if base.startswith("mixed (is chassis)") or base.startswith("is"):
        return False
    raise notes.fail(line, f"<type> {text!r}: expected IS, Clan, Mixed (IS Chassis) or Mixed (Clan Chassis), with a "
                     "level")


def _unknown_tags(found: dict[str, Block], known: set[str], locations: dict[str, str], notes: Notes) -> None:
    for tag, block in found.items():
        if tag in DESCRIPTIVE or tag in known:
            continue
        if tag.endswith(" equipment"):
            where = tag[: -len(" equipment")]
            if where not in locations:
                if block.values:
                    notes.unmodelled(block.line, f"<{tag}> (btcli has no {where!r} location): "
                                     f"{', '.join(v for _, v in block.values[:3])}", f"location: {where}", "left out")
            continue
        shown = ", ".join(v for _, v in block.values[:3]) + (", ..." if len(block.values) > 3 else "")
        notes.unmodelled(block.line, f"<{tag}> {shown}".rstrip(), f"<{tag}>", "left out")


# The fusion engines a vehicle plays as its fusion engine (EQ-ENG-03): MegaMek @f0b2b01 gives a vehicle's XL,
# light or compact engine no rule of its own in play (Tank.getCriticalEffect asks only Engine.isFusion; the type
# changes only the tons and the space it takes, Tank.getTotalSlots). Its type is read and kept (``engine_type``).
VEHICLE_ENGINE_TYPES = {"XL": "xl", "Light": "light", "Compact": "compact"}


# support vehicles: the engines MegaMek @f0b2b01 plays as it plays an ICE (Engine.isFusion is false for each,
# so a Fuel Tank critical is one, Tank.getCriticalEffect; EQ-SV-05): fuel cell, fission, steam, battery, solar.
NON_FUSION = {"Fuel Cell": "fuel_cell", "Fission": "fission", "Steam": "steam", "Battery": "battery",
              "Solar": "solar"}


def _engine(found: dict[str, Block], notes: Notes, clan: bool = False, support: bool = False) -> tuple[str, str]:
    """Returns a vehicle's engine, 'fusion' or 'ice', and its type (``<engine_type>``, MegaMek's code; a Clan
    XL engine when the tech base, or ``<clan_engine>``, says Clan)."""
    line, code = _engine_code(found, notes)
    kind = ENGINE_CODES[code]
    if kind in ("fusion", "ICE"):
        return ("ice" if kind == "ICE" else "fusion"), "standard"
    if support and kind in NON_FUSION:  # EQ-SV-05
        return "ice", NON_FUSION[kind]
    if kind in VEHICLE_ENGINE_TYPES:
        flag = found.get("clan_engine")
        if flag is not None and flag.values:
            clan = flag.values[0][1].strip().casefold() == "true"
        return "fusion", ("clan_xl" if kind == "XL" and clan else VEHICLE_ENGINE_TYPES[kind])
    why = " (Experimental at MegaMek's rules level)" if kind == "XXL" else ""
    notes.unmodelled(line, f"{_a(kind)} {kind} engine (engine_type {code}){why}", f"engine: {kind}",
                     "read as a standard fusion engine")
    return "fusion", "standard"


def _a(word: str) -> str:
    return "an" if word[:1].casefold() in "aeiox" and word not in ("Fuel Cell",) else "a"


def _engine_code(found: dict[str, Block], notes: Notes) -> tuple[int, int]:
    """Returns the line and the code of ``<engine_type>`` (0, fusion, when it is not given)."""
    entry = _one(found, "engine_type", notes, "0")
    code = _whole(entry, notes, "engine_type")
    if code not in ENGINE_CODES:
        raise notes.fail(entry[0], f"engine_type {code}: not one of MegaMek's engine codes (0-13)")
    return entry[0], code


def _construction(found: dict[str, Block], notes: Notes) -> None:
    """Notes an armor or structure that plays otherwise than the standard one (``<armor_type>``,
    ``<internal_type>``)."""
    for tag, names, standard in (("armor_type", ARMOR_NAMES, STANDARD_ARMOR | LIGHTER_ARMOR),
                                 ("internal_type", STRUCTURE_NAMES, {-1, 0} | LIGHTER_STRUCTURE)):
        if tag not in found:
            continue
        entry = _one(found, tag, notes)
        try:
            code = int(entry[1])
        except ValueError:
            raise notes.fail(entry[0], f"<{tag}>: expected MegaMek's code, a whole number, not {entry[1]!r}") from None
        if code in standard:
            continue
        name = names.get(code, f"code {code}")
        kind = "armor" if tag == "armor_type" else "structure"
        notes.unmodelled(entry[0], f"{name} {kind} (<{tag}> {code})", f"{kind}: {name}", "read as the standard one")


def _armor(found: dict[str, Block], notes: Notes) -> tuple[int, list[int]]:
    if "armor" not in found:
        raise notes.fail(None, "no <armor> (a complete .blk gives it; is the file cut short?)")
    block = found["armor"]
    return block.line, [_whole(v, notes, "armor") for v in block.values]


class _Line(NamedTuple):
    """One equipment line: where, in which location, its name without marks, and the marks."""

    number: int
    location: str
    name: str
    marks: frozenset[str]
    shots: int  # a large craft's ammunition line gives its shots (``IS Ammo AC/5:20``); 0 otherwise


_TANK_MARKS = (("size", re.compile(r"\s*:SIZE:.*$", re.I)), ("omnipod", re.compile(r"\s*:OMNI\s*$", re.I)),
               ("pintle", re.compile(r"\s*\(PT\)\s*$", re.I)), ("sponson", re.compile(r"\s*\(ST\)\s*$", re.I)),
               ("facing", re.compile(r"\s*\((?:FL|FR|RL|RR)\)\s*$", re.I)), ("rear", re.compile(r"\s*\(R\)\s*$", re.I)))


def _equipment(found: dict[str, Block], locations: dict[str, str], large_craft: bool, notes: Notes) -> list[_Line]:
    """Returns every ``<LOCATION Equipment>`` line of a location btcli knows, in file order, its marks read
    as MegaMek's loaders read them (BLKFile.loadEquipment; fighters and large craft: a leading ``(R) ``
    rear and ``(B) `` new bay, and a large craft's ``:SHOTS`` after ammunition)."""
    lines = []
    for tag, block in found.items():
        if not tag.endswith(" equipment") or tag[: -len(" equipment")] not in locations:
            continue
        location = locations[tag[: -len(" equipment")]]
        for number, text in block.values:
            marks: set[str] = set()
            name = text.strip()
            shots = 0
            for mark, pattern in _TANK_MARKS:
                name, hit = pattern.subn("", name)
                if hit:
                    marks.add(mark)
            while name[:4].upper() in ("(R) ", "(B) "):
                marks.add("rear" if name[1].upper() == "R" else "bay")
                name = name[4:].strip()
            if large_craft and ":" in name and (equipment.is_ammo(name) or "pod" in name.casefold()):
                name, _, count = name.rpartition(":")
                shots = notes.whole(number, count, f"the shots of {name.strip()!r}", 1, 100_000)
            lines.append(_Line(number, location, name.strip(), frozenset(marks), shots))
    return lines


VEHICLE_TAGS = {"motion_type", "cruisemp", "engine_type", "armor", "tonnage", "transporters", "armor_type",
                "internal_type"}


# support vehicles: equipment lines that say something the rules read (EQ-SV-03, 04), and those that play no part
# in a battle btcli plays (MegaMek @f0b2b01 reads them for construction, cost, crew and BattleForce values only:
# Tank.java, Compute.java; docs/equipment-rules.md EQ-SV-06), by their squashed names.
SUPPORT_FIRE_CONTROL = {"basicfirecontrol": "basic", "advancedfirecontrol": "advanced"}
SUPPORT_CARGO = {"cargocontainer10tons": 10.0, "cargo1ton": 1.0}  # cargo space, as a cargo bay (VEH-CRIT-07)
SUPPORT_INERT = {
    "offroadchassis", "isoffroadchassis", "bicyclechassismod", "monocyclechassismod", "ultralightchassismod",
    "convertiblechassismod", "snowmobilechassis", "omnichassismod", "tractor", "svchassismodtractor",
    "paramedicequipment", "fieldkitchen", "mashoperationtheater", "mashcorecomponent", "lifeboatmaritime",
    "ladder100m", "lifthoist", "searchlight", "hhsearchlight",
}


def _support_item(name: str, design: dict[str, object]) -> bool:
    """Reads a support vehicle's chassis or equipment line into its design (fire control, armored chassis, cargo)
    or past it (EQ-SV-06); returns False for a line that is none of them."""
    key = equipment.squash(name.split(":")[0])
    if key in SUPPORT_FIRE_CONTROL:  # EQ-SV-04: advanced beats basic (WeaponAttackAction)
        if design.get("fire_control") != "advanced":
            design["fire_control"] = SUPPORT_FIRE_CONTROL[key]
        return True
    if key == "armoredchassis":  # EQ-SV-03
        design["armored_chassis"] = True
        return True
    if key in SUPPORT_CARGO:
        design["cargo_tons"] = float(design.get("cargo_tons", 0.0)) + SUPPORT_CARGO[key]  # type: ignore[arg-type]
        return True
    return key in SUPPORT_INERT


def _support_tons(entry: tuple[int, str], notes: Notes) -> int:
    """Returns a support vehicle's tons, a fraction noted and rounded up (btcli weighs a unit in whole tons; its
    internal structure, ceil(tons / 10), is the same either way)."""
    line, text = entry
    try:
        value = float(text)
    except ValueError:
        raise notes.fail(line, f"<tonnage>: expected a number of tons, not {text!r}") from None
    if not 0 < value <= 1e6:
        raise notes.fail(line, f"<tonnage>: expected a number of tons, not {text!r}")
    if value != int(value):
        notes.unmodelled(line, f"{value:g} tons", "a fraction of a ton", f"read as {ceil(value)} tons")
    return ceil(value)


def _vehicle(found: dict[str, Block], notes: Notes, unit_type: str, clan: bool,
             support: bool = False) -> dict[str, object]:
    line, motion = _one(found, "motion_type", notes)
    motive = MOTIVES.get(motion.casefold())
    if motion.casefold() in ("hydrofoil", "submarine", "rail", "maglev"):
        raise notes.refuse(line, f"{_name(found, notes)} is a {motion.casefold()} vehicle; btcli's naval vehicles "
                           "are surface displacement hulls", f"{motion.casefold()} vehicle")
    if motive is None or (motive == "vtol") != (unit_type == "vtol"):
        raise notes.fail(line, f"motion_type {motion!r} for a {unit_type}: a tank is tracked, wheeled, hover, WiGE or "
                         "naval, a VTOL is VTOL")
    if support:  # a small support vehicle may weigh a fraction of a ton (the C-85 Sprinter's 2.5)
        tons = _support_tons(_one(found, "tonnage", notes), notes)
    else:
        tons = _whole(_one(found, "tonnage", notes), notes, "tonnage", number=True)
    if tons > SUPERHEAVY[motive] and not support:  # a support vehicle's weight classes are its own (EQ-SV-01)
        raise notes.refuse(line, f"{_name(found, notes)} is a {tons}-ton superheavy {motive} vehicle; btcli plays "
                           "combat vehicles up to the superheavy weights", "superheavy vehicle")
    cruise = _whole(_one(found, "cruisemp", notes), notes, "cruiseMP")
    line, armor = _armor(found, notes)
    locations = _vehicle_locations(motive, len(armor), line, notes)
    _unknown_tags(found, VEHICLE_TAGS | ({"barrating", "fuel"} if support else set()), locations, notes)
    _construction(found, notes)
    engine, engine_type = _engine(found, notes, clan, support)
    table = dict(zip(TANK_ARMOR + (("rotor",) if motive == "vtol" else ()) + (("turret",) if "turret" in
                                                                              locations.values() else ()), armor))
    design: dict[str, object] = {"kind": "vehicle", "name": _name(found, notes), "motive": motive, "tons": tons,
                                 "engine": engine, "cruise": cruise, "flank": ceil(1.5 * cruise),
                                 "armor": table}
    if engine_type != "standard":
        design["engine_type"] = engine_type
    if support:  # EQ-SV-01, 02: its BAR (MegaMek reads one for every location, BLKSupportTankFile)
        design["support"] = True
        entry = _one(found, "barrating", notes)
        design["bar"] = notes.whole(entry[0], entry[1], "<barrating>", 2, 10)
        design["fire_control"] = "none"
    weapons: list[dict] = []
    ammo: list[tuple[_Line, dict]] = []
    case = False
    carried: list[str] = []  # EQ-INERT-01..04
    fcs: dict[str, list[int]] = {}  # each location's Artemis IV FCS lines and Artemis-compatible weapons (EQ-ART-01)
    launchers: dict[str, list[int | None]] = {}
    for item in _equipment(found, locations, False, notes):
        if item.location in ("second turret", "chin turret"):
            notes.unmodelled(item.number, f"{item.name} in the {item.location}", f"{item.location}s",
                             "left out with the turret", weapons=int(not equipment.is_ammo(item.name)))
            continue
        if item.marks & {"pintle", "sponson"}:
            notes.unmodelled(item.number, f"{item.name} on a {'pintle' if 'pintle' in item.marks else 'sponson'} "
                             "mount", "pintle and sponson mounts", "left out", weapons=1)
            continue
        if equipment.is_ammo(item.name):
            _vehicle_ammo(item, clan, notes, ammo)
            continue
        if support and _support_item(item.name, design):
            continue
        thing = equipment.lookup(item.name, clan)
        if thing is None:
            notes.unmodelled(item.number, f"unknown equipment {item.name!r} ({item.location})",
                             equipment.plain(item.name), "left out", weapons=1)  # it may be a weapon
            continue
        if thing.inert:  # EQ-INERT-01..04: carried, playing no part
            carried.append(thing.name)
            continue
        if thing.name in ("CASE", "Clan CASE"):  # VEH-CRIT-06 (Clan CASE is CASE: MiscType.createCLCASE, F_CASE)
            case = True
            continue
        if thing.name in equipment.ARTEMIS:
            fcs.setdefault(item.location, []).append(item.number)
            continue
        if thing.name in equipment.ELECTRONICS:  # EQ-ECM-01, EQ-PROBE-01
            design.setdefault(equipment.ELECTRONICS[thing.name], item.location)
            continue
        if thing.name in equipment.C3:  # EQ-C3-01
            design.setdefault("c3", equipment.C3[thing.name])
            continue
        if thing.played and "Targeting Computer" in thing.name:  # EQ-TC-01: a vehicle's, one line
            design["targeting_computer"] = "Clan" if thing.name.startswith("Clan") else "IS"
            continue
        if thing.played and thing.kind == "equipment":  # nothing to do in btcli's play: A-pods (EQ-APOD-01)
            continue
        if not thing.plays:
            if equipment.artemis_compatible(thing):
                launchers.setdefault(item.location, []).append(None)
            notes.unmodelled(item.number, f"{thing.name} ({item.location})", thing.name, "left out",
                             weapons=int(thing.kind == "weapon"))
            continue
        if item.location not in table or item.location == "rotor":
            raise notes.fail(item.number, f"{thing.plays} mounted in the {item.location}: a {unit_type}'s weapons sit in "
                             f"its front, sides, rear{' or turret' if 'turret' in table else ''}")
        if equipment.artemis_compatible(thing):
            launchers.setdefault(item.location, []).append(len(weapons))
        weapons.append({"name": thing.plays, "location": item.location,
                        **({"one_shot": True} if thing.one_shot else {})})  # EQ-OS-01
    for location, lines in fcs.items():
        equipment.link_artemis(location, lines, launchers.get(location, []), weapons, notes, "left out")
    design["weapons"] = weapons
    c3 = equipment.c3_of(str(design.pop("c3", "")), weapons)  # EQ-C3-01
    if c3:
        design["c3"] = c3
    for mine, other in (("Narc", "Clan Narc"), ("Clan Narc", "Narc")):  # one ammunition feeds both (AmmoType)
        if any(w["name"] == mine for w in weapons) and not any(w["name"] == other for w in weapons):
            for _, b in ammo:
                if b["weapon"] == other:
                    b["weapon"] = mine
    design["ammo"] = _fed(ammo, weapons, notes)
    cargo = _transporters(found, notes, vehicle=True, carried=carried, seats=support)[0] + float(design.pop("cargo_tons", 0.0))  # type: ignore[arg-type]
    if cargo:
        design["cargo_tons"] = cargo
    if case:
        design["case"] = True
    if carried:
        design["carried"] = carried
    return design


def _vehicle_locations(motive: str, values: int, line: int, notes: Notes) -> dict[str, str]:
    """Returns where a vehicle's ``<LOCATION Equipment>`` tags put things, by its count of armor values
    (BLKTankFile: 4 no turret, 5 a turret, 6 two turrets, the rear one the main; BLKVTOLFile: 5 with the
    rotor, 6 with a chin turret too). btcli plays one turret and no chin turret yet."""
    locations = {"front": "front", "right": "right", "left": "left", "rear": "rear", "body": "body"}
    if motive == "vtol":
        if values not in (5, 6):
            raise notes.fail(line, f"<armor> holds {values} values; a VTOL has 5 (front, right, left, rear, rotor) or "
                             "6 (and a chin turret)")
        locations["rotor"] = "rotor"
        if values == 6:
            notes.unmodelled(line, "a chin turret", "chin turrets", "left out with what it mounts")
            locations["turret"] = "chin turret"
        return locations
    if values not in (4, 5, 6):
        raise notes.fail(line, f"<armor> holds {values} values; a tank has 4 (front, right, left, rear), 5 (and a "
                         "turret) or 6 (and two)")
    if values == 5:
        locations["turret"] = "turret"
    elif values == 6:
        notes.unmodelled(line, "a second turret (the front one)", "second turrets", "left out with what it mounts")
        locations.update({"rear turret": "turret", "front turret": "second turret"})
    return locations


def _vehicle_ammo(item: _Line, clan: bool, notes: Notes, ammo: list[tuple[_Line, dict]]) -> None:
    read = equipment.ammo(item.name, clan)
    munition = _munition(item, read, notes)
    if munition is not None:
        ammo.append((item, equipment.bin_of(read, munition, "body")))


def _munition(item: _Line, read: equipment.Ammo, notes: Notes) -> str | None:
    """Returns the munition btcli plays an ammunition line as, or None (noted) when it plays none."""
    weapon = read.weapon
    if weapon is None:
        notes.unmodelled(item.number, f"unknown ammunition {item.name!r}", f"ammunition: {read.weapon_text}",
                         "left out")
        return None
    if not weapon.plays:
        notes.unmodelled(item.number, f"{weapon.name} ammunition", weapon.name, "left out with its weapon")
        return None
    munition = equipment.played_munition(read)
    if munition is None:
        notes.unmodelled(item.number, f"{read.munition} {weapon.plays} ammunition", f"{read.munition} ammunition",
                         "left out")
    elif munition != read.munition:
        notes.unmodelled(item.number, f"{read.munition} {weapon.plays} ammunition", f"{read.munition} ammunition",
                         "read as standard rounds, which it is when fired without its system")
    return munition


def _fed(ammo: list[tuple[_Line, dict]], weapons: list[dict], notes: Notes) -> list[dict]:
    """Returns the ammunition bins whose weapon the unit mounts; a bin for a weapon it does not (one left
    out) is left out too, and said."""
    mounted = {w["name"] for w in weapons}
    kept = []
    for item, bin_ in ammo:
        if bin_["weapon"] in mounted:
            kept.append(bin_)
        else:
            notes.unmodelled(item.number, f"{bin_['weapon']} ammunition with no {bin_['weapon']} left to fire it",
                             "ammunition without its weapon", "left out")
    return kept


def _transporters(found: dict[str, Block], notes: Notes, vehicle: bool, carried: list[str] | None = None,
                  seats: bool = False) -> tuple[float, dict[str, int]]:
    """Returns the cargo tons and the transport bays of ``<transporters>`` (``troopspace:TONS`` on a
    vehicle, VEH-CRIT-07; ``KIND:SIZE:DOORS...`` bays on a large craft); a vehicle's battle armor handles go in
    ``carried`` (EQ-INERT-01)."""
    cargo = 0.0
    bays: dict[str, int] = {}
    omni = any(v.strip() == "1" for _, v in found["omni"].values) if "omni" in found else False
    for number, value in found["transporters"].values if "transporters" in found else []:
        kind = value.split(":")[0].split(" - ")[0].strip().casefold()  # BattleArmorHandles - troopers:-1
        if kind in HANDLES and carried is not None:  # EQ-INERT-01: btcli has no battle armor riding on units
            # MegaMek reads only the first block, but an OmniVehicle has handles whatever its file says (Tank.java:
            # 3294-3297 setOmni): a second block's handles are carried by an OmniVehicle, read past otherwise.
            if not value.endswith("\x00") or omni:
                carried.append(HANDLES[kind])
            continue
        if value.endswith("\x00"):  # from a second <transporters> block, which MegaMek does not read
            notes.unmodelled(number, f"transporter {value[:-1]!r} in a second <transporters> block",
                             f"transporter: {kind}", "left out, as MegaMek reads only the first block")
            continue
        if kind in QUARTERS and (seats or not vehicle):  # a support vehicle's seats and quarters: EQ-SV-06
            continue
        if not (kind == "troopspace" or kind in CARGO or kind in BAYS and not vehicle):
            notes.unmodelled(number, f"transporter {value[:80]!r}", f"transporter: {kind}", "left out")
            continue
        size = _size(number, value, notes)
        if kind in BAYS:
            bays[BAYS[kind]] = bays.get(BAYS[kind], 0) + int(size)
        else:
            cargo += size
    return cargo, bays


def _size(number: int, value: str, notes: Notes) -> float:
    """Returns the size of a ``KIND:SIZE[:...]`` transporter: tons of cargo or troop space, or a bay's units."""
    parts = value.split(":")
    try:
        size = float(parts[1]) if len(parts) > 1 else -1.0
    except ValueError:
        size = -1.0
    if not 0 <= size <= 1e6:  # nan and infinity fail this too
        raise notes.fail(number, f"transporter {value[:80]!r}: expected KIND:SIZE, a size from 0 to 1000000")
    return size


AERO_TAGS = {"motion_type", "safethrust", "engine_type", "armor", "tonnage", "heatsinks", "sink_type", "fuel",
             "cockpit_type", "armor_type", "internal_type", "transporters", "structural_integrity",
             "omnipodheatsinks"}


def _aero(found: dict[str, Block], notes: Notes, aero_class: str, clan: bool) -> dict[str, object]:
    large_craft = aero_class in ("small_craft", "dropship")
    locations = LARGE_CRAFT_LOCATIONS if large_craft else FIGHTER_LOCATIONS
    _unknown_tags(found, AERO_TAGS, locations, notes)
    for tag in ("heatsinks", "sink_type", "fuel"):  # BLKAeroFile, BLKSmallCraftFile ...: "Could not find ... block"
        if tag not in found:
            raise notes.fail(None, f"no <{tag}> (MegaMek's readers refuse an aerospace unit without it)")
    shape = "aerodyne"  # a fighter is aerodyne whatever its motion_type (BLKAeroFile, BLKConvFighterFile)
    if large_craft:
        line, motion = _one(found, "motion_type", notes)
        shape = "spheroid" if motion.casefold() == "spheroid" else "aerodyne"
    tons = float(_whole(_one(found, "tonnage", notes), notes, "tonnage", number=True))
    safe = _whole(_one(found, "safethrust", notes), notes, "SafeThrust")
    _engine_code(found, notes)  # the aerospace rules read no engine type (an XL engine only weighs less)
    _construction(found, notes)
    sinks = _whole(_one(found, "heatsinks", notes, "0"), notes, "heatsinks")
    entry = _one(found, "sink_type", notes, "0")
    if entry[1].strip() not in ("0", "-1"):  # Aero.setHeatType: 1 double
        double = entry[1].strip() == "1"
        notes.unmodelled(entry[0], f"{sinks} double heat sinks" if double else f"heat sinks of type {entry[1]}",
                         "Double Heat Sink" if double else f"heat sinks: type {entry[1]}",
                         f"read as {sinks} single heat sinks")
    entry = _one(found, "cockpit_type", notes, "0")
    if entry[1].strip() not in ("0", "-1"):
        notes.unmodelled(entry[0], f"cockpit of type {entry[1]}", f"cockpit: type {entry[1]}", "read as the standard one")
    line, armor = _armor(found, notes)
    if len(armor) != 4:
        raise notes.fail(line, f"<armor> holds {len(armor)} values; an aerospace unit has 4 (nose, left, right, aft)")
    if large_craft:
        si = _whole(_one(found, "structural_integrity", notes), notes, "structural_integrity")
    else:
        si = max(int(tons) // 10, safe)  # MegaMek's formula, tables.md 13.3: a fighter's file holds no SI
    design: dict[str, object] = {
        "kind": "aero", "name": _name(found, notes), "class": aero_class, "shape": shape,
        "tons": int(tons) if tons == int(tons) else tons, "safe_thrust": safe, "max_thrust": ceil(1.5 * safe),
        "structural_integrity": si,
        "heat_sinks": sinks,
    }
    design["fuel"] = _whole(_one(found, "fuel", notes), notes, "fuel")
    design["armor"] = dict(zip(AERO_ARMOR, armor))
    design["weapons"] = _aero_weapons(found, notes, clan, large_craft, aero_class == "dropship")
    cargo, bays = _transporters(found, notes, vehicle=False)
    if cargo:
        design["cargo_tons"] = cargo
    if bays:
        design["transport_bays"] = bays
    return design


# A DropShip's weapons fire in bays of one attack class (WeaponType.getAtClass; BLKDropshipFile): btcli's
# weapons' classes, read from MegaMek's weapon classes @f0b2b01 (the small laser, flamers and machine guns
# are point defense; a Gauss rifle fires with the autocannons).
BAY_CLASS = {"Small Laser": "point defense", "Medium Laser": "laser", "Large Laser": "laser", "ER Large Laser": "laser",
             "PPC": "PPC", "ER PPC": "PPC", "Flamer": "point defense", "Vehicle Flamer": "point defense",
             "Machine Gun": "point defense", "AC/2": "AC", "AC/5": "AC", "AC/10": "AC", "AC/20": "AC",
             "Ultra AC/5": "AC", "LB 10-X AC": "LB-X AC", "Gauss Rifle": "AC", "LRM-5": "LRM", "LRM-10": "LRM",
             "LRM-15": "LRM", "LRM-20": "LRM", "SRM-2": "SRM", "SRM-4": "SRM", "SRM-6": "SRM", "Streak SRM-2": "SRM",
             "Arrow IV (IS)": "artillery"}


def _bay_class(name: str) -> str:
    """Returns the attack class of a weapon btcli does not play yet, from its name: enough to say where a
    DropShip's bays begin when it is left out (UNVERIFIED: MegaMek's class of each such weapon not read)."""
    words = name.casefold()
    for word, kind in (("pulse laser", "pulse laser"), ("laser", "laser"), ("ppc", "PPC"), ("lrm", "LRM"),
                       ("srm", "SRM"), ("lb ", "LB-X AC"), ("gauss", "AC"), ("ac/", "AC"), ("machine gun", "point defense"),
                       ("flamer", "point defense"), ("anti-missile", "point defense")):
        if word in words:
            return kind
    return f"other: {name}"


def _aero_weapons(found: dict[str, Block], notes: Notes, clan: bool, large_craft: bool, dropship: bool) -> list[dict]:
    """Returns an aerospace unit's weapons per arc (a large craft's rear side mounts fire from its aft
    sides), counted per weapon, arc and bay; ammunition goes to the weapon it feeds: a fighter's to the
    first launcher of its kind, a large craft's to the launcher it follows in its location. A DropShip's
    weapons fire in bays: a weapon joins the bay before it in its location unless its line opens a new
    one (``(B)``), it faces the other way, or it is of another attack class (BLKDropshipFile)."""
    locations = LARGE_CRAFT_LOCATIONS if large_craft else FIGHTER_LOCATIONS
    weapons: list[dict] = []
    ammo: list[tuple[_Line, str, int, dict | None]] = []
    bays: dict[str, int] = {}
    bay: tuple[str, str, str, bool] | None = None  # (location, bay name, attack class, rear)
    last: dict | None = None  # the weapon entry a large craft's ammunition line feeds
    for item in _equipment(found, locations, large_craft, notes):
        arc = item.location
        rear = "rear" in item.marks
        if rear:
            if large_craft and arc in ("left", "right"):
                arc = f"{arc}_aft"
            else:
                notes.unmodelled(item.number, f"{item.name} in the {arc}, rear-mounted", "rear-mounted aerospace weapon",
                                 "left out", weapons=1)
                continue
        if equipment.is_ammo(item.name):
            read = equipment.ammo(item.name, clan)
            munition = _munition(item, read, notes)
            if munition is None:
                continue
            count = equipment.bin_of(read, munition, "", item.shots)["shots"]
            assert read.weapon is not None
            feeds = last if large_craft and last is not None and last["name"] == read.weapon.plays else None
            ammo.append((item, read.weapon.plays, int(count), feeds))
            continue
        thing = equipment.lookup(item.name, clan)
        if thing is None or thing.plays not in AERO_WEAPONS:  # aerospace combat knows fewer weapons than the ground
            shown = thing.name if thing else equipment.plain(item.name)
            notes.unmodelled(item.number, f"{shown} ({arc})", shown, "left out",
                             weapons=int(thing is None or thing.kind == "weapon"))
            if dropship and (thing is None or thing.kind == "weapon"):  # it still opens or joins a bay in MegaMek
                kind = _bay_class(shown)
                if "bay" in item.marks or bay is None or bay[0] != item.location or bay[2] != kind or bay[3] != rear:
                    bay = (item.location, "", kind, rear)
            continue
        if arc in ("fuselage", "wings", "hull"):
            notes.unmodelled(item.number, f"{thing.plays} in the {arc}", f"weapon in the {arc}", "left out", weapons=1)
            continue
        name = ""
        if dropship:
            kind = BAY_CLASS.get(thing.plays) or _bay_class(thing.plays)
            if "bay" in item.marks or bay is None or bay[0] != item.location or bay[2] != kind or bay[3] != rear or \
                    not bay[1]:
                base = f"{arc.replace('_', ' ')} {kind}"  # aero.toml's bay names: "nose PPC", "left aft laser"
                bays[base] = bays.get(base, 0) + 1
                bay = (item.location, base if bays[base] == 1 else f"{base} {bays[base]}", kind, rear)
            name = bay[1]
        same = next((w for w in weapons if w["name"] == thing.plays and w["arc"] == arc and w.get("bay", "") == name),
                    None)
        if same is not None:
            same["count"] = int(same.get("count", 1)) + 1
        else:
            same = {"name": thing.plays, "arc": arc, **({"bay": name} if name else {})}
            weapons.append(same)
        last = same
    for item, weapon, count, feeds in ammo:
        target = feeds or next((w for w in weapons if w["name"] == weapon), None)
        if target is None:
            notes.unmodelled(item.number, f"{weapon} ammunition with no {weapon} left to fire it",
                             "ammunition without its weapon", "left out")
            continue
        target["shots"] = int(target.get("shots", 0)) + count
    return [{k: w[k] for k in ("name", "arc", "count", "bay", "shots") if k in w} for w in weapons]
