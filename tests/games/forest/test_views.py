"""What each seat sees: observation, render and determinization."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ecotone.core.errors import IllegalAction
from ecotone.core.game import State
from ecotone.core.visibility import announcement
from ecotone.games.forest.actions import Draw, Give, Place
from ecotone.games.forest.cards import cards
from ecotone.games.forest.state import Phase

from .helpers import forest, game, make_state

HANDS = ["C07 F06 G01", "S01 S13 C13"]


def position() -> State:
    return make_state(
        game(2),
        forests=[forest("G13 F15 S15 C15", "- F14 - -"), forest("G14 - - -")],
        hands=HANDS,
        piles=("G02 G03", "F01 S02", "", "C01 C02 S03", "G04"),
    )


def strings(obj: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out |= strings(k) | strings(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= strings(v)
    return out


def test_a_seat_sees_its_own_hand() -> None:
    obs = position().observe(0)
    assert obs["seat"] == 0
    assert obs["hands"][0] == {
        "count": 3,
        "levels": ["ground", "first", "canopy"],
        "cards": ["C07", "F06", "G01"],
    }


def test_other_hands_show_only_count_and_levels() -> None:
    obs = position().observe(0)
    assert obs["hands"][1] == {"count": 3, "levels": ["second", "second", "canopy"], "cards": None}
    assert not {"S01", "S13", "C13"} & strings(obs)
    obs1 = position().observe(1)
    assert obs1["hands"][0]["cards"] is None
    assert obs1["hands"][1]["cards"] == ["C13", "S01", "S13"]
    assert not {"C07", "F06", "G01"} & strings(obs1)


def test_piles_show_count_and_top_level_only() -> None:
    state = position()
    obs = state.observe(0)
    assert obs["piles"] == [
        {"cards": 2, "top": "ground"},
        {"cards": 2, "top": "second"},
        {"cards": 0, "top": None},
        {"cards": 3, "top": "second"},
        {"cards": 1, "top": "ground"},
    ]
    pile_ids = {c for p in state.data.piles for c in p}
    for seat in (None, 0, 1):
        assert not pile_ids & strings(state.observe(seat))
        assert not any(cid in state.render(seat) for cid in pile_ids)
    assert "[1] Ground ×2" in state.render(None)
    assert "[3] empty" in state.render(None)
    assert "[4] 2nd level ×3" in state.render(None)


def test_spectator_sees_no_hand_ids() -> None:
    obs = position().observe(None)
    assert obs["seat"] is None
    assert all(h["cards"] is None for h in obs["hands"])
    assert [h["count"] for h in obs["hands"]] == [3, 3]
    hand_ids = {c for h in HANDS for c in h.split()}
    assert not hand_ids & strings(obs)
    text = position().render(None)
    assert not any(cid in text for cid in hand_ids)
    assert "(you)" not in text


def test_forests_and_points_are_public() -> None:
    for seat in (None, 0, 1):
        obs = position().observe(seat)
        assert obs["forests"] == [
            [[["G13"], ["F15"], ["S15"], ["C15"]], [[], ["F14"], [], []]],
            [[["G14"], [], [], []]],
        ]
        assert obs["points"] == [2, -1]
        assert obs["phase"] == "place"
        assert obs["turn"] == 0
        assert obs["to_move"] == [0]


def test_covered_cards_stay_visible_in_the_forest() -> None:
    state = position().apply(0, Place("C07", 0))
    assert state.observe(1)["forests"][0][0][3] == ["C15", "C07"]
    assert "C07 Harpy Eagle (+1)" in state.render(1)


def test_render_shows_own_hand_labels_only() -> None:
    state = position()
    mine = state.render(0)
    cs = cards()
    for cid in ("C07", "F06", "G01"):
        assert cs.label(cid) in mine
    assert "Hand: C07 Harpy Eagle [Canopy], F06 Jaguar [1st level], G01 Agouti [Ground]" in mine
    assert "P1 (you)" in mine
    for cid in ("S01", "S13", "C13"):
        assert cid not in mine
    assert "Hand: 3 cards (2nd level, 2nd level, Canopy)" in mine
    theirs = state.render(1)
    assert "S01 Toucan" in theirs
    assert "P2 (you)" in theirs
    for cid in ("C07", "F06", "G01"):
        assert cid not in theirs
    assert "Hand: 3 cards (Ground, 1st level, Canopy)" in theirs


def test_render_header_and_placing_hint() -> None:
    state = position()
    text = state.render(0)
    assert text.startswith("Once Upon a Forest · 2 players · P1 places a card")
    assert "P1 (you): 2 points  (1 complete, 1 started, 0 chainsaws; in balance: none)" in text
    assert "You may place in trees 1-2 (finish your last tree to start a new one)" in text
    assert "You may place" not in state.render(1)
    complete = make_state(
        game(2), forests=[forest("G13 F15 S15 C15"), forest("G14 - - -")], hands=HANDS
    )
    assert "You may place in tree 1 or start tree 2" in complete.render(0)


def test_gift_is_public_while_it_is_placed() -> None:
    state = position().apply(0, Place("G01", 0)).apply(0, Give("C07", 1))
    for seat in (None, 0, 1):
        obs = state.observe(seat)
        assert obs["gift"] == "C07"
        assert obs["receiver"] == 1
        assert obs["phase"] == "receive"
        assert obs["to_move"] == [1]
    assert "P2 places C07 Harpy Eagle, given by P1" in state.render(None)
    assert "You may place in tree 1" in state.render(1)


def test_observations_are_json_safe_all_game_long() -> None:
    state = game(3).start(21)
    rnd = random.Random(0)
    while not state.is_over:
        for seat in (None, 0, 1, 2):
            obs = state.observe(seat)
            assert json.loads(json.dumps(obs)) == obs
        (seat,) = state.to_move
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    obs = state.observe(None)
    assert json.loads(json.dumps(obs)) == obs


@pytest.mark.parametrize("players", [2, 4])
def test_a_card_drawn_is_shown_to_its_drawer_alone(players: int) -> None:
    # every draw of a whole game: the drawer sees the card it took (a surface tells it
    # so); no other seat and no spectator reads its id, in a view, a picture or the step
    state = game(players).start(8)
    rnd = random.Random(players)
    draws = 0
    while not state.is_over:
        (seat,) = state.to_move
        action = rnd.choice(state.legal_actions(seat))
        after = state.apply(seat, action)
        if isinstance(action, Draw):
            draws += 1
            card = state.data.piles[action.pile][-1]
            assert card in strings(after.observe(seat))
            assert card not in strings(state.observe(seat))
            told = announcement(state, seat, action, after)
            for viewer in [None, *(s for s in range(players) if s != seat)]:
                assert card not in strings(after.observe(viewer))
                assert card not in after.render(viewer)
                assert card not in told.text(viewer)
        state = after
    assert draws > 40


def test_bad_viewer_seat() -> None:
    for bad in (2, -1):
        with pytest.raises(IllegalAction) as info:
            position().observe(bad)
        assert info.value.code == "action/bad-seat"
        with pytest.raises(IllegalAction):
            position().render(bad)


def test_draw_phase_render() -> None:
    state = make_state(
        game(2),
        forests=[forest("G13 - - -"), forest("G14 - - -")],
        hands=["F06", "S01"],
        piles=("G01", "", "", "", ""),
        phase=Phase.DRAW,
        draws_left=1,
    )
    assert "P1 draws (1 to go)" in state.render(None)
    assert state.observe(None)["draws_left"] == 1


# -- determinization ------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_determinize_keeps_what_the_seat_knows(seed: int) -> None:
    state = make_state(
        game(2),
        forests=[forest("G13 F15 S15 C15", "- F14 - -"), forest("G14 - - -")],
        hands=HANDS,
        fill_piles=True,
    )
    level_of = cards().level_of
    for seat in (0, 1):
        det = state.determinize(seat, seed)
        assert det.observe(seat) == state.observe(seat)
        assert det.data.hands[seat] == state.data.hands[seat]
        assert det.data.forests == state.data.forests
        other = 1 - seat
        assert sorted(level_of[c] for c in det.data.hands[other]) == sorted(
            level_of[c] for c in state.data.hands[other]
        )
        assert [len(p) for p in det.data.piles] == [len(p) for p in state.data.piles]
        assert [level_of[p[-1]] for p in det.data.piles if p] == [
            level_of[p[-1]] for p in state.data.piles if p
        ]


def test_determinize_redeals_what_the_seat_cannot_see() -> None:
    state = game(2).start(3)
    while state.data.phase is not Phase.PLACE:
        (seat,) = state.to_move
        state = state.apply(seat, state.legal_actions(seat)[0])
    dets = [state.determinize(0, s) for s in range(10)]
    assert len({d.data.piles for d in dets}) > 1
    # P2's hand is re-dealt within its levels in at least one of them
    assert any(d.data.hands[1] != state.data.hands[1] for d in dets)
    assert all(d.data.hands[0] == state.data.hands[0] for d in dets)
