"""Replays: record, save, load, verify, and refuse what does not check out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ecotone
from ecotone.core.errors import StateError
from ecotone.core.registry import game_class
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


def _edited(replay: Replay, field: str, value: object) -> Replay:
    data = json.loads(replay.to_json())
    data[field] = value
    return Replay.from_json(json.dumps(data))


def test_an_honest_replay_checks_out_with_its_outcome(toy: str) -> None:
    _, replay = _played(toy)
    assert replay.scores is not None
    assert replay.winners is not None
    final = replay.verify()
    assert final.scores() == replay.scores
    assert final.winners() == replay.winners


def test_an_edited_score_is_caught(toy: str) -> None:
    _, replay = _played(toy)
    assert replay.scores is not None
    scores = list(replay.scores)
    scores[0] += 1
    with pytest.raises(StateError) as err:
        _edited(replay, "scores", scores).verify()
    assert err.value.code == "replay/scores-mismatch"
    # the message shows both outcomes, so the reader sees which was edited
    assert f"P1 {int(scores[0])}" in err.value.message
    assert f"P1 {int(replay.scores[0])}" in err.value.message
    # seats added or dropped are an edit too
    with pytest.raises(StateError, match="re-simulating gives scores"):
        _edited(replay, "scores", [*replay.scores, 0.0]).verify()


def test_edited_winners_are_caught(toy: str) -> None:
    _, replay = _played(toy)
    assert replay.winners is not None
    others = [s for s in range(2) if s not in replay.winners]
    for winners in ([], others, [0, 1]):
        if winners == replay.winners:
            continue
        with pytest.raises(StateError) as err:
            _edited(replay, "winners", winners).verify()
        assert err.value.code == "replay/winners-mismatch"
    with pytest.raises(StateError, match="the replay says nobody"):
        _edited(replay, "winners", []).verify()


def test_an_outcome_recorded_for_an_unfinished_game_is_caught(toy: str) -> None:
    game, finished = _played(toy)
    assert finished.scores is not None
    assert finished.winners is not None
    state = game.start(9)
    seat = state.to_move[-1]
    action = state.legal_actions(seat)[0]
    unfinished = Replay.record(game, 9, [(seat, action)], state.apply(seat, action))
    assert unfinished.scores is None
    assert unfinished.winners is None
    unfinished.verify()  # nothing recorded, nothing to check beyond the digest
    with pytest.raises(StateError) as err:
        _edited(unfinished, "scores", finished.scores).verify()
    assert err.value.code == "replay/scores-mismatch"
    assert "before the game ends" in err.value.message
    with pytest.raises(StateError) as err:
        _edited(unfinished, "winners", finished.winners).verify()
    assert err.value.code == "replay/winners-mismatch"


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


@pytest.mark.parametrize("game_id", ecotone.available_games())
def test_a_game_recorded_under_a_version_that_plays_alike_still_replays(game_id: str) -> None:
    """Each earlier rules version a game lists as playing alike (only its text changed)
    still replays and still loads its saved states; any other version is refused."""
    players = game_class(game_id).spec.min_players
    game = ecotone.make(game_id, players=players)
    spec = game.spec
    state = game.start(9)
    moves = []
    while not state.is_over and len(moves) < 40:
        seat = state.to_move[-1]
        action = state.legal_actions(seat)[0]
        moves.append((seat, action))
        state = state.apply(seat, action)
    replay = Replay.record(game, 9, moves, state)
    saved = state.to_json()
    for version in spec.replays_from:
        older = _edited(replay, "rules_version", version)
        assert older.verify().digest() == state.digest()
        assert game.load_state({**saved, "rules_version": version}) == state
    with pytest.raises(StateError) as err:
        _edited(replay, "rules_version", "0.0.1").verify()
    assert err.value.code == "replay/rules-version"
    with pytest.raises(StateError) as err:
        game.load_state({**saved, "rules_version": "0.0.1"})
    assert err.value.code == "state/rules-version"


def test_the_games_whose_pictures_changed_since_list_the_versions_they_replay() -> None:
    assert ecotone.make("once-upon-a-forest", players=2).spec.plays_alike("1.0.0")
    assert ecotone.make("singapore-untamed", players=4).spec.plays_alike("1.0.1")
    assert not ecotone.make("phylo", players=2).spec.plays_alike("0.9.0")


def test_a_resigned_game_records_who_resigned_and_who_won_by_it() -> None:
    game = ecotone.make("once-upon-a-forest", players=2)
    state = game.start(4)
    moves = []
    for _ in range(6):  # some way in, not to the end
        seat = state.to_move[-1]
        action = state.legal_actions(seat)[0]
        moves.append((seat, action))
        state = state.apply(seat, action)
    replay = Replay.record(game, 4, moves, state, resigned=0)
    assert (replay.resigned, replay.winners, replay.scores) == (0, [1], state.scores())
    assert Replay.from_json(replay.to_json()).verify() == state
    for field, value, code in (
        ("winners", [0], "replay/winners-mismatch"),  # the resigning seat never wins
        ("resigned", 5, "replay/resigned-mismatch"),
    ):
        with pytest.raises(StateError) as err:
            _edited(replay, field, value).verify()
        assert err.value.code == code
    # a game its rules ended was not resigned
    _, finished = _played("once-upon-a-forest")
    with pytest.raises(StateError) as err:
        _edited(finished, "resigned", 1).verify()
    assert err.value.code == "replay/resigned-mismatch"
