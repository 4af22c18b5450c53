"""Four-legged 'Mechs (issue #30 item 7): a quad is a 'Mech whose body has four legs and no arms.

Every rule here is MegaMek's ``QuadMech`` (MegaMek/megamek as forked by Akjosch/megamek at f0b2b01, the
corpus's commit; ``QuadMek`` in today's MegaMek) read against Total Warfare; the rule IDs QUAD-nn are
btcli's (docs/rules-notes.md, "Quad 'Mechs"), each cited by the test that checks it.

- QUAD-01 locations: head, three torsos and four legs, FLL FRL RLL RRL (the .mtf's names), each leg with
  6 critical slots holding hip, upper and lower leg and foot actuators; all four legs take the leg column
  of the internal structure table (QuadMech.setInternal).
- QUAD-02 hit location: the 'Mech table with arm results on the front legs and leg results on the rear legs
  (QuadMech.rollHitLocation falls back to Mech.rollHitLocation, whose arm and leg locations are a quad's
  front and rear legs); the punch and kick tables have their own rows by direction (QuadMech.rollHitLocation,
  HIT_PUNCH, HIT_KICK).
- QUAD-03 damage transfer: a front or rear leg's excess damage goes to the side torso on its side
  (Mech.getTransferLocation); a side torso destroyed takes the front leg on its side with it, MegaMek's
  dependent location (Mech.getDependentLocation: LT -> LARM, a quad's front left leg). UNVERIFIED in TW.
- QUAD-04 no arms: a quad may not punch, club or push (PunchAttackAction, ClubAttackAction,
  PushAttackAction: "Attacker is a quad"); it kicks with a front leg, all four legs and hips working
  (KickAttackAction). Mule kicks (a rear leg, +1) are not played.
- QUAD-05 no torso twist (QuadMech.canChangeSecondaryFacing: only with the extended-twist quirk); every leg's
  weapons fire into the front arc (QuadMech.getWeaponArc), a rear-mounted one into the rear.
- QUAD-06 piloting: -2 while no leg is destroyed; +2 for each working leg's hip hit (its other actuators
  then count nothing), +1 for each upper leg, lower leg or foot actuator hit; one leg destroyed: no
  modifier; two: +5 once; three or four: the roll fails (+5 a leg; QuadMech.addEntityBonuses,
  Entity.getBasePilotingRoll). A leg destroyed is an automatic fall, as a biped's (Mech.destroyLocation).
- QUAD-07 leg damage: one leg destroyed costs 1 walking MP, two leave 1 and no running, three or more none;
  then, while MP remain, each hip hit halves walking MP (rounding up; all four hips: none, UNVERIFIED) and
  each actuator hit of a standing leg without a hip hit costs 1 (QuadMech.getWalkMP, getRunMP).
- QUAD-08 standing up needs no roll while no leg is destroyed (QuadMech.needsRollToStand).
- QUAD-09 firing while prone: no modifier while no leg is destroyed and no hip is hit (Compute.getProneMods);
  otherwise the +2 of any prone 'Mech (its finer limits, a front leg propping, are not played, as a biped's
  arm propping is not).
"""

from __future__ import annotations

from btcli.model.units import Unit
from btcli.rules.kinds.mech import ATTACKER_PRONE, LEG_FIXED, THREE_COLUMNS, Body, Table

FRONT_LEGS, REAR_LEGS = ("FLL", "FRL"), ("RLL", "RRL")

# QUAD-02: Mech.rollHitLocation with a quad's legs for the biped's arms (LA FLL, RA FRL) and legs (LL RLL,
# RL RRL): 2D6 -> (left, front/rear, right); a 2 is a through-armor critical.
HIT: Table = {
    2: ("LT", "CT", "RT"),
    3: ("RLL", "FRL", "RRL"),
    4: ("FLL", "FRL", "FRL"),
    5: ("FLL", "RRL", "FRL"),
    6: ("RLL", "RT", "RRL"),
    7: ("LT", "CT", "RT"),
    8: ("CT", "LT", "CT"),
    9: ("RT", "RLL", "LT"),
    10: ("FRL", "FLL", "FLL"),
    11: ("RRL", "FLL", "RLL"),
    12: ("HD", "HD", "HD"),
}
FOUR_COLUMNS = {"left": 0, "front": 1, "rear": 2, "right": 3}
# QUAD-02: QuadMech.rollHitLocation, HIT_PUNCH: 1D6 -> (left, front, rear, right).
PUNCH: Table = {
    1: ("LT", "FLL", "RLL", "RT"),
    2: ("LT", "LT", "LT", "RT"),
    3: ("CT", "CT", "CT", "CT"),
    4: ("FLL", "RT", "RT", "FRL"),
    5: ("RLL", "FRL", "RRL", "RRL"),
    6: ("HD", "HD", "HD", "HD"),
}
# QUAD-02: QuadMech.rollHitLocation, HIT_KICK: 1-3 and 4-6 -> (left, front, rear, right).
_KICK_LOW, _KICK_HIGH = ("RLL", "FLL", "RLL", "FRL"), ("FLL", "FRL", "RRL", "RRL")
KICK: Table = {roll: _KICK_LOW if roll <= 3 else _KICK_HIGH for roll in range(1, 7)}


