"""Evolution: drawing where you stand, buying adaptations, Action cards, Destruction, Niches."""

from __future__ import annotations

from ecotone.core.game import State
from ecotone.games.singapore import Buy, Draw, Finish, Play
from ecotone.games.singapore.board import CENTRE
from ecotone.games.singapore.cards import DECKS
from ecotone.games.singapore.state import Phase, SGData, Status

from .helpers import act, refusal, stack, start, state, with_habitat, with_player


def evolving(d: SGData, seat: int = 0, tile: str = "forest-1", food: int = 20) -> SGData:
    """``d`` at ``seat``'s Evolution turn, standing on ``tile``."""
    d = with_player(d, seat, tile=tile, food=food)
    order = d.order()
    i = order.index(seat)
    return d.replace(phase=Phase.DRAW, turn=seat, queue=order[i + 1 :], choices=())


def test_habitat_tile_draws_from_the_habitat_deck() -> None:
    s = state(evolving(start(4), tile="forest-1"))
    assert s.legal_actions(0) == [Draw("forest")]
    refusal(s, 0, Draw("wild"), "singapore/wrong-deck", "forest-1", "habitat tile", "Forest deck")
    refusal(s, 0, Buy("venom"), "singapore/draw-first")


def test_wild_and_ecotone_tiles_draw_from_the_wild_deck() -> None:
    assert state(evolving(start(4), tile="forest-3")).legal_actions(0) == [Draw("wild")]
    assert state(evolving(start(4), tile="ecotone-nw")).legal_actions(0) == [Draw("wild")]


def test_draw_three_buy_for_five_return_the_rest_to_the_bottom() -> None:
    d = stack(evolving(start(4)), "forest", ["venom", "gliding", "venom"])
    s = act(state(d), 0, "draw from the forest deck")
    assert s.data.phase is Phase.BUY
    assert s.legal_actions(0) == [Buy("venom"), Buy("gliding"), Finish()]
    s = act(s, 0, "buy gliding")
    assert s.data.players[0].food == 15
    assert [c.split(":")[1] for c in s.data.players[0].adaptations] == ["gliding"]
    refusal(s, 0, Buy("call"), "singapore/not-drawn", "Venom, Venom")
    refusal(s, 0, Draw("forest"), "singapore/already-drawn")
    s = act(s, 0, "return the rest")
    forest = s.data.decks[DECKS.index("forest")]
    assert [c.split(":")[1] for c in forest[-2:]] == ["venom", "venom"]
    assert s.data.known[DECKS.index("forest")] == 2
    assert s.observe(2)["habitats"]["forest"]["deck"]["bottom"] == ["venom", "venom"]
    assert s.data.turn == 1
    assert s.data.phase is Phase.DRAW


def test_buying_needs_five_food() -> None:
    d = stack(evolving(start(4), food=4), "forest", ["venom", "gliding", "venom"])
    s = act(state(d), 0, "draw from the forest deck")
    assert s.legal_actions(0) == [Finish()]
    refusal(s, 0, Buy("venom"), "singapore/not-enough-food", "costs 5 Food", "you have 4")


def test_fewer_than_three_left_draw_them_and_take_five_food() -> None:
    d = evolving(start(4), food=0)
    i = DECKS.index("forest")
    keep = d.decks[i][:2]
    d = d.replace(decks=(*d.decks[:i], keep, *d.decks[i + 1 :]))
    s = act(state(d), 0, "draw from the forest deck")
    assert s.data.players[0].food == 5
    assert "Fewer than 3 cards were left: +5 Food" in " ".join(s.data.log)


def test_an_empty_deck_gives_five_food() -> None:
    d = evolving(start(4), food=1)
    i = DECKS.index("forest")
    d = d.replace(decks=(*d.decks[:i], (), *d.decks[i + 1 :]))
    s = act(state(d), 0, "draw from the forest deck")
    assert s.data.players[0].food == 6
    assert s.data.turn == 1  # nothing to buy: the next player draws


def test_destruction_cards_are_announced_at_once() -> None:
    d = stack(evolving(start(4)), "forest", ["destruction", "venom", "gliding"])
    s = act(state(d), 0, "draw from the forest deck")
    assert len(s.data.habitats[0].destruction) == 1
    assert s.data.destroyed_count == 1
    assert "Destruction! The Forest has 1 of 2 Destruction cards." in " ".join(s.data.log)
    assert s.observe(3)["habitats"]["forest"]["destruction"] == 1


