"""What differs by unit kind, behind one interface (issues #11, #30): where a damage group strikes, what
it does, the kind's control roll (a 'Mech's piloting skill roll, a vehicle's driving skill roll),
whether the kind may make an attack, how it moves over the ground (its ``Mobility``), when it moves,
and the rules its move and weapon attack orders follow when they are its own. Every rule that needs one
of these asks here, so a new kind (assets, aerospace units) is a new ``KindRules`` entry, not an edit of
every rule area.

Sources: tables.md 1, 2, 8.1 (hit locations), 8.6 (PSR modifiers), 3-5 (driving modifiers).
"""

from __future__ import annotations

from btcli.dice import Dice, Roll
from btcli.errors import IllegalOrderError
from btcli.model.frozen import Record, evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.model.orders import MoveOrder, WeaponAttackOrder
from btcli.model.state import GameState, Hit
from btcli.model.units import Motive, Unit, UnitKind
from btcli.rules import later
from btcli.rules.kinds import mech
from btcli.rules.kinds.mobility import Mobility

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:  # annotations only: collections.abc would import collections
    from collections.abc import Callable

    from btcli.model.area_effect import AreaEffect
    from btcli.model.assets import AssetCard
    from btcli.model.events import Events
    from btcli.model.board import Board

Modifiers = tuple[tuple[str, int], ...]


HIGHEST_ROLL = 12  # the most 2D6 show: a skill roll's target number above it is impossible (PSR-AUTO-02)


def skill_roll(dice: Dice, purpose: str, modifiers: Modifiers) -> Roll:
    """Rolls a piloting or driving skill roll against the sum of its ``modifiers``. PSR-AUTO-02: a modified target
    number above 12 fails without a roll (TW; MegaMek @f0b2b01 reports such a roll's "automatic failure"): the
    Roll returned then rolled no dice (``automatic``), and the dice neither give it a value nor record it."""
    target = sum(v for _, v in modifiers)
    if target > HIGHEST_ROLL:
        return dice.automatic_failure(purpose, target, tuple(modifiers))
    return dice.roll(2, purpose, target=target, modifiers=tuple(modifiers))


def piloting_roll(unit: Unit, reason: str, dice: Dice, modifier: int = 0, named: Modifiers = ()) -> Roll | None:
    """Rolls a piloting skill roll: piloting + the reason's modifier (or ``named`` modifiers) + the
    pre-existing damage modifiers (tables.md 8.6). Returns None when it fails without a roll: a
    shut-down or unconscious 'Mech cannot keep its footing; an automatic Roll (no dice) when its target
    number is above 12 (``skill_roll``)."""
    if is_immobile(unit):
        return None
    own = list(named) or ([(reason, modifier)] if modifier else [])
    modifiers = [("piloting", unit.piloting)] + own + pilot_modifiers(unit)
    return skill_roll(dice, f"piloting skill roll {unit.id} ({reason})", tuple(modifiers))


def pilot_modifiers(unit: Unit) -> list[tuple[str, int]]:
    """Returns the pre-existing damage modifiers of a 'Mech's PSRs (tables.md 8.6), as its body counts them."""
    shape = mech.body(unit)
    actuators, hips = shape.leg_hits(unit)
    return shape.pilot_modifiers(unit, shape, actuators, hips, unit.count_hits("gyro"), shape.legs_gone(unit))


def driving_roll(unit: Unit, reason: str, dice: Dice, modifier: int = 0, named: Modifiers = ()) -> Roll:
    """Rolls a vehicle's driving skill roll: driving + its lasting modifiers (tables.md 3-5) + the reason's (above
    12: an automatic failure, ``skill_roll``)."""
    from btcli.rules.ground import vehicles

    own = list(named) or ([(reason, modifier)] if modifier else [])
    modifiers = [("driving", unit.piloting)] + vehicles.driving_modifiers(unit) + own
    return skill_roll(dice, f"driving skill roll {unit.id} ({reason})", tuple(modifiers))


def _no_roll(state: GameState, unit: Unit, reason: str, dice: Dice, modifier: int = 0,
             named: Modifiers = ()) -> Roll | None:
    return None  # infantry make no piloting or driving rolls: an action that needs one fails


_MECH_DAMAGE = later("core.damage", "mech_damage")  # core.damage asks the kinds: named, not imported


def _mech_take(unit: Unit, hit: Hit, dice: Dice, events: list[str], turn: int) -> Unit:
    return _MECH_DAMAGE(unit, hit, dice, events)


# btcli.rules.ground.infantry asks the kinds whether a unit is infantry: imported when first called.
_INFANTRY_DAMAGE = later("ground.infantry", "infantry_damage")
_INFANTRY_HIT = later("ground.infantry", "hit")


def _infantry_take(unit: Unit, hit: Hit, dice: Dice, events: list[str], turn: int) -> Unit:
    return _INFANTRY_DAMAGE(unit, hit, events)


def _infantry_hit(dice: Dice, target: Unit, side: str, amount: int, source: str) -> Hit:
    return _INFANTRY_HIT(target, side, amount, source)  # no location table for infantry


def _may_always(unit: Unit, weapons: bool) -> str:
    return ""


def _infantry_attacks(unit: Unit, weapons: bool) -> str:  # btcli's minimal infantry model (docs/rules-notes.md)
    return "weapon attacks by infantry are not resolved by btcli" if weapons else "infantry make no physical attacks"


