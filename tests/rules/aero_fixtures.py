"""Shared maps, designs and helpers for the aerospace rule tests (btcli.rules.aero_*).

The space map ``SPACE`` is 30 x 20 with the planetary surface on its west edge
(AMB-63): mapsheet column 01 is the ground row, 02-05 are atmosphere rows 1-4,
06 is the interface, 07 and beyond are space. Moving NE or SE goes one row up,
NW or SW one row down, N or S stays in the row. ``DEEP`` is the same size with
no planet. The low-altitude map ``LOW`` (16 x 17, clear, level 0) lies under
ground-row hex 0110.

Designs come from the built-in catalog (btcli/catalog/aero.toml): the Corsair
(SI 6, safe 6 / max 9), the Sparrowhawk (SI 10, 10/15), the Angel conventional
fighter, the ST-46 aerodyne shuttle, the NL-42 spheroid small craft, the
Leopard aerodyne and the Union spheroid DropShips; an airship and a propeller
fixed-wing support vehicle are built here (no catalog entry).
"""

from __future__ import annotations

from btcli.catalog.aero_designs import aero_designs
from btcli.dice import ManualDice
from btcli.model.aero import (
    AeroClass,
    AeroDesign,
    AeroState,
    ArcArmor,
    Edge,
    LowAltitudeMap,
    Shape,
    SpaceMap,
    new_state,
)
from btcli.model.board import Board
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.rules.aero import movement as aero_movement

H = HexId.parse
TIED = H("0110")  # the ground-row hex LOW lies under

SPACE = SpaceMap("space", 30, 20, surface=Edge.WEST, low_altitude={TIED: "low"})
DEEP = SpaceMap("deep", 30, 20)
LOW = LowAltitudeMap("low", Board(16, 17), space_map="space", space_hex=TIED)

DESIGNS = aero_designs()
CORSAIR = DESIGNS["Corsair CSR-V12"]
SPARROWHAWK = DESIGNS["Sparrowhawk SPR-H5"]
LUCIFER = DESIGNS["Lucifer LCF-R15"]
ANGEL = DESIGNS["Light Strike Fighter Angel"]
ST46 = DESIGNS["Shuttle ST-46"]
NL42 = DESIGNS["Battle Taxi NL-42"]
LEOPARD = DESIGNS["Leopard (2537)"]
UNION = DESIGNS["Union (2708)"]

AIRSHIP = AeroDesign(
    name="Test Airship", aero_class=AeroClass.AIRSHIP, shape=Shape.AERODYNE, tons=100, safe_thrust=2,
    max_thrust=3, structural_integrity=4, armor=ArcArmor(20, 15, 15, 10),
)
PROP_PLANE = AeroDesign(
    name="Test Prop Plane", aero_class=AeroClass.FIXED_WING, shape=Shape.AERODYNE, tons=20, safe_thrust=4,
    max_thrust=6, structural_integrity=4, armor=ArcArmor(10, 8, 8, 6), propeller=True,
)


def unit(design: AeroDesign, hex_label: str, facing: Facing = Facing.N, *, area=DEEP, velocity: int = 0,
         altitude: int | None = None, **changes) -> AeroState:
    """Returns ``design`` placed in ``hex_label`` of ``area`` with any AeroState fields changed."""
    state = new_state(design, area.id, H(hex_label), facing, velocity=velocity, altitude=altitude)
    return evolve(state, **changes) if changes else state


def plan(design, state, path: str, area=DEEP, mode=aero_movement.AeroMode.MAX_THRUST):
    """Checks a move without dice."""
    return aero_movement.plan_move(design, state, area, aero_movement.parse_steps(path), mode=mode)


def fly(design, state, path: str, rolls=(), area=DEEP, mode=aero_movement.AeroMode.MAX_THRUST):
    """Flies a move with fixed dice; returns (plan, dice) after checking every die value was used."""
    dice = ManualDice(list(rolls))
    flown = aero_movement.apply_move(design, state, area, aero_movement.parse_steps(path), dice, mode=mode)
    dice.finish()
    return flown, dice


def hexes(flight) -> list[str]:
    """Returns the labels of the hexes a flight entered, in order (the start left out)."""
    out = []
    for a, b in zip(flight.path, flight.path[1:]):
        if a.hex != b.hex:
            out.append(b.hex.label)
    return out
