"""The order in which assets deploy and move: alternating halves, assets before everything else (ASSET-INIT, ASSET-DEP-02).

A side with assets acts in two batches, the larger ceil(n / 2), and its owner
chooses whether the larger batch goes first or second (AMB-64). The sides
alternate batch by batch: for movement from the initiative loser (ASSET-INIT-02),
for deployment in the scenario's deployment order (ASSET-DEP-02). Gun
emplacements (every immobile asset) are left out of the movement split by
``turn_order.asset_movers`` (ASSET-INIT-04) but not out of
the deployment split (AMB-48). When one side alone has assets it moves (or
deploys) all of them in one batch, still before any non-asset (AMB-49).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import ceil

from btcli.errors import IllegalOrderError
from btcli.model.frozen import Record


class AssetBatch(Record):
    """One side deploying or moving ``size`` of its assets in its turn."""

    side: str
    size: int


def batch_sizes(count: int, larger_first: bool) -> tuple[int, int]:
    """Returns a side's two batch sizes: the larger ceil(n / 2), first or second as its owner chooses (ASSET-INIT-03, AMB-64)."""
    larger = ceil(count / 2)
    smaller = count - larger
    return (larger, smaller) if larger_first else (smaller, larger)


def check_batch_size(count: int, already: int, size: int, rule: str = "ASSET-INIT-03") -> None:
    """Raises IllegalOrderError unless ``size`` is a legal batch for a side with ``count`` assets of which ``already`` have gone.

    The first batch is one of the two halves, ceil(n / 2) or floor(n / 2); the
    second batch is every asset left (AMB-64). ``rule`` is ASSET-DEP-02 when deploying.
    """
    if already == 0:
        halves = sorted({ceil(count / 2), count // 2})
        if size not in halves:
            shown = " or ".join(str(h) for h in halves)
            raise IllegalOrderError(
                f"a side with {count} assets acts in halves: its first batch is {shown}, not {size}", rule
            )
        return
    left = count - already
    if size != left:
        raise IllegalOrderError(
            f"a side with {count} assets has {left} left for its second batch, not {size}", rule
        )


def asset_batches(
    counts: Mapping[str, int], order: Sequence[str], larger_first: Mapping[str, bool]
) -> tuple[AssetBatch, ...]:
    """Returns the asset batches in turn: each side's first half in ``order``, then each side's second half.

    ``larger_first`` holds each owner's choice (absent: larger batch first).
    Empty batches are left out; a side alone with assets acts in one batch (AMB-49).
    """
    sides = [side for side in order if counts.get(side, 0) > 0]
    if len(sides) == 1:
        return (AssetBatch(sides[0], counts[sides[0]]),)
    halves = {side: batch_sizes(counts[side], larger_first.get(side, True)) for side in sides}
    batches = [AssetBatch(side, halves[side][i]) for i in (0, 1) for side in sides]
    return tuple(b for b in batches if b.size > 0)

