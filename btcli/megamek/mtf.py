"""MegaMek ``.mtf`` 'Mech files (docs/scenario-format.md, "MegaMek files"; issue #28) read into a scenario's
inline 'Mech design: tonnage, engine (rating and type), walk and jump MP, heat sinks, armor per location
(rear torso too), every weapon with its location and rear mounting, the ammunition bins, and the
critical slots as written (``slots``, which replace btcli's derived layout).

The reader follows MegaMek's own (``MtfFile``, equipment.md E4.1): ``key:value`` lines in any case, the
chassis and model on the two key-less lines after ``Version:`` (or ``chassis:`` / ``model:``); keys
that repeat (``quirk:``, ``systemmanufacturer:``, ``nocrit:`` ...); free text that runs on over
several lines; ``Weapons:N`` followed by N lines of either layout, which MegaMek reads past (the
critical slots say what the 'Mech carries, here as there); one block of slot lines per location
(``Left Arm:`` ... ``Right Leg:``; 12 lines, ``-Empty-`` padding), each slot carrying MegaMek's marks
``(R)`` rear, ``(T)`` turret, ``(Split)``, ``(OMNIPOD)``, ``(ARMORED)``, ``:SIZE:``. A multi-slot
weapon fills consecutive slots; ``Heat Sinks:N TYPE`` counts the heat sinks, those not in slots sitting
in the engine.

A 'Mech's construction is read into its design (issue #31, docs/equipment-rules.md): the engine's type
(``engine_type``: standard, XL, Clan XL, light, compact), double heat sinks (``heat_sink_type``; each one's
slots are ``heat_sink`` slots), Endo Steel and Ferro-Fibrous (``structure``, ``armor_type``; their slots
``endo_steel``, ``ferro_fibrous``), CASE and CASE II (``case``, ``case_ii``: the locations; Clan CASE in every
location with explosive ammunition or a Gauss rifle, as MegaMek gives it). What btcli does not play (an XXL
engine, Endo-Composite, an ATM, a targeting computer) is named, every item, in one error, or left out and
listed when the reading is lenient.
"""

from __future__ import annotations

import re
from itertools import groupby
from math import ceil
from typing import NamedTuple

from btcli import catalog
from btcli.megamek import equipment
from btcli.megamek.notes import Notes

# Keys that describe the design without changing how it plays (MtfFile's fluff, names, sources, and the
# optional rules btcli does not play: design quirks, ejection systems, manual BV). Read past.
DESCRIPTIVE = {
    "version", "chassis", "model", "clanname", "mul id", "techbase", "era", "source", "rules level", "role",
    "fluffimage", "icon", "imagefile", "bv", "base chassis heat sinks", "ejection", "generator",
}
FREE_TEXT = {"overview", "capabilities", "deployment", "history", "manufacturer", "primaryfactory", "notes"}
REPEATED = {"quirk", "weaponquirk", "nocrit", "systemmanufacturer", "systemmode", "systemmodel"}  # systemmodel: a
# misspelling some files carry, which MegaMek reads past as slot text
PLAYED = {"config", "mass", "engine", "structure", "myomer", "heat sinks", "walk mp", "jump mp", "armor",
          "cockpit", "gyro", "motive", "lam", "heat sink kit", "weapons"}
ARMOR_KEYS = {"la": "LA", "ra": "RA", "lt": "LT", "rt": "RT", "ct": "CT", "hd": "HD", "ll": "LL", "rl": "RL",
              "rtl": "LTR", "rtr": "RTR", "rtc": "CTR", "fll": "FLL", "frl": "FRL", "rll": "RLL", "rrl": "RRL",
              "cl": "CL"}
KEYS = DESCRIPTIVE | FREE_TEXT | REPEATED | PLAYED | {f"{k} armor" for k in ARMOR_KEYS}

LOCATIONS = {
    "left arm": "LA", "right arm": "RA", "left torso": "LT", "right torso": "RT", "center torso": "CT",
    "head": "HD", "left leg": "LL", "right leg": "RL", "center leg": "CL", "front left leg": "FLL",
    "front right leg": "FRL", "rear left leg": "RLL", "rear right leg": "RRL",
}
# Each 'Mech shape's locations, in record-sheet order, and its armor lines (MtfFile: a quad's legs are
# FLL, FRL, RLL, RRL, which MegaMek keeps in the arm and leg locations of its Mek class).
SHAPES = {
    "biped": ("HD", "CT", "LT", "RT", "LA", "RA", "LL", "RL"),
    "quad": ("HD", "CT", "LT", "RT", "FLL", "FRL", "RLL", "RRL"),
}
ARMOR_LINES = {
    "biped": ("la", "ra", "lt", "rt", "ct", "hd", "ll", "rl", "rtl", "rtr", "rtc"),
    "quad": ("fll", "frl", "lt", "rt", "ct", "hd", "rll", "rrl", "rtl", "rtr", "rtc"),
}
# A quad written with the biped's names (33 of MegaMek's 168 quad files, 2021): MegaMek reads its arms as the
# front legs and its legs as the rear legs (MtfFile, by location index).
QUAD_ALIASES = {"FLL": "LA", "FRL": "RA", "RLL": "LL", "RRL": "RL"}
BIPED = SHAPES["biped"]
SLOT_COUNT = {"HD": 6, "CT": 12, "LT": 12, "RT": 12, "LA": 12, "RA": 12, "LL": 6, "RL": 6,
              "FLL": 6, "FRL": 6, "RLL": 6, "RRL": 6}
FULL_NAME = {"HD": "Head", "CT": "Center Torso", "LT": "Left Torso", "RT": "Right Torso", "LA": "Left Arm",
             "RA": "Right Arm", "LL": "Left Leg", "RL": "Right Leg", "FLL": "Front Left Leg",
             "FRL": "Front Right Leg", "RLL": "Rear Left Leg", "RRL": "Rear Right Leg"}
