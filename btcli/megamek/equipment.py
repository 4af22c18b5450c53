"""MegaMek's names for weapons, ammunition and equipment, and what btcli plays each as (issue #28).

MegaMek names one item several ways: an internal name in critical slots (``ISERMediumLaser``,
``CLDoubleHeatSink``), lookup names elsewhere (``IS ER Medium Laser``, ``Autocannon/20``).
``equipment.toml`` beside this module lists the names of every item btcli knows: the weapons it plays
(``plays``, a catalog weapon) and those it does not play yet, so an import says what a slot holds in
the words a player knows, and a library summary counts each item once.

A name is looked up as MegaMek's loaders look it up (``MtfFile.parseCrits``, ``BLKFile.loadEquipment``;
``EquipmentType.get`` ignores case): as written, then with the unit's ``IS `` or ``Clan `` before it.
So a Clan 'Mech's ``Machine Gun`` is MegaMek's Inner Sphere machine gun, whose internal name that is,
and its ``ER Medium Laser`` (nobody's name) the Clan one. The weapon inside an ammunition name is btcli's
own reading (``ammo``), compared ignoring spaces and ``-/_.()[]``.
"""

from __future__ import annotations

import os
import re
import tomllib
from functools import cache
from typing import NamedTuple

from btcli import catalog

_SQUASH = re.compile(r"[\s\-/_.()\[\]]+")
_PREFIX = re.compile(r"^\s*(?:IS|CL|Clan)\b\s*|^\s*(?:IS|CL)(?=[A-Z])")  # MegaMek's case: ISMG, CLMG, Clan MG


def squash(text: str) -> str:
    """Returns a name as btcli compares names it reads itself: lower case without spaces or ``-/_.()[]``."""
    return _SQUASH.sub("", text).casefold()


def _exact(text: str) -> str:
    return " ".join(text.split()).casefold()


class Item(NamedTuple):
    """One kind of equipment as btcli names it."""

    name: str  # as btcli reports it ("ER Medium Laser", "Clan ER Medium Laser", "Double Heat Sink")
    kind: str  # weapon, heat_sink, equipment, armor, structure, myomer
    slots: int  # one item's critical slots on a 'Mech; 0: the size varies (the run of slots is one item)
    spread: bool = False  # its slots lie anywhere and are one item (Endo Steel, Ferro-Fibrous)
    plays: str = ""  # the catalog weapon btcli plays it as; "": not played yet (issue #31)
    played: bool = False  # equipment the rules read from the slots it fills (the targeting computer, EQ-TC-01)
    one_shot: bool = False  # a one-shot (OS) launcher of the weapon it plays (EQ-OS-01)
    inert: bool = False  # carried, playing no part in btcli's game (EQ-INERT-01..04): kept, listed, never noted


@cache
def _tables() -> tuple[dict[str, Item], dict[str, Item]]:
    """Returns the items by MegaMek's names as its lookup compares them, and squashed (for ammunition)."""
    with open(os.path.join(os.path.dirname(__file__), "equipment.toml"), "rb") as f:
        items = tomllib.load(f)["item"]
    weapons = catalog.weapons()
    exact: dict[str, Item] = {}
    squashed: dict[str, Item] = {}
    for raw in items:
        plays = raw.get("plays", "")
        slots = int(weapons[plays]["slots"]) if plays else int(raw["slots"])
        item = Item(raw["name"], raw["kind"], slots, bool(raw.get("spread", False)), plays, bool(raw.get("played")),
                    one_shot=bool(raw.get("one_shot")), inert=bool(raw.get("inert")))
        for name in raw["names"]:
            exact[_exact(name)] = item
        for name in (*raw["names"], *raw.get("ammo", ()), *((plays,) if plays else ())):
            key = squash(name)
            if raw["tech"] and not has_prefix(name):  # an ammunition name says whose: IS Ammo MG, Clan Ammo MG
                key = squash(raw["tech"]) + key
            squashed.setdefault(key, item)
            # An ammunition name writes a Clan prefix either way (CLMG Ammo, Clan Ammo MG): either finds it.
            if key.startswith("clan"):
                squashed.setdefault("cl" + key[4:], item)
            elif key.startswith("cl"):
                squashed.setdefault("clan" + key[2:], item)
    return exact, squashed


def has_prefix(text: str) -> bool:
    """Tells whether a name carries a tech prefix (``IS``, ``CL``, ``Clan``)."""
    return _PREFIX.match(text) is not None


def lookup(text: str, clan: bool) -> Item | None:
    """Returns the item a MegaMek name names for a unit of that tech base, or None when btcli does not know it."""
    exact = _tables()[0]
    found = exact.get(_exact(text)) or exact.get(_exact(("Clan " if clan else "IS ") + text))
    if found is None and ("os" in text.casefold()):
        return _one_shot(text, clan)
    return found


