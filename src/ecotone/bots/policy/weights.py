"""A trained policy as plain arrays, played with numpy alone.

sb3-contrib's ``MaskablePPO`` plays with a small multilayer perceptron: the seat's tensor
goes through the hidden layers of the policy's branch (each a ``Linear`` layer, then the
activation), ``action_net`` turns the last one into a logit per action index, the
illegal indices are masked out and a softmax over the legal ones gives their
probabilities. Those are all the weights that choose an action (the value branch only
helped training), so :func:`save_weights` writes them to a ``.npz`` file and
:class:`Weights` plays them without PyTorch: the same layers in the same order, in
float32 as PyTorch computes them, so the most probable action is PyTorch's.

The file (numpy's ``.npz``, read with ``allow_pickle=False``: nothing in it can run):

==================================  ===========================================================
``meta``                            JSON text: ``format`` (``"ecotone-policy"``), ``version``,
                                    ``activation`` (a ``torch.nn`` class name: ``Tanh``,
                                    ``ReLU``, ...), ``observation_size``, ``num_actions``,
                                    ``layout`` (the stamp of the layout it learnt from, or
                                    ``null``) and ``about`` (how it was trained, free form)
``hidden_0_weight``, ``_bias``, ..  each hidden layer, as ``torch.nn.Linear`` keeps it:
                                    weight ``(out, in)``, bias ``(out,)``
``action_weight``, ``action_bias``  the action layer
``inputs`` (optional)               the tensor slots the first layer reads, ascending; the
                                    weights of every other slot are 0
``actions`` (optional)              the action indices with a row in the action layer,
                                    ascending; every other index has logit 0
==================================  ===========================================================

``inputs`` and ``actions`` keep the file small without changing a choice: a slot that
never held a value while the network learnt keeps the weights it started with, and a
network started with zeros there (``examples/train_forest.py`` does) has zeros there
still, which need not be stored.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["ACTIVATIONS", "FORMAT", "Weights", "is_weights_file", "read_weights", "save_weights"]

#: What the ``meta`` of a weights file says it is, and the version of its layout.
FORMAT = "ecotone-policy"
VERSION = 1

F32 = npt.NDArray[np.float32]


def _leaky(x: F32) -> F32:
    return np.where(x > 0, x, np.float32(0.01) * x)  # torch.nn.LeakyReLU's default slope


def _elu(x: F32) -> F32:
    return np.where(x > 0, x, np.expm1(x))  # torch.nn.ELU's default alpha, 1


def _sigmoid(x: F32) -> F32:
    return np.float32(1) / (np.float32(1) + np.exp(-x))


#: The activations a weights file may name (``torch.nn``'s class names), as numpy does them.
ACTIVATIONS: Mapping[str, Callable[[F32], F32]] = {
    "Tanh": np.tanh,
    "ReLU": lambda x: np.maximum(x, np.float32(0)),
    "LeakyReLU": _leaky,
    "ELU": _elu,
    "Sigmoid": _sigmoid,
    "SiLU": lambda x: x * _sigmoid(x),
}


@dataclass(frozen=True, eq=False)
class Weights:
    """A policy network as arrays, ready to choose among legal actions.

    Attributes:
        path: the file it came from (``""`` for one made in memory).
        observation_size: the tensor length it was trained on.
        num_actions: the size of its action index.
        activation: the hidden layers' activation (a key of :data:`ACTIVATIONS`).
        hidden: each hidden layer's ``(weight (out, in), bias (out,))``, float32; the first
            reads only the slots ``inputs`` names.
        action: the action layer's ``(weight, bias)``, one row per index of ``actions``.
        inputs: the slots the first layer reads, ascending (all of them: ``arange(size)``).
        actions: the indices with a row in the action layer (all: ``arange(num_actions)``).
        layout: the stamp of the layout it was trained on, or ``None``.
        about: how it was trained (free-form JSON: command, seed, results).
    """

    path: str
    observation_size: int
    num_actions: int
    activation: str
    hidden: tuple[tuple[F32, F32], ...]
    action: tuple[F32, F32]
    inputs: npt.NDArray[np.int64]
    actions: npt.NDArray[np.int64]
    layout: dict[str, Any] | None = None
    about: dict[str, Any] = field(default_factory=dict)
    #: the row of each action index in the action layer (-1: none, logit 0)
    rows: npt.NDArray[np.int64] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        _check(self)
        rows = np.full(self.num_actions, -1, dtype=np.int64)
        rows[self.actions] = np.arange(len(self.actions))
        object.__setattr__(self, "rows", rows)

    def logits(self, tensor: npt.NDArray[np.floating[Any]], indices: Sequence[int]) -> F32:
        """The action layer's logits of the action ``indices`` for ``tensor``."""
        x = np.asarray(tensor, dtype=np.float32)[self.inputs]
        act = ACTIVATIONS[self.activation]
        for weight, bias in self.hidden:
            x = act(weight @ x + bias)
        rows = self.rows[np.asarray(indices, dtype=np.int64)]
        weight, bias = self.action
        out = np.zeros(len(rows), dtype=np.float32)
        kept = rows >= 0
        out[kept] = weight[rows[kept]] @ x + bias[rows[kept]]
        return out

    def probabilities(
        self, tensor: npt.NDArray[np.floating[Any]], mask: npt.NDArray[np.bool_]
    ) -> npt.NDArray[np.float64]:
        """The policy's probability of each action index, illegal ones 0: a softmax over
        the legal indices' logits, as the masked distribution of sb3-contrib gives it."""
        legal = np.flatnonzero(mask)
        out = np.zeros(self.num_actions, dtype=np.float64)
        if len(legal) == 0:
            return out
        logits = self.logits(tensor, legal.tolist()).astype(np.float64)
        odds = np.exp(logits - logits.max())
        out[legal] = odds / odds.sum()
        return out


