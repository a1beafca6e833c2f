"""Instance ids: every physical card's own id, ``<card id>#<seat><copy>``.

The rules ask an instance's card id at every step, so it lives apart from the state's
records (:mod:`ecotone.games.biomasters.state`, which names it too), where the optional
compiled build compiles it (a module that defines a record cannot be: see
``pyproject.toml``).

>>> kind_of("lion#2c")
'lion'
"""

from __future__ import annotations

from typing import Final

__all__ = ["KINDS_MET", "kind_of"]


def kind_of(instance: str) -> str:
    """The card id of an instance id: ``"lion#2c"`` -> ``"lion"``."""
    kind = KINDS_MET.get(instance)
    if kind is None:
        kind = KINDS_MET[instance] = instance.partition("#")[0]
    return kind


# The card id of every instance met so far: instance ids are a few hundred fixed strings,
# so remembering them is safe. A hot loop may read it directly, falling back to
# kind_of() for an instance not met before.
KINDS_MET: Final[dict[str, str]] = {}
