"""Decks brought to the table: a seat left to "whoever takes it" is joined with a deck, the
deck is checked in the game's words, the match is dealt when the last such deck is in (and
not before: nobody sees the stand-in), the wait survives a restart, and the seed, the
decks and the moves replay the match."""

from __future__ import annotations

from typing import Any

import msgspec
from fastapi.testclient import TestClient

import ecotone
from ecotone.core.replay import Replay
from ecotone.server import create_app
from ecotone.server.matches import rebuild
from ecotone.server.store import Store
from tests.server.conftest import make_settings
from tests.server.helpers import API, auth, close, open_ws

PHYLO = "phylo"
BIOMASTERS = "biomasters"
SEED = 7

# A legal BioMasters deck of one's own (25 cards with its HOME).
POND = {
    "wetland-home": 1,
    "common-duckweed": 3,
    "yellow-water-lily": 3,
    "common-reed": 3,
    "star-diatom": 3,
    "water-flea": 3,
    "common-frog-tadpole": 3,
    "common-frog": 2,
    "aquatic-hyphomycete": 3,
    "freshwater-shrimp": 1,
}


def _builtin_code(client: TestClient, game: str, name: str) -> str:
    decks = client.get(f"{API}/games/{game}/decks").json()["builtins"]
    code: str = next(b["code"] for b in decks if b["name"] == name)
    return code


def _create(client: TestClient, game: str, body: dict[str, Any]) -> dict[str, Any]:
    r = client.post(f"{API}/matches", json={"game": game, "players": 2, "seed": SEED, **body})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def _join(client: TestClient, mid: str, **body: Any) -> Any:
    return client.post(f"{API}/matches/{mid}/join", json={"name": "Ben", **body})


def _phylo_waiting(client: TestClient) -> tuple[str, str]:
    """A constructed Phylo match: Ana at P1 with Atlantic Coast, P2's deck left open."""
    made = _create(
        client,
        PHYLO,
        {
            "variant": "constructed",
            "options": {"deck1": "Atlantic Coast"},
            "seats": [{"kind": "human"}, {"kind": "human", "brings_deck": True}],
            "join": {"seat": 0, "name": "Ana"},
        },
    )
    return made["match"]["id"], made["token"]


def test_a_joiner_brings_a_deck_and_the_last_deck_deals(client: TestClient) -> None:
    mid, ana = _phylo_waiting(client)
    info = client.get(f"{API}/matches/{mid}").json()
    assert (info["status"], info["dealt"]) == ("open", False)
    assert [s["brings_deck"] for s in info["seats"]] == [False, True]
    # nothing is dealt yet: Ana sees no hand, nobody is to move, the picture says why
    view = client.get(f"{API}/matches/{mid}/view", headers=auth(ana)).json()
    assert (view["dealt"], view["observation"], view["to_move"]) == (False, {}, [])
    text = client.get(f"{API}/matches/{mid}/render", headers=auth(ana)).json()["text"]
    assert "waiting for P2" in text
    # the lobby lists it as open, waiting for a deck
    lobby = client.get(f"{API}/matches?status=open").json()["matches"]
    listed = next(m for m in lobby if m["id"] == mid)
    assert listed["dealt"] is False
    assert listed["seats"][1]["brings_deck"] is True

    conn, _, _ = open_ws(client, mid, ana)
    wake = _builtin_code(client, PHYLO, "Beagle's Wake")
    r = _join(client, mid, deck=wake)
    assert r.status_code == 200, r.text
    joined = r.json()
    assert joined["seat"] == 1
    assert joined["match"]["dealt"] is True
    assert joined["match"]["status"] == "active"
    assert not any(s["brings_deck"] for s in joined["match"]["seats"])
    assert joined["match"]["options"]["deck2"] == wake
    said = conn.until(lambda m: m["type"] == "notice" and m["code"] == "match/dealt")
    assert "dealt" in said["message"]
    first = conn.until(lambda m: m["type"] == "update" and m["observation"])
    assert first["dealt"] is True
    close(conn)

    # Ben's hand holds only his deck's cards; the game is the one the seed and decks deal
    ben = joined["token"]
    view = client.get(f"{API}/matches/{mid}/view", headers=auth(ben)).json()
    game = ecotone.make(PHYLO, players=2, variant="constructed", deck1="Atlantic Coast", deck2=wake)
    deck = set(game.deckbuilding().decode(wake).counts())  # type: ignore[union-attr]
    hand = view["observation"]["hands"][1]["cards"]
    assert hand
    assert {card.split(":")[1] for card in hand} <= deck
    assert view["observation"]["decks"] == ["Atlantic Coast", "Beagle's Wake"]
    manager = client.app.state.manager  # type: ignore[attr-defined]
    assert manager.live[mid].state.digest() == game.start(SEED).digest()


