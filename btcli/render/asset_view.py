"""What the reports show of a Battlefield Support asset (seed 004; docs/json-output.md): its card as
printed and its state this game, the text report's card line, and the map's words for it. Called through
``btcli.render.kind_views`` for assets only, so a report of a game without them never imports it."""

from __future__ import annotations

from btcli.model.units import AssetRecord, Unit


def _record(u: Unit) -> AssetRecord:
    record = u.asset
    assert record is not None  # VIEWS[ASSET]: an asset always carries its card
    return record


def asset_view(u: Unit) -> dict[str, object]:
    """Returns an asset's card as printed and its state this game (seed 004; docs/json-output.md)."""
    card, st = _record(u).card, _record(u).state
    damage = (f"{card.damage_per_hit}x{card.hits}" if card.hits > 1 else str(card.damage_per_hit)) \
        if card.has_attack else None
    return {
        "card": card.name,
        "sample": card.sample,  # a made-up card of tables.md 16.4, not Battlefield Support data
        "asset_kind": card.kind.value,
        "movement_code": card.movement.value,
        "mp": card.mp,
        "tmm": card.tmm,
        "skill": card.skill_for(st.veteran),
        "veteran": st.veteran,
        "range": str(card.range) if card.range is not None else None,
        "damage": damage,
        "specials": [str(sp) for sp in card.specials],
        "card_check": card.destruction_check,
        "threshold": card.threshold,
        "cost": card.cost_for(st.veteran),
        "check": st.check,  # the current destruction-check TN, worn down by survived checks (ASSET-DMG-12)
        "damage_this_turn": st.damage,
        "check_due": st.check_due,
        "anti_infantry_note": st.anti_infantry,
        "attacked": st.attacked,
        "footprint": [h.label for h in u.position.footprint] if u.position is not None else [],
    }


def asset_line(view: dict) -> str:
    """Returns one line of an asset's card values and state, for the text and Markdown reports."""
    a = view["asset"]
    attack = f"{a['damage']} at {a['range']}" if a["damage"] else ("artillery" if any(
        s.startswith("Artillery") for s in a["specials"]) else "no attack")
    text = (f"{view['id']}: asset card {a['card']}{' [SAMPLE card]' if a['sample'] else ''}"
            f"{' (Veteran)' if a['veteran'] else ''}: {a['mp']} MP ({a['movement_code']}), TMM {a['tmm']:+d}, "
            f"skill {a['skill']}, {attack}; check {a['check']} (card {a['card_check']}), damage this turn "
            f"{a['damage_this_turn']}/{a['threshold']}, check due: {'yes' if a['check_due'] else 'no'}")
    if a["anti_infantry_note"]:
        text += ", AI noted"
    if a["footprint"]:
        text += f"; also in {', '.join(a['footprint'])}"
    if a["specials"]:
        text += f"; specials {', '.join(a['specials'])}"
    return text


def mp(u: Unit) -> dict[str, int]:
    """An asset's MP: the card's fixed MP, as designed and this turn alike."""
    return {"fixed": _record(u).card.mp}


def fields(u: Unit, state) -> dict[str, object]:
    return {"asset": asset_view(u)}


def facing(u: Unit) -> int | None:
    """The facing arrow: only a card that has a facing shows one (ASSET-GEN)."""
    return int(u.facing) if _record(u).card.has_facing else None


def what(u: Unit) -> str:
    card = _record(u).card
    return f"asset {card.name}{' (SAMPLE card)' if card.sample else ''}, check {_record(u).state.check}"


def damage_words(u: Unit) -> str:
    """A card has no armor: its damage this turn, against its check (ASSET-DMG-01)."""
    return f"damage this turn {_record(u).state.damage}"


def roster_name(u: Unit) -> str:
    return _record(u).card.name


def card_columns(view: dict) -> tuple[str, str]:
    """The unit table's armor and internal columns: an asset has neither, its check instead."""
    return "asset", f"check {view['asset']['check']}"
