"""Triple-Strength Myomer and jump jets (issue #31 item 4; docs/equipment-rules.md EQ-TSM-01..02, EQ-JJ-01..03).

A 'Mech carries TSM as the slot item ``tsm`` (its 6 spread slots; MegaMek @f0b2b01 Mech.hasTSM reads no
critical hit: the myomer works while the 'Mech has it), jump jets as ``jump_jet`` (1 slot each) and improved
jump jets as ``improved_jump_jet`` (2 slots each, in a run as MegaMek places them).

Sources: equipment.md E3 (TSM, Jump Jet, Improved Jump Jet); MegaMek @f0b2b01
megamek/src/megamek/common/BipedMech.java:165-169 and QuadMech.java:163-169 (TSM's +2 walking MP at heat 9+),
Mech.java:910-929 (hasActiveTSM: heat 9+), actions/PunchAttackAction.java:374, KickAttackAction.java:100,
ClubAttackAction.java:169 (damage doubled), Mech.java:1273-1290 (getJumpMP: one MP per jump jet not destroyed),
Mech.java:1458-1483 and Engine.java:647-652 (getJumpHeat: improved jets heat as half the MP jumped, rounded up).
"""

from __future__ import annotations

from btcli.model.units import Unit

TSM = "tsm"
JUMP_JET = "jump_jet"
IMPROVED_JUMP_JET = "improved_jump_jet"
TSM_HEAT = 9  # EQ-TSM-01: active at heat 9 or more (MegaMek: heat >= 9)
TSM_MP = 2  # EQ-TSM-01: +2 walking MP
TSM_PHYSICAL = 2  # EQ-TSM-02: punches, kicks and clubs do twice the damage


def has_tsm(unit: Unit) -> bool:
    return any(TSM in items for items in unit.built.slots.values())


def tsm_active(unit: Unit) -> bool:
    """Tells whether the unit's TSM works now: it has TSM and its heat is 9 or more (EQ-TSM-01, 02)."""
    return unit.built.heat >= TSM_HEAT and has_tsm(unit)


def tsm_walking_bonus(unit: Unit, legs_gone: int, legs_allowed: int) -> int:
    """The walking MP TSM adds (EQ-TSM-01): +2 at heat 9+, unless the 'Mech has lost more legs than its
    body allows (a biped none, a quad one: MegaMek's legsDestroyed == 0 / < 2)."""
    if unit.built.heat < TSM_HEAT or legs_gone > legs_allowed or not has_tsm(unit):
        return 0
    return TSM_MP


def physical_multiplier(unit: Unit) -> int:
    return TSM_PHYSICAL if tsm_active(unit) else 1


def jets_lost(unit: Unit) -> int:
    """How many jump jets critical hits destroyed (EQ-JJ-02): a jump jet whose slot is hit, an improved jump jet
    one of whose two slots is (each pair of its run of slots is one jet)."""
    if not unit.crits:
        return 0
    lost = unit.count_hits(JUMP_JET)
    for location, items in unit.built.slots.items():
        if IMPROVED_JUMP_JET not in items:
            continue
        hit = unit.slot_hits(location)
        nth = 0
        for i, item in enumerate(items):
            if item != IMPROVED_JUMP_JET:
                continue
            if nth % 2 == 0 and (i in hit or (i + 1 < len(items) and items[i + 1] == item and i + 1 in hit)):
                lost += 1
            nth += 1
    return lost


def jump_mp(unit: Unit) -> int:
    """Jump MP now: the design's, less one for each jump jet destroyed (EQ-JJ-02)."""
    return max(0, unit.jump - jets_lost(unit))


def improved_jets(unit: Unit) -> bool:
    return any(IMPROVED_JUMP_JET in items for items in unit.built.slots.values())


def jump_heat_hexes(unit: Unit, hexes: int) -> int:
    """The hexes a jump's heat counts (EQ-JJ-03): improved jump jets count half, rounded up."""
    return (hexes + 1) // 2 if improved_jets(unit) else hexes
