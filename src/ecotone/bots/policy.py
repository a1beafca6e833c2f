"""The policy bot: a trained network plays a seat, seeing only that seat's view.

``make_bot("policy", game, seat, seed, path="model.zip")``, or the spec
``policy:path=model.zip`` wherever a bot is named (``ecotone tournament``, ``ecotone
play``, a server's bot seat), plays a policy saved by sb3-contrib's ``MaskablePPO``
(``model.save("model.zip")``) after training on one of :mod:`ecotone.rl`'s environments.

At each decision the bot turns the seat's view into the tensor the network learnt from
(:func:`ecotone.bots.tensor.layout_for`, the very layout of the environments, computed
from ``view.observation`` alone), masks every action index but the legal ones
(``game.action_index`` of each of ``view.legal_actions``), and plays the most probable
legal action, or samples one from its own seeded generator with ``sample=true``: the same
seed and the same views give the same choices.

A network knows only the layout it learnt from. The environments' tensor space carries
that layout's stamp (:meth:`~ecotone.bots.tensor.encoding.Layout.stamp`: its fingerprint,
configuration and size), which Stable-Baselines3 saves with the model as text; the bot
compares it with the game's layout now and refuses a network trained on another (the
game's observation changed since: a new field, another card list), or with
``strict=false`` plays it with a warning. A file without a stamp (saved by another tool)
is played with a warning, its sizes the only check.

Loading reads only the file's plain parts: the JSON of the policy's options and spaces,
and the network's weights with ``torch.load(weights_only=True)``. Stable-Baselines3's own
``load`` would unpickle the Python objects saved beside them (schedules, classes,
buffers), that is, run code from the file; a bot a server builds from a spec a client
sent must not. A policy saved with options that only pickling can restore (a custom
feature extractor, say) is refused with the reason.

It needs PyTorch and sb3-contrib (``pip install -e '.[train]'``), imported when the first
policy bot is made, so that :mod:`ecotone.bots` itself needs neither.
"""

from __future__ import annotations

import json
import os
import re
import threading
import warnings
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ecotone.bots.base import Bot, SeatView
from ecotone.bots.tensor import Layout, layout_for
from ecotone.core.actions import Action
from ecotone.core.game import Game

__all__ = ["LayoutWarning", "Network", "PolicyBot", "load_network"]

#: The policy class of sb3-contrib's action-masked algorithms, as its file names it.
MASKED_POLICIES = "sb3_contrib.common.maskable.policies"
#: Options of the policy that change nothing when playing (only how it was trained).
TRAINING_ONLY = frozenset({"optimizer_class", "optimizer_kwargs"})
#: Plain options the network's shape may depend on, read as they are.
PLAIN = frozenset({"net_arch", "ortho_init", "share_features_extractor", "normalize_images"})
#: ``"<class 'torch.nn.modules.activation.ReLU'>"``: how a file names an activation.
_ACTIVATION = re.compile(r"<class 'torch\.nn\.modules\.activation\.(\w+)'>")


def _torch() -> tuple[Any, Any, Any]:
    """torch, gymnasium's spaces and sb3-contrib's masked policy, or an ImportError
    saying which extra to install."""
    try:
        import torch  # noqa: PLC0415 - optional, and heavy: loaded with the first policy
        from gymnasium import spaces  # noqa: PLC0415
        from sb3_contrib.common.maskable.policies import (  # noqa: PLC0415
            MaskableActorCriticPolicy,
        )
    except ModuleNotFoundError as exc:
        raise ModuleNotFoundError(
            f"the policy bot needs {exc.name}: pip install -e '.[train]'", name=exc.name
        ) from None
    return torch, spaces, MaskableActorCriticPolicy


@dataclass(frozen=True, eq=False)
class Network:
    """A loaded policy network, ready to choose among legal actions.

    Attributes:
        path: the file it came from.
        observation_size: the tensor length it was trained on.
        num_actions: the size of its action index.
        policy: sb3-contrib's ``MaskableActorCriticPolicy``, in evaluation mode.
        layout: the stamp of the layout it was trained on (``fingerprint``, ``game``,
            ``players``, ``variant``, ``size``), or ``None`` when the file has none.
    """

    path: str
    observation_size: int
    num_actions: int
    policy: Any
    layout: dict[str, Any] | None = None

    def probabilities(
        self, tensor: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]
    ) -> npt.NDArray[np.float64]:
        """The policy's probability of each action index, illegal ones 0."""
        torch, _, _ = _torch()
        with torch.no_grad():
            obs = torch.as_tensor(tensor, dtype=torch.float32).reshape(1, -1)
            dist = self.policy.get_distribution(obs, action_masks=mask.reshape(1, -1))
            probs = dist.distribution.probs[0].double().numpy()
        out: npt.NDArray[np.float64] = np.where(mask, probs, 0.0)
        return out


