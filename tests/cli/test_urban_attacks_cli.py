"""``btcli attack GAME UNIT CCRR`` end to end: a weapon attack on a building hex from the next hex always hits
(URB-ATK-01, URB-ATK-04) and lowers the hex's CF when the weapon attack phase ends (URB-ATK-06, URB-COLL-03);
``--girder`` outside rubble is refused with the rule (URB-CLUB-01)."""

from __future__ import annotations

from pathlib import Path

import pytest

from btcli.model.hexgrid import HexId
from btcli.store import gamefile
from tests.builders import design, scenario_text
from tests.cli.helpers import init_game, ok, run

SCENARIO = scenario_text(design("Hunchback HBK-4G", "hbk", at="0506"),
                         design("Atlas AS7-D", "atlas", at="1212", side="blue"), width=12, height=12,
                         hexes={"0505": {"building": {"type": "medium", "height": 2, "cf": 40}}}, name="urban cli", seed=3)


@pytest.fixture
def weapon_phase(tmp_path) -> Path:
    path = init_game(tmp_path, SCENARIO, scenario_name="urban.toml")
    ok("resolve-phase", path, "--dice", "8,5", "-q")
    ok("move", path, "atlas", "--mode", "stand", "-q")
    ok("move", path, "hbk", "--mode", "stand", "-q")
    ok("resolve-phase", path, "-q")
    return path


def building_cf(path: Path) -> int:
    """The CF of the building in 0505 as the saved game holds it."""
    return gamefile.load(path).state.board.hex(HexId.parse("0505")).building.cf


def test_urb_atk_04_cli_adjacent_attack_on_a_building_hits_and_lands_at_the_phase_end(weapon_phase):
    result = ok("attack", weapon_phase, "hbk", "0505", "-w", "AC/20")
    assert "hbk fires AC/20@RT at building hex 0505 from the next hex: an automatic hit for 20" in result.out
    assert building_cf(weapon_phase) == 40
    result = ok("resolve-phase", weapon_phase)
    assert "building hex 0505 takes 20 damage: CF 40 -> 20" in result.out
    assert building_cf(weapon_phase) == 20


def test_urb_club_01_cli_girder_search_outside_rubble_is_refused(weapon_phase):
    before = weapon_phase.read_bytes()
    result = run("attack", weapon_phase, "hbk", "--girder")
    assert result.code == 3
    assert "URB-CLUB-01" in result.err
    assert weapon_phase.read_bytes() == before
