"""What a unit may do (``btcli options``, issue #33): each option a small value naming the order that carries it
out. btcli.rules.core.options finds them by the orders' own checks; btcli.render.options prints them."""

from __future__ import annotations

from btcli.model.frozen import Record
from btcli.model.hexgrid import HexId

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from typing import Any


class Reach(Record):
    """The hexes one movement mode reaches: ``move --mode MODE --to HEX`` (a jump's ``--mode jump --to HEX``),
    each with the MP the move spends."""

    mode: str
    hexes: tuple[tuple[HexId, int], ...] = ()


class Shot(Record):
    """One weapon's shot at one target: ``attack UNIT TARGET --weapon WEAPON [--twist TWIST]``."""

    target: str
    weapon: str
    to_hit: int
    twist: str = ""  # the torso twist or turret direction it needs ("" none: fires as the unit stands)
    modes: tuple[str, ...] = ()  # the modes it may fire in, when more than one (EQ-STATE-01)
    c3_spotter: str = ""  # the C3 spotter whose range the shot uses (EQ-C3-08)


class Blow(Record):
    """One physical attack: ``attack UNIT TARGET --physical ATTACK``."""

    target: str
    attack: str
    to_hit: int
    location: str = ""  # the arm of a punch, hatchet or sword


class Flight(Record):
    """One flight an aerospace unit may make: ``move UNIT --mode MODE --path PATH`` (AERO-GEN-02)."""

    mode: str
    path: tuple[str, ...]
    thrust: int  # the thrust it spends
    velocity: int  # its velocity this turn
    end: str  # where it ends: ``MAP HEX``
    rolls: int = 0  # the control rolls it calls for


class UnitOptions(Record):
    """What one unit may do: the orders the phase takes from it now and its options of each kind."""

    unit: str
    turn: int
    phase: str
    now: tuple[str, ...] = ()  # the commands the phase takes from it now: move, stand, attack, ...
    waits: str = ""  # why it may not act now, when ``now`` is empty
    moves: tuple[Reach, ...] = ()
    paths: tuple[tuple[str, int], ...] = ()  # ``move --path`` orders of one step it may give: a VTOL's A, D (and MP)
    stand_up: dict[str, Any] | None = None  # a prone 'Mech's stand-up (``move --path U,...``): its MP and roll
    masc: dict[str, int | bool] | None = None  # EQ-MASC-05
    shots: tuple[Shot, ...] = ()
    blows: tuple[Blow, ...] = ()
    physical_weapons: dict[str, Any] | None = None  # EQ-PHYS-05: the hatchets and swords it carries
    flights: tuple[Flight, ...] = ()
    flying: dict[str, Any] | None = None  # an aerospace unit's thrust, velocity and manoeuvres
    card: dict[str, Any] | None = None  # an asset's MP, movement code and attack
    drop: dict[str, Any] | None = None  # a dropping reserve's commitment, landing or abort
