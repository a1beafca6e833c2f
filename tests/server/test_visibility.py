"""The visibility rule the server stores with each step (ecotone.core.visibility): its
shortcut is sound for every game (a spectator knows no more than any seat, so whatever the
spectators can tell apart, every seat can too), and the masks it stores are the kernel's."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

import ecotone
from ecotone.core.game import State
from ecotone.core.registry import game_class
from ecotone.core.spec import Information
from ecotone.core.visibility import MAX_ALTERNATIVES, Sight, announcement, viewer_bit
from ecotone.games.biome.actions import ExchangeCard
from tests.server.helpers import API, auth, create, join


def _steps(game_id: str, players: int, seed: int, limit: int = 400) -> list[tuple[State, int]]:
    game = ecotone.make(game_id, players=players)
    rnd = random.Random(seed)
    state = game.start(seed)
    out = []
    while not state.is_over and len(out) < limit:
        seat = rnd.choice(state.to_move)
        out.append((state, seat))
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return out


@pytest.mark.parametrize("game_id", ecotone.available_games())
def test_what_spectators_tell_apart_every_seat_tells_apart(game_id: str) -> None:
    spec = game_class(game_id).spec
    if spec.information is Information.PERFECT:
        pytest.skip("everything is public")
    players = max(spec.min_players, min(spec.max_players, 3))
    checked = 0
    for state, seat in _steps(game_id, players, seed=5)[::3]:
        legal = state.legal_actions(seat)
        if len(legal) > MAX_ALTERNATIVES:
            continue
        outcomes = [state.apply(seat, a) for a in legal]
        for i, after in enumerate(outcomes):
            spectator = after.observe(None)
            if any(o.observe(None) == spectator for j, o in enumerate(outcomes) if j != i):
                continue  # the spectators cannot tell it apart: the seats are checked
            checked += 1
            for viewer in range(players):
                if viewer == seat:
                    continue
                seen = after.observe(viewer)
                alike = [
                    legal[j] for j, o in enumerate(outcomes) if j != i and o.observe(viewer) == seen
                ]
                assert not alike, (
                    f"P{viewer + 1} cannot tell {legal[i]} from {alike[0]} though a spectator can"
                )
    assert checked


def test_a_step_hidden_from_the_spectators_is_checked_for_each_seat(toy: str) -> None:
    # A sealed bid: the other seat and the spectators see only that a bid was made.
    game = ecotone.make(toy, players=2)
    state = game.start(1)
    seat = state.to_move[0]
    action = state.legal_actions(seat)[0]
    told = announcement(state, seat, action, state.apply(seat, action))
    assert told.visible == viewer_bit(2, seat)
    assert told.kinds & viewer_bit(2, 1 - seat)
    assert told.kinds & viewer_bit(2, None)


BIOME = "biome-borneo"


def test_the_log_tells_each_seat_what_the_kernel_rule_tells_it(client: TestClient) -> None:
    """A BIOME Borneo exchange: the others see that a card was chosen, never which (their
    observation shows the hand's size, not its cards). The terminal reads the same rule."""
    mid, t1 = create(client, BIOME, 2, seed=1)
    assert t1
    t2 = join(client, mid)
    tokens = {0: t1, 1: t2}
    game = ecotone.make(BIOME, players=2)
    state = game.start(1)
    exchanged = None
    version = 0
    while exchanged is None:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        action = next((a for a in legal if isinstance(a, ExchangeCard)), legal[0])
        r = client.post(
            f"{API}/matches/{mid}/actions",
            json={"version": version, "action": action.to_json()},
            headers=auth(tokens[seat]),
        )
        assert r.status_code == 200, r.text
        if isinstance(action, ExchangeCard):
            exchanged = (state, seat, action)
        state = state.apply(seat, action)
        version += 1
    before, seat, action = exchanged
    told = announcement(before, seat, action)
    other = 1 - seat
    assert told.sight(other) is Sight.KIND
    entry = _log(client, mid, tokens[other])[-1]
    assert entry["seat"] == seat
    assert entry["type"] == "exchange-card"
    assert entry["kind"] == told.text(other) == "a card chosen for the exchange"
    assert entry["text"] is None
    assert entry["action"] is None
    own = _log(client, mid, tokens[seat])[-1]
    assert own["text"] == str(action) == told.text(seat)
    assert "kind" not in own  # the step itself is shown
    assert before.announce(seat, action, other) == "a card chosen for the exchange"


def _log(client: TestClient, mid: str, token: str) -> list[dict[str, Any]]:
    """The log as the bearer of ``token`` sees it."""
    log: list[dict[str, Any]] = client.get(f"{API}/matches/{mid}/view", headers=auth(token)).json()[
        "log"
    ]
    return log
