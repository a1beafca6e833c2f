"""The table as text: the plus-shaped board at a glance, the players, the round's log.

Board cells read ``Fo3*(12)``: tile 3 of the Forest ring (counted clockwise from its
gateway, ``Fo1``; the labels are the board's, :attr:`Board.labels`), ``*`` for a wild
tile, then the pawns on it (``(12)`` = P1 and P2); ``x`` instead of ``*`` marks a tile of a
destroyed habitat. The Ecotone's tiles are ``Ec.n`` (north) ... ``Ec.c`` (the centre). A
habitat's middle shows its deck size (``[18]``); the tiles of a habitat still Opening Soon
show ``·soon·``. The game's glossary (:mod:`~ecotone.games.singapore.presentation`)
explains every mark and abbreviation.
"""

from __future__ import annotations

from ecotone.core.records import counted, seat_name
from ecotone.games.singapore.abilities import counts
from ecotone.games.singapore.board import ECOTONE, board, region_name
from ecotone.games.singapore.cards import HABITATS, cards, name_of
from ecotone.games.singapore.evolution import prices
from ecotone.games.singapore.scoring import score
from ecotone.games.singapore.state import ROUNDS, Phase, SGData, Status

__all__ = ["render", "short"]

_MODE = {"beginner": "Beginner", "standard": "Standard", "survival": "Survival"}


def short(tile: str) -> str:
    """The board label of a tile: ``Fo3``, ``Ec.n``, ``Ec.c``."""
    return board().labels[tile]


def _doing(d: SGData) -> str:
    if d.phase is Phase.OVER:
        return "the game is over"
    if d.phase in (Phase.MIGRATE, Phase.COMPETE):
        waiting = [seat_name(s) for s, c in enumerate(d.choices) if not c.final]
        what = "Migration" if d.phase is Phase.MIGRATE else "Inter-species Competition"
        return f"{what}: waiting for {', '.join(waiting)} to choose (in secret)"
    what = {
        Phase.DRAW: "draws for Evolution",
        Phase.BUY: "buys Adaptations",
        Phase.ANCHOR: "decides whether to stay in the destroyed Mangrove",
        Phase.RESTORE: "may offer a Recovery card",
        Phase.PLEDGE: "pledges Food for the Recovery",
        Phase.DISCARD: "discards down to 2 cards",
    }[d.phase]
    return f"{seat_name(d.turn)} {what}"


