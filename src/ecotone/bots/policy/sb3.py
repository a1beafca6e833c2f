"""Models saved by sb3-contrib's ``MaskablePPO``, read without unpickling, played with
PyTorch, and turned into plain weights (:mod:`.weights`) that play without it.

A model file is a zip archive: ``data``, the JSON of the algorithm's settings (the
policy's options and spaces among them, each with the pickle of the Python object beside
its text), and ``policy.pth``, the network's weights. Only the text and the weights are
read (``torch.load(weights_only=True)``): ``MaskablePPO.load`` would also unpickle the
objects saved beside them (schedules, classes), that is, run code from the file, and a
server builds bots from the specs its clients send. So a policy saved with options only
pickling can restore (a custom feature extractor, say) is refused with the reason; the
default policy, ``net_arch`` and ``activation_fn`` (one of ``torch.nn``'s) load.

PyTorch, gymnasium and sb3-contrib are imported when the first model is read.
"""

from __future__ import annotations

import json
import re
import zipfile
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ecotone.bots.policy.weights import ACTIVATIONS, Weights

__all__ = ["TorchNetwork", "read_model", "weights_of"]

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
            f"the policy bot needs {exc.name}, of the train extra: scripts/bootstrap train"
            " installs it with PyTorch's CPU build (docs/rl.md)",
            name=exc.name,
        ) from None
    return torch, spaces, MaskableActorCriticPolicy


@dataclass(frozen=True, eq=False)
class TorchNetwork:
    """A policy network read from a model file, played with PyTorch.

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


def read_model(path: str) -> TorchNetwork:
    """The policy network of a model ``MaskablePPO.save`` wrote, read without unpickling.

    Raises:
        ValueError: for a file that is not such a model, or saved with options that only
            unpickling could restore.
        ModuleNotFoundError: without PyTorch or sb3-contrib.
    """
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
    return TorchNetwork(path, size, actions, policy, _stamp(saved))


def _stamp(saved: dict[str, Any]) -> dict[str, Any] | None:
    """The layout stamp the observation space was saved with (plain JSON), if any."""
    space = saved.get("observation_space")
    stamp = space.get("ecotone_layout") if isinstance(space, dict) else None
    if isinstance(stamp, dict) and isinstance(stamp.get("fingerprint"), str):
        return stamp
    return None


def weights_of(network: TorchNetwork, about: dict[str, Any] | None = None) -> Weights:
    """The arrays of ``network``'s policy branch and action layer, to play without
    PyTorch (:func:`~ecotone.bots.policy.weights.save_weights` writes them).

    Raises:
        ValueError: for a network whose activation numpy does not do here.
    """
    torch, _, _ = _torch()
    policy = network.policy
    hidden: list[tuple[Any, Any]] = []
    activation = "Tanh"  # sb3's default, for a network with no hidden layer
    for module in policy.mlp_extractor.policy_net:
        if isinstance(module, torch.nn.Linear):
            hidden.append((_array(module.weight), _array(module.bias)))
        else:
            activation = type(module).__name__
    if activation not in ACTIVATIONS:
        raise ValueError(
            f"{network.path} uses the activation {activation}; the policy bot plays "
            f"{', '.join(ACTIVATIONS)} without PyTorch"
        )
    return Weights(
        path=network.path,
        observation_size=network.observation_size,
        num_actions=network.num_actions,
        activation=activation,
        hidden=tuple(hidden),
        action=(_array(policy.action_net.weight), _array(policy.action_net.bias)),
        inputs=np.arange(network.observation_size, dtype=np.int64),
        actions=np.arange(network.num_actions, dtype=np.int64),
        layout=network.layout,
        about=dict(about or {}),
    )


def _array(parameter: Any) -> npt.NDArray[np.float32]:
    out: npt.NDArray[np.float32] = parameter.detach().cpu().numpy().astype(np.float32)
    return out
