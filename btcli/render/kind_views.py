"""What the reports show of each kind of unit (issue #30 item 1): the renderers ask a unit's kind for its
MP labels and values, its own fields in the JSON view, its status words, its marker and words on the
maps, its columns in the unit table and its card's lines, rather than test the kind.

``VIEWS`` maps each ``UnitKind`` to its ``KindView``, as ``btcli.rules.kinds.KINDS`` maps it to the rules
it plays by. The views live here, in the render layer, not beside the rules: what a report shows is the
reports' format (docs/json-output.md, the markers of ``svg_marks``), and ``rules/`` imports nothing of
``render/`` (docs/architecture.md, "Layers"); a view asks ``rules/`` what a rule decides (a hot 'Mech's MP,
whether a unit flies as a VTOL). The 'Mech, vehicle and infantry views are here; the aerospace kind's are
in ``render/aero_view.py`` and the asset's in ``render/asset_view.py``, imported the first time one of
their functions is called (``later``), so a report of a game without them imports neither (nor
``rules/aero/``). A new kind is a ``VIEWS`` entry; a hook it needs and no kind has had yet is a new
``KindView`` field with the old behaviour as its default.
"""

from __future__ import annotations

import sys

from btcli.model.frozen import Record
from btcli.model.hits import CritResult
from btcli.model.state import GameState
from btcli.model.units import Unit, UnitKind, VehicleState
from btcli.rules.ground import placement

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:  # annotations only: collections.abc would import collections
    from collections.abc import Callable


def later(module: str, name: str):
    """Returns a function that calls ``btcli.render.<module>.<name>``, importing the module on the first
    call (as ``btcli.rules.later`` does for the rules)."""
    full = f"btcli.render.{module}"

    def call(*args, **keys):
        found = sys.modules.get(full)
        if found is None:
            __import__(full)
            found = sys.modules[full]
        return getattr(found, name)(*args, **keys)

    call.__qualname__ = f"later({module}.{name})"
    return call


# -- what every kind shows unless its view says otherwise ------------------------------------------------


def _on_the_board(u: Unit) -> str | None:
    return u.hex.label if u.hex else None


def _walk_run_jump(u: Unit) -> dict[str, int]:
    return {"walk": u.walk, "run": u.run, "jump": u.jump}


def _weapons(u: Unit) -> list[dict[str, object]]:
    """Each weapon with its state this turn (ready, fired, jammed, destroyed), data and ammunition left; its heat
    only for a kind that builds heat (VEH-HEAT-01: a vehicle tracks none)."""
    from btcli.rules import kinds

    heat = kinds.of(u).builds_heat
    shots: dict[str, int] = {}
    for a in u.ammo:
        shots[a.weapon] = shots.get(a.weapon, 0) + a.shots
    out: list[dict[str, object]] = []
    for i, m in enumerate(u.weapons):
        spec = u.weapon_specs.get(m.weapon)
        state = "destroyed" if m.destroyed else "jammed" if m.jammed else "fired" if i in u.fired else \
            "spent" if m.spent else "ready"  # a one-shot weapon fired in an earlier turn (EQ-OS-01)
        entry: dict[str, object] = {"weapon": m.weapon, "location": m.location, "rear": m.rear, "state": state}
        if heat:
            entry["heat"] = spec.heat if spec else None
        entry.update(damage=spec.damage if spec else None, range=[spec.short, spec.medium, spec.long] if spec else None,
                     ammo=shots.get(m.weapon) if spec is not None and spec.ammo_per_ton else None)
        if spec is not None:
            entry.update(_weapon_modes(u, i, m, spec))
        out.append(entry)
    return out


def _weapon_modes(u: Unit, i: int, m, spec) -> dict[str, object]:
    """A weapon's modes, mode fired this turn and ammunition loaded, where it has a choice (EQ-STATE-01): absent
    for a weapon of one mode and one kind of rounds, so those reports read as before."""
    from btcli.rules.core import weapon_modes

    modes = weapon_modes.modes_of(spec, m.weapon, tuple({a.kind for a in u.ammo if a.weapon == m.weapon}))
    kinds = sorted({a.kind for a in u.ammo if a.weapon == m.weapon})
    extra: dict[str, object] = {}
    if len(modes) > 1:
        extra["modes"] = [mode or "standard" for mode in modes]
    fired = weapon_modes.fired_mode(u, i)
    if fired:
        extra["mode"] = fired  # the mode it fired in this turn
    if kinds and kinds != ["standard"]:
        by_kind = {k: sum(a.shots for a in u.ammo if a.weapon == m.weapon and a.kind == k) for k in kinds}
        extra["ammo_kinds"] = by_kind
    if m.one_shot or spec.one_shot:
        extra["one_shot"] = True  # EQ-OS-01: fires once a game
    if m.jammed and weapon_modes.jams_by_firing(spec):
        extra["jammed_firing"] = True  # an Ultra's or a Rotary's jam: no crew clears it
    return extra