def _grid(d: SGData) -> list[str]:
    """The board's 9 by 9 cells, each habitat's columns as wide as its widest cell, so
    that the map fits an 80-column terminal (unless pawns crowd it)."""
    b = board()
    pawns: dict[str, str] = {}
    for s, p in enumerate(d.players):
        pawns[p.tile] = pawns.get(p.tile, "") + str(s + 1)
    status = dict(zip(HABITATS, (h.status for h in d.habitats), strict=True))
    middles = {(b.parts[h].row + 1, b.parts[h].col + 1): h for h in HABITATS}
    rows: list[list[str]] = []
    for r in range(9):
        cells = []
        for c in range(9):
            tile = b.cell.get((r, c))
            if tile is None and (r, c) in middles:
                h = middles[(r, c)]
                cells.append(f"[{len(d.decks[1 + HABITATS.index(h)])}]")
            elif tile is None:
                cells.append("")
            else:
                region = b.region(tile)
                if region != ECOTONE and status[region] is Status.SOON:
                    cells.append("·soon·")
                    continue
                text = short(tile) + ("*" if b.tiles[tile].kind == "wild" else "")
                if region != ECOTONE and status[region] is Status.DESTROYED:
                    text = short(tile) + "x"
                if tile in pawns:
                    text += f"({pawns[tile]})"
                cells.append(text)
        rows.append(cells)
    # each habitat's three columns alike, as wide as its widest cell (a habitat stays
    # square), a space apart, and two between habitats
    wide = [max(len(row[c]) for row in rows for c in range(g, g + 3)) for g in (0, 3, 6)]
    widths = [wide[c // 3] + (2 if c % 3 == 2 else 1) for c in range(9)]
    lines = []
    for r, row in enumerate(rows):
        # (a habitat's deck size centred under its tiles; the others to the left)
        texts = [
            text.center(wide[c // 3]).ljust(w) if (r, c) in middles else text.ljust(w)
            for c, (text, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  " + "".join(texts).rstrip())
    return lines


def _habitat_lines(d: SGData) -> list[str]:
    cs = cards()
    out = []
    for i, (h, hab) in enumerate(zip(HABITATS, d.habitats, strict=True)):
        state = {Status.OPEN: "open", Status.SOON: "opening soon", Status.DESTROYED: "destroyed"}[
            hab.status
        ]
        text = f"{region_name(h):<9}{state:<13}deck {len(d.decks[i + 1]):>2}"
        if hab.bounty:
            bounty = cs.bounty[hab.bounty]
            text += f"  Bounty {bounty.single} alone / {bounty.shared} shared"
        text += f"  Destruction {len(hab.destruction)}/{cs.decks[h].destruction}"
        if d.known[i + 1]:
            bottom = d.decks[i + 1][-d.known[i + 1] :]
            text += "  bottom: " + ", ".join(name_of(cs.key(c)) for c in bottom)
        out.append(text)
    wild = f"{'Wild':<22}deck {len(d.decks[0]):>2}"
    if d.known[0]:
        wild += "  bottom: " + ", ".join(name_of(cs.key(c)) for c in d.decks[0][-d.known[0] :])
    out.append(wild)
    out.append(
        f"Destruction cards drawn in Forest, Mangrove and Marine: {d.destroyed_count} "
        "(Urban opens at 3)"
    )
    return out


def _player_lines(d: SGData, seat: int | None) -> list[str]:
    cs = cards()
    out = []
    for s, p in enumerate(d.players):
        you = " (you)" if s == seat else ""
        have = counts(p)
        adapt = (
            ", ".join(f"{name_of(k)}×{n}" if n > 1 else name_of(k) for k, n in sorted(have.items()))
            or "none"
        )
        line = (
            f"{seat_name(s)}{you}: {short(p.tile)} ({region_name(board().region(p.tile))})"
            f"  Food {p.food}  EVP {score(p).total}  shown C{p.cooperated}/I{p.intimidated}"
            f"  roll {'+'.join(map(str, p.dice)) or '-'}"
        )
        out.append(line)
        out.append(f"    Adaptations: {adapt}")
        if p.niches:
            out.append("    Niches: " + ", ".join(cs.niche(n).name for n in p.niches))
        if s == seat:
            hand = ", ".join(name_of(cs.key(c)) for c in p.hand) or "empty"
            out.append(f"    Hand: {hand}")
            if p.niche:
                n = cs.niche(p.niche)
                need = ", ".join(name_of(a) for a in n.needs)
                out.append(f"    Your secret Niche: {n.name} (needs {need})")
        else:
            backs = ", ".join(cs.decks[cs.deck_of(c)].name for c in p.hand)
            out.append(
                f"    Hand: {counted(len(p.hand), 'card')}" + (f" ({backs} backs)" if backs else "")
            )
        if p.facedown:
            out.append(
                f"    {counted(len(p.facedown), 'card')} face down until the end of the round"
            )
    return out


def _drawn(d: SGData) -> str:
    """The Adaptations the seat in Evolution drew, after what buying one costs it and the
    Food it has: what a player reads while choosing which to buy ("buy call" names no
    price). A block of its own, which a short screen keeps; a line too wide for it loses
    its end, the names the choices repeat."""
    who = seat_name(d.turn)
    names = ", ".join(name_of(cards().key(c)) for c in d.drawn)
    food = d.players[d.turn].food
    return f"Drawn by {who}, to buy at {prices(d, d.turn)} ({who} has {food} Food): {names}"


def render(d: SGData, seat: int | None) -> str:
    """The table as ``seat`` sees it."""
    cs = cards()
    head = (
        f"Singapore Untamed · {_MODE[d.mode]} · round {d.round} of {ROUNDS} · "
        f"first player {seat_name(d.first)} · {_doing(d)}"
    )
    lines = [
        head,
        "",
        *_grid(d),
        "",
        "  (Fo3 = forest-3, counted clockwise from the gateway Fo1; Ec.n = ecotone-n; "
        "* wild tile; (12) = pawns of P1 and P2)",
        "",
    ]
    lines += _habitat_lines(d)
    if d.niche_display:
        lines.append(
            "Niches on display: "
            + "; ".join(
                f"{cs.niche(n).name} ({', '.join(name_of(a) for a in cs.niche(n).needs)})"
                for n in d.niche_display
            )
        )
    lines.append("")
    lines += _player_lines(d, seat)
    if d.drawn:
        lines += ["", _drawn(d)]
    if seat is not None and d.phase in (Phase.MIGRATE, Phase.COMPETE):
        c = d.choices[seat]
        if c.final != "out" and c.cards:
            lines.append("Your secret choice so far: " + ", ".join(name_of(k) for k in c.cards))
    if d.phase is Phase.PLEDGE:
        lines.append(
            f"Recovery of the {region_name(d.proposal)}: {sum(d.pledges)} of 10 Food pledged"
        )
    lines.append("")
    lines.append("Log:")
    lines += [f"  {line}" for line in (d.log or d.last_log)]
    return "\n".join(lines)
