"""Instance ids: every physical card's own id, ``<card id>#<seat><copy>``.

The rules ask an instance's card id at every step, so it lives apart from the state's
records (:mod:`ecotone.games.biomasters.state`, which names it too), where the optional
compiled build compiles it (a module that defines a record cannot be: see
``pyproject.toml``).

>>> kind_of("lion#2c")
'lion'
"""

from __future__ import annotations

__all__ = ["kind_of", "kinds_in"]


def kind_of(instance: str) -> str:
    """The card id of an instance id: ``"lion#2c"`` -> ``"lion"``."""
    kind = _KIND_OF.get(instance)
    if kind is None:
        kind = _KIND_OF[instance] = instance.partition("#")[0]
    return kind


# Instance ids are a few hundred fixed strings; remembering their card ids is safe.
_KIND_OF: dict[str, str] = {}


def kinds_in(hand: tuple[str, ...]) -> list[str]:
    """The card ids of the instances in ``hand`` (sorted, as every hand is kept), each
    once, sorted.

    An instance id is its card id and ``#``, which sorts before every character of a card
    id, so a sorted hand holds each card id's instances side by side and in the order of
    the card ids: one pass reads them off, with neither a set nor a sort.

    >>> kinds_in(("kelp#2a", "lion#2a", "lion#2b"))
    ['kelp', 'lion']
    """
    out: list[str] = []
    last = ""
    known = _KIND_OF  # a local: every decision asks this
    for c in hand:
        try:
            kind = known[c]
        except KeyError:  # an instance not met before
            kind = kind_of(c)
        if kind != last:
            out.append(kind)
            last = kind
    return out