# A 'Mech's fixed slot contents, and the heat sinks and jump jets btcli plays, as btcli's slot items.
SYSTEMS = {
    "empty": "", "shoulder": "shoulder", "upperarmactuator": "upper_arm", "lowerarmactuator": "lower_arm",
    "handactuator": "hand", "hip": "hip", "upperlegactuator": "upper_leg", "lowerlegactuator": "lower_leg",
    "footactuator": "foot", "gyro": "gyro", "lifesupport": "life_support", "sensors": "sensors",
    "cockpit": "cockpit", "fusionengine": "engine", "engine": "engine", "heatsink": "heat_sink",
    "isheatsink": "heat_sink", "jumpjet": "jump_jet", "isjumpjet": "jump_jet",
}
# The equipment btcli plays as slot items (issue #31 item 4; docs/equipment-rules.md): MASC of either tech base,
# Triple-Strength Myomer's spread slots, improved jump jets (2 slots each).
PLAYED_EQUIPMENT = {"MASC": "masc", "Clan MASC": "masc", "Triple Strength Myomer": "tsm",
                    "Improved Jump Jet": "improved_jump_jet",
                    "Hatchet": "hatchet", "Sword": "sword"}  # physical weapons: EQ-PHYS-01
# The Myomer: lines that name what the slots play (MegaMek reads the line and ignores it: equipment.md E4.1).
PLAYED_MYOMER = ("triple strength", "triple strength myomer", "tsm", "masc", "ismasc", "clmasc")
# Marks MegaMek strips from a slot's end, in its order (MtfFile.parseCrits).
_MARKS = (("armored", re.compile(r"\s*\(ARMORED\)\s*$", re.I)), ("size", re.compile(r"\s*:SIZE:[^:]*$", re.I)),
          ("omnipod", re.compile(r"\s*\(OMNIPOD\)\s*$", re.I)), ("turret", re.compile(r"\s*\(T\)\s*$", re.I)),
          ("rear", re.compile(r"\s*\(R\)\s*$", re.I)), ("split", re.compile(r"\s*\(Split\)\s*$", re.I)),
          ("facing", re.compile(r"\s*\((?:FL|FR|RL|RR)\)\s*$", re.I)))
ENGINE = re.compile(r"^\s*(\d+)\s+(.*?)\s*$")
# The engines btcli plays (EQ-ENG-01) by MegaMek's words, and the heat sinks (EQ-HS-01) by their kind.
ENGINE_TYPES = {"Fusion": "standard", "XL": "xl", "Clan XL": "clan_xl", "Light": "light", "Compact": "compact"}
PLAYED_SINKS = {"": "single", "Double Heat Sink": "double", "Clan Double Heat Sink": "clan_double"}
# Construction items whose slots are btcli's slot items (EQ-HS-02, EQ-STR-01, EQ-CASE-01..03).
BUILT_SLOTS = {"Double Heat Sink": "double_heat_sink", "Clan Double Heat Sink": "clan_double_heat_sink", "Endo Steel": "endo_steel",
               "Clan Endo Steel": "endo_steel", "Ferro-Fibrous": "ferro_fibrous", "Clan Ferro-Fibrous": "ferro_fibrous",
               "Light Ferro-Fibrous": "ferro_fibrous", "Heavy Ferro-Fibrous": "ferro_fibrous", "CASE": "case",
               "Clan CASE": "case", "CASE II": "case_ii", "Clan CASE II": "case_ii",
               "Stealth Armor": "stealth"}  # EQ-STEALTH-01: MiscType.createMekStealth, hittable = false
# The structure and armor lines btcli plays (EQ-STR-01), by the name ``_construction`` gives them.
BUILT = {("structure", "Endo Steel"): "endo_steel", ("structure", "Clan Endo Steel"): "clan_endo_steel",
         ("armor", "Ferro-Fibrous"): "ferro_fibrous", ("armor", "Clan Ferro-Fibrous"): "clan_ferro_fibrous",
         ("armor", "Light Ferro-Fibrous"): "light_ferro_fibrous", ("armor", "Heavy Ferro-Fibrous"): "heavy_ferro_fibrous",
         # IndustrialMechs (issue #31, part "industrial"; EQ-IND-01, EQ-IND-03): no slots of their own
         ("structure", "Industrial"): "industrial", ("armor", "Industrial"): "industrial",
         ("armor", "Heavy Industrial"): "heavy_industrial", ("armor", "Commercial"): "commercial",
         # Stealth armor (EQ-STEALTH-01): 12 slots, 2 in each location but the head and centre torso
         ("armor", "Stealth"): "stealth", ("armor", "Stealth Armor"): "stealth"}
# The cockpits btcli plays by MegaMek's words (Mech.getCockpitTypeForString @f0b2b01 Mech.java:6434, an exact match of
# COCKPIT_STRING or COCKPIT_SHORT_STRING; MtfFile.java:222 reads any other as a standard cockpit, as "Industrial
# Cockpit (AFC)": an IndustrialMech's standard cockpit is its advanced fire control, Mech.java:3336). EQ-IND-02.
COCKPITS = {"Standard Cockpit": "standard", "Standard": "standard", "Industrial Cockpit": "industrial",
            "Industrial": "industrial"}
KEPT = "the slots are kept: a critical hit there has no effect"


class Mtf(NamedTuple):
    """An ``.mtf`` file as MegaMek's reader sees it: its keys, the repeated ones, the chassis and model
    lines, each location's slot lines, and the weapon list's lines."""

    values: dict[str, tuple[int, str]]
    repeated: dict[str, list[tuple[int, str]]]
    name_lines: list[tuple[int, str]]
    blocks: dict[str, list[tuple[int, str]]]
    last: int  # the file's last line
    weapon_list: list[str]
    headers: dict[str, int]  # the line of each location's header
    last_content: int  # the last line that holds anything


def read(text: str, notes: Notes) -> dict[str, object]:
    """Returns the inline 'Mech design an ``.mtf`` file holds (raises GameFileError naming the line)."""
    design = _design(parse(text, notes), notes)
    notes.finish(len(design["weapons"]))
    return design


