"""The 'Mech kind's bodies (issue #30): what differs between a two-legged and a four-legged 'Mech is
data, one ``Body`` each, so the shared rules ask the body (which locations are arms and legs, where
damage transfers, which table a hit is rolled on, whether the torso twists) and never test the shape.

A body is chosen by the unit's motive (``Motive.BIPED``, ``Motive.QUAD``); a new shape is a new module
holding a ``BODY`` and one line in ``_BODY_MODULES``. The biped's tables are Total Warfare's as tables.md
8.1-8.2 prints them; the quad's are in btcli.rules.kinds.quad.
"""

from __future__ import annotations

from btcli.model.frozen import Record
from btcli.model.units import Motive, MoveMode, Unit
from btcli.rules.ground.heat import heat_mp_penalty
from btcli.rules.ground import masc, myomer_jets
from btcli.rules.kinds.mobility import Mobility, climbing

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from collections.abc import Callable

Table = dict[int, tuple[str, ...]]  # roll -> the location in each column (``Body.columns``)


class Body(Record, slots=False):
    """A 'Mech's shape: its locations, how damage moves between them, and its hit tables."""

    name: str
    slot_count: dict[str, int]  # critical slots by location, in record-sheet order
    fixed: dict[str, tuple[str, ...]]  # what a standard design holds in each location before its equipment
    heat_sink_order: tuple[str, ...]  # where heat sinks the engine does not hold go, first free slot first
    transfer: dict[str, str]  # where damage moves when a location's internal structure is gone
    torso_limb: dict[str, str]  # the limb a side torso takes with it when destroyed
    arms: tuple[str, ...]  # locations that punch, swing clubs and carry arm actuators
    legs: tuple[str, ...]  # locations that stand, walk and kick
    kicking_legs: tuple[str, ...]  # the legs a kick is made with (all of them must work)
    limb_arcs: dict[str, str]  # a limb's weapons fire into this arc (others: the front, or the rear if rear-mounted)
    twists: bool  # may turn its torso (TW: a quad may not)
    hit_table: Table  # 2D6 hit location (a 2: through-armor critical)
    punch_table: Table  # 1D6
    kick_table: Table  # 1D6
    columns: dict[str, dict[str, int]]  # by table, the column each attack direction reads
    # Walking MP after leg damage and whether it may still run: (unit, body) -> (MP, may run).
    leg_damage_walk: Callable[[Unit, Body], tuple[int, bool]]
    # The standing PSR modifiers of leg and gyro damage: (unit, body, actuators, hips, gyro hits, legs gone).
    pilot_modifiers: Callable[[Unit, Body, int, int, int, int], list[tuple[str, int]]]
    # Whether standing up takes a PSR (tables.md 8.6); (unit, body) -> bool.
    stand_roll: Callable[[Unit, Body], bool]
    # The to-hit modifiers of firing while prone (tables.md 6.5); (unit, body) -> modifiers.
    prone_fire: Callable[[Unit, Body], list[tuple[str, int]]]
    # The legs it may have lost and still gain TSM's walking MP (EQ-TSM-01: a biped none, a quad one).
    tsm_legs_lost: int = 0

    def internal(self, ct: int, side_torso: int, arm: int, leg: int) -> dict[str, int]:
        """The internal structure points of each location from a tonnage's row (tables.md 8.5)."""
        points = {"HD": 3, "CT": ct, "LT": side_torso, "RT": side_torso}
        points.update({loc: arm for loc in self.arms})
        points.update({loc: leg for loc in self.legs})
        return points

    def legs_gone(self, unit: Unit) -> int:
        return sum(1 for loc in self.legs if unit.internal.get(loc, 1) <= 0)

    def leg_hits(self, unit: Unit) -> tuple[int, int]:
        """(actuator hits, hip hits) across the legs: the upper and lower leg and foot actuators, the hips."""
        actuators = hips = 0
        for loc in self.legs:
            contents = unit.built.slots.get(loc, ())
            for i in unit.slot_hits(loc):
                hips += contents[i] == "hip"
                actuators += contents[i] in LEG_ACTUATORS
        return actuators, hips

    def location(self, table: str, roll: int, side: str) -> str:
        """The location a roll on one of the body's tables strikes: "hit" (2D6), "punch" or "kick" (1D6)."""
        rows = {"hit": self.hit_table, "punch": self.punch_table, "kick": self.kick_table}[table]
        columns = self.columns[table]
        if side not in columns:
            raise ValueError(f"unknown attack side {side!r} (use one of {', '.join(columns)})")
        low, high, what = (2, 12, "2D6 hit location") if table == "hit" else (1, 6, f"1D6 {table} location")
        if not low <= roll <= high:
            raise ValueError(f"{what} roll {roll!r} out of range {low}..{high}")
        return rows[roll][columns[side]]


