"""``ecotone decks GAME --new``: build a deck at the terminal, one typed command at a time.

The builder shows the game's card pool, narrowed by the game's own facets (trophic level,
terrain, cost...) and by a search; cards go in and out of the deck by their number in the
last listing, their id or their name; after each change the game's deck rules are asked
again and every problem is shown in the game's words. ``save`` keeps the deck with the
player's saved decks, ``code`` prints its deck code. Nothing here names a game: all of it
comes from the game's :class:`~ecotone.core.deckbuilding.Deckbuilding`.

It reads lines from any ``read`` function (``input`` at a terminal), so a test drives it
with a list of lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

from ecotone.core.deckbuilding import Deckbuilding, DeckList, PoolCard
from ecotone.core.errors import DataError

__all__ = ["HELP", "Builder", "run_builder"]

HELP = """\
  ls               the pool, as filtered (numbers are for + and -)
  f                the filters you can use;  f KEY  the values of one
  f KEY VALUE      keep only cards with that value (again: several values, any of them)
  f -              drop every filter;  s TEXT  search names and ids;  s  stop searching
  + CARD [N]       put N copies (default 1) in the deck: CARD is a number, an id or a name
  - CARD [N]       take N copies out
  d                the deck: its cards, its make-up and every rule it breaks
  n NAME           name the deck
  save             keep it with your decks;  code  its deck code
  q                leave (say save first to keep it)"""


class Builder:
    """A deck being built, with the pool's filters and the last listing."""

    def __init__(self, build: Deckbuilding, deck: DeckList | None = None) -> None:
        self.build = build
        self.counts: Counter[str] = Counter(deck.counts() if deck else {})
        self.name = deck.name if deck else ""
        self.summary = deck.summary if deck else ""
        self.filters: dict[str, set[str]] = {}
        self.search = ""
        self.listed: list[PoolCard] = list(build.pool)

    @property
    def deck(self) -> DeckList:
        """The deck as it stands."""
        return self.build.normal(DeckList(self.name, tuple(self.counts.items()), self.summary))

    def shown(self) -> list[PoolCard]:
        """The pool's cards the filters and the search keep."""
        needle = self.search.casefold()
        return [
            c
            for c in self.build.pool
            if all(set(c.facet(k)) & vs for k, vs in self.filters.items())
            and (not needle or needle in c.name.casefold() or needle in c.id.casefold())
        ]

    def find(self, ref: str) -> PoolCard | str:
        """The card ``ref`` names (a number of the last listing, an id, a name or the start
        of one), or why none."""
        if ref.isdigit():
            i = int(ref)
            if 1 <= i <= len(self.listed):
                return self.listed[i - 1]
            return f"no card {i} in the last listing (1 to {len(self.listed)}): type ls"
        card = self.build.card(ref)
        if card is not None:
            return card
        folded = ref.casefold()
        exact = [c for c in self.build.pool if c.name.casefold() == folded]
        if exact:
            return exact[0]
        starts = [c for c in self.build.pool if c.name.casefold().startswith(folded)]
        if len(starts) == 1:
            return starts[0]
        if starts:
            return f"{ref!r} could be {', '.join(c.name for c in starts[:6])}: say which"
        return f"no card {ref!r} in the pool"

    def facet_values(self, key: str) -> list[str]:
        """Every value of facet ``key`` in the pool, in order."""
        facet = next((f for f in self.build.facets if f.key == key), None)
        values = {v for c in self.build.pool for v in c.facet(key)}
        if facet is not None and facet.numeric:
            return sorted(values, key=lambda v: (float(v) if _number(v) else 0.0, v))
        return sorted(values)


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _line(card: PoolCard, n: int, facets: list[str]) -> str:
    marks = " ".join("/".join(card.facet(k)) for k in facets if card.facet(k))
    held = f"{n}x" if n else "  "
    return f"{held:>3} {card.name} ({card.id})  {marks}"


def _problems(builder: Builder) -> list[str]:
    found = builder.build.check(builder.deck)
    low, high = builder.build.size
    size = builder.deck.size
    head = f"{builder.deck.name or '(no name)'}: {size} cards (a deck has {low}-{high})"
    if not found:
        return [f"{head}, legal"]
    return [head] + [f"  ✗ {p.message}  [{p.code}]" for p in found]


def _chart(builder: Builder) -> list[str]:
    lines: list[str] = []
    deck = builder.deck
    for facet in builder.build.facets:
        if not facet.chart:
            continue
        tally: Counter[str] = Counter()
        for card_id, n in deck.cards:
            held = builder.build.card(card_id)
            for value in held.facet(facet.key) if held else ():
                tally[value] += n
        if not tally:
            continue
        lines.append(f"{facet.label}:")
        order = builder.facet_values(facet.key)
        for value in [v for v in order if v in tally]:
            lines.append(f"  {value:>12} {'#' * tally[value]} {tally[value]}")
    return lines


