"""What ``btcli simulate`` reports of many games: per side the win rate with its 95% Wilson interval, draws,
the games' length, and per unit how often it survived and the damage it dealt. Pure: records in, a summary out;
a shard's records merge with another's by concatenation (``merge``)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the normal quantile of 97.5%: a two-sided 95% interval


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Returns the Wilson score interval of a binomial proportion (E. B. Wilson, JASA 22 (1927) 209-212):
    ``(centre -+ z * sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n)`` with centre ``p + z^2/2n``; (0, 1) for no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def summary(scenario: str, sides: list[str], games: list[dict], strength: dict | None = None) -> dict:
    """The summary of ``games`` (each ``{"index", "seed", "winner", "turns", "result", "units": {id: {"side",
    "survived", "damage"}}}``), as ``btcli simulate --json`` prints it (docs/json-output.md); ``strength``: each
    side's strength at the start (BOT-27, ``policy.strengths``), None where it is not measured."""
    n = len(games)
    games = sorted(games, key=lambda g: g["index"])
    by_side = {}
    for side in sides:
        wins = sum(1 for g in games if g["winner"] == side)
        low, high = wilson(wins, n)
        by_side[side] = {"wins": wins, "rate": wins / n if n else 0.0, "low": low, "high": high}
    draws = sum(1 for g in games if g["winner"] not in sides)
    turns = [g["turns"] for g in games]
    mean = sum(turns) / n if n else 0.0
    spread = math.sqrt(sum((t - mean) ** 2 for t in turns) / (n - 1)) if n > 1 else 0.0
    units: dict[str, dict] = {}
    for g in games:
        for uid, u in g["units"].items():
            row = units.setdefault(uid, {"side": u["side"], "survived": 0, "damage": 0})
            row["survived"] += 1 if u["survived"] else 0
            row["damage"] += u["damage"]
    unit_rows = {uid: {"side": r["side"], "survival": r["survived"] / n if n else 0.0,
                       "damage": r["damage"] / n if n else 0.0} for uid, r in sorted(units.items())}
    return {"scenario": scenario, "games": n, "sides": by_side, "strength": strength, "draws": draws,
            "draw_rate": draws / n if n else 0.0, "turns": {"mean": mean, "sd": spread,
                                                             "min": min(turns, default=0), "max": max(turns, default=0)},
            "units": unit_rows, "records": games}


def merge(results: list[dict]) -> dict:
    """Combines the ``--json`` results of shards of one simulation into the result of all their games; refuses
    shards of different scenarios or with a game counted twice."""
    from btcli.errors import InputError

    if not results:
        raise InputError("give the shards' JSON results to merge")
    scenario = results[0]["scenario"]
    sides = list(results[0]["sides"])
    games: dict[int, dict] = {}
    for result in results:
        if result.get("scenario") != scenario:
            raise InputError(f"cannot merge results of {result.get('scenario')!r} with results of {scenario!r}")
        for g in result.get("records", ()):
            if g["index"] in games:
                raise InputError(f"game {g['index']} is in two of the results (the same shard given twice?)")
            games[g["index"]] = g
    return summary(scenario, sides, list(games.values()), results[0].get("strength"))


def text(result: dict) -> list[str]:
    """The summary in words, one line each: the sides, draws, length, then a table of the units."""
    n = result["games"]
    lines = [f"{result['scenario']}: {n} games"]
    for side, s in result["sides"].items():
        lines.append(f"  {side}: won {s['wins']} ({s['rate']:.0%}; 95% interval {s['low']:.0%}-{s['high']:.0%})")
    strength = result.get("strength")
    if strength:
        ranked = sorted(strength.items(), key=lambda kv: -kv[1])
        ratio = f"{ranked[0][1] / ranked[-1][1]:.1f}" if ranked[-1][1] > 0 else "-"
        values = ", ".join(f"{side} {value:,.0f}" for side, value in strength.items())
        lines.append(f"  strength at the start: {values} ({ranked[0][0]} {ratio} times {ranked[-1][0]}'s)")
    elif "strength" in result:
        lines.append("  strength at the start: not measured (assets or aircraft in the battle)")
    t = result["turns"]
    lines.append(f"  draws: {result['draws']} ({result['draw_rate']:.0%})")
    lines.append(f"  length: {t['mean']:.1f} turns on average (sd {t['sd']:.1f}; {t['min']}-{t['max']})")
    lines.append(f"  {'unit':<20} {'side':<8} {'survived':>8} {'damage dealt':>13}")
    for uid, u in result["units"].items():
        lines.append(f"  {uid:<20} {u['side']:<8} {u['survival']:>8.0%} {u['damage']:>13.1f}")
    return lines