ATTACKER_PRONE = 2  # tables.md 6.5: firing while prone
MECH_HEIGHT = 2  # AMB-45: the standard 'Mech height in levels
THREE_COLUMNS = {"front": 1, "rear": 1, "left": 0, "right": 2}  # left, front/rear, right (tables.md 0)


# tables.md 8.1 (MM Mek.innerRollHitLocation): 2D6 -> (left, front/rear, right).
MECH_HIT: Table = {
    2: ("LT", "CT", "RT"),
    3: ("LL", "RA", "RL"),
    4: ("LA", "RA", "RA"),
    5: ("LA", "RL", "RA"),
    6: ("LL", "RT", "RL"),
    7: ("LT", "CT", "RT"),
    8: ("CT", "LT", "CT"),
    9: ("RT", "LL", "LT"),
    10: ("RA", "LA", "LA"),
    11: ("RL", "LA", "LL"),
    12: ("HD", "HD", "HD"),
}

# tables.md 8.2 punch table: 1D6 -> (left, front/rear, right).
PUNCH: Table = {
    1: ("LT", "LA", "RT"),
    2: ("LT", "LT", "RT"),
    3: ("CT", "CT", "CT"),
    4: ("LA", "RT", "RA"),
    5: ("LA", "RA", "RA"),
    6: ("HD", "HD", "HD"),
}

# tables.md 8.2 kick table: 1D6 -> (left, front/rear, right); rows 1-3 and 4-6 printed merged.
KICK: Table = {
    1: ("LL", "RL", "RL"),
    2: ("LL", "RL", "RL"),
    3: ("LL", "RL", "RL"),
    4: ("LL", "LL", "RL"),
    5: ("LL", "LL", "RL"),
    6: ("LL", "LL", "RL"),
}

LEG_ACTUATORS = ("upper_leg", "lower_leg", "foot")
ARM_ACTUATORS = ("shoulder", "upper_arm", "lower_arm", "hand")
LEG_FIXED = ("hip", "upper_leg", "lower_leg", "foot")


def biped_leg_walk(unit: Unit, body: Body) -> tuple[int, bool]:
    """A biped's walking MP after leg damage and whether it may still run (TW, from memory; UNVERIFIED:
    tables.md has no leg-damage MP table): each hip hit halves walking MP (round up), both hips leave none;
    each upper leg, lower leg or foot actuator hit costs 1; a leg lost leaves 1 MP and no running (two legs
    lost, none)."""
    legs_lost = body.legs_gone(unit)
    if legs_lost:
        return (1 if legs_lost == 1 else 0), False
    if not unit.crits:
        return unit.walk, True
    actuators, hips = body.leg_hits(unit)
    walk = unit.walk
    for _ in range(hips):
        walk = (walk + 1) // 2
    if hips >= 2:
        walk = 0
    return max(0, walk - actuators), True


def always(unit: Unit, body: Body) -> bool:
    return True


def prone_modifier(unit: Unit, body: Body) -> list[tuple[str, int]]:
    return [("attacker prone", ATTACKER_PRONE)]


def biped_pilot_modifiers(unit: Unit, body: Body, actuators: int, hips: int, gyro_hits: int,
                          legs_gone: int) -> list[tuple[str, int]]:
    from btcli.rules.ground import piloting

    return piloting.preexisting_modifiers(actuators, hips, gyro_hits, legs_gone)


BIPED = Body(
    name="biped",
    slot_count={"HD": 6, "CT": 12, "LT": 12, "RT": 12, "LA": 12, "RA": 12, "LL": 6, "RL": 6},
    fixed={
        "HD": ("life_support", "sensors", "cockpit", "", "sensors", "life_support"),
        "CT": ("engine",) * 3 + ("gyro",) * 4 + ("engine",) * 3,
        "LT": (), "RT": (),
        "LA": ARM_ACTUATORS, "RA": ARM_ACTUATORS,
        "LL": LEG_FIXED, "RL": LEG_FIXED,
    },
    heat_sink_order=("LT", "RT", "LL", "RL", "LA", "RA", "CT", "HD"),
    transfer={"LA": "LT", "RA": "RT", "LL": "LT", "RL": "RT", "LT": "CT", "RT": "CT"},  # tables.md 8.1 note
    torso_limb={"LT": "LA", "RT": "RA"},
    arms=("LA", "RA"),
    legs=("LL", "RL"),
    kicking_legs=("LL", "RL"),
    limb_arcs={"LA": "left_arm", "RA": "right_arm"},
    twists=True,
    hit_table=MECH_HIT,
    punch_table=PUNCH,
    kick_table=KICK,
    columns={"hit": THREE_COLUMNS, "punch": THREE_COLUMNS, "kick": THREE_COLUMNS},
    leg_damage_walk=biped_leg_walk,
    pilot_modifiers=biped_pilot_modifiers,
    stand_roll=always,
    prone_fire=prone_modifier,
)

