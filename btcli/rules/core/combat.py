"""Weapon attacks (Total Warfare p.99).

Attacks are resolved when declared (to-hit roll, cluster roll, hit locations),
but their damage waits in ``GameState.pending`` until the weapon attack phase
ends: fire is simultaneous, so a unit destroyed this phase still fires.
The end of the phase (the damage, the PSRs it forces, consciousness rolls) is
``phase_end``.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.events_combat import CoverStruck, GroupStrikes, StreakNoLock, WeaponHeld, WeaponHit, WeaponMissed
from btcli.model.hexgrid import Facing
from btcli.model.hits import DeclaredTarget
from btcli.model.state import AttackDeclaration, GameState, evolve
from btcli.model.units import AmmoBin, Unit
from btcli.rules import kinds
from btcli.rules.kinds import mech
from btcli.rules.core import arcs, fire_control, los, ranged_damage, tohit, weapon_modes
from btcli.rules.drops import landing_turn as drop_turn
from btcli.rules.ground import placement

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

TWISTS = {"": 0, "left": -1, "right": 1}
MAX_TO_HIT = 12  # 2D6 cannot roll more: a higher target number cannot hit

# VEH-DMG-10, TW p.140 (UNVERIFIED; Sarna "Armor-Piercing"): armor-piercing rounds for standard autocannons
# only: +1 to-hit, half the shots per ton, and a critical roll on every hit at this modifier.
def ammo_kind_problem(unit: Unit, weapon: str, kind: str) -> str:
    """Returns why a unit's weapon cannot fire in this mode (``:ap``, ``:cluster``, ``:ultra``), or ''."""
    return weapon_modes.problem(weapon, unit.spec(weapon), kind)


def split_ammo(text: str) -> tuple[str, str]:
    """Splits a weapon spec ``NAME[@LOC][:MODE]`` into the spec and its mode (tables.md 12; the ammunition modes
    of btcli.rules.core.fire_control)."""
    spec, sep, kind = text.rpartition(":")
    if not sep:
        return text, "standard"
    if kind.lower() not in weapon_modes.MODES + weapon_modes.ROTARY_MODES:
        raise InputError(f"bad mode {kind!r} in --weapon {text!r} (use :ap, :cluster, :ultra, :2 .. :6 shots of a "
                         "Rotary AC, or for missiles :artemis, :narc, :er or :he)")
    return spec, kind.lower()


def modes_of(attacker: Unit, chosen: list[int], weapons: tuple[str, ...]) -> list[str]:
    """Returns the rounds each chosen weapon fires: the order's suffix, or for none the rounds it has
    (an Artemis IV- or Narc-capable bin when no standard one is left: fire_control.default_mode)."""
    return [fire_control.default_mode(attacker, i, split_ammo(text)[1]) for i, text in zip(chosen, weapons)]


def _twist(unit: Unit, text: str) -> int:
    """Returns the torso twist (left/right, one hexside) or, for a vehicle, the turret's offset from
    the hull: left/right or any facing N..NW, which a turret may point at (VEH-ATK-04)."""
    if text in TWISTS:
        return TWISTS[text]
    if kinds.of(unit).points_turret:
        offset = (Facing.parse(text) - unit.facing) % 6
        return offset - 6 if offset > 3 else offset
    raise InputError(f"bad --twist {text!r}: a 'Mech twists left or right")


def check_twist(attacker: Unit, twist: str) -> int:
    """Returns the torso twist or turret offset an attack uses; raises when it may not turn so."""
    turn = _twist(attacker, twist)
    refusal = kinds.twist_refusal(attacker) if twist else ""
    if refusal:
        raise IllegalOrderError(f"'{attacker.id}': {refusal}", "QUAD-05")
    if fire_control.own_fire(attacker) and turn != attacker.twist and twist:  # its AMS fire by themselves
        raise IllegalOrderError(f"'{attacker.id}' already fired with its torso twist set; it cannot change now", "TW p.99")
    why, rule = kinds.of(attacker).turret_refusal(attacker, turn) if twist else ("", "")
    if why:  # VEH-ATK-04, VEH-CRIT-18, 19: no turret, or one jammed or locked
        raise IllegalOrderError(why, rule)
    return turn if twist else attacker.twist


