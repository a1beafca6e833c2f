"""Observation, the text picture and determinization: each seat sees only what it may."""

from __future__ import annotations

import json
import random
from typing import Any

from ecotone.games.singapore.actions import Migrate
from ecotone.games.singapore.cards import cards
from ecotone.games.singapore.state import Phase
from ecotone.games.singapore.view import determinize, seen

from .helpers import act, game, rolled, start, state, with_player


def played(seed: int = 5, steps: int = 120, players: int = 5) -> object:
    g = game(players)
    s = g.start(seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        seat = rnd.choice(s.to_move)
        s = s.apply(seat, rnd.choice(s.legal_actions(seat)))
    return s


def test_observation_shows_public_facts_and_own_secrets() -> None:
    d = with_player(start(4), 1, hand=["forage", "recovery"], niche="dugong")
    s = state(d)
    mine = s.observe(1)
    assert mine["players"][1]["hand_cards"] == ["forage", "recovery"]
    assert mine["players"][1]["niche"] == "dugong"
    theirs = s.observe(0)
    assert theirs["players"][1]["hand"] == 2
    assert theirs["players"][1]["hand_backs"] == ["wild", "wild"]
    assert "hand_cards" not in theirs["players"][1]
    spectator = s.observe(None)
    assert all("hand_cards" not in p for p in spectator["players"])
    text = json.dumps(spectator)
    assert "forage" not in text
    assert "dugong" not in text
    for key in ("round", "phase", "habitats", "wild_deck", "players", "log", "discard"):
        assert key in spectator


def test_observations_share_nothing_a_reader_could_change() -> None:
    # parts of a player's record are remembered between observations; each is a fresh copy
    s = played(seed=7, steps=150)
    first = s.observe(0)  # type: ignore[attr-defined]
    before = json.dumps(s.observe(0), sort_keys=True)  # type: ignore[attr-defined]
    for p in first["players"]:
        for value in p.values():
            if isinstance(value, list | dict):
                value.clear()
    first["discard"].clear()
    first["niche_display"].clear()
    first["wild_deck"]["bottom"].append("x")
    assert json.dumps(s.observe(0), sort_keys=True) == before  # type: ignore[attr-defined]


def _part(read: Any, whole: Any) -> bool:
    """Whether ``read`` is ``whole``, or ``whole`` with fewer keys at any depth."""
    if isinstance(read, dict):
        return isinstance(whole, dict) and all(
            k in whole and _part(v, whole[k]) for k, v in read.items()
        )
    return bool(read == whole)


def test_what_a_bot_reads_is_the_observation_at_every_key() -> None:
    # every configuration, every seat, at every step of random games (the values are
    # shared between readings, so each is read twice, the second time from memory); a
    # player's entry holds a part of the observation's, and only the seat's own its Niche;
    # a habitat's entry its side, Bounty and deck size, and the Wild deck's its size
    for players in (4, 5, 6):
        for variant in (None, "beginner", "survival"):
            g = game(players, variant)
            for seed in range(2):
                s = g.start(seed)
                rnd = random.Random(seed)
                while not s.is_over:
                    for seat in range(players):
                        whole = s.observe(seat)
                        for _ in range(2):
                            read = seen(s.data, seat)
                            entries = read.pop("players")
                            habitats = read.pop("habitats")
                            wild = read.pop("wild_deck")
                            assert read == {k: whole[k] for k in read}
                            assert list(habitats) == list(whole["habitats"])
                            for h, entry in habitats.items():
                                assert set(entry) == {"status", "bounty", "deck"}
                                assert _part(entry, whole["habitats"][h])
                            assert wild == {"cards": whole["wild_deck"]["cards"]}
                            for mine, theirs in zip(entries, whole["players"], strict=True):
                                assert mine == {k: theirs[k] for k in mine}
                            assert "niche" in entries[seat]
                            others = entries[:seat] + entries[seat + 1 :]
                            assert all("niche" not in p for p in others)
                            assert ("my_choice" in read) == ("my_choice" in whole)
                    seat = s.to_move[0]
                    s = s.apply(seat, rnd.choice(s.legal_actions(seat)))


def test_the_board_fits_a_terminal_of_80_columns_with_its_habitats_square() -> None:
    # four players, every pawn on the centre at first, then spread out, two on a tile; the
    # board's rows are the lines after the title (the goldens draw it with the Urban open)
    for steps in (0, 40, 100, 150):
        picture = played(seed=2, steps=steps, players=4).render(0)  # type: ignore[attr-defined]
        board = str(picture).splitlines()[2:11]
        assert max(map(len, board)) <= 80, "\n".join(board)
        # a column's cells start where the column starts, in every row: Forest's middle
        # tile above the Ecotone's and the Marine's, the Urban's and Mangrove's first tiles
        # in line
        assert board[0].index("Fo5") == board[3].index("Ec.n*") == board[8].index("Ma5")
        assert board[3].index("Mg2") == board[5].index("Mg8")
        assert len({row.index("Ur") for row in board[3:6] if "Ur" in row}) <= 1


def test_render_draws_the_plus_shaped_board() -> None:
    d = rolled(start(4), 1)
    text = state(d).render(0)
    assert "Singapore Untamed · Standard · round 1 of 10" in text
    assert "Ec.c(1234)" in text  # every pawn starts on the centre
    assert "Fo1" in text
    assert "Mg1" in text
    assert "Ma1" in text
    assert "·soon·" in text  # Urban is not open yet
    assert "P1 (you)" in text
    assert "Your secret Niche" in text
    assert "Log:" in text
    assert "Nature's Bounty" in text
    other = state(d).render(None)
    assert "(you)" not in other
    assert "Your secret Niche" not in other


def test_render_after_some_play() -> None:
    s = played()
    for seat in (None, 0, 3):
        text = s.render(seat)  # type: ignore[attr-defined]
        assert "Destruction cards drawn" in text
        assert len(text.splitlines()) > 20


def test_determinize_keeps_the_view_and_redeals_the_rest() -> None:
    d = with_player(start(4), 1, hand=["forage", "recovery"])
    d = with_player(d, 2, hand=["mimicry"])
    d = with_player(d, 3, hand=["recovery"])
    cs = cards()
    moved = 0
    for i in range(20):
        det = determinize(d, 0, random.Random(i))
        assert [len(p.hand) for p in det.players] == [len(p.hand) for p in d.players]
        for p, q in zip(det.players, d.players, strict=True):
            assert sorted(cs.deck_of(c) for c in p.hand) == sorted(cs.deck_of(c) for c in q.hand)
            assert all(cs.kind(c) in ("action", "recovery") for c in p.hand)
        assert det.players[0] == d.players[0]
        assert state(det).observe(0) == state(d).observe(0)
        moved += det.players[2].hand != d.players[2].hand
        assert det.rng != d.rng
    assert moved > 10


def test_determinize_keeps_the_recovery_card_on_offer() -> None:
    # P2 has offered a Recovery card and the table is pledging: everyone saw that card, so
    # every deal consistent with P1's view leaves one in P2's hand (the pledge completes it)
    d = with_player(start(4), 1, hand=["forage", "recovery"])
    d = with_player(d, 2, hand=["mimicry", "stampede"])
    d = d.replace(
        phase=Phase.PLEDGE, proposal="forest", proposer=1, pledges=(0,) * 4, turn=2, queue=(3, 0)
    )
    cs = cards()
    others = set()
    for i in range(40):
        det = determinize(d, 0, random.Random(i))
        kinds = [cs.kind(c) for c in det.players[1].hand]
        assert "recovery" in kinds, det.players[1].hand
        others.add(tuple(sorted(cs.key(c) for c in det.players[1].hand)))
    assert len(others) > 1  # the rest of that hand is still dealt again


def test_determinize_keeps_face_down_cards_playable_face_down() -> None:
    d = with_player(start(4), 1, hand=["scavenge"])
    p = d.players[1]
    d = d.replace(players=(d.players[0], p.replace(hand=(), facedown=p.hand), *d.players[2:]))
    seen = set()
    for i in range(30):
        det = determinize(d, 0, random.Random(i))
        seen.add(det.players[1].facedown)
    assert seen == {("wild:scavenge",), ("wild:symbiosis",)}


def test_determinize_redeals_secret_niches_never_complete_ones() -> None:
    d = start(4)
    d = with_player(d, 1, adaptations=["limbs", "call", "appeal"], niche="dugong")
    for i in range(30):
        det = determinize(d, 0, random.Random(i))
        assert det.players[1].niche != "niche:cinnamon-bush-frog"
        assert det.players[0].niche == d.players[0].niche


def test_unseen_deck_order_is_reshuffled_but_the_known_bottom_kept() -> None:
    d = start(4)
    d = d.replace(known=(3, 0, 0, 0, 0))
    det = determinize(d, 0, random.Random(1))
    assert det.decks[0][-3:] == d.decks[0][-3:]
    assert det.decks[0] != d.decks[0]
    assert sorted(det.decks[0]) == sorted(d.decks[0])


def test_my_choice_is_shown_only_to_me() -> None:
    d = with_player(rolled(start(4), 1), 0, hand=["stampede"])
    s = act(state(d), 0, "play stampede")
    assert s.observe(0)["my_choice"] == {"cards": ["stampede"], "final": None}
    assert s.observe(1)["my_choice"] == {"cards": [], "final": None}
    assert s.observe(1)["players"][0]["chosen"] is False
    assert "Your secret choice so far: Stampede" in s.render(0)
    assert "Stampede" not in s.render(1)
    assert s.data.phase is Phase.MIGRATE


def test_secret_choices_are_announced_only_as_made() -> None:
    # The others see a card leave P1's hand, so they learn that P1 played one ("an Action
    # card played"), never which: the card stays secret until the reveal.
    d = with_player(rolled(start(4), 1), 0, hand=["stampede"])
    s = state(d)
    action = s.legal_actions(0)[0]
    assert s.announce(0, action, 1) == "an Action card played"
    assert s.announce(0, action, None) == "an Action card played"
    assert s.announce(0, action, 0) == str(action)
    evolving = state(d.replace(phase=Phase.DRAW, turn=0, choices=()))
    draw = evolving.legal_actions(0)[-1]
    assert evolving.announce(0, draw, 1) == str(draw)


def test_a_route_is_announced_as_a_route_chosen() -> None:
    # The others see that P1's route is in, never where it leads, until the reveal.
    s = state(rolled(start(4), 1))
    route = next(a for a in s.legal_actions(0) if isinstance(a, Migrate))
    assert s.announce(0, route, 1) == s.announce(0, route, None) == "a route chosen"
    assert s.announce(0, route, 0) == str(route)


def test_determinize_depends_on_the_view_alone() -> None:
    """Two states a seat cannot tell apart give the same sample for the same generator."""
    g = game(5)
    s = g.start(8)
    rnd = random.Random(8)
    checked = 0
    while not s.is_over and checked < 60:
        seat = rnd.choice(s.to_move)
        other = s.determinize(seat, rnd.getrandbits(32))
        probe = rnd.getrandbits(32)
        assert s.determinize(seat, probe) == other.determinize(seat, probe)
        checked += 1
        s = s.apply(seat, rnd.choice(s.legal_actions(seat)))
    assert checked == 60
