"""``btcli options``: a unit's options (btcli.rules.core.options) as one JSON object and as lines of text
(docs/json-output.md, README "Commands")."""

from __future__ import annotations

from btcli.model.options import GroundAttack, UnitOptions
from btcli.rules.core.options import hex_attack_dict, shot_dict

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from typing import Any


def options_json(found: UnitOptions) -> dict[str, Any]:
    """Returns the options as ``options --json`` prints them: ``moves`` (mode -> hex -> MP), ``targets`` (the
    shots as the unit stands), ``with_twist`` (the shots only a twist or turret rotation makes), ``physical``
    (the blows), and each kind's own part where it has one."""
    targets: dict[str, list[dict[str, object]]] = {}
    twisted: dict[str, list[dict[str, object]]] = {}
    for shot in found.shots:
        (twisted if shot.twist else targets).setdefault(shot.target, []).append(shot_dict(shot))
    blows: dict[str, list[dict[str, object]]] = {}
    for blow in found.blows:
        blows.setdefault(blow.target, []).append(
            {"attack": blow.attack, "to_hit": blow.to_hit, **({"location": blow.location} if blow.location else {})})
    data: dict[str, Any] = {
        "unit": found.unit, "turn": found.turn, "phase": found.phase, "now": list(found.now),
        **({"waits": found.waits} if found.waits else {}),
        "moves": {r.mode: {h.label: mp for h, mp in r.hexes} for r in found.moves},
        "targets": targets, "with_twist": twisted, "physical": blows,
    }
    if found.hex_attacks:  # URB-ATK-01: building and bridge hexes, by hex
        hexes: dict[str, dict[str, list[dict[str, object]]]] = {}
        for attack in found.hex_attacks:
            part = "physical" if attack.attack else "with_twist" if attack.twist else "weapons"
            hexes.setdefault(attack.hex.label, {}).setdefault(part, []).append(hex_attack_dict(attack))
        data["hex_targets"] = hexes
    if found.paths:
        data["paths"] = {code: mp for code, mp in found.paths}
    for key, name in (("stand_up", "stand_up"), ("masc", "masc"), ("physical_weapons", "physical_weapons"),
                      ("flying", "aero"), ("card", "asset"), ("drop", "drop")):
        value = getattr(found, key)
        if value is not None:
            data[name] = value
    if found.flights:
        data["flights"] = [{"mode": f.mode, "path": ",".join(f.path), "thrust": f.thrust, "velocity": f.velocity,
                            "end": f.end, "rolls": f.rolls, "facing": f.facing, "altitude": f.altitude,
                            "next_velocity": f.next_velocity, "outcome": f.outcome, "over_board": f.over_board}
                           for f in found.flights]
    if found.ground_attacks:
        data["ground_attacks"] = [{"mode": g.mode, "target": g.target, "weapons": list(g.weapons),
                                   "hexes": list(g.hexes), "bombs": g.bombs,
                                   "to_hit": {label: number for label, number in g.to_hit}}
                                  for g in found.ground_attacks]
    return data


def options_lines(found: UnitOptions) -> list[str]:
    """Returns the options as ``options`` prints them: what the phase takes now, then each kind of option."""
    data = options_json(found)
    lines = [f"{found.unit} ({found.phase} phase, turn {found.turn})"]
    lines.append("  now: " + (", ".join(found.now) if found.now else f"nothing ({found.waits or 'it waits'})"))
    for codes, what in (("LR", "turns in place"), ("AD", "climbs and descends")):
        steps = [f"{code} ({mp} MP)" for code, mp in found.paths if code in codes]
        if steps:
            lines.append(f"  {what} (--path): " + ", ".join(steps))
    if found.stand_up is not None:
        roll = f"roll {found.stand_up['target']}+" if found.stand_up["target"] is not None else "no roll"
        lines.append(f"  prone: stands up with --path U,... ({found.stand_up['mp']} MP, {roll})")
    masc = found.masc
    if masc is not None:  # EQ-MASC-05
        roll = "rolled already this turn" if masc["rolled"] else f"roll {masc['target']}+ on 2D6 beyond running MP"
        lines.append(f"  MASC (--mode masc): running MP {masc['mp']}, level {masc['level']}, {roll}")
    for mode, hexes in data["moves"].items():
        shown = " ".join(f"{label}:{mp}" for label, mp in hexes.items()) or "nowhere"
        lines.append(f"  {mode} reaches (hex:MP): {shown}")
    for target, weapons in data["targets"].items():
        lines.append(f"  fires at {target}: " + ", ".join(_shot(w) for w in weapons))
    for target, weapons in data["with_twist"].items():
        lines.append(f"  fires at {target} with --twist: " + ", ".join(
            f"{w['weapon']} {w['to_hit']}+ (--twist {w['twist']})" for w in weapons))
    if found.shots == () and found.card is None and found.flying is None and found.drop is None:
        lines.append("  no weapon can fire at an enemy from here")
    for label, parts in data.get("hex_targets", {}).items():  # URB-ATK-01
        words = [f"{w['weapon']} " + (f"{w['to_hit']}+" if w["to_hit"] is not None else "no roll (adjacent)")
                 for w in parts.get("weapons", [])]
        words += [f"{w['weapon']} " + (f"{w['to_hit']}+" if w["to_hit"] is not None else "no roll (adjacent)")
                  + f" (--twist {w['twist']})" for w in parts.get("with_twist", [])]
        words += [f"--physical {b['attack']}{' (' + b['location'] + ')' if b.get('location') else ''}"
                  for b in parts.get("physical", [])]
        lines.append(f"  attacks building/bridge hex {label}: " + ", ".join(words))
    for target, blows in data["physical"].items():
        lines.append(f"  physical at {target} (--physical): " + ", ".join(
            f"{b['attack']}{' (' + b['location'] + ')' if b.get('location') else ''} {b['to_hit']}+" for b in blows))
    weapons = found.physical_weapons
    if weapons is not None:  # EQ-PHYS-05
        lines.append("  carries " + ", ".join(f"a {c['kind']} ({c['location']}{'' if c['working'] else ', damaged'})"
                                              for c in weapons["carried"]))
        for target, swings in weapons["targets"].items():
            lines.append(f"  swings at {target} (--physical): " + ", ".join(
                f"{b['attack']} ({b['location']}) {b['to_hit']}+" for b in swings))
    lines += _kind_lines(found)
    return lines


