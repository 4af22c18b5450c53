"""``btcli options GAME UNIT`` (issues #15, #33): what a unit may do, as typed values a bot can take as its list
of legal orders (issue #35) and ``options`` prints.

Every option is an order, found by the check that order runs: a hex a mode reaches is one ``move --mode M
--to HEX`` accepts (the path finder's own path, checked as the move checks it), a jump's landing hex is one
``check_jump`` accepts, a shot is a ``plan_weapon_attack`` that passes (with the ``--twist`` that brings the
weapon to bear when only a torso twist or turret rotation does), a blow is a physical attack's declaration.
What a unit of a kind with orders of its own may do (an aerospace unit's flights and attacks, an asset's moves
and card attack) is its kind's ``options`` hook (btcli.rules.aero.options, btcli.rules.assets.options).

``now`` says which of these the phase takes from the unit at this moment; the moves and shots are listed in
every phase (what it could do from where it stands), so a player can plan. tests/play/test_options.py checks
over random games that every option listed is accepted by its order and that orders just beside them are not.
"""

from __future__ import annotations

from btcli.errors import BtcliError, passes
from btcli.model.hexgrid import Facing, HexId
from btcli.model.options import Blow, HexAttack, Reach, Shot, UnitOptions
from btcli.model.orders import MoveOrder, PhysicalAttackOrder, WeaponAttackOrder
from btcli.model.state import GameState
from btcli.model.units import MoveMode, Unit
from btcli.rules import kinds
from btcli.rules.core import phases

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Blow", "HexAttack", "Reach", "Shot", "UnitOptions"]  # the records, from btcli.model.options

TURRET_TWISTS = {-1: "left", 1: "right"}  # a turret's offsets named as a torso twist; the others by facing


def unit_options(state: GameState, unit: Unit) -> UnitOptions:
    """Returns everything ``unit`` may do (its kind's own options for an aerospace unit or an asset)."""
    own = kinds.of(unit).options
    if own is not None:
        found = own(state, unit)
        assert isinstance(found, UnitOptions)
        return found
    base = UnitOptions(unit.id, state.turn, state.phase.value)
    if unit.in_reserve or (unit.drop is not None and unit.hex is None):
        from btcli.rules.drops import options as drop_options  # a game with drops only

        return drop_options.options(state, unit, base)
    now, waits = ground_now(state, unit)
    masc = masc_option(unit)
    from btcli.model.frozen import evolve

    return evolve(base, now=now, waits=waits, moves=moves(state, unit), paths=one_steps(state, unit),
                  stand_up=stand_up(state, unit), masc=masc,
                  shots=shots(state, unit), blows=blows(state, unit), physical_weapons=physical_weapons(state, unit),
                  hex_attacks=hex_attacks(state, unit))


def phase_takes(state: GameState, kind: type) -> bool:
    """Whether the current phase takes orders of this type at all (TW p.39 phases)."""
    return passes(phases.check_accepts, state, kind)


def deploys_now(state: GameState, unit: Unit) -> bool:
    """Whether the unit is the one kind of unit its side deploys now, still waiting (ASSET-DEP-01, -02): ``deploy``."""
    from btcli.model.orders import DeployOrder

    if not phase_takes(state, DeployOrder) or unit.position is not None:
        return False
    from btcli.rules.assets import deployment_phase  # a game with a deployment phase only

    return deployment_phase.side_to_deploy(state) == unit.side and unit in deployment_phase.undeployed(state)


def ground_now(state: GameState, unit: Unit) -> tuple[tuple[str, ...], str]:
    """Returns the commands the phase takes from a ground unit now, and why none when none: ``move`` (and
    ``stand``) in its slot of the movement phase, ``attack`` in the weapon phase, ``physical`` in the physical
    attack phase, ``resolve-phase`` when the phase may close."""
    from btcli.rules.core import moves

    now: list[str] = ["deploy"] if deploys_now(state, unit) else []
    why = ""
    if phase_takes(state, MoveOrder):
        try:
            moves.check_move(state, MoveOrder(unit.id, "stand"))
            now += ["move", "stand"]
        except BtcliError as exc:
            why = str(exc)
    for kind, name in ((WeaponAttackOrder, "attack"), (PhysicalAttackOrder, "physical")):
        if phase_takes(state, kind):
            from btcli.rules.core import attacks

            try:
                attacks.may_attack(state, unit.id, kind is WeaponAttackOrder)
                if not unit.active:
                    raise BtcliError(f"'{unit.id}' is destroyed or off the map")
                now.append(name)
            except BtcliError as exc:
                why = str(exc)
    return phase_end(state, now, why)


