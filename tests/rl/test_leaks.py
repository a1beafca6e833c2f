"""No tensor tells a seat more than its observation: a state the seat cannot tell from the
truth (``determinize``) gives it the very same tensor, for every game, player count and
variant; and the environments hand out exactly the tensor of ``state.observe(seat)``."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np

import ecotone
import ecotone.rl
from tests.rl.configs import fewest_first


@pytest.mark.parametrize("config", fewest_first())
def test_same_observation_same_tensor(config: tuple[str, int, str | None]) -> None:
    game_id, players, variant = config
    found = ecotone.rl.layout(game_id, players=players, variant=variant)
    game = ecotone.make(game_id, players=players, variant=variant)
    rnd = random.Random(7)
    state = game.start(7)
    checked = hidden = 0
    step = 0
    while not state.is_over:
        if step % 7 == 0:
            for seat in range(players):
                seen = state.observe(seat)
                other = state.determinize(seat, rnd)
                hidden += other.digest() != state.digest()
                assert other.observe(seat) == seen
                assert np.array_equal(found.encode(other.observe(seat)), found.encode(seen))
                checked += 1
        seat = state.to_move[0]
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
        step += 1
    assert checked >= players
    # the check has teeth: the seats were shown states that differ from the truth
    assert hidden > 0


def test_the_environments_hand_out_the_tensor_of_the_observation() -> None:
    for game_id in ecotone.available_games():
        players = ecotone.make(game_id, players=4 if game_id.startswith("sing") else 2).players
        env = ecotone.rl.env(game_id, players=players)
        found = ecotone.rl.layout(game_id, players=players)
        env.reset(seed=3)
        rng = np.random.default_rng(0)
        for _ in range(40):
            agent = env.agent_selection
            seat = int(agent.split("_")[1])
            obs, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                break
            truth = env.table.state.observe(seat)
            assert info["observation_json"] == truth
            assert np.array_equal(obs["observation"], found.encode(truth))
            mask = obs["action_mask"]
            legal = {env.table.game.action_index(a) for a in env.table.state.legal_actions(seat)}
            assert set(np.flatnonzero(mask)) == legal
            env.step(int(rng.choice(np.flatnonzero(mask))))
