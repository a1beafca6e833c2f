"""The policy bot: a network saved by MaskablePPO plays as an Ecotone bot, from the seat's
view alone, wherever a bot spec is taken; its file is read without unpickling anything.

Needs the train extra (skipped without it); PyTorch and Stable-Baselines3 are imported by
the tests that use them, not while pytest collects (tests/optional.py)."""

from __future__ import annotations

import base64
import dataclasses
import json
import os
import pickle
import random
import subprocess
import sys
import warnings
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest

import ecotone
import ecotone.rl
from ecotone.bots import SeatView, available_bots, make_bot
from ecotone.bots.policy import LayoutWarning, PolicyBot
from ecotone.core.errors import ConfigError
from ecotone.sim.runner import build_bot
from ecotone.sim.tournament import run_tournament
from tests.optional import requires

pytestmark = requires("sb3_contrib")

ROOT = Path(__file__).resolve().parents[2]
GAME = "once-upon-a-forest"


def gym_env(**kwargs: Any) -> gymnasium.Env:  # type: ignore[type-arg]
    return gymnasium.make(ecotone.rl.env_id(GAME), players=2, opponents="random", **kwargs)


def save_untrained(path: Path, **policy_kwargs: Any) -> Path:
    """A MaskablePPO policy as it starts (random weights, not uniform): enough to check
    that the bot reproduces it exactly; training does not change how it is read."""
    from sb3_contrib import MaskablePPO

    model = MaskablePPO("MlpPolicy", gym_env(), seed=3, device="cpu", policy_kwargs=policy_kwargs)
    model.save(path)
    return path


@pytest.fixture(scope="module")
def model_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_untrained(tmp_path_factory.mktemp("policy") / "forest.zip")


def hidden_layers(bot: object) -> list[str]:
    """The policy network's hidden layers: ``["Linear 32", "ReLU", ...]``."""
    import torch

    assert isinstance(bot, PolicyBot)
    net = bot.network.policy.mlp_extractor.policy_net
    return [
        f"Linear {m.out_features}" if isinstance(m, torch.nn.Linear) else type(m).__name__
        for m in net
    ]


def learner_decisions(path: Path, seed: int) -> tuple[list[int], list[int]]:
    """At each of the learner's decisions in one game against random: the action
    ``MaskablePPO.predict`` picks from the environment's tensor and mask, and the one the
    policy bot picks from a :class:`SeatView` of the same state."""
    from sb3_contrib import MaskablePPO

    model = MaskablePPO.load(path, device="cpu")
    env = gym_env()
    bot = make_bot("policy", ecotone.make(GAME, players=2), 0, 0, path=str(path))
    predicted, played = [], []
    tensor, info = env.reset(seed=seed)
    while True:
        action, _ = model.predict(tensor, action_masks=info["action_mask"], deterministic=True)
        state = env.unwrapped.table.state  # type: ignore[attr-defined]
        predicted.append(int(action))
        played.append(state.game.action_index(bot.act(SeatView(state, 0))))
        tensor, _, terminated, truncated, info = env.step(int(action))
        if terminated or truncated:
            return predicted, played


def test_the_bot_plays_what_the_network_chooses_in_the_environment(model_path: Path) -> None:
    for seed in (1, 2):
        predicted, played = learner_decisions(model_path, seed)
        assert len(predicted) > 20
        assert played == predicted


def test_the_network_options_it_was_trained_with_are_honoured(tmp_path: Path) -> None:
    import torch

    path = save_untrained(tmp_path / "relu.zip", net_arch=[32, 16], activation_fn=torch.nn.ReLU)
    predicted, played = learner_decisions(path, 4)
    assert played == predicted
    bot = make_bot("policy", ecotone.make(GAME, players=2), 0, path=str(path))
    assert hidden_layers(bot) == ["Linear 32", "ReLU", "Linear 16", "ReLU"]