def _moves(unit: Unit) -> bool:
    return False


def _emplaced(unit: Unit) -> bool:
    assert unit.asset is not None  # KINDS[ASSET]: an asset always carries its card
    return unit.asset.card.is_immobile


_AERO_ORDER = later("aero.moves", "order_for")
_AERO_CHECK = later("aero.moves", "check")
_AERO_LINES = later("aero.moves", "dry_run_lines")


def _aero_move_order(state: GameState, unit: Unit, path: str | None, to: str | None, facing: str | None,
                     mode: str | None, after_slip: str | None, batch: int) -> MoveOrder:
    return _AERO_ORDER(state, unit, path, mode)  # AERO-MOVE: a path of thrust steps and a mode


def _aero_move_preview(state: GameState, order: MoveOrder) -> list[str]:
    return _AERO_LINES(_AERO_CHECK(state, order))  # the thrust of each step and the rolls it needs


def _on_the_ground(roll: Callable[..., Roll | None]) -> Callable[..., Roll | None]:
    """A ground unit's control roll: its skill and damage alone decide it, not where the game stands."""

    def control_roll(state: GameState, unit: Unit, reason: str, dice: Dice, modifier: int = 0,
                     named: Modifiers = ()) -> Roll | None:
        return roll(unit, reason, dice, modifier, named)

    return control_roll


def _any_physical(unit: Unit, attack: str) -> tuple[str, str]:
    return "", ""


def _infantry_physical(unit: Unit, attack: str) -> tuple[str, str]:  # btcli's minimal infantry model
    return f"infantry '{unit.id}' make no physical attacks", "btcli infantry model"


def _vehicle_physical(unit: Unit, attack: str) -> tuple[str, str]:
    """VEH-PHYS-01: a vehicle only charges; VEH-PHYS-02: a VTOL or WiGE does not even charge."""
    if attack != "charge":
        return f"vehicle '{unit.id}' may only charge", "VEH-PHYS-01"
    if unit.motive.value in ("vtol", "wige"):
        return f"'{unit.id}' ({unit.motive.value}) may not charge", "VEH-PHYS-02"
    return "", ""


# assets: the questions a game with Battlefield Support assets (seed 004) asks of every kind ---------------------
AREA_GROUP = 5  # UNVERIFIED (TW artillery, not in the seeds): area-effect damage strikes in 5-point groups


def _groups_by_location(dice: Dice, target: Unit, side: str, card: AssetCard, source: str, attacker: str,
                        events: Events) -> list[Hit]:
    """An asset card's hit on a unit with hit locations: each damage group rolls its own (ASSET-ATK-04)."""
    from btcli.model.events_combat import GroupStrikes

    hits = []
    for amount in card.damage_groups:
        h = hit(dice, target, side, amount, source)
        events.append(GroupStrikes(target.id, amount, h.location, h.rear,
                                   without_rear_armor(target, h.location, h.rear)))
        hits.append(h)
    return hits


def _blast_groups(dice: Dice, unit: Unit, effect: AreaEffect, attacker: str, events: Events) -> list[Hit]:
    """A blast on a unit with hit locations: the damage at its hex in 5-point groups, each with its location
    (UNVERIFIED), flagged as area effect."""
    assert unit.hex is not None  # a unit the blast reached stands on the board
    amount = effect.damage_at(unit.hex)
    if not amount:
        return []
    from btcli.model.events_assets import BlastStrikes

    events.append(BlastStrikes(unit.id, unit.hex, amount))
    hits = []
    while amount > 0:
        group = min(AREA_GROUP, amount)
        hits.append(evolve(hit(dice, unit, "front", group, effect.source), area_effect=True, attacker=attacker))
        amount -= group
    return hits


def _aloft_as_vtol(unit: Unit) -> bool:
    """A unit moving by VTOL flight (VEH-VTOL, VEH-VTOL-07) is aloft above an elevation of 0."""
    return unit.elevation > 0 and mobility(unit).flies


# -- ground: heights, places, blows, collisions and infantry (rules/ground/; issue #30) ----------------------


def _like_a_mech(unit: Unit) -> str:
    return "other"  # any unit but an asset or a 'Mech: counted like a 'Mech (btcli's reading of ASSET-STACK-01)


def _as_a_mech(unit: Unit) -> str:
    return "mech"


def _always(unit: Unit) -> bool:
    return True


def _one_level(unit: Unit) -> int:
    return 1  # vehicles and VTOLs (VEH-GEN-05), infantry (VEH-SLIP-13), an asset (btcli's reading)


def _mech_height(unit: Unit) -> int:
    return 1 if unit.built.prone else mech.MECH_HEIGHT  # AMB-45: 2 levels, 1 lying down


def _rotors(unit: Unit) -> bool:
    return unit.motive is Motive.VTOL  # VTOLs, VTOL battle armor (VEH-VTOL-07), VTOL assets


def _vtol_elevation(unit: Unit) -> int:
    return unit.elevation if of(unit).flies_as_vtol(unit) else 0


def _armored(unit: Unit) -> bool:
    return bool(unit.max_armor)  # a battle armor squad's record is one armor value per trooper


def _unarmored(unit: Unit) -> bool:
    return not unit.max_armor


def _mech_dodge(unit: Unit) -> list[tuple[str, int]]:
    return [("piloting", unit.piloting)] + pilot_modifiers(unit)


