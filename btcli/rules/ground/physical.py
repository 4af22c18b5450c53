"""Physical attacks: punch, kick, charge, death from above (tables.md 8.7, 8.2; VEH-PHYS).

Declared in the physical attack phase and resolved at its end, all at once.
Base target numbers and damage (tables.md 8.7, PARTLY VERIFIED): punch =
piloting, ceil(tons/10) per arm on the punch table; kick = piloting - 2,
floor(tons/5) on the kick table, a miss forces the kicker's PSR and a hit the kicked
'Mech's (PHYS-PSR-01); charge = piloting +
(attacker - target piloting), ceil(tons/10 x hexes moved) to the target and
ceil(target tons/10) back, both make a PSR at +2; death from above = piloting
+ difference, ceil(tons/10 x 3) on the punch table, ceil(tons/5) to the
attacker on the kick table, attacker PSR +4 (a miss is a fall), target +2. A
club (a 'Mech carrying one: ``MechState.club``, from rubble with the urban rules)
swings at piloting - 1 for ceil(tons/5) on the normal table (memory, UNVERIFIED).
A charge or death from above that hits displaces the target one hex away from
the attacker, who takes its hex (btcli.rules.core.displacement).
Vehicles may only charge (VEH-PHYS-01); a vehicle charging a standing 'Mech
uses the kick table (VEH-PHYS-04) and both vehicles roll for motive damage
after a charge that hits (VEH-PHYS-05, AMB-08). Attacker and target movement
modifiers apply as for weapon attacks (tables.md 6.2-6.4).
"""

from __future__ import annotations

from math import ceil

from btcli.dice import Dice
from btcli.errors import IllegalOrderError
from btcli.model.events_ground import (
    BlowCancelled,
    BlowDestroysRotor,
    BlowHit,
    BlowMissed,
    DeathFromAboveMissed,
    FallsAfterPSR,
    TookThePlace,
)
from btcli.model.hexgrid import HexId
from btcli.model.state import GameState, Hit, Phase, evolve
from btcli.model.units import MoveMode, Unit
from btcli.rules import kinds
from btcli.rules.core import arcs, combat_tables, condition, tohit
from btcli.rules.ground import myomer_jets, physical_weapons, placement
from btcli.rules.core.displacement import displace
from btcli.rules.core.falls import fall, in_water
from btcli.rules.core.hits import apply_hits
from btcli.rules.kinds import mech, piloting_roll
from btcli.rules.ground.placement import placed, unit_level

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

KICK_MODIFIER = -2  # tables.md 8.7
CLUB_MODIFIER = -1  # TW club attack (memory; UNVERIFIED, not in tables.md 8.7)
PUNCH_ACTUATOR = {"upper_arm": 2, "lower_arm": 2, "hand": 1}  # TW punch modifiers (memory), destroyed or missing
CHARGE_PSR, CHARGED_PSR, DFA_PSR, DFA_TARGET_PSR, KICK_MISS_PSR = 2, 2, 4, 2, 0
# PHYS-PSR-01 (TW; MegaMek @f0b2b01 server/Server.java:15749-15752, getKickPushPSR 18997-19030): the 'Mech a
# kick hits makes a PSR with no modifier of its own; UNVERIFIED: the seeds and tables.md 8.7 are silent.
KICKED_PSR = 0


# VEH-PHYS-08: the level differences (VTOL absolute height - the 'Mech's hex level, AMB-10) at
# which a 'Mech's physical attack reaches an airborne VTOL. TW's table is not at hand (tables.md
# 8.7: UNVERIFIED): a 'Mech stands two levels tall, so arms and clubs reach 1-2, a kick 1.
VTOL_REACH = {"punch": (1, 2), "club": (1, 2), "kick": (1,), "hatchet": (1, 2), "sword": (1, 2)}  # EQ-PHYS-01: as a club


def airborne_vtol(unit: Unit) -> bool:
    return placement.flies_as_vtol(unit) and unit.elevation > 0


def level_difference(state: GameState, attacker: Unit, target: Unit) -> int:
    """Returns VTOL absolute height minus the level of the 'Mech's hex (AMB-10)."""
    board = state.board
    return board.hex(target.hex).level + target.elevation - board.hex(attacker.hex).level


def _destroyed_items(unit: Unit, location: str) -> set[str]:
    contents = unit.built.slots.get(location, ())
    return {contents[i] for i in unit.slot_hits(location)}