def twists_to_bear(attacker: Unit, mount, target_hex) -> list[str]:
    """Returns the ``--twist`` words that would bring ``mount`` to bear on ``target_hex`` (issue #33): a
    'Mech's torso twist left or right (MECH-ARC-01), a turret's direction N..NW (VEH-ATK-04), each one the
    unit may turn to now; [] for a mount that does not turn (a leg, a hull mount) or a unit that cannot."""
    here = attacker.hex
    if here is None or not kinds.turns_with_twist(attacker, mount.location) or kinds.twist_refusal(attacker):
        return []
    words = [f.name for f in Facing] if kinds.of(attacker).points_turret else ["left", "right"]
    arc = kinds.mount_arc(attacker, mount.location, mount.rear)
    found = []
    for word in words:
        try:
            turn = check_twist(attacker, word)
        except (IllegalOrderError, InputError):  # a jammed or locked turret, a twist already set
            continue
        if arcs.in_arc(here, attacker.facing.turned(turn), arc, target_hex):
            found.append(word)
    return found


def twist_advice(attacker: Unit, mount, target_hex, turned: int) -> str:
    """Says which ``--twist`` would bring an out-of-arc mount to bear, if any (issue #33), as the tail of
    the arc refusal: '; --twist right brings it to bear'."""
    here = attacker.hex
    if here is None or arcs.in_arc(here, attacker.facing.turned(turned),
                                   kinds.mount_arc(attacker, mount.location, mount.rear), target_hex):
        return ""  # the refusal is not the arc's
    found = twists_to_bear(attacker, mount, target_hex)
    what = "turret direction" if kinds.of(attacker).points_turret else "torso twist"
    if found:
        return f"; --twist {' or '.join(found)} would bring it to bear"
    if kinds.turns_with_twist(attacker, mount.location) and not kinds.twist_refusal(attacker):
        return f"; no {what} brings it to bear"
    return ""


def choose_mounts(attacker: Unit, names: tuple[str, ...]) -> list[int]:
    """Returns the weapon indexes named by ``--weapon`` (NAME or NAME@LOC), unfired and in order."""
    chosen: list[int] = []
    for text in names:
        name_part, _, loc = split_ammo(text)[0].partition("@")
        name = attacker.weapon_named(name_part)
        if name is None:  # a weapon the unit does not carry: named as the player wrote it
            have = ", ".join(m.label for i, m in enumerate(attacker.weapons) if i not in attacker.fired) or "none"
            raise IllegalOrderError(f"'{attacker.id}' has no unfired weapon {text!r} (unfired: {have})", "TW p.99")
        rear = loc.upper().endswith("(R)")  # NAME@CT(R), as the report labels a rear mount
        loc = loc[:-3] if rear else loc
        candidates = [
            i for i, m in enumerate(attacker.weapons)
            if m.weapon == name and i not in attacker.fired and i not in chosen
            and (not loc or m.location.lower() == loc.lower()) and (m.rear or not rear)
        ]
        if not candidates:
            have = ", ".join(m.label for i, m in enumerate(attacker.weapons) if i not in attacker.fired) or "none"
            raise IllegalOrderError(f"'{attacker.id}' has no unfired weapon {text!r} (unfired: {have})", "TW p.99")
        chosen.append(candidates[0])
    return chosen


def check_same_board(attacker: Unit, target: Unit) -> None:
    """Refuses an attack to or from a unit on another map than the ground board (an aerospace unit in
    space or at low altitude): aerospace attacks are issue #14."""
    for unit in (attacker, target):
        if unit.hex is None:
            raise IllegalOrderError(f"'{unit.id}' is on map {unit.position.map!r}, not the ground board: attacks "
                                    "with aerospace units are not resolved yet (issue #14)", "AERO-GEN-01")