def weapon_words(u: Unit) -> list[str]:
    """A unit's weapons' states in words for its tooltip (EQ-STATE-01): jammed ones, the modes fired this turn,
    and its targeting computer if destroyed."""
    from btcli.rules.core import targeting_computer, weapon_modes

    words = []
    for i, m in enumerate(u.weapons):
        if m.destroyed:
            continue
        if m.jammed:
            words.append(f"{m.label} jammed")
        elif m.spent and i not in u.fired:
            words.append(f"{m.label} spent")  # a one-shot weapon (EQ-OS-01)
        elif weapon_modes.fired_mode(u, i):
            words.append(f"{m.label} fired {_mode_words(weapon_modes.fired_mode(u, i))}")
    if u.built.slots and targeting_computer.state(u) == "destroyed":
        words.append("targeting computer destroyed")
    return words


def _mode_words(mode: str) -> str:
    return f"{mode} shots" if mode.isdigit() else {"ultra": "at double rate", "ap": "armor-piercing",
                                                   "cluster": "cluster rounds"}.get(mode, mode)


def _no_fields(u: Unit, state: GameState | None = None) -> dict[str, object]:
    return {}


def _no_words(u: Unit) -> list[str]:
    return []


def _no_text(u: Unit) -> str:
    return ""


def _never(u: Unit) -> bool:
    return False


def _facing(u: Unit) -> int | None:
    return int(u.facing)


def _no_facing(u: Unit) -> int | None:
    return None  # infantry: a marker without an arrow


def _named(u: Unit) -> str:
    """Its tooltip's 'what': its name and its marker's kind ('Mech, vehicle, VTOL, infantry)."""
    return f"{u.name} ({of(u).marker(u).replace('mech', chr(39) + 'Mech')})"


def _armor_words(u: Unit) -> str | None:
    if not u.max_armor:
        return None
    return (f"armor {sum(u.armor.values())}/{sum(u.max_armor.values())}, "
            f"internal {sum(u.internal.values())}/{sum(u.max_internal.values())}")


def _name(u: Unit) -> str:
    return u.name


def _no_path(u: Unit) -> tuple:
    return ()


def _where(view: dict) -> str:
    return view["position"] or "-"


def _mp_cell(view: dict) -> str:
    return "/".join(str(v) for v in view["mp_now"].values())


def _heat(view: dict) -> int | None:
    return view.get("heat")


def _skills(view: dict) -> str:
    return f"skills {view['skills']['gunnery']}/{view['skills']['piloting']}"


def _no_card(view: dict) -> str | None:
    return None


def _no_columns(view: dict) -> tuple[str, str] | None:
    return None  # its armor and internal structure


