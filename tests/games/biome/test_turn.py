"""Set-up, phase 1 (exchanging), the end of a turn, disasters and the end of the game
(rules doc §Set-up, §Phase 1, §Ending your turn, §Disasters, §End of the game)."""

from __future__ import annotations

import pytest

from ecotone.games.biome.cards import cards
from ecotone.games.biome.config import STALL_ROUNDS
from ecotone.games.biome.state import EMPTY, Phase
from ecotone.games.biome.tiles import tiles

from .helpers import act, game, make_state, pass_reactions, refusal, tile

# -- set-up --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "limit"), [(2, 5), (3, 4), (4, 3)])
def test_set_up(players: int, limit: int) -> None:
    firsts = set()
    for seed in range(12):
        s = game(players).start(seed)
        d = s.data
        by_id = cards().by_id
        assert len(d.gallery) == 3
        assert all(len(st.hand) == 5 for st in d.seats)
        assert all(len(st.tiles) == limit for st in d.seats)
        assert len(d.perimeter) == 45 - limit * players
        assert len(d.deck) == 99 - 3 - 5 * players
        assert len(d.bonuses) == 2
        # a Disaster drawn during set-up is shuffled back and replaced
        dealt = [*d.gallery, *(c for st in d.seats for c in st.hand)]
        assert all(by_id[c].kind != "disaster" for c in dealt)
        assert sum(by_id[c].kind == "disaster" for c in d.deck) == 4
        assert all(v == EMPTY for v in d.board)
        # the seed draws who starts; the others may first react with an Opportunist
        firsts.add(d.turn)
        assert d.phase is Phase.REACT
        assert s.to_move == tuple(p for p in range(players) if p != d.turn)
        # the same deal, with P1 to start, when the table asks for it
        fixed = game(players, first_player="P1").start(seed).data
        assert fixed.turn == 0
        assert fixed.replace(turn=d.turn, waiting=d.waiting) == d
    assert firsts == set(range(players))  # every seat may start


def test_set_up_draws_at_random_where_the_rulebook_shuffles() -> None:
    """The 2 Global Bonus cards are drawn at random from the 8, and the Disasters kept out of
    the deal are shuffled back into the Main Deck, not left at its bottom."""
    by_id = cards().by_id
    pairs = set()
    depths = set()
    for seed in range(30):
        d = game(2).start(seed).data
        pairs.add(d.bonuses)
        assert set(d.bonuses) <= set(cards().bonus_ids)
        depths |= {i for i, c in enumerate(d.deck) if by_id[c].kind == "disaster"}
    assert len(pairs) > 5
    assert max(depths) > len(cards().ids) // 2  # a Disaster may lie near the top


def test_the_reaction_window_can_be_switched_off() -> None:
    s = game(3, opportunist="own-turn").start(1)
    assert s.data.phase is Phase.EXCHANGE
    assert s.to_move == (s.data.turn,)


# -- phase 1: exchanging ------------------------------------------------------------------------


def opening(**kw: object):  # type: ignore[no-untyped-def]
    parts: dict[str, object] = {
        "hands": ["moon-moth-1 termites-1 lantern-bug-1 honey-bee-1 cicada-1", "cicada-2"],
        "tiles_": ["T18 T21 T16 T38 T24", "T01 T02 T03 T04 T05"],
        "gallery": "tadpoles-1 tadpoles-2 tadpoles-3",
        "deck_top": "orangutan-1 orangutan-2 orangutan-3",
        "phase": Phase.EXCHANGE,
    }
    parts.update(kw)
    return make_state(game(2), **parts)  # type: ignore[arg-type]


def test_exchange_cards_all_at_once() -> None:
    s = act(opening(), "exchange card moon-moth-1", "exchange card cicada-1")
    # FAQ: nothing is drawn until the whole choice is made
    assert s.data.seats[0].hand == opening().data.seats[0].hand
    assert s.data.phase is Phase.MARK_CARDS
    s = act(s, "done exchanging")
    hand = s.data.seats[0].hand
    assert "moon-moth-1" not in hand
    assert "cicada-1" not in hand
    assert {"orangutan-1", "orangutan-2"} <= set(hand)
    assert s.data.discard == ("moon-moth-1", "cicada-1")
    assert s.data.phase is Phase.HABITATS