def primary_target(state: GameState, attacker: Unit) -> DeclaredTarget | None:
    return next((d.target for d in state.declarations if d.attacker == attacker.id), None)


def plan_weapon_attack(
    state: GameState, attacker_id: str, target_id: str, weapons: tuple[str, ...], twist: str
) -> tuple[Unit, Unit, list[tuple[int, tohit.ToHit]], int]:
    """Checks a weapon attack declaration and returns each weapon's to-hit number (no dice)."""
    attacker, target = state.unit(attacker_id), state.unit(target_id)
    if not attacker.active:
        raise IllegalOrderError(f"'{attacker.id}' is destroyed or off the map and cannot attack", "TW p.99")
    drop_turn.check_can_act(attacker, state.turn)  # DROP-09
    if not target.active:
        raise IllegalOrderError(f"'{target.id}' is destroyed or off the map", "TW p.99")
    check_same_board(attacker, target)
    if attacker.side == target.side:
        raise IllegalOrderError(f"'{attacker.id}' cannot attack '{target.id}' of its own side", "TW p.99")
    if kinds.of(attacker).searched_for_girder(attacker, state.turn):
        raise IllegalOrderError(f"'{attacker.id}' spent this weapon phase searching for a girder", "URB-CLUB-01")
    turn = check_twist(attacker, twist)
    if attacker.unjam_turn == state.turn:  # EQ-RAC-04: a turn spent unjamming fires nothing
        raise IllegalOrderError(f"'{attacker.id}' spends this turn unjamming its Rotary AC and fires no weapon",
                                "EQ-RAC-04")
    if not weapons:
        raise InputError("name the weapons to fire with --weapon (repeatable)")
    chosen = choose_mounts(attacker, weapons)
    ammo_kinds = modes_of(attacker, chosen, weapons)
    primary = primary_target(state, attacker)
    plans = []
    for index, kind in zip(chosen, ammo_kinds):
        mount = attacker.weapons[index]
        problem = ammo_kind_problem(attacker, mount.weapon, kind)
        if problem:
            raise IllegalOrderError(f"{attacker.id} cannot fire {mount.label}:{kind}: {problem}", "VEH-DMG-10")
        if attacker.spec(mount.weapon).ams:
            raise IllegalOrderError(f"{attacker.id} cannot fire {mount.label}: an anti-missile system fires by itself "
                                    "against missiles at its unit", "EQ-AMS-01")
        # A torso twist turns torso, arm and head mounts; legs keep facing ahead (TW; MegaMek).
        twisted = turn if kinds.turns_with_twist(attacker, mount.location) else 0
        shooter = fire_control.loaded_unit(attacker, mount.weapon, kind)  # an ATM's brackets by its rounds
        result = tohit.weapon_to_hit(state, shooter, index, target, primary, twisted)
        if result.impossible:
            advice = twist_advice(attacker, mount, target.hex, twisted) if result.rule == arcs.arc_rule(
                attacker.kind.value) else ""
            raise IllegalOrderError(f"{attacker.id} cannot fire {mount.label}: {result.impossible}{advice}", result.rule)
        result = mode_to_hit(result, kind, attacker, mount.weapon)
        plans.append((index, result))
    check_ammo(attacker, [(i, k) for (i, _), k in zip(plans, ammo_kinds)])
    return attacker, target, plans, turn


def mode_to_hit(result: tohit.ToHit, mode: str, attacker: Unit | None = None, weapon: str = "") -> tohit.ToHit:
    """Adds a mode's to-hit modifier: +1 armor-piercing (TW p.140, UNVERIFIED), -1 LB-X cluster rounds; and
    the attacker's working targeting computer's -1 for a weapon it covers in this mode (EQ-TC-01)."""
    extra = weapon_modes.to_hit_modifiers(mode)
    if attacker is not None and (attacker.built.slots or attacker.targeting_computer):
        from btcli.rules.core import targeting_computer  # a unit with a computer only

        extra = extra + targeting_computer.modifiers(attacker, weapon, mode)
    return tohit.ToHit(result.modifiers + tuple(extra)) if extra else result