def phase_end(state: GameState, now: list[str], why: str) -> tuple[tuple[str, ...], str]:
    """Returns the commands a unit's kind found (``now``) with what every kind shares: none once the game is over,
    ``resolve-phase`` when the phase may close; and why none (``why``, the last order's refusal) when none."""
    if state.winner:
        return (), "the game is over"
    if phases.current(state).missing(state) is None:
        now = [*now, "resolve-phase"]
    return tuple(now), "" if now else why


# -- moving over the ground ---------------------------------------------------------------


def moves(state: GameState, unit: Unit) -> tuple[Reach, ...]:
    """Returns, for each movement mode the unit has (its slow and fast mode, MASC, a jump), each hex a move
    in that mode ``--to`` the hex is accepted for, with its MP; none for a unit that does not move over the
    ground or cannot move now (prone, shut down, immobile)."""
    if not unit.active or unit.hex is None or kinds.of(unit).mobility is None:
        return ()
    from btcli.rules.ground import masc, movement

    found: list[Reach] = []
    for mode in dict.fromkeys((movement.slow_mode(unit), movement.fast_mode(unit))):
        found.append(Reach(mode.value, _reach(state, unit, mode)))
    if masc_option(unit) is not None:  # EQ-MASC-05: a run with MASC engaged (``move --mode masc``)
        from btcli.rules.kinds import mech

        masc_from = None if masc.used(unit) else mech.running_mp_without_masc(unit)  # as move --mode masc --to
        found.append(Reach(masc.MODE, _reach(state, masc.with_masc(unit), MoveMode.RUN, masc_from)))
    jumps = _jumps(state, unit)
    if jumps is not None:
        found.append(Reach(MoveMode.JUMP.value, jumps))
    return tuple(found)


def _reach(state: GameState, unit: Unit, mode: MoveMode, masc_from: int | None = None) -> tuple[tuple[HexId, int], ...]:
    """The hexes ``move --mode MODE --to HEX`` takes the unit to, with the MP of the path it takes: every hex
    the search reaches within the mode's MP and every neighbour (minimum movement, VEH-MOVE-06), each
    checked as the order checks it (``routes.choose``: the path ``move --to`` takes, the cheapest or a safer one
    at most 2 MP dearer, found for every hex at once by ``routes.choose_all``; then ``check_move``).
    ``masc_from``: a run with MASC engaged, the MP beyond which it rolls (as ``move --mode masc --to`` asks)."""
    from btcli.rules.ground import movement, routes

    here = unit.hex
    assert here is not None
    board = state.board
    candidates = set(movement.reachable_hexes(state, unit, mode))
    candidates.update(n for n in (here.neighbor(f) for f in Facing) if board.contains(n))
    candidates.discard(here)
    found = []
    for hex_id, route in sorted(routes.choose_all(state, unit, mode, candidates, masc_from).items()):
        if isinstance(route, BtcliError):
            continue
        try:
            plan = movement.check_move(state, unit, mode, route.steps)
        except BtcliError:
            continue
        found.append((hex_id, plan.mp))
    return tuple(found)


