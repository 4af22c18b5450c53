"""``report --format markdown``: the report as Markdown tables (for PBEM mails and PRs)."""

from __future__ import annotations

from btcli.model.state import GameState
from btcli.render.kind_views import of_view
from btcli.render.text import heat_cell, mp_now
from btcli.render.view import game_view


def _locations(current: dict[str, int], maximum: dict[str, int]) -> str:
    return " ".join(f"{loc} {current[loc]}/{maximum.get(loc, current[loc])}" for loc in current)


def render_markdown(state: GameState, game: str = "GAME") -> str:
    view = game_view(state, game)
    lines = [f"# {view['name']}", "", f"Turn {view['turn']}, {view['phase']} phase (revision {view['revision']})."]
    if view["initiative"]:
        lines.append(f"Initiative (moves first to last): {', '.join(view['initiative'])}.")
    for gid, group in view["drops"].items():
        when = f"turn {group['turn']}" if group["turn"] else f"turn {group['arrival']} (not rolled yet)"
        lines.append(f"Drop group {gid} arrives {when}: {', '.join(group['units']) or 'all landed'}.")
    if view["game_over"]:
        lines.append(f"**Game over: {view['result']}.**")
    else:
        lines.append(f"Next: {view['next']['hint']}.")
    lines += ["", "| Unit | Side | Type | Hex | Facing | Moved | MP | Heat | Armor | Internal | Status |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]
    for u in view["units"]:
        moved = u["movement"]
        status = u["status"] or "active"
        if u["crits"]:
            status += "; crits: " + ", ".join(u["crits"])
        kind = of_view(u)
        armor, internal = kind.card_columns(u) or (_locations(u['armor'], u['max_armor']),
                                                   _locations(u['internal'], u['max_internal']))
        lines.append(
            f"| {u['id']} | {u['side']} | {u['name']} | {kind.where(u)} | {u['facing']} | "
            f"{moved['mode']} {moved['hexes_moved']} | {mp_now(u)} | {heat_cell(u)[0]} | {armor} | {internal} | {status} |"
        )
    cards = {u["id"]: card for u in view["units"] if (card := of_view(u).card(u)) is not None}  # assets' cards
    armed = [u for u in view["units"] if u["weapon_states"] and u["id"] not in cards]
    if armed:
        lines += ["", "Weapons (state this turn) and ammunition:", ""]
        for u in armed:
            weapons = ", ".join(f"{w['weapon']}@{w['location']}{'(R)' if w['rear'] else ''}"
                                + (f" ({w['state']})" if w["state"] != "ready" else "") for w in u["weapon_states"])
            ammo = f"; ammo {', '.join(u['ammo'])}" if u["ammo"] else ""
            lines.append(f"- {u['id']}: {weapons}{ammo}")
    if cards:
        lines += ["", "Assets (Battlefield Support cards):", ""] + [f"- {card}" for card in cards.values()]
    if "maps" in view:
        from btcli.render.aero_view import text_lines

        lines += ["", "Maps and aerospace units:", ""] + [f"- {line}" for line in text_lines(view)]
    if view["structures"]:
        from btcli.render.text import structure_lines

        lines += ["", "Buildings and bridges:", ""] + [f"- {line}" for line in structure_lines(view)]
    if view["declarations"]:
        lines += ["", "Declared attacks:", ""]
        for d in view["declarations"]:
            what = ", ".join(d["weapons"]) or d["physical"]
            lines.append(f"- {d['attacker']} -> {d['target']}: {what}")
    return "\n".join(lines) + "\n"