def spend_ammo(attacker: Unit, ammo: list[AmmoBin], index: int, mode: str) -> None:
    """Takes the rounds one attack in ``mode`` fires from the unit's bins of that kind (in place)."""
    mount = attacker.weapons[index]
    if not attacker.spec(mount.weapon).ammo_per_ton or mount.one_shot:  # an (OS) launcher's salvo is its own (EQ-OS-01)
        return
    kind = weapon_modes.bin_kind(mode)
    for _ in range(weapon_modes.shots(mode)):
        bin_index = next((i for i, a in enumerate(ammo) if a.weapon == mount.weapon and a.kind == kind and a.shots > 0),
                         None)
        if bin_index is None:
            raise IllegalOrderError(f"{attacker.id} has no {mount.weapon} ammunition left", "TW p.99")
        a = ammo[bin_index]
        ammo[bin_index] = AmmoBin(a.weapon, a.location, a.shots - 1, a.kind)


def spend_one_shots(attacker: Unit) -> Unit:
    """Returns the attacker with the one-shot weapons it fired marked spent (EQ-OS-01; unchanged when it has none)."""
    if not any(m.one_shot or attacker.spec(m.weapon).one_shot for m in attacker.weapons):
        return attacker
    from btcli.rules.core import one_shot  # a unit with a one-shot weapon only

    return one_shot.spend_fired(attacker)


def check_ammo(attacker: Unit, shots: list[tuple[int, str]]) -> None:
    """Refuses a declaration whose weapons need more shots of each ammunition kind than the unit carries."""
    needed: dict[tuple[str, str], int] = {}
    for i, mode in shots:
        name = attacker.weapons[i].weapon
        if attacker.weapons[i].spent or attacker.weapons[i].one_shot:  # EQ-OS-01: its one salvo, fired or not
            from btcli.rules.core import one_shot  # a unit with a one-shot weapon only

            spent = one_shot.spent_problem(attacker, i)
            if spent:
                raise IllegalOrderError(spent, "EQ-OS-01")
            continue
        if attacker.spec(name).ammo_per_ton:
            kind = weapon_modes.bin_kind(mode)
            needed[(name, kind)] = needed.get((name, kind), 0) + weapon_modes.shots(mode)
    for (name, kind), count in needed.items():
        have = sum(a.shots for a in attacker.ammo if a.weapon == name and a.kind == kind)
        if have < count:
            shown = name if kind == "standard" else f"{name} {kind}"
            raise IllegalOrderError(f"{attacker.id} has {have} {shown} shot(s) left, {count} needed", "TW p.99")