def _jumps(state: GameState, unit: Unit) -> tuple[tuple[HexId, int], ...] | None:
    """The hexes ``move --mode jump --to HEX`` lands the unit in, each with its jump MP (the hexes jumped,
    tables.md 11.1); None for a unit without working jump jets."""
    from btcli.rules.ground import movement, myomer_jets

    if MoveMode.JUMP not in kinds.mobility(unit).modes(unit) or unit.jump <= 0:
        return None
    reach = myomer_jets.jump_mp(unit)  # EQ-JJ-02: less the jets destroyed
    if reach <= 0:
        return None
    here = unit.hex
    assert here is not None
    found = []
    board = state.board
    near = (HexId(col, row) for col in range(max(1, here.col - reach), min(board.width, here.col + reach) + 1)
            for row in range(max(1, here.row - reach - 1), min(board.height, here.row + reach + 1) + 1))
    for hex_id in near:
        if hex_id == here or hex_id.distance(here) > reach:
            continue
        try:
            plan = movement.check_jump(state, unit, hex_id, None)
        except BtcliError:
            continue
        found.append((hex_id, plan.mp))
    return tuple(sorted(found))


def one_steps(state: GameState, unit: Unit) -> tuple[tuple[str, int], ...]:
    """The one-step ``move --path`` orders the move's check accepts, each with its MP: a turn in place (``L``,
    ``R``: a hexside, in the slower mode) for a unit that moves by the ground rules, and a VTOL's (or WiGE's)
    climb and descent (``A``, ``D``; VEH-VTOL)."""
    if not unit.active or unit.hex is None or kinds.of(unit).mobility is None:
        return ()
    from btcli.rules.core import moves

    found = []
    for code in ("L", "R", *(("A", "D") if kinds.mobility(unit).flies else ())):
        try:
            plan = moves.check_move(state, MoveOrder(unit.id, "", (code,)))
        except BtcliError:
            continue
        found.append((code, plan.mp))
    return tuple(found)


def stand_up(state: GameState, unit: Unit) -> dict[str, Any] | None:
    """A prone 'Mech's stand-up (``move --path U,...``, tables.md 8.6): its MP and the target number of its
    piloting skill roll (None: a quad on four sound legs stands without one); None when it is not prone or
    may not stand."""
    if not unit.built.prone or not unit.active:
        return None
    from btcli.rules.ground import movement

    if not passes(movement.check_move, state, unit, None, ("U",)):
        return None
    from btcli.rules.kinds import mech

    shape = mech.body(unit)
    rolls = shape.stand_roll(unit, shape)
    target = unit.piloting + sum(v for _, v in kinds.pilot_modifiers(unit)) if rolls else None
    return {"mp": movement.STAND_UP_MP, "target": target}


def masc_option(unit: Unit) -> dict[str, int | bool] | None:
    """A unit's MASC (EQ-MASC-05): its running MP with MASC engaged, its level and the roll's target number
    (no roll if it rolled already this turn); None for a unit without working MASC."""
    if not unit.built.slots or not unit.active or unit.hex is None:
        return None
    from btcli.rules.ground import masc, movement

    if not masc.has_masc(unit):
        return None
    return {"mp": movement.running_mp(masc.with_masc(unit)), "level": masc.level(unit),
            "target": masc.target(unit), "rolled": masc.used(unit)}


# -- weapon fire ----------------------------------------------------------------------------


def twists(unit: Unit) -> tuple[str, ...]:
    """The ``--twist`` values that turn the unit's weapons: a 'Mech's left and right, a turret's every
    direction (left and right for one hexside, else the facing), each one the attack would accept."""
    from btcli.rules.core import combat

    if kinds.of(unit).points_turret:
        wanted = [TURRET_TWISTS.get(offset, unit.facing.turned(offset).name) for offset in (-1, 1, -2, 2, 3)]
    else:
        wanted = ["left", "right"]
    return tuple(t for t in wanted if passes(combat.check_twist, unit, t))