def test_the_replay_records_the_decks_and_replays_exactly(client: TestClient) -> None:
    mid, ana = _phylo_waiting(client)
    ben = _join(client, mid, deck="beagle's wake").json()["token"]  # a built-in, by name
    tokens = {0: ana, 1: ben}
    for _ in range(6):  # a few moves by whoever is to move
        view = client.get(f"{API}/matches/{mid}/view").json()
        seat = view["waiting_for"][0]
        mine = client.get(f"{API}/matches/{mid}/view", headers=auth(tokens[seat])).json()
        body = {"version": mine["version"], "action": mine["legal"][0]["action"]}
        r = client.post(f"{API}/matches/{mid}/actions", json=body, headers=auth(tokens[seat]))
        assert r.status_code == 200, r.text
    r = client.post(f"{API}/matches/{mid}/resign", headers=auth(ana))
    assert r.status_code == 200, r.text
    replay = Replay.from_json(client.get(f"{API}/matches/{mid}/replay").content)
    assert (replay.options["deck1"], replay.options["deck2"]) == ("Atlantic Coast", "Beagle's Wake")
    assert replay.seed == SEED
    assert len(replay.steps) == 6
    replay.verify()  # the seed, the decks and the moves give the same state


def test_an_illegal_deck_is_refused_in_the_games_words_and_the_seat_stays_open(
    client: TestClient,
) -> None:
    mid, _ = _phylo_waiting(client)
    short = {"name": "Too few", "cards": {"B01": 1, "B02": 1}}
    r = _join(client, mid, deck=short)
    assert r.status_code == 422
    error = r.json()["error"]
    assert error["code"] == "phylo/deck-size"
    assert error["message"].startswith("P2 cannot play 'Too few': ")
    assert "a deck has 23-27" in error["message"]  # every problem, in the game's words
    assert "at least 8" in error["message"]
    # a damaged code, a name that is no deck (never a file: the server reads no disk)
    assert _join(client, mid, deck="PHYLO:AAAA").json()["error"]["code"] == "deck/bad-code"
    r = _join(client, mid, deck="/etc/passwd")
    assert (r.status_code, r.json()["error"]["code"]) == (422, "deck/unknown")
    assert "Beagle's Wake" in r.json()["error"]["message"]  # the built-in decks are named
    # a seat that brings a deck is not taken without one
    r = _join(client, mid, seat=1)
    assert (r.status_code, r.json()["error"]["code"]) == (409, "match/deck-needed")
    # the schema is strict: an unknown field in a deck is malformed
    r = _join(client, mid, deck={"name": "x", "cards": {}, "colour": "red"})
    assert r.json()["error"]["code"] == "protocol/malformed"
    info = client.get(f"{API}/matches/{mid}").json()
    assert (info["status"], info["dealt"], info["seats"][1]["joined"]) == ("open", False, False)


def test_a_seat_whose_deck_is_chosen_takes_no_deck(client: TestClient) -> None:
    made = _create(
        client,
        PHYLO,
        {
            "variant": "constructed",
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "join": {"name": "Ana"},
        },
    )
    r = _join(client, made["match"]["id"], deck="Atlantic Coast")
    assert (r.status_code, r.json()["error"]["code"]) == (409, "match/deck-fixed")


def test_bringing_decks_needs_a_game_and_variant_with_decks(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "human", "brings_deck": True}]
    r = client.post(f"{API}/matches", json={"game": PHYLO, "players": 2, "seats": seats})
    assert (r.status_code, r.json()["error"]["code"]) == (400, "config/bad-seats")
    assert "constructed" in r.json()["error"]["message"]
    forest = {"game": "once-upon-a-forest", "players": 2, "seats": seats}
    r = client.post(f"{API}/matches", json=forest)
    assert (r.status_code, r.json()["error"]["code"]) == (400, "config/no-decks")