def weapon_attack(
    state: GameState, attacker_id: str, target_id: str, weapons: tuple[str, ...], twist: str, dice: Dice
) -> tuple[GameState, Events]:
    """Declares and resolves a weapon attack; its damage waits for the end of the phase."""
    attacker, target, plans, turn = plan_weapon_attack(state, attacker_id, target_id, weapons, twist)
    ammo_kinds = modes_of(attacker, [i for i, _ in plans], weapons)
    events: Events = []
    pending = list(state.pending)
    ammo = list(attacker.ammo)
    fired = list(attacker.fired)
    side = arcs.attack_direction(target.hex, target.facing, attacker.hex, kinds.of(target).vehicle_sides)
    shelter = _shelter(state, attacker, target)
    if shelter is not None and shelter[1]:  # URB-IN-12: inside one building, the front/rear column
        side = "rear" if side == "rear" else "front"
    for (index, result), kind in zip(plans, ammo_kinds):
        mount = attacker.weapons[index]
        data = fire_control.loaded(attacker.spec(mount.weapon), kind)  # an ATM's damage by its rounds
        data = ranged_damage.between(data, attacker.hex, target.hex)  # EQ-RNG-01
        tn = result.target
        if tn > MAX_TO_HIT:  # 2D6 cannot make it: the weapon is not fired (no ammunition, no heat)
            events.append(WeaponHeld(attacker.id, mount.label, target.id, tn, tuple(result.modifiers)))
            continue
        streak = data.streak
        if not streak:  # a Streak spends its salvo only if it hits
            spend_ammo(attacker, ammo, index, kind)
            fired.extend([index] * weapon_modes.shots(kind))  # heat per shot fired
        roll = dice.roll(2, f"to-hit {mount.label} {attacker.id} vs {target.id}", target=tn, modifiers=result.modifiers)
        attacker = weapon_modes.after_roll(attacker, index, roll.total, kind, events)
        if not roll.success:
            if streak:
                events.append(StreakNoLock(attacker.id, mount.label, target.id, tn, roll.total))
                continue
            events.append(WeaponMissed(attacker.id, mount.label, target.id, tn, roll.total))
            if shelter is not None and not shelter[1] and attacker.hex.distance(target.hex) <= 1:
                from btcli.model.events_urban import MissStrikesBuilding  # a target inside a building only
                from btcli.rules.urban import structures

                full = weapon_modes.full_damage(data, kind)  # URB-IN-04: an adjacent attacker's misses strike the building
                events.append(MissStrikesBuilding(target.hex, full))
                pending.append(structures.building_hit(target.hex, full, f"{mount.label} from {attacker.id}"))
            continue
        if streak:
            spend_ammo(attacker, ammo, index, kind)
            fired.append(index)
        if data.narc or data.tag:  # a pod or a designator: it hits, for no damage
            events.append(WeaponHit(attacker.id, mount.label, target.id, tn, roll.total, side, 0, 0))
        cluster: tuple[tuple[str, int], ...] = ()
        hit_at = len(events)  # the hit is said before what the missile systems do to it
        if fire_control.missile_attack(data):  # Artemis IV, ATM, Narc, AMS (btcli.rules.core.fire_control)
            target, cluster, stopped = _missile_systems(state, attacker, index, kind, target, dice, events)
            if stopped:
                continue
        if data.narc or data.tag:  # a pod or a designator: no damage (EQ-NARC-01, EQ-TAG-01)
            target = _marked(state, attacker, mount.label, data, target, events)
            continue
        systems_said = len(events) > hit_at
        groups = weapon_modes.damage_groups(dice, data, kind, mount.label, target.id, cluster)
        lost = weapon_modes.full_damage(data, kind) - sum(groups)
        if lost and shelter is not None and not shelter[1] and attacker.hex.distance(target.hex) <= 1:
            from btcli.model.events_urban import MissingDamageStrikesBuilding  # a target inside a building only
            from btcli.rules.urban import structures

            events.append(MissingDamageStrikesBuilding(target.hex, lost))
            pending.append(structures.building_hit(target.hex, lost, f"{mount.label} from {attacker.id}"))
        covered = any(name == tohit.PARTIAL_COVER for name, _ in result.modifiers)  # tables.md 6.4
        cover_hex = los.line_of_sight(state.board, attacker, target).cover_hex if covered else None
        hit_said = WeaponHit(attacker.id, mount.label, target.id, tn, roll.total, side, sum(groups), len(groups))
        if systems_said:  # said before the cluster modifiers and the AMS fire
            events.insert(hit_at, hit_said)
        else:
            events.append(hit_said)
        for amount in groups:
            hit = kinds.hit(dice, target, side, amount, f"{mount.label} from {attacker.id}")
            if covered and hit.location in mech.body(target).legs:
                if cover_hex is not None:  # URB-IN-06/07: the building giving cover takes the hit
                    from btcli.rules.urban import structures

                    events.append(CoverStruck(amount, hit.location, cover_hex))
                    pending.append(structures.building_hit(cover_hex, amount, f"{mount.label} from {attacker.id}"))
                else:
                    events.append(CoverStruck(amount, hit.location))
                continue
            if shelter is not None and not shelter[1]:  # URB-IN-02/03: the building absorbs part of each group
                from btcli.rules.urban import structures

                building, hit, said = structures.absorb_hit(state, hit, target.hex, shelter[0].cf,
                                                            f"{mount.label} from {attacker.id}")
                events.append(said)
                pending.append(building)
                if hit is None:
                    continue
            else:
                events.append(GroupStrikes(target.id, amount, hit.location, hit.rear,
                                           kinds.without_rear_armor(target, hit.location, hit.rear)))
            if kind == "ap":  # VEH-DMG-10: every armor-piercing hit rolls for a critical
                hit = evolve(hit, ap=weapon_modes.AP_CRITICAL_MODIFIER[mount.weapon])
            remembered = kinds.of(target).weapon_hit  # ASSET-DMG-03, -07: the attacker rolls the check
            if remembered is not None:
                hit = remembered(hit, attacker, mount.weapon)
            pending.append(hit)
    primary = primary_target(state, attacker) or target.id
    declaration = AttackDeclaration(attacker.id, target.id, tuple(attacker.weapons[i].label for i, _ in plans), "", primary == target.id)
    attacker = evolve(attacker, ammo=tuple(ammo), fired=tuple(fired), twist=turn)
    attacker = spend_one_shots(attacker)
    if target is not state.unit(target.id):  # its AMS fired, a pod or a tag marks it
        state = state.with_unit(target)
    state = evolve(state.with_unit(attacker), pending=tuple(pending), declarations=state.declarations + (declaration,))
    return state, events