def _plain_options(path: str, saved: Any) -> dict[str, Any]:
    """The policy's constructor options from the file's JSON, never unpickled."""
    torch, _, _ = _torch()
    if saved is None:
        return {}
    if not isinstance(saved, dict):
        raise ValueError(f"cannot read the policy options in {path}")
    # A dict saved with a Python object in it is pickled whole, with each item's text
    # beside the pickle: read the text, never the pickle.
    items = {k: v for k, v in saved.items() if k not in (":type:", ":serialized:")}
    out: dict[str, Any] = {}
    for key, value in items.items():
        if key in TRAINING_ONLY:
            continue
        if key == "activation_fn" and isinstance(value, str):
            found = _ACTIVATION.fullmatch(value)
            module = getattr(torch.nn, found.group(1), None) if found else None
            if not (isinstance(module, type) and issubclass(module, torch.nn.Module)):
                raise ValueError(f"{path} uses the activation {value}, not one of torch.nn's")
            out[key] = module
        elif key in PLAIN and not isinstance(value, str):  # a string here: an object's text
            out[key] = value
        else:
            raise ValueError(
                f"{path} was saved with the policy option {key}={value!r}, which only "
                "unpickling code from the file could restore; the policy bot loads net_arch, "
                "activation_fn (one of torch.nn's) and the default feature extractor"
            )
    return out


def _space_size(path: str, saved: dict[str, Any], key: str, kind: str, field: str) -> int:
    """The size of the saved observation or action space, read from its JSON text."""
    space = saved.get(key)
    if not isinstance(space, dict) or f".{kind}'>" not in str(space.get(":type:")):
        raise ValueError(f"{path} is not a policy on a flat tensor and a discrete action")
    raw = space.get(field)
    value = raw[0] if isinstance(raw, list) and len(raw) == 1 else raw
    try:
        return int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ValueError(f"cannot read the {key} of {path}") from None


def _read(path: str) -> Network:
    torch, spaces, policy_class = _torch()
    try:
        with zipfile.ZipFile(path) as archive:
            saved = json.loads(archive.read("data"))
            with archive.open("policy.pth") as weights:
                state = torch.load(weights, map_location="cpu", weights_only=True)
    except (OSError, KeyError, zipfile.BadZipFile, json.JSONDecodeError, RuntimeError) as exc:
        raise ValueError(
            f"cannot read {path} as a policy saved by MaskablePPO.save: {exc}"
        ) from None
    kind = saved.get("policy_class") if isinstance(saved, dict) else None
    if not isinstance(kind, dict) or kind.get("__module__") != MASKED_POLICIES:
        raise ValueError(f"{path} is not a policy saved by sb3-contrib's MaskablePPO")
    size = _space_size(path, saved, "observation_space", "Box", "_shape")
    actions = _space_size(path, saved, "action_space", "Discrete", "n")
    observation_space = spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32)
    policy = policy_class(
        observation_space,
        spaces.Discrete(actions),
        lambda _: 0.0,  # the learning rate: nothing is learnt here
        **_plain_options(path, saved.get("policy_kwargs")),
    )
    try:
        policy.load_state_dict(state)
    except (RuntimeError, TypeError) as exc:
        raise ValueError(f"the network in {path} does not fit its own options: {exc}") from None
    policy.set_training_mode(False)
    return Network(path, size, actions, policy, _stamp(saved))


def _stamp(saved: dict[str, Any]) -> dict[str, Any] | None:
    """The layout stamp the observation space was saved with (plain JSON), if any."""
    space = saved.get("observation_space")
    stamp = space.get("ecotone_layout") if isinstance(space, dict) else None
    if isinstance(stamp, dict) and isinstance(stamp.get("fingerprint"), str):
        return stamp
    return None


_LOADED: dict[tuple[str, int, int], Network] = {}
_LOCK = threading.Lock()


def load_network(path: str | os.PathLike[str]) -> Network:
    """The network saved in ``path``, read once per process while the file is unchanged
    (a tournament makes a bot per seat and game).

    Raises:
        ValueError: for a file that is missing, unreadable, not a MaskablePPO policy on a
            flat tensor, or saved with options that only unpickling could restore.
        ModuleNotFoundError: without PyTorch or sb3-contrib.
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


class PolicyBot(Bot):
    """Plays a network trained with sb3-contrib's MaskablePPO on this game's environment.

    Args:
        game: the configured game (the network must have been trained on the same
            configuration: its tensor and action sizes are checked).
        seat: the seat it plays.
        seed: its private seed (used when ``sample`` is on).
        path: the model file, as ``MaskablePPO.save`` wrote it.
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
        path: str | os.PathLike[str] | None = None,
        sample: bool = False,
        strict: bool = True,
        **options: Any,
    ) -> None:
        super().__init__(game, seat, seed, **options)
        if path is None or not str(path).strip():
            raise ValueError(
                "needs path=FILE: a policy saved by sb3-contrib's MaskablePPO (docs/rl.md)"
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
    words = [str(stamp.get("game")), f"{stamp.get('players')} players"]
    if stamp.get("variant"):
        words.append(f"variant {stamp['variant']}")
    words.append(f"{stamp.get('size')} slots")
    return ", ".join(words)


def _configuration(game: Game[Any]) -> str:
    """``Once Upon a Forest, 3 players, variant solo``: what a layout depends on most."""
    words = [game.spec.title, f"{game.players} players"]
    if game.variant:
        words.append(f"variant {game.variant}")
    return ", ".join(words)