ARM_ACTUATORS = ("upper_arm", "lower_arm", "hand")


def _missing_actuators(unit: Unit, arm: str) -> set[str]:
    """Returns the arm actuators the design was built without (a Locust's lower arms and hands; MegaMek's
    ``hasWorkingSystem``: missing counts as destroyed). An arm with no slot layout lacks nothing."""
    contents = unit.built.slots.get(arm, ())
    return {a for a in ARM_ACTUATORS if a not in contents} if contents else set()


def _lost_actuators(unit: Unit, arm: str) -> set[str]:
    """Returns the arm's actuators that are destroyed or missing (tables.md 8.7)."""
    return _destroyed_items(unit, arm) | _missing_actuators(unit, arm)


def check(state: GameState, attacker: Unit, target: Unit, kind: str) -> tuple[int, list[tuple[str, int]], str]:
    """Returns (target number, modifiers, which limb) for a physical attack; raises when not allowed."""
    why, rule = kinds.of(attacker).physical_refusal(attacker, kind)
    if why:
        raise IllegalOrderError(why, rule)
    if kind == "club" and not kinds.of(attacker).club(attacker):
        raise IllegalOrderError(f"'{attacker.id}' carries no club (girder clubs come from rubble)", "URB-CLUB-01")
    if attacker.hex.distance(target.hex) != 1:
        raise IllegalOrderError(f"'{target.id}' is not adjacent to '{attacker.id}'", "tables.md 8.7")
    if attacker.built.prone or condition.is_immobile(attacker):
        raise IllegalOrderError(f"'{attacker.id}' is prone, shut down or unconscious", "tables.md 8.7")
    _check_building(state, attacker, target, kind)
    if not airborne_vtol(target):
        _check_levels(state, attacker, target, kind)
    mods: list[tuple[str, int]] = [("piloting", attacker.piloting)]
    limb = ""
    if airborne_vtol(target) and kinds.of(attacker).limbs and kind in VTOL_REACH:
        difference = level_difference(state, attacker, target)
        if difference not in VTOL_REACH[kind]:
            raise IllegalOrderError(
                f"'{target.id}' flies {difference} level(s) above '{attacker.id}''s hex, out of reach of a {kind}",
                "VEH-PHYS-08",
            )
    if kind in LIMB_ATTACKS:
        limb, more = limb_check(attacker, target.hex, f"'{target.id}'", kind)
        mods.extend(more)
    elif kind in ("charge", "dfa"):
        if kind == "charge" and (attacker.mode in (MoveMode.NONE, MoveMode.STAND, MoveMode.JUMP) or attacker.hexes_moved < 1):
            raise IllegalOrderError(f"'{attacker.id}' must have moved (not jumped) this turn to charge", "tables.md 8.7")
        if kind == "dfa" and attacker.mode is not MoveMode.JUMP:
            raise IllegalOrderError(f"'{attacker.id}' must have jumped this turn for death from above", "tables.md 8.7")
        if kind == "dfa" and airborne_vtol(target):
            climb = state.board.hex(target.hex).level + target.elevation - state.board.hex(attacker.hex).level
            if climb > attacker.jump:
                raise IllegalOrderError(
                    f"'{target.id}' flies {climb} levels up, beyond '{attacker.id}''s {attacker.jump} jump MP", "VEH-PHYS-10"
                )
        refusal = kinds.of(attacker).charge_refusal(attacker, target) if kind == "charge" else ""
        if refusal and not state.options.mech_charges_vehicles:
            raise IllegalOrderError(refusal, "VEH-PHYS-03")
        if not arcs.in_arc(attacker.hex, attacker.facing, "front", target.hex):
            raise IllegalOrderError(f"'{target.id}' is not in '{attacker.id}''s front arc", "tables.md 8.7")
        # An asset has no piloting skill, only its card's one skill: no difference (btcli's reading, rules-notes).
        difference = attacker.piloting - target.piloting if kinds.of(target).has_piloting else 0
        if difference:
            mods.append(("piloting difference", difference))
    else:
        raise IllegalOrderError(f"unknown physical attack {kind!r}", "tables.md 8.7")
    moved = tohit.ATTACKER_MOVEMENT[attacker.mode]
    if moved:
        mods.append((f"attacker {attacker.mode.value}", moved))
    mods.extend(tohit.target_modifiers(state, attacker, target))
    return sum(v for _, v in mods), mods, limb