def _missile_systems(state: GameState, attacker: Unit, index: int, kind: str, target: Unit, dice: Dice,
                     events: Events) -> tuple[Unit, tuple[tuple[str, int], ...], bool]:
    """Returns the target (its AMS perhaps fired), the cluster roll's modifiers of a missile attack that hit
    (Artemis IV, ATM or Narc, then AMS: EQ-ART-01, EQ-ATM-02, EQ-NARC-02, EQ-AMS-01), and whether the target's
    AMS stopped a single pod (EQ-AMS-02)."""
    from btcli.model.events_combat import AmsFires, ClusterBonusLost, ClusterModified, PodStopped
    from btcli.rules.core import anti_missile

    mount = attacker.weapons[index]
    pod = attacker.spec(mount.weapon).narc
    mods, lost = fire_control.cluster_modifiers(state, attacker, index, kind, target)
    for bonus, why in lost:
        events.append(ClusterBonusLost(attacker.id, mount.label, target.id, bonus, why))
    ams = anti_missile.ready_ams(target, attacker)
    if ams is not None:
        target = anti_missile.fire_ams(target, ams)
        events.append(AmsFires(target.id, target.weapons[ams].label, attacker.id, mount.label))
        if pod:  # NarcHandler.calcHits @f0b2b01: one die, 1-3 destroys the pod
            roll = dice.d6(f"AMS vs pod {mount.label} {attacker.id} -> {target.id}")
            stopped = roll <= fire_control.AMS_POD_STOPPED
            events.append(PodStopped(target.id, mount.label, roll, stopped))
            return target, (), stopped
        mods.append(("anti-missile system", fire_control.AMS_MODIFIER))
    if mods:
        events.append(ClusterModified(attacker.id, mount.label, target.id, tuple(mods)))
    return target, tuple(mods), False


def _marked(state: GameState, attacker: Unit, label: str, data, target: Unit, events: Events) -> Unit:
    """A Narc pod that hits attaches to the target for the rest of the game (EQ-NARC-01); a TAG that hits tags
    it for the turn (EQ-TAG-01)."""
    from btcli.model.events_combat import PodAttached, TargetTagged

    if data.narc:
        events.append(PodAttached(attacker.id, label, target.id, attacker.side))
        if attacker.side not in target.narc_pods:
            target = evolve(target, narc_pods=target.narc_pods + (attacker.side,))
        return target
    events.append(TargetTagged(attacker.id, label, target.id, state.turn))
    return evolve(target, tagged=state.turn)