def parse(text: str, notes: Notes) -> Mtf:
    """Returns the file's keys and blocks; refuses a line MegaMek's format has no place for."""
    lines = text.splitlines()
    values: dict[str, tuple[int, str]] = {}
    repeated: dict[str, list[tuple[int, str]]] = {k: [] for k in REPEATED}
    name_lines: list[tuple[int, str]] = []
    blocks: dict[str, list[tuple[int, str]]] = {}
    weapon_list: list[str] = []
    headers: dict[str, int] = {}
    last_content = 0
    block: list[tuple[int, str]] | None = None  # the location whose slots are being read
    running: str | None = None  # a free-text key whose text may run on over the next lines
    naming = False  # after Version: the key-less chassis and model lines
    i = 0
    while i < len(lines):
        number, line = i + 1, lines[i].strip()
        i += 1
        if not line or line.startswith("#"):
            continue
        last_content = number
        header = " ".join(line[:-1].split()).casefold() if line.endswith(":") else ""
        if header in LOCATIONS:
            location = header
            if location in blocks:
                raise notes.fail(number, f"a second '{line}' block")
            block = blocks[location] = []
            headers[location] = number
            running, naming = None, False
            continue
        key, colon, value = line.partition(":")
        key = " ".join(key.split()).casefold()
        if colon and key in KEYS:
            running, naming, block = None, False, (block if block is not None and len(block) < 12 else None)
            value = value.strip()
            if key in REPEATED:
                repeated[key].append((number, value))
                continue
            if key in values and key not in DESCRIPTIVE | FREE_TEXT and values[key][1] != value:
                raise notes.fail(number, f"'{key}:' given twice with different values (line {values[key][0]}: "
                                 f"{values[key][1]!r}, here: {value!r})")
            values[key] = (number, value)
            if key == "weapons":
                i = _weapon_list(lines, i, number, value, notes, weapon_list)
            elif key in FREE_TEXT:
                running = key
            elif key == "version":
                naming = True
            continue
        if block is not None and len(block) < 12:
            block.append((number, line))
            continue
        if running is not None:  # MegaMek's free text runs on after a line break (the Mad Dog's capabilities)
            continue
        if naming and len(name_lines) < 2:
            name_lines.append((number, line))
            continue
        if blocks:  # MegaMek reads a line past a location's twelve as slot data it has no room for: passed over
            if _equipment_like(line):
                where = next(reversed(blocks)).title()
                notes.unmodelled(number, f"{line!r} past the twelve slot lines of {where}", "a slot line past twelve",
                                 "read past, as MegaMek does")
            continue  # text, as the Dasher B's stray line of overview: MegaMek passes it over
        # Before any location, MegaMek reads a line as the Left Arm's next slot, which that block then overwrites
        # (the Caesar CES-4R's weapon line past its count, the Firefly FFL-3A's "Hist:" line).
        notes.unmodelled(number, f"{line[:80]!r} before the slot blocks", "a line before the slot blocks",
                         "read past: MegaMek takes it for a Left Arm slot, which the Left Arm's block then fills")
    if "version" not in values and "chassis" not in values:
        raise notes.fail(1, "not a MegaMek .mtf file (no 'Version:' line, no 'chassis:')")
    return Mtf(values, repeated, name_lines, blocks, len(lines), weapon_list, headers, last_content)


def _equipment_like(line: str) -> bool:
    """Tells whether a line names a slot's contents (a system, ammunition or equipment MegaMek knows)."""
    name = line
    for _, pattern in _MARKS:
        name = pattern.sub("", name)
    return equipment.squash(name) in SYSTEMS or equipment.is_ammo(name) or any(
        equipment.lookup(name.strip(), clan) is not None for clan in (False, True))


def _weapon_list(lines: list[str], i: int, number: int, value: str, notes: Notes, found: list[str]) -> int:
    """Reads the ``Weapons:N`` list into ``found``: up to N lines of either layout (``ER Large Laser, Left Arm``;
    ``1 ISGaussRifle, Right Torso, Ammo:16``), ending early at a location's header or a key; returns where
    reading goes on. MegaMek reads N lines past (the slots say what is mounted); btcli takes only their
    order. A file that ends inside the list is cut short."""
    count = _count((number, value), notes, "Weapons")
    read = 0
    while read < count:
        if i >= len(lines):
            raise notes.fail(number, f"Weapons:{count} announces {count} weapons, the file ends after {read}")
        line = lines[i].strip()
        if not line:
            i += 1
            continue
        head = " ".join(line[:-1].split()).casefold() if line.endswith(":") else ""
        key = " ".join(line.partition(":")[0].split()).casefold()
        if head in LOCATIONS or (":" in line and key in KEYS):  # the list is shorter than it says: it only orders
            break
        found.append(line)
        read += 1
        i += 1
    return i


def _count(entry: tuple[int, str], notes: Notes, what: str) -> int:
    number, value = entry
    text = value.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        raise notes.fail(number, f"{what}: expected a whole number, not {text!r}")
    return int(text)


# -- The design ----------------------------------------------------------------------------------------