def test_exchange_cards_or_tiles_not_both() -> None:
    s = act(opening(), "exchange card moon-moth-1")
    refusal(s, 0, "exchange tile T18", "biome/cards-or-tiles", "not both")
    refusal(s, 0, "exchange card moon-moth-1", "biome/already-chosen")
    s = act(opening(), "exchange tile T18")
    refusal(s, 0, "exchange card moon-moth-1", "biome/cards-or-tiles")


def test_exchange_tiles() -> None:
    s = act(opening(), "exchange tile T18", "exchange tile T21", "done exchanging")
    mine = s.data.seats[0].tiles
    assert len(mine) == 5
    assert tile("T16") in mine
    assert len(s.data.perimeter) == len(opening().data.perimeter)


def test_no_exchange_and_phase_1_comes_first() -> None:
    s = opening()
    refusal(s, 0, "earn moon-moth-1", "biome/exchange-first", "no exchange")
    s = act(s, "no exchange")
    assert s.data.phase is Phase.HABITATS


def test_a_disaster_drawn_in_an_exchange_ends_the_turn() -> None:
    s = act(
        opening(deck_top="drought orangutan-1"),
        "exchange card moon-moth-1",
        "exchange card cicada-1",
        "done exchanging",
    )
    # Drought: each player, the drawer first, discards a card; then the turn is over.
    assert s.data.phase is Phase.DROUGHT
    assert s.to_move == (0,)
    assert len(s.data.seats[0].hand) == 3  # the second card was never drawn
    s = act(s, "discard termites-1")
    assert s.to_move == (1,)
    s = act(s, "discard cicada-2")
    assert "drought" in s.data.discard
    assert s.data.turn == 1  # the turn ended: no phase 2, no refill
    assert len(s.data.seats[0].hand) == 2
    assert len(s.data.seats[0].tiles) == 5
    # the Card Gallery was reset
    assert not set(s.data.gallery) & {"tadpoles-1", "tadpoles-2", "tadpoles-3"}
    assert {"tadpoles-1", "tadpoles-2", "tadpoles-3"} <= set(s.data.discard)


# -- the end of a turn ---------------------------------------------------------------------------


def test_refill_cards_from_the_deck_or_the_gallery_then_tiles_then_gallery() -> None:
    s = act(
        opening(),
        "no exchange",
        "earn moon-moth-1",
        "place T18 on C3a turned 0",
        "confirm",
        "earn termites-1",
        "place T16 on C1a turned 0",
        "confirm",
        "end turn",
    )
    assert s.data.phase is Phase.REFILL
    s = act(s, "take tadpoles-2 from gallery", "draw from deck")
    me = s.data.seats[0]
    assert len(me.hand) == 5
    assert "tadpoles-2" in me.shown  # everybody saw it taken
    assert len(me.tiles) == 5  # refilled to the 2-player limit
    assert len(s.data.gallery) == 3
    assert s.data.turn == 1


def test_refill_is_automatic_when_the_gallery_is_empty() -> None:
    s = act(
        opening(gallery=""),
        "no exchange",
        "earn moon-moth-1",
        "place T18 on C3a turned 0",
        "confirm",
        "end turn",
    )
    assert s.data.turn == 1
    assert "orangutan-1" in s.data.seats[0].hand


def test_a_disaster_drawn_while_refilling_stops_all_drawing() -> None:
    s = act(
        opening(
            deck_top="illegal-logging orangutan-1 orangutan-2 orangutan-3",
            board={"E1a": "T06/0", "E1b": "T09/0"},
        ),
        "no exchange",
        "earn moon-moth-1",
        "place T18 on C3a turned 0",
        "confirm",
        "end turn",
        "draw from deck",
    )
    # Illegal Logging: every Emergent tile returns to the perimeter.
    geo = s.game.cfg.geo  # type: ignore[attr-defined]
    assert s.data.board[geo.index["E1a"]] == EMPTY
    assert tile("T06") in s.data.perimeter
    assert s.data.board[geo.index["C3a"]] != EMPTY
    # no more cards or tiles this turn
    assert len(s.data.seats[0].hand) == 4
    assert len(s.data.seats[0].tiles) == 4
    assert s.data.turn == 1
    assert "orangutan-1" in s.data.gallery  # the Gallery was reset