def run_builder(
    builder: Builder,
    save: Callable[[DeckList], Path],
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> int:
    """Read and carry out commands until ``q`` or the end of the input; 0 when done."""
    build = builder.build
    low, high = build.size
    write(f"Building a deck of {low}-{high} cards. Its rules:")
    for rule in build.rules_text:
        write(f"  - {rule}")
    write("Type ? for the commands.")
    facet_keys = [f.key for f in build.facets[:4]]
    while True:
        try:
            line = read("deck> ").strip()
        except EOFError:
            write("(end of input: the deck was not saved)" if builder.counts else "")
            return 0
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if not word:
            continue
        if word in ("?", "help", "h"):
            write(HELP)
        elif word == "q":
            return 0
        elif word == "ls":
            _list(builder, facet_keys, write)
        elif word == "f":
            _filter(builder, rest, write)
        elif word == "s":
            builder.search = rest
            write(f"searching for {rest!r}: type ls" if rest else "search cleared")
        elif word in ("+", "-"):
            _change(builder, word, rest, write)
        elif word == "d":
            _show(builder, write)
        elif word == "n":
            builder.name = rest
            write(f"the deck is called {rest!r}" if rest else "the deck has no name now")
        elif word == "save":
            if not builder.name.strip():
                write("name the deck first: n NAME")
                continue
            path = save(builder.deck)
            legal = not build.check(builder.deck)
            write(f"saved to {path}" + ("" if legal else " (it still breaks rules: type d)"))
        elif word == "code":
            try:
                write(build.encode(builder.deck))
            except DataError as exc:
                write(exc.message)
        else:
            write(f"unknown command {word!r}: type ? for the commands")


def _list(builder: Builder, facet_keys: list[str], write: Callable[[str], None]) -> None:
    builder.listed = builder.shown()
    for i, card in enumerate(builder.listed, 1):
        write(f"{i:>3}. {_line(card, builder.counts[card.id], facet_keys)}")
    what = [f"{k}={'|'.join(sorted(v))}" for k, v in builder.filters.items()]
    what += [f"search {builder.search!r}"] if builder.search else []
    shown = f"{len(builder.listed)} of {len(builder.build.pool)} cards"
    write(shown + (f" ({', '.join(what)})" if what else ""))


def _show(builder: Builder, write: Callable[[str], None]) -> None:
    for card_id, n in builder.deck.cards:
        card = builder.build.card(card_id)
        write(f"  {n}x {card.name if card else '?'} ({card_id})")
    for text in _chart(builder) + _problems(builder):
        write(text)


def _filter(builder: Builder, rest: str, write: Callable[[str], None]) -> None:
    keys = {f.key: f for f in builder.build.facets}
    if not rest:
        for f in builder.build.facets:
            write(f"  {f.key:<12} {f.label}")
        return
    if rest == "-":
        builder.filters.clear()
        write("filters cleared")
        return
    key, _, value = rest.partition(" ")
    if key not in keys:
        write(f"no filter {key!r}; the filters: {', '.join(keys)}")
        return
    values = builder.facet_values(key)
    if not value.strip():
        write(f"{keys[key].label}: {', '.join(values)}")
        return
    match = [v for v in values if v.casefold() == value.strip().casefold()]
    if not match:
        write(f"no card has {key} {value.strip()!r}; the values: {', '.join(values)}")
        return
    builder.filters.setdefault(key, set()).add(match[0])
    write(
        f"{len(builder.shown())} cards with {key} {'|'.join(sorted(builder.filters[key]))}: type ls"
    )


def _change(builder: Builder, sign: str, rest: str, write: Callable[[str], None]) -> None:
    ref, copies = rest, 1
    head, _, tail = rest.rpartition(" ")
    if head and tail.isdigit():
        ref, copies = head, int(tail)
    if not ref:
        write(f"say which card: {sign} CARD [N]")
        return
    if copies < 1:
        write(f"N is a number of copies, at least 1: {sign} CARD [N]")
        return
    found = builder.find(ref)
    if isinstance(found, str):
        write(found)
        return
    before = builder.counts[found.id]
    if sign == "+":
        builder.counts[found.id] += copies
    else:
        builder.counts[found.id] = max(0, before - copies)
        if not builder.counts[found.id]:
            del builder.counts[found.id]
    now = builder.counts[found.id]
    write(f"{found.name} ({found.id}): {before} -> {now} in the deck")
    for text in _problems(builder):
        write(text)