def test_the_second_destruction_card_dooms_the_habitat_at_the_end_of_the_round() -> None:
    d = with_habitat(evolving(start(4)), "forest", destruction=1)
    d = stack(d, "forest", ["destruction", "venom", "gliding"])
    s = act(state(d), 0, "draw from the forest deck")
    assert s.data.habitats[0].status is Status.OPEN  # not yet: at the end of the round
    assert (
        "Destruction! The Forest has 2 of 2 Destruction cards: it will be destroyed at the "
        "end of the round." in " ".join(s.data.log)
    )
    s = act(s, 0, "return the rest")
    for seat in (1, 2, 3):
        s = s.apply(seat, s.legal_actions(seat)[-1])  # draw where they stand
        while s.data.phase is Phase.BUY and s.data.turn == seat:
            s = act(s, seat, "return the rest")
    assert s.data.habitats[0].status is Status.DESTROYED
    assert s.data.players[0].tile == CENTRE
    assert "The Forest is destroyed and turned over: P1 goes to the centre" in " ".join(s.data.log)
    while s.data.phase is Phase.RESTORE:  # P1's Food could pay for a Recovery: nobody offers
        s = act(s, s.data.turn, "pass")
    assert (s.data.round, s.data.phase) == (2, Phase.MIGRATE)
    assert s.data.habitats[0].bounty == ""  # no Nature's Bounty for it in the next round


def test_action_cards_go_to_the_hand_face_down() -> None:
    d = stack(evolving(start(4), tile="ecotone-n"), "wild", ["forage", "limbs", "call"])
    s = act(state(d), 0, "draw from the wild deck")
    assert s.data.players[0].hand == ("wild:forage",)
    assert "1 card for the hand" in " ".join(s.data.log)
    other = s.observe(1)
    assert other["players"][0]["hand"] == 1
    assert other["players"][0]["hand_backs"] == ["wild"]
    assert "forage" not in str(other).lower()
    assert s.observe(0)["players"][0]["hand_cards"] == ["forage"]


def test_forage_rapid_evolution_and_seed_dispersal() -> None:
    d = evolving(start(4), tile="forest-1", food=0)
    d = with_player(d, 0, hand=["forage", "rapid-evolution", "seed-dispersal"])
    d = stack(d, "marine", ["shell", "shell", "schooling", "shell"])
    s = state(d)
    assert s.legal_actions(0) == [
        Play("forage"),
        Play("rapid-evolution"),
        Play("seed-dispersal"),
        Draw("forest"),
    ]
    s = act(s, 0, "play forage", "play rapid-evolution", "play seed-dispersal")
    assert s.data.players[0].food == 3
    assert s.legal_actions(0) == [Draw("wild"), Draw("forest"), Draw("mangrove"), Draw("marine")]
    refusal(s, 0, Draw("urban"), "singapore/wrong-deck", "not open")
    s = act(s, 0, "draw from the marine deck")
    assert [c.split(":")[1] for c in s.data.drawn] == ["shell", "shell", "schooling", "shell"]


def test_bargain_makes_the_next_adaptation_cost_three() -> None:
    d = stack(evolving(start(4), food=4), "forest", ["venom", "gliding", "venom"])
    d = with_player(d, 0, hand=["bargain"])
    s = act(state(d), 0, "draw from the forest deck")
    refusal(s, 0, Buy("venom"), "singapore/not-enough-food")
    assert Play("bargain") in s.legal_actions(0)
    s = act(s, 0, "play bargain")
    refusal(s, 0, Play("bargain"), "singapore/not-in-hand")
    s = act(s, 0, "buy venom")
    assert s.data.players[0].food == 1
    assert s.legal_actions(0) == [Finish()]  # the Bargain was for one Adaptation


def test_the_cards_drawn_are_shown_with_what_buying_one_costs() -> None:
    # "buy venom" names no price, so the cards drawn are shown with it, to every seat,
    # and the decision in a sentence says it, for the buyer and for the others
    d = stack(evolving(start(4), food=9), "forest", ["venom", "gliding", "venom"])
    s = act(state(d), 0, "draw from the forest deck")
    drawn = "Drawn by P1, to buy at 5 Food each (P1 has 9 Food): Venom, Gliding, Venom"
    assert all(drawn in s.render(seat).splitlines() for seat in (0, 1, None))
    assert ", 5 Food each, or return the rest." in (s.phase(0) or "")
    assert ", 5 Food each, or returns the rest." in (s.phase(1) or "")
    # a Mangrove Pitta pays 4; a Bargain lowers the next Adaptation only
    pitta = act(state(with_player(d, 0, niches=["mangrove-pitta"])), 0, "draw from the forest deck")
    assert "to buy at 4 Food each (P1 has 9 Food)" in pitta.render(1)
    bargain = act(
        state(with_player(d, 0, hand=["bargain"])), 0, "draw from the forest deck", "play bargain"
    )
    then = "3 Food for the next (Bargain), then 5 Food each"
    assert f"to buy at {then} (P1 has 9 Food)" in bargain.render(1)
    assert then in (bargain.phase(0) or "")
    assert "to buy at 5 Food each (P1 has 6 Food)" in act(bargain, 0, "buy venom").render(1)