def shots(state: GameState, unit: Unit) -> tuple[Shot, ...]:
    """Returns each unfired weapon's shots at each enemy on the board: as the unit stands (its twist as set),
    or, for a weapon that cannot fire so, with each ``--twist`` that brings it to bear; at an aircraft that
    crossed the board, by the ground-to-air rules. Each is a ``plan_weapon_attack`` (``ground_to_air.plan``) the
    attack order runs; none for a unit that does not fire by the weapon rules
    (an asset's card and an aircraft's attacks are their kinds' options)."""
    if not unit.active or unit.hex is None or kinds.of(unit).mobility is None:
        return ()
    from btcli.rules.core import attacks, weapon_modes
    from btcli.rules.core.combat import plan_weapon_attack

    if not passes(attacks.may_attack, state, unit.id, True):
        return ()
    turns = ("", *twists(unit))
    found: list[Shot] = []
    for enemy in sorted(state.units.values(), key=lambda u: u.id):
        if enemy.side == unit.side or not enemy.active:
            continue
        try:  # an aircraft fired at from the ground (ground_to_air), or none after firing at one this phase
            rules = attacks.aero_rules(state, WeaponAttackOrder(unit.id, enemy.id))
        except BtcliError:
            continue
        if rules is None and enemy.hex is None:
            continue
        for mount in unit.weapons:
            for twist in turns:
                try:
                    if rules is None:
                        _, _, plans, _ = plan_weapon_attack(state, unit.id, enemy.id, (mount.label,), twist)
                        numbers = [(result.target, result.modifiers) for _, result in plans]
                    else:  # btcli.rules.aero.ground_to_air (a ground unit has no other aircraft rules)
                        planned = rules.plan(state, WeaponAttackOrder(unit.id, enemy.id, (mount.label,), twist))
                        numbers = [(result.target, result.modifiers) for _, _, result in planned.shots]
                except BtcliError:
                    continue
                modes = weapon_modes.unit_modes(unit, mount.weapon)  # EQ-STATE-01: the modes it may fire in
                shown = tuple(m or "standard" for m in modes) if len(modes) > 1 else ()
                found += [Shot(enemy.id, mount.label, number, twist, shown, _c3_spotter(modifiers))
                          for number, modifiers in numbers]
                if not twist:
                    break  # it fires as the unit stands: no twist needed
    return tuple(found)


def _c3_spotter(modifiers) -> str:
    """The C3 spotter whose range a shot uses (EQ-C3-08), or ''."""
    for name, _ in modifiers:
        if " via C3 spotter " in name:
            return name.split(" via C3 spotter ", 1)[1].split(" ", 1)[0]
    return ""


def targets(state: GameState, unit: Unit) -> dict[str, list[dict[str, object]]]:
    """Returns, for each enemy, the shots of ``shots`` that need no twist, as ``options --json`` gives them."""
    found: dict[str, list[dict[str, object]]] = {}
    for shot in shots(state, unit):
        if not shot.twist:
            found.setdefault(shot.target, []).append(shot_dict(shot))
    return found


def shot_dict(shot: Shot) -> dict[str, object]:
    """One shot as ``options --json`` gives it: weapon, to_hit, and twist, modes, c3_spotter where they apply."""
    return {"weapon": shot.weapon, "to_hit": shot.to_hit, **({"twist": shot.twist} if shot.twist else {}),
            **({"modes": list(shot.modes)} if shot.modes else {}),
            **({"c3_spotter": shot.c3_spotter} if shot.c3_spotter else {})}


# -- attacks on building and bridge hexes --------------------------------------------------


