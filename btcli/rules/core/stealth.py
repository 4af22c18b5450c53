"""Stealth armor (issue #31, part "industrial"; docs/equipment-rules.md EQ-STEALTH-01..05). A 'Mech of stealth armor
(``armor_type = "stealth"``, which needs an ECM suite) switches it on or off in the End Phase, for the next turn
(``resolve-phase --stealth UNIT=on``). Its own record keeps the switch (``MechState.stealth_on``); the ECM suite is
the unit's (``Unit.ecm``), so no rule reads the catalog.

- EQ-STEALTH-02: the switch is made in the End Phase and holds from the next turn (MegaMek @f0b2b01
  common/MiscType.java:3029-3048 ``createMekStealth``: modes Off and On, ``setInstantModeSwitch(false)``, the new
  mode taking effect at the next round); it cannot be switched on while the ECM suite is destroyed
  (Mech.java:556-565 ``newRound``), and the ECM suite's destruction switches it off (server/Server.java:24729-24741).
- EQ-STEALTH-03: switched on, with its ECM suite working (not destroyed, the 'Mech not shut down), it adds +1 to the
  to-hit number of an attack on it at medium range and +2 at long range, none at short or minimum range (Mech.java
  5808-5824 ``isStealthActive``, 5985-6068 ``getStealthModifier``; Compute.java:1488-1498); not against
  conventional infantry, which ignore it. It may not be an attack's secondary target (Compute.java:2356-2361,
  "TW, pg. 142"). Its own Artemis IV and ATMs lose their cluster bonus (weapons/MissileWeaponHandler.java:107-110,
  133-138, 196-201).
- EQ-STEALTH-04: switched on, it makes 10 heat a turn in the heat phase, its ECM suite working or not
  (Server.java:19203-19208 ``isStealthOn``).
- EQ-STEALTH-05: switched on, its ECM suite makes no bubble: it cancels no enemy's Artemis IV, ATM or Narc bonus
  (Entity.java:5384-5387 ``getECMRange``, 12520 ``getECMInfo``: none while ``isStealthOn``).
"""

from __future__ import annotations

from btcli.errors import IllegalOrderError
from btcli.model.state import evolve
from btcli.rules.core.fire_control import stealth_active, stealth_on, suite_intact

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events
    from btcli.model.state import GameState
    from btcli.model.units import Unit

STEALTH_HEAT = 10  # EQ-STEALTH-04
RANGE_MODIFIER = {"medium": 1, "long": 2}  # EQ-STEALTH-03
SWITCHES = {"on": True, "off": False}


def has_stealth(unit: Unit) -> bool:
    return unit.built.armor_type == "stealth"


on = stealth_on  # switched on, its ECM suite not destroyed (EQ-STEALTH-02)
active = stealth_active  # and working: on the board, not shut down (EQ-STEALTH-03)
__all__ = ["active", "has_stealth", "heat", "on", "option", "suite_intact", "switch", "to_hit"]


def option(state: GameState, unit: Unit) -> dict[str, object] | None:
    """What ``btcli options`` says of a unit's stealth armor (EQ-STEALTH-02): whether it is on and working, whether
    it may be switched on (not with its ECM suite destroyed), whether this is the End Phase that switches it, and the
    order that does; None for a unit without stealth armor or out of the battle."""
    from btcli.model.state import Phase

    if not has_stealth(unit) or not unit.active:
        return None
    switched = on(unit)
    return {"on": switched, "active": active(unit), "may_switch_on": suite_intact(unit),
            "switch_now": state.phase is Phase.END,
            "order": f"resolve-phase --stealth {unit.id}={'off' if switched else 'on'}"}


def to_hit(target: Unit, bracket: str, infantry: bool) -> list[tuple[str, int]]:
    """Returns the target's stealth modifier at this range bracket (EQ-STEALTH-03); none against infantry."""
    value = RANGE_MODIFIER.get(bracket, 0)
    if not value or infantry or not active(target):
        return []
    return [(f"stealth armor ({bracket} range)", value)]


def heat(unit: Unit) -> int:
    """Returns the heat its stealth armor makes this turn (EQ-STEALTH-04)."""
    return STEALTH_HEAT if on(unit) else 0


def switch(state: GameState, choices: tuple[str, ...]) -> tuple[GameState, Events]:
    """Switches the 'Mechs' stealth armor as the End Phase closes: ``UNIT=on`` or ``UNIT=off`` (EQ-STEALTH-02)."""
    from btcli.model.events_damage import StealthSwitched
    from btcli.model.state import Phase

    if state.phase is not Phase.END:
        raise IllegalOrderError("stealth armor is switched on or off in the End Phase (resolve-phase --stealth "
                                "UNIT=on as the End Phase closes)", "EQ-STEALTH-02")
    events: Events = []
    seen: set[str] = set()
    for choice in choices:
        uid, eq, word = choice.partition("=")
        if not eq or word.casefold() not in SWITCHES:
            raise IllegalOrderError(f"bad --stealth {choice!r}: give UNIT=on or UNIT=off", "EQ-STEALTH-02")
        if uid not in state.units:
            raise IllegalOrderError(f"--stealth {choice!r}: no unit {uid!r}", "EQ-STEALTH-02")
        if uid in seen:
            raise IllegalOrderError(f"--stealth names '{uid}' twice", "EQ-STEALTH-02")
        seen.add(uid)
        unit = state.units[uid]
        wanted = SWITCHES[word.casefold()]
        if not has_stealth(unit):
            raise IllegalOrderError(f"'{uid}' has no stealth armor", "EQ-STEALTH-01")
        if not unit.active:
            raise IllegalOrderError(f"'{uid}' is not in the battle", "EQ-STEALTH-02")
        if wanted and not suite_intact(unit):
            raise IllegalOrderError(f"'{uid}''s ECM suite is destroyed: its stealth armor stays off", "EQ-STEALTH-02")
        if wanted != unit.built.stealth_on:
            state = state.with_unit(evolve(unit, mech=evolve(unit.built, stealth_on=wanted)))
        events.append(StealthSwitched(uid, wanted))
    return state, events