# Each 'Mech shape's module and the motive that names it; the module holds ``BODY`` (imported when a
# game first has such a 'Mech).
_BODY_MODULES = {Motive.QUAD: "btcli.rules.kinds.quad"}
_BODIES: dict[Motive, Body] = {Motive.BIPED: BIPED}


def body(unit: Unit) -> Body:
    """The body of a 'Mech (any other unit: the biped's, which its rules never ask)."""
    return body_of(unit.motive)


def body_of(motive: Motive) -> Body:
    """The 'Mech body a motive names (any other motive: the biped's)."""
    found = _BODIES.get(motive)
    if found is None:
        name = _BODY_MODULES.get(motive)
        if name is None:
            return BIPED
        import importlib

        found = _BODIES[motive] = importlib.import_module(name).BODY
    return found


MECH_MOTIVES = (Motive.BIPED, *_BODY_MODULES)  # the shapes a 'Mech may have


# -- moving ------------------------------------------------------------------------------------------


def leg_damage_walk(unit: Unit) -> tuple[int, bool]:
    """Returns a 'Mech's walking MP after leg damage and whether it may still run, as its body counts them."""
    shape = body(unit)
    return shape.leg_damage_walk(unit, shape)


def walking_mp(unit: Unit) -> int:
    """Returns walking MP now: leg damage and heat take some away (tables.md 15); Triple-Strength Myomer adds
    2 at heat 9+ (EQ-TSM-01)."""
    walk, _ = leg_damage_walk(unit)
    walk = max(0, walk - heat_mp_penalty(unit.built.heat))
    if unit.built.heat >= myomer_jets.TSM_HEAT:
        shape = body(unit)
        walk += myomer_jets.tsm_walking_bonus(unit, shape.legs_gone(unit), shape.tsm_legs_lost)
    return walk


def running_mp(unit: Unit) -> int:
    """Returns running MP now: ceil(1.5 x walking MP) for a damaged or hot 'Mech; none without a leg; with
    MASC engaged, twice walking MP (EQ-MASC-01)."""
    if unit.mech is not None and unit.mech.masc_used and masc.has_masc(unit):
        walk, can_run = leg_damage_walk(unit)
        return walking_mp(unit) if not can_run else masc.masc_running_mp(walking_mp(unit))
    return running_mp_without_masc(unit)


def running_mp_without_masc(unit: Unit) -> int:
    """Returns running MP without MASC (MegaMek's getRunMPwithoutMASC)."""
    if unit.built.heat or unit.crits or body(unit).legs_gone(unit):
        walk, can_run = leg_damage_walk(unit)
        if not can_run:
            return walking_mp(unit)
        if walk == unit.walk and not unit.built.heat:
            return unit.run
        return -(-walking_mp(unit) * 3 // 2)
    return unit.run


def modes(unit: Unit) -> tuple[MoveMode, ...]:
    return MoveMode.STAND, MoveMode.WALK, MoveMode.RUN, MoveMode.JUMP


# A 'Mech changes at most 2 levels a hex, 1 MP a level (tables.md 11.1); stands up; climbs onto roofs
# (URB-BLD-11); stands 2 levels tall under a bridge (AMB-45); never runs into deep water (tables.md 11.1).
MOBILITY = Mobility(
    noun="'Mech", modes=modes, aliases={"cruise": "walk", "flank": "run"}, slow=MoveMode.WALK,
    fast=MoveMode.RUN, walking_mp=walking_mp, running_mp=running_mp, level_change=climbing(1, "'Mech"),
    mp_rule="tables.md 11.1", backward_rule="tables.md 11.1", stands_up=True, climbs_roofs=True,
    bridge_height=MECH_HEIGHT, runs_into_water=False,
)


def mobility(unit: Unit) -> Mobility:
    return MOBILITY  # a quad moves as a biped does; its body counts its legs' MP


# core, aero: what a weapon phase asks of a 'Mech (issue #30)


def searches_for_girder(unit: Unit, turn: int) -> bool:
    """Tells whether the 'Mech spent ``turn``'s weapon phase searching rubble for a girder (URB-CLUB-01)."""
    return unit.mech is not None and unit.mech.girder_search == turn
