"""The Ecotone error tree.

Every error a user, a client or a bot can cause is an :class:`EcotoneError` with a
stable ``code`` (for the wire, logs and tests) and a message in the game's own terms.
The tree is small on purpose::

    EcotoneError
    ├── ConfigError (ValueError)       a wrong game id, player count, variant or option
    ├── IllegalAction (ValueError)     an action that is malformed, out of turn or against the rules
    ├── StateError (ValueError)        a state or replay that cannot be loaded or does not check out
    └── DataError (ValueError)         a game data file (cards, tiles, decks) that fails validation

Codes are ``area/what`` strings such as ``action/not-your-turn`` or
``forest/new-tree-before-complete``. Games add their own codes under their own prefix;
each class below lists the kernel's codes of its kind.
"""

from __future__ import annotations

import enum

__all__ = [
    "ConfigError",
    "DataError",
    "EcotoneError",
    "IllegalAction",
    "Refusal",
    "StateError",
]


class Refusal(enum.StrEnum):
    """The base of a game's enum of refusal codes, one member per rule it can break.

    A game declares every code its refusals use in one enum, so the codes are stable,
    listed in one place and checked (the conformance harness refuses any other)::

        class ForestRefusal(Refusal):
            TREE_INCOMPLETE = "forest/tree-incomplete"

    Members are strings, so ``IllegalAction(ForestRefusal.TREE_INCOMPLETE, "...")``
    carries the plain code. The kernel's own codes (``action/...``) are not members.
    """


class EcotoneError(Exception):
    """Base of every error Ecotone raises on purpose.

    Args:
        code: a stable machine-readable code, ``area/what``.
        message: the explanation a person reads.
    """

    code: str

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = str(code)

    @property
    def message(self) -> str:
        """The explanation, without the code."""
        return str(self.args[0])

    def to_json(self) -> dict[str, str]:
        """The error as a JSON-safe object: ``{"code": ..., "message": ...}``."""
        return {"code": self.code, "message": self.message}


class ConfigError(EcotoneError, ValueError):
    """A game was asked for with a wrong id, player count, variant or option.

    The message always lists the valid choices. Kernel codes: ``config/unknown-game``,
    ``config/bad-player-count``, ``config/unknown-variant``, ``config/unknown-option``,
    ``config/bad-option``, ``config/files-refused``.
    """


class IllegalAction(EcotoneError, ValueError):
    """An action that cannot be taken now, with the reason in the game's words.

    Kernel codes: ``action/game-over``, ``action/bad-seat``, ``action/not-your-turn``,
    ``action/already-chosen`` (a simultaneous choice made, the others awaited),
    ``action/malformed``, ``action/unknown-index``. Games refuse with their own codes
    (``forest/...``), declared in their :class:`Refusal` enum; ``action/not-legal`` is
    only the kernel's safety net, should a game's refusal ever find nothing wrong with an
    action its legal actions do not offer (the conformance harness makes sure it does
    not). An undo the policy refuses
    (:mod:`ecotone.core.history`): ``undo/nothing``, ``undo/game-over``,
    ``undo/not-yours``, ``undo/revealed``.
    """


class StateError(EcotoneError, ValueError):
    """A saved state or replay that is malformed, from another game or rules version,
    or whose re-simulation does not reach the recorded digest.

    Kernel codes: ``state/malformed``, ``state/wrong-game``, ``state/rules-version``,
    ``replay/unreadable``, ``replay/malformed``, ``replay/rules-version``,
    ``replay/illegal-step``, ``replay/digest-mismatch``, ``replay/scores-mismatch``,
    ``replay/winners-mismatch``.
    """


class DataError(EcotoneError, ValueError):
    """A data file (cards, tiles, boards, decks) that fails validation.

    Kernel codes: ``data/missing``, ``data/invalid``.
    """
