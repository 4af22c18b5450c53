"""General rules of Battlefield Support assets (seed 004, ASSET-GEN): what assets never do, and what they count for.

Pure decisions the game flow asks about an asset: a Piloting or Driving Skill
Roll always fails (so the action is not allowed), rules that need turn-to-turn
tracking are not used, which objectives assets can achieve, how two vehicles
in one hex are shown, and the default skill of a card that must be filled in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from btcli.errors import IllegalOrderError
from btcli.model.assets import AssetKind


@dataclass(frozen=True, slots=True)
class PilotingOutcome:
    """The result of a Piloting/Driving Skill Roll an asset is asked for: failed, no dice rolled (ASSET-GEN-01)."""

    success: bool = False
    rolled: bool = False
    reason: str = "assets never make Piloting or Driving Skill Rolls: automatic failure (ASSET-GEN-01)"


def piloting_roll(asset: str, purpose: str) -> PilotingOutcome:
    """Returns the outcome of a PSR forced on an asset: an automatic failure, without a roll (ASSET-GEN-01)."""
    return PilotingOutcome(reason=f"'{asset}' fails the {purpose} roll automatically: assets make no PSRs (ASSET-GEN-01)")


def check_action_without_psr(asset: str, action: str, needs_psr: bool, scenario_allows: bool = False) -> None:
    """Raises IllegalOrderError when an action needs a PSR the asset cannot make (ASSET-GEN-01).

    ``scenario_allows`` is the scenario saying otherwise, as the seed permits.
    """
    if needs_psr and not scenario_allows:
        raise IllegalOrderError(
            f"'{asset}' cannot {action}: it would need a Piloting/Driving Skill Roll, which assets never make",
            "ASSET-GEN-01",
        )


def rule_applies(needs_turn_to_turn_tracking: bool) -> bool:
    """Tells whether a rule not covered by seed 004 is used for assets: not if it tracks anything per turn (ASSET-GEN-02)."""
    return not needs_turn_to_turn_tracking


def tracks_heat_or_ammunition() -> bool:
    """Tells whether an asset tracks heat or ammunition: never (ASSET-GEN-02, ASSET-ATK-08)."""
    return rule_applies(needs_turn_to_turn_tracking=True)


def token_roles(vehicles_in_hex: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """Returns how the vehicle assets of one hex are shown: the first as the miniature, the next as a token beneath it (ASSET-GEN-04)."""
    return tuple((asset, "miniature" if i == 0 else "token") for i, asset in enumerate(vehicles_in_hex))


class Objective(str, Enum):
    """The kinds of scenario objective seed 004 names (ASSET-GEN-06)."""

    DESTROY = "destroy"  # destroying enemy units, assets included (AMB-47)
    CLAIM = "claim"  # claiming a marker by presence
    SCAN = "scan"
    EXIT = "exit"  # leaving by a map edge


def counts_for_objective(objective: Objective, scenario_allows: bool = False) -> bool:
    """Tells whether an asset's action counts toward ``objective``: only destroying the enemy, unless the scenario says so (ASSET-GEN-06, AMB-47)."""
    return objective is Objective.DESTROY or scenario_allows


# AMB-69: gun emplacements and Clan units such as Elementals default to 5 (Veteran 4), others to 6 (5).
DEFAULT_SKILL = (6, 5)
DEFAULT_SKILL_EMPLACEMENT_OR_CLAN = (5, 4)


def default_skill(kind: AssetKind, clan: bool) -> tuple[int, int]:
    """Returns the (skill, Veteran skill) a card gets when it must be filled in; a printed value always wins (ASSET-GEN-07, AMB-69)."""
    if kind is AssetKind.GUN_EMPLACEMENT or clan:
        return DEFAULT_SKILL_EMPLACEMENT_OR_CLAN
    return DEFAULT_SKILL
