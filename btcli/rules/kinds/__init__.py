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
from btcli.model.frozen import evolve, record
from btcli.model.hexgrid import HexId
from btcli.model.orders import MoveOrder, WeaponAttackOrder
from btcli.model.state import GameState, Hit
from btcli.model.units import Unit, UnitKind
from btcli.rules import later
from btcli.rules.ground import infantry as infantry_rules, placement, vehicles
from btcli.rules.kinds import infantry, mech, vehicle
from btcli.rules.kinds.mobility import Mobility

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:  # annotations only: collections.abc would import collections
    from collections.abc import Callable

Modifiers = tuple[tuple[str, int], ...]


def piloting_roll(unit: Unit, reason: str, dice: Dice, modifier: int = 0, named: Modifiers = ()) -> Roll | None:
    """Rolls a piloting skill roll: piloting + the reason's modifier (or ``named`` modifiers) + the
    pre-existing damage modifiers (tables.md 8.6). Returns None when it fails without a roll: a
    shut-down or unconscious 'Mech cannot keep its footing."""
    if is_immobile(unit):
        return None
    own = list(named) or ([(reason, modifier)] if modifier else [])
    modifiers = [("piloting", unit.piloting)] + own + pilot_modifiers(unit)
    return dice.roll(2, f"piloting skill roll {unit.id} ({reason})", target=sum(v for _, v in modifiers),
                     modifiers=tuple(modifiers))


def pilot_modifiers(unit: Unit) -> list[tuple[str, int]]:
    """Returns the pre-existing damage modifiers of a 'Mech's PSRs (tables.md 8.6), as its body counts them."""
    shape = mech.body(unit)
    actuators, hips = shape.leg_hits(unit)
    return shape.pilot_modifiers(unit, shape, actuators, hips, unit.count_hits("gyro"), shape.legs_gone(unit))


def driving_roll(unit: Unit, reason: str, dice: Dice, modifier: int = 0, named: Modifiers = ()) -> Roll:
    """Rolls a vehicle's driving skill roll: driving + its lasting modifiers (tables.md 3-5) + the reason's."""
    own = list(named) or ([(reason, modifier)] if modifier else [])
    modifiers = [("driving", unit.piloting)] + vehicles.driving_modifiers(unit) + own
    return dice.roll(2, f"driving skill roll {unit.id} ({reason})", target=sum(v for _, v in modifiers),
                     modifiers=tuple(modifiers))


def _no_roll(state: GameState, unit: Unit, reason: str, dice: Dice, modifier: int = 0,
             named: Modifiers = ()) -> Roll | None:
    return None  # infantry make no piloting or driving rolls: an action that needs one fails


def _mech_take(unit: Unit, hit: Hit, dice: Dice, events: list[str], turn: int) -> Unit:
    from btcli.rules.core import damage

    return damage.mech_damage(unit, hit, dice, events)


def _infantry_take(unit: Unit, hit: Hit, dice: Dice, events: list[str], turn: int) -> Unit:
    return infantry_rules.infantry_damage(unit, hit, events)


def _infantry_hit(dice: Dice, target: Unit, side: str, amount: int, source: str) -> Hit:
    return infantry_rules.hit(target, side, amount, source)  # no location table for infantry


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


def _mech_searched(unit: Unit, turn: int) -> bool:
    assert unit.mech is not None  # KINDS[MECH]: a 'Mech always carries its record
    return unit.mech.girder_search == turn


def is_immobile(unit: Unit) -> bool:
    """Tells whether a unit is an immobile target (tables.md 6.3): shut down, crew out, or its own state keeps it
    still (a vehicle's motive damage or dead crew)."""
    return unit.shutdown or not unit.conscious or of(unit).stopped(unit)


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
    return placement.flies_as_vtol(unit) and unit.elevation > 0


@record(slots=False)
class KindRules:
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
    # core: what fire, damage, falls, heat, buildings and minefields ask of a kind (issue #30)
    stopped: Callable[[Unit], bool] = _never  # its own state makes it an immobile target (tables.md 6.3)
    # It falls over: a PSR when displaced, a fall from above knocks it down, a fall inside a building hurts
    # it more (TW p.68, URB-MOVE-08: a 'Mech); others take falling damage where they are (VEH-DISP-02).
    falls_over: bool = False
    height: int = 1  # the levels it stands tall for line of sight when not prone (TW p.99: a 'Mech 2)
    wades: bool = False  # stands on the bottom of water, its depth below the surface (tables.md 11.1: a 'Mech)
    legs_take_cover: bool = False  # partial cover protects its legs (tables.md 6.4: a standing 'Mech)
    vehicle_sectors: bool = False  # the attack direction reads the vehicle sectors (tables.md 0; ASSET-DMG-10)
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
    strikes_with_limbs: bool = False  # punches, kicks and swings clubs (tables.md 8.7, URB-CLUB-01: a 'Mech)
    club: Callable[[Unit], str] = _no_club  # the club it carries ("" none; URB-CLUB-01)
    searched_for_girder: Callable[[Unit, int], bool] = _never  # it searched for a girder this turn (URB-CLUB-01)
    # Why its own state keeps it from firing this turn, (unit, turn) -> (why, rule); ("", "") if it may fire.
    fire_refusal: Callable[[Unit, int], tuple[str, str]] = _fires_freely
    stabilizer_hit: Callable[[Unit, str], bool] = _never  # a location's movement modifier counts twice (VEH-CRIT-16)
    # Its damage to-hit modifiers, (unit, location) -> modifiers (tables.md 6.5: a 'Mech's heat, sensors, actuators).
    damage_modifiers: Callable[[Unit, str], list[tuple[str, int]]] = vehicles.to_hit_modifiers
    points_turret: bool = False  # ``--twist`` may name a facing for its turret (VEH-ATK-04)
    # Why its turret may not turn to an offset, (unit, offset) -> (why, rule) (VEH-ATK-04, VEH-CRIT-18, 19).
    turret_refusal: Callable[[Unit, int], tuple[str, str]] = _fires_freely
    kept_twist: Callable[[Unit], int] = _centred  # its twist at the end of a turn (VEH-CRIT-18, 19: a stuck turret's)
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
    deploys_first: bool = False  # deploys in the deployment phase, before every other unit (ASSET-DEP-01)


