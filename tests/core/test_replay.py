"""Replays: record, save, load, verify, and refuse what does not check out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ecotone
from ecotone.core.errors import StateError
from ecotone.core.replay import Replay


def _played(game_id: str, seed: int = 9) -> tuple[ecotone.Game, Replay]:  # type: ignore[type-arg]
    game = ecotone.make(game_id, players=2)
    state = game.start(seed)
    moves = []
    while not state.is_over:
        seat = state.to_move[-1]
        action = state.legal_actions(seat)[0]
        moves.append((seat, action))
        state = state.apply(seat, action)
    return game, Replay.record(game, seed, moves, state, seats=["a", "b"])


def test_a_replay_file_reproduces_the_game(toy: str, tmp_path: Path) -> None:
    _, replay = _played(toy)
    path = tmp_path / "game.json"
    replay.save(path)
    loaded = Replay.load(path)
    assert loaded == replay
    final = loaded.verify()
    assert final.is_over
    assert final.scores() == replay.scores
    assert (
        next(s for s, _ in loaded.states()).digest()
        == ecotone.make(toy, players=2).start(9).digest()
    )


def test_a_tampered_replay_is_caught(toy: str) -> None:
    _, replay = _played(toy)
    data = json.loads(replay.to_json())
    data["digest"] = "0" * 32
    with pytest.raises(StateError) as err:
        Replay.from_json(json.dumps(data)).verify()
    assert err.value.code == "replay/digest-mismatch"
    data = json.loads(replay.to_json())
    data["steps"][0]["action"] = {"type": "bid", "card": "c9"}
    with pytest.raises(StateError) as err:
        Replay.from_json(json.dumps(data)).verify()
    assert err.value.code == "replay/illegal-step"
    assert "step 1" in err.value.message


def test_unreadable_and_foreign_files(tmp_path: Path) -> None:
    with pytest.raises(StateError) as err:
        Replay.load(tmp_path / "missing.json")
    assert err.value.code == "replay/unreadable"
    (tmp_path / "x.json").write_text('{"hello": 1}')
    with pytest.raises(StateError, match="not an Ecotone replay"):
        Replay.load(tmp_path / "x.json")
    (tmp_path / "y.json").write_text(_played_text())
    with pytest.raises(StateError, match="unknown replay format"):
        Replay.load(tmp_path / "y.json")


def _played_text() -> str:
    return json.dumps(
        {
            "format": "other/2",
            "game": "g",
            "players": 2,
            "seed": 1,
            "rules_version": "1",
            "digest": "x",
        }
    )