def preview(state: GameState, attacker_id: str, target_id: str, kind: str) -> list[str]:
    """Returns ``attack --dry-run`` for a physical attack: its target number, odds, damage and modifiers
    (rolls nothing; raises as the declaration would)."""
    attacker, target = state.unit(attacker_id), state.unit(target_id)
    number, mods, limb = check(state, attacker, target, kind)
    if kind in LIMB_ATTACKS:
        each = limb_damage(attacker, kind, limb)
        damage = f"{each} damage" + (" a punch, with each arm that can" if kind == "punch" else "")
    elif kind == "charge":
        damage = (f"{ceil(attacker.tons / 10 * attacker.hexes_moved)} damage in 5-point groups, "
                  f"{ceil(target.tons / 10)} back")
    else:
        damage = f"{ceil(attacker.tons / 10 * 3)} damage in 5-point groups, {ceil(attacker.tons / 5)} back to its legs"
    where = f" with the {limb}" if limb else ""
    lines = [f"{attacker.id} {kind}{where} -> {target.id}: to-hit {number}, {tohit.odds(number):.1%} to hit, {damage}"]
    lines += [f"  {name:32s} {value:+d}" if name != "piloting" else f"  {name:32s} {value}" for name, value in mods]
    return lines


# The level differences (target's level - attacker's) each attack reaches between ground units: a punch
# or club reaches the same level or one up, a kick the same or one down, a charge one either way, a
# death from above any (MegaMek's Punch/Kick/Club/ChargeAttackAction; TW p.145-148 not at hand: UNVERIFIED).
REACH = {"punch": (0, 1), "club": (0, 1), "kick": (-1, 0), "charge": (-1, 0, 1), "hatchet": (0, 1), "sword": (0, 1)}
# The attacks made with a limb: a punch, a kick, a club, and the physical weapons (EQ-PHYS-01).
LIMB_ATTACKS = ("punch", "kick", "club", *physical_weapons.WEAPONS)


def _check_levels(state: GameState, attacker: Unit, target: Unit, kind: str) -> None:
    """Refuses a physical attack across more levels than it reaches (roofs, floors, hills, decks)."""
    if kind not in REACH:
        return
    difference = unit_level(state.board, target) - unit_level(state.board, attacker)
    if difference not in REACH[kind]:
        where = "above" if difference > 0 else "below"
        raise IllegalOrderError(
            f"'{target.id}' stands {abs(difference)} level(s) {where} '{attacker.id}': out of reach of a {kind}",
            "tables.md 8.7")


def _check_building(state: GameState, attacker: Unit, target: Unit, kind: str) -> None:
    """URB-IN-08: only a charge reaches into a building from outside; other physical attacks need the
    attacker inside the same building, on the same level, in the next hex."""
    board = state.board
    if kind == "charge" or placement.inside(board, target) is None:
        return
    together = placement.inside(board, attacker) is not None and placement.same_structure(
        board, attacker.hex, target.hex)
    if not together or placement.unit_level(board, attacker) != placement.unit_level(board, target):
        raise IllegalOrderError(
            f"'{target.id}' is inside a building: only a charge reaches it from outside; a {kind} needs "
            f"'{attacker.id}' inside the same building on the same level", "URB-IN-08")


def limb_check(attacker: Unit, where: HexId, what: str, kind: str) -> tuple[str, list[tuple[str, int]]]:
    """Returns (limb, modifiers) for a punch, kick or club at ``where`` (a unit or a building hex, named
    ``what`` in errors); raises when no limb can make it (tables.md 8.7)."""
    if kind == "punch":
        limb = _punching_arm(attacker, where, what)
        return limb, _arm_modifiers(attacker, limb)
    if kind == "kick":
        if not arcs.in_arc(attacker.hex, attacker.facing, "front", where):
            raise IllegalOrderError(f"{what} is not in front of '{attacker.id}' to kick", "tables.md 8.7")
        legs = mech.body(attacker).kicking_legs
        if any(attacker.internal.get(leg, 0) <= 0 or "hip" in _destroyed_items(attacker, leg) for leg in legs):
            raise IllegalOrderError(f"'{attacker.id}' cannot kick with a destroyed leg or hip", "tables.md 8.7")
        return legs[-1], [("kick", KICK_MODIFIER)]
    if kind in physical_weapons.WEAPONS:  # EQ-PHYS-01, EQ-PHYS-02: a hatchet or sword, from its arm
        return _weapon_arm(attacker, where, what, kind)
    # TW club attack (memory, UNVERIFIED: tables.md 8.7 lists no club): both arms with working
    # shoulders and hands, neither fired this turn, target in front; piloting - 1.
    arms = mech.body(attacker).arms
    if not arms:
        raise IllegalOrderError(f"'{attacker.id}' has no arms to swing a club with", "QUAD-04")
    for arm in arms:
        lost = _lost_actuators(attacker, arm)
        fired = any(attacker.weapons[i].location == arm for i in attacker.fired)
        if attacker.internal.get(arm, 0) <= 0 or {"shoulder", "hand"} & lost or fired:
            raise IllegalOrderError(f"'{attacker.id}' needs both arms, each with a working hand and unfired this "
                                    "turn, to swing a club", "URB-CLUB-01")
    if not arcs.in_arc(attacker.hex, attacker.facing.turned(attacker.twist), "front", where):
        raise IllegalOrderError(f"{what} is not in front of '{attacker.id}'", "tables.md 8.7")
    return "", [("club", CLUB_MODIFIER)]


