"""Orders: small immutable values a player gives, one type per action. They know nothing about the
board; checking them is the rules' work, and their logged text is ``btcli.grammar``'s."""


from btcli.errors import InputError
from btcli.model.frozen import Record
from btcli.model.hexgrid import Facing, HexId

MAX_REPEAT = 99  # no unit has more MP than this
AERO_MODES = ("safe", "max")  # an aerospace move's declared thrust (AERO-GEN-02): its steps are aerospace steps
STEP_CODES = {
    "F": "forward", "B": "backward", "T": "forward onto the roof or bridge deck ahead", "L": "turn left",
    "R": "turn right", "U": "stand up", "A": "climb one level (VTOL)", "D": "descend one level (VTOL)",
}


def parse_steps(text: str) -> tuple[str, ...]:
    """Parses a step path such as ``F,F,R,F`` or ``F F R F`` (F/B move, L/R turn one hexside)."""
    steps = []
    for part in text.replace(",", " ").split():
        code = part.strip().upper()
        count = 1
        if len(code) > 1 and code[:-1].isascii() and code[:-1].isdigit():  # "3F" = F,F,F
            if len(code) > 3:
                raise InputError(f"bad step {part!r}: a repeat count is 1-{MAX_REPEAT}")
            count, code = int(code[:-1]), code[-1]
            if not 1 <= count <= MAX_REPEAT:
                raise InputError(f"bad step {part!r}: a repeat count is 1-{MAX_REPEAT}")
        if code not in STEP_CODES:
            raise InputError(
                f"bad step {part!r} in path: use F, B (move), T (onto a roof or bridge deck), L, R (turn), "
                f"U (stand up), A/D (VTOL climb/descend)"
            )
        steps.extend([code] * count)
        if len(steps) > MAX_REPEAT:
            raise InputError(f"path too long: more than {MAX_REPEAT} steps")
    return tuple(steps)


class MoveOrder(Record):
    """Moves one unit: a step path (walk/run/cruise/flank), a jump to a hex, or standing still."""

    unit: str
    mode: str
    steps: tuple[str, ...] = ()
    to: HexId | None = None  # jumps only
    facing: Facing | None = None  # jumps only
    after_slip: str = ""  # "continue": go on with the path after a sideslip (VEH-SLIP-07); default: stop
    batch: int = 0  # an asset's side: the size of its first half of assets this phase (AMB-64); 0: the larger


class WeaponAttackOrder(Record):
    """Fires weapons (by catalog name or alias) at a unit or a building hex, in the weapon attack phase."""

    attacker: str
    target: str
    weapons: tuple[str, ...] = ()
    twist: str = ""  # torso twist or turret turn: "", "left", "right" or a facing
    # An aircraft's air-to-ground attack (issue #14, btcli.rules.aero.air_ground): a strike at the target, a strafe
    # along these hexes of the ground board (no target), or this many bombs dropped on the target's hex.
    strike: bool = False
    strafe: tuple[HexId, ...] = ()
    bombs: int = 0


class PhysicalAttackOrder(Record):
    """Declares one physical attack (punch, kick, charge, dfa, club) at a unit or a building hex."""

    attacker: str
    target: str
    kind: str


class GirderSearchOrder(Record):
    """Searches the rubble a 'Mech stands in for a girder club instead of firing (URB-CLUB-01)."""

    unit: str


class ClearJamOrder(Record):
    """A vehicle crew clears a jammed weapon (or the turret) instead of firing (VEH-CRIT-23)."""

    unit: str
    what: str


class CommitDropOrder(Record):
    """A dropping 'Mech's commitment to a secret landing hex: only the salted hash (DROP-04)."""

    unit: str
    commitment: str


class RevealDropOrder(Record):
    """Reveals a committed landing hex, facing and salt, and makes the landing roll (DROP-05..08)."""

    unit: str
    hex: HexId
    facing: Facing
    salt: str


class AbortDropOrder(Record):
    """Calls a drop off in its arrival turn: the 'Mech leaves the battle (a lost secret, a change of plan)."""

    unit: str


class DeployOrder(Record):
    """Places a unit that waits to deploy, in the deployment phase (ASSET-DEP); ``batch`` as for moves."""

    unit: str
    hex: HexId
    facing: Facing | None = None
    batch: int = 0


class ResolvePhaseOrder(Record):
    """Closes the current phase and opens the next; ``gravity`` gives the controller's hex for a gravity
    pull in a space turn's End Phase, as ``UNIT=HEX`` (AERO-GRAV-02); ``arrive`` the hex (and facing) by
    which a unit changing maps enters its new one, as ``UNIT=HEX`` or ``UNIT=HEX:FACING`` (AMB-56); ``stealth`` switches
    'Mechs' stealth armor in the End Phase, as ``UNIT=on`` or ``UNIT=off`` (EQ-STEALTH-02)."""

    gravity: tuple[str, ...] = ()
    arrive: tuple[str, ...] = ()
    stealth: tuple[str, ...] = ()  # End Phase: ``UNIT=on`` / ``UNIT=off``, a 'Mech's stealth armor (EQ-STEALTH-02)


Order = (MoveOrder | WeaponAttackOrder | PhysicalAttackOrder | GirderSearchOrder | ClearJamOrder | CommitDropOrder
         | RevealDropOrder | AbortDropOrder | DeployOrder | ResolvePhaseOrder)
DropOrders = (CommitDropOrder, RevealDropOrder, AbortDropOrder)


class Preview(Record):
    """What an order would do, rolling nothing and writing nothing (``--dry-run``): its lines, and the
    refusal the order itself would meet when the preview still has something to show (a weapon list
    whose attack as given is refused: the list, then why)."""

    lines: tuple[str, ...]
    refusal: str = ""
    rule: str = ""
