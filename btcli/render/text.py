"""``report`` as text: a rich table on a terminal, plain aligned text when piped."""

from __future__ import annotations

import io

from btcli.model.state import GameState
from btcli.render.view import game_view


def _locations(current: dict[str, int], maximum: dict[str, int]) -> str:
    return " ".join(f"{loc} {current[loc]}/{maximum.get(loc, current[loc])}" for loc in current)


def _total(points: dict[str, int]) -> int:
    return sum(points.values())


def unit_rows(view: dict) -> list[list[str]]:
    """Returns the unit table's rows, the columns of ``HEADERS``, from a view's ``units`` (also the replay page's)."""
    rows = []
    for u in view["units"]:
        moved = u["movement"]
        status = u["status"]
        rows.append(
            [
                u["id"],
                u["side"],
                u["name"],
                (f"{u['aero']['map']}:{u['position']}" if "aero" in u and u["position"] else u["position"] or "-"),
                u["facing"],
                f"{moved['mode']} {moved['mp_spent']}MP {moved['hexes_moved']}hx" if moved["mode"] != "none" else "-",
                f"{_total(u['armor'])}/{_total(u['max_armor'])}" if "asset" not in u else "asset",
                f"{_total(u['internal'])}/{_total(u['max_internal'])}" if "asset" not in u else
                f"check {u['asset']['check']}",
                status,
            ]
        )
    return rows


def structure_lines(view: dict) -> list[str]:
    """Returns one line per building or bridge hex: type, height or level, CF, rubble, occupants."""
    lines = []
    for s in view["structures"]:
        name = f" [{s['structure']}]" if s["structure"] else ""
        if s["collapsed"]:
            lines.append(f"{s['hex']} {s['type']} {s['kind']}{name}: collapsed"
                         + (" (rubble)" if s["kind"] == "building" else ""))
            continue
        size = f"level {s['height']}" if s["kind"] == "building" else f"deck at level {s['level']}"
        text = f"{s['hex']} {s['type']} {s['kind']}{name}, {size}, CF {s['cf']}"
        if s["kind"] == "building" and s["basement"] not in ("not rolled", "none"):
            text += f", basement {s['basement']}"
        if s["units"]:
            text += ": " + ", ".join(s["units"])
        lines.append(text)
    return lines


def _aero_lines(view: dict) -> list[str]:
    """Returns the maps and the aerospace units' flight (games with aerospace maps only)."""
    if "maps" not in view:
        return []
    from btcli.render.aero_view import text_lines

    return text_lines(view)


def _damage_lines(view: dict) -> list[str]:
    """Returns per-location armor and structure for every damaged unit, and each asset's card and state."""
    from btcli.render.view import asset_line

    lines = [asset_line(u) for u in view["units"] if "asset" in u]
    for u in view["units"]:
        if "asset" in u:
            continue
        if "aero" in u:
            continue  # its arcs and SI are on its aerospace line
        lost = [w for w in u["weapons"] if w.endswith("(destroyed)")]
        if u["armor"] != u["max_armor"] or u["internal"] != u["max_internal"] or u["crits"]:
            pad = " " * len(u["id"])
            lines.append(f"{u['id']}: armor {_locations(u['armor'], u['max_armor'])}")
            lines.append(f"{pad}  internal {_locations(u['internal'], u['max_internal'])}")
            if u["crits"]:
                lines.append(f"{pad}  critical hits: {', '.join(u['crits'])}")
            if lost:
                lines.append(f"{pad}  weapons lost: {', '.join(w.removesuffix(' (destroyed)') for w in lost)}")
    return lines


HEADERS = ["unit", "side", "type", "hex", "face", "moved", "armor", "internal", "status"]


def _summary(view: dict) -> list[str]:
    lines = [f"{view['name']}: turn {view['turn']}, {view['phase']} phase (revision {view['revision']})"]
    if view["initiative"]:
        lines.append(f"initiative, first to move: {', '.join(view['initiative'])}")
    if view["next_to_move"]:
        lines.append(f"next to move: {view['next_to_move']}")
    for sid, side in view["sides"].items():
        lines.append(f"{sid} ({side['name']}): {side['units'] - side['losses']} of {side['units']} units active")
    for gid, group in view["drops"].items():
        when = f"turn {group['turn']}" if group["turn"] else f"turn {group['arrival']} (not rolled yet)"
        lines.append(f"drop group {gid} arrives {when}: {', '.join(group['units']) or 'all landed'}")
    if view["game_over"]:
        lines.append(f"GAME OVER: {view['result']}")
    return lines


def render_text(state: GameState, out: io.TextIOBase) -> None:
    view = game_view(state)
    if out.isatty():
        _render_rich(view, out)
        return
    for line in _summary(view):
        out.write(line + "\n")
    rows = [HEADERS] + unit_rows(view)
    widths = [max(len(r[i]) for r in rows) for i in range(len(HEADERS))]
    for r in rows:
        out.write("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip() + "\n")
    for line in _damage_lines(view) + _aero_lines(view):
        out.write(line + "\n")
    for line in structure_lines(view):
        out.write(line + "\n")
    for d in view["declarations"]:
        out.write(f"declared: {d['attacker']} -> {d['target']}: {', '.join(d['weapons']) or d['physical']}\n")


def _render_rich(view: dict, out: io.TextIOBase) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(file=out)
    for line in _summary(view):
        console.print(line, highlight=False, markup=False)
    table = Table()
    for header in HEADERS:
        table.add_column(header, no_wrap=header in ("unit", "hex", "armor", "internal"))
    from rich.text import Text

    for r in unit_rows(view):
        table.add_row(*(Text(cell) for cell in r))  # names are text, never markup
    console.print(table)
    for line in _damage_lines(view) + _aero_lines(view) + structure_lines(view):
        console.print(line, markup=False, highlight=False)
    for d in view["declarations"]:
        console.print(f"declared: {d['attacker']} -> {d['target']}: {', '.join(d['weapons']) or d['physical']}", markup=False)