def _vehicle_dodge(unit: Unit) -> list[tuple[str, int]]:
    from btcli.rules.ground import vehicles

    return [("driving", unit.piloting)] + vehicles.driving_modifiers(unit)


def _driver_dodge(unit: Unit) -> list[tuple[str, int]]:
    return [("driving", unit.piloting)] + pilot_modifiers(unit)  # any other kind (infantry): no damage counts


def _no_charge_refusal(attacker: Unit, target: Unit) -> str:
    return ""


def _mech_charge_refusal(attacker: Unit, target: Unit) -> str:
    """VEH-PHYS-03 (literal reading): a 'Mech may not charge a vehicle."""
    if target.is_vehicle:
        return f"a 'Mech may not charge vehicle '{target.id}' (literal reading; scenario option mech_charges_vehicles)"
    return ""


def _normal_table(board: Board, attacker: Unit, target: Unit) -> str:
    return "normal"


def _side_as_it_comes(dice: Dice, target: Unit, attack: str, side: str) -> str:
    return side


def _on_its_table(dice: Dice, target: Unit, table: str, side: str, amount: int, source: str) -> Hit:
    return of(target).hit_location(dice, target, side, amount, source)


def _mech_blow(dice: Dice, target: Unit, table: str, side: str, amount: int, source: str) -> Hit:
    """A 'Mech struck on its punch or kick table (1D6, tables.md 8.2), else on its hit location table."""
    if table not in ("punch", "kick"):
        return _on_its_table(dice, target, table, side, amount, source)
    d6 = dice.d6(f"{table} location vs {target.id} ({side})")
    location = mech.body(target).location(table, d6, side)
    return Hit(target.id, location, amount, side, side == "rear", False, False, source)


def _motive_roll_after_charge(unit: Unit, dice: Dice, events: list[str]) -> Unit:
    from btcli.rules.ground import vehicles

    return vehicles.motive_roll(unit, "front", dice, events)  # VEH-PHYS-05, AMB-08



# aero: the defaults of the aerospace rules' questions (issue #30)


def _fires_at_aircraft(unit: Unit) -> str:
    return ""


# core: the questions fire, damage, falls, heat, buildings and minefields ask (issue #30) ------------------


def _never(unit: Unit, *more: object) -> bool:
    return False


def _fires_freely(unit: Unit, turn: int) -> tuple[str, str]:
    return "", ""


def _centred(unit: Unit) -> int:
    return 0


def _no_club(unit: Unit) -> str:
    return ""


def _as_is(unit: Unit) -> Unit:
    return unit


def _front_minefield_hit(dice: Dice, unit: Unit, density: int) -> Hit:
    return Hit(unit.id, "front", density, source="minefield")  # DROP-12: a vehicle's front


def _mech_fire_refusal(unit: Unit, turn: int) -> tuple[str, str]:
    if unit.count_hits("sensors") >= 2:
        return f"'{unit.id}' has lost both sensors", "tables.md 6.5"
    return "", ""


def _mech_punch_hit(dice: Dice, unit: Unit, side: str, amount: int, source: str) -> Hit:
    """A damage group on the punch table (URB-COLL-05: a collapse's damage to a 'Mech)."""
    d6 = dice.d6(f"punch location vs {unit.id} ({side})")
    return Hit(unit.id, mech.body(unit).location("punch", d6, side), amount, side, side == "rear", False, False, source)


def _mech_minefield_hit(dice: Dice, unit: Unit, density: int) -> Hit:
    """DROP-12: a mine strikes a leg: 1-3 the first leg, 4-6 the second (a quad's: 1-3 a front leg, 4-6 a rear
    one, then the side by another die; UNVERIFIED, btcli's reading of the biped rule)."""
    legs = mech.body(unit).legs
    leg = legs[0] if dice.d6(f"minefield leg {unit.id}") <= 3 else legs[1]
    if len(legs) == 4:
        leg = legs[legs.index(leg) * 2 + (dice.d6(f"minefield leg side {unit.id}") > 3)]
    return Hit(unit.id, leg, density, source="minefield")


def _infantry_minefield_hit(dice: Dice, unit: Unit, density: int) -> Hit:
    return _infantry_hit(dice, unit, "front", density, "minefield")


def _mech_club(unit: Unit) -> str:
    assert unit.mech is not None  # KINDS[MECH]: a 'Mech always carries its record
    return unit.mech.club


def is_immobile(unit: Unit) -> bool:
    """Tells whether a unit is an immobile target (tables.md 6.3): shut down, crew out, or its own state keeps it
    still (a vehicle's motive damage or dead crew)."""
    return unit.built.shutdown or not unit.conscious or of(unit).stopped(unit)


def phase_rules(state: GameState, field: str) -> list[Callable]:
    """The rules of their own the kinds of the game's units give for a step of a phase (``heat_phase``,
    ``end_phase``): each once, in the order of the units."""
    found: dict[Callable, None] = {}
    for unit in state.units.values():
        rule = getattr(of(unit), field)
        if rule is not None:
            found.setdefault(rule, None)
    return list(found)


def airborne(unit: Unit) -> bool:
    """Tells whether a unit flies as a VTOL above the ground (VEH-VTOL: a VTOL or VTOL battle armor, elevation 1+)."""
    return of(unit).flies_as_vtol(unit) and unit.elevation > 0


