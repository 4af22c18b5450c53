"""Who fired at whom this phase (issue #33 item 6): the replay page's attack lines, read from the events' values
(never their sentences), and the lines drawn over the ground board.

``attacks(events)`` turns one log entry's events into ``Attack`` records: a weapon, a physical blow, an asset's
card or an artillery shell aimed at a unit or a hex, with what came of it: ``hit``, ``miss``, ``held`` (a to-hit
number beyond 12), ``no lock`` (a Streak), ``pending`` (a physical attack declared, rolled as the phase ends) or
``cancelled``. ``Phase`` gathers a phase's attacks entry by entry: a declared blow's line is replaced by its
result when the phase ends, and a weapon's damage is ``pending`` until then (simultaneous fire: the weapon phase's
damage lands as it ends, ``GameState.pending``). ``svg_lines`` draws them on the ground board, one arrow from
attacker to target for each pair.

Imported only by the replay page (``btcli.render.replay``).
"""

from __future__ import annotations

from btcli.model.frozen import Record

# Each attack event by its class's name: what came of it. Its fields name the rest (``attacker``: ``unit`` or
# ``attacker``; ``target``: ``target`` or ``hex``; what: ``weapon``, ``attack`` or ``card``; the damage: ``damage``,
# ``amount`` or ``per_bomb``; the roll and its target number: ``roll``, ``to_hit`` or ``tn``).
RESULTS = {
    # weapon fire (events_combat), at a building hex (events_urban), aerospace fire (events_aero)
    "WeaponHit": "hit", "WeaponMissed": "miss", "WeaponHeld": "held", "StreakNoLock": "no lock",
    "HexHit": "hit", "HexHitPointBlank": "hit", "HexMissed": "miss", "HexFireHeld": "held",
    "AirShotHit": "hit", "ShotMissed": "miss", "ShotHeld": "held", "AirShotHeld": "held",
    "GroundAttackHit": "hit", "GroundAttackMissed": "miss", "BombsHit": "hit", "BombsMissed": "miss",
    # an asset's card attack and artillery (events_assets)
    "AssetAttackHit": "hit", "AssetAttackMissed": "miss", "AssetHoldsFire": "held",
    "ArtilleryStrikes": "hit", "ArtilleryMisses": "miss",
    # physical attacks: declared, then resolved as the phase ends (events_combat, events_ground, events_urban)
    "PhysicalDeclared": "pending", "BlowAtHexDeclared": "pending",
    "BlowHit": "hit", "BlowDestroysRotor": "hit", "BlowMissed": "miss", "BlowCancelled": "cancelled",
    "BlowAtHexLands": "hit", "BlowAtHexFails": "cancelled",
}


class Attack(Record):
    """One attack: ``attacker`` at ``target`` (a unit's id or a hex's label) with ``what`` (a weapon, a blow, a
    card), its ``result``, the ``damage`` it does (0: none or not known yet), its ``roll`` and target number
    ``tn`` (0: not rolled), and whether its damage is still ``pending`` (it lands as the phase ends)."""

    attacker: str
    target: str
    what: str
    result: str
    damage: int = 0
    roll: int = 0
    tn: int = 0
    pending: bool = False
    hex: bool = False  # the target is a hex

    def as_json(self) -> dict[str, object]:
        return {"attacker": self.attacker, "target": self.target, "what": self.what, "result": self.result,
                "damage": self.damage, "roll": self.roll, "tn": self.tn, "pending": self.pending}


def _field(event, *names, default=None):
    for name in names:
        value = getattr(event, name, None)
        if value is not None:
            return value
    return default


def attack_of(event) -> Attack | None:
    """Returns the attack an event reports (None: the event is not an attack's)."""
    result = RESULTS.get(type(event).__name__)
    if result is None:
        return None
    place = getattr(event, "hex", None)
    target = _field(event, "target")
    if target is None and place is not None:
        target = place.label
    damage = _field(event, "damage", "amount", "per_bomb", default=0) if result == "hit" else 0
    return Attack(str(_field(event, "unit", "attacker", default="?")), str(target or "?"),
                  str(_field(event, "weapon", "attack", "card", "mode", default="attack")), result, int(damage or 0),
                  int(_field(event, "roll", default=0) or 0), int(_field(event, "to_hit", "tn", default=0) or 0),
                  result == "hit", place is not None and target == place.label)


class Phase:
    """The attacks of one phase, gathered entry by entry (``add``), as the replay page shows them."""

    def __init__(self) -> None:
        self.key: tuple[object, object] | None = None
        self.attacks: list[Attack] = []

    def add(self, key: tuple[object, object], events, ended: bool) -> list[Attack]:
        """Adds one entry's attacks (``key``: the turn and phase the entry was played in; ``ended``: the entry
        ended that phase, so its damage has landed) and returns the phase's attacks so far."""
        if key != self.key:
            self.key, self.attacks = key, []
        for event in events:
            attack = attack_of(event)
            if attack is None:
                continue
            declared = next((i for i, a in enumerate(self.attacks) if a.result == "pending" and
                             (a.attacker, a.what, a.target) == (attack.attacker, attack.what, attack.target)), None)
            if declared is not None and attack.result != "pending":  # a blow resolved as the phase ends
                self.attacks[declared] = attack
            else:
                self.attacks.append(attack)
        if ended:
            self.attacks = [a if not a.pending else _landed(a) for a in self.attacks]
        return list(self.attacks)