class KindView(Record, slots=False):
    """What the reports show of one kind of unit (fields in the order the reports use them)."""

    marker: Callable[[Unit], str]  # its marker on the maps (``svg_marks.KINDS``)
    # The JSON view (``view.unit_view``), in the order of its fields.
    position: Callable[[Unit], str | None] = _on_the_board  # "position": its hex's label
    mp: Callable[[Unit], dict[str, int]] = _walk_run_jump  # "mp": its MP as designed, by their names
    weapon_states: Callable[[Unit], list[dict[str, object]]] = _weapons
    mp_now: Callable[[Unit], dict[str, int]] = _walk_run_jump  # "mp_now": its MP this turn
    sheet: Callable[[Unit], dict[str, object]] = _no_fields  # its own fields before "crits" (a 'Mech's heat, pilot)
    fields: Callable[[Unit, GameState | None], dict[str, object]] = _no_fields  # its own fields, last
    asks_game: bool = False  # its fields ask the game (its map), not the unit alone: a replay draws it each step
    # The status line (``view.status``): its words after prone, shut down and unconscious, and its last words.
    status: Callable[[Unit], list[str]] = _no_words
    crew_status: Callable[[Unit], list[str]] = _no_words
    # The maps (``svg``, ``aero_svg``).
    facing: Callable[[Unit], int | None] = _facing  # its facing arrow (None: none)
    immobile: Callable[[Unit], bool] = _never  # its marker says "immobile"
    marks_unconscious: bool = True  # its marker says "unconscious" when its crew is
    wreck: bool = False  # destroyed, it is a wreck: a cross on the board, "wreck" under its id
    map_words: Callable[[Unit], list[str]] = _no_words  # in its state slot after its marker's states
    what: Callable[[Unit], str] = _named  # its tooltip's 'what it is'
    damage_words: Callable[[Unit], str | None] = _armor_words  # its tooltip's damage (None: nothing)
    # Its damage bars on the ground map (issue #33): (unit, pending damage by location) -> render.damage_bars.Bar's.
    damage_bars: Callable[..., list] = later("damage_bars", "location_bars")
    roster_name: Callable[[Unit], str] = _name  # its name in the panel's list of units to deploy
    flight_words: Callable[[Unit], str] = _no_text  # under its id on an aerospace map
    flight_title: Callable[[Unit], str] = _no_text  # after its damage in its tooltip on an aerospace map
    flight_path: Callable[[Unit], tuple] = _no_path  # the hexes it flew through this turn
    # The text and Markdown reports, from the unit's view (plain data, ``view.unit_view``).
    where: Callable[[dict], str] = _where  # the table's hex column
    mp_cell: Callable[[dict], str] = _mp_cell  # the table's MP column
    heat: Callable[[dict], int | None] = _heat  # the table's heat column (None: it tracks none)
    card_columns: Callable[[dict], tuple[str, str] | None] = _no_columns  # the armor and internal columns
    crew: Callable[[dict], str] = _skills  # its card's crew
    card: Callable[[dict], str | None] = _no_card  # its whole card in one line (None: the usual card)
    locations: bool = True  # its card lists its armor and structure by location once damaged


# -- 'Mechs ---------------------------------------------------------------------------------------------------


def _mech_mp_now(u: Unit) -> dict[str, int]:
    """Its MP after leg damage and heat (tables.md 15)."""
    if u.built.heat or u.crits or any(v <= 0 for v in u.internal.values()):
        from btcli.rules.ground.movement import running_mp, walking_mp  # only for a hot or damaged 'Mech
        from btcli.rules.ground.myomer_jets import jump_mp

        return {"walk": walking_mp(u), "run": running_mp(u), "jump": jump_mp(u)}
    return _walk_run_jump(u)


def _has_masc(u: Unit) -> bool:
    return any("masc" in items for items in u.built.slots.values())


def _mech_sheet(u: Unit) -> dict[str, object]:
    sinks: dict[str, object] = {"total": u.heat_sinks, "working": u.working_heat_sinks}
    sheet: dict[str, object] = {"heat": u.built.heat, "heat_sinks": sinks, "pilot_hits": u.pilot_hits,
                                "conscious": u.conscious, "shutdown": u.built.shutdown}
    record = u.mech
    if record is None:
        return sheet
    if record.double_sinks:  # EQ-HS-01; the rest of its construction only where it is not the standard one
        sinks["type"] = record.heat_sink_type
    built = {k: v for k, v in (("structure", record.structure), ("armor_type", record.armor_type),
                               ("case", list(record.case)), ("case_ii", list(record.case_ii)),
                               ("cockpit", record.cockpit)) if v and v != "standard"}
    if built:
        sheet["construction"] = built
    if record.industrial_check:  # EQ-IND-01: the critical check it owes at the turn's end
        sheet["industrial_check"] = {"levels_fallen": record.levels_fallen}
    if record.armor_type == "stealth":  # EQ-STEALTH-02, 03: switched on or off, and whether it works now
        from btcli.rules.core import stealth

        sheet["stealth"] = "working" if stealth.active(u) else "on" if stealth.on(u) else "off"
    if _has_masc(u):  # EQ-MASC-05: its MASC, working or not, its level and the roll's target number
        from btcli.rules.ground import masc

        sheet["masc"] = {"working": masc.has_masc(u), "level": masc.level(u), "target": masc.target(u),
                         "used": record.masc_used}
    if record.carried:  # EQ-INERT-05: equipment that plays no part, destroyed once a critical hit lands on it
        sheet["carried"] = [name + (" (destroyed)" if _carried_hit(u, name) else "") for name in record.carried]
    weapons = _physical_weapons(u)
    if weapons:  # EQ-PHYS-05: its hatchet or sword, and whether a critical hit damaged it
        sheet["physical_weapons"] = [{"kind": kind, "location": where, "working": working}
                                     for kind, where, working in weapons]
    return sheet