def test_decisions_ignore_hidden_cards(model_path: Path) -> None:
    game = ecotone.make(GAME, players=2)
    rnd = random.Random(5)
    state = game.start(5)
    checked = 0
    while not state.is_over:
        seat = state.to_move[0]
        bot = make_bot("policy", game, seat, 9, path=str(model_path), sample=True)
        if checked < 40:
            truth = bot.act(SeatView(state, seat))
            for _ in range(3):
                other = state.determinize(seat, rnd.getrandbits(32))
                again = make_bot("policy", game, seat, 9, path=str(model_path), sample=True)
                assert again.act(SeatView(other, seat)) == truth
            checked += 1
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert checked == 40


def choices(path: Path, seed: int, sample: bool) -> list[object]:
    game = ecotone.make(GAME, players=2)
    bot = make_bot("policy", game, 0, seed, path=str(path), sample=sample)
    state = game.start(11)
    rnd = random.Random(11)
    out = []
    while not state.is_over:
        seat = state.to_move[0]
        if seat == 0:
            action = bot.act(SeatView(state, 0))
            out.append(action)
        else:
            action = rnd.choice(state.legal_actions(seat))
        assert action in state.legal_actions(seat)
        state = state.apply(seat, action)
    return out


def test_sampling_follows_the_bots_seed(model_path: Path) -> None:
    assert choices(model_path, 1, sample=True) == choices(model_path, 1, sample=True)
    assert choices(model_path, 1, sample=True) != choices(model_path, 2, sample=True)
    # the most probable action does not depend on the seed
    assert choices(model_path, 1, sample=False) == choices(model_path, 2, sample=False)


def test_it_plays_a_tournament_from_its_spec(model_path: Path) -> None:
    game = ecotone.make(GAME, players=2)
    bots = [f"policy:path={model_path}", "random"]
    played = run_tournament(game, bots, 4, seed=7)
    assert [r.error for r in played.results] == [None] * 4
    assert {tuple(r.bots) for r in played.results} == {tuple(bots), tuple(reversed(bots))}
    again = run_tournament(game, bots, 4, seed=7)
    assert [r.scores for r in again.results] == [r.scores for r in played.results]


