"""Physical weapons (issue #31; docs/equipment-rules.md EQ-PHYS): the hatchet and the sword a 'Mech carries in
an arm, swung in the physical attack phase (``attack GAME UNIT TARGET --physical hatchet``, ``sword``).

A 'Mech carries them as slot items (``hatchet``, ``sword``: the run of slots in the arm, MegaMek @f0b2b01
MiscType.java:4857-4874, 5042-5060, variable slots), so the rules read them from the unit's own slots and look
nothing up. What MegaMek @f0b2b01 ``common/actions/ClubAttackAction.java`` gives them, and btcli plays:

- EQ-PHYS-01 the attack: the arm that mounts it must be there (``isLocationBad``), with a working shoulder
  and hand actuator (hatchet and sword need a hand: ``needsHand``), no weapon fired from that arm this turn,
  no critical hit on the weapon's own slots ("Club is damaged"), the target in that arm's arc
  (:394-429, 445-462); a quad has no arms (QUAD-04);
- EQ-PHYS-02 the to-hit number: piloting, -1 a hatchet, -2 a sword (``getHitModFor``, :209-241), +2 for a
  destroyed upper arm actuator and +2 for a missing or destroyed lower arm actuator (:508-525), and the
  movement and target modifiers of every physical attack;
- EQ-PHYS-03 the damage: a hatchet tons / 5 (rounded down, :93; every 'Mech's tonnage is a multiple of 5, so
  no rounding arises), a sword ceil(tons / 10) + 1 (:94-95), doubled by working TSM at heat 9+ (:169-186,
  EQ-TSM-02), in one block; a miss forces no PSR (``Server.resolveClubAttack``);
- EQ-PHYS-04 the hit location: the normal table when both stand at the same level; against a 'Mech one
  level up, the kick table (:544-563).
"""

from __future__ import annotations

from collections.abc import Callable
from math import ceil

from btcli.errors import IllegalOrderError
from btcli.model.units import Unit

# The physical weapons btcli plays: slot item -> its to-hit modifier (EQ-PHYS-02, ClubAttackAction.getHitModFor).
WEAPONS = {"hatchet": -1, "sword": -2}
ACTUATOR_MODIFIER = 2  # EQ-PHYS-02: each destroyed upper arm, and missing or destroyed lower arm, actuator


def arms_with(unit: Unit, kind: str) -> list[str]:
    """Returns the locations whose slots hold ``kind`` (a hatchet or a sword), in slot-layout order."""
    return [location for location, contents in unit.built.slots.items() if kind in contents]


def carried(unit: Unit) -> list[tuple[str, str, bool]]:
    """Returns the physical weapons a 'Mech carries: (kind, location, whether no critical hit struck it)."""
    return [(kind, location, not damaged(unit, location, kind))
            for kind in WEAPONS for location in arms_with(unit, kind)]


def damaged(unit: Unit, location: str, kind: str) -> bool:
    """Tells whether a critical hit struck one of the weapon's slots (EQ-PHYS-01: "Club is damaged")."""
    contents = unit.built.slots.get(location, ())
    return any(contents[i] == kind for i in unit.slot_hits(location) if i < len(contents))


def check(unit: Unit, kind: str, lost: Callable[[str], set[str]], fired: Callable[[str], bool],
          in_arc: Callable[[str], bool], what: str) -> tuple[str, list[tuple[str, int]]]:
    """Returns (the arm, its modifiers) for a ``kind`` attack at ``what``; raises when the 'Mech cannot make it
    (EQ-PHYS-01, EQ-PHYS-02). ``lost`` gives an arm's destroyed or missing actuators, ``fired`` whether a weapon
    of an arm fired this turn, ``in_arc`` whether the target lies in an arm's arc."""
    arms = arms_with(unit, kind)
    if not arms:
        raise IllegalOrderError(f"'{unit.id}' carries no {kind}", "EQ-PHYS-01")
    problems = []
    for arm in arms:
        gone = lost(arm)
        if unit.internal.get(arm, 0) <= 0:
            problems.append(f"its {arm} is destroyed")
        elif damaged(unit, arm, kind):
            problems.append(f"a critical hit damaged its {kind} ({arm})")
        elif {"shoulder", "hand"} & gone:
            problems.append(f"its {arm} has no working shoulder or hand actuator")
        elif fired(arm):
            problems.append(f"a weapon in its {arm} fired this turn")
        elif not in_arc(arm):
            problems.append(f"{what} is not in its {arm}'s arc")
        else:
            mods = [(kind, WEAPONS[kind])]
            mods += [(f"{item.replace('_', ' ')} actuator {'destroyed' if item == 'upper_arm' else 'missing or destroyed'}",
                      ACTUATOR_MODIFIER) for item in ("upper_arm", "lower_arm") if item in gone]
            return arm, mods
    raise IllegalOrderError(f"'{unit.id}' cannot swing its {kind}: {'; '.join(problems)}", "EQ-PHYS-01")


def damage(unit: Unit, kind: str, tsm: int) -> int:
    """Returns a hatchet's or sword's damage (EQ-PHYS-03), ``tsm`` the multiplier of working TSM (EQ-TSM-02)."""
    amount = unit.tons // 5 if kind == "hatchet" else ceil(unit.tons / 10) + 1
    return amount * tsm


def table(level_difference: int, target_stands_tall: bool) -> str:
    """Returns the hit table of a hatchet or sword (EQ-PHYS-04): the kick table against a 'Mech one level up,
    else the normal table."""
    return "kick" if level_difference > 0 and target_stands_tall else "normal"