def _landed(a: Attack) -> Attack:
    return Attack(a.attacker, a.target, a.what, a.result, a.damage, a.roll, a.tn, False, a.hex)


# -- on the ground board ------------------------------------------------------------------------------------

STYLE = {"hit": ("3", ""), "miss": ("2", "6 4"), "pending": ("2", "2 3"), "held": ("1.5", "1 4"),
         "no lock": ("1.5", "1 4"), "cancelled": ("1.5", "1 4")}


def svg_lines(state, attacks: list[Attack], centre, colours: dict[str, str]) -> list[str]:
    """Returns the attacks on the ground board as one SVG group: an arrow from each attacker to each of its
    targets (solid: a hit, dashed: all missed, dotted: pending or not fired) in the attacker's side's colour
    (``colours``), with the damage (or 'miss') at its middle and every attack of the pair in its tooltip.
    ``centre(hex)`` is where a hex's centre is on the board (``svg._center``)."""
    from xml.sax.saxutils import escape

    from btcli.model.hexgrid import HexId
    from btcli.render import svg_marks as marks

    pairs: dict[tuple[str, str], list[Attack]] = {}
    for a in attacks:
        pairs.setdefault((a.attacker, a.target), []).append(a)
    out = ['<g class="attacks">']
    for (attacker, target), shots in pairs.items():
        unit = state.units.get(attacker)
        if unit is None or unit.hex is None:
            continue  # an aircraft on another map, an asset off the board: its lines are in the list only
        aimed = state.units.get(target)
        to = aimed.hex if aimed is not None else _hex(target, HexId)
        if to is None or to == unit.hex:
            continue
        (x1, y1), (x2, y2) = centre(unit.hex), centre(to)
        cy = marks.MARKER_CENTRE[1]
        y1, y2 = y1 + cy, y2 + cy
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        sx, sy, ex, ey = x1 + ux * 12, y1 + uy * 12, x2 - ux * 15, y2 - uy * 15  # clear of both markers
        kind = "hit" if any(a.result == "hit" for a in shots) else "pending" if any(
            a.result == "pending" for a in shots) else "miss" if any(a.result == "miss" for a in shots) else "held"
        width, dash = STYLE[kind]
        colour = colours.get(unit.side, "#555555")
        damage = sum(a.damage for a in shots)
        waiting = any(a.pending for a in shots)
        title = "; ".join(line(a) for a in shots)
        head = [(ex + ux * 7, ey + uy * 7), (ex - uy * 4, ey + ux * 4), (ex + uy * 4, ey - ux * 4)]
        out.append(f'<g class="attack {kind.replace(" ", "-")}"><title>{escape(title)}</title>'
                   f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" stroke="#ffffff" '
                   f'stroke-width="{float(width) + 2.5:g}" stroke-opacity="0.8" stroke-linecap="round"/>'
                   f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" stroke="{colour}" '
                   f'stroke-width="{width}" stroke-linecap="round"'
                   + (f' stroke-dasharray="{dash}"' if dash else "") + "/>"
                   + f'<path d="M{head[0][0]:.1f},{head[0][1]:.1f} L{head[1][0]:.1f},{head[1][1]:.1f} '
                     f'L{head[2][0]:.1f},{head[2][1]:.1f} Z" fill="{colour}" stroke="#ffffff" stroke-width="0.8"/>')
        words = (f"{damage}" + ("*" if waiting else "")) if kind == "hit" else kind
        out.append(marks.text((sx + ex) / 2, (sy + ey) / 2 + 3, words, 9, "bold",
                              marks.label_ink(colour), halo=marks.LABEL_HALO) + "</g>")
    out.append("</g>")
    return out


def _hex(label: str, hex_type):
    from btcli.errors import InputError

    try:
        return hex_type.parse(label)
    except (InputError, ValueError):  # a target that is neither a unit nor a hex (a strafed line): no line
        return None


def line(a: Attack) -> str:
    """Returns an attack in words, from its values: who, at whom, with what, what came of it."""
    rolled = f" (needs {a.tn}, rolls {a.roll})" if a.roll else f" (needs {a.tn})" if a.tn else ""
    damage = f", {a.damage} damage" if a.damage else ""
    waiting = " (pending: lands as the phase ends)" if a.pending else ""
    return f"{a.attacker} -> {a.target}: {a.what} {a.result}{rolled}{damage}{waiting}"