def _carried_hit(u: Unit, name: str) -> bool:
    """Tells whether a critical hit struck a slot of a 'Mech's carried item (EQ-INERT-05)."""
    item = f"equipment:{name}"
    return any(contents[i] == item for location, contents in u.built.slots.items() for i in u.slot_hits(location)
               if i < len(contents))


def _physical_weapons(u: Unit) -> list[tuple[str, str, bool]]:
    """A 'Mech's hatchets and swords (EQ-PHYS-05): (kind, location, working)."""
    if not any("hatchet" in items or "sword" in items for items in u.built.slots.values()):
        return []
    from btcli.rules.ground import physical_weapons

    return physical_weapons.carried(u)


def _mech_status(u: Unit) -> list[str]:
    words = [f"heat {u.built.heat}"] if u.built.heat else []
    if u.built.industrial_check:  # EQ-IND-01
        words.append("critical check due at the turn's end (IndustrialMech struck or fallen)")
    if u.built.stealth_on and u.built.armor_type == "stealth":  # EQ-STEALTH-02
        from btcli.rules.core import stealth

        words.append("stealth armor on" if stealth.active(u) else "stealth armor on, not working"
                     if stealth.on(u) else "stealth armor off (its ECM suite destroyed)")
    if _has_masc(u):  # EQ-MASC-05
        from btcli.rules.ground import masc

        words.append(f"MASC level {masc.level(u)} (roll {masc.target(u)}+)" if masc.has_masc(u) else
                     "MASC destroyed")
    words += [f"{kind} ({where}{'' if working else ', damaged'})" for kind, where, working in _physical_weapons(u)]
    return words


def _mech_crew(view: dict) -> str:
    skills = f"{view['skills']['gunnery']}/{view['skills']['piloting']}"
    hits = view["pilot_hits"]
    return (f"pilot {skills}" + (f", {hits} hit{'s' if hits != 1 else ''}" if hits else "")
            + ("" if view["conscious"] else ", unconscious"))


# -- vehicles -------------------------------------------------------------------------------------------------


def _vehicle_record(u: Unit) -> VehicleState:
    record = u.vehicle
    assert record is not None  # VIEWS[VEHICLE]: a vehicle always carries its record
    return record


def _cruise_flank(u: Unit) -> dict[str, int]:
    return {"cruise": u.walk, "flank": u.run}  # motive damage lowers them in place (VEH-CRIT-05..)


def _vehicle_fields(u: Unit, state: GameState | None = None) -> dict[str, object]:
    from btcli.rules.ground.vehicles import driving_modifiers

    v = _vehicle_record(u)
    out: dict[str, object] = {"large": True} if v.large else {}
    if v.support:  # EQ-SV-02..04: only a support vehicle's report says it
        out["support"] = {"bar": v.bar, "fire_control": v.fire_control, "armored_chassis": v.armored_chassis}
    out["motive_damage"] = [c.result for c in u.crits if isinstance(c, CritResult) and c.is_motive_damage]
    out["driving_modifiers"] = {name: value for name, value in driving_modifiers(u)}
    out["turret"] = v.turret or ("intact" if "turret" in u.max_armor else "none")
    out["immobile"] = v.immobile
    out["crew"] = ("killed" if v.crew_killed
                   else f"stunned turns {v.stunned_from}-{v.stunned_until}" if v.stunned_until
                   else "ok")
    if v.carried:  # EQ-INERT-05: equipment that plays no part
        out["carried"] = list(v.carried)
    return out


