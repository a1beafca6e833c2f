"""The text picture of a seat's view, and the previews of its choices.

The picture is a header (the round and the decision due: for a card being earned, its
habitat and what its tiles still lack), the hex map with, beside it where it leaves room,
the seat's tiles, the Global Bonus cards' leaders and the other players; then the seat's
points, food chains and hand, and the Main Deck, discard pile, perimeter and Card Gallery.
It fits :data:`~.drawing.WIDTH` columns and aims at 30 lines, so that a terminal of
100 x 40 shows it with the decision list below it; details needed less often (the layout
of another player's tiles, the animals under the top of a food chain) are left to the
catalogue. The drawings it is made of are :mod:`.drawing`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from ecotone.core.actions import Action
from ecotone.core.records import counted, seat_name
from ecotone.games.biome.actions import (
    ConfirmPrey,
    DiscardCard,
    Earn,
    ExchangeCard,
    ExchangeTile,
    Gain,
    Opportunist,
    Place,
    PlayBlight,
    ReturnTile,
    TakeGallery,
)
from ecotone.games.biome.cards import CardInfo, cards
from ecotone.games.biome.config import Config
from ecotone.games.biome.drawing import (
    WIDTH,
    card_brief,
    card_lines,
    map_lines,
    plant_codes,
    tile_picture,
    tile_plants,
    wrap,
)
from ecotone.games.biome.habitat import Access, access
from ecotone.games.biome.scoring import bonus_winner, score_seat
from ecotone.games.biome.state import EMPTY, BiomeData, Phase
from ecotone.games.biome.tiles import tiles

__all__ = ["preview", "render"]

_GAP = 3  # columns between the map and what is drawn beside it


def _earning(d: BiomeData, cfg: Config) -> str:
    """What the card being earned needs and what its tiles reach so far."""
    if d.card is None:
        return ""
    card = cards().by_id[d.card]
    acc = access(d.board, cfg.geo, d.pending)
    return f"{d.card} (habitat {plant_codes(card.needs)}): " + _progress(card, acc)


def _progress(card: CardInfo, acc: Access) -> str:
    lack = [max(0, need - have) for need, have in zip(card.needs, acc.counts, strict=True)]
    link = card.vine_link and not acc.vine_link
    if not any(lack) and not link:
        return "habitat met"
    return "lacks " + " ".join(filter(None, (plant_codes(lack), "U-C vine" if link else "")))


def _doing(d: BiomeData, cfg: Config) -> str:
    who = seat_name(d.turn)
    ids = tiles().ids
    texts = {
        Phase.REACT: "others may play an Opportunist (waiting for "
        + ", ".join(seat_name(s) for s in d.waiting)
        + ")",
        Phase.EXCHANGE: f"{who} may exchange cards or tiles",
        Phase.MARK_CARDS: f"{who} chooses cards to exchange ({len(d.marked_cards)} so far)",
        Phase.MARK_TILES: f"{who} chooses tiles to exchange ("
        + (", ".join(ids[t] for t in d.marked_tiles) or "none yet")
        + ")",
        Phase.HABITATS: f"{who} creates habitats",
        Phase.EARN: f"{who} is earning {_earning(d, cfg)}",
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


def _notes(d: BiomeData) -> list[str]:
    """The Global Bonus cards' leaders, and who triggered the end: short lines for beside the
    map."""
    cs = cards()
    out = []
    for b in d.bonuses:
        lead = bonus_winner(d, b)
        out.append(f"{cs.bonuses[b].name}: {'nobody' if lead is None else seat_name(lead)} leads")
    if d.trigger is not None:
        out.append(f"End triggered by {seat_name(d.trigger)}")
    return out


def _table(d: BiomeData) -> str:
    """The Main Deck, the discard pile and the perimeter: the heading of the Gallery."""
    top = f" (top {d.discard[-1]})" if d.discard else ""
    return (
        f"Deck {counted(len(d.deck), 'card')} · discard {len(d.discard)}{top} · "
        f"perimeter {counted(len(d.perimeter), 'tile')} · Card Gallery:"
    )


def _chains(chains: tuple[tuple[str, ...], ...]) -> str:
    """``3 chains (longest 2)``."""
    if not chains:
        return ""
    longest = max(len(ch) for ch in chains)
    return counted(len(chains), "chain") + (f" (longest {longest})" if longest > 1 else "")


def _fitting(*forms: Sequence[str]) -> list[str]:
    """The first of ``forms`` (parts joined by `` · ``) that fits a line; the last wrapped
    when none does."""
    lines = [" · ".join(filter(None, parts)) for parts in forms]
    return next(([line] for line in lines if len(line) <= WIDTH), wrap(lines[-1]))


def _you(d: BiomeData, seat: int) -> list[str]:
    """The seat's points, food chains (naming the animals on top, the ones a predator may
    eat) and plant cards: the heading of its hand."""
    st = d.seats[seat]
    by_id = cards().by_id
    head = f"{seat_name(seat)} (you): {counted(score_seat(d, seat).total, 'point')}"
    chains = _chains(st.chains)
    tops = ", ".join(dict.fromkeys(by_id[ch[-1]].key for ch in st.chains))
    on_top = f"{chains}, on top: {tops}" if tops else ""
    plants = f"plants: {', '.join(st.plants)}" if st.plants else ""
    plant_cards = counted(len(st.plants), "plant card") if st.plants else ""
    return _fitting(
        (head, on_top, plants, "your hand:"),
        (head, on_top, plant_cards, "your hand:"),
        (head, chains, plant_cards, "your hand:"),
    )


def _other(d: BiomeData, s: int, brief: bool = False) -> list[str]:
    """Another player: points, cards (the known ones named while there is room), tiles (with
    their plants while there is room) and food chains: a line, or with ``brief`` two short
    ones for beside the map."""
    st = d.seats[s]
    ts = tiles()
    points = counted(score_seat(d, s).total, "point")
    head = f"{seat_name(s)}: {points} · {counted(len(st.hand), 'card')}"
    short = f"{head} ({len(st.shown)} known)" if st.shown else head
    named = f"{head} (known: {', '.join(st.shown)})" if st.shown else head
    ids = "tiles " + (" ".join(ts.ids[t] for t in st.tiles) or "none")
    plants = ", ".join(tile_plants(ts.tiles[t]) for t in st.tiles)
    plant_cards = counted(len(st.plants), "plant card") if st.plants else ""
    earned = " · ".join(filter(None, (_chains(st.chains), plant_cards)))
    if brief:
        return [short, *(f"  {x}" for x in (ids, _chains(st.chains), plant_cards) if x)]
    return _fitting(
        (named, f"tiles {plants or 'none'}", earned),
        (short, f"tiles {plants or 'none'}", earned),
        (short, ids, earned),
    )


Item = tuple[list[str], list[str]]


def _lay(board: list[str], col: int, items: Sequence[Item]) -> list[str]:
    """The map with each item's first form (a block of lines) drawn from column ``col``, in
    the highest free lines the map leaves room in; an item that finds none follows below
    the map in its second form."""
    out = list(board)
    free = [len(line) + _GAP <= col for line in board]
    below: list[str] = []
    for block, otherwise in items:
        fits = col + max(len(line) for line in block) <= WIDTH
        y = _free_run(free, len(block)) if fits else None
        if y is None:
            below += otherwise
            continue
        for i, line in enumerate(block, y):
            out[i] = out[i].ljust(col) + line
            free[i] = False
    return out + below


def _free_run(free: list[bool], length: int) -> int | None:
    """The first line of the highest ``length`` free lines in a row, if any (one pass:
    :func:`_beside` tries every column, and this is most of a picture's time)."""
    run = 0
    for i, is_free in enumerate(free):
        run = run + 1 if is_free else 0
        if run >= length:
            return i - length + 1
    return None


def _beside(board: list[str], pictures: list[list[str]], items: Sequence[Item]) -> list[str]:
    """The map with the tile ``pictures`` (as many to a row as fit) and the ``items`` drawn
    beside it in one column: the column that leaves the fewest lines below the map, and of
    those the one nearest the map's right edge."""
    edge = max((len(line) for line in board), default=0) + _GAP
    best: list[str] = []
    best_key = (0, 0)
    for col in sorted({len(line) + _GAP for line in board} | {edge}):
        per_row = max(1, (WIDTH - col + 2) // 12)
        rows = [_side_by_side(pictures[i : i + per_row]) for i in range(0, len(pictures), per_row)]
        out = _lay(board, col, [*((row, row) for row in rows), *items])
        key = (len(out), abs(edge - col))
        if not best or key < best_key:
            best, best_key = out, key
    return best


def _side_by_side(pictures: list[list[str]]) -> list[str]:
    return ["  ".join(p[k].ljust(10) for p in pictures).rstrip() for k in range(len(pictures[0]))]


def render(d: BiomeData, seat: int | None, cfg: Config) -> str:
    """The table as ``seat`` sees it."""
    rnd = (d.turns - 1) // cfg.players + 1
    lines = wrap(f"BIOME Borneo · {cfg.geo.name} · round {rnd} · {_doing(d, cfg)}")
    ts = tiles()
    pictures = [tile_picture(ts.tiles[t]) for t in d.seats[seat].tiles] if seat is not None else []
    none = [["Your tiles: none"]] if seat is not None and not pictures else []
    others = [s for s in range(cfg.players) if s != seat]
    lines += _beside(
        map_lines(cfg.geo, d.board, d.pending),
        pictures,
        [
            *((x, x) for x in none),
            (_notes(d), _notes(d)),
            *((_other(d, s, brief=True), _other(d, s)) for s in others),
        ],
    )
    hand = d.seats[seat].hand if seat is not None else ()
    width = max((len(c) for c in (*hand, *d.gallery)), default=0)
    if seat is not None:
        lines += _you(d, seat)
        for c in hand:
            lines += card_lines(c, width)
    lines.append(_table(d))
    for c in d.gallery:
        lines += card_lines(c, width)
    return "\n".join(lines)


def preview(d: BiomeData, seat: int, action: Action, cfg: Config) -> str | None:
    """What an action names, drawn: a placement's tile, named, turned as it would lie on
    its cell, with what the habitat then still lacks; a tile in a supply as in the
    picture; the tile that Blight would take, as it lies; a card as its line says it,
    without its id (the choice names it). Each fits :data:`~.drawing.BRIEF` columns."""
    del seat
    ts = tiles()
    geo = cfg.geo
    if isinstance(action, Place) and d.card is not None:
        tile = ts.by_id[action.tile]
        cell = geo.index[action.cell]
        board = list(d.board)
        board[cell] = tile.index * 6 + action.rotation
        acc = access(tuple(board), geo, (*d.pending, cell))
        # the tile as it would lie on its cell, the cell named in it as on the map, and
        # the tile named above it: a guided choice may not have asked which tile (when
        # only one can be placed), and the picture is then all that names it
        picture = tile_picture(tile, action.rotation, action.cell, head=tile.id)
        return "\n".join([*picture, _progress(cards().by_id[d.card], acc)])
    if isinstance(action, (Opportunist, ExchangeTile, ReturnTile)):
        return "\n".join(tile_picture(ts.by_id[action.tile]))
    if isinstance(action, PlayBlight):
        v = d.board[geo.index[action.cell]]
        return "\n".join(tile_picture(ts.tiles[v // 6], v % 6, action.cell)) if v != EMPTY else None
    if isinstance(action, (Earn, ExchangeCard, Gain, TakeGallery, DiscardCard)):
        return "\n".join(card_brief(action.card))
    if isinstance(action, ConfirmPrey):
        return "\n".join(card_brief(action.prey))
    return None