class KindRules(Record, slots=False):
    """The rules one kind of unit plays by where kinds differ."""

    hit_location: Callable[[Dice, Unit, str, int, str], Hit]  # where one damage group strikes
    take_hit: Callable[[Unit, Hit, Dice, list[str], int], Unit]  # what one damage group does to it
    control_roll: Callable[..., Roll | None]  # (state, unit, ...): piloting, driving or control roll; None: fails
    attack_refusal: Callable[[Unit, bool], str] = _may_always  # why it may not attack (weapons or physical)
    # The target modifiers of a kind that has its own (assets: a fixed card TMM, ASSET-ATK-05); None: the
    # standard movement, posture and terrain modifiers (tables.md 6.3, 6.4).
    target_modifiers: Callable | None = None
    # How it moves over the ground, by its motive (rules/kinds/mobility.py); None: never over the ground (an
    # asset's and an aerospace unit's moves have rules of their own).
    mobility: Callable[[Unit], Mobility] | None = None
    hinders_movement: bool = True  # an enemy of this kind keeps a mover out of its hex (TW p.57; not assets)
    # The stacking rule of a hex holding a unit of this kind, (hex, mover, the units there) -> None, raising
    # when the mover may not end there; None: one unit a hex (TW p.57).
    stacking: Callable[[HexId, Unit, list[Unit]], None] | None = None
    moves_in_ground_turn: bool = True  # takes a slot of the movement phase (aerospace units fly in their own)
    moves_first: bool = False  # moves before every other unit, in batches (assets: ASSET-INIT-01, -02)
    never_moves: Callable[[Unit], bool] = _moves  # takes no movement slot at all (a gun emplacement, ASSET-MOVE-04)
    # A kind whose moves have rules of their own (an asset's fixed MP, an aerospace unit's thrust): the move
    # order it takes from the command line, (state, unit, path, to, facing, mode, after_slip, batch) ->
    # MoveOrder; the order's handler, (state, order, dice) -> (state, events); and its dry run's lines,
    # (state, order) -> list[str] (None: the ground move's). None: the ground move (rules/core/moves.py).
    move_order: Callable[..., MoveOrder] | None = None
    move: Callable[[GameState, MoveOrder, Dice], tuple[GameState, list[str]]] | None = None
    move_preview: Callable[[GameState, MoveOrder], list[str]] | None = None
    # A kind whose weapon attacks have rules of their own (an asset's card, ASSET-ATK): the attack's handler
    # and its dry run's lines. None: weapon fire (rules/core/combat.py).
    weapon_attack: Callable[[GameState, WeaponAttackOrder, Dice], tuple[GameState, list[str]]] | None = None
    weapon_attack_preview: Callable[[GameState, WeaponAttackOrder], list[str]] | None = None
    clears_jams: bool = False  # its crew may clear a jammed weapon or turret instead of firing (VEH-CRIT-23)
    # Why it may not make this physical attack ("punch", "kick", "charge", ...), and the rule: ("", "") if it may.
    physical_refusal: Callable[[Unit, str], tuple[str, str]] = _any_physical
    # assets: the questions a game with Battlefield Support assets (seed 004) asks ------------------------------
    deploys_first: bool = False  # deploys before every other unit, in halves (assets: ASSET-DEP-01, -02)
    # What deploying a unit of the kind places, (state, unit, hex, facing) -> the unit placed, raising when it may
    # not deploy there (an asset's zone, footprint and stacking: ASSET-DEP); None: in its side's zone (ASSET-DEP-01).
    deploy: Callable[[GameState, Unit, HexId, Facing], Unit] | None = None
    vehicle_sides: bool = False  # an attack strikes it by the vehicle sectors (tables.md 0; an asset, ASSET-DMG-10)
    # How an asset card's hit strikes it, (dice, target, side, card, source, attacker, events) -> the hits:
    # each group at its own location (ASSET-ATK-04), or an asset's every group summed, no location (ASSET-DMG-01).
    struck_by_card: Callable[[Dice, Unit, str, AssetCard, str, str, Events], list[Hit]] = _groups_by_location
    # How a blast (an area effect) strikes it, (dice, unit, effect, attacker, events) -> the hits: in 5-point
    # groups (UNVERIFIED), or an asset's by its primary hex alone (ASSET-DMG-08, -09).
    struck_by_blast: Callable[[Dice, Unit, AreaEffect, str, Events], list[Hit]] = _blast_groups
    # The End Phase destruction check of a kind that makes one, (unit, dice, events) -> the unit after
    # (an asset: ASSET-DMG-02..13); None: it makes none.
    destruction_check: Callable[[Unit, Dice, Events], Unit] | None = None
    aloft: Callable[[Unit], bool] = _aloft_as_vtol  # flies above the ground's stacking and blasts (VEH-VTOL-03)
    # How it counts for the asset stacking rules (ASSET-STACK-01..03): "mech", "other" (like a 'Mech) or an
    # asset's card kind (btcli.rules.assets.units reads it).
    stacks_as: Callable[[Unit], str] = _like_a_mech
    # ground: heights and places (rules/ground/placement.py)
    stands_on_the_bottom: bool = False  # stands on the bottom of a water hex, not on its surface (a 'Mech)
    height: Callable[[Unit], int] = _one_level  # the levels its body stands tall (AMB-45, VEH-GEN-05, VEH-SLIP-13)
    flies_as_vtol: Callable[[Unit], bool] = _never  # moves by VTOL flight, with an elevation (VEH-VTOL-07)
    flight_elevation: Callable[[Unit], int] = _vtol_elevation  # levels above its hex (a VTOL's; a WiGE's 1)
    large: Callable[[Unit], bool] = _never  # a large support vehicle or landed DropShip (VEH-VTOL-11, VEH-SLIP-11)
    # ground: infantry (rules/ground/infantry.py)
    counts_as_infantry: Callable[[Unit], bool] = _never  # another seed's infantry rule applies (ASSET-GEN-05)
    conventional_infantry: Callable[[Unit], bool] = _never  # a platoon, or a conventional infantry asset
    battle_armor: Callable[[Unit], bool] = _never  # a battle armor squad (its record: armor per trooper)
    # ground: skids, collisions and physical attacks (rules/ground/collisions.py, physical.py)
    # The skill and lasting modifiers of its roll to get out of a slide's way (MegaMek canAvoidSkid); None:
    # it makes no such roll and cannot (ASSET-GEN-01).
    dodge_modifiers: Callable[[Unit], list[tuple[str, int]]] | None = _driver_dodge
    has_piloting: bool = True  # has a piloting (driving) skill a charge compares (an asset's card: one skill)
    blows_on_vehicle_sides: bool = False  # a blow's or a slide's side is read on the vehicle diagram (tables.md 0)
    limbs: bool = False  # punches, kicks, swings clubs and reaches an airborne VTOL with its limbs (tables.md 8.7)
    # It stands on legs: the PSRs a blow, a displacement or a fall onto it forces, failed as a fall; a fall
    # inside a building hurts it more (tables.md 8.6, TW p.68, URB-MOVE-08: a 'Mech); others take falling
    # damage where they are (VEH-DISP-02).
    falls_over: bool = False
    # Why it may not charge this target by the literal rules the scenario option mech_charges_vehicles lifts
    # (VEH-PHYS-03), "" if it may: (attacker, target) -> why.
    charge_refusal: Callable[[Unit, Unit], str] = _no_charge_refusal
    # The table its charge strikes the target on, (board, attacker, target) -> "normal", "kick" or "punch"
    # (VEH-PHYS-04: a vehicle charging a standing 'Mech).
    charge_table: Callable[[Board, Unit, Unit], str] = _normal_table
    # The side a physical attack strikes it on, (dice, target, attack, side coming from) -> side (VEH-PHYS-06:
    # a kick on a vehicle a random side; VEH-PHYS-07: a death from above the front).
    side_struck_by: Callable[[Dice, Unit, str, str], str] = _side_as_it_comes
    # What a charge that hit does to it after the damage (VEH-PHYS-05: a vehicle's motive roll); None: nothing.
    after_charge: Callable[[Unit, Dice, list[str]], Unit] | None = None
    # Where a blow's damage group strikes it on the table the blow names, (dice, target, table, side, amount,
    # source) -> Hit: a 'Mech's punch and kick tables (tables.md 8.2); else its hit location table.
    blow_hit: Callable[[Dice, Unit, str, str, int, str], Hit] = _on_its_table
    # aero: what the aerospace rules (rules/aero/) ask of a unit's kind, on the maps and when aircraft meet the ground
    flies_on_aerospace_maps: bool = False  # an aircraft: flies on the space and low-altitude maps (AERO-GEN-01)
    primary_hex_only: bool = False  # an area-effect attack damages it only in its primary hex (ASSET-DMG-09, AMB-52)
    ground_to_air_refusal: Callable[[Unit], str] = _fires_at_aircraft  # why it may not fire at an aircraft ("": may)
    # The avoidance rolls it makes in a crashing DropShip's crash hex, 0: crushed outright (AERO-CRASH-12, 19, AMB-58).
    dropship_crash_hex_rolls: int = 0
    crash_rear_column: bool = True  # a DropShip's crash from behind strikes its rear column (AERO-CRASH-17, AMB-33)
    crash_table: str = "standard"  # the hit location table a crash's damage groups strike (AERO-CRASH-14)
    stays_under_crashed_dropship: bool = False  # may stay in a hex beside a crashed DropShip (AERO-CRASH-18, AMB-57)
    # core: what fire, damage, falls, heat, buildings and minefields ask of a kind (issue #30)
    stopped: Callable[[Unit], bool] = _never  # its own state makes it an immobile target (tables.md 6.3)
    sight_height: int = 1  # the levels it stands tall for line of sight when not prone (TW p.99: a 'Mech 2)
    legs_take_cover: bool = False  # partial cover protects its legs (tables.md 6.4: a standing 'Mech)
    # Where a damage group on the punch table strikes it, (dice, unit, side, amount, source) -> Hit
    # (URB-COLL-05); None: its hit table.
    punch_hit: Callable[[Dice, Unit, str, int, str], Hit] | None = None
    # What damage sets off at once, (state, before, unit, dice, events) -> state (a VTOL's fall, VTOL-CRIT; a
    # hover vehicle sinking, tables.md 3); None: nothing.
    after_damage: Callable[..., GameState] | None = None
    # Whether it is destroyed in deep water it is pushed into (False) or falls into (True): VEH-DISP-01, URB-BRG-03.
    drowns: Callable[[Unit, bool], bool] = _never
    flies_over_buildings: bool = False  # flying, it is above any building, never on a roof (ASSET-MOVE-10)
    pushed_into_buildings: bool = False  # displaced into a building hex, it enters as if its PSR failed (URB-MOVE-09)
    finds_basements: bool = False  # its weight finds a basement: the first in rolls for one (URB-BSMT-01, -02)
    club: Callable[[Unit], str] = _no_club  # the club it carries ("" none; URB-CLUB-01)
    searched_for_girder: Callable[[Unit, int], bool] = _never  # it searched for a girder this turn (URB-CLUB-01)
    # Why its own state keeps it from firing this turn, (unit, turn) -> (why, rule); ("", "") if it may fire.
    fire_refusal: Callable[[Unit, int], tuple[str, str]] = _fires_freely
    stabilizer_hit: Callable[[Unit, str], bool] = _never  # a location's movement modifier counts twice (VEH-CRIT-16)
    # Its damage to-hit modifiers, (unit, location) -> modifiers (tables.md 6.5: a 'Mech's heat, sensors, actuators).
    damage_modifiers: Callable[[Unit, str], list[tuple[str, int]]] = later("ground.vehicles", "to_hit_modifiers")
    points_turret: bool = False  # ``--twist`` may name a facing for its turret (VEH-ATK-04)
    # Why its turret may not turn to an offset, (unit, offset) -> (why, rule) (VEH-ATK-04, VEH-CRIT-18, 19).
    turret_refusal: Callable[[Unit, int], tuple[str, str]] = _fires_freely
    kept_twist: Callable[[Unit], int] = _centred  # its twist at the end of a turn (VEH-CRIT-18, 19: a stuck turret's)
    # What it may do, for ``btcli options`` (issue #33), (state, unit) -> UnitOptions, for a kind whose orders have
    # rules of their own (an aircraft's flights, an asset's card); None: the ground unit's (rules/core/options.py).
    options: Callable[..., object] | None = None
    after_weapon_phase: Callable[[Unit], Unit] = _as_is  # it as the weapon phase ends (VEH-CRIT-23: jams cleared)
    # A failed building entry's further damage, (unit, side, dice, events) -> unit (tables.md 10.2: motive).
    motive_damage: Callable[..., Unit] | None = None
    # What its hit remembers of the weapon, (hit, attacker, weapon) -> hit (ASSET-DMG-03, -07); None: nothing.
    weapon_hit: Callable[[Hit, Unit, str], Hit] | None = None
    minefield_hit: Callable[[Dice, Unit, int], Hit] = _front_minefield_hit  # where a mine strikes it (DROP-12)
    damage_rolls: bool = False  # damage calls for PSRs and consciousness rolls (tables.md 8.6, 15: a 'Mech)
    builds_heat: bool = False  # builds and sinks heat in the heat phase (tables.md 15; VEH-HEAT-01: not vehicles)
    # Rules of its own for the phase's hits on it, for its heat phase, and for the End Phase, each run once a
    # phase for the game if it has a unit of the kind: (state, hits, dice), (state), (state, dice) -> (state,
    # events) (aerospace units, issue #14; assets' destruction checks, ASSET-DMG). None: none.
    apply_hits: Callable[..., tuple[GameState, list]] | None = None
    heat_phase: Callable[..., tuple[GameState, list]] | None = None
    end_phase: Callable[..., tuple[GameState, list]] | None = None
    # state: a scenario's ``[units.state]`` table (rules/kinds/start_state.py, issue #32) -------------------------
    called: str = "a unit"  # how a message names a unit of the kind ("a 'Mech")
    state_keys: tuple[str, ...] = ()  # the keys its state table takes (docs/scenario-format.md, "A unit's state")
    # Its state table applied to a fresh unit, (unit, table) -> unit, raising start_state.StateError naming the key
    # of a value no game could reach; and read back off a unit in play, (unit) -> table. None: it takes no state.
    apply_state: Callable[[Unit, dict], Unit] | None = None
    read_state: Callable[[Unit], dict] | None = None