def _check(w: Weights) -> None:
    """Refuse arrays that do not make one network (a file edited by hand, a bad export)."""
    if w.activation not in ACTIVATIONS:
        raise ValueError(
            f"{w.path or 'the network'} uses the activation {w.activation!r}; "
            f"the policy bot plays {', '.join(ACTIVATIONS)}"
        )
    width = len(w.inputs)
    if not _ascending(w.inputs, w.observation_size) or not _ascending(w.actions, w.num_actions):
        raise ValueError(f"{w.path or 'the network'}: inputs or actions out of order or range")
    for number, (weight, bias) in enumerate((*w.hidden, w.action)):
        if weight.ndim != 2 or bias.shape != (weight.shape[0],) or weight.shape[1] != width:
            raise ValueError(
                f"{w.path or 'the network'}: layer {number} has weights {weight.shape} and "
                f"bias {bias.shape} after {width} values"
            )
        width = weight.shape[0]
    if w.action[0].shape[0] != len(w.actions):
        raise ValueError(f"{w.path or 'the network'}: the action layer does not fit its actions")


def _ascending(index: npt.NDArray[np.int64], size: int) -> bool:
    return index.ndim == 1 and bool(
        len(index) == 0 or (index[0] >= 0 and index[-1] < size and np.all(np.diff(index) > 0))
    )


def is_weights_file(path: str | Path) -> bool:
    """Whether ``path`` is a ``.npz`` archive with a ``meta`` (a weights file), as opposed
    to a model Stable-Baselines3 saved (also a zip archive)."""
    try:
        with zipfile.ZipFile(path) as archive:
            return "meta.npy" in archive.namelist()
    except (OSError, zipfile.BadZipFile):
        return False


