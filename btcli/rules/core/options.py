"""``btcli options GAME UNIT`` (issue #15): what a ground unit may do now, for scripts and bots. The
hexes it can reach in each movement mode with their MP, and for each enemy on the board the weapons
that can fire at it with their to-hit numbers. The answers come from the same checks the orders run,
so an option listed is an order the phase that takes it would accept (a reachable hex: by `--to` in that
mode)."""

from __future__ import annotations

from typing import Any

from btcli.errors import BtcliError
from btcli.model.state import GameState
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.ground import movement
from btcli.rules.core import weapon_modes
from btcli.rules.core.combat import plan_weapon_attack


def reachable(state: GameState, unit: Unit) -> dict[str, dict[str, int]]:
    """Returns, by movement mode, each hex the unit can end a move in with the MP it costs (none for a unit
    that does not move over the ground: an asset, an aerospace unit)."""
    if not unit.active or unit.hex is None or kinds.of(unit).mobility is None:
        return {}
    held = {u.hex for u in state.units.values() if u.active and u.id != unit.id and u.hex is not None}
    found: dict[str, dict[str, int]] = {}
    for mode in dict.fromkeys((movement.slow_mode(unit), movement.fast_mode(unit))):
        hexes = movement.reachable_hexes(state, unit, mode)
        found[mode.value] = {h.label: mp for h, mp in sorted(hexes.items()) if h != unit.hex and h not in held}
    engaged = masc_option(unit)
    if engaged is not None:  # EQ-MASC-05: a run with MASC engaged (``move --mode masc``)
        from btcli.rules.ground import masc

        hexes = movement.reachable_hexes(state, masc.with_masc(unit), movement.MoveMode.RUN)
        found[masc.MODE] = {h.label: mp for h, mp in sorted(hexes.items()) if h != unit.hex and h not in held}
    return found


def masc_option(unit: Unit) -> dict[str, int | bool] | None:
    """A unit's MASC (EQ-MASC-05): its running MP with MASC engaged, its level and the roll's target number
    (no roll if it rolled already this turn); None for a unit without working MASC."""
    if not unit.built.slots or not unit.active or unit.hex is None:
        return None
    from btcli.rules.ground import masc

    if not masc.has_masc(unit):
        return None
    return {"mp": movement.running_mp(masc.with_masc(unit)), "level": masc.level(unit),
            "target": masc.target(unit), "rolled": masc.used(unit)}


def targets(state: GameState, unit: Unit) -> dict[str, list[dict[str, object]]]:
    """Returns, for each enemy on the board, the weapons that can fire at it and their to-hit numbers (none
    for a unit that is no ground unit: an asset's card and an aircraft's attacks have rules of their own)."""
    if not unit.active or unit.hex is None or kinds.of(unit).mobility is None:
        return {}
    found: dict[str, list[dict[str, object]]] = {}
    for enemy in sorted(state.units.values(), key=lambda u: u.id):
        if enemy.side == unit.side or not enemy.active or enemy.hex is None:
            continue
        shots = []
        for mount in unit.weapons:
            try:
                _, _, plans, _ = plan_weapon_attack(state, unit.id, enemy.id, (mount.label,), "")
            except BtcliError:
                continue
            modes = weapon_modes.unit_modes(unit, mount.weapon)  # EQ-STATE-01: the modes it may fire in
            shots += [{"weapon": mount.label, "to_hit": result.target,
                       **({"modes": [m or "standard" for m in modes]} if len(modes) > 1 else {}),
                       **_c3_spotter(result.modifiers)} for _, result in plans]
        if shots:
            found[enemy.id] = shots
    return found


def _c3_spotter(modifiers) -> dict[str, object]:
    """The C3 spotter whose range a shot uses (EQ-C3-08), as ``{"c3_spotter": ID}``, or nothing."""
    for name, _ in modifiers:
        if " via C3 spotter " in name:
            return {"c3_spotter": name.split(" via C3 spotter ", 1)[1].split(" ", 1)[0]}
    return {}


def physical_weapons(state: GameState, unit: Unit) -> dict[str, Any] | None:
    """A 'Mech's hatchets and swords (EQ-PHYS-05): each with its arm and whether it works, and for each adjacent
    enemy the ones it can swing at it with their to-hit numbers (the checks of the attack itself); None for a
    unit that carries none."""
    if not unit.built.slots or not any("hatchet" in items or "sword" in items for items in unit.built.slots.values()):
        return None
    from btcli.rules.ground import physical, physical_weapons as weapons

    carried = [{"kind": kind, "location": where, "working": working} for kind, where, working in weapons.carried(unit)]
    blows: dict[str, list[dict[str, object]]] = {}
    for enemy in sorted(state.units.values(), key=lambda u: u.id):
        if enemy.side == unit.side or not enemy.active or enemy.hex is None or not unit.active or unit.hex is None:
            continue
        for kind in dict.fromkeys(c["kind"] for c in carried):
            try:
                number, _, arm = physical.check(state, unit, enemy, str(kind))
            except BtcliError:
                continue
            blows.setdefault(enemy.id, []).append({"attack": kind, "location": arm, "to_hit": number})
    return {"carried": carried, "targets": blows}
