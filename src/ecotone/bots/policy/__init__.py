"""The policy bot: a trained network plays a seat, seeing only that seat's view.

``make_bot("policy", game, seat, seed, model="NAME")``, or the spec ``policy:model=NAME``
wherever a bot is named (``ecotone tournament``, ``ecotone play``, a server's bot seat,
the lobby's seat menu), plays one of the trained policies that come with Ecotone
(:mod:`ecotone.bots.models`; ``ecotone bots GAME`` lists them). ``policy:path=FILE`` plays a file of
your own: a model sb3-contrib's ``MaskablePPO`` saved (``model.save("model.zip")``)
after training on one of :mod:`ecotone.rl`'s environments, or the weights exported from
one (``ecotone policy export model.zip model.npz``, :mod:`.weights`).

At each decision the bot turns the seat's view into the tensor the network learnt from
(:func:`ecotone.bots.tensor.layout_for`, the very layout of the environments, computed
from ``view.observation`` alone), masks every action index but the legal ones
(``game.action_index`` of each of ``view.legal_actions``), and plays the most probable
legal action, or samples one from its own seeded generator with ``sample=true``: the same
seed and the same views give the same choices. A weights file plays with numpy alone, a
model file with PyTorch; both choose the same actions.

A network knows only the layout it learnt from. The environments' tensor space carries
that layout's stamp (:meth:`~ecotone.bots.tensor.encoding.Layout.stamp`: its fingerprint,
configuration and size), which Stable-Baselines3 saves with the model as text and an
export keeps; the bot compares it with the game's layout now and refuses a network
trained on another (the game's observation changed since: a new field, another card
list), or with ``strict=false`` plays it with a warning. A file without a stamp (saved
by another tool) is played with a warning, its sizes the only check.

Nothing in a file runs: a weights file is read with ``allow_pickle=False``, a model file
without unpickling (:mod:`.sb3`). PyTorch and sb3-contrib are imported only when a model
file is read, so the shipped policies play where neither is installed.
"""

from __future__ import annotations

import os
import threading
import warnings
import zipfile
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from ecotone.bots.base import Bot, SeatView
from ecotone.bots.models import ShippedPolicy, find_policy
from ecotone.bots.policy.weights import Weights, is_weights_file, read_weights
from ecotone.bots.tensor import Layout, layout_for
from ecotone.core.actions import Action
from ecotone.core.game import Game
from ecotone.core.records import configured

__all__ = [
    "LayoutWarning",
    "Network",
    "PolicyBot",
    "Weights",
    "load_network",
]


class Network(Protocol):
    """A loaded policy network: a weights file's (:class:`Weights`, numpy) or a model
    file's (:class:`~ecotone.bots.policy.sb3.TorchNetwork`, PyTorch).

    Attributes:
        path: the file it came from.
        observation_size: the tensor length it was trained on.
        num_actions: the size of its action index.
        layout: the stamp of the layout it was trained on (``fingerprint``, ``game``,
            ``players``, ``variant``, ``size``), or ``None`` when the file has none.
    """

    @property
    def path(self) -> str: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def layout(self) -> dict[str, Any] | None: ...

    def probabilities(
        self, tensor: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]
    ) -> npt.NDArray[np.float64]:
        """The policy's probability of each action index, illegal ones 0."""
        ...


_LOADED: dict[tuple[str, int, int], Network] = {}
_LOCK = threading.Lock()


def load_network(path: str | os.PathLike[str]) -> Network:
    """The network saved in ``path`` (a weights file or a MaskablePPO model, told apart
    by what the archive holds), read once per process while the file is unchanged (a
    tournament makes a bot per seat and game).

    Raises:
        ValueError: for a file that is missing, unreadable, not a policy on a flat
            tensor, or saved with options that only unpickling could restore.
        ModuleNotFoundError: for a model file without PyTorch or sb3-contrib.
    """
    where = Path(path).expanduser().resolve()
    try:
        stat = where.stat()
    except OSError:
        raise ValueError(f"cannot read {path}: no such file") from None
    key = (str(where), stat.st_mtime_ns, stat.st_size)
    with _LOCK:
        found = _LOADED.get(key)
        if found is None:
            found = _LOADED[key] = _read(str(path))
        return found


def _read(path: str) -> Network:
    if is_weights_file(path):
        return read_weights(path)
    # Both kinds of file are zip archives: anything else is neither, whatever is installed
    # (and asking for PyTorch to read it would send the player after the wrong problem).
    if not zipfile.is_zipfile(path):
        raise ValueError(
            f"cannot read {path} as a policy saved by MaskablePPO or as its exported weights: "
            "it is not a zip archive"
        )
    from ecotone.bots.policy.sb3 import read_model  # noqa: PLC0415 - PyTorch, when needed

    return read_model(path)