def leg_walk(unit: Unit, body: Body) -> tuple[int, bool]:
    """QUAD-07: walking MP after leg damage (QuadMech.getWalkMP) and whether it may still run (QuadMech.getRunMP:
    not with two legs gone)."""
    lost = body.legs_gone(unit)
    walk = unit.walk
    if lost:
        walk = walk - 1 if lost == 1 else (min(walk, 1) if lost == 2 else 0)
    if walk > 0:
        hips, actuators = _working_leg_hits(unit, body)
        for _ in range(hips):
            walk = (walk + 1) // 2
        if hips == 4:  # all four hips gone: none (TW as read by MegaMek's web tools; MegaMek halves on. UNVERIFIED)
            walk = 0
        walk -= actuators
    return max(0, walk), lost < 2


def _working_leg_hits(unit: Unit, body: Body) -> tuple[int, int]:
    """(hip hits, actuator hits) over the legs still standing; a leg whose hip is hit counts no actuator
    (QuadMech.getWalkMP and addEntityBonuses, without TacOps leg damage)."""
    hips = actuators = 0
    for loc in body.legs:
        if unit.internal.get(loc, 1) <= 0:
            continue
        contents = unit.built.slots.get(loc, ())
        hit = {contents[i] for i in unit.slot_hits(loc)} if contents else set()
        if "hip" in hit:
            hips += 1
            continue
        actuators += sum(1 for i in unit.slot_hits(loc) if contents[i] in ("upper_leg", "lower_leg", "foot"))
    return hips, actuators


def pilot_modifiers(unit: Unit, body: Body, actuators: int, hips: int, gyro_hits: int,
                    legs_gone: int) -> list[tuple[str, int]]:
    """QUAD-06: the standing PSR modifiers of a quad's legs and gyro."""
    from btcli.rules.ground import piloting

    working_hips, working_actuators = _working_leg_hits(unit, body)
    rows = [("four legs", -2 if legs_gone == 0 else 0),
            ("leg/foot actuator destroyed", piloting.ACTUATOR_MODIFIER * working_actuators),
            ("hip actuator destroyed", piloting.HIP_MODIFIER * working_hips),
            ("gyro hit", piloting.GYRO_HIT_MODIFIER * gyro_hits),
            (f"{legs_gone} legs destroyed", 0 if legs_gone < 2 else 5 if legs_gone == 2 else 5 * legs_gone)]
    return [(reason, value) for reason, value in rows if value != 0]


def stand_roll(unit: Unit, body: Body) -> bool:
    """QUAD-08: standing up takes a PSR only once a leg is gone."""
    return body.legs_gone(unit) > 0


def prone_fire(unit: Unit, body: Body) -> list[tuple[str, int]]:
    """QUAD-09: a prone quad on four legs with no hip hit fires as if standing."""
    hips, _ = _working_leg_hits(unit, body)
    if body.legs_gone(unit) == 0 and hips == 0:
        return []
    return [("attacker prone", ATTACKER_PRONE)]


BODY = Body(
    name="quad",
    slot_count={"HD": 6, "CT": 12, "LT": 12, "RT": 12, "FLL": 6, "FRL": 6, "RLL": 6, "RRL": 6},
    fixed={
        "HD": ("life_support", "sensors", "cockpit", "", "sensors", "life_support"),
        "CT": ("engine",) * 3 + ("gyro",) * 4 + ("engine",) * 3,
        "LT": (), "RT": (),
        "FLL": LEG_FIXED, "FRL": LEG_FIXED, "RLL": LEG_FIXED, "RRL": LEG_FIXED,
    },
    heat_sink_order=("LT", "RT", "RLL", "RRL", "FLL", "FRL", "CT", "HD"),
    transfer={"FLL": "LT", "FRL": "RT", "RLL": "LT", "RRL": "RT", "LT": "CT", "RT": "CT"},  # QUAD-03
    torso_limb={"LT": "FLL", "RT": "FRL"},  # QUAD-03 (MegaMek; UNVERIFIED in TW)
    arms=(),  # QUAD-04
    legs=("FLL", "FRL", "RLL", "RRL"),
    kicking_legs=("RLL", "RRL", "FLL", "FRL"),  # QUAD-04: all four must work; the kick is the front right's
    limb_arcs={},  # QUAD-05: every leg fires forward
    twists=False,  # QUAD-05
    hit_table=HIT,
    punch_table=PUNCH,
    kick_table=KICK,
    columns={"hit": THREE_COLUMNS, "punch": FOUR_COLUMNS, "kick": FOUR_COLUMNS},
    leg_damage_walk=leg_walk,
    pilot_modifiers=pilot_modifiers,
    stand_roll=stand_roll,
    prone_fire=prone_fire,
    tsm_legs_lost=1,  # EQ-TSM-01: MegaMek @f0b2b01 QuadMech.java:165 (legsDestroyed < 2)
)
