"""What each seat sees, the text picture, and determinization (rules doc §Information)."""

from __future__ import annotations

import random

from ecotone.core.visibility import Sight, announcement
from ecotone.games.biome.state import Phase

from .helpers import act, game, make_state


def pos():  # type: ignore[no-untyped-def]
    return make_state(
        game(3),
        hands=["moon-moth-1 termites-1", "cicada-1 sun-bear-1", "honey-bee-1 tadpoles-1"],
        shown=["", "sun-bear-1", ""],
        tiles_=["T18 T16", "T01", "T28"],
        board={"C2a": "T17/0"},
        chains=[["cicada-2"], [], []],
        gallery="orangutan-1",
        phase=Phase.EXCHANGE,
    )


def test_a_seat_sees_its_own_hand_and_only_the_known_cards_of_others() -> None:
    obs = pos().observe(0)
    players = obs["players"]
    assert players[0]["hand"] == ["moon-moth-1", "termites-1"]
    assert players[1]["hand"] is None
    assert players[1]["hand_count"] == 2
    assert players[1]["known"] == ["sun-bear-1"]
    assert players[2]["tiles"] == ["T28"]  # tiles lie face up
    assert obs["board"] == {"C2a": ["T17", 0]}
    assert obs["gallery"] == ["orangutan-1"]
    assert isinstance(obs["deck_count"], int)
    assert "deck" not in obs
    spectator = pos().observe(None)
    assert all(p["hand"] is None for p in spectator["players"])


def test_cards_chosen_for_exchange_stay_secret() -> None:
    s = act(pos(), "exchange card termites-1")
    assert s.observe(0)["marked_cards"] == ["termites-1"]
    assert s.observe(1)["marked_cards"] == 1
    assert "termites-1" not in str(s.observe(1))


def test_determinize_redeals_only_what_the_seat_cannot_see() -> None:
    s = pos()
    for i in range(5):
        det = s.determinize(0, random.Random(i))
        assert det.data.seats[0].hand == s.data.seats[0].hand
        assert "sun-bear-1" in det.data.seats[1].hand  # known to everybody
        assert [len(st.hand) for st in det.data.seats] == [2, 2, 2]
        assert det.data.board == s.data.board
        assert det.data.gallery == s.data.gallery
        assert det.observe(0) == s.observe(0)
    assert any(s.determinize(0, random.Random(i)).data.deck != s.data.deck for i in range(3))


def test_a_discard_shuffled_into_the_deck_in_the_same_step_is_read_by_its_owner_alone() -> None:
    # A Drought (drawn in an exchange) makes each seat discard a card. The last discard ends
    # the turn, and the Card Gallery's reset, finding the Main Deck empty, shuffles the
    # discard pile into it: the card discarded is face down again before the step is over.
    s = make_state(
        game(2),
        hands=["moon-moth-1 termites-1 lantern-bug-1 honey-bee-1 cicada-1", "cicada-2"],
        tiles_=["T18 T21 T16 T38 T24", "T01 T02 T03 T04 T05"],
        gallery="tadpoles-1 tadpoles-2 tadpoles-3",
        deck_top="drought orangutan-1",
        phase=Phase.EXCHANGE,
        fill=False,
        rng=1,
    )
    s = act(s, "exchange card moon-moth-1", "exchange card cicada-1", "done exchanging")
    s = act(s, "discard termites-1")
    discard = s.game.parse_action(s, 1, "discard cicada-2")
    after = s.apply(1, discard)
    assert "cicada-2" in after.data.deck
    assert all("cicada-2" not in str(after.observe(v)) for v in (0, 1, None))
    # No observation after the step shows the card, so the others learn only that a card
    # was discarded; the seat that chose it from its hand reads the whole step.
    told = announcement(s, 1, discard, after)
    assert told.sight(1) is Sight.ACTION
    assert told.sight(0) is Sight.KIND
    assert told.sight(None) is Sight.KIND
    assert told.text(0) == "a card discarded"
    # Its owner no longer knows where the card is: a re-deal may hand it to the other seat.
    redealt = [after.determinize(1, random.Random(i)).data for i in range(20)]
    assert any("cicada-2" in d.seats[0].hand for d in redealt)


def test_render_shows_the_board_and_the_table() -> None:
    text = pos().render(0)
    assert "BIOME Borneo" in text
    assert "C2A" in text  # a cell holding a tile, on the map
    assert "e1a" in text
    assert "u1a" in text
    assert "P1 (you)" in text
    assert "moon-moth-1" in text
    assert "termites-1" in text
    assert "P2: 0 points · 2 cards (1 known)" in text  # another hand: counted
    assert "orangutan-1" in text  # the Card Gallery
    assert "leads" in text  # the Global Bonus cards
    assert "termites-1" not in pos().render(1)
    assert "moon-moth-1" not in pos().render(None)
