"""The text report at a glance (issue #15): weapons with their state, MP now, heat and heat sinks, crew, a
hint line saying what happens next; 80 columns when piped; colour on a terminal, none with NO_COLOR."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from btcli.model.state import Phase
from btcli.model.units import Mount
from btcli.render.text import render_text
from btcli.render.view import game_view
from btcli.runner import load
from tests.builders import changed, design, game, put, vehicle

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def report(state, out=None) -> str:
    out = out if out is not None else io.StringIO()
    render_text(state, out, "g.toml")
    return out.getvalue()


def card(text: str, uid: str) -> list[str]:
    """The lines of one unit's card: its first line and those indented under it."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{uid}  ") and " t; " in line)
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].startswith("  ")), len(lines))
    return lines[start:end]


def two_mechs(**changes):
    state = game(design("Hunchback HBK-4G", "hbk", at="0505"), design("Wasp WSP-1A", "wasp", at="0508", side="blue"))
    return put(state, "hbk", **changes) if changes else state


@pytest.mark.parametrize("golden", sorted(p.name for p in GOLDEN.iterdir() if (p / "game.toml").exists()))
def test_every_golden_games_report_fits_80_columns_when_piped(golden):
    state = load(str(GOLDEN / golden / "game.toml")).state
    text = report(state)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert not ANSI.search(text)


def test_a_unit_card_lists_its_weapons_with_their_state_and_its_ammunition():
    state = two_mechs()
    hbk = state.units["hbk"]
    weapons = list(hbk.weapons)
    weapons[1] = changed(weapons[1], destroyed=True)  # Medium Laser@LA
    state = put(state, "hbk", weapons=tuple(weapons), fired=(0,))
    lines = card(report(state), "hbk")
    assert lines[1].split(", ") == ["  AC/20@RT (fired)", "Medium Laser@LA (destroyed)", "Medium Laser@RA",
                                    "Small Laser@HD"]
    assert lines[2] == "  ammo: AC/20 5 (LT), AC/20 5 (LT)"


def test_a_hot_mech_shows_its_walking_mp_less_the_heat_scale_penalty():
    # tables.md 15: 5+ heat costs 1 walking MP, 10+ costs 2; running MP is 1.5 x what is left (rounded up).
    view = game_view(two_mechs(heat=10))
    hbk = next(u for u in view["units"] if u["id"] == "hbk")
    assert hbk["mp_now"] == {"walk": 2, "run": 3, "jump": 0}
    row = next(line for line in report(two_mechs(heat=10)).splitlines() if line.startswith("hbk "))
    assert "2/3/0" in row.split()


def test_destroyed_heat_sinks_are_counted_out_of_the_working_ones():
    state = two_mechs()
    hbk = state.units["hbk"]
    loc, index = next((loc, i) for loc, slots in hbk.mech.slots.items() for i, s in enumerate(slots) if s == "heat_sink")
    state = put(state, "hbk", crits=(f"{loc}:{index}",), heat=3)
    first = card(report(state), "hbk")[0]
    assert "heat 3, 12 heat sinks (1 destroyed)" in first
    assert game_view(state)["units"][0]["heat_sinks"] == {"total": 13, "working": 12}


def test_the_crew_line_shows_skills_pilot_hits_and_a_stunned_vehicle_crew():
    state = game(design("Hunchback HBK-4G", "hbk", at="0505"),
                 vehicle("tracked", 4, "tank", at="0508", side="blue"), turn=3)
    state = put(state, "hbk", pilot_hits=2, conscious=False)
    state = put(state, "tank", stunned_from=3, stunned_until=4)
    text = report(state)
    assert "pilot 4/5, 2 hits, unconscious" in card(text, "hbk")[0]
    assert "crew 4/5, stunned turns 3-4" in card(text, "tank")[0]


@pytest.mark.parametrize("phase, expected", [
    (Phase.INITIATIVE, "next: roll initiative (btcli resolve-phase g.toml)"),
    (Phase.HEAT, "next: resolve heat (btcli resolve-phase g.toml)"),
    (Phase.END, "next: end the turn (btcli resolve-phase g.toml)"),
])
def test_the_hint_line_names_the_command_that_ends_a_phase(phase, expected):
    assert expected in report(game(design("Wasp WSP-1A", "wasp"), phase=phase)).splitlines()


def test_the_hint_line_in_the_movement_phase_names_the_side_and_the_units_it_may_move():
    from btcli.rules.core.phases import resolve
    from tests.builders import ManualDice

    state = game(design("Wasp WSP-1A", "w1", at="0505"), design("Wasp WSP-1A", "w2", at="0506"),
                 design("Wasp WSP-1A", "b1", at="0508", side="blue"), phase=Phase.INITIATIVE)
    state, _ = resolve(state, ManualDice([12, 2]))  # red 12, blue 2: blue loses and moves first
    text = report(state)
    assert "next: blue moves b1 (btcli move g.toml UNIT --path STEPS)" in text
    nxt = game_view(state, "g.toml")["next"]
    assert nxt["side"] == "blue" and nxt["units"] == ["b1"] and nxt["command"] == "btcli move g.toml UNIT --path STEPS"


def test_the_hint_line_says_what_a_phase_still_needs():
    state = game(design("Wasp WSP-1A", "wasp"), phase=Phase.MOVEMENT)
    state = changed(state, initiative=("red",), move_order=())
    assert "next: before the movement phase ends: wasp has not moved" in " ".join(report(state).split())


def test_the_weapon_phase_hint_counts_the_declared_attacks():
    from btcli.model.state import AttackDeclaration

    state = two_mechs()
    state = changed(state, phase=Phase.WEAPON, declarations=(AttackDeclaration("hbk", "wasp", ("AC/20@RT",)),))
    assert ("next: 1 weapon attacks declared (btcli attack g.toml UNIT TARGET); resolve-phase fires them "
            "(btcli resolve-phase g.toml)") in " ".join(report(state).split())


def test_a_terminal_gets_colour_by_side_and_damage_and_no_colour_with_NO_COLOR(monkeypatch):
    state = put(two_mechs(), "wasp", destroyed=True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    coloured = report(state, Terminal())
    assert ANSI.search(coloured)
    assert "\x1b[1;34mhbk" in coloured  # the first side's units in bold blue
    assert re.search(r"\x1b\[1;31mdestroyed", coloured)  # destroyed in bold red
    assert ANSI.sub("", coloured).splitlines()[:6] == report(state).splitlines()[:6]  # same words as piped
    monkeypatch.setenv("NO_COLOR", "1")
    assert not ANSI.search(report(state, Terminal()))


def test_a_long_status_goes_under_its_row_and_never_past_80_columns():
    state = put(two_mechs(), "hbk", prone=True, shutdown=True, pilot_hits=3, conscious=False, heat=17)
    lines = report(state).splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("hbk "))
    assert all(len(line) <= 80 for line in lines)
    status = " ".join(line.strip() for line in lines[row:row + 3] if not line.startswith("wasp"))
    assert "prone, shut down, unconscious, heat 17, pilot hits 3" in status


def test_an_extra_weapon_mount_shows_rear_mounting():
    from tests.builders import armed

    state = two_mechs()
    state = state.with_unit(armed(state.units["hbk"], Mount("Medium Laser", "CT", rear=True)))
    assert "Medium Laser@CT(R)" in " ".join(card(report(state), "hbk"))