class PolicyBot(Bot):
    """Plays a network trained with sb3-contrib's MaskablePPO on this game's environment.

    Args:
        game: the configured game (the network must have been trained on the same
            configuration: its tensor and action sizes are checked).
        seat: the seat it plays.
        seed: its private seed (used when ``sample`` is on).
        model: the name of a policy that comes with Ecotone for this configuration.
        path: or a file: a model ``MaskablePPO.save`` wrote, or weights exported from one.
        sample: ``False`` (default): the most probable legal action; ``True``: one drawn
            with the policy's probabilities.
        strict: ``True`` (default): refuse a network trained on another observation
            layout than this game's now; ``False``: play it, with a warning (its sizes
            must still match).
    """

    name = "policy"

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        seed: int = 0,
        *,
        model: str | None = None,
        path: str | os.PathLike[str] | None = None,
        sample: bool = False,
        strict: bool = True,
        **options: Any,
    ) -> None:
        super().__init__(game, seat, seed, **options)
        #: the shipped policy it plays, if it plays one
        self.shipped: ShippedPolicy | None = None
        if model is not None and path is not None:
            raise ValueError("takes model=NAME or path=FILE, not both")
        if model is not None:
            self.shipped = find_policy(str(model), game)
            path = self.shipped.weights
        elif path is None or not str(path).strip():
            raise ValueError(
                "needs model=NAME (a policy that comes with Ecotone: 'ecotone bots' lists "
                "them) or path=FILE (a policy saved by sb3-contrib's MaskablePPO, or its "
                "exported weights; docs/rl.md)"
            )
        if not isinstance(sample, bool):
            raise ValueError(f"takes sample=true or sample=false, not {sample!r}")
        if not isinstance(strict, bool):
            raise ValueError(f"takes strict=true or strict=false, not {strict!r}")
        self.sample = sample
        self.network = load_network(str(path))
        self.layout: Layout = layout_for(game)
        trained = (self.network.observation_size, self.network.num_actions)
        here = (self.layout.size, game.num_distinct_actions)
        if trained != here:
            raise ValueError(
                f"{path} was trained on {trained[0]} observation slots and {trained[1]} "
                f"actions; this game ({_configuration(game)}) has {here[0]} and {here[1]}"
            )
        self._check_layout(str(path), game, strict)

    @property
    def title(self) -> str | None:
        """How a seat it plays reads (``Policy: PPO vs heuristic``), for a shipped policy."""
        return self.shipped.label if self.shipped is not None else None

    def _check_layout(self, path: str, game: Game[Any], strict: bool) -> None:
        """Refuse (or, not ``strict``, warn about) a network trained on another layout;
        warn about one whose file does not say."""
        stamp = self.network.layout
        if stamp is None:
            warnings.warn(
                f"{path} does not say which observation layout it was trained on (saved "
                "without the environments' tensor space): only its sizes could be checked",
                LayoutWarning,
                stacklevel=3,
            )
            return
        if stamp["fingerprint"] == self.layout.fingerprint:
            return
        message = (
            f"{path} was trained on observation layout {stamp['fingerprint']} "
            f"({_stamped(stamp)}); this game ({_configuration(game)}) has layout "
            f"{self.layout.fingerprint}: the observation changed since it was trained, "
            "so its slots no longer mean what the network learnt"
        )
        if strict:
            raise ValueError(f"{message}; train it again, or pass strict=false to play it")
        warnings.warn(message, LayoutWarning, stacklevel=3)

    def act(self, view: SeatView) -> Action:
        legal = {self.game.action_index(action): action for action in view.legal_actions}
        mask = np.zeros(self.network.num_actions, dtype=np.bool_)
        mask[list(legal)] = True
        probs = self.network.probabilities(self.layout.encode(view.observation), mask)
        if self.sample and probs.sum() > 0:
            # the bot's own generator, so that a seeded game replays
            (index,) = self.rng.choices(list(legal), weights=[probs[i] for i in legal])
        else:
            index = max(legal, key=lambda i: (probs[i], -i))  # ties: the lowest index
        return legal[index]


class LayoutWarning(UserWarning):
    """A policy plays on a layout it may not have been trained on."""


def _stamped(stamp: dict[str, Any]) -> str:
    table = configured(stamp.get("players", 0), stamp.get("variant"))
    return f"{stamp.get('game')}, {table}, {stamp.get('size')} slots"


def _configuration(game: Game[Any]) -> str:
    """``Once Upon a Forest, 3 players, variant solo``: what a layout depends on most."""
    return f"{game.spec.title}, {configured(game.players, game.variant)}"
