"""The games the map tests draw: one small board holding every marker, state and line the map knows."""

from __future__ import annotations

from pathlib import Path

from btcli.model.state import GameState
from tests.builders import asset, building, design, game, heavy_vtol, hunchback, platoon, put, vehicle

ROOT = Path(__file__).resolve().parents[2]

HEXES = {
    "0102": {"level": 2},
    "0702": building("heavy", 2, 60),
    **{f"05{row:02d}": {"terrain": "water", "depth": 1} for row in range(1, 9)},
    **{f"{col:02d}06": {"road": True} for col in range(1, 9) if col != 5},
    "0506": {"terrain": "water", "depth": 1, "road": True, "bridge": {"type": "medium", "cf": 40, "level": 1}},
}


def everything() -> GameState:
    """Returns a game with a destroyed, a prone and a shut-down 'Mech, an immobile tank, a flying VTOL,
    infantry, a 'Mech facing south (its arrow towards its label), and an asset still to deploy."""
    state = game(
        hunchback("dead", at="0303"), hunchback("flat", at="0403", facing="SE"), hunchback("sleepy", at="0204"),
        hunchback("walker", at="0307", facing="S", side="blue"),
        vehicle("tracked", 4, "tank", at="0704", facing="SW", side="blue"),
        heavy_vtol("heli", at="0804", side="blue"), platoon("inf", at="0707"),
        design("Locust LCT-1V", "wreck-mate", at="0101", side="blue"),
        asset("S-1 Light tracked tank", "late", at="0808", side="blue"),
        hexes=HEXES, width=8, height=8, name="Everything",
    )
    state = put(put(state, "dead", destroyed=True), "wreck-mate", at="0303")  # a live unit beside a wreck
    state = put(state, "flat", prone=True)
    state = put(state, "sleepy", shutdown=True)
    state = put(state, "tank", immobile=True)
    state = put(state, "late", at=None)  # still to deploy
    return put(state, "heli", elevation=2)


def drop_zone() -> GameState:
    """Returns the Drop Zone scenario's opening: three 'Mechs waiting in dropping reserves."""
    from btcli.store.scenario import parse_scenario_text

    path = ROOT / "scenarios" / "drop-zone.toml"
    return parse_scenario_text(path.read_text(encoding="utf-8"), base=str(path.parent))


def damaged() -> GameState:
    """Returns the map tests' damage scene (issue #33): a 'Mech with armor lost, a location destroyed, structure hurt
    and damage of this weapon phase waiting to land; a wreck and a 'Mech sharing a river hex; two units on a bridge;
    a hurt vehicle and infantry that lost troopers."""
    from btcli.model.frozen import evolve
    from btcli.model.state import Hit, Phase

    state = game(
        hunchback("walker", at="0307", side="blue"), hunchback("dead", at="0503"), hunchback("swimmer", at="0203"),
        design("Locust LCT-1V", "deck-a", at="0606", side="blue"), design("Locust LCT-1V", "deck-b", at="0707"),
        vehicle("tracked", 4, "tank", at="0704", facing="SW", side="blue"), platoon("inf", at="0805"),
        hexes=HEXES, width=8, height=8, name="Damage",
    )
    walker = state.units["walker"]
    armor = {**walker.armor, "LT": 5, "LTR": 1, "CT": 26, "LL": 0, "RA": 0}
    internal = {**walker.internal, "RA": 0, "LL": 5}
    state = put(state, "walker", armor=armor, internal=internal)
    state = put(put(state, "dead", destroyed=True), "swimmer", at="0503")  # a live 'Mech beside a wreck, in a river
    state = put(put(state, "deck-a", at="0506"), "deck-b", at="0506")  # two on the bridge: under its label
    tank = state.units["tank"]
    state = put(state, "tank", armor={**tank.armor, "front": 2})
    state = put(state, "inf", internal={"troopers": 14})
    return evolve(state, phase=Phase.WEAPON, pending=(Hit("walker", "CT", 10), Hit("walker", "LT", 4, rear=True)))
