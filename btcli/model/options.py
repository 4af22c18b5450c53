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


class HexAttack(Record):
    """One attack on a building or bridge hex (URB-ATK-01): a weapon's, ``attack UNIT HEX --weapon WEAPON [--twist
    TWIST]``, or a physical attack's, ``attack UNIT HEX --physical ATTACK`` (which always hits, URB-ATK-04)."""

    hex: HexId
    weapon: str = ""  # the weapon fired ("" for a physical attack)
    attack: str = ""  # the physical attack ("" for a weapon)
    to_hit: int | None = None  # None: no to-hit roll (an adjacent attacker's weapon, any physical attack, URB-ATK-04)
    twist: str = ""  # the torso twist or turret direction it needs ("" none)
    location: str = ""  # the arm of a punch, hatchet or sword


class Flight(Record):
    """One flight an aerospace unit may make: ``move UNIT --mode MODE --path PATH`` (AERO-GEN-02)."""

    mode: str
    path: tuple[str, ...]
    thrust: int  # the thrust it spends
    velocity: int  # its velocity this turn
    end: str  # where it ends: ``MAP HEX``
    rolls: int = 0  # the control rolls it calls for
    facing: str = ""  # the facing it ends with
    altitude: int = 0  # the altitude it ends at on a low-altitude map (0: none)
    next_velocity: int = 0  # its velocity next turn
    outcome: str = "moved"  # how it ends: moved, left_map (flies off the edge), transit (leaves for another map)
    over_board: int = 0  # the lowest altitude at which it crosses the ground board's hex (0: it does not)


class GroundAttack(Record):
    """One air-to-ground attack an aircraft may make (btcli.rules.aero.air_ground): ``attack UNIT TARGET
    --weapon W --strike``, ``attack UNIT --weapon W ... --strafe HEX,...`` or ``attack UNIT TARGET --bomb N``."""

    mode: str  # strike, strafe or bomb
    target: str  # a ground unit's id or a building hex ("" for a strafing run)
    weapons: tuple[str, ...] = ()
    hexes: tuple[str, ...] = ()  # a strafing run's hexes, in flight order
    bombs: int = 0
    to_hit: tuple[tuple[str, int], ...] = ()  # each target it attacks (a strafing run: every one in the hexes)


class UnitOptions(Record):
    """What one unit may do: the orders the phase takes from it now and its options of each kind."""

    unit: str
    turn: int
    phase: str
    now: tuple[str, ...] = ()  # the commands the phase takes from it now: move, stand, attack, ...
    waits: str = ""  # why it may not act now, when ``now`` is empty
    moves: tuple[Reach, ...] = ()
    paths: tuple[tuple[str, int], ...] = ()  # ``move --path`` orders of one step it may give: L, R (a VTOL: A, D too), and MP
    stand_up: dict[str, Any] | None = None  # a prone 'Mech's stand-up (``move --path U,...``): its MP and roll
    masc: dict[str, int | bool] | None = None  # EQ-MASC-05
    shots: tuple[Shot, ...] = ()
    blows: tuple[Blow, ...] = ()
    physical_weapons: dict[str, Any] | None = None  # EQ-PHYS-05: the hatchets and swords it carries
    hex_attacks: tuple[HexAttack, ...] = ()  # its weapons' and blows' attacks on building and bridge hexes
    flights: tuple[Flight, ...] = ()
    ground_attacks: tuple[GroundAttack, ...] = ()  # an aircraft's strikes, strafing runs and bombs
    flying: dict[str, Any] | None = None  # an aerospace unit's thrust, velocity and manoeuvres
    card: dict[str, Any] | None = None  # an asset's MP, movement code and attack
    drop: dict[str, Any] | None = None  # a dropping reserve's commitment, landing or abort
