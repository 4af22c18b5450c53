"""``report --since``: the log entries after a revision, in words, grouped by turn and phase (text,
Markdown and JSON), short enough for a commit message or an email body.

The entries already hold their events and rolls as sentences (the log is written in words), so this
only arranges them: a summary line first (a commit message's subject), then each turn and phase with
its orders, their events and their rolls, then where the game stands now.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from typing import Any

    from btcli.model.state import GameState


def phase_words(phase: str) -> str:
    """Returns a logged phase as words: ``aero_movement`` -> ``aero movement``."""
    return phase.replace("_", " ")


def groups(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Returns the entries grouped by (turn, phase), in log order: ``[{"turn", "phase", "entries"}]``."""
    out: list[dict[str, Any]] = []
    for e in entries:
        if not out or (out[-1]["turn"], out[-1]["phase"]) != (e.get("turn"), e.get("phase")):
            out.append({"turn": e.get("turn"), "phase": e.get("phase"), "entries": []})
        out[-1]["entries"].append({"seq": e["seq"], "command": e.get("command", ""),
                                   "events": list(e.get("events", [])), "rolls": list(e.get("rolls", []))})
    return out


def _where(turn: object, phase: object) -> str:
    return f"turn {turn} {phase_words(str(phase))} phase"


def summary(base: dict[str, Any] | None, entries: list[dict[str, Any]], state: GameState) -> str:
    """Returns the one-line summary: how many entries, from where to where (a commit message's subject)."""
    if not entries:
        where = _where(base["turn"], base["phase"]) if base else "the start"
        return f"nothing new since entry {base['seq'] if base else 0} ({where})"
    first, last = entries[0], entries[-1]
    count = f"{len(entries)} entr{'y' if len(entries) == 1 else 'ies'}"
    span = f"{first['seq']}" if first is last else f"{first['seq']}-{last['seq']}"
    to = f"game over, {state.winner} wins" if state.winner and state.winner != "draw" else \
        "game over, a draw" if state.winner else f"now {_where(state.turn, state.phase.value)}"
    return f"{count} ({span}) from {_where(first['turn'], first['phase'])}; {to}"


def as_json(game: str, base: dict[str, Any] | None, entries: list[dict[str, Any]], state: GameState,
            next_step: dict[str, object]) -> dict[str, Any]:
    """Returns the JSON object of ``report --since`` (docs/json-output.md)."""
    return {"game": game, "since": base["seq"] if base else 0, "summary": summary(base, entries, state),
            "entries": len(entries), "groups": groups(entries),
            "now": {"turn": state.turn, "phase": state.phase.value, "revision": state.revision,
                    "winner": state.winner or None, "next": next_step}}


def as_text(base: dict[str, Any] | None, entries: list[dict[str, Any]], state: GameState, hint: str) -> str:
    """Returns the plain-text form: the summary line, a blank line, then each turn and phase."""
    lines = [summary(base, entries, state)]
    for group in groups(entries):
        lines += ["", f"Turn {group['turn']}, {phase_words(str(group['phase']))} phase:"]
        for e in group["entries"]:
            lines.append(f"  {e['seq']}. {e['command']}")
            lines += [f"     {text}" for text in e["events"]]
            lines += [f"     roll: {text}" for text in e["rolls"]]
    if entries:
        lines += ["", f"Next: {hint}."]
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    """Escapes what Markdown would take for markup in a logged sentence."""
    for c in "\\`*_[]<|":
        text = text.replace(c, "\\" + c)
    return text


def as_markdown(base: dict[str, Any] | None, entries: list[dict[str, Any]], state: GameState,
                step: dict[str, Any]) -> str:
    """Returns the Markdown form (a pull request's or job summary's body): a heading, then a list per
    turn and phase, each order in code with its events and rolls under it."""
    lines = [f"### {_md(summary(base, entries, state))}"]
    for group in groups(entries):
        lines += ["", f"**Turn {group['turn']}, {phase_words(str(group['phase']))} phase**", ""]
        for e in group["entries"]:
            command = e["command"].replace("`", "'")
            lines.append(f"- {e['seq']}. `{command}`")
            lines += [f"  - {_md(text)}" for text in e["events"]]
            lines += [f"  - roll: {_md(text)}" for text in e["rolls"]]
    if entries:
        told = f" ({step['command']})" if step["command"] else ""
        what = str(step["hint"]).removesuffix(told) if told else str(step["hint"])
        lines += ["", f"Next: {_md(what)}" + (f" (`{step['command']}`)." if told else ".")]
    return "\n".join(lines) + "\n"