def _shot(w: dict[str, object]) -> str:
    modes = w.get("modes")
    return (f"{w['weapon'] or 'card attack'} {w['to_hit']}+" + (f" (modes {'/'.join(map(str, modes))})" if isinstance(modes, list) else "")
            + (f" (C3 spotter {w['c3_spotter']})" if w.get("c3_spotter") else ""))


def _ground_attack(unit: str, g: GroundAttack) -> str:
    """One air-to-ground attack as its ``attack`` command and the to-hit number of each target."""
    weapons = "".join(f" --weapon {w!r}" if " " in w else f" --weapon {w}" for w in g.weapons)
    command = {"strike": f"attack {unit} {g.target}{weapons} --strike",
               "strafe": f"attack {unit}{weapons} --strafe {','.join(g.hexes)}",
               "bomb": f"attack {unit} {g.target} --bomb {g.bombs}"}[g.mode]
    hits = ", ".join(f"{label} {number}+" for label, number in g.to_hit) or "nothing in the hexes"
    return f"{g.mode} ({command}): {hits}"


def _kind_lines(found: UnitOptions) -> list[str]:
    """The lines of an aircraft's, an asset's and a dropping reserve's own options."""
    lines: list[str] = []
    if found.flying is not None:
        a = found.flying
        lines.append(f"  flies: velocity {a['velocity']}, thrust safe {a['safe_thrust']} / max {a['max_thrust']}"
                     + (", out of control: --mode safe with no path" if a.get("out_of_control") else ""))
        lines.append("  manoeuvres (steps, thrust): " + ", ".join(f"{k} {v}" for k, v in a["steps"].items()))
        for f in found.flights:
            where = {"left_map": ", flies off the map", "transit": ", leaves the map"}.get(f.outcome, "")
            lines.append(f"  flight --mode {f.mode} --path {','.join(f.path) or '(none)'}: thrust {f.thrust}, "
                         f"velocity {f.velocity} (next {f.next_velocity}), ends {f.end}"
                         + (f" {f.facing}" if f.facing else "") + (f" altitude {f.altitude}" if f.altitude else "")
                         + where + (f", over the ground board at altitude {f.over_board}" if f.over_board else "")
                         + (f", {f.rolls} roll(s)" if f.rolls else ""))
        for g in found.ground_attacks:
            lines.append("  " + _ground_attack(found.unit, g))
    if found.card is not None:
        a = found.card
        lines.append(f"  asset: {a['mp']} MP ({a['movement']}), attack {a['attack']}")
        if a["paths"]:
            lines.append("  paths (--path): " + " ".join(f"{h}:{p}" for h, p in a["paths"].items()))
        if a.get("backward_paths"):  # ASSET-MOVE-05
            lines.append("  backward paths (--mode backward --path): "
                         + " ".join(f"{h}:{p}" for h, p in a["backward_paths"].items()))
        shelling = a.get("artillery")
        if shelling is not None:  # an Artillery card's attack on a hex (UNVERIFIED)
            hexes = shelling["hexes"]
            lines.append(f"  artillery ({shelling['weapon']}, {shelling['to_hit']}+): attack {found.unit} HEX at "
                         + (f"any of {len(hexes)} hexes in its firing arc ({hexes[0]}..{hexes[-1]}), or an enemy's"
                            " hex by its name" if hexes else "no hex now"))
    if found.drop is not None:
        d = found.drop
        lines.append(f"  dropping: arrives turn {d['arrival_turn'] or '?'}; " + (", ".join(d["orders"]) or "no drop order now"))
    return lines
