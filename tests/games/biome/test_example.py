"""The rulebook's "First round example" (Maya, David, Alisha, Terry; 4 players), replayed.

The rulebook names the cards, the layers and (for the tiles) the plants; Ecotone's data
fills in which tiles (rules doc §First round example). Every step goes through the public
API with notation, as a player would type it. Differences from the printed example:

* David's tile draws at the end of his turn: the rulebook says 2, but he ends his turn with
  2 tiles (exchange 3, place 1 for the Cicada, Blight gives 1, place it for the spider), so
  refilling to the 4-player limit of 3 draws 1.
* Between turns every other player passes in the Opportunist reaction window.
"""

from __future__ import annotations

from ecotone.core.game import State
from ecotone.games.biome.state import Phase
from ecotone.games.biome.tiles import tiles

from .helpers import act, game, make_state, pass_reactions

MAYA, DAVID, ALISHA, TERRY = range(4)

# Draw order: Maya's exchange (2), Maya's refill (2), David's refill (1), Gallery (2),
# Alisha's refill (1), Gallery (1), Terry's exchange (5), Gallery (3).
DECK = (
    "orangutan-2 atlas-moth-1 agile-gibbon-2 flying-frog-1 draco-lizard-2 "
    "proboscis-monkey-1 western-tarsier-1 slow-loris-1 flying-gecko-1 "
    "termites-1 sun-bear-1 moon-moth-1 forest-dragon-1 cicada-3 "
    "honey-bee-3 termites-3 lantern-bug-3"
)


def opening() -> State:
    return make_state(
        game(4),
        hands=[
            "honey-bee-1 lantern-bug-1 orangutan-1 clouded-leopard-1 agile-gibbon-1",
            "cicada-1 blight-1 draco-lizard-1 tiger-orchid rafflesia",
            "tadpoles-1 banded-linsang-1 bay-cat-1 yellow-meranti strangler-fig",
            "cicada-2 reticulated-python-1 crested-serpent-eagle-1 barred-eagle-owl-1 "
            "rajah-pitcher",
        ],
        tiles_=["T28 T40 T02", "T44 T42 T39", "T17 T29 T30", "T16 T38 T18"],
        gallery="golden-orb-weaver-1 rhinoceros-hornbill-1 keeled-pit-viper-1",
        deck_top=DECK,
        phase=Phase.EXCHANGE,
        turns=1,
        rng=1,  # chosen so that David's exchange brings him a meranti-leaves tile
    )


def chain_names(state: State, seat: int) -> list[list[str]]:
    return [list(ch) for ch in state.data.seats[seat].chains]


def maya() -> State:
    s = opening()
    # Phase 1: she exchanges 2 cards with the Main Deck, chosen all at once.
    s = act(s, "exchange card orangutan-1", "exchange card clouded-leopard-1", "done exchanging")
    assert "orangutan-2" in s.data.seats[MAYA].hand
    assert "atlas-moth-1" in s.data.seats[MAYA].hand
    assert s.data.discard == ("orangutan-1", "clouded-leopard-1")
    # Honey Bee (2): a hibiscus tile (a Canopy/Understory hybrid) on the Canopy.
    s = act(s, "earn honey-bee-1", "place T28 on C2a turned 0", "confirm")
    # Lantern Bug (1): a fern tile in the Understory.
    s = act(s, "earn lantern-bug-1", "place T40 on U2a turned 0", "confirm")
    assert chain_names(s, MAYA) == [["honey-bee-1"], ["lantern-bug-1"]]
    assert s.scores()[MAYA] == 3
    # Turn ends: she refills her hand from the Main Deck and draws 2 more tiles.
    s = act(s, "end turn", "draw from deck", "draw from deck")
    assert len(s.data.seats[MAYA].hand) == 5
    assert len(s.data.seats[MAYA].tiles) == 3
    assert s.data.turn == DAVID
    return s