def _vehicle_status(u: Unit) -> list[str]:
    """Its size, crew, motive, turret and jammed weapons (after the pilot hits a vehicle never takes)."""
    v = _vehicle_record(u)
    words = ["large"] if v.large else []
    if v.support:  # EQ-SV-02..04
        control = "no" if v.fire_control in ("", "none") else v.fire_control
        words.append(f"support vehicle (BAR {v.bar}, {control} fire control"
                     + (", armored chassis)" if v.armored_chassis else ")"))
    if v.crew_killed:
        words.append("crew killed")
    if v.immobile:
        words.append("immobile")
    if v.stunned_until:
        words.append(f"crew stunned (turns {v.stunned_from}-{v.stunned_until})")
    if v.turret:
        words.append(f"turret {v.turret}")
    jammed = [m.label for m in u.weapons if m.jammed]
    if jammed:
        words.append("jammed: " + ", ".join(jammed))
    return words


def _vehicle_marker(u: Unit) -> str:
    return "vtol" if placement.flies_as_vtol(u) else "vehicle"


def _vehicle_immobile(u: Unit) -> bool:
    return _vehicle_record(u).immobile


def _vehicle_map_words(u: Unit) -> list[str]:
    return ["crew killed"] if _vehicle_record(u).crew_killed else []


def _vehicle_crew(view: dict) -> str:
    skills = f"{view['skills']['gunnery']}/{view['skills']['piloting']}"
    return f"crew {skills}" + ("" if view["crew"] == "ok" else f", {view['crew']}")


# -- infantry -------------------------------------------------------------------------------------------------


def _infantry_fields(u: Unit, state: GameState | None = None) -> dict[str, object]:
    from btcli.rules.ground.infantry import is_battle_armor, troopers_left

    return {"troopers": troopers_left(u), "battle_armor": is_battle_armor(u)}


def _infantry_status(u: Unit) -> list[str]:
    from btcli.rules.ground.infantry import troopers_left

    return [f"{troopers_left(u)} troopers"]


def _marker(name: str) -> Callable[[Unit], str]:
    def marker(u: Unit) -> str:
        return name

    return marker


VIEWS: dict[UnitKind, KindView] = {
    UnitKind.MECH: KindView(mp_now=_mech_mp_now, sheet=_mech_sheet, status=_mech_status, marker=_marker("mech"),
                            crew=_mech_crew),
    UnitKind.VEHICLE: KindView(mp=_cruise_flank, mp_now=_cruise_flank, fields=_vehicle_fields,
                               crew_status=_vehicle_status, marker=_vehicle_marker, immobile=_vehicle_immobile,
                               map_words=_vehicle_map_words, crew=_vehicle_crew),
    UnitKind.INFANTRY: KindView(fields=_infantry_fields, status=_infantry_status, marker=_marker("infantry"),
                                facing=_no_facing),
    UnitKind.ASSET: KindView(mp=later("asset_view", "mp"), mp_now=later("asset_view", "mp"),
                             fields=later("asset_view", "fields"), marker=_marker("asset"),
                             facing=later("asset_view", "facing"), what=later("asset_view", "what"),
                             damage_words=later("asset_view", "damage_words"),
                             damage_bars=later("damage_bars", "asset_bars"),
                             roster_name=later("asset_view", "roster_name"),
                             card_columns=later("asset_view", "card_columns"), card=later("asset_view", "asset_line"),
                             locations=False),
    UnitKind.AERO: KindView(position=later("aero_view", "position"), status=later("aero_view", "status"), weapon_states=later("aero_view", "weapon_states"),
                            fields=later("aero_view", "fields"), asks_game=True, marker=_marker("aircraft"),
                            immobile=later("aero_view", "immobile"), marks_unconscious=False, wreck=True,
                            map_words=later("aero_view", "map_words"), what=later("aero_view", "what"),
                            flight_words=later("aero_view", "flight_words"),
                            flight_title=later("aero_view", "flight_title"),
                            flight_path=later("aero_view", "flight_path"), where=later("aero_view", "where"),
                            mp_cell=later("aero_view", "mp_cell"), heat=later("aero_view", "heat"),
                            crew=later("aero_view", "crew"), locations=False),
}


def of(unit: Unit) -> KindView:
    """Returns what the reports show of the unit's kind."""
    return VIEWS[unit.kind]


def of_view(view: dict) -> KindView:
    """Returns what the reports show of a unit's kind, from its view (plain data: its ``kind``)."""
    return VIEWS[UnitKind(view["kind"])]