def _design(mtf: Mtf, notes: Notes) -> dict[str, object]:
    values = mtf.values

    def need(key: str) -> tuple[int, str]:
        if key not in values:
            raise notes.fail(mtf.last, f"no '{key}:' line (a complete .mtf gives it; is the file cut short?)")
        return values[key]

    name = _name(mtf, notes)
    clan, mixed = _tech_base(need("techbase"), notes)
    tons = notes.whole(need("mass")[0], need("mass")[1], "Mass", 10, 200)
    shape = _config(need("config"), tons, notes)
    locations = SHAPES[shape]
    if shape == "quad":
        _read_biped_names_as_quad(mtf)
    engine, engine_type, rating = _engine(need("engine"), clan, mixed, notes)
    walk = rating // tons  # MegaMek reads no walking MP from the file: the engine gives it
    if not walk:
        raise notes.fail(need("engine")[0], f"a {rating}-rated engine gives a {tons}-ton 'Mech no walking MP")
    _count(need("walk mp"), notes, "Walk MP")
    jump = _count(values["jump mp"], notes, "Jump MP") if "jump mp" in values else 0
    built: dict[str, object] = {}
    covered = _construction(values, clan, notes, built)
    sinks, sink_kind = _heat_sinks(need("heat sinks"), clan, notes)
    if sink_kind not in PLAYED_SINKS:
        covered.add("heat_sink")
    armor = {}
    for key in ARMOR_LINES[shape]:
        number, value = need(f"{key} armor")
        armor[ARMOR_KEYS[key]] = _count((number, value.rpartition(":")[2]), notes, f"{key.upper()} Armor")
    for location in locations:
        if FULL_NAME[location].casefold() not in mtf.blocks:
            raise notes.fail(mtf.last, f"no '{FULL_NAME[location]}:' critical slots (a complete .mtf lists every "
                             "location; is the file cut short?)")
    gear: dict[str, object] = {}
    slots, weapons, ammo = _slots(mtf.blocks, clan, covered, notes, mtf.headers, mtf.last_content, locations, gear)
    weapons = _in_list_order(weapons, mtf.weapon_list, clan)
    _shared_narc_pods(weapons, ammo, slots)
    if built.get("armor_type") == "stealth" and "ecm" not in gear:  # EQ-STEALTH-01: it works through an ECM suite
        # (MegaMek @f0b2b01 MechFileParser.java:379-398 links it to the first ECM suite, refusing a 'Mech with none)
        notes.unmodelled(values["armor"][0], "stealth armor without an ECM suite btcli plays", "armor: Stealth",
                         "read as standard armor; its slots are kept: a critical hit there rolls again")
        del built["armor_type"]
    free = [_no_slot_equipment(number, text, clan, notes) for number, text in mtf.repeated["nocrit"]]
    held = gear.pop("carried", [])
    carried = [*(held if isinstance(held, list) else []), *(name for name in free if name)]  # EQ-INERT-01..04
    if carried:
        gear["carried"] = carried
    sink_type = PLAYED_SINKS.get(sink_kind, "")
    if sink_type:
        sinks, sink_type = _engine_sinks(sinks, slots, rating, need("heat sinks")[0], notes, sink_type)
    case = sorted({loc for loc, items in slots.items() if "case" in items}, key=locations.index)
    if clan:  # EQ-CASE-02: Mech.addClanCase, every location with explosive equipment (MegaMek @f0b2b01 MtfFile:449)
        explosive = {b["location"] for b in ammo if catalog.weapons()[b["weapon"]]["explosive_ammo"]}
        explosive |= {w["location"] for w in weapons if catalog.weapons()[w["name"]].get("explodes_when_destroyed")}
        case = sorted(set(case) | explosive, key=locations.index)
    case_ii = sorted({loc for loc, items in slots.items() if "case_ii" in items}, key=locations.index)
    return {
        "kind": "mech", **({"motive": shape} if shape != "biped" else {}), "name": name, "tons": tons,
        "engine": engine, **({"engine_type": engine_type} if engine_type != "standard" else {}),
        "engine_rating": rating, "walk": walk, "run": ceil(1.5 * walk), "jump": jump,
        "heat_sinks": sinks, **({"heat_sink_type": sink_type} if sink_type not in ("", "single") else {}),
        **built, **({"case": case} if case else {}), **({"case_ii": case_ii} if case_ii else {}),
        "armor": {k: armor[k] for k in ("HD", "CT", "CTR", "LT", "LTR", "RT", "RTR", *locations[4:])},
        "weapons": weapons, "ammo": ammo, "slots": slots, **gear,
    }


def _shared_narc_pods(weapons: list[dict], ammo: list[dict], slots: dict[str, list[str]]) -> None:
    """Narc pods are one ammunition for the Inner Sphere and the Clan launcher (MegaMek @f0b2b01 AmmoType: ISNarc
    Pods, CLNarc Pods a lookup name of it): a bin read as the other's feeds the launcher the unit mounts."""
    mounted = {w["name"] for w in weapons}
    for mine, other in (("Narc", "Clan Narc"), ("Clan Narc", "Narc")):
        if mine in mounted and other not in mounted:
            for b in ammo:
                if b["weapon"] == other:
                    b["weapon"] = mine
            for location, items in slots.items():
                slots[location] = [f"ammo:{mine}" if item == f"ammo:{other}" else item for item in items]


def _read_biped_names_as_quad(mtf: Mtf) -> None:
    """A quad's legs under the biped's names (``Left Arm:``, ``LA Armor:``) are its legs (QUAD_ALIASES)."""
    for leg, biped in QUAD_ALIASES.items():
        quad_armor, biped_armor = f"{leg.casefold()} armor", f"{biped.casefold()} armor"
        if quad_armor not in mtf.values and biped_armor in mtf.values:
            mtf.values[quad_armor] = mtf.values[biped_armor]
        quad_name, biped_name = FULL_NAME[leg].casefold(), FULL_NAME[biped].casefold()
        if quad_name not in mtf.blocks and biped_name in mtf.blocks:
            mtf.blocks[quad_name] = mtf.blocks[biped_name]
            mtf.headers[quad_name] = mtf.headers[biped_name]


def _name(mtf: Mtf, notes: Notes) -> str:
    chassis = mtf.values.get("chassis", (0, mtf.name_lines[0][1] if mtf.name_lines else ""))[1]
    model = mtf.values.get("model", (0, mtf.name_lines[1][1] if len(mtf.name_lines) > 1 else ""))[1]
    name = " ".join(f"{chassis} {model}".split())
    if not name:
        raise notes.fail(mtf.values.get("version", (1, ""))[0], "no chassis name after 'Version:'")
    return name


def _tech_base(entry: tuple[int, str], notes: Notes) -> tuple[bool, bool]:
    """Returns whether the unit's tech base is Clan, and whether it is mixed (MtfFile.setTechLevel: a bare
    'Mixed' is refused)."""
    number, value = entry
    base = " ".join(value.split()).casefold()
    if base in ("inner sphere", "mixed (is chassis)"):
        return False, base != "inner sphere"
    if base in ("clan", "mixed (clan chassis)"):
        return True, base != "clan"
    raise notes.fail(number, f"TechBase:{value}: expected Inner Sphere, Clan, Mixed (IS Chassis) or Mixed (Clan "
                     "Chassis)")