@pytest.mark.slow  # PyTorch imported in a process of its own: seconds
def test_the_command_line_knows_it_without_importing_the_environments(model_path: Path) -> None:
    command = [
        sys.executable,
        "-c",
        "import sys; from ecotone.cli.main import main; code = main(sys.argv[1:]); "
        "assert 'ecotone.rl' not in sys.modules; sys.exit(code)",
        "tournament",
        GAME,
        "--bots",
        f"policy:path={model_path},heuristic",
        "--games",
        "2",
        "--seed",
        "3",
        "--workers",
        "1",
        "--json",
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        command, capture_output=True, text=True, env=env, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["completed"] == 2
    assert out["errors"] == []
    assert {r["bot"] for r in out["standings"]} == {f"policy:path={model_path}", "heuristic"}


def test_it_needs_a_file_and_is_listed_nowhere_without_one(model_path: Path) -> None:
    game = ecotone.make(GAME, players=2)
    assert "policy" not in available_bots(GAME)
    with pytest.raises(ConfigError, match=r"needs model=NAME .* or path=FILE") as err:
        make_bot("policy", game, 0)
    assert err.value.code == "config/bad-bot-option"
    with pytest.raises(ConfigError, match="no such file"):
        build_bot(f"policy:path={model_path.parent / 'missing.zip'}", game, 0, 0)
    with pytest.raises(ConfigError, match="sample=true or sample=false"):
        build_bot(f"policy:path={model_path},sample=3", game, 0, 0)
    with pytest.raises(ConfigError, match="takes no options"):
        build_bot(f"policy:path={model_path},depth=3", game, 0, 0)


def test_a_network_trained_on_another_configuration_is_refused(model_path: Path) -> None:
    three = ecotone.make(GAME, players=3)
    with pytest.raises(ConfigError, match=r"trained on \d+ observation slots .* 3 players"):
        make_bot("policy", three, 0, path=str(model_path))


def saved_json(path: Path) -> dict[str, Any]:
    with zipfile.ZipFile(path) as archive:
        data: dict[str, Any] = json.loads(archive.read("data"))
    return data


def rewrite_json(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """Change the model file's JSON in place (the weights untouched)."""
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    data = json.loads(members["data"])
    change(data)
    members["data"] = json.dumps(data).encode()
    with zipfile.ZipFile(path, "w") as archive:
        for name, content in members.items():
            archive.writestr(name, content)


def test_the_file_says_which_layout_it_was_trained_on(model_path: Path) -> None:
    game = ecotone.make(GAME, players=2)
    found = ecotone.rl.layout(GAME, players=2)
    # Stable-Baselines3 saved the tensor space's stamp as plain JSON
    stamp = saved_json(model_path)["observation_space"]["ecotone_layout"]
    assert stamp == found.stamp()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning for a network on its own layout
        bot = make_bot("policy", game, 0, path=str(model_path))
    assert isinstance(bot, PolicyBot)
    assert bot.network.layout == stamp


def test_a_network_trained_before_the_observation_changed_is_refused(
    model_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = ecotone.make(GAME, players=2)
    found = ecotone.rl.layout(GAME, players=2)
    # the game's observation changes after training: a card renamed, say; the tensor
    # keeps its size, but one slot now means another card
    piece = next(p for p in found.slices if p.kind == "counts")
    renamed = dataclasses.replace(piece, labels=("renamed", *piece.labels[1:]))
    changed = dataclasses.replace(
        found, slices=tuple(renamed if p is piece else p for p in found.slices)
    )
    monkeypatch.setattr("ecotone.bots.policy.layout_for", lambda _: changed)
    with pytest.raises(ConfigError, match="observation changed since it was trained") as err:
        make_bot("policy", game, 0, path=str(model_path))
    assert found.fingerprint in str(err.value)
    assert changed.fingerprint in str(err.value)
    with pytest.warns(LayoutWarning, match="observation changed since it was trained"):
        bot = build_bot(f"policy:path={model_path},strict=false", game, 0, 0)
    state = game.start(2)
    assert bot.act(SeatView(state, state.to_move[0])) in state.legal_actions(state.to_move[0])


def test_a_file_that_does_not_say_its_layout_plays_with_a_warning(
    model_path: Path, tmp_path: Path
) -> None:
    game = ecotone.make(GAME, players=2)
    path = tmp_path / "unstamped.zip"
    path.write_bytes(model_path.read_bytes())
    rewrite_json(path, lambda data: data["observation_space"].pop("ecotone_layout"))
    with pytest.warns(LayoutWarning, match="only its sizes could be checked"):
        bot = make_bot("policy", game, 0, path=str(path))
    assert isinstance(bot, PolicyBot)
    assert bot.network.layout is None
    with pytest.raises(ConfigError, match="strict=true or strict=false"):
        build_bot(f"policy:path={model_path},strict=3", game, 0, 0)


def test_a_file_that_is_not_a_masked_policy_is_refused(tmp_path: Path) -> None:
    from stable_baselines3 import PPO

    game = ecotone.make(GAME, players=2)
    plain = tmp_path / "ppo.zip"
    PPO("MlpPolicy", gym_env(), seed=0, device="cpu").save(plain)
    with pytest.raises(ConfigError, match="not a policy saved by sb3-contrib's MaskablePPO"):
        make_bot("policy", game, 0, path=str(plain))
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"not a zip")
    with pytest.raises(ConfigError, match=r"cannot read .* as a policy saved by MaskablePPO"):
        make_bot("policy", game, 0, path=str(junk))


class _Plant:
    """Unpickled, it writes a file: what a model file could do to a careless loader."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Callable[..., Any], tuple[str, str]]:
        return open, (str(self.marker), "w")


def plant(path: Path, key: str, marker: Path, **shown: str) -> None:
    """Rewrite ``key`` of the model file's JSON as a pickle that writes ``marker``."""
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    data = json.loads(members["data"])
    payload = base64.b64encode(pickle.dumps(_Plant(marker))).decode()
    data[key] = {":type:": "<class 'dict'>", ":serialized:": payload, **shown}
    members["data"] = json.dumps(data).encode()
    with zipfile.ZipFile(path, "w") as archive:
        for name, content in members.items():
            archive.writestr(name, content)


def test_the_file_is_read_without_unpickling_anything(model_path: Path, tmp_path: Path) -> None:
    from stable_baselines3.common.save_util import json_to_data

    game = ecotone.make(GAME, players=2)
    # a pickle in a part the bot does not need: it plays, and the pickle never runs
    path = tmp_path / "planted.zip"
    path.write_bytes(model_path.read_bytes())
    marker = tmp_path / "unpickled"
    plant(path, "lr_schedule", marker)
    bot = make_bot("policy", game, 0, path=str(path))
    bot.act(SeatView(game.start(1), 0))
    assert not marker.exists()
    # Stable-Baselines3's own load reads the JSON so, and would have run it: the check
    # above can fail
    with zipfile.ZipFile(path) as archive:
        loaded = json_to_data(archive.read("data").decode())
    loaded["lr_schedule"].close()
    assert marker.exists()
    marker.unlink()
    # a pickle the network would need: refused, and still not run
    needs = tmp_path / "needs.zip"
    needs.write_bytes(model_path.read_bytes())
    plant(needs, "policy_kwargs", marker, features_extractor_class="<class 'evil.Extractor'>")
    with pytest.raises(ConfigError, match="only unpickling code from the file could restore"):
        make_bot("policy", game, 0, path=str(needs))
    assert not marker.exists()


def test_a_loaded_file_is_read_again_when_it_changes(model_path: Path, tmp_path: Path) -> None:
    game = ecotone.make(GAME, players=2)
    path = tmp_path / "changing.zip"
    path.write_bytes(model_path.read_bytes())
    first = make_bot("policy", game, 0, path=str(path))
    assert isinstance(first, PolicyBot)
    assert make_bot("policy", game, 1, path=str(path)).network is first.network
    save_untrained(path, net_arch=[8])
    changed = make_bot("policy", game, 0, path=str(path))
    assert isinstance(changed, PolicyBot)
    assert changed.network is not first.network
    assert hidden_layers(changed) == ["Linear 8", "Tanh"]


# The server seats a policy's file in either form. A PyTorch model (.zip) costs its bot
# worker PyTorch's import, seconds of the default run: that one is in the slow run.
@pytest.mark.parametrize("form", ["npz", pytest.param("zip", marks=pytest.mark.slow)])
def test_a_server_seats_it_for_a_person_to_play_against(
    form: str, model_path: Path, tmp_path: Path
) -> None:
    """The browser plays against what the server seats: a bot seat's spec names the file."""
    from fastapi.testclient import TestClient

    from ecotone.server import Settings, create_app
    from tests.server.helpers import API, create, play_to_the_end

    # generous HTTP limits: the test polls for the bot's moves as fast as it can
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'ecotone.db'}",
        bot_delay=0.0,
        allow_seed=True,
        http_rate=10_000.0,
        http_burst=10_000.0,
    )
    path = model_path if form == "zip" else export(model_path, tmp_path / "forest.npz")
    with TestClient(create_app(settings)) as client:
        spec = f"policy:path={path}"
        match, token = create(client, GAME, 2, seats=[None, spec])
        assert token is not None
        seats = client.get(f"{API}/matches/{match}").json()["seats"]
        assert [(s["kind"], s.get("bot")) for s in seats] == [("human", None), ("bot", spec)]
        final = play_to_the_end(client, match, token, max_moves=500)
        assert final["status"] == "over"
        replay = client.get(f"{API}/matches/{match}/replay").json()
        assert spec in json.dumps(replay)  # the replay says which policy played


