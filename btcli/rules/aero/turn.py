"""The aerospace part of the turn: movement phases, subphases, the space turn, map changes.

Sources: seed 001 "移動サブフェイズ", "ターンの順番" (catalog TURN-01..07), readings
AMB-18 (support vehicles move with small craft), AMB-54 (End-Phase effects on
the space map once per space turn), AMB-55 (the space phase has the same
subphases; space-map units attack only in space turns), AMB-56 (when and where
a unit changes maps).

Phase names here are plain strings for the game's phase table to insert after
ground movement; ``turn_sequence`` shows the whole turn the seed lists.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum

from btcli.model.aero import AeroClass, MapKind

SPACE_TURN_CADENCE = 6  # TURN-03: one space turn (1 minute) per 6 atmospheric turns (10 s)

INITIATIVE, MOVEMENT, WEAPON_ATTACK, PHYSICAL_ATTACK, HEAT, END = (
    "initiative", "movement", "weapon_attack", "physical_attack", "heat", "end")
AERO_MOVEMENT = "aero_movement"  # TURN-01: after the ground movement phase
SPACE_MOVEMENT = "space_movement"  # TURN-02: after the aerospace movement phase of turns 6, 12, ...


class Subphase(str, Enum):
    """The subphases of an aerospace movement phase, in order (TURN-04)."""

    DROPSHIP = "dropship"
    SMALL_CRAFT = "small_craft"
    FIGHTER = "fighter"


SUBPHASES = tuple(Subphase)

# TURN-06, AMB-18: fixed-wing and airship support vehicles move with the small craft.
SUBPHASE_OF = {
    AeroClass.DROPSHIP: Subphase.DROPSHIP,
    AeroClass.SMALL_CRAFT: Subphase.SMALL_CRAFT,
    AeroClass.FIXED_WING: Subphase.SMALL_CRAFT,
    AeroClass.AIRSHIP: Subphase.SMALL_CRAFT,
    AeroClass.AEROSPACE_FIGHTER: Subphase.FIGHTER,
    AeroClass.CONVENTIONAL_FIGHTER: Subphase.FIGHTER,
}

Alternation = Callable[[dict[str, int], tuple[str, ...]], tuple[str, ...]]


def is_space_turn(turn: int, cadence: int = SPACE_TURN_CADENCE) -> bool:
    """Tells whether the turn ends a space turn: 6, 12, 18, ... (TURN-02, TURN-03)."""
    return turn >= 1 and turn % cadence == 0


def aero_phases(turn: int, cadence: int = SPACE_TURN_CADENCE) -> tuple[str, ...]:
    """Returns the aerospace phases to insert after ground movement in ``turn`` (TURN-01, TURN-02)."""
    return (AERO_MOVEMENT, SPACE_MOVEMENT) if is_space_turn(turn, cadence) else (AERO_MOVEMENT,)


def turn_sequence(turn: int, cadence: int = SPACE_TURN_CADENCE) -> tuple[str, ...]:
    """Returns every phase of ``turn`` as seed 001 lists them (TURN-01, TURN-02)."""
    return (INITIATIVE, MOVEMENT, *aero_phases(turn, cadence), WEAPON_ATTACK, PHYSICAL_ATTACK, HEAT, END)


def subphase(aero_class: AeroClass) -> Subphase:
    """Returns the subphase a unit class moves in (TURN-05, TURN-06; AMB-18)."""
    return SUBPHASE_OF[aero_class]


def movement_phase(map_kind: MapKind) -> str:
    """Returns the phase units on this kind of map move in: the space map only in the space phase (TURN-02)."""
    return SPACE_MOVEMENT if map_kind is MapKind.SPACE else AERO_MOVEMENT


def movement_slots(
    units: Iterable[tuple[str, AeroClass]], order: tuple[str, ...], alternate: Alternation
) -> tuple[tuple[Subphase, str], ...]:
    """Returns (subphase, side) for every movement slot of one aerospace movement phase (TURN-04, 05).

    ``units`` are the (side, class) of the units that move in this phase;
    ``order`` is the initiative order, loser first. Subphases run DropShips,
    small craft, fighters; inside each the sides alternate by ``alternate``, the
    game's unequal-numbers rule (``btcli.rules.core.phases.movement_slots``), which
    is passed in so that this module does not depend on the game state.
    """
    counts: dict[Subphase, dict[str, int]] = {sp: {} for sp in SUBPHASES}
    for side, aero_class in units:
        per_side = counts[subphase(aero_class)]
        per_side[side] = per_side.get(side, 0) + 1
    return tuple((sp, side) for sp in SUBPHASES if counts[sp] for side in alternate(counts[sp], order))


def arrival(turn_left: int, destination: MapKind, cadence: int = SPACE_TURN_CADENCE) -> tuple[int, str]:
    """Returns the (turn, phase) a unit that left its map in ``turn_left`` enters ``destination`` (TURN-07, AMB-56).

    It is removed at the end of ``turn_left`` and enters at the next movement
    phase of its new map: the next aerospace movement phase for the low-altitude
    map, the next space movement phase for the space map.
    """
    turn = turn_left + 1
    if destination is MapKind.SPACE:
        while not is_space_turn(turn, cadence):
            turn += 1
    return turn, movement_phase(destination)


def space_end_phase_due(turn: int, cadence: int = SPACE_TURN_CADENCE) -> bool:
    """Tells whether the End Phase of ``turn`` applies drag, gravity and over-speed on the space map (AMB-54)."""
    return is_space_turn(turn, cadence)


def space_attacks_due(turn: int, cadence: int = SPACE_TURN_CADENCE, every_turn: bool = False) -> bool:
    """Tells whether units on the space map attack in ``turn``: space turns only, or every turn if chosen (AMB-55)."""
    return every_turn or is_space_turn(turn, cadence)
