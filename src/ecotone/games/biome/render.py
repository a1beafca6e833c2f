"""The text picture of a seat's view: the board as a hex map, then the table.

On the map each cell is five characters wide and drawn in its layer's brackets: Emergent
``<  >``, Canopy ``{  }``, Understory ``(  )``. An empty cell shows its name in lower case
(``{c2a}``), a tile its id (``{T16}``); tiles placed for the card being earned are marked
with ``*``. Below the map every placed tile lists the plant it shows towards each direction
(``NE:VI``: a vine on its north-east side; ``--``: no plant). Every code it shows is in the
game's glossary (:mod:`.presentation`).
"""

from __future__ import annotations

from ecotone.core.records import seat_name
from ecotone.games.biome.cards import cards
from ecotone.games.biome.config import Config
from ecotone.games.biome.scoring import bonus_winner, score_seat
from ecotone.games.biome.state import EMPTY, BiomeData, Phase
from ecotone.games.biome.tiles import DIRECTION_NAMES, OPEN, tiles

__all__ = ["BRACKETS", "EATS", "NO_PLANT", "PENDING", "render"]

#: Each layer's brackets on the map (Emergent, Canopy, Understory).
BRACKETS = (("<", ">"), ("{", "}"), ("(", ")"))
#: Marks a tile placed for the card being earned.
PENDING = "*"
#: A tile side that shows no plant, in the list of placed tiles.
NO_PLANT = "--"
#: Between the animals of a food chain: each eats (stands on) the one to its left.
EATS = " <- "


def _map(d: BiomeData, cfg: Config) -> list[str]:
    geo = cfg.geo
    xs = [2 * q + r for q, r in geo.coord]
    ys = [r for _, r in geo.coord]
    x0, y0 = min(xs), min(ys)
    rows: dict[int, dict[int, str]] = {}
    for c, v in enumerate(d.board):
        left, right = BRACKETS[geo.layer[c]]
        text = geo.cells[c].lower() if v == EMPTY else tiles().ids[v // 6]
        mark = PENDING if c in d.pending else ""
        rows.setdefault(ys[c] - y0, {})[xs[c] - x0] = f"{left}{text}{mark}{right}"[:6].ljust(5)
    lines = []
    for y in sorted(rows):
        line = ""
        for x in sorted(rows[y]):
            line = line.ljust(3 * x) + rows[y][x]
        lines.append("  " + line.rstrip())
    return lines


def _tile_lines(d: BiomeData, cfg: Config) -> list[str]:
    ts = tiles()
    out = []
    for c, v in enumerate(d.board):
        if v == EMPTY:
            continue
        faces = ts.tiles[v // 6].faces[v % 6]
        edges = " ".join(
            f"{DIRECTION_NAMES[k]}:{ts.plants[p].code if p != OPEN else NO_PLANT}"
            for k, p in enumerate(faces)
        )
        out.append(f"  {cfg.geo.cells[c]:<4}{ts.ids[v // 6]} turned {v % 6}  {edges}")
    return out


def _doing(d: BiomeData) -> str:
    who = seat_name(d.turn)
    cs = cards()
    texts = {
        Phase.REACT: "others may play an Opportunist (waiting for "
        + ", ".join(seat_name(s) for s in d.waiting)
        + ")",
        Phase.EXCHANGE: f"{who} may exchange cards or tiles",
        Phase.MARK_CARDS: f"{who} chooses cards to exchange",
        Phase.MARK_TILES: f"{who} chooses tiles to exchange",
        Phase.HABITATS: f"{who} creates habitats",
        Phase.EARN: f"{who} is earning {cs.name(d.card) if d.card else ''}",
        Phase.WINDS_GAIN: f"{who} plays Winds of Change: gain a card",
        Phase.WINDS_SABOTAGE: f"{who} plays Winds of Change: sabotage",
        Phase.REFILL: f"{who} refills the hand",
        Phase.DISCARD_TILES: f"{who} discards down to the tile limit",
        Phase.FIRE: f"Forest Fire! {who} chooses the Understory platform that burns",
        Phase.CLEARING: "Palm-Oil Clearing! each player returns a tile",
        Phase.DROUGHT: "Drought! each player discards a card",
        Phase.OVER: f"the game is over ({d.ended_by})",
    }
    return texts[d.phase]


def render(d: BiomeData, seat: int | None, cfg: Config) -> str:
    """The table as ``seat`` sees it."""
    cs = cards()
    ts = tiles()
    rnd = (d.turns - 1) // cfg.players + 1
    lines = [
        f"BIOME Borneo · {cfg.players} players · {cfg.geo.name} formation · round {rnd} · "
        + _doing(d),
        "",
        *_map(d, cfg),
        "",
        *_tile_lines(d, cfg),
    ]
    if d.card:
        lines.append(
            f"Being earned: {cs.name(d.card)} with tiles on "
            + (", ".join(cfg.geo.cells[c] for c in d.pending) or "no cell yet")
        )
    lines.append("")
    lines.append(
        f"Gallery: {', '.join(cs.name(c) for c in d.gallery) or 'empty'}"
        f"   Deck: {len(d.deck)}   Discard: {len(d.discard)}"
        + (f" (top {cs.name(d.discard[-1])})" if d.discard else "")
    )
    lines.append(
        f"Perimeter: {len(d.perimeter)} tiles face down"
        + (f"   End triggered by {seat_name(d.trigger)}" if d.trigger is not None else "")
    )
    bonuses = []
    for b in d.bonuses:
        lead = bonus_winner(d, b)
        bonuses.append(
            f"{cs.bonuses[b].name} ({cs.bonuses[b].text[:-1].lower()}; "
            f"{'nobody' if lead is None else seat_name(lead)} leads)"
        )
    lines.append("Global Bonus: " + "; ".join(bonuses))
    for s, st in enumerate(d.seats):
        sc = score_seat(d, s)
        you = " (you)" if s == seat else ""
        lines.append("")
        lines.append(
            f"{seat_name(s)}{you}: {sc.total} points · tiles "
            + (", ".join(ts.describe(t) for t in st.tiles) or "none")
        )
        for ch in st.chains:
            lines.append("  chain: " + EATS.join(cs.by_id[c].name for c in ch))
        if st.plants:
            lines.append("  plants: " + ", ".join(cs.by_id[c].name for c in st.plants))
        if s == seat:
            lines.append("  hand: " + (", ".join(cs.name(c) for c in st.hand) or "empty"))
        else:
            known = f" (known: {', '.join(st.shown)})" if st.shown else ""
            lines.append(f"  hand: {len(st.hand)} card(s){known}")
    return "\n".join(lines)