# The state keys kinds share (rules/kinds/start_state.py).
DAMAGE_KEYS = ("armor_left", "armor_damage", "internal_left", "internal_damage")
WEAPON_KEYS = ("weapons_destroyed", "weapons_jammed", "weapons_spent")
_STATE = "kinds.start_state"


def _mech_rules() -> KindRules:
    """A 'Mech (tables.md 1, 2, 8): on legs, with limbs, heat and piloting skill rolls; in a DropShip's crash hex it
    rolls twice and takes the crash on its Punch table's front (AERO-CRASH-12, 14, 17)."""
    return KindRules(
        later("core.damage", "mech_hit"), _mech_take, _on_the_ground(piloting_roll), mobility=mech.mobility,
        stacks_as=_as_a_mech, stands_on_the_bottom=True, height=_mech_height, dodge_modifiers=_mech_dodge, limbs=True,
        falls_over=True, charge_refusal=_mech_charge_refusal, blow_hit=_mech_blow,
        dropship_crash_hex_rolls=2, crash_rear_column=False, crash_table="punch",
        sight_height=2, legs_take_cover=True, punch_hit=_mech_punch_hit, pushed_into_buildings=True,
        finds_basements=True, club=_mech_club, searched_for_girder=mech.searches_for_girder,
        fire_refusal=_mech_fire_refusal, damage_modifiers=later("core.tohit", "mech_damage_modifiers"),
        minefield_hit=_mech_minefield_hit, damage_rolls=True, builds_heat=True, called="a 'Mech",
        state_keys=(*DAMAGE_KEYS, "destroyed_locations", "crits", *WEAPON_KEYS, "ammo", "pilot_hits", "conscious",
                    "heat", "prone", "shutdown"),
        apply_state=later(_STATE, "apply_mech"), read_state=later(_STATE, "read_mech"))


