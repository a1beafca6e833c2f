"""Deck building over HTTP: the pool, the engine's verdict, codes, files, and a match
created with a deck of one's own."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ecotone.games.biomasters.decks import deckbuilding
from tests.server.helpers import API

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


def test_the_pool_facets_rules_and_built_ins(client: TestClient) -> None:
    r = client.get(f"{API}/games/phylo/decks")
    assert r.status_code == 200
    data = r.json()
    assert data["size"] == [23, 27]
    assert {f["key"] for f in data["facets"]} >= {"food-chain", "terrain", "climate", "locale"}
    fox = next(c for c in data["pool"] if c["id"] == "B05")
    assert fox["name"] == "Darwin's Fox"
    assert fox["facets"]["terrain"] == ["forest"]
    assert len(data["builtins"]) >= 4
    assert all(b["code"].startswith("PHYLO:") and b["strategy"] for b in data["builtins"])
    assert data["seats"] == {
        "variant": "constructed",
        "options": ["deck1", "deck2"],
        "defaults": ["Enchanted Isles", "Atlantic Coast"],
    }
    r = client.get(f"{API}/games/once-upon-a-forest/decks")
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "config/no-decks"
    r = client.get(f"{API}/games/chess/decks")
    assert r.status_code == 404  # the game the address names is not there
    assert r.json()["error"]["code"] == "game/not-found"


def test_check_says_every_problem_in_the_games_words(client: TestClient) -> None:
    deck = {"name": "My Pond", "cards": {**POND, "common-frog": 4, "basilisk": 1}}
    r = client.post(f"{API}/games/biomasters/decks/check", json={"deck": deck})
    assert r.status_code == 200
    v = r.json()
    assert v["legal"] is False
    assert v["size"] == 28
    assert [p["code"] for p in v["problems"]] == ["biomasters/deck-card", "biomasters/deck-copies"]
    assert v["problems"][1]["cards"] == ["common-frog"]
    assert v["code"] is None  # a card outside the pool has no code
    good = client.post(
        f"{API}/games/biomasters/decks/check", json={"deck": {"name": "My Pond", "cards": POND}}
    ).json()
    assert good["legal"] is True
    assert good["problems"] == []
    assert next(iter(good["deck"]["cards"])) == "wetland-home"  # in the pool's order
    assert good["code"] == deckbuilding().encode(deckbuilding().read(good["file"], "x"))
    r = client.post(
        f"{API}/games/biomasters/decks/check", json={"deck": {"name": "x", "cards": {"lion": -1}}}
    )
    assert r.json()["error"]["code"] == "deck/bad-count"


def test_codes_and_files_go_both_ways(client: TestClient) -> None:
    deck = {"name": "My Pond", "cards": POND}
    code = client.post(f"{API}/games/biomasters/decks/encode", json={"deck": deck}).json()["code"]
    assert code.startswith("BIOMASTERS:")
    back = client.post(f"{API}/games/biomasters/decks/decode", json={"code": code}).json()
    assert back["deck"]["name"] == "My Pond"
    assert back["deck"]["cards"] == {c: POND[c] for c in back["deck"]["cards"]}
    assert back["legal"] is True
    again = client.post(f"{API}/games/biomasters/decks/read", json={"text": back["file"]})
    assert again.json()["deck"] == back["deck"]
    by_code = client.post(f"{API}/games/biomasters/decks/read", json={"text": code})
    assert by_code.json()["code"] == code
    bad = client.post(f"{API}/games/biomasters/decks/decode", json={"code": code[:-4]})
    assert bad.status_code == 422
    assert bad.json()["error"]["code"] == "deck/bad-code"
    junk = client.post(f"{API}/games/biomasters/decks/read", json={"text": "name = 3"})
    assert junk.json()["error"]["code"] == "biomasters/deck-format"


def test_a_deck_file_with_a_count_below_one_is_refused(client: TestClient) -> None:
    # 30 cards with "common-frog = -2" used to come back legal, holding -2 frogs
    good = client.post(
        f"{API}/games/biomasters/decks/check", json={"deck": {"name": "My Pond", "cards": POND}}
    ).json()["file"]
    for count in (-2, 0):
        text = good + f"northern-pike = {count}\n"
        r = client.post(f"{API}/games/biomasters/decks/read", json={"text": text})
        assert r.status_code == 422
        error = r.json()["error"]
        assert error["code"] == "deck/bad-count"
        assert f"{count} copies of 'northern-pike'" in error["message"]


def test_a_match_with_a_deck_code(client: TestClient) -> None:
    build = deckbuilding()
    code = build.encode(build.read(build.write_file(build.builtins[3].deck), "x"))
    body = {
        "game": "biomasters",
        "players": 2,
        "options": {"decks": f"{code},ocean"},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        "join": {"name": "Ana"},
    }
    r = client.post(f"{API}/matches", json=body)
    assert r.status_code == 201, r.text
    # a file name is still refused: the server never reads its own disk for a client
    body["options"] = {"decks": "/etc/passwd,ocean"}
    r = client.post(f"{API}/matches", json=body)
    assert r.json()["error"]["code"] == "config/files-refused"
    # a code breaking a rule is refused with the rule's code and words
    small = build.encode(build.read("name='S'\nhome='ocean-home'\n[cards]\nlion=1\n", "x"))
    body["options"] = {"decks": small}
    r = client.post(f"{API}/matches", json=body)
    assert r.status_code == 422
    assert r.json()["error"]["code"] == "biomasters/deck-size"