def test_forest_fire_and_palm_oil_clearing() -> None:
    s = act(
        opening(
            deck_top="forest-fire palm-oil-clearing",
            board={"U1a": "T36/0", "U1b": "T44/0", "U2a": "T42/0"},
        ),
        "exchange card cicada-1",
        "done exchanging",
    )
    assert s.data.phase is Phase.FIRE
    assert [str(a) for a in s.legal_actions(0)] == ["burn U1", "burn U2"]
    refusal(s, 0, "burn U3", "biome/cannot-burn", "no tiles")
    s = act(s, "burn U1")
    geo = s.game.cfg.geo  # type: ignore[attr-defined]
    assert s.data.board[geo.index["U1a"]] == EMPTY
    assert s.data.board[geo.index["U2a"]] != EMPTY
    # the Gallery reset then draws the Palm-Oil Clearing: each player returns a tile
    assert s.data.phase is Phase.CLEARING
    s = act(s, "return T18", "return T01")
    assert tile("T18") in s.data.perimeter
    assert tile("T01") in s.data.perimeter
    assert s.data.turn == 1


def test_over_the_tile_limit_discard_down() -> None:
    s = act(
        opening(hands=["blight-1 moon-moth-1", "cicada-2"], board={"C2a": "T17/0"}),
        "no exchange",
        "blight C2a",
    )
    assert len(s.data.seats[0].tiles) == 6  # above the limit until the turn is over
    s = act(
        s,
        "end turn",
        "take tadpoles-1 from gallery",
        "take tadpoles-2 from gallery",
        "take tadpoles-3 from gallery",
    )
    assert s.data.phase is Phase.DISCARD_TILES
    refusal(s, 0, "end turn", "biome/over-tile-limit", "limit of 5")
    s = act(s, "return T17")
    assert len(s.data.seats[0].tiles) == 5
    assert s.data.turn == 1


# -- the end of the game ----------------------------------------------------------------------


def pass_turn(s):  # type: ignore[no-untyped-def]
    """Reactions pass; the player exchanges nothing, earns nothing and refills from the deck."""
    s = act(pass_reactions(s), "no exchange", "end turn")
    while s.data.phase is Phase.REFILL:
        s = act(s, "draw from deck")
    return s


def test_taking_the_last_perimeter_tile_starts_the_final_round() -> None:
    all_but_one = " ".join(
        tiles().ids[i]
        for i in range(45)
        if tiles().ids[i]
        not in {"T18", "T21", "T16", "T38", "T24", "T01", "T02", "T03", "T04", "T05", "T45"}
    )
    board = {}
    geo = game(2).cfg.geo  # type: ignore[attr-defined]
    free = [c for c in geo.cells if not c.startswith("C3")]
    for cell, tid in zip(free, all_but_one.split(), strict=False):
        board[cell] = f"{tid}/0"
    s = opening(board=board, gallery="")
    assert [tiles().ids[t] for t in s.data.perimeter] == ["T45"]
    s = act(
        s, "no exchange", "earn moon-moth-1", "place T18 on C3a turned 0", "confirm", "end turn"
    )
    assert s.data.trigger == 0
    assert s.data.perimeter == ()
    assert s.data.final_turns == 2  # P2, then P1 ends the round
    s = pass_turn(s)
    assert s.data.turn == 0
    assert not s.is_over
    s = pass_turn(s)
    assert s.is_over
    assert s.data.ended_by == "perimeter"