def hex_attacks(state: GameState, unit: Unit) -> tuple[HexAttack, ...]:
    """Returns each unfired weapon's shots at each building or bridge hex in its reach (URB-ATK-01, -03: as the unit
    stands, or with each ``--twist`` that brings it to bear), each a ``building_attacks.plan_attack`` the attack
    order runs, with no to-hit roll from the next hex (URB-ATK-04); and each physical attack it may declare at an
    adjacent one (URB-ATK-04: it always hits), the declaration itself run on the state. None on a board without
    structures or for a unit that does not fire by the weapon rules."""
    structures = state.board.structure_hexes
    if not structures or not unit.active or unit.hex is None or kinds.of(unit).mobility is None:
        return ()
    from btcli.rules.core import attacks

    if not passes(attacks.may_attack, state, unit.id, True):
        return ()
    from btcli.rules.urban import building_attacks

    here = unit.hex
    longest = max((_longest_range(unit, mount.weapon) for mount in unit.weapons), default=0)
    near = sorted(h for h in structures if 0 < h.distance(here) <= max(longest, 1))
    found: list[HexAttack] = []
    turns = ("", *twists(unit))
    for hex_id in near:
        order = WeaponAttackOrder(unit.id, hex_id.label)
        if not passes(attacks.aero_rules, state, order):  # none after firing at an aircraft this phase
            break
        adjacent = hex_id.distance(here) == 1
        for mount in unit.weapons:
            if hex_id.distance(here) > _longest_range(unit, mount.weapon):
                continue
            for twist in turns:
                try:
                    _, plans, _, _ = building_attacks.plan_attack(state, unit.id, hex_id, (mount.label,), twist)
                except BtcliError:
                    continue
                found += [HexAttack(hex_id, mount.label, to_hit=None if adjacent else result.target, twist=twist)
                          for _, result in plans]
                if not twist:
                    break  # it fires as the unit stands: no twist needed
    from btcli.dice import HeldDice

    for hex_id in near:
        if hex_id.distance(here) != 1:
            continue
        for kind in building_attacks.PHYSICAL_ON_BUILDINGS:
            try:
                attacks.physical_attack(state, PhysicalAttackOrder(unit.id, hex_id.label, kind), HeldDice())
            except BtcliError:
                continue
            from btcli.rules.ground import physical

            arm = physical.limb_check(unit, hex_id, f"hex {hex_id.label}", kind)[0] if kind in (
                "punch", "hatchet", "sword") else ""
            found.append(HexAttack(hex_id, attack=kind, location=arm))
    return tuple(found)


def _longest_range(unit: Unit, weapon: str) -> int:
    """The longest range a weapon reaches (its long range bracket's end; tables.md 6.1, tohit.range_bracket)."""
    return unit.spec(weapon).long


def hex_attack_dict(attack: HexAttack) -> dict[str, object]:
    """One attack on a hex as ``options --json`` gives it: weapon and to_hit (null: no roll), or attack (and
    location); twist where it needs one."""
    if attack.attack:
        return {"attack": attack.attack, **({"location": attack.location} if attack.location else {})}
    return {"weapon": attack.weapon, "to_hit": attack.to_hit, **({"twist": attack.twist} if attack.twist else {})}


# -- physical attacks -----------------------------------------------------------------------


def blows(state: GameState, unit: Unit) -> tuple[Blow, ...]:
    """Returns each physical attack the unit may declare at each enemy (tables.md 8.7, VEH-PHYS; a hatchet or
    sword, EQ-PHYS): the declaration itself run on the state, which rolls nothing."""
    if not unit.active or unit.hex is None or kinds.of(unit).mobility is None:
        return ()
    from btcli.dice import HeldDice
    from btcli.rules.core import attacks
    from btcli.rules.ground import physical

    found: list[Blow] = []
    for enemy in sorted(state.units.values(), key=lambda u: u.id):
        if enemy.side == unit.side or not enemy.active or enemy.hex is None or enemy.hex.distance(unit.hex) > 1:
            continue
        for kind in attacks.PHYSICAL_ATTACKS:
            try:
                attacks.physical_attack(state, PhysicalAttackOrder(unit.id, enemy.id, kind), HeldDice())
                number, _, arm = physical.check(state, unit, enemy, kind)
            except BtcliError:
                continue
            found.append(Blow(enemy.id, kind, number, arm if kind in ("punch", "hatchet", "sword") else ""))
    return tuple(found)


def physical_weapons(state: GameState, unit: Unit) -> dict[str, Any] | None:
    """A 'Mech's hatchets and swords (EQ-PHYS-05): each with its arm and whether it works, and for each adjacent
    enemy the ones it can swing at it with their to-hit numbers (the checks of the attack itself); None for a
    unit that carries none."""
    if not unit.built.slots or not any("hatchet" in items or "sword" in items for items in unit.built.slots.values()):
        return None
    from btcli.rules.ground import physical_weapons as weapons

    carried = [{"kind": kind, "location": where, "working": working} for kind, where, working in weapons.carried(unit)]
    swung: dict[str, list[dict[str, object]]] = {}
    for blow in blows(state, unit):
        if blow.attack in ("hatchet", "sword"):
            swung.setdefault(blow.target, []).append({"attack": blow.attack, "location": blow.location,
                                                      "to_hit": blow.to_hit})
    return {"carried": carried, "targets": swung}
