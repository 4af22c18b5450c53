"""The turn sequence as a table (TW p.39; issue #11): each phase of a turn says which orders it
accepts, what must happen before it may close (and the message naming what is missing), what
happens when it ends, and who acts next. ``resolve`` walks the table; ``phases_for(turn)`` gives
a turn's sequence, so turn-dependent sequences (aerospace movement, space turns) are a new table
entry, not a new branch.

Each turn runs initiative, movement, weapon attack, physical attack, heat and end phases. Drop
orders and resolve-phase are taken in any phase: the drop rules check their own windows (DROP-04,
DROP-05), with messages that say more than a phase name would.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import GameFileError, IllegalOrderError
from btcli.model.events import InitiativeRolled, PhaseEnded
from btcli.model.frozen import Record
from btcli.model.hits import HexTarget
from btcli.model.orders import (
    ClearJamOrder,
    DeployOrder,
    GirderSearchOrder,
    MoveOrder,
    PhysicalAttackOrder,
    WeaponAttackOrder,
)
from btcli.model.state import GameState, Phase, evolve
from btcli.model.units import MoveMode
from btcli.rules import kinds
from btcli.rules.core import turn_order

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:  # annotations only: collections.abc would import collections
    from collections.abc import Callable

    from btcli.model.events import Events


def _nothing_missing(state: GameState) -> tuple[str, str] | None:
    return None


def _nothing_happens(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    return state, []


def _nobody(state: GameState) -> str | None:
    return None


class PhaseRule(Record, slots=False):
    """One phase of a turn: its orders, what it needs before it closes, its end, who acts next."""

    phase: Phase
    orders: tuple[type, ...] = ()
    missing: Callable[[GameState], tuple[str, str] | None] = _nothing_missing  # (what is missing, rule)
    end: Callable[[GameState, Dice], tuple[GameState, Events]] = _nothing_happens
    to_act: Callable[[GameState], str | None] = _nobody  # the side whose unit acts next, if the phase says
    start: Callable[[GameState, Dice], tuple[GameState, Events]] = _nothing_happens  # as the phase begins


# How a phase is called in a message ("the weapon attack phase").
PHASE_NAMES = {Phase.DEPLOYMENT: "deployment", Phase.INITIATIVE: "initiative", Phase.MOVEMENT: "movement",
               Phase.AERO_MOVEMENT: "aerospace movement", Phase.SPACE_MOVEMENT: "space movement",
               Phase.WEAPON: "weapon attack",
               Phase.PHYSICAL: "physical attack", Phase.HEAT: "heat", Phase.END: "end"}

# How each order is named when a phase refuses it, and the rule cited.
ORDER_NAMES = {
    MoveOrder: ("move", "TW p.39 phases"),
    WeaponAttackOrder: ("fire weapons", "TW p.39 phases"),
    PhysicalAttackOrder: ("make a physical attack", "TW p.39 phases"),
    GirderSearchOrder: ("search for a girder", "URB-CLUB-01"),
    ClearJamOrder: ("clear a jam", "VEH-CRIT-23"),
    DeployOrder: ("deploy", "ASSET-DEP-01"),
}


def roll_initiative(state: GameState, dice: Dice) -> tuple[tuple[str, ...], Events]:
    """Rolls 2D6 per side, re-rolling ties; returns the sides lowest first (the loser moves first)."""
    sides = list(state.sides)
    events: Events = []
    while True:
        totals = {sid: dice.roll(2, f"initiative {sid} (turn {state.turn})").total for sid in sides}
        if len(set(totals.values())) == len(totals):
            order = tuple(sorted(sides, key=lambda sid: totals[sid]))
            events.append(InitiativeRolled(tuple(totals.items()), order[0]))
            return order, events
        events.append(InitiativeRolled(tuple(totals.items())))


def _end_initiative(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    """Rolls unknown drop arrivals (DROP-02, on turn 1), then the initiative, and draws the movement
    slots; units heavier than a ground floor fall into its basement as movement begins (URB-BSMT-02)."""
    events: Events = []
    if any(not group.turn for group in state.drops.values()):
        from btcli.rules.drops import dropping as drops

        state, events = drops.roll_arrivals(state, dice)
    order, rolled = roll_initiative(state, dice)
    events += rolled
    slots, asset_slots = turn_order.movement_order(state, order)
    state = evolve(state, initiative=order, move_order=slots, asset_slots=asset_slots)
    from btcli.rules.urban import buildings

    state, more = buildings.basement_falls(state, dice)  # URB-BSMT-02 (AMB-41): as movement begins
    return state, events + more


def _missing_moves(state: GameState) -> tuple[str, str] | None:
    missing = turn_order.missing_movers(state)
    if missing:
        return (f"{', '.join(missing)} {'has' if len(missing) == 1 else 'have'} not moved "
                f"(use 'btcli move GAME UNIT --mode stand' to stand still)", "TW p.39 movement phase")
    if state.drops:
        from btcli.rules.drops import dropping as drops

        waiting = [u.id for u in drops.arriving(state)]
        if waiting:
            return f"{', '.join(waiting)} must still land ('btcli drop GAME UNIT --reveal')", "DROP-05"
    return None


# The attack rules are imported when an attack phase ends, not at the top: every command checks
# its phase here, and a move or a report should not pay for loading the weapon attack rules.


def _end_weapon_phase(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    from btcli.rules.core import phase_end

    state, events = phase_end.end_weapon_phase(state, dice)
    if len(state.maps) > 1:  # a game with aerospace maps: damage may have brought an aircraft down
        state, more = _aero_phases().brought_down(state, dice)
        events += more
    return evolve(state, declarations=()), events


def _end_physical_phase(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    """Resolves the declared physical attacks in order, then the damage to buildings (URB-COLL-03) and
    the PSRs and consciousness rolls the phase forced."""
    from btcli.rules.core import phase_end
    from btcli.rules.ground import physical
    from btcli.rules.urban import building_attacks, buildings

    events: Events = []
    before = dict(state.units)
    for decl in state.declarations:
        if isinstance(decl.target, HexTarget):
            state, more = building_attacks.resolve_physical(state, decl.attacker, decl.target.hex, decl.physical)
        else:
            assert isinstance(decl.target, str)  # a physical attack is declared at a unit or a building hex
            state, more = physical.resolve(state, decl.attacker, decl.target, decl.physical, dice)
        events.extend(more)
    state, more = buildings.apply_structure_hits(state, dice)  # URB-COLL-03: at the phase's end
    events.extend(more)
    state, more = phase_end.after_damage(evolve(state, declarations=(), pending=()), dice, before)
    return state, events + more


def _heat_phase(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    from btcli.rules.core import phase_end

    return phase_end.heat_phase(state, dice)


def _end_turn(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    events: Events = []
    for own_end in kinds.phase_rules(state, "end_phase"):  # ASSET-DMG: the End Phase destruction checks
        state, more = own_end(state, dice)
        events.extend(more)
    if any(u.built.industrial_check for u in state.units.values()):  # EQ-IND-01: an IndustrialMech struck or fallen
        from btcli.rules.core import industrial_check

        state, more = industrial_check.end_phase(state, dice)
        events.extend(more)
    return end_turn(state), events


def _deployment_missing(state: GameState) -> tuple[str, str] | None:
    from btcli.rules.assets import deployment_phase as asset_deployment_phase

    return asset_deployment_phase.missing_deployments(state)


def _end_deployment(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    from btcli.rules.assets import deployment_phase as asset_deployment_phase

    return asset_deployment_phase.end_deployment(state, dice)


def _side_to_deploy(state: GameState) -> str | None:
    from btcli.rules.assets import deployment_phase as asset_deployment_phase

    return asset_deployment_phase.side_to_deploy(state)


GROUND_TURN = (
    PhaseRule(Phase.INITIATIVE, end=_end_initiative),
    PhaseRule(Phase.MOVEMENT, (MoveOrder,), missing=_missing_moves, to_act=turn_order.side_to_move),
    PhaseRule(Phase.WEAPON, (WeaponAttackOrder, GirderSearchOrder, ClearJamOrder), end=_end_weapon_phase),
    PhaseRule(Phase.PHYSICAL, (PhysicalAttackOrder,), end=_end_physical_phase),
    PhaseRule(Phase.HEAT, end=_heat_phase),
    PhaseRule(Phase.END, end=_end_turn),
)


# Turn 0 of a scenario that leaves units to deploy: assets first, in alternating halves (ASSET-DEP).
DEPLOYMENT_TURN = (
    PhaseRule(Phase.DEPLOYMENT, (DeployOrder,), missing=_deployment_missing, end=_end_deployment,
              to_act=_side_to_deploy),
)


def _opening(phase: Phase):
    def start(state: GameState, dice: Dice) -> tuple[GameState, Events]:
        return _aero_phases().begin(state, phase, dice)
    return start


def _end_aero_turn(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    """The End Phase of a game with aerospace maps: the aerospace effects (AMB-54, TURN-07), then the turn ends."""
    state, events = _aero_phases().end_phase(state, dice)
    return end_turn(state), events


def _aero_rule(phase: Phase) -> PhaseRule:
    return PhaseRule(phase, (MoveOrder,), missing=lambda state: _aero_phases().missing(state),
                     end=lambda state, dice: _aero_phases().end_movement(state, dice),
                     to_act=lambda state: _aero_phases().side_to_move(state), start=_opening(phase))


def _aero_phases():
    """``rules.aero_phases``, imported only by a game with aerospace maps (commands are whole processes)."""
    from btcli.rules.aero import phases as aero_phases

    return aero_phases


# TURN-01, TURN-02: the aerospace movement phase after ground movement; in turns 6, 12, ... the space
# movement phase after it. Only games with an aerospace map play these (``aero_phases.in_play``).
AERO_TURN = (*GROUND_TURN[:2], _aero_rule(Phase.AERO_MOVEMENT), *GROUND_TURN[2:5], PhaseRule(Phase.END,
                                                                                              end=_end_aero_turn))
SPACE_TURN = (*AERO_TURN[:3], _aero_rule(Phase.SPACE_MOVEMENT), *AERO_TURN[3:])


def phases_for(turn: int, aero: bool = False) -> tuple[PhaseRule, ...]:
    """Returns the phases of a turn, in order: turn 0 is the deployment (ASSET-DEP); every other turn the
    ground turn, or with ``aero`` (a game with aerospace maps) the turn with its aerospace phases
    (TURN-01, TURN-02)."""
    if turn == 0:
        return DEPLOYMENT_TURN
    if not aero:
        return GROUND_TURN
    return SPACE_TURN if _aero_phases().space_turn(turn) else AERO_TURN


def _phases(state: GameState) -> tuple[PhaseRule, ...]:
    return phases_for(state.turn, len(state.maps) > 1 and _aero_phases().in_play(state))


def current(state: GameState) -> PhaseRule:
    """Returns the rule of the phase the game is in (GameFileError for a phase its turn does not have)."""
    found = next((rule for rule in _phases(state) if rule.phase is state.phase), None)
    if found is None:
        raise GameFileError(f"the game is in the {state.phase.value} phase, which turn {state.turn} of this game "
                            "does not have")
    return found


def check_accepts(state: GameState, kind: type) -> None:
    """Raises unless the game goes on and its current phase accepts orders of this kind."""
    if state.winner:
        from btcli.rules.core import victory

        raise IllegalOrderError(f"the game is over: {victory.describe(state)}", "TW p.39")
    rule = current(state)
    if kind in rule.orders or kind not in ORDER_NAMES:
        return
    verb, rule_id = ORDER_NAMES[kind]
    where = [PHASE_NAMES.get(r.phase, r.phase.value) for r in dict.fromkeys(_phases(state) + GROUND_TURN + DEPLOYMENT_TURN)
             if kind in r.orders]
    raise IllegalOrderError(f"cannot {verb} in the {PHASE_NAMES.get(state.phase, state.phase.value)} phase (only in "
                            f"the {' or '.join(where)} phase)", rule_id)


def resolve(state: GameState, dice: Dice, gravity: tuple[str, ...] = (),
            arrive: tuple[str, ...] = (), stealth: tuple[str, ...] = ()) -> tuple[GameState, Events]:
    """Closes the current phase (refusing if something it needs is missing) and opens the next; ``gravity``
    (``UNIT=HEX``) are the controllers' hexes for this End Phase's gravity pulls (AERO-GRAV-02), ``arrive``
    (``UNIT=HEX[:FACING]``) where units changing maps enter their new one (AMB-56), ``stealth`` (``UNIT=on|off``)
    the End Phase's stealth armor switches (EQ-STEALTH-02)."""
    rule = current(state)
    switched: Events = []
    if stealth:  # EQ-STEALTH-02: only as the End Phase closes, for the next turn
        from btcli.rules.core import stealth as stealth_armor

        state, switched = stealth_armor.switch(state, stealth)
    if gravity:
        state = _aero_phases().choose_gravity(state, gravity)
    if arrive:
        state = _aero_phases().choose_arrival(state, arrive)
    missing = rule.missing(state)
    if missing is not None:
        what, rule_id = missing
        raise IllegalOrderError(f"cannot end the {rule.phase.value} phase: {what}", rule_id)
    phase = state.phase
    state, events = rule.end(state, dice)
    events = switched + events
    from btcli.rules.core import victory  # a phase's end, not every order's phase check (issue #17)
    from btcli.rules.urban import structures

    state = state.with_board(structures.new_phase(state.board))  # URB-COLL-04: the next phase's starting CFs
    # Damage counts toward the 20-point PSR only within its own phase (tables.md 8.6).
    stale = {uid: evolve(u, damage_phase=0) for uid, u in state.units.items() if u.damage_phase}
    if stale:
        state = evolve(state, units={**state.units, **stale})
    state = evolve(state, phase=_next(phase, state))
    events.append(PhaseEnded(phase, state.phase, state.turn))
    state, started = current(state).start(state, dice)
    events += started
    state, over = victory.check(state)
    return state, events + over


