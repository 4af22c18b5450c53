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

# An engine holds rating / 25 heat sinks (rounded down) without slots, of any type (EQ-HS-03: MegaMek @f0b2b01
# Engine.java:430 integralHeatSinkCapacity, engineRating / 25 unless compact heat sinks); every other heat
# sink, of the ten free ones too, takes critical slots. Locust 160: 6 + 4.
ENGINE_RATING_PER_HEAT_SINK = 25

REAR_ARMOR = {"CT": "CTR", "LT": "LTR", "RT": "RTR"}
ACTUATORS = ("shoulder", "upper_arm", "lower_arm", "hand", "hip", "upper_leg", "lower_leg", "foot")


def engine_rating(tons: int, walk: int) -> int:
    """Returns the rating of the engine that gives a 'Mech of ``tons`` its walking MP (TechManual: rating =
    tonnage x walking MP)."""
    return tons * walk


def engine_heat_sinks(rating: int, heat_sinks: int) -> int:
    """Returns how many of the 'Mech's heat sinks its engine holds without critical slots: rating / 25,
    rounded down, at most all of them (EQ-HS-03; MegaMek @f0b2b01 Engine.java:430)."""
    return min(heat_sinks, rating // ENGINE_RATING_PER_HEAT_SINK)


# Slots a spread item fills (equipment.md E3, MiscType @f0b2b01 getNumCriticalSlots): Endo Steel and
# Ferro-Fibrous, Inner Sphere 14, Clan 7; light Ferro-Fibrous 7, heavy 21 (EQ-STR-01).
SPREAD_SLOTS = {"endo_steel": 14, "clan_endo_steel": 7, "ferro_fibrous": 14, "clan_ferro_fibrous": 7,
                "light_ferro_fibrous": 7, "heavy_ferro_fibrous": 21}


def standard_slots(
    weapons: list[tuple[str, str, int]],
    ammo: list[tuple[str, str]],
    heat_sinks: int,
    rating: int,
    actuators: dict[str, list[str]] | None,
    body: Body,
    engine_type: str = "standard",
    sink_slots: int = 1,
    spread: tuple[str, ...] = (),
) -> dict[str, tuple[str, ...]]:
    """Returns the critical slot layout of a standard 'Mech of ``body``'s shape.

    ``weapons`` are (weapon name, location, critical slots) in design order, ``ammo`` (weapon
    name, location) bins; ``rating`` is the engine's, which holds some of the heat sinks
    (``engine_heat_sinks``); ``actuators`` overrides an arm's actuators (the Locust has no
    lower arms or hands). An XL or light engine fills the first slots of each side torso, a compact
    one only three centre-torso slots (EQ-ENG-01); each heat sink takes ``sink_slots`` slots in one
    location; ``spread`` names the structure and armor kinds whose slots (SPREAD_SLOTS) fill the free
    slots left last (EQ-STR-01).
    """
    from btcli.model.units import ENGINE_CENTER_SLOTS, ENGINE_SIDE_SLOTS

    layout = {}
    for loc, count in body.slot_count.items():
        fixed = [a for a in body.fixed[loc] if loc not in (actuators or {}) or a not in ACTUATORS or a in actuators[loc]]
        if loc == "CT" and ENGINE_CENTER_SLOTS[engine_type] < fixed.count("engine"):
            drop = fixed.count("engine") - ENGINE_CENTER_SLOTS[engine_type]  # a compact engine: its rear block
            fixed = fixed[:len(fixed) - drop] if fixed[-drop:] == ["engine"] * drop else fixed
        if loc in ("LT", "RT"):
            fixed = ["engine"] * ENGINE_SIDE_SLOTS[engine_type] + fixed
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
        where = next((loc for loc in body.heat_sink_order if layout[loc].count("") >= sink_slots), None)
        if where is None:
            raise GameFileError("the 'Mech's heat sinks do not fit in its critical slots")
        for _ in range(sink_slots):
            place(where, "heat_sink")
    if "stealth" in spread:  # EQ-STEALTH-01: 2 slots in each location but the head and centre torso (TechManual)
        for loc in [loc for loc in layout if loc not in ("HD", "CT")]:
            for _ in range(2):
                if not place(loc, "stealth"):
                    raise GameFileError(f"the 'Mech's stealth armor does not fit in the critical slots of {loc}")
    for kind in (k for k in spread if k in SPREAD_SLOTS):  # industrial structure and armor take no slots (EQ-IND)
        item = "endo_steel" if "endo" in kind else "ferro_fibrous"
        for _ in range(SPREAD_SLOTS[kind]):
            if not any(place(loc, item) for loc in body.heat_sink_order):
                raise GameFileError(f"the 'Mech's {kind.replace('_', ' ')} slots do not fit in its critical slots")
    return {loc: tuple(items) for loc, items in layout.items()}


def armor_key(location: str, rear: bool) -> str:
    """Returns the armor location a hit strikes: the rear torso armor for rear attacks."""
    return REAR_ARMOR.get(location, location) if rear else location