# A one-shot launcher's names (MegaMek @f0b2b01 weapons/srms/ISSRM4OS.java:31-34: ISSRM4OS, ISSRM4 (OS),
# IS SRM 4 (OS), OS SRM-4): its launcher's name with "OS" after the rack size, " (OS)" after it, or "OS " before.
# Not an improved one-shot's "IOS" (an Experimental item).
_OS = re.compile(r"^\s*(?:OS\s+(?P<before>.+?)|(?P<after>.+?)(?:\s*\(OS\)|(?<=\d)OS))\s*$", re.IGNORECASE)


def _one_shot(text: str, clan: bool) -> Item | None:
    """Returns a one-shot (OS) launcher's item: its launcher's, marked one-shot, when btcli plays the launcher and
    MegaMek makes an OS version of it (EQ-OS-01); else None."""
    match = _OS.match(text)
    if match is None:
        return None
    base = lookup(match.group("before") or match.group("after"), clan)
    if base is None or not base.plays:
        return None
    from btcli.rules.core import one_shot

    if not one_shot.takes_one_shot(catalog.weapon(base.plays)):
        return None
    return base._replace(name=f"{base.name} (OS)", one_shot=True)


def listed_weapon(text: str, clan: bool) -> str:
    """Returns the catalog weapon a name in an ``.mtf``'s weapon list stands for ("" when none): MegaMek
    writes display names there (``AC/20``, ``ER Large Laser``), which its lookup does not know, so they
    are compared squashed (the list only orders the weapons the slots hold)."""
    item = lookup(text, clan)
    if item is None:
        squashed = _tables()[1]
        key = squash(text)
        item = next((squashed[p + key] for p in (("clan", "is", "") if clan else ("is", "")) if p + key in squashed),
                    None)
    return item.plays if item is not None else ""


def plain(text: str) -> str:
    """Returns an unknown name as a library summary counts it: its extra spaces dropped."""
    return " ".join(text.split())


# -- Ammunition ------------------------------------------------------------------------------------------


class Ammo(NamedTuple):
    """An ammunition slot or line: the weapon it feeds (None: unknown), its munition, and half a ton."""

    weapon: Item | None
    weapon_text: str  # the weapon's name as written ("AC/20", "ISLRM15")
    munition: str  # "standard", "ap", "cluster", or MegaMek's word for another ("Artemis-capable")
    half: bool


_AMMO_WORD = re.compile(r"\bammo\b|ammo(?=$|[\s:(])|(?<=[a-z0-9])ammo\b|\bpods$", re.IGNORECASE)  # ISNarc Pods
_HALF = re.compile(r"\s*(?:-\s*half|\(\s*1/2\s*ton\s*\)|\(\s*100\s*\)|\bhalf\b)\s*", re.IGNORECASE)
_FULL = re.compile(r"\s*(?:-\s*full|\(\s*200\s*\)|\bfull\b)\s*", re.IGNORECASE)
# MegaMek's munition words btcli plays: LB-X cluster rounds (VEH-DMG-10's armor-piercing rounds too).
MUNITIONS = {"cl": "cluster", "cluster": "cluster", "slug": "standard", "ap": "ap", "armorpiercing": "ap",
             "armourpiercing": "ap", "artemiscapable": "artemis", "narccapable": "narc", "er": "er", "he": "he"}


def is_ammo(text: str) -> bool:
    """Tells whether a slot or equipment name is ammunition (``IS Ammo AC/20``, ``ISLRM15 Ammo``)."""
    return _AMMO_WORD.search(text) is not None


def ammo(text: str, clan: bool) -> Ammo:
    """Returns what an ammunition name (``is_ammo``) holds: the weapon, by its name in the ammunition's,
    and the munition, from the words left over (``IS LB 10-X Cluster Ammo``, ``ISLRM15 Ammo
    Artemis-capable``, ``IS Ammo MG - Half``, ``Clan Ammo ATM-6 ER``)."""
    rest, half = _HALF.subn(" ", text)
    rest = _FULL.sub(" ", rest)
    prefix = _PREFIX.match(rest)
    tech = prefix.group(0).strip() if prefix else ""
    rest = _AMMO_WORD.sub(" ", rest[prefix.end():] if prefix else rest)
    rest = re.sub(r"\s-\s|\s+-$", " ", rest)
    words = rest.split()
    # The longest leading run of words that names a weapon is the weapon; the rest is the munition.
    squashed = _tables()[1]
    for cut in range(len(words), 0, -1):
        name = squash(" ".join(words[:cut]))
        prefixes = (squash(tech),) if tech else ("clan", "is", "") if clan else ("is", "")
        item = next((squashed[p + name] for p in prefixes if p + name in squashed), None)
        if item is not None and item.kind == "weapon":
            extra = re.sub(r"^\((?:clan|is)\)\s*", "", " ".join(words[cut:]), flags=re.I)  # LRM-20 (Clan) Artemis-capable
            munition = MUNITIONS.get(squash(extra), extra) if extra else "standard"
            return Ammo(item, " ".join(words[:cut]), munition, bool(half))
    return Ammo(None, " ".join(words), "standard", bool(half))


# Munitions that are standard rounds a fire-control system btcli does not play makes better (Artemis V-capable
# missiles fired without Artemis V act as standard ones: MegaMek @f0b2b01 MissileWeaponHandler gives them nothing
# without the system).
CAPABLE = {"artemisvcapable"}