@pytest.mark.parametrize("players", [3, 4])
def test_the_final_round_ends_with_the_player_who_took_the_last_tile(players: int) -> None:
    """P2 has just taken the last perimeter tile: every other player plays once more, and
    P2's own final turn ends the game."""
    s = make_state(
        game(players, opportunist="own-turn"),
        hands=[f"cicada-{i + 1}" for i in range(players)],
        phase=Phase.EXCHANGE,
        turn=1,
        trigger=1,
    )
    order = []
    while not s.is_over:
        order.append(s.data.turn)
        s = pass_turn(s)
    # the trigger turn, then one final round: P3, ..., P1, and P2 last
    assert order == [(1 + i) % players for i in range(players + 1)]
    assert s.data.ended_by == "perimeter"


def test_the_game_ends_when_nobody_places_a_tile_for_three_rounds() -> None:
    s = opening(gallery="")
    for _ in range(STALL_ROUNDS * 2 - 1):
        s = pass_turn(s)
        assert not s.is_over
    s = pass_turn(s)
    assert s.is_over
    assert s.data.ended_by == "stall"


def test_refill_refusals() -> None:
    s = act(
        opening(),
        "no exchange",
        "earn moon-moth-1",
        "place T18 on C3a turned 0",
        "confirm",
        "end turn",
    )
    refusal(s, 0, "take orangutan-1 from gallery", "biome/not-in-gallery", "tadpoles-1")
    refusal(s, 0, "earn termites-1", "biome/must-refill", "draw from deck")
    empty = act(
        opening(fill=False, deck_top=""),
        "no exchange",
        "earn moon-moth-1",
        "place T18 on C3a turned 0",
        "confirm",
        "end turn",
    )
    assert "draw from deck" not in [str(a) for a in empty.legal_actions(0)]
    refusal(empty, 0, "draw from deck", "biome/deck-empty", "Gallery")


def test_exchange_refusals_name_what_you_hold() -> None:
    s = opening()
    refusal(s, 0, "exchange card sun-bear-1", "biome/not-in-hand", "moon-moth-1")
    refusal(s, 0, "exchange tile T40", "biome/not-your-tile", "T18")
    s = act(s, "exchange tile T18")
    refusal(s, 0, "no exchange", "biome/exchanging-tiles", "done exchanging")


def test_the_deck_is_reshuffled_from_the_discard_pile_when_empty() -> None:
    s = opening(fill=False, deck_top="", discard="orangutan-1 orangutan-2")
    s = act(s, "exchange card moon-moth-1", "done exchanging")
    assert s.data.discard == ()
    assert len(s.data.seats[0].hand) == 5
    assert len(s.data.deck) == 2


def test_the_end_once_triggered_stays_triggered() -> None:
    s = opening(
        deck_top="illegal-logging",
        board={"E1a": "T06/0"},
        trigger=1,
        final_turns=2,
        gallery="",
    )
    s = act(
        s, "no exchange", "earn moon-moth-1", "place T18 on C3a turned 0", "confirm", "end turn"
    )
    # Illegal Logging put a tile back on the perimeter, but the final round goes on
    assert s.data.perimeter
    assert s.data.trigger == 1
    assert s.data.final_turns == 1
    s = pass_turn(s)
    assert s.is_over
    assert s.data.ended_by == "perimeter"


def test_every_other_player_answers_the_reaction_window() -> None:
    s = make_state(
        game(3),
        hands=["moon-moth-1", "opportunist-1", "opportunist-2"],
        tiles_=["T18 T21", "T01", "T02"],
        phase=Phase.REACT,
        waiting=(1, 2),
    )
    assert s.to_move == (1, 2)
    s = s.apply(2, s.game.parse_action(s, 2, "opportunist takes T18"))
    assert s.to_move == (1,)
    # P3 has answered: asked again, it is told so; P1, whose turn it is, may not answer
    refusal(s, 2, "pass", "action/already-chosen", "P3 has already made its choice", "P2")
    refusal(s, 0, "pass", "action/not-your-turn", "waiting for P2")
    s = s.apply(1, s.game.parse_action(s, 1, "opportunist takes T21"))
    assert s.data.phase is Phase.EXCHANGE
    assert s.data.seats[0].tiles == ()
    assert s.data.discard == ("opportunist-2", "opportunist-1")
