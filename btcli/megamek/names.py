"""MegaMek's equipment and location names, as btcli's catalog names them.

MegaMek names one weapon several ways: a display name in a 'Mech's weapon list (``AC/20``), a longer
one in its critical slots (``Autocannon/20``), internal names (``ISAC20``) and older lookup names
(``IS Auto Cannon/20``). A name is compared squashed (case, spaces and ``-/_.`` ignored), with an
``IS`` tech-base prefix dropped, against each catalog weapon's name, its aliases and the extra
MegaMek spellings below. The extra spellings are from memory of MegaMek's equipment tables
(UNVERIFIED); a name that matches nothing is refused as unknown, never guessed.
"""

from __future__ import annotations

import re
from functools import cache

from btcli import catalog

# MegaMek spellings the catalog's names and aliases do not already cover once squashed (UNVERIFIED).
EXTRA_SPELLINGS = {
    "AC/2": ("Autocannon/2", "Auto Cannon/2"),
    "AC/5": ("Autocannon/5", "Auto Cannon/5"),
    "AC/10": ("Autocannon/10", "Auto Cannon/10"),
    "AC/20": ("Autocannon/20", "Auto Cannon/20"),
    "PPC": ("Particle Cannon", "Particle Projector Cannon"),
    "ER PPC": ("ER Particle Cannon",),
    "LB 10-X AC": ("LBXAC10", "LB 10-X Autocannon"),
    "Ultra AC/5": ("Ultra Autocannon/5",),
    "Arrow IV (IS)": ("Arrow IV System", "ArrowIVSystem"),
}

# 'Mech locations: the .mtf's full names and its armor keys (rear torso RTL/RTR/RTC), as btcli's.
MECH_LOCATIONS = {
    "left arm": "LA", "right arm": "RA", "left torso": "LT", "right torso": "RT", "center torso": "CT",
    "head": "HD", "left leg": "LL", "right leg": "RL",
}
MECH_ARMOR = {"LA": "LA", "RA": "RA", "LT": "LT", "RT": "RT", "CT": "CT", "HD": "HD", "LL": "LL", "RL": "RL",
              "RTL": "LTR", "RTR": "RTR", "RTC": "CTR"}

# A 'Mech's fixed slot contents, as btcli's slot items (btcli/rules/mechs.py).
MECH_SLOTS = {
    "-empty-": "", "shoulder": "shoulder", "upper arm actuator": "upper_arm", "lower arm actuator": "lower_arm",
    "hand actuator": "hand", "hip": "hip", "upper leg actuator": "upper_leg", "lower leg actuator": "lower_leg",
    "foot actuator": "foot", "gyro": "gyro", "life support": "life_support", "sensors": "sensors",
    "cockpit": "cockpit", "heat sink": "heat_sink", "isheatsink": "heat_sink", "jump jet": "jump_jet",
    "isjumpjet": "jump_jet",
}


REAR = re.compile(r"\s*\(R\)\s*$", re.IGNORECASE)  # a rear-mounted weapon's mark
OMNIPOD = re.compile(r"\s*\(omnipod\)\s*$", re.IGNORECASE)  # an OmniMech's pod-mounted equipment


def squash(text: str) -> str:
    """Returns a name as names are compared: lower case without spaces or ``-/_.``."""
    return re.sub(r"[\s\-/_.]+", "", text).casefold()


@cache
def _weapon_index() -> dict[str, str]:
    index: dict[str, str] = {}
    for name, data in catalog.weapons().items():
        for spelling in (name, *data.get("aliases", ()), *EXTRA_SPELLINGS.get(name, ())):
            index[squash(spelling)] = name
    return index


def weapon(text: str) -> str | None:
    """Returns the catalog weapon a MegaMek weapon name names, or None."""
    key = squash(text)
    found = _weapon_index().get(key)
    if found is None and key.startswith("is"):  # the Inner Sphere tech-base prefix: ISMediumLaser, IS SRM-6
        found = _weapon_index().get(key[2:])
    return found


_HALF = re.compile(r"\s*(?:-\s*half|\(half\))\s*$", re.IGNORECASE)
_FULL = re.compile(r"\s*(?:-\s*full|\(full\))\s*$", re.IGNORECASE)
_KINDS = (("ap", re.compile(r"\b(?:armor[- ]piercing|AP)\b", re.IGNORECASE)),
          ("cluster", re.compile(r"\bcluster\b", re.IGNORECASE)))


def ammo(text: str) -> tuple[str, str, bool] | None:
    """Returns (catalog weapon, kind, half ton) for a MegaMek ammunition name (``IS Ammo AC/20``,
    ``IS Ammo MG - Half``, ``ISSRM6 Ammo``, ``IS LB 10-X Cluster Ammo``), or None when it is not
    ammunition. The weapon is None-checked by the caller: unknown ammunition is refused there."""
    if not re.search(r"\bammo\b|ammo$", text, re.IGNORECASE):
        return None
    rest, half = _HALF.subn("", text)
    rest = _FULL.sub("", rest)
    kind = "standard"
    for name, pattern in _KINDS:  # UNVERIFIED: MegaMek's words for armor-piercing and LB-X cluster rounds
        rest, found = pattern.subn(" ", rest)
        if found:
            kind = name
    rest = re.sub(r"\bammo\b|ammo$", " ", rest, flags=re.IGNORECASE)
    rest = re.sub(r"^\s*IS\b", " ", rest)
    return (weapon(rest) or "", kind, bool(half))


def ammo_shots(weapon_name: str, kind: str, half: bool) -> int:
    """Returns the shots of one bin: a ton's (tables.md 12), half for a half ton, and an armor-piercing
    ton half a standard one, rounded down (VEH-DMG-10)."""
    shots = int(catalog.weapons()[weapon_name]["ammo_per_ton"])
    if kind == "ap":
        shots //= 2
    return shots // 2 if half else shots