def _vehicle_rules() -> KindRules:
    """A vehicle (seed 000): struck by the vehicle sectors, driving skill rolls, motive damage and crits, a turret."""
    from btcli.rules.ground import vehicles
    from btcli.rules.kinds import vehicle

    return KindRules(
        later("core.damage", "vehicle_location"), vehicles.vehicle_damage, _on_the_ground(driving_roll),
        mobility=vehicle.mobility, clears_jams=True, physical_refusal=_vehicle_physical, height=vehicle.height,
        flies_as_vtol=_rotors, flight_elevation=vehicle.flight_elevation, large=vehicle.large,
        dodge_modifiers=_vehicle_dodge, vehicle_sides=True, blows_on_vehicle_sides=True,
        charge_table=vehicle.charge_table, side_struck_by=vehicle.side_struck_by, after_charge=_motive_roll_after_charge,
        stopped=vehicles.is_immobile, after_damage=vehicle.after_damage, drowns=vehicle.drowns,
        fire_refusal=vehicle.fire_refusal, stabilizer_hit=vehicle.stabilizer_hit, points_turret=True,
        turret_refusal=vehicle.turret_refusal, kept_twist=vehicle.kept_twist,
        after_weapon_phase=vehicle.after_weapon_phase, motive_damage=vehicles.motive_roll,
        damage_modifiers=vehicles.to_hit_modifiers, called="a vehicle",
        state_keys=(*DAMAGE_KEYS, "crits", "motive_damage", "rotor_hits", "turret", "crew_stunned", "crew_killed",
                    "immobile", *WEAPON_KEYS, "ammo"),
        apply_state=later(_STATE, "apply_vehicle"), read_state=later(_STATE, "read_vehicle"))


