"""A unit's damage at a glance on the maps (issue #33 item 5): a bar per location, its armor and its internal
structure, drawn beside a lone unit's marker (one row a location, ``svg_marks.DAMAGE_BOX``) or as two summary
bars under a marker that shares its hex.

Each kind shows its damage in its own terms (``kind_views.KindView.damage_bars``): a 'Mech's or a vehicle's
locations (a location's rear armor counted with its front), an aerospace unit's armor arcs and its structural
integrity, infantry's troopers (``location_bars``, read from the unit's armor and structure tables), an asset's
damage this turn against its card's threshold (``asset_bars``). Damage that struck this weapon phase waits in
``GameState.pending`` until the phase ends (simultaneous fire, as the rules apply it): it shows as a pink part
of the bar it will empty (``pending_damage``). A location whose structure is gone is a red row; one whose
structure is hurt is drawn orange (crippled).

Imported by the SVG map the first time it draws a unit's bars.
"""

from __future__ import annotations

from btcli.model.frozen import Record

PLATE, PLATE_EDGE = "#ffffff", "#4a4a4a"
TRACK = "#d4d4d4"  # the empty part of a bar: what is lost
ARMOR = "#27323f"  # armor left
STRUCTURE = "#8a8a8a"  # internal structure left, untouched
CRIPPLED = "#e07000"  # internal structure left, hurt
DESTROYED = "#d01c1c"  # a location destroyed: its whole row
PENDING = "#ff3d9a"  # damage struck this phase that lands as it ends
ARMOR_SHARE = 0.64  # of a row with both: the armor bar's share of its length (the structure's the rest)


class Bar(Record):
    """One location's damage: its armor and internal structure left and as built (0 built: it has none),
    the damage waiting to land on it this phase, and whether it is destroyed."""

    location: str
    armor: int
    max_armor: int
    structure: int
    max_structure: int
    pending: int = 0
    destroyed: bool = False

    def parts(self) -> tuple[int, int, int, int]:
        """Returns (armor after the pending damage, pending on the armor, structure after it, pending on the
        structure): the pending damage empties the armor first, then the structure (never below 0)."""
        on_armor = min(self.pending, self.armor)
        on_structure = min(self.pending - on_armor, self.structure)
        return self.armor - on_armor, on_armor, self.structure - on_structure, on_structure

    @property
    def crippled(self) -> bool:
        """Tells whether damage reached its internal structure (it is hurt, not destroyed)."""
        return not self.destroyed and 0 < self.structure < self.max_structure

    @property
    def words(self) -> str:
        armor = f"armor {self.armor}/{self.max_armor}" if self.max_armor else ""
        structure = f"{'structure' if self.max_armor else 'left'} {self.structure}/{self.max_structure}" \
            if self.max_structure else ""
        state = "destroyed" if self.destroyed else "crippled" if self.crippled else ""
        pending = f"{self.pending} damage pending (lands as the phase ends)" if self.pending else ""
        return f"{self.location}: " + ", ".join(w for w in (armor, structure, state, pending) if w)


def location_bars(unit, pending: dict[str, int] | None = None) -> tuple[Bar, ...]:
    """Returns a unit's bars from its armor and structure tables, in their order: a location with both (its
    rear armor, ``CTR`` for ``CT``, counted with it), then armor alone (an aircraft's arcs), then structure
    alone (an aircraft's SI, infantry's troopers). ``pending``: damage waiting by location (rear included)."""
    key = (tuple(unit.max_armor.items()), tuple(unit.max_internal.items()), tuple(unit.armor.items()),
           tuple(unit.internal.items()), tuple(pending.items()) if pending else ())
    found = _BARS.get(key)
    if found is None:  # most units of a game are a few designs, mostly undamaged: each state is read once
        if len(_BARS) > 4096:
            _BARS.clear()
        found = _BARS[key] = _location_bars(unit, pending or {})
    return found


_BARS: dict[tuple, tuple[Bar, ...]] = {}