def read_weights(path: str | Path) -> Weights:
    """The network a weights file holds.

    Raises:
        ValueError: for a file that cannot be read, is not a weights file of this
            version, or whose arrays do not make one network.
    """
    try:
        with np.load(path, allow_pickle=False) as archive:
            arrays = {name: archive[name] for name in archive.files}
        meta = json.loads(str(arrays.pop("meta")))
    except (OSError, ValueError, KeyError, zipfile.BadZipFile) as exc:
        raise ValueError(f"cannot read {path} as a policy's weights: {exc}") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise ValueError(f"{path} is not a policy's weights (no {FORMAT!r} meta)")
    if meta.get("version") != VERSION:
        raise ValueError(
            f"{path} holds weights of version {meta.get('version')}; this Ecotone reads {VERSION}"
        )
    try:
        size, actions = int(meta["observation_size"]), int(meta["num_actions"])
        count = sum(1 for name in arrays if name.startswith("hidden_") and name.endswith("_weight"))
        hidden = tuple(
            (_f32(arrays[f"hidden_{i}_weight"]), _f32(arrays[f"hidden_{i}_bias"]))
            for i in range(count)
        )
        return Weights(
            path=str(path),
            observation_size=size,
            num_actions=actions,
            activation=str(meta["activation"]),
            hidden=hidden,
            action=(_f32(arrays["action_weight"]), _f32(arrays["action_bias"])),
            inputs=_index(arrays.get("inputs"), size),
            actions=_index(arrays.get("actions"), actions),
            layout=meta.get("layout"),
            about=dict(meta.get("about") or {}),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"cannot read {path} as a policy's weights: {exc}") from None


def _f32(array: npt.NDArray[Any]) -> F32:
    if array.dtype.kind != "f":
        raise ValueError(f"weights of type {array.dtype}")
    return np.ascontiguousarray(array, dtype=np.float32)


def _index(array: npt.NDArray[Any] | None, size: int) -> npt.NDArray[np.int64]:
    if array is None:
        return np.arange(size, dtype=np.int64)
    if array.dtype.kind not in "iu":
        raise ValueError(f"an index of type {array.dtype}")
    return array.astype(np.int64)


def save_weights(weights: Weights, path: str | Path) -> Path:
    """Write ``weights`` to ``path`` (a compressed ``.npz``), leaving out the first
    layer's columns and the action layer's rows that are all zeros: they change no
    choice. Returns the path written."""
    first, first_bias = weights.hidden[0] if weights.hidden else weights.action
    used = np.flatnonzero(np.any(first != 0, axis=0))
    action_weight, action_bias = weights.action
    rows = np.flatnonzero(np.any(action_weight != 0, axis=1) | (action_bias != 0))
    inputs, actions = weights.inputs[used], weights.actions[rows]
    arrays: dict[str, npt.NDArray[Any]] = {}
    for number, (weight, bias) in enumerate(weights.hidden):
        arrays[f"hidden_{number}_weight"] = weight[:, used] if number == 0 else weight
        arrays[f"hidden_{number}_bias"] = bias
    if weights.hidden:
        arrays["action_weight"], arrays["action_bias"] = action_weight[rows], action_bias[rows]
    else:  # no hidden layer: the action layer reads the tensor
        arrays["action_weight"] = action_weight[rows][:, used]
        arrays["action_bias"] = action_bias[rows]
    del first_bias
    if len(inputs) < weights.observation_size:
        arrays["inputs"] = inputs.astype(np.int32)
    if len(actions) < weights.num_actions:
        arrays["actions"] = actions.astype(np.int32)
    meta = {
        "format": FORMAT,
        "version": VERSION,
        "activation": weights.activation,
        "observation_size": weights.observation_size,
        "num_actions": weights.num_actions,
        "layout": weights.layout,
        "about": weights.about,
    }
    out = Path(path)
    with out.open("wb") as handle:  # a path without .npz keeps its name
        arrays["meta"] = np.array(json.dumps(meta))
        np.savez_compressed(handle, allow_pickle=False, **arrays)
    return out