def _shelter(state: GameState, attacker: Unit, target: Unit):
    """Returns (building, both inside it) when the target is inside a building, else None."""
    b = placement.inside(state.board, target)
    if b is None:
        return None
    together = placement.inside(state.board, attacker) is not None and placement.same_structure(
        state.board, attacker.hex, target.hex)
    return b, together


def preview(state: GameState, attacker_id: str, target_id: str, weapons: tuple[str, ...], twist: str) -> list[str]:
    """Returns the dry-run lines, rolling nothing: for each weapon named (every weapon the unit carries when
    none is) its target number, odds, damage if it hits, heat and modifiers, or why it cannot fire."""
    attacker = state.unit(attacker_id)
    names = weapons or tuple(m.label for m in attacker.weapons)
    if not names:
        raise InputError(f"'{attacker.id}' carries no weapons")
    whole = _whole_attack_problem(state, attacker_id, target_id, twist)
    if whole is not None:
        raise whole
    lines = []
    for name in names:
        try:
            attacker, target, plans, _ = plan_weapon_attack(state, attacker_id, target_id, (name,), twist)
        except IllegalOrderError as exc:
            why = str(exc).removeprefix(f"{attacker.id} cannot fire ").partition(": ")[2] or str(exc)
            lines.append(f"{attacker.id} {name} -> {target_id}: cannot fire: {why}")
            continue
        for index, result in plans:
            mount = attacker.weapons[index]
            mode = modes_of(attacker, [index], (name,))[0]
            spec = fire_control.loaded(attacker.spec(mount.weapon), mode)
            spec = ranged_damage.between(spec, attacker.hex, target.hex)  # EQ-RNG-01
            damage = weapon_modes.preview_damage(spec, mode)
            shown = f" ({mode} rounds)" if mode in fire_control.MODES else ""
            # Heat only for a unit that builds it: a vehicle tracks none (VEH-HEAT-01; issue #33).
            heat = f", {spec.heat * weapon_modes.shots(mode)} heat" if kinds.of(attacker).builds_heat else ""
            lines.append(f"{attacker.id} {mount.label}{shown} -> {target.id}: to-hit {result.target}, "
                         f"{tohit.odds(result.target):.1%} to hit, {damage}"
                         f"{heat}{weapon_modes.modes_line(attacker, mount.weapon)}")
            for mod, value in result.modifiers:
                lines.append(f"  {mod:32s} {value:+d}" if mod != "gunnery" else f"  {mod:32s} {value}")
            lines.extend(_cluster_preview(state, attacker, index, mode, target))
    return lines


def _cluster_preview(state: GameState, attacker: Unit, index: int, mode: str, target: Unit) -> list[str]:
    """Returns the dry-run lines of a missile salvo's cluster roll modifiers: Artemis IV, ATM or Narc (or what
    ECM cancels), and the target's anti-missile system that would engage it if it hits."""
    data = attacker.spec(attacker.weapons[index].weapon)
    if not fire_control.missile_attack(data):
        return []
    from btcli.rules.core import anti_missile

    mods, lost = fire_control.cluster_modifiers(state, attacker, index, mode, target)
    lines = [f"  cluster: {name:23s} {value:+d}" for name, value in mods]
    lines += [f"  cluster: no {bonus} bonus ({why})" for bonus, why in lost]
    ams = anti_missile.ready_ams(target, attacker)
    if ams is not None:
        what = ("d6 1-3 destroys the pod" if data.narc
                else f"{fire_control.AMS_MODIFIER:+d} on the cluster roll")
        lines.append(f"  cluster: {target.id}'s {target.weapons[ams].label} would fire if it hits ({what})")
    return lines


def _whole_attack_problem(state: GameState, attacker_id: str, target_id: str, twist: str) -> IllegalOrderError | None:
    """Returns why no weapon of the attacker may fire at the target at all (the declaration's own checks)."""
    try:
        plan_weapon_attack(state, attacker_id, target_id, (), twist)
    except IllegalOrderError as exc:
        return exc
    except InputError:  # the checks passed; only the weapons are missing
        return None
    return None


# -- end of the weapon attack phase ----------------------------------------------------------