def played_munition(read: Ammo) -> str | None:
    """Returns the munition btcli plays an ammunition bin as: standard rounds, LB-X cluster and
    autocannon armor-piercing rounds (VEH-DMG-10), Artemis IV- and Narc-capable LRM and SRM missiles
    (EQ-ART-01, EQ-NARC-02) and ATM ER and HE rounds (EQ-ATM-01) as they are, an Artemis V-capable missile
    as a standard one; None when btcli does not play it."""
    weapon = read.weapon.plays if read.weapon is not None else ""
    data = catalog.weapons().get(weapon, {})
    if read.munition == "standard" or (read.munition == "cluster" and data.get("lbx")) or (
            read.munition == "ap" and weapon in ("AC/2", "AC/5", "AC/10", "AC/20")) or (
            read.munition in ("artemis", "narc") and _guided(weapon)) or (
            read.munition in ("er", "he") and data.get("atm")):
        return read.munition
    if squash(read.munition) in CAPABLE and _guided(weapon):
        return "standard"
    return None


def artemis_compatible(item: Item) -> bool:
    """Tells whether MegaMek links an Artemis IV FCS to this weapon (@f0b2b01 WeaponType.F_ARTEMIS_COMPATIBLE:
    LRMs, SRMs, MMLs, torpedoes and the enhanced and extended LRMs; not Streaks, MRMs or ATMs): btcli's LRMs and
    SRMs, and by name the ones it does not play yet."""
    if item.plays:
        return _guided(item.plays)
    name = squash(item.name)
    return item.kind == "weapon" and "streak" not in name and any(
        w in name for w in ("mml", "lrm", "srm", "lrt", "srt", "torpedo"))


def _guided(weapon: str) -> bool:
    """Tells whether a catalog weapon is a launcher an Artemis IV or Narc makes better: an LRM or SRM,
    Inner Sphere or Clan, not a Streak (MegaMek's Artemis- and Narc-capable munitions)."""
    return weapon.removeprefix("Clan ").startswith(("LRM", "SRM"))


def bin_of(read: Ammo, munition: str, location: str, shots_given: int = 0) -> dict[str, object]:
    """Returns one ammunition bin as a design gives it (``kind`` only for a munition other than standard)."""
    assert read.weapon is not None
    weapon = read.weapon.plays
    count = shots_given or shots(weapon, munition, read.half)
    return {"weapon": weapon, "location": location, "shots": count, **({"kind": munition} if munition != "standard"
                                                                        else {})}


def shots(weapon: str, munition: str, half: bool) -> int:
    """Returns the shots of one bin of a catalog weapon's ammunition: a ton's (tables.md 12), half for
    half a ton, and an armor-piercing ton half a standard one, rounded down (VEH-DMG-10)."""
    count = int(catalog.weapons()[weapon]["ammo_per_ton"])
    if munition == "ap":
        count //= 2
    return count // 2 if half else count


# -- Fire control and electronics (issue #31) --------------------------------------------------------------

# The Artemis IV FCS and the electronics the importer reads into the design (EQ-ART-01, EQ-ECM-01, EQ-PROBE-01).
ARTEMIS = ("Artemis IV FCS", "Clan Artemis IV FCS")
ELECTRONICS = {"Guardian ECM Suite": "ecm", "Clan ECM Suite": "ecm", "Beagle Active Probe": "probe",
               "Clan Active Probe": "probe",
               "Clan Light Active Probe": "probe"}  # issue #31, part "weapons": MegaMek @f0b2b01 MiscType.java:6167
# The C3 computers the importer reads into the design's ``c3`` (EQ-C3-01); the master is a weapon (C3_MASTER).
C3 = {"C3 Slave": "slave", "C3i": "c3i"}
C3_MASTER = "C3 Master"


def c3_of(found: str, weapons: list[dict]) -> str:
    """Returns the design's ``c3``: "master" when it mounts a C3 master (MegaMek @f0b2b01 Entity.hasC3M), else
    the slave or C3i computer ``found`` in its slots or equipment lines ("" for none)."""
    if any(w["name"] == C3_MASTER for w in weapons):
        return "master"
    return found


def link_artemis(location: str, fcs: list[int], launchers: list[int | None], weapons: list[dict],
                 notes, left: str) -> None:
    """Links each Artemis IV FCS of a location to the first Artemis-compatible launcher there not yet linked,
    in slot order (MegaMek @f0b2b01 MechFileParser.postLoadInit; it refuses a file whose FCS has none)."""
    for line, launcher in zip(fcs, launchers):
        if launcher is None:
            notes.unmodelled(line, f"Artemis IV FCS in {location}, linked to a launcher btcli leaves out",
                             "Artemis IV FCS of a launcher left out", left)
        else:
            weapons[launcher]["artemis"] = True
    for line in fcs[len(launchers):]:  # MegaMek refuses the file; a launcher btcli does not know may be there
        notes.unmodelled(line, f"Artemis IV FCS in {location} with no launcher btcli knows there",
                         "Artemis IV FCS of a launcher left out", left)