def export(model: Path, out: Path) -> Path:
    """``ecotone policy export MODEL OUT``, as a user runs it."""
    from ecotone.cli.main import main

    assert main(["policy", "export", str(model), str(out)]) == 0
    return out


@pytest.mark.parametrize(
    "name",
    [
        "tanh",
        # another activation and shape: the slow run (each case trains a model)
        pytest.param("relu", marks=pytest.mark.slow),
    ],
)
def test_exported_weights_choose_what_pytorch_chooses(tmp_path: Path, name: str) -> None:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.logger import Logger

    """numpy's forward pass on the exported weights against PyTorch's on the model, at
    every decision of random games: the same most probable action, the same
    probabilities to float32's precision; so the same choices when sampling too."""
    game = ecotone.make(GAME, players=2)
    networks: dict[str, dict[str, Any]] = {
        "tanh": {},
        "relu": {"net_arch": [48, 24], "activation_fn": torch.nn.ReLU},
    }
    kwargs = networks[name]
    # a few updates (two rollouts of 128 steps, two epochs of two batches each): weights
    # that are no longer as they started, without PPO's default 2,048-step rollout
    # and ten epochs, which would make this the slowest test of the run
    model = MaskablePPO(
        "MlpPolicy",
        gym_env(),
        n_steps=128,
        batch_size=64,
        n_epochs=2,
        seed=5,
        device="cpu",
        policy_kwargs=kwargs,
    )
    model.set_logger(Logger(folder=None, output_formats=[]))  # (no folder in the temp dir)
    start = [p.detach().clone() for p in model.policy.parameters()]
    model.learn(256)
    moved = [
        p for p, s in zip(model.policy.parameters(), start, strict=True) if not torch.equal(p, s)
    ]
    assert moved  # the weights exported are trained ones, not the initial ones
    model.save(tmp_path / f"{name}.zip")
    weights = export(tmp_path / f"{name}.zip", tmp_path / f"{name}.npz")
    torch_bot = make_bot("policy", game, 0, 3, path=str(tmp_path / f"{name}.zip"))
    numpy_bot = make_bot("policy", game, 0, 3, path=str(weights))
    sampled = [
        make_bot("policy", game, 0, 3, path=str(p), sample=True)
        for p in (tmp_path / f"{name}.zip", weights)
    ]
    assert isinstance(torch_bot, PolicyBot)
    assert isinstance(numpy_bot, PolicyBot)
    assert type(numpy_bot.network).__name__ == "Weights"
    rnd = random.Random(8)
    checked = 0
    for _ in range(2):
        state = game.start(rnd.getrandbits(31))
        while not state.is_over:
            seat = state.to_move[0]
            view = SeatView(state, seat)
            assert numpy_bot.act(view) == torch_bot.act(view)
            assert sampled[0].act(view) == sampled[1].act(view)
            mask = np.zeros(game.num_distinct_actions, dtype=bool)
            mask[[game.action_index(a) for a in view.legal_actions]] = True
            tensor = numpy_bot.layout.encode(view.observation)
            assert np.allclose(
                numpy_bot.network.probabilities(tensor, mask),
                torch_bot.network.probabilities(tensor, mask),
                atol=1e-6,
            )
            checked += 1
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert checked > 200


def test_an_export_keeps_the_layout_and_refuses_what_numpy_cannot_play(tmp_path: Path) -> None:
    import torch

    from ecotone.bots.policy.weights import read_weights
    from ecotone.cli.main import main

    model = save_untrained(tmp_path / "m.zip")
    weights = read_weights(export(model, tmp_path / "m.npz"))
    assert weights.layout == ecotone.rl.layout(GAME, players=2).stamp()
    gelu = save_untrained(tmp_path / "gelu.zip", activation_fn=torch.nn.GELU)
    assert main(["policy", "export", str(gelu), str(tmp_path / "gelu.npz")]) == 2
    assert not (tmp_path / "gelu.npz").exists()
    assert main(["policy", "export", str(tmp_path / "m.npz"), str(tmp_path / "again.npz")]) == 2