def limb_damage(attacker: Unit, kind: str, limb: str) -> int:
    """Returns a punch's, kick's or club's damage (tables.md 8.7; the club from memory, UNVERIFIED)."""
    tsm = myomer_jets.physical_multiplier(attacker) if attacker.built.heat >= myomer_jets.TSM_HEAT else 1  # EQ-TSM-02
    if kind == "punch":
        amount = ceil(attacker.tons / 10) * tsm
        lost = _lost_actuators(attacker, limb)
        for item in ("upper_arm", "lower_arm"):
            if item in lost:
                amount = ceil(amount / 2)
        return amount
    if kind == "kick":
        return attacker.tons // 5 * tsm
    if kind in physical_weapons.WEAPONS:  # EQ-PHYS-03
        return physical_weapons.damage(attacker, kind, tsm)
    return ceil(attacker.tons / 5) * tsm


def _weapon_arm(attacker: Unit, where: HexId, what: str, kind: str) -> tuple[str, list[tuple[str, int]]]:
    """Returns (the arm, its modifiers) of a hatchet or sword attack at ``where`` (EQ-PHYS-01, EQ-PHYS-02)."""
    shape = mech.body(attacker)
    if not shape.arms:
        raise IllegalOrderError(f"'{attacker.id}' has no arms to swing a {kind} with", "QUAD-04")
    facing, here = attacker.facing.turned(attacker.twist), attacker.hex
    assert here is not None  # an attacker on the ground board (checked before)
    return physical_weapons.check(
        attacker, kind, lambda arm: _lost_actuators(attacker, arm),
        lambda arm: any(attacker.weapons[i].location == arm for i in attacker.fired),
        lambda arm: arm in shape.limb_arcs and arcs.in_arc(here, facing, shape.limb_arcs[arm], where), what)


def punching_arms(attacker: Unit, where: HexId) -> list[str]:
    """Returns the arms that can punch at ``where``: intact shoulder, not fired this turn, in their arc."""
    arms = []
    shape = mech.body(attacker)
    for arm in reversed(shape.arms):  # the right arm first, when both can
        arc = shape.limb_arcs[arm]
        usable = attacker.internal.get(arm, 0) > 0 and "shoulder" not in _destroyed_items(attacker, arm)
        fired = any(attacker.weapons[i].location == arm for i in attacker.fired)
        facing = attacker.facing.turned(attacker.twist)
        if usable and not fired and arcs.in_arc(attacker.hex, facing, arc, where):
            arms.append(arm)
    return arms


def _arm_modifiers(attacker: Unit, arm: str) -> list[tuple[str, int]]:
    """Returns the punch modifiers of an arm's destroyed or missing actuators (tables.md 8.7)."""
    destroyed, missing = _destroyed_items(attacker, arm), _missing_actuators(attacker, arm)
    return [(f"{item.replace('_', ' ')} actuator {'missing' if item in missing else 'destroyed'}", value)
            for item, value in PUNCH_ACTUATOR.items() if item in destroyed or item in missing]