def _location_bars(unit, pending: dict[str, int]) -> tuple[Bar, ...]:
    bars = []
    rear = {loc: f"{loc}R" for loc in unit.max_internal if f"{loc}R" in unit.max_armor}
    for loc, built in unit.max_internal.items():
        if loc not in unit.max_armor:
            continue
        back = rear.get(loc, "")
        armor = unit.armor.get(loc, 0) + unit.armor.get(back, 0)
        max_armor = unit.max_armor[loc] + unit.max_armor.get(back, 0)
        left = unit.internal.get(loc, 0)
        bars.append(Bar(loc, armor, max_armor, left, built, pending.get(loc, 0) + pending.get(back, 0),
                        built > 0 and left <= 0))
    for loc, built in unit.max_armor.items():
        if loc in unit.max_internal or loc in rear.values():
            continue
        bars.append(Bar(loc, unit.armor.get(loc, 0), built, 0, 0, pending.get(loc, 0)))
    for loc, built in unit.max_internal.items():
        if loc in unit.max_armor:
            continue
        left = unit.internal.get(loc, 0)
        bars.append(Bar(loc, 0, 0, left, built, pending.get(loc, 0), built > 0 and left <= 0))
    return tuple(bars)


def asset_bars(unit, pending: dict[str, int] | None = None) -> list[Bar]:
    """Returns an asset's bar: a card has no armor and no locations (ASSET-DMG-01), so its bar is how far this
    turn's damage is from its card's threshold (ASSET-DMG-02), every pending hit counted against it."""
    card, state = unit.asset.card, unit.asset.state
    left = max(card.threshold - state.damage, 0)
    return [Bar("damage this turn", 0, 0, left, card.threshold, sum((pending or {}).values()))]


def pending_damage(state) -> dict[str, dict[str, int]]:
    """Returns the damage of this weapon phase waiting to land (``GameState.pending``), by unit and location."""
    out: dict[str, dict[str, int]] = {}
    for hit in state.pending:
        if isinstance(hit.target, str):  # a unit's id; a building hex's hits are the structure's
            where = out.setdefault(hit.target, {})
            location = f"{hit.location}R" if hit.rear else hit.location
            where[location] = where.get(location, 0) + hit.damage
    return out


def _rect(x: float, y: float, w: float, h: float, fill: str) -> str:
    return f'<rect x="{x:.2f}" y="{y:.2f}" width="{max(w, 0):.2f}" height="{h:.2f}" fill="{fill}"/>'


def _filled(x: float, y: float, width: float, h: float, left: int, pending: int, built: int, hurt: str) -> list[str]:
    """One bar: the track, what is left from the left, then what the pending damage will take, in pink."""
    out = [_rect(x, y, width, h, TRACK)]
    if built <= 0:
        return out
    kept, waiting = width * left / built, width * pending / built
    if kept:
        out.append(_rect(x, y, kept, h, hurt))
    if waiting:
        out.append(_rect(x + kept, y, waiting, h, PENDING))
    return out


def row(bar: Bar, x0: float, x1: float, y: float, h: float) -> list[str]:
    """Draws one bar from x0 to x1 at y, ``h`` high: the armor part and the structure part side by side
    (armor ``ARMOR_SHARE`` of the length), or one part alone across the row for a unit with only one."""
    if bar.destroyed:
        return [_rect(x0, y, x1 - x0, h, DESTROYED)]
    armor, on_armor, structure, on_structure = bar.parts()
    ink = CRIPPLED if bar.crippled else STRUCTURE
    if bar.max_armor and bar.max_structure:
        split = x0 + (x1 - x0) * ARMOR_SHARE
        return (_filled(x0, y, split - x0 - 0.4, h, armor, on_armor, bar.max_armor, ARMOR)
                + _filled(split + 0.4, y, x1 - split - 0.4, h, structure, on_structure, bar.max_structure, ink))
    if bar.max_armor:
        return _filled(x0, y, x1 - x0, h, armor, on_armor, bar.max_armor, ARMOR)
    return _filled(x0, y, x1 - x0, h, structure, on_structure, bar.max_structure, ink)


def doll(bars: "list[Bar] | tuple[Bar, ...]", box: tuple[float, float, float, float], x: float, y: float) -> list[str]:
    """Draws a lone unit's bars, a row a location, on a white plate filling ``box`` (relative to the hex's
    centre at x, y), each row with its own tooltip. One line: a unit's group ends at the first line that is
    "</g>"."""
    if not bars:
        return []
    return [f'<g class="damage" transform="translate({x:.1f},{y:.1f})">{_drawn(("doll", tuple(bars), box))}</g>']


