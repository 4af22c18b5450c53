"""What the reports show of each kind of unit (issue #30 item 1): the renderers ask a unit's kind for its
MP labels and values, its own fields in the JSON view, its status words, its columns in the unit table
and its card's lines, rather than test the kind.

``VIEWS`` maps each ``UnitKind`` to its ``KindView``, as ``btcli.rules.kinds.KINDS`` maps it to the rules
it plays by. The views live here, in the render layer, not beside the rules: what a report shows is the
reports' format (docs/json-output.md), and ``rules/`` imports nothing of
``render/`` (docs/architecture.md, "Layers"); a view asks ``rules/`` what a rule decides (a hot 'Mech's MP,
a vehicle's driving modifiers). The 'Mech, vehicle and infantry views are here; the aerospace kind's are
in ``render/aero_view.py`` and the asset's in ``render/asset_view.py``, imported the first time one of
their functions is called (``later``), so a report of a game without them imports neither (nor
``rules/aero/``). A new kind is a ``VIEWS`` entry; a hook it needs and no kind has had yet is a new
``KindView`` field with the old behaviour as its default.
"""

from __future__ import annotations

import sys

from btcli.model.frozen import record
from btcli.model.state import GameState
from btcli.model.units import Unit, UnitKind, VehicleState

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
    """Each weapon with its state this turn (ready, fired, jammed, destroyed), data and ammunition left."""
    shots: dict[str, int] = {}
    for a in u.ammo:
        shots[a.weapon] = shots.get(a.weapon, 0) + a.shots
    out: list[dict[str, object]] = []
    for i, m in enumerate(u.weapons):
        spec = u.weapon_specs.get(m.weapon)
        state = "destroyed" if m.destroyed else "jammed" if m.jammed else "fired" if i in u.fired else "ready"
        out.append({"weapon": m.weapon, "location": m.location, "rear": m.rear, "state": state,
                    "heat": spec.heat if spec else None, "damage": spec.damage if spec else None,
                    "range": [spec.short, spec.medium, spec.long] if spec else None,
                    "ammo": shots.get(m.weapon) if spec is not None and spec.ammo_per_ton else None})
    return out


def _no_fields(u: Unit, state: GameState | None = None) -> dict[str, object]:
    return {}


def _no_words(u: Unit) -> list[str]:
    return []


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


@record(slots=False)
class KindView:
    """What the reports show of one kind of unit (fields in the order the reports use them)."""

    # The JSON view (``view.unit_view``), in the order of its fields.
    position: Callable[[Unit], str | None] = _on_the_board  # "position": its hex's label
    mp: Callable[[Unit], dict[str, int]] = _walk_run_jump  # "mp": its MP as designed, by their names
    weapon_states: Callable[[Unit], list[dict[str, object]]] = _weapons
    mp_now: Callable[[Unit], dict[str, int]] = _walk_run_jump  # "mp_now": its MP this turn
    sheet: Callable[[Unit], dict[str, object]] = _no_fields  # its own fields before "crits" (a 'Mech's heat, pilot)
    fields: Callable[[Unit, GameState | None], dict[str, object]] = _no_fields  # its own fields, last
    # The status line (``view.status``): its words after prone, shut down and unconscious, and its last words.
    status: Callable[[Unit], list[str]] = _no_words
    crew_status: Callable[[Unit], list[str]] = _no_words
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
    if u.heat or u.crits or any(v <= 0 for v in u.internal.values()):
        from btcli.rules.ground.movement import running_mp, walking_mp  # only for a hot or damaged 'Mech

        return {"walk": walking_mp(u), "run": running_mp(u), "jump": u.jump}
    return _walk_run_jump(u)


def _mech_sheet(u: Unit) -> dict[str, object]:
    return {"heat": u.heat, "heat_sinks": {"total": u.heat_sinks, "working": u.working_heat_sinks},
            "pilot_hits": u.pilot_hits, "conscious": u.conscious, "shutdown": u.shutdown}


def _mech_status(u: Unit) -> list[str]:
    return [f"heat {u.heat}"] if u.heat else []


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
    out["motive_damage"] = [c.split(": ", 1)[1] for c in u.crits if c.startswith("motive: ")]
    out["driving_modifiers"] = {name: value for name, value in driving_modifiers(u)}
    out["turret"] = v.turret or ("intact" if "turret" in u.max_armor else "none")
    out["immobile"] = v.immobile
    out["crew"] = ("killed" if v.crew_killed
                   else f"stunned turns {v.stunned_from}-{v.stunned_until}" if v.stunned_until
                   else "ok")
    return out


def _vehicle_status(u: Unit) -> list[str]:
    """Its size, crew, motive, turret and jammed weapons (after the pilot hits a vehicle never takes)."""
    v = _vehicle_record(u)
    words = ["large"] if v.large else []
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


VIEWS: dict[UnitKind, KindView] = {
    UnitKind.MECH: KindView(mp_now=_mech_mp_now, sheet=_mech_sheet, status=_mech_status, crew=_mech_crew),
    UnitKind.VEHICLE: KindView(mp=_cruise_flank, mp_now=_cruise_flank, fields=_vehicle_fields,
                               crew_status=_vehicle_status, crew=_vehicle_crew),
    UnitKind.INFANTRY: KindView(fields=_infantry_fields, status=_infantry_status),
    UnitKind.ASSET: KindView(mp=later("asset_view", "mp"), mp_now=later("asset_view", "mp"),
                             fields=later("asset_view", "fields"), card_columns=later("asset_view", "card_columns"),
                             card=later("asset_view", "asset_line"), locations=False),
    UnitKind.AERO: KindView(position=later("aero_view", "position"), weapon_states=later("aero_view", "weapon_states"),
                            fields=later("aero_view", "fields"), where=later("aero_view", "where"),
                            mp_cell=later("aero_view", "mp_cell"), heat=later("aero_view", "heat"),
                            crew=later("aero_view", "crew"), locations=False),
}


def of(unit: Unit) -> KindView:
    """Returns what the reports show of the unit's kind."""
    return VIEWS[unit.kind]


def of_view(view: dict) -> KindView:
    """Returns what the reports show of a unit's kind, from its view (plain data: its ``kind``)."""
    return VIEWS[UnitKind(view["kind"])]