# A move or an attack declaration deals no damage, and only a game with assets or aerospace units
# needs ``asset_kind`` or ``aero_kind``: these are imported when first called (``later``, issue #17).
KINDS: dict[UnitKind, KindRules] = {
    UnitKind.MECH: KindRules(later("core.damage", "mech_hit"), _mech_take, _on_the_ground(piloting_roll),
                             mobility=mech.mobility),
    UnitKind.VEHICLE: KindRules(later("core.damage", "vehicle_location"), vehicles.vehicle_damage,
                                _on_the_ground(driving_roll), mobility=vehicle.mobility, clears_jams=True,
                                physical_refusal=_vehicle_physical),
    UnitKind.INFANTRY: KindRules(_infantry_hit, _infantry_take, _no_roll, _infantry_attacks,
                                 mobility=infantry.mobility, physical_refusal=_infantry_physical),
    # ASSET-DMG-01 (no locations), ASSET-GEN-01 (no PSR: fails without a roll), ASSET-ATK-04, ASSET-ATK-05.
    # ASSET-STACK-01, -02: assets hinder nobody's movement and share a hex with a friend.
    UnitKind.ASSET: KindRules(later("kinds.asset", "hit"), later("kinds.asset", "take_hit"), _no_roll,
                              later("kinds.asset", "attack_refusal"), later("kinds.asset", "target_modifiers"),
                              hinders_movement=False, stacking=later("kinds.asset", "check_stacking"),
                              moves_first=True, never_moves=_emplaced, move_order=later("kinds.asset", "move_order"),
                              move=later("assets.moves", "apply_move"),
                              weapon_attack=later("assets.attack_orders", "weapon_attack"),
                              weapon_attack_preview=later("assets.attack_orders", "preview")),
    UnitKind.AERO: KindRules(later("kinds.aero", "hit_location"), later("kinds.aero", "take_hit"),
                             later("kinds.aero", "control_roll"), later("kinds.aero", "attack_refusal"),
                             moves_in_ground_turn=False, move_order=_aero_move_order,
                             move=later("aero.moves", "apply_move"), move_preview=_aero_move_preview),
}


# core: the kinds' answers to the questions of fire, damage, falls, heat and buildings (issue #30)
KINDS[UnitKind.MECH] = evolve(
    KINDS[UnitKind.MECH], falls_over=True, height=2, wades=True, legs_take_cover=True, punch_hit=_mech_punch_hit,
    pushed_into_buildings=True, finds_basements=True, strikes_with_limbs=True, club=_mech_club,
    searched_for_girder=_mech_searched, fire_refusal=_mech_fire_refusal,
    damage_modifiers=later("core.tohit", "mech_damage_modifiers"), minefield_hit=_mech_minefield_hit,
    damage_rolls=True, builds_heat=True)
KINDS[UnitKind.VEHICLE] = evolve(
    KINDS[UnitKind.VEHICLE], stopped=vehicles.is_immobile, vehicle_sectors=True, after_damage=vehicle.after_damage,
    drowns=vehicle.drowns, fire_refusal=vehicle.fire_refusal, stabilizer_hit=vehicle.stabilizer_hit,
    points_turret=True, turret_refusal=vehicle.turret_refusal, kept_twist=vehicle.kept_twist,
    after_weapon_phase=vehicle.after_weapon_phase, motive_damage=vehicles.motive_roll)
KINDS[UnitKind.INFANTRY] = evolve(KINDS[UnitKind.INFANTRY], minefield_hit=_infantry_minefield_hit)
KINDS[UnitKind.ASSET] = evolve(
    KINDS[UnitKind.ASSET], vehicle_sectors=True, flies_over_buildings=True,
    weapon_hit=later("assets.attack_orders", "with_weapon_flags"), minefield_hit=later("kinds.asset", "minefield_hit"),
    end_phase=later("assets.end_phase", "end_phase"), deploys_first=True)
KINDS[UnitKind.AERO] = evolve(KINDS[UnitKind.AERO], apply_hits=later("aero.attacks", "apply_hits"),
                              heat_phase=later("aero.attacks", "heat_phase"))


def of(unit: Unit) -> KindRules:
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

