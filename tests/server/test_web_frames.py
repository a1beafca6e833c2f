"""The replay frames of the browser client: refused before the end, every hand after it.

``GET /api/v1/matches/{id}/frames`` shows every hidden card, so it must refuse until the
match is over, for spectators and seats alike; afterwards each frame must show each
seat's hand exactly as the rules dealt it (checked against the replay file, re-simulated
here), whichever chair it is seen from.
"""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

import ecotone
from ecotone.core.game import State
from ecotone.core.registry import game_class
from ecotone.core.replay import Replay
from tests.server.helpers import API, auth, create, join, play_to_the_end

FOREST = "once-upon-a-forest"


def test_frames_are_refused_until_the_end_then_reveal_every_hand(client: TestClient) -> None:
    mid, token = create(client, FOREST, 2, seats=[None, "heuristic"], seed=5)
    assert token
    for query in ("", "?seat=0", "?seat=1"):
        r = client.get(f"{API}/matches/{mid}/frames{query}")
        assert r.status_code == 409, query
        assert r.json()["error"]["code"] == "match/not-over"
        assert "cards" not in r.text
    view = play_to_the_end(client, mid, token, ecotone.make(FOREST, players=2).max_steps)

    replay = Replay.from_json(client.get(f"{API}/matches/{mid}/replay").content)
    states = [state for state, _ in replay.states()]
    seen_as_p1 = client.get(f"{API}/matches/{mid}/frames?seat=0").json()
    as_spectator = client.get(f"{API}/matches/{mid}/frames").json()
    assert seen_as_p1["seat"] == 0
    assert as_spectator["seat"] is None
    frames = seen_as_p1["frames"]
    assert len(frames) == view["version"] + 1 == len(states)

    middle = len(frames) // 2
    truth = states[middle]
    for chair in (seen_as_p1, as_spectator):
        frame = chair["frames"][middle]
        assert frame["version"] == middle
        for seat in range(2):
            hand = truth.observe(seat)["hands"][seat]["cards"]
            assert frame["observation"]["hands"][seat]["cards"] == hand
            assert frame["secrets"][seat]["cards"] == hand
        # the frames send the kernel's all-seeing view of each state
        referee = truth.observe_all(chair["seat"])
        assert frame["observation"] == referee.observation
        assert frame["secrets"] == list(referee.secrets)
    # P2's hand is open to P1 in the replay, though P1 never saw it during play
    assert truth.observe(0)["hands"][1]["cards"] is None
    assert frames[middle]["observation"]["seat"] == 0

    # each frame names the step that led to it and the one taken from it, in notation
    assert frames[0]["last"] is None
    assert frames[-1]["next"] is None
    step = replay.steps[middle]
    assert frames[middle]["next"] == {"seat": step.seat, "action": step.action}
    assert frames[middle + 1]["last_text"] == frames[middle]["next_text"]
    assert frames[-1]["scores"] == view["scores"]


def test_frames_of_an_unknown_match_or_seat(client: TestClient) -> None:
    r = client.get(f"{API}/matches/nope/frames")
    assert r.status_code == 404
    r = client.get(f"{API}/matches/nope/frames?seat=-1")
    assert r.status_code == 422


def test_frames_refuse_a_seat_the_match_does_not_have(client: TestClient) -> None:
    mid, _ = create(client, "once-upon-a-forest", 2, join=False)
    join(client, mid, name="Ana")
    ben = join(client, mid, name="Ben")
    assert client.post(f"{API}/matches/{mid}/resign", headers=auth(ben)).status_code == 200
    assert client.get(f"{API}/matches/{mid}/frames?seat=1").json()["seat"] == 1
    r = client.get(f"{API}/matches/{mid}/frames?seat=7")
    assert r.status_code == 409, r.text
    assert r.json()["error"]["code"] == "match/no-such-seat"
    for bad in ("x", "-1", "64", "1.5"):
        r = client.get(f"{API}/matches/{mid}/frames?seat={bad}")
        assert r.status_code == 422, bad
        assert r.json()["error"]["code"] == "protocol/malformed", bad


def _some_states(game_id: str) -> list[State]:
    spec = game_class(game_id).spec
    players = max(spec.min_players, min(3, spec.max_players))
    state = ecotone.make(game_id, players=players).start(7)
    rnd = random.Random(8)
    out = []
    for step in range(120):
        if state.is_over:
            break
        if step % 20 == 5:
            out.append(state)
        seat = state.to_move[0]
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return out


@pytest.mark.parametrize("game_id", ecotone.available_games())
def test_observe_all_shows_each_seat_its_own_view_for_every_game(game_id: str) -> None:
    """Every game keeps its hands per seat; the kernel's all-seeing view (which the frames
    send) has each one face up."""
    states = _some_states(game_id)
    assert states
    for state in states:
        players = state.game.players
        public = state.observe(None)
        for viewer in (None, *range(players)):
            seen = state.observe_all(viewer)
            merged, secrets = seen.observation, seen.secrets
            assert merged["seat"] == viewer
            assert len(secrets) == players
            for seat in range(players):
                own = state.observe(seat)
                for key, value in own.items():
                    shared = public.get(key)
                    if (
                        isinstance(value, list)
                        and isinstance(shared, list)
                        and (len(value) == len(shared) == players)
                    ):
                        assert merged[key][seat] == value[seat], (game_id, key, seat)
        # the secrets are what a spectator could not see, and every game has some
        secrets = state.observe_all().secrets
        assert any(secrets), game_id
        for seat, secret in enumerate(secrets):
            assert secret != {"seat": seat}
            assert "seat" not in secret
