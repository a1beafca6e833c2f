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
    """The card ids of the instances in ``hand``, each once, sorted.

    >>> kinds_in(("lion#2a", "lion#2b", "kelp#2a"))
    ['kelp', 'lion']
    """
    try:  # every decision asks this: the card ids known already are read without a call
        kinds = set(map(_KIND_OF.__getitem__, hand))
    except KeyError:  # an instance not met before
        kinds = {kind_of(c) for c in hand}
    return sorted(kinds)
