"""The policy bot on exported weights: numpy alone plays them, as PyTorch would.

No test here needs PyTorch: the networks are made from random arrays of the right shapes
(tests/rl/test_policy.py checks, with the train extra, that an exported model chooses
exactly what PyTorch chooses).
"""

from __future__ import annotations

import itertools
import json
import random
import sys
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ecotone
from ecotone.bots import SeatView, make_bot
from ecotone.bots.policy.weights import Weights, read_weights, save_weights
from ecotone.bots.tensor import layout_for
from ecotone.core.errors import ConfigError
from ecotone.sim.runner import build_bot

ROOT = Path(__file__).resolve().parents[2]
GAME = "once-upon-a-forest"


def random_weights(
    game: Any, hidden: tuple[int, ...] = (16, 8), activation: str = "Tanh", seed: int = 0
) -> Weights:
    """A network of the right shapes for ``game``, with random weights; the first layer
    reads every other slot only and a third of the actions have no row, as an export of
    a network that never used the others leaves them."""
    rng = np.random.default_rng(seed)
    layout = layout_for(game)
    inputs = np.arange(0, layout.size, 2)
    actions = np.sort(rng.choice(game.num_distinct_actions, 2 * game.num_distinct_actions // 3))
    actions = np.unique(actions)
    widths = [len(inputs), *hidden]
    layers = tuple(
        (
            rng.normal(0, 1 / np.sqrt(a), (b, a)).astype(np.float32),
            rng.normal(0, 0.1, b).astype(np.float32),
        )
        for a, b in itertools.pairwise(widths)
    )
    action = (
        rng.normal(0, 1, (len(actions), widths[-1])).astype(np.float32),
        rng.normal(0, 0.1, len(actions)).astype(np.float32),
    )
    return Weights(
        path="",
        observation_size=layout.size,
        num_actions=game.num_distinct_actions,
        activation=activation,
        hidden=layers,
        action=action,
        inputs=inputs,
        actions=actions,
        layout=layout.stamp(),
        about={"made": "by a test"},
    )


@pytest.fixture(scope="module")
def game() -> Any:
    return ecotone.make(GAME, players=2)


@pytest.fixture(scope="module")
def weights_path(game: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_weights(random_weights(game), tmp_path_factory.mktemp("w") / "net.npz")


def dense_probabilities(w: Weights, tensor: Any, mask: Any) -> Any:
    """The same network computed the plain way: full matrices (zeros where the file
    keeps nothing), every logit, illegal ones set to minus infinity, one softmax."""
    first = np.zeros((w.hidden[0][0].shape[0], w.observation_size))
    first[:, w.inputs] = w.hidden[0][0]
    layers = [(first, w.hidden[0][1]), *w.hidden[1:]]
    x = np.asarray(tensor, dtype=np.float64)
    for weight, bias in layers:
        x = np.tanh(weight @ x + bias)
    head = np.zeros((w.num_actions, x.shape[0]))
    bias = np.zeros(w.num_actions)
    head[w.actions], bias[w.actions] = w.action[0], w.action[1]
    logits = np.where(mask, head @ x + bias, -np.inf)
    odds = np.exp(logits - logits.max())
    return odds / odds.sum()


def positions(game: Any, count: int, seed: int = 1) -> list[SeatView]:
    """Views of the seat to move in random games, until ``count`` of them."""
    rnd = random.Random(seed)
    out: list[SeatView] = []
    while len(out) < count:
        state = game.start(rnd.getrandbits(31))
        while not state.is_over and len(out) < count:
            seat = state.to_move[0]
            out.append(SeatView(state, seat))
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return out


def test_the_forward_pass_is_the_networks(game: Any, weights_path: Path) -> None:
    w = read_weights(weights_path)
    layout = layout_for(game)
    for view in positions(game, 60):
        mask = np.zeros(w.num_actions, dtype=bool)
        mask[[game.action_index(a) for a in view.legal_actions]] = True
        tensor = layout.encode(view.observation)
        got = w.probabilities(tensor, mask)
        assert got[~mask].sum() == 0
        assert np.allclose(got, dense_probabilities(w, tensor, mask), atol=1e-6)


def test_saving_keeps_every_choice_and_drops_what_changes_none(game: Any, tmp_path: Path) -> None:
    w = random_weights(game, hidden=(12,), activation="ReLU", seed=4)
    dense_first = np.zeros((12, w.observation_size), dtype=np.float32)
    dense_first[:, w.inputs] = w.hidden[0][0]
    full = Weights(  # the same network written out in full, as an export first sees it
        path="",
        observation_size=w.observation_size,
        num_actions=w.num_actions,
        activation="ReLU",
        hidden=((dense_first, w.hidden[0][1]),),
        action=w.action,
        inputs=np.arange(w.observation_size),
        actions=w.actions,
        layout=w.layout,
    )
    again = read_weights(save_weights(full, tmp_path / "relu.npz"))
    assert np.array_equal(again.inputs, w.inputs)  # the zero columns are left out
    assert np.array_equal(again.actions, w.actions)
    layout = layout_for(game)
    for view in positions(game, 40, seed=2):
        mask = np.zeros(w.num_actions, dtype=bool)
        mask[[game.action_index(a) for a in view.legal_actions]] = True
        tensor = layout.encode(view.observation)
        assert np.array_equal(again.probabilities(tensor, mask), w.probabilities(tensor, mask))


def test_the_bot_plays_it_seeded_and_legal(game: Any, weights_path: Path) -> None:
    def choices(seed: int, sample: bool) -> list[object]:
        bot = make_bot("policy", game, 0, seed, path=str(weights_path), sample=sample)
        state, rnd, out = game.start(11), random.Random(11), []
        while not state.is_over:
            seat = state.to_move[0]
            action = bot.act(SeatView(state, 0)) if seat == 0 else None
            action = action or rnd.choice(state.legal_actions(seat))
            assert action in state.legal_actions(seat)
            out.append(action)
            state = state.apply(seat, action)
        return out

    assert choices(1, sample=True) == choices(1, sample=True)
    assert choices(1, sample=True) != choices(2, sample=True)
    assert choices(1, sample=False) == choices(2, sample=False)


def test_a_file_for_another_table_or_layout_is_refused(game: Any, tmp_path: Path) -> None:
    w = random_weights(game)
    path = save_weights(w, tmp_path / "net.npz")
    three = ecotone.make(GAME, players=3)
    with pytest.raises(ConfigError, match="observation slots") as err:
        build_bot(f"policy:path={path}", three, 0, 0)
    assert err.value.code == "config/bad-bot-option"
    stamp = {**(w.layout or {}), "fingerprint": "0" * 32}
    moved = save_weights(Weights(**{**_fields(w), "layout": stamp}), tmp_path / "old.npz")
    with pytest.raises(ConfigError, match="was trained on observation layout 0000"):
        build_bot(f"policy:path={moved}", game, 0, 0)


def _fields(w: Weights) -> dict[str, Any]:
    return {
        "path": w.path,
        "observation_size": w.observation_size,
        "num_actions": w.num_actions,
        "activation": w.activation,
        "hidden": w.hidden,
        "action": w.action,
        "inputs": w.inputs,
        "actions": w.actions,
        "layout": w.layout,
        "about": w.about,
    }


def test_a_broken_or_pickled_file_is_refused_in_words(game: Any, tmp_path: Path) -> None:
    pickled = tmp_path / "pickled.npz"
    np.savez(pickled, meta=np.array(json.dumps({"format": "ecotone-policy"})), x=np.array([{}]))
    with pytest.raises(ConfigError, match=r"cannot read .* as a policy's weights"):
        build_bot(f"policy:path={pickled}", game, 0, 0)
    other = tmp_path / "other.npz"
    np.savez(other, meta=np.array(json.dumps({"format": "something else"})))
    with pytest.raises(ConfigError, match="is not a policy's weights"):
        build_bot(f"policy:path={other}", game, 0, 0)
    w = random_weights(game)
    with pytest.raises(ValueError, match="layer 2 has weights"):
        Weights(**{**_fields(w), "action": (w.action[0][:, :3], w.action[1])})
    with pytest.raises(ValueError, match="uses the activation 'GELU'"):
        Weights(**{**_fields(w), "activation": "GELU"})
    not_zip = tmp_path / "text.npz"
    not_zip.write_text("hello")
    with pytest.raises(ConfigError, match="cannot read"):
        build_bot(f"policy:path={not_zip}", game, 0, 0)
    assert zipfile.is_zipfile(pickled)


def test_a_model_file_without_pytorch_says_which_extra_and_how(
    game: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A model MaskablePPO saved needs PyTorch; without it, the refusal names the train
    extra and the install that takes PyTorch's CPU build (a plain pip install of the extra
    would download a CUDA build)."""
    model = tmp_path / "model.zip"
    with zipfile.ZipFile(model, "w") as archive:
        archive.writestr("data", "{}")
    monkeypatch.setitem(sys.modules, "torch", None)  # `import torch` fails, installed or not
    with pytest.raises(ConfigError, match=r"needs torch, of the train extra: scripts/bootstrap"):
        build_bot(f"policy:path={model}", game, 0, 0)