def _punching_arm(attacker: Unit, where: HexId, what: str) -> str:
    if not kinds.of(attacker).limbs:
        raise IllegalOrderError(f"'{attacker.id}' has no arms", "VEH-PHYS-01")
    if not mech.body(attacker).arms:
        raise IllegalOrderError(f"'{attacker.id}' is a {mech.body(attacker).name} 'Mech: it has no arms to punch with",
                                "QUAD-04")
    arms = punching_arms(attacker, where)
    if arms:
        return arms[0]
    raise IllegalOrderError(
        f"'{attacker.id}' has no arm that can punch {what} (destroyed, fired this turn, or out of arc)",
        "tables.md 8.7",
    )


def resolve(state: GameState, attacker_id: str, target_id: str, kind: str, dice: Dice) -> tuple[GameState, Events]:
    """Resolves one declared physical attack at the end of the phase."""
    attacker, target = state.units[attacker_id], state.units[target_id]
    events: Events = []
    if not attacker.active or not target.active:  # destroyed, or pushed off the map by an earlier attack
        return state, [BlowCancelled(attacker_id, kind, target_id)]
    try:  # an earlier attack this phase may have moved or felled either unit
        tn, mods, limb = check(state, attacker, target, kind)
    except IllegalOrderError as exc:
        return state, [BlowCancelled(attacker_id, kind, target_id, str(exc))]
    if kind == "punch" and not airborne_vtol(target):
        return _punches(state, attacker, target, mods, limb, dice)
    roll = dice.roll(2, f"to-hit {kind} {attacker.id} vs {target.id}", target=tn, modifiers=tuple(mods))
    side = arcs.attack_direction(target.hex, target.facing, attacker.hex, kinds.of(target).blows_on_vehicle_sides)
    hits: list[Hit] = []
    psr: dict[str, list[tuple[str, int]]] = {}
    if not roll.success:
        events.append(BlowMissed(attacker.id, kind, target.id, roll.total, tn))
        if kind == "kick":
            psr[attacker.id] = [("missed kick", KICK_MISS_PSR)]
        if kind == "dfa":
            events.append(DeathFromAboveMissed(attacker.id))
            state = state.with_unit(_fall_now(state, attacker, dice, events))
        return finish(state, hits, psr, dice, events)
    reaches_rotor = airborne_vtol(target) and kinds.of(attacker).limbs and kind in VTOL_REACH
    if reaches_rotor and state.options.physical_destroys_rotor:
        # VEH-PHYS-09, AMB-11 (literal): a successful physical attack destroys the rotor, and so the VTOL.
        events.append(BlowDestroysRotor(attacker.id, kind, target.id, roll.total, tn))
        state = state.with_unit(evolve(target.with_crit_result("rotor", "rotor destroyed"), destroyed=True))
        return state, events
    if reaches_rotor:  # AMB-11 alternative: damage to the rotor
        amount = ceil(attacker.tons / 10) if kind == "punch" else ceil(attacker.tons / 5) if kind == "club" else attacker.tons // 5
        if kind in physical_weapons.WEAPONS:  # EQ-PHYS-03
            amount = limb_damage(attacker, kind, limb)
        hits.append(Hit(target.id, "rotor", amount, side, False, False, False, f"{kind} from {attacker.id}"))
        events.append(BlowHit(attacker.id, kind, target.id, roll.total, tn))
        return finish(state, hits, {}, dice, events)
    side = kinds.of(target).side_struck_by(dice, target, kind, side)  # a vehicle's: VEH-PHYS-06, 07
    if kind in physical_weapons.WEAPONS:  # EQ-PHYS-04: the normal table, the kick table a 'Mech one level up
        up = unit_level(state.board, target) - unit_level(state.board, attacker)
        table = physical_weapons.table(up, kinds.of(target).height(target) >= mech.MECH_HEIGHT)
        hits += _table_hits(dice, target, side, [limb_damage(attacker, kind, limb)],
                            kind if table == "normal" else table, attacker.id)  # a kind that is no table: normal
    elif kind in ("punch", "kick", "club"):  # the club on the normal table (memory; UNVERIFIED)
        hits += _table_hits(dice, target, side, [limb_damage(attacker, kind, limb)], kind, attacker.id)
        if kind == "kick":  # PHYS-PSR-01; finish skips a kind that does not fall and a prone 'Mech (PHYS-PSR-02)
            psr[target.id] = [("was kicked", KICKED_PSR)]
    elif kind == "charge":
        more_hits, psr = charge_hits(state, attacker, target, side, "front", dice)
        hits += more_hits
    elif kind == "dfa":
        amount = ceil(attacker.tons / 10 * 3)
        back = ceil(attacker.tons / 5)
        hits += _table_hits(dice, target, side, combat_tables.damage_groups(amount, 5), "punch", attacker.id)
        hits += _table_hits(dice, attacker, "front", combat_tables.damage_groups(back, 5), "kick", target.id)
        psr[attacker.id] = [("death from above", DFA_PSR)]
        psr[target.id] = [("hit by death from above", DFA_TARGET_PSR)]
    events.append(BlowHit(attacker.id, kind, target.id, roll.total, tn))
    state = _industrial_struck(state, target)
    if kind == "charge":
        return land_charge(state, attacker, target, hits, psr, dice, events)
    if kind == "dfa":
        state = _push(state, attacker, target, dice, events)
    return finish(state, hits, psr, dice, events)


