"""BattleMech structure: critical slots and the engine's heat sinks (the locations, their fixed contents
and where damage transfers are the body's: btcli.rules.kinds.mech).

Critical slot layout (TechManual standard biped, from memory; tables.md 12's slot
counts are marked memory too): the head holds life support, sensors and the
cockpit; the center torso a standard fusion engine (6 slots) and the gyro (4);
arms shoulder, upper arm, lower arm and hand actuators; legs hip, upper leg,
lower leg and foot. Weapons and ammunition fill the free slots of their
location in design order; the heat sinks the engine does not hold (it holds
rating / 25 of them, ``engine_heat_sinks``) take one slot each in the first free
torso, leg or arm slot. A scenario may give a unit's layout explicitly
(``slots = { LT = [...], ... }``) to match a record sheet.
"""

from __future__ import annotations

from btcli.errors import GameFileError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.rules.kinds.mech import Body

# TechManual (from memory, UNVERIFIED): an engine holds rating / 25 heat sinks (rounded down) without
# slots; every other heat sink, of the ten free ones too, takes a critical slot. Locust 160: 6 + 4.
ENGINE_RATING_PER_HEAT_SINK = 25

REAR_ARMOR = {"CT": "CTR", "LT": "LTR", "RT": "RTR"}
ACTUATORS = ("shoulder", "upper_arm", "lower_arm", "hand", "hip", "upper_leg", "lower_leg", "foot")


def engine_rating(tons: int, walk: int) -> int:
    """Returns the rating of the engine that gives a 'Mech of ``tons`` its walking MP (TechManual: rating =
    tonnage x walking MP)."""
    return tons * walk


def engine_heat_sinks(rating: int, heat_sinks: int) -> int:
    """Returns how many of the 'Mech's heat sinks its engine holds without critical slots: rating / 25,
    rounded down, at most all of them (TechManual, UNVERIFIED)."""
    return min(heat_sinks, rating // ENGINE_RATING_PER_HEAT_SINK)


def standard_slots(
    weapons: list[tuple[str, str, int]],
    ammo: list[tuple[str, str]],
    heat_sinks: int,
    rating: int,
    actuators: dict[str, list[str]] | None,
    body: Body,
) -> dict[str, tuple[str, ...]]:
    """Returns the critical slot layout of a standard 'Mech of ``body``'s shape.

    ``weapons`` are (weapon name, location, critical slots) in design order, ``ammo`` (weapon
    name, location) bins; ``rating`` is the engine's, which holds some of the heat sinks
    (``engine_heat_sinks``); ``actuators`` overrides an arm's actuators (the Locust has no
    lower arms or hands).
    """
    layout = {}
    for loc, count in body.slot_count.items():
        fixed = [a for a in body.fixed[loc] if loc not in (actuators or {}) or a not in ACTUATORS or a in actuators[loc]]
        layout[loc] = fixed + [""] * (count - len(fixed))

    def place(loc: str, item: str) -> bool:
        if "" not in layout[loc]:
            return False
        layout[loc][layout[loc].index("")] = item
        return True

    for name, loc, slots in weapons:
        for _ in range(slots):
            if not place(loc, f"weapon:{name}"):
                raise GameFileError(f"the 'Mech's {name} does not fit in the critical slots of {loc}")
    for name, loc in ammo:
        if not place(loc, f"ammo:{name}"):
            raise GameFileError(f"the 'Mech's {name} ammunition does not fit in the critical slots of {loc}")
    for _ in range(heat_sinks - engine_heat_sinks(rating, heat_sinks)):
        if not any(place(loc, "heat_sink") for loc in body.heat_sink_order):
            raise GameFileError("the 'Mech's heat sinks do not fit in its critical slots")
    return {loc: tuple(items) for loc, items in layout.items()}


def armor_key(location: str, rear: bool) -> str:
    """Returns the armor location a hit strikes: the rear torso armor for rear attacks."""
    return REAR_ARMOR.get(location, location) if rear else location