def test_a_bot_left_to_bring_its_deck_plays_the_standard_one(client: TestClient) -> None:
    made = _create(
        client,
        PHYLO,
        {
            "variant": "constructed",
            "options": {"deck1": "Beagle's Wake", "deck2": "Across the Andes"},
            "seats": [
                {"kind": "human"},
                {"kind": "bot", "bot": "random", "brings_deck": True},
            ],
            "join": {"name": "Ana"},
        },
    )
    info = made["match"]
    # P2's standard deck, whatever the options said; nothing waits, play begins
    assert info["options"]["deck2"] == "Atlantic Coast"
    assert (info["dealt"], info["status"]) == (True, "active")


def test_the_wait_for_decks_survives_a_restart_and_the_deal_uses_both(db_url: str) -> None:
    settings = make_settings(db_url)
    both = [{"kind": "human", "brings_deck": True}, {"kind": "human", "brings_deck": True}]
    pond = {"name": "My Pond", "cards": POND}
    with TestClient(create_app(settings)) as client:
        made = _create(
            client, BIOMASTERS, {"seats": both, "join": {"seat": 0, "name": "Ana", "deck": pond}}
        )
        mid = made["match"]["id"]
        before = client.get(f"{API}/matches/{mid}").json()
        assert before["dealt"] is False
        assert before["seats"][0]["joined"] is True
        assert before["options"]["decks"] == "production,decomposition"  # Ana's is not shown
        # as a kill -9 would leave it: what the database holds while the server still runs
        store = Store(db_url)
        record = store.load(mid)
        store.close()
        assert record is not None
        held = rebuild(record)
        assert [(s.brings_deck, s.deck is not None) for s in held.seats] == [
            (True, True),
            (True, False),
        ]
        assert msgspec.to_builtins(held.info())["seats"] == before["seats"]
    # the server stops (nothing is kept but what the database holds) and starts again
    with TestClient(create_app(settings)) as client:
        again = client.get(f"{API}/matches/{mid}").json()
        assert {k: v for k, v in again.items() if k != "updated_at"} == {
            k: v for k, v in before.items() if k != "updated_at"
        }
        r = _join(client, mid, deck="ocean")
        assert r.status_code == 200, r.text
        dealt = r.json()["match"]
        code = client.post(f"{API}/games/{BIOMASTERS}/decks/encode", json={"deck": pond}).json()[
            "code"
        ]
        assert dealt["options"]["decks"] == f"{code},ocean"
        assert (dealt["dealt"], dealt["status"]) == (True, "active")
        manager = client.app.state.manager  # type: ignore[attr-defined]
        digest = manager.live[mid].state.digest()
    game = ecotone.make(BIOMASTERS, players=2, decks=f"{code},ocean")
    assert digest == game.start(SEED).digest()
    # and the dealt match is what the database holds
    with TestClient(create_app(settings)) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        assert manager.live[mid].state.digest() == digest
        assert client.get(f"{API}/matches/{mid}").json()["dealt"] is True


def test_leaving_before_the_deal_frees_the_seat_for_another_deck(client: TestClient) -> None:
    # Ben takes a seat with a deck, then leaves it before the deal
    both = [{"kind": "human", "brings_deck": True}, {"kind": "human", "brings_deck": True}]
    made = _create(client, PHYLO, {"variant": "constructed", "seats": both})
    mid = made["match"]["id"]
    ben = _join(client, mid, deck="Across the Andes").json()
    assert ben["seat"] == 0
    assert ben["match"]["dealt"] is False
    r = client.post(f"{API}/matches/{mid}/leave", headers=auth(ben["token"]))
    assert r.status_code == 200, r.text
    assert r.json()["seats"][0]["brings_deck"] is True  # still waiting for a deck
    cleo = _join(client, mid, seat=0, deck="Enchanted Isles").json()
    dan = _join(client, mid, deck="Beagle's Wake").json()
    assert (cleo["seat"], dan["seat"]) == (0, 1)
    options = dan["match"]["options"]
    assert (options["deck1"], options["deck2"]) == ("Enchanted Isles", "Beagle's Wake")