def summary(bars: "list[Bar] | tuple[Bar, ...]", box: tuple[float, float, float, float], x: float, y: float) -> list[str]:
    """Draws a stacked unit's bars as two on a plate filling ``box`` (relative to the hex's centre at x, y): all
    its armor, then all its structure (a red mark at the right end when a location is destroyed)."""
    if not bars:
        return []
    return [f'<g class="damage" transform="translate({x:.1f},{y:.1f})">{_drawn(("summary", tuple(bars), box))}</g>']


_DRAWN: dict[tuple, str] = {}  # bars drawn about a hex's centre, by what they show: most units look alike


def _drawn(key: tuple) -> str:
    found = _DRAWN.get(key)
    if found is None:
        if len(_DRAWN) > 4096:  # a long game's many states of damage: what is kept stays small
            _DRAWN.clear()
        kind, bars, box = key
        found = _DRAWN[key] = "".join(_doll(list(bars), box) if kind == "doll" else _summary(list(bars), box))
    return found


def _doll(bars: list[Bar], box: tuple[float, float, float, float]) -> list[str]:
    x0, y0, x1, y1 = box
    pitch = min(3.6, (y1 - y0 - 1.6) / len(bars))
    h = pitch * 0.72
    top = y0 + (y1 - y0 - pitch * len(bars)) / 2  # the rows centred in the box
    out = [f'<rect x="{x0:.2f}" y="{top - 0.8:.2f}" width="{x1 - x0:.2f}" '
           f'height="{pitch * len(bars) + 1.6 - (pitch - h):.2f}" rx="1" fill="{PLATE}" fill-opacity="0.92" '
           f'stroke="{PLATE_EDGE}" stroke-width="0.5"/>']
    for i, bar in enumerate(bars):
        out.append(f'<g class="bar"><title>{_escape(bar.words)}</title>')
        out.extend(row(bar, x0 + 0.8, x1 - 0.8, top + i * pitch, h))
        out.append("</g>")
    return out


def _summary(bars: list[Bar], box: tuple[float, float, float, float]) -> list[str]:
    x0, y0, x1, y1 = box
    total = Bar("all", sum(b.armor for b in bars), sum(b.max_armor for b in bars),
                sum(b.structure for b in bars), sum(b.max_structure for b in bars), sum(b.pending for b in bars))
    lost = [b.location for b in bars if b.destroyed]
    hurt = any(b.crippled for b in bars)
    words = f"{total.words.removeprefix('all: ')}" + (f"; destroyed: {', '.join(lost)}" if lost else "")
    armor, on_armor, structure, on_structure = total.parts()
    mark = 2.2 if lost else 0.0
    out = [f'<title>{_escape(words)}</title><rect x="{x0:.2f}" y="{y0:.2f}" '
           f'width="{x1 - x0:.2f}" height="{y1 - y0:.2f}" rx="1" fill="{PLATE}" fill-opacity="0.92" '
           f'stroke="{PLATE_EDGE}" stroke-width="0.5"/>']
    inner0, inner1 = x0 + 0.7, x1 - 0.7 - mark
    rows = [(armor, on_armor, total.max_armor, ARMOR), (structure, on_structure, total.max_structure,
                                                        CRIPPLED if hurt else STRUCTURE)]
    rows = [r for r in rows if r[2]]
    pitch = (y1 - y0 - 1.4) / max(len(rows), 1)
    for i, (left, waiting, built, ink) in enumerate(rows):
        out.extend(_filled(inner0, y0 + 0.7 + i * pitch, inner1 - inner0, pitch * 0.8, left, waiting, built, ink))
    if lost:
        out.append(_rect(x1 - 0.7 - mark + 0.4, y0 + 0.7, mark - 0.4, y1 - y0 - 1.4, DESTROYED))
    return out


def _escape(words: str) -> str:
    from xml.sax.saxutils import escape

    return escape(words)


LEGEND = (("armor left", ARMOR), ("structure left", STRUCTURE), ("structure hurt", CRIPPLED),
          ("pending: lands at phase end", PENDING), ("location destroyed", DESTROYED))