def test_bargain_is_played_after_drawing() -> None:
    d = with_player(evolving(start(4)), 0, hand=["bargain"])
    refusal(state(d), 0, Play("bargain"), "singapore/wrong-time", "after you draw")


def test_niche_abilities_in_evolution() -> None:
    d = stack(evolving(start(4), food=8), "forest", ["venom", "gliding", "venom", "venom"])
    civet = with_player(d, 0, niches=["common-palm-civet"])
    s = act(state(civet), 0, "draw from the forest deck")
    assert len(s.data.drawn) == 4  # Common Palm Civet: 4 cards
    pitta = with_player(d, 0, niches=["mangrove-pitta"])
    s = act(state(pitta), 0, "draw from the forest deck", "buy venom", "buy venom")
    assert s.data.players[0].food == 0  # Mangrove Pitta: 4 Food each
    turtle = with_player(d, 0, niches=["hawksbill-turtle"])
    assert Draw("wild") in state(turtle).legal_actions(0)


# -- niches -------------------------------------------------------------------------------------


def buy_call(d: SGData) -> State:
    d = stack(evolving(d, tile="ecotone-n"), "wild", ["call", "limbs", "limbs"])
    return act(state(d), 0, "draw from the wild deck", "buy call")


def test_standard_niche_completes_with_its_three_adaptations() -> None:
    d = with_player(start(4), 0, niche="cinnamon-bush-frog", adaptations=["limbs", "appeal"])
    s = buy_call(d)
    p = s.data.players[0]
    assert p.niches == ("niche:cinnamon-bush-frog",)
    assert p.niche == ""
    assert "P1 completes the Cinnamon Bush Frog niche: 12 EVP" in " ".join(s.data.log)
    assert s.observe(1)["players"][0]["niches"] == ["cinnamon-bush-frog"]
    assert s.observe(1)["players"][0]["evp"] == 1 + 2 + 1 + 12 + 15 // 10


def test_standard_niche_is_secret_until_completed() -> None:
    d = with_player(start(4), 0, niche="dugong")
    assert state(d).observe(0)["players"][0]["niche"] == "dugong"
    for seat in (1, None):
        obs = state(d).observe(seat)
        assert "niche" not in obs["players"][0]
        assert obs["players"][0]["has_secret_niche"] is True
        assert "dugong" not in str(obs)


def test_survival_niches_go_to_the_first_to_qualify() -> None:
    d = start(4, "survival")
    assert len(d.niche_display) == 5
    assert all(not p.niche for p in d.players)
    frog = "niche:cinnamon-bush-frog"
    if frog not in d.niche_display:
        d = d.replace(
            niche_display=(*d.niche_display[:4], frog),
            niche_box=tuple(sorted((*d.niche_box, d.niche_display[4]))),
        )
        d = d.replace(niche_box=tuple(n for n in d.niche_box if n != frog))
    d = with_player(d, 0, adaptations=["limbs", "appeal"])
    d = with_player(d, 1, adaptations=["limbs", "appeal"])
    s = buy_call(d)
    assert s.data.players[0].niches == (frog,)
    assert frog not in s.data.niche_display
    assert "P1 claims the Cinnamon Bush Frog niche" in " ".join(s.data.log)
    # P2 completes the same three Adaptations later: the niche is gone
    d = stack(evolving(s.data, seat=1, tile="ecotone-s"), "wild", ["call", "limbs", "limbs"])
    s = act(state(d), 1, "draw from the wild deck", "buy call")
    assert s.data.players[1].niches == ()
    assert "claims" not in s.data.log[-1]


def test_beginner_mode_has_no_niches() -> None:
    d = start(4, "beginner")
    assert d.niche_display == ()
    assert all(not p.niche for p in d.players)
    assert len(d.niche_box) == 10
    d = with_player(d, 0, adaptations=["limbs", "appeal"])
    assert buy_call(d).data.players[0].niches == ()