def _config(entry: tuple[int, str], tons: int, notes: Notes) -> str:
    """Returns the 'Mech's shape, "biped" or "quad"; refuses the 'Mechs btcli does not play: tripods, LAMs,
    QuadVees, superheavies (Config:; MegaMek reads the words QuadVee, Quad, LAM, Tripod in that order, and
    Omni for an OmniMech)."""
    number, value = entry
    text = value.casefold()
    for word, kind in (("quadvee", "a QuadVee"), ("quad", ""), ("lam", "a LandAir'Mech"),
                       ("tripod", "a tripod 'Mech")):
        if word in text and not kind:
            shape = "quad"
            break
        if word in text:
            raise notes.refuse(number, f"Config:{value}: {kind}; btcli plays biped and quad 'Mechs",
                               kind.split(" ", 1)[1])
    else:
        shape = "biped"
    if tons > 100:
        raise notes.refuse(number, f"a {tons}-ton superheavy 'Mech; btcli plays 'Mechs of 100 tons or less",
                           "superheavy 'Mech")
    return shape


def _engine(entry: tuple[int, str], clan: bool, mixed: bool, notes: Notes) -> tuple[str, str, int]:
    """Returns the engine ('fusion', 'ice' or 'fuel_cell'), its type (EQ-ENG-01: 'standard', 'xl', 'clan_xl', 'light',
    'compact') and rating of ``Engine:160 Fusion Engine``; the type
    from MegaMek's words (Engine.getEngineTypeByString: XXL, XL, Light, Compact, ICE, Fuel Cell, Fission
    ...). The engine is a Clan one as the tech base is; a mixed-tech unit's engine is of the other tech
    base when the line names it (``XL (Clan) Engine``, ``Engine(IS)``: MtfFile's itemOppositeTech)."""
    number, value = entry
    found = ENGINE.match(value)
    if found is None:
        raise notes.fail(number, f"Engine:{value}: expected the rating first, e.g. '160 Fusion Engine'")
    rating, words = notes.whole(number, found.group(1), "engine rating", 10, 500), found.group(2).casefold()
    if rating % 5:
        raise notes.fail(number, f"Engine:{value}: a rating is a multiple of 5 from 10 to 500")
    kind = next((k for w, k in (("xxl", "XXL"), ("xl", "XL"), ("light", "Light"), ("compact", "Compact"),
                                ("ice", "ICE"), ("i.c.e.", "ICE"), ("fission", "Fission"), ("fuel cell", "Fuel Cell"),
                                ("fuel-cell", "Fuel Cell"), ("none", "no")) if w in words), "Fusion")
    if kind in ("XL", "XXL") and (clan != (mixed and ("(is)" if clan else "(clan)") in words)):
        kind = f"Clan {kind}"
    if rating > 400:
        notes.unmodelled(number, f"a large {rating}-rated engine", "engine: large", "read as a standard one")
    if kind == "ICE":
        return "ice", "standard", rating
    if kind == "Fuel Cell":  # EQ-IND-04: no heat walking or running, as an ICE (Engine.java:600-625 @f0b2b01)
        return "fuel_cell", "standard", rating
    if kind in ENGINE_TYPES:
        return "fusion", ENGINE_TYPES[kind], rating
    article = "an" if kind.startswith(("XL", "XXL")) else "a"
    # EQ-ENG-01: an XXL engine is Experimental at MegaMek's rules level (Engine.java @f0b2b01 IS_XXL_TA, CLAN_XXL_TA)
    why = " (Experimental at MegaMek's rules level)" if "XXL" in kind else ""
    notes.unmodelled(number, f"{article} {kind} engine{why}", f"engine: {kind}", "read as a standard fusion engine; a hit "
                     "on its side-torso engine slots is an engine hit, and losing a side torso takes them with it")
    return "fusion", "standard", rating


def _construction(values: dict[str, tuple[int, str]], clan: bool, notes: Notes, built: dict[str, object]) -> set[str]:
    """Reads Endo Steel and Ferro-Fibrous into ``built`` (``structure``, ``armor_type``: EQ-STR-01); notes a
    structure, armor, myomer, gyro or cockpit other than those and the standard one; returns the slot
    kinds those lines already account for (Endo Steel's slots are its structure's)."""
    covered: set[str] = set()
    for key, kind, standard in (("structure", "structure", ("standard",)), ("armor", "armor", ("standard",)),
                                ("myomer", "myomer", ("standard",)), ("gyro", "gyro", ("standard gyro", "standard")),
                                ("cockpit", "cockpit", ("standard cockpit", "standard")),
                                ("heat sink kit", "heat sink kit", ("none", ""))):
        if key not in values:
            continue
        number, text = values[key]
        if key == "cockpit" and text.strip() in COCKPITS:  # EQ-IND-02: MegaMek matches the whole text
            if COCKPITS[text.strip()] != "standard":
                built["cockpit"] = COCKPITS[text.strip()]
            continue
        if key == "cockpit" and text.strip().casefold().startswith("industrial cockpit ("):
            continue  # "Industrial Cockpit (AFC)": MegaMek reads a standard cockpit, the IndustrialMech's AFC
        plain = re.sub(r"\(.*\)$", "", " ".join(text.split())).strip()  # Standard(Inner Sphere), Standard((Unknown...))
        bare = re.sub(r"^(?:IS|Clan)\s+", "", plain, flags=re.I)
        if bare.casefold() in standard or (key == "armor" and bare.casefold() == "standard armor"):
            continue
        if key == "myomer" and bare.replace("-", " ").casefold() in PLAYED_MYOMER:
            continue  # the slots carry it (MASC, TSM) or it is not there: MegaMek ignores the line
        name = bare.replace("Endo-Steel", "Endo Steel").replace("Triple-Strength", "Triple Strength")
        if key in ("structure", "armor") and (clan or "(clan)" in text.casefold() or plain.startswith("Clan")):
            name = f"Clan {name}" if not name.startswith("Clan") else name
        covered.add(kind)
        if (key, name) in BUILT:
            built["structure" if key == "structure" else "armor_type"] = BUILT[(key, name)]
            continue
        notes.unmodelled(number, f"{kind} {text!r}", f"{kind}: {name}",
                         "read as the standard one" + (f"; {KEPT}" if key in ("structure", "armor", "myomer") else ""))
    return covered


