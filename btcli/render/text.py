"""``report`` as text: a rich table on a terminal, plain aligned text when piped."""

from __future__ import annotations

import io

from btcli.model.state import GameState
from btcli.render.kind_views import of_view
from btcli.render.view import game_view


def _locations(current: dict[str, int], maximum: dict[str, int]) -> list[str]:
    return [f"{loc} {current[loc]}/{maximum.get(loc, current[loc])}" for loc in current]


def _total(points: dict[str, int]) -> int:
    return sum(points.values())


def unit_rows(view: dict) -> list[list[str]]:
    """Returns the unit table's rows, the columns of ``HEADERS``, from a view's ``units`` (also the replay page's)."""
    rows = []
    for u in view["units"]:
        moved = u["movement"]
        status = u["status"]
        kind = of_view(u)
        armor, inner = kind.card_columns(u) or (f"{_total(u['armor'])}/{_total(u['max_armor'])}",
                                                f"{_total(u['internal'])}/{_total(u['max_internal'])}")
        rows.append(
            [
                u["id"],
                u["side"],
                u["name"],
                kind.where(u),
                u["facing"],
                f"{moved['mode']} {moved['mp_spent']}MP {moved['hexes_moved']}hx" if moved["mode"] != "none" else "-",
                armor,
                inner,
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


HEADERS = ["unit", "side", "type", "hex", "face", "moved", "armor", "internal", "status"]  # the replay page's table


def _summary(view: dict) -> list[str]:
    lines = [f"{view['name']}: turn {view['turn']}, {view['phase']} phase (revision {view['revision']})"]
    if view["initiative"]:
        lines.append(f"initiative, first to move: {', '.join(view['initiative'])}")
    for sid, side in view["sides"].items():
        lines.append(f"{sid} ({side['name']}): {side['units'] - side['losses']} of {side['units']} units active")
    for gid, group in view["drops"].items():
        when = f"turn {group['turn']}" if group["turn"] else f"turn {group['arrival']} (not rolled yet)"
        lines.append(f"drop group {gid} arrives {when}: {', '.join(group['units']) or 'all landed'}")
    if view["game_over"]:
        lines.append(f"GAME OVER: {view['result']}")
    else:
        lines.append(f"next: {view['next']['hint']}")
    return lines


# -- the report at a glance (issue #15): a table that fits 80 columns, then each unit's card ----------

WIDTH = 80  # piped output (mail, files, scripts) always wraps here; a terminal wraps at its own width
TABLE = ["unit", "side", "hex", "moved", "MP", "armor", "int", "heat", "status"]  # hex: where and facing
SIDE_STYLES = ("bold blue", "bold red", "bold green", "bold magenta", "bold cyan", "bold yellow")

Cell = tuple[str, str]  # text and its rich style ("" for none)


def _moved(u: dict) -> str:
    m = u["movement"]
    if m["mode"] == "none":
        return "-"
    return m["mode"] if m["mode"] == "stand" else f"{m['mode']} {m['hexes_moved']}hx"


def mp_now(u: dict) -> str:
    """A unit's MP now as the report shows it: walk/run/jump, cruise/flank, an asset's fixed MP (its kind's
    view says: an aerospace unit's thrust is on its aerospace line)."""
    return of_view(u).mp_cell(u)


def _damage_style(now: int, most: int, hurt: str) -> str:
    return "" if now >= most else hurt


def heat_cell(u: dict) -> Cell:
    """A unit's heat and its colour ('-' for units that track none, VEH-HEAT-01)."""
    heat = of_view(u).heat(u)
    if heat is None:
        return "-", ""
    return str(heat), "bold red" if heat >= 14 else "yellow" if heat >= 5 else ""  # 14+: shutdown rolls (tables.md 15)


def table_rows(view: dict, side_style: dict[str, str]) -> list[list[Cell]]:
    """Returns the unit table's rows (cells ``TABLE``), each cell with its colour."""
    rows = []
    for u in view["units"]:
        own = side_style.get(u["side"], "")
        kind = of_view(u)
        where = kind.where(u)
        columns = kind.card_columns(u)
        if columns is not None:  # an asset's card: no armor, its check
            armor: Cell = (columns[0], "")
            inner: Cell = (columns[1], "")
        else:
            armor_now, armor_max = _total(u["armor"]), _total(u["max_armor"])
            inner_now, inner_max = _total(u["internal"]), _total(u["max_internal"])
            armor = (f"{armor_now}/{armor_max}", _damage_style(armor_now, armor_max, "yellow"))
            inner = (f"{inner_now}/{inner_max}", _damage_style(inner_now, inner_max, "red"))
        status = u["status"]
        row = [(u["id"], own), (u["side"], own), (f"{where} {u['facing']}" if where != "-" else "-", ""), (_moved(u), ""), (mp_now(u), ""),
               armor, inner, heat_cell(u), (status, "bold red" if u["destroyed"] else "yellow" if status else "")]
        if u["destroyed"]:
            row = [(text, style or "dim") if i != len(row) - 1 else (text, style) for i, (text, style) in enumerate(row)]
        rows.append(row)
    return rows


def _weapon(w: dict) -> Cell:
    count = w.get("count", 1)  # an aerospace record sheet's entry: several weapons in one arc
    state = w["state"] if count == 1 or w["state"] == "destroyed" else ", ".join(
        f"{w[k]} {k}" for k in ("destroyed", "fired") if w[k])
    if count == 1 and w.get("mode") and state == "fired":  # EQ-STATE-01: the mode it fired in this turn
        state = f"fired {w['mode']}{' shots' if str(w['mode']).isdigit() else ''}"
    text = f"{f'{count} ' if count > 1 else ''}{w['weapon']}@{w['location']}{'(R)' if w['rear'] else ''}" + (
        f" ({state})" if state and state != "ready" else "")
    return text, {"destroyed": "red strike", "jammed": "yellow", "fired": "dim", "spent": "dim"}.get(w["state"], "")


def unit_card(u: dict, side_style: str) -> list[list[Cell]]:
    """Returns a unit's card: its design and crew, heat and heat sinks, then its weapons with their state."""
    kind = of_view(u)
    whole = kind.card(u)
    if whole is not None:  # an asset's card in one line
        return [[(whole, side_style if not u["destroyed"] else "dim")]]
    facts = [f"{u['name']}, {u['tons']} t" + (f", {u['engine']} engine" if "engine" in u else ""), kind.crew(u)]
    if "heat_sinks" in u:
        sinks = u["heat_sinks"]
        working = sinks["working"]
        double = "double " if sinks.get("type") in ("double", "clan_double") else ""  # EQ-HS-01
        facts.append(f"heat {u['heat']}, {working} {double}heat sink{'s' if working != 1 else ''}"
                     + (f" ({sinks['total'] - working} destroyed)" if working < sinks["total"] else ""))
    line: list[Cell] = [(u["id"], side_style), ("  " + "; ".join(facts), "dim" if u["destroyed"] else "")]
    weapons: list[Cell] = []
    for i, w in enumerate(u["weapon_states"]):
        weapons += ([(", ", "")] if i else []) + [_weapon(w)]
    card = [line, [("  ", "")] + (weapons or [("no weapons", "dim")])]
    if u["ammo"]:
        card.append([("  ammo: " + ", ".join(_bin(a) for a in u["ammo"]), "")])
    if u.get("electronics"):
        card.append([("  " + ", ".join(u["electronics"]), "")])
    if u.get("carried"):  # EQ-INERT-05
        card.append([("  carries (no part in play): " + ", ".join(u["carried"]), "dim")])
    return card


def _bin(text: str) -> str:
    """'AC/20@LT: 5' (the view's ammunition bin) as 'AC/20 5 (LT)'."""
    where, _, shots = text.rpartition(": ")
    weapon, _, location = where.rpartition("@")
    return f"{weapon} {shots} ({location})"


def _damage_lines_of(u: dict) -> list[str]:
    """Per-location armor and structure and the critical hits of a damaged unit ('Mechs, vehicles, infantry)."""
    if not of_view(u).locations or (u["armor"] == u["max_armor"] and u["internal"] == u["max_internal"]
                                     and not u["crits"]):
        return []
    lines = [_listed("  armor", _locations(u["armor"], u["max_armor"])),
             _listed("  internal", _locations(u["internal"], u["max_internal"]))]
    if u["crits"]:
        lines.append(_listed("  critical hits:", u["crits"], ", "))
    return lines


def _listed(title: str, items: list[str], between: str = " ") -> list[Cell]:
    """A title and its items as cells, each item kept whole when the line wraps; damage in yellow."""
    return [(title + " ", "")] + [(item + (between if i + 1 < len(items) else ""), "yellow")
                                  for i, item in enumerate(items)]


def _wrap(cells: list[Cell], width: int, indent: int, whole: bool = False) -> list[list[Cell]]:
    """Splits a line of cells into lines of at most ``width`` characters at spaces (between cells only if
    ``whole``: a weapon's name is never split), continuing after ``indent``."""
    if sum(len(text) for text, _ in cells) <= width:  # the common case: it fits (an 80-unit report, issue #17)
        return [list(cells)]
    pieces = [(word, style) for text, style in cells
              for word in ([text] if whole and len(text) <= width - indent else _words(text))]
    lines: list[list[Cell]] = [[]]
    used = 0
    for i, (word, style) in enumerate(pieces):
        if word.startswith((",", ";")) and lines[-1]:  # never starts a line: it went down with its word (issue #33)
            lines[-1].append((word, style))
            used += len(word)
            continue
        after = pieces[i + 1][0] if i + 1 < len(pieces) else ""
        tail = len(after.rstrip()) if after.startswith((",", ";")) else 0  # the separator that follows the word
        if used + len(word.rstrip()) + tail > width and used > indent:
            lines.append([(" " * indent, "")])
            used = indent
            word = word.lstrip()
        lines[-1].append((word, style))
        used += len(word)
    return lines


def _words(text: str) -> list[str]:
    """Splits text into pieces that each end after a space (a word and the spaces behind it)."""
    pieces, start, n = [], 0, len(text)
    space = text.find(" ")
    while space >= 0:
        end = space + 1
        while end < n and text[end] == " ":
            end += 1
        pieces.append(text[start:end])
        start = end
        space = text.find(" ", end)
    if start < n:
        pieces.append(text[start:])
    return pieces


def _phrases(text: str, style: str = "") -> list[Cell]:
    """A line cut after each ', ' and '; ', so that wrapping keeps a phrase ('thrust left 9/9') whole
    (string methods: re's import would cost every report some milliseconds, issue #17)."""
    pieces, start = [], 0
    for i in range(1, len(text)):
        if text[i] == " " and text[i - 1] in ",;":
            pieces.append((text[start:i + 1], style))
            start = i + 1
    if start < len(text):
        pieces.append((text[start:], style))
    return pieces


def report_lines(view: dict, width: int = WIDTH) -> list[list[Cell]]:
    """Returns the whole text report as lines of coloured cells, wrapped to ``width``."""
    side_style = {sid: SIDE_STYLES[i % len(SIDE_STYLES)] for i, sid in enumerate(view["sides"])}
    out: list[list[Cell]] = []
    for line in _summary(view):
        out += _wrap(_phrases(line, "bold" if line.startswith(("next:", "GAME OVER")) else ""), width, 6, whole=True)
    out.append([])
    rows = table_rows(view, side_style)
    widths = [max([len(TABLE[i])] + [len(r[i][0]) for r in rows]) for i in range(len(TABLE))]
    status_at = sum(widths[:-1]) + 2 * (len(TABLE) - 1)
    for row in [[(h, "bold") for h in TABLE]] + rows:
        cells: list[Cell] = []
        for i, (text, style) in enumerate(row[:-1]):
            cells += [(text, style), (" " * (widths[i] - len(text) + 2), "")]
        text, style = row[-1]
        parts = [(part + (", " if i + 1 < len(text.split(", ")) else ""), style)
                 for i, part in enumerate(text.split(", ")) if part]
        if status_at + len(text) <= width:
            out.append(cells + parts)
        else:  # a long status goes under the row, after the unit's id
            out += [cells] + _wrap([(" " * (widths[0] + 2), "")] + parts, width, widths[0] + 2, whole=True)
    out.append([])
    for u in view["units"]:
        for i, line in enumerate(unit_card(u, side_style.get(u["side"], ""))):
            out += _wrap(line, width, 4, whole=i == 1)
        for line in _damage_lines_of(u):
            out += _wrap(line, width, 4, whole=True)
    extra = _aero_lines(view) + structure_lines(view) + [
        f"declared: {d['attacker']} -> {d['target']}: {', '.join(d['weapons']) or d['physical']}"
        for d in view["declarations"]]
    if extra:
        out.append([])
    for line in extra:
        out += _wrap(_phrases(line), width, 4, whole=True)
    return out


def _plain(line: list[Cell]) -> str:
    return "".join(text for text, _ in line).rstrip()


def render_text(state: GameState, out: io.TextIOBase, game: str = "GAME") -> None:
    """Writes the report: coloured on a terminal (none with NO_COLOR), plain and 80 columns wide when piped."""
    import os

    view = game_view(state, game)
    if not out.isatty() or os.environ.get("NO_COLOR"):  # https://no-color.org
        out.write("".join(_plain(line) + "\n" for line in report_lines(view)))
        return
    import shutil

    from rich.console import Console
    from rich.text import Text

    width = max(60, shutil.get_terminal_size((WIDTH, 24)).columns)
    console = Console(file=out, width=width, highlight=False)
    for line in report_lines(view, width):
        text = Text(no_wrap=True, end="\n")
        for piece, style in line:
            text.append(piece, style=style or None)
        text.rstrip()
        console.print(text, soft_wrap=True)