def _infantry_rules() -> KindRules:
    """Infantry (btcli's minimal model, docs/rules-notes.md): no rolls, no attacks of their own; they fire at no
    aircraft and may stay beside a crashed DropShip (AERO-CRASH-18)."""
    from btcli.rules.kinds import infantry

    return KindRules(
        _infantry_hit, _infantry_take, _no_roll, _infantry_attacks, mobility=infantry.mobility,
        physical_refusal=_infantry_physical, flies_as_vtol=_rotors, counts_as_infantry=_always,
        conventional_infantry=_unarmored, battle_armor=_armored, ground_to_air_refusal=infantry.ground_to_air_refusal,
        stays_under_crashed_dropship=True, minefield_hit=_infantry_minefield_hit, called="an infantry unit",
        state_keys=("troopers_left", "armor_left", "armor_damage"), apply_state=later(_STATE, "apply_infantry"),
        read_state=later(_STATE, "read_infantry"))


def _asset_rules() -> KindRules:
    """A Battlefield Support asset (seed 004): ASSET-DMG-01 (no locations), ASSET-GEN-01 (no PSR: fails without a
    roll), ASSET-ATK-04, -05; ASSET-STACK-01, -02 (hinders nobody, shares a hex with a friend); ASSET-DEP-01, -02
    (deployed first, in halves); ASSET-DMG-08..10 (struck by the vehicle sectors, an area effect only in its primary
    hex); its crash column is its front."""
    asset = "kinds.asset"
    return KindRules(
        later(asset, "hit"), later(asset, "take_hit"), _no_roll, later(asset, "attack_refusal"),
        later(asset, "target_modifiers"), hinders_movement=False, stacking=later(asset, "check_stacking"),
        moves_first=True, never_moves=_emplaced, move_order=later(asset, "move_order"),
        options=later("assets.options", "options"),
        move=later("assets.moves", "apply_move"), weapon_attack=later("assets.attack_orders", "weapon_attack"),
        weapon_attack_preview=later("assets.attack_orders", "preview"),
        deploys_first=True, deploy=later("assets.deployment_phase", "deploy_asset"),
        vehicle_sides=True, struck_by_card=later(asset, "struck_by_card"),
        struck_by_blast=later(asset, "struck_by_blast"), destruction_check=later(asset, "destruction_check"),
        aloft=later(asset, "aloft"), stacks_as=later(asset, "stacks_as"), flies_as_vtol=_rotors,
        counts_as_infantry=later(asset, "counts_as_infantry"),
        conventional_infantry=later(asset, "conventional_infantry"),
        # blows_on_vehicle_sides stays False: a blow or a slide reads an asset on the 'Mech diagram, while weapon
        # fire (vehicle_sides) reads it on the vehicle's.
        dodge_modifiers=None, has_piloting=False, primary_hex_only=True, crash_rear_column=False,
        flies_over_buildings=True, weapon_hit=later("assets.attack_orders", "with_weapon_flags"),
        minefield_hit=later(asset, "minefield_hit"), end_phase=later("assets.end_phase", "end_phase"),
        called="an asset", state_keys=("check",), apply_state=later(_STATE, "apply_asset"),
        read_state=later(_STATE, "read_asset"))