def _heat_sinks(entry: tuple[int, str], clan: bool, notes: Notes) -> tuple[int, str]:
    """Returns the count of ``Heat Sinks:13 Single`` and, when they are not single heat sinks, their kind
    (MtfFile: the words Double, Laser, Compact; a double heat sink is Clan when the line or else the tech
    base says so)."""
    number, value = entry
    found = re.match(r"^\s*(\d+)\s*(.*)$", value)
    if found is None:
        raise notes.fail(number, f"Heat Sinks:{value}: expected a count and a type, e.g. '10 Single'")
    count, words = notes.whole(number, found.group(1), "Heat Sinks", 0, 999), found.group(2).casefold()
    kind = next((k for w, k in (("double", "Double Heat Sink"), ("laser", "Laser Heat Sink"),
                                ("compact", "Compact Heat Sink")) if w in words), "")
    if kind == "Double Heat Sink" and ("clan" in words or (clan and "is" not in words.split())):
        kind = "Clan Double Heat Sink"
    if kind not in PLAYED_SINKS:
        notes.unmodelled(number, f"{count} {kind.casefold().replace('clan', 'Clan')}s", kind,
                         f"read as {count} single heat sinks; their slots are kept: a critical hit there has no "
                         "effect")
    return count, kind


class _Slot(NamedTuple):
    line: int
    item: str  # btcli's slot item: "", "engine", "weapon:AC/20", "ammo:LRM-20", "equipment:Endo Steel"
    marks: frozenset[str]
    thing: equipment.Item | None  # the item of equipment it holds (None: a system, ammunition, or unknown)
    name: str  # the slot's name without its marks


def _slots(blocks: dict[str, list[tuple[int, str]]], clan: bool, covered: set[str], notes: Notes,
           headers: dict[str, int], last_content: int, locations: tuple[str, ...] = BIPED,
           gear: dict[str, object] | None = None) -> tuple[dict[str, list[str]], list[dict], list[dict]]:
    """Returns the slot layout in btcli's items, the weapons (one per run of a weapon's slots) and the
    ammunition bins (one per slot); notes what btcli does not play."""
    slots: dict[str, list[str]] = {}
    read: dict[str, list[_Slot]] = {}
    ammo: list[dict] = []
    for location in locations:
        lines = blocks[FULL_NAME[location].casefold()]
        count = SLOT_COUNT[location]
        if len(lines) < count:
            end = lines[-1][0] if lines else headers[FULL_NAME[location].casefold()]
            if end >= last_content:
                raise notes.fail(end, f"{FULL_NAME[location]} lists {len(lines)} critical slots, not {count} (is the "
                                 "file cut short?)")
            lines = lines + [(end, "-Empty-")] * (count - len(lines))  # MegaMek leaves the rest of them empty
        read[location] = [_slot(number, text, clan, location, notes, ammo) for number, text in lines]
        extra = next((s for s in read[location][count:] if s.item), None)
        if extra is not None:
            raise notes.fail(extra.line, f"{FULL_NAME[location]} has {count} critical slots; this is slot "
                             f"{read[location].index(extra) + 1}")
        read[location] = read[location][:count]
        slots[location] = [s.item for s in read[location]]
    weapons = _mounts(read, covered, notes, locations, {} if gear is None else gear)
    return slots, weapons, ammo


def _slot(number: int, text: str, clan: bool, location: str, notes: Notes, ammo: list[dict]) -> _Slot:
    marks = set()
    name = text
    for mark, pattern in _MARKS:
        name, hit = pattern.subn("", name)
        if hit:
            marks.add(mark)
    name = name.strip()
    frozen = frozenset(marks)
    if "|" in name:  # two items in one slot: a superheavy's doubled slots, or compact heat sinks
        notes.unmodelled(number, f"two items in one {location} slot ({name})", "two items in one slot", KEPT)
        return _Slot(number, f"equipment:{name}", frozen, None, name)
    system = SYSTEMS.get(equipment.squash(name))
    if system is not None:
        if "armored" in marks:
            notes.unmodelled(number, f"an armored {name} in {location}", "armored component",
                             "read as an unarmored one")
        return _Slot(number, system, frozen, None, name)
    if equipment.is_ammo(name):
        return _Slot(number, _ammo_slot(number, name, clan, location, notes, ammo), frozen, None, name)
    item = equipment.lookup(name, clan)
    if item is None:
        return _Slot(number, f"equipment:{name}", frozen, None, name)
    if item.name in BUILT_SLOTS:  # a construction item btcli plays: its slots are btcli's own slot items
        return _Slot(number, BUILT_SLOTS[item.name], frozen, None, name)
    played = PLAYED_EQUIPMENT.get(item.name)
    if played is not None:  # MASC, TSM, improved jump jets: slot items the rules read (EQ-MASC, EQ-TSM, EQ-JJ)
        return _Slot(number, played, frozen, None, name)
    return _Slot(number, f"weapon:{item.plays}" if item.plays else f"equipment:{item.name}", frozen, item, name)


NO_BLAST = "the slots are kept: a critical hit there has no effect (no explosion)"


def _ammo_slot(number: int, name: str, clan: bool, location: str, notes: Notes, ammo: list[dict]) -> str:
    """Returns the slot item of one ammunition slot, adding its bin when btcli plays it."""
    read = equipment.ammo(name, clan)
    weapon = read.weapon
    if weapon is None:
        notes.unmodelled(number, f"unknown ammunition {name!r} in {location}", f"ammunition: {read.weapon_text}",
                         f"left out; {NO_BLAST}")
        return f"equipment:{name}"
    if not weapon.plays:
        notes.unmodelled(number, f"{weapon.name} ammunition in {location}", weapon.name,
                         f"left out with its weapon; {NO_BLAST}")
        return f"equipment:{name}"
    munition = equipment.played_munition(read)
    if munition is None:
        notes.unmodelled(number, f"{read.munition} {weapon.plays} ammunition in {location}",
                         f"{read.munition} ammunition", f"left out: the weapon carries none of it; {NO_BLAST}")
        return f"equipment:{name}"
    if munition != read.munition:
        notes.unmodelled(number, f"{read.munition} {weapon.plays} ammunition in {location}",
                         f"{read.munition} ammunition", "read as standard rounds, which it is when fired without its system")
    ammo.append(equipment.bin_of(read, munition, location))
    return f"ammo:{weapon.plays}"