def _next(phase: Phase, state: GameState) -> Phase:
    """Returns the phase after ``phase``; the end phase (which advanced the turn) leads into the new turn."""
    sequence = [r.phase for r in _phases(state)]
    if phase in sequence and sequence.index(phase) + 1 < len(sequence):
        return sequence[sequence.index(phase) + 1]
    return sequence[0]


def _kept_twist(unit) -> int:
    """A jammed or locked turret stays where it points (VEH-CRIT-18, 19); torsos and free turrets center."""
    return kinds.of(unit).kept_twist(unit)


def end_turn(state: GameState) -> GameState:
    """Clears this turn's movement records and advances the turn counter (End Phase)."""
    units = {
        uid: (
            u
            if u.mode is MoveMode.NONE and not u.mp_spent and not u.fired and not u.twist
            else evolve(u, mode=MoveMode.NONE, mp_spent=0, hexes_moved=0, fired=(), twist=_kept_twist(u))
        )
        for uid, u in state.units.items()
    }
    masc_users = [u for u in units.values() if u.built.masc_used or u.built.masc_level]
    if masc_users:  # EQ-MASC-03: the MASC level rises after a turn it was used, falls after one it was not
        from btcli.rules.ground import masc

        units.update({u.id: masc.end_turn(u) for u in masc_users})
    return evolve(state, units=units, turn=state.turn + 1, initiative=(), move_order=(), declarations=())