def _aero_rules() -> KindRules:
    """An aerospace unit (seed 001): flies on maps of its own, in its own turn, by thrust (AERO-GEN-01)."""
    return KindRules(
        later("kinds.aero", "hit_location"), later("kinds.aero", "take_hit"), later("kinds.aero", "control_roll"),
        later("kinds.aero", "attack_refusal"), moves_in_ground_turn=False, move_order=_aero_move_order,
        options=later("aero.options", "options"), move=later("aero.moves", "apply_move"),
        move_preview=_aero_move_preview, aloft=_never,
        flies_on_aerospace_maps=True, apply_hits=later("aero.attacks", "apply_hits"),
        heat_phase=later("aero.attacks", "heat_phase"), called="an aerospace unit",
        state_keys=("armor_left", "armor_damage", "si_left", "si_damage", "engine_hits", "left_thruster_hits",
                    "right_thruster_hits", "avionics_hits", "sensor_hits", "fire_control_hits", "bomb_hits",
                    "door_hits", "cargo_hits", "heat_sinks_lost", "landing_gear_damaged", "life_support_hit",
                    "docking_collar_damaged", "kf_boom_damaged", "weapons_destroyed", "ammo", "bombs_dropped",
                    "pilot_hits", "conscious", "heat"),
        apply_state=later(_STATE, "apply_aero"), read_state=later(_STATE, "read_aero"))


_BUILDERS: dict[UnitKind, Callable[[], KindRules]] = {
    UnitKind.MECH: _mech_rules, UnitKind.VEHICLE: _vehicle_rules, UnitKind.INFANTRY: _infantry_rules,
    UnitKind.ASSET: _asset_rules, UnitKind.AERO: _aero_rules}
_BUILT: dict[UnitKind, KindRules] = {}


class _Kinds:
    """Each kind's rules, built when a unit of the kind first asks (issue #30: a game of 'Mechs loads no
    vehicle, infantry, asset or aerospace rules; issue #17: a command is a whole process). Read like a dict."""

    def __getitem__(self, kind: UnitKind) -> KindRules:
        try:
            return _BUILT[kind]
        except KeyError:
            rules = _BUILT[kind] = _BUILDERS[kind]()
            return rules

    def __iter__(self):
        return iter(_BUILDERS)

    def __len__(self) -> int:
        return len(_BUILDERS)

    def items(self) -> list[tuple[UnitKind, KindRules]]:
        return [(kind, self[kind]) for kind in _BUILDERS]


KINDS = _Kinds()


def of(unit: Unit) -> KindRules:
    try:
        return _BUILT[unit.kind]
    except KeyError:
        return KINDS[unit.kind]


def mobility(unit: Unit) -> Mobility:
    """How the unit moves over the ground (its modes, MP now, climbing, what keeps it still)."""
    found = of(unit).mobility
    if found is None:
        raise IllegalOrderError(f"'{unit.id}' ({unit.kind.value}) does not move over the ground", "TW p.39")
    return found(unit)


def hit(dice: Dice, target: Unit, side: str, amount: int, source: str) -> Hit:
    """Rolls where one damage group strikes ``target``, on its kind's table."""
    return of(target).hit_location(dice, target, side, amount, source)


def take_hit(unit: Unit, hit: Hit, dice: Dice, events: list[str], turn: int) -> Unit:
    """Applies one damage group to a unit by its kind's damage rules."""
    return of(unit).take_hit(unit, hit, dice, events, turn)


def control_roll(state: GameState, unit: Unit, reason: str, dice: Dice, modifier: int = 0,
                 named: Modifiers = ()) -> Roll | None:
    """Rolls the unit's control roll: a 'Mech's piloting, a vehicle's driving skill roll, an aerospace
    unit's control roll (whose modifiers depend on the map it is on, hence ``state``)."""
    return of(unit).control_roll(state, unit, reason, dice, modifier, named)


def without_rear_armor(unit: Unit, location: str, rear: bool) -> bool:
    """Whether a hit from behind strikes a 'Mech's location that has no rear armor (an arm, a leg, the head:
    only the torsos have rear armor, tables.md 8.1), so it strikes the location's own armor (issue #33: the
    hit says so). Another kind's rear is its own (a vehicle's rear location, an asset's rear arc)."""
    if not (rear and unit.is_mech):
        return False
    from btcli.rules.ground import mechs

    return location not in mechs.REAR_ARMOR


def turns_with_twist(unit: Unit, location: str) -> bool:
    """Whether a weapon mount at ``location`` turns with the unit's torso twist or turret: a 'Mech's torso,
    arm and head mounts (its legs keep facing ahead; TW, MegaMek), a vehicle's turret."""
    return location == "turret" or (unit.is_mech and location not in mech.body(unit).legs)


def twist_refusal(unit: Unit) -> str:
    """Why the unit may not twist its torso at all ("" when it may): a 'Mech body that does not turn."""
    shape = mech.body(unit)
    return "" if not unit.is_mech or shape.twists else f"a {shape.name} 'Mech cannot twist its torso"


def mount_arc(unit: Unit, location: str, rear: bool) -> str:
    """The arc a weapon mount fires into: a 'Mech's as its body says (TW 'Mech firing arcs: its arms their
    side arcs, a rear mount the rear), any other unit's by its location (VEH-ATK-03)."""
    if unit.is_mech:
        return "rear" if rear else mech.body(unit).limb_arcs.get(location, "front")
    from btcli.rules.core import arcs

    return arcs.mount_arc(location)