def _punches(state: GameState, attacker: Unit, target: Unit, mods, first: str, dice: Dice):
    """A punch attack is a punch from each arm that can make one, each its own to-hit roll and hit
    (TW p.145; tables.md 8.7): the arm's actuator damage changes its own target number and damage."""
    base = [m for m in mods if m not in _arm_modifiers(attacker, first)]
    side = arcs.attack_direction(target.hex, target.facing, attacker.hex, kinds.of(target).blows_on_vehicle_sides)
    events: Events = []
    hits: list[Hit] = []
    arms = punching_arms(attacker, target.hex)
    for arm in arms:
        arm_mods = base + _arm_modifiers(attacker, arm)
        tn = sum(v for _, v in arm_mods)
        label = f"punch ({arm})" if len(arms) > 1 else "punch"
        roll = dice.roll(2, f"to-hit {label} {attacker.id} vs {target.id}", target=tn, modifiers=tuple(arm_mods))
        if not roll.success:
            events.append(BlowMissed(attacker.id, label, target.id, roll.total, tn))
            continue
        events.append(BlowHit(attacker.id, label, target.id, roll.total, tn))
        hits += _table_hits(dice, target, side, [limb_damage(attacker, "punch", arm)], "punch", attacker.id)
    if hits:
        state = _industrial_struck(state, target)
    return finish(state, hits, {}, dice, events)


def _industrial_struck(state: GameState, target: Unit) -> GameState:
    """An IndustrialMech a physical attack hits owes a critical check at the turn's end (EQ-IND-01)."""
    if target.built.structure != "industrial":
        return state
    from btcli.rules.ground import industrial

    return state.with_unit(industrial.struck(state.units[target.id]))


def charge_hits(
    state: GameState, attacker: Unit, target: Unit, side: str, attacker_side: str, dice: Dice
) -> tuple[list[Hit], dict[str, list[tuple[str, int]]]]:
    """Rolls where a charge that hit strikes both units (tables.md 8.7): ceil(tons/10 x hexes moved)
    to the target, ceil(target tons/10) back to the attacker on ``attacker_side``; both make a PSR."""
    amount = ceil(attacker.tons / 10 * attacker.hexes_moved)
    back = ceil(target.tons / 10)
    table = kinds.of(attacker).charge_table(state.board, attacker, target)  # a vehicle's: VEH-PHYS-04
    hits = _table_hits(dice, target, side, combat_tables.damage_groups(amount, 5), table, attacker.id)
    hits += _table_hits(dice, attacker, attacker_side, combat_tables.damage_groups(back, 5), "normal", target.id)
    return hits, {attacker.id: [("made a charge", CHARGE_PSR)], target.id: [("was charged", CHARGED_PSR)]}


def land_charge(state, attacker: Unit, target: Unit, hits, psr, dice: Dice, events: Events):
    """Finishes a charge that hit: the target is pushed on and the attacker takes its hex, the damage
    lands, the PSRs follow, and both vehicles roll on the motive table (VEH-PHYS-05, AMB-08)."""
    state = _push(state, attacker, target, dice, events)
    state, more = finish(state, hits, psr, dice, events)
    return after_charge(state, (attacker.id, target.id), dice, more), more


def after_charge(state: GameState, uids: tuple[str, str], dice: Dice, events: Events) -> GameState:
    """What a charge that hit does to both units after its damage, as each kind says (VEH-PHYS-05, AMB-08:
    a vehicle rolls on the motive table)."""
    for uid in uids:
        unit = state.units[uid]
        shaken = kinds.of(unit).after_charge
        if shaken is not None and not unit.destroyed:
            state = state.with_unit(shaken(unit, dice, events))
    return state