def _mounts(read: dict[str, list[_Slot]], covered: set[str], notes: Notes,
            locations: tuple[str, ...] = BIPED, gear: dict[str, object] | None = None) -> list[dict]:
    """Returns the weapons the slots hold, one per run of a weapon's slots (a multi-slot weapon fills
    consecutive slots, as MegaMek places it), links each Artemis IV FCS to a launcher (EQ-ART-01), puts the
    ECM suite's and active probe's locations in ``gear`` (EQ-ECM-01, EQ-PROBE-01), and gathers the equipment
    btcli does not play, once per item."""
    weapons: list[dict] = []
    spread: dict[str, tuple[int, int, str]] = {}  # Endo Steel and the like: one item, however many slots
    splits: list[tuple[str, list[_Slot]]] = []
    gear = {} if gear is None else gear
    carried: list[str] = []  # EQ-INERT-01..04
    for location in locations:
        fcs: list[int] = []  # the line of each Artemis IV FCS in this location
        launchers: list[int | None] = []  # its Artemis-compatible weapons in slot order (None: one btcli leaves out)
        for run in _runs(read[location]):
            first, thing = run[0], run[0].thing
            if first.item.startswith("equipment:") and thing is None and not equipment.is_ammo(first.name) \
                    and "|" not in first.name:
                notes.unmodelled(first.line, f"unknown equipment {first.name!r} in {location} ({_slots_of(run)})",
                                 equipment.plain(first.name), KEPT, weapons=1)  # it may be a weapon
                continue
            if thing is None:
                continue
            if thing.inert:  # EQ-INERT-01..04: carried, playing no part; its slots stay "equipment:NAME"
                per = len(run) if thing.spread else thing.slots or len(run)
                carried += [thing.name] * (0 if thing.spread and thing.name in carried else max(1, len(run) // per))
                continue
            if thing.name in equipment.ARTEMIS:
                fcs += [first.line] * len(run)
                continue
            if thing.name in equipment.ELECTRONICS and equipment.ELECTRONICS[thing.name] not in gear:
                gear[equipment.ELECTRONICS[thing.name]] = location
                continue
            if thing.name in equipment.C3:  # EQ-C3-01: read from its slots
                gear.setdefault("c3", equipment.C3[thing.name])
                continue
            if thing.played:  # the rules read it from its slots (the targeting computer, EQ-TC-02)
                continue
            if thing.spread or thing.kind in covered:
                line, count, kind = spread.get(thing.name, (first.line, 0, thing.kind))
                spread[thing.name] = (line, count + len(run), kind)
                continue
            per = thing.slots or len(run)
            whole, rest = divmod(len(run), per)
            if rest:  # part of a weapon split over two locations (marked (Split) or not, as MegaMek reads it)
                splits.append((location, run[whole * per:]))
            rear = " (rear)" if "rear" in first.marks else ""
            for _ in range(whole):
                if thing.plays:
                    if "turret" in first.marks:
                        notes.unmodelled(first.line, f"a turret-mounted {thing.name} in {location}", "'Mech turret",
                                  "read as fixed in its location")
                    if equipment.artemis_compatible(thing):
                        launchers.append(len(weapons))
                    weapons.append({"name": thing.plays, "location": location, **({"rear": True} if rear else {}),
                                    **({"one_shot": True} if thing.one_shot else {})})  # EQ-OS-01
                else:
                    if equipment.artemis_compatible(thing):
                        launchers.append(None)
                    notes.unmodelled(first.line, f"{thing.name} in {location}{rear}", thing.name,
                              f"left out; {KEPT}", weapons=int(thing.kind == "weapon"))
        equipment.link_artemis(location, fcs, launchers, weapons, notes, f"left out; {KEPT}")
    for name, (line, count, kind) in spread.items():
        if kind not in covered:
            notes.unmodelled(line, f"{name} ({count} slots)", name, KEPT)
    weapons += _split_weapons(splits, notes)
    c3 = equipment.c3_of(str(gear.get("c3", "")), weapons)
    if c3:
        gear["c3"] = c3
    if carried:
        gear["carried"] = carried
    return weapons


def _slots_of(run: list[_Slot]) -> str:
    return f"{len(run)} slot{'s' if len(run) > 1 else ''}"


def _runs(slots: list[_Slot]) -> list[list[_Slot]]:
    """Returns the slots in runs of the same item with the same marks."""
    runs: list[list[_Slot]] = []
    for slot in slots:
        if runs and slot.item and runs[-1][0].item == slot.item and runs[-1][0].marks == slot.marks:
            runs[-1].append(slot)
        else:
            runs.append([slot])
    return runs


# A weapon split over two locations lies in a location and the one inward of it (Mech.getInnerLocation), and
# MegaMek fires it from the more restrictive of the two (Mech.mostRestrictiveLoc, restrictScore: an arm 0, a
# side torso 1, the centre torso 2, a leg 3): MegaMek @f0b2b01 MtfFile.java:760-770 sets the mount's location to it
# and its second location to the other (EQ-SPLIT-01; Mech.addEquipment adds the mount once, :3089-3091).
INNER = {"LA": "LT", "RA": "RT", "LL": "LT", "RL": "RT", "LT": "CT", "RT": "CT",
         "FLL": "LT", "FRL": "RT", "RLL": "LT", "RRL": "RT"}
RESTRICTIVE = {"LA": 0, "RA": 0, "LT": 1, "RT": 1, "CT": 2, "LL": 3, "RL": 3, "HD": 3,
               "FLL": 0, "FRL": 0, "RLL": 3, "RRL": 3}  # a quad's front legs are MegaMek's arm locations


def _beside(a: str, b: str) -> bool:
    """Tells whether one location is the other's inward neighbour (a limb and its side torso, a side torso and
    the centre torso)."""
    return INNER.get(a) == b or INNER.get(b) == a


def _split_weapons(splits: list[tuple[str, list[_Slot]]], notes: Notes) -> list[dict]:
    """Pairs the part-runs of a weapon's slots with the part in the location inward (a weapon split over two
    locations; MegaMek joins them whether or not the slots say ``(Split)``): one weapon, mounted where MegaMek
    fires it from, its ``split`` the other location (EQ-SPLIT-01; a hit on its slots in either, or the loss of
    either, destroys it: EQ-SPLIT-02)."""
    weapons = []
    pending = list(splits)
    while pending:
        location, run = pending.pop(0)
        thing = run[0].thing
        assert thing is not None
        other = next((p for p in pending if p[1][0].thing == thing and _beside(location, p[0])
                      and len(run) + len(p[1]) == thing.slots), None)
        if other is None:
            raise notes.fail(run[0].line, f"{len(run)} {location} slots of {thing.name}, which takes {thing.slots}, "
                             "and the rest in no location beside it")
        pending.remove(other)
        where = max(location, other[0], key=RESTRICTIVE.__getitem__)  # EQ-SPLIT-01
        elsewhere = other[0] if where == location else location
        what = f"{thing.name} split between {location} and {other[0]}"
        if not thing.plays:
            notes.unmodelled(run[0].line, what, thing.name, f"left out; {KEPT}", weapons=int(thing.kind == "weapon"))
            continue
        weapons.append({"name": thing.plays, "location": where, "split": elsewhere,
                        **({"rear": True} if "rear" in run[0].marks else {})})
    return weapons


def _in_list_order(weapons: list[dict], listed: list[str], clan: bool) -> list[dict]:
    """Returns the weapons the slots hold in the order the weapon list gives them (a design's order, which
    a record sheet and btcli's catalog keep), the rest after in slot order."""
    left = list(weapons)
    ordered = []
    for line in listed:
        name, _, rest = line.partition(",")
        name = re.sub(r"^\s*\d+\s+", "", name)  # the older layout's count: "1 ISGaussRifle"
        rear = "(r)" in line.casefold()
        for pattern in (r"\(R\)", r"\(OMNIPOD\)", r"\(T\)", r"\(Split\)"):
            name = re.sub(pattern, "", name, flags=re.I)
        where = re.sub(r"\(.*?\)", "", rest.partition(",")[0])
        weapon = equipment.listed_weapon(name.strip(), clan)
        location = LOCATIONS.get(" ".join(where.split()).casefold())
        match = next((w for w in left if weapon and w["name"] == weapon and w["location"] == location
                      and w.get("rear", False) == rear), None)
        if match is not None:
            left.remove(match)
            ordered.append(match)
    return ordered + left


def _no_slot_equipment(number: int, text: str, clan: bool, notes: Notes) -> str:
    """``nocrit:NAME[:LOCATION]``: equipment that takes no slot; returns its name when it is carried playing no part
    (EQ-INERT-01..04), else ""."""
    name = text.partition(":")[0].strip()
    if equipment.squash(name) in ("standard", "isstandard", "clanstandard"):  # the standard armor, as MegaMek writes it
        return ""
    item = equipment.lookup(name, clan)
    if item is not None and item.inert:
        return item.name
    shown = item.name if item is not None else equipment.plain(name)
    notes.unmodelled(number, f"{shown} (no slots)", shown, "left out")
    return ""


def _engine_sinks(sinks: int, slots: dict[str, list[str]], rating: int, number: int, notes: Notes,
                  kind: str = "single") -> tuple[int, str]:
    """Returns the heat sinks MegaMek plays for ``Heat Sinks:N Single`` (or ``Double``) and their type: those in
    the slots, and the rest in the engine up to what it holds (Mech.addEngineSinks; EQ-HS-03:
    Engine.integralHeatSinkCapacity, rating / 25; btcli/rules/ground/mechs.py). A double heat sink's slots
    become ``heat_sink`` slots, 3 an Inner Sphere sink and 2 a Clan one (EQ-HS-02); the slots say which (an Inner
    Sphere 'Mech may mount Clan double heat sinks, each MegaMek's mount of its own kind). A count the engine and
    slots cannot hold is noted, and so are heat sinks of another kind in the slots (kept as slots a critical hit
    there does nothing to); another kind of heat sink in the slots (not played yet, and noted) leaves the count
    as the file gives it."""
    from btcli.model.units import HEAT_SINK_SLOTS
    from btcli.rules.ground.mechs import engine_heat_sinks

    read = {"single": "heat_sink", "double": "double_heat_sink", "clan_double": "clan_double_heat_sink"}
    items = [item for location in slots.values() for item in location]
    if any(item not in read.values() and "heatsink" in equipment.squash(item) for item in items):
        return sinks, kind
    found = [k for k, item in read.items() if item in items]
    if kind != "single" and len(found) == 1 and found[0] != "single":
        kind = found[0]  # double heat sinks of the slots' own kind
    per, mine = HEAT_SINK_SLOTS[kind], read[kind]
    for other in found:
        if other != kind:
            notes.unmodelled(number, f"{items.count(read[other])} slots of {other.replace('_', ' ')} heat sinks in a "
                             f"'Mech of {kind.replace('_', ' ')} heat sinks", "heat sinks of two kinds", KEPT)
    shown = {"heat_sink": "equipment:Heat Sink", "double_heat_sink": "equipment:Double Heat Sink",
             "clan_double_heat_sink": "equipment:Clan Double Heat Sink"}
    placed = 0
    for location, contents in slots.items():
        for item, run in groupby(contents):
            if item == mine:
                length = len(list(run))
                placed += length // per
                if length % per:
                    notes.unmodelled(number, f"{length} slots of {kind.replace('_', ' ')} heat sinks in {location}, "
                                     f"not a whole number of {per}-slot sinks", "a double heat sink's slots apart", KEPT)
        slots[location] = ["heat_sink" if item == mine else shown.get(item, item) for item in contents]
    played = placed + min(max(sinks - placed, 0), engine_heat_sinks(rating, 10 ** 6))
    if played != sinks:
        notes.unmodelled(number, f"Heat Sinks:{sinks}, but {placed} sit in the slots and the {rating}-rated engine "
                         f"holds {engine_heat_sinks(rating, 10 ** 6)}", "heat sinks the engine and slots cannot hold",
                         f"read as {played}, as MegaMek plays it")
    return played, kind