def david() -> State:
    s = pass_reactions(maya())
    # He exchanges 3 tiles (all of them).
    s = act(s, "exchange tile T44", "exchange tile T42", "exchange tile T39", "done exchanging")
    assert len(s.data.seats[DAVID].tiles) == 3
    assert "T12" in [tiles().ids[t] for t in s.data.seats[DAVID].tiles]
    # Cicada (1): his meranti-leaves tile on the Emergent layer.
    s = act(s, "earn cicada-1", "place T12 on E1a turned 0", "confirm")
    # Blight: a tile from the Understory (Maya's fern tile) into his supply ...
    s = act(s, "blight U2a")
    assert s.data.board[s.game.cfg.geo.index["U2a"]] == -1
    # ... placed in a new location for the Golden Orb-Weaver Spider (3), from the Gallery,
    # which eats his Cicada.
    s = act(s, "earn golden-orb-weaver-1", "place T40 on U1a turned 0")
    s = act(s, "confirm eating cicada-1")
    assert chain_names(s, DAVID) == [["cicada-1", "golden-orb-weaver-1"]]
    assert s.scores()[DAVID] == 4
    # Maya's Lantern Bug stays earned although its tile moved.
    assert chain_names(s, MAYA) == [["honey-bee-1"], ["lantern-bug-1"]]
    # Turn ends: one card from the Main Deck and one from the Card Gallery, tiles, Gallery.
    s = act(s, "end turn", "draw from deck", "take keeled-pit-viper-1 from gallery")
    assert len(s.data.seats[DAVID].hand) == 5
    assert len(s.data.seats[DAVID].tiles) == 3
    assert len(s.data.gallery) == 3
    assert s.data.gallery[0] == "rhinoceros-hornbill-1"
    return s


def alisha() -> State:
    s = pass_reactions(david())
    s = act(s, "no exchange")
    # Tadpoles (2): a bromeliad tile on the Canopy.
    s = act(s, "earn tadpoles-1", "place T17 on C1a turned 0", "confirm")
    # Hornbill (4) from the Card Gallery: two tiles in the Understory, eating the Tadpoles.
    s = act(s, "earn rhinoceros-hornbill-1", "place T29 on U3a turned 0")
    s = act(s, "place T30 on U3b turned 0", "confirm eating tadpoles-1")
    assert chain_names(s, ALISHA) == [["tadpoles-1", "rhinoceros-hornbill-1"]]
    assert s.scores()[ALISHA] == 6
    # Turn ends: hand from the Main Deck (the Gallery holds 2, so she chooses), 3 tiles.
    s = act(s, "end turn", "draw from deck")
    assert len(s.data.seats[ALISHA].hand) == 5
    assert len(s.data.seats[ALISHA].tiles) == 3
    assert len(s.data.gallery) == 3
    return s


def terry() -> State:
    s = pass_reactions(alisha())
    # He exchanges all of his cards.
    s = act(s, *(f"exchange card {c}" for c in s.data.seats[TERRY].hand), "done exchanging")
    assert {"termites-1", "sun-bear-1", "moon-moth-1"} <= set(s.data.seats[TERRY].hand)
    # Termites (2): his vine tile in the Canopy, its vine towards the Understory seam.
    s = act(s, "earn termites-1", "place T16 on C3d turned 1", "confirm")
    # Sun Bear (4): a vine tile in the Understory matched into that vine gives access to the
    # whole vine network (the Canopy tile's fig included); it eats his Termites.
    s = act(s, "earn sun-bear-1", "place T38 on U1g turned 4")
    assert "confirm eating termites-1" in [str(a) for a in s.legal_actions(TERRY)]
    s = act(s, "confirm eating termites-1")
    # Malaysian Moon Moth (1): a fern tile on the Canopy.
    s = act(s, "earn moon-moth-1", "place T18 on C3a turned 0", "confirm")
    assert chain_names(s, TERRY) == [["termites-1", "sun-bear-1"], ["moon-moth-1"]]
    assert s.scores()[TERRY] == 7
    # Turn ends: he refills his hand from the Card Gallery and draws 3 more tiles.
    gallery = s.data.gallery
    s = act(s, "end turn", *(f"take {c} from gallery" for c in gallery))
    assert set(gallery) <= set(s.data.seats[TERRY].hand)
    assert len(s.data.seats[TERRY].tiles) == 3
    assert len(s.data.gallery) == 3
    assert s.scores() == [3.0, 4.0, 6.0, 7.0]
    assert s.data.turn == MAYA
    return s


def test_maya_exchanges_two_cards_and_earns_honey_bee_and_lantern_bug() -> None:
    maya()


def test_david_exchanges_tiles_and_uses_blight_for_the_spider() -> None:
    david()


def test_alisha_earns_tadpoles_then_the_hornbill_from_the_gallery() -> None:
    alisha()


def test_terry_reaches_the_sun_bear_through_the_vine_network() -> None:
    terry()