def _push(state: GameState, attacker: Unit, target: Unit, dice: Dice, events: Events) -> GameState:
    """A charge or death from above that hits pushes the target one hex on and takes its place (TW)."""
    direction = attacker.hex.direction_to(target.hex)
    vacated = target.hex
    state = displace(state, target.id, direction, dice, events, psr=False)
    if not any(u.hex == vacated and u.active for u in state.units.values()):
        mover = state.units[attacker.id]
        state = state.with_unit(placed(mover.at(vacated)))
        events.append(TookThePlace(attacker.id, vacated))
        if state.board.hex(vacated).bridge is not None:  # URB-BRG-03: the deck must carry it, at once
            from btcli.rules.core import displacement
            from btcli.rules.urban import structures

            why = structures.overweight(state, vacated)
            if why:
                state = displacement.collapse(state, [vacated], dice, events, why)
    return state


def _table_hits(dice: Dice, target: Unit, side: str, amounts: list[int], table: str, source: str) -> list[Hit]:
    blow_hit = kinds.of(target).blow_hit  # a 'Mech's punch and kick tables, else the kind's hit table
    return [blow_hit(dice, target, table, side, amount, f"{table} from {source}") for amount in amounts]


def _falls_anyway(unit: Unit, before: Unit) -> bool:
    """PHYS-PSR-03: MegaMek @f0b2b01 queues a lost leg's fall before the attack's PSR (Mech.java:7763-7766, an
    AUTOMATIC_FAIL roll) and stops at the first fall (Server.java:20893-20929); the physical phase's end
    (``phase_end.after_damage``) falls the 'Mech, any other phase's rule at once (``psr_or_fall``)."""
    from btcli.rules.core import phase_end  # the physical phase's end has loaded it; a move's rare damage loads it

    return phase_end.automatic_fall(unit, before) is not None


def _fall_now(state: GameState, unit: Unit, dice: Dice, events: Events) -> Unit:
    return fall(unit, dice, events, levels=0, into_water=in_water(state.board, unit))  # tables.md 8.3


def finish(state, hits, psr, dice, events):
    """Applies the damage, then each PSR the attack forced (a failure is a fall). A unit that does not fall
    (a vehicle, infantry), is out of the fight or already prone makes none (PHYS-PSR-02), nor one whose leg or
    gyro this attack's damage destroyed: it falls without a roll (PHYS-PSR-03, PSR-AUTO-01)."""
    struck = {uid: state.units[uid] for uid in psr}
    state, more = apply_hits(state, tuple(hits), dice)
    events.extend(more)
    for uid, reasons in psr.items():
        (reason, value), = reasons
        state = psr_or_fall(state, uid, struck[uid], reason, value, dice, events)
    return state, events


def psr_or_fall(state: GameState, uid: str, before: Unit, reason: str, value: int, dice: Dice,
                events: Events) -> GameState:
    """The PSR a blow, a charge or a unit falling onto it forces on ``uid`` (a failure is a fall), after the
    damage that took it from ``before``. None for a unit that does not fall, is out of the fight or already prone
    (PHYS-PSR-02). A 'Mech whose leg or gyro that damage destroyed falls without a roll (tables.md 8.6): in the
    physical phase at the phase's end, before any other PSR (PHYS-PSR-03); in any other phase (an accidental
    charge or a fall onto it while units move, PSR-AUTO-01) at once, as MegaMek @f0b2b01 resolves the
    AUTOMATIC_FAIL roll a lost leg queues (Mech.java:7763-7766) with the move's rolls."""
    unit = state.units[uid]
    if not kinds.of(unit).falls_over or not unit.active or unit.built.prone:
        return state
    if _falls_anyway(unit, before):
        if state.phase is Phase.PHYSICAL:
            return state
        from btcli.model.events_damage import FellAutomatically
        from btcli.rules.core import phase_end

        events.append(FellAutomatically(uid, phase_end.automatic_fall(unit, before) or ""))
        return state.with_unit(fall(unit, dice, events, levels=0, into_water=in_water(state.board, unit)))
    roll = piloting_roll(unit, reason, dice, value)
    if roll is None or not roll.success:
        events.append(FallsAfterPSR(uid, roll.shown, roll.target) if roll else FallsAfterPSR(uid))
        state = state.with_unit(fall(unit, dice, events, levels=0, into_water=in_water(state.board, unit)))
    return state
