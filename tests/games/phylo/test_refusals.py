"""The refusal and the legal actions are one set of rules: on random positions of every
variant, ``Phylo.refusal`` answers ``None`` for exactly the legal actions, and every code it
refuses with is a member of ``PhyloRefusal``."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from ecotone.core.actions import Action
from ecotone.core.game import Game, State
from ecotone.games.phylo.actions import (
    Cancel,
    Discard,
    Drop,
    Move,
    Play,
    PlayEvent,
    PlayLeaving,
    Recover,
    Remove,
    RemoveUnder,
    SpreadTo,
    ThrowHand,
)
from ecotone.games.phylo.board import CELL_NAMES, MAP_CELLS, NEIGHBOURS, Direction
from ecotone.games.phylo.refusals import PhyloRefusal
from ecotone.games.phylo.state import Pending, Phase, PhyloData, Throw

from .helpers import cell, game, make_state

EVENTS_DECK = str(Path(__file__).parent / "decks" / "pampas-and-events.toml")

# (variant, options, games): together they reach every decision of the game
CONFIGS: list[tuple[str | None, dict[str, Any], int]] = [
    (None, {}, 6),
    (None, {"challenge": True}, 6),
    ("constructed", {"challenge": True}, 5),
    ("constructed", {"deck1": EVENTS_DECK, "deck2": EVENTS_DECK}, 8),
]
SAMPLED = 60  # actions drawn from the whole codec, per position


def positions() -> list[tuple[Game[Any], State[PhyloData], int]]:
    """Positions of seeded random games: every sixth turn decision, and every other one."""
    out = []
    for variant, options, games in CONFIGS:
        g = game(variant, **options)
        for seed in range(games):
            rnd = random.Random(seed)
            state = g.start(seed)
            step = 0
            while not state.is_over:
                seat = rnd.choice(state.to_move)
                if state.data.phase is not Phase.ACT or step % 6 == 0:
                    out.append((g, state, seat))
                state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
                step += 1
    return out


def nearby(d: PhyloData, seat: int) -> list[Action]:
    """Every action about what is in play: the cards of ``seat``'s hand and of the discard
    piles, in and around the cells of the table and the map board, and every move of the
    table's cards."""
    cells = {s.cell for s in d.board} | set(MAP_CELLS)
    cells |= {n for c in list(cells) for n in NEIGHBOURS[c]}
    names = [CELL_NAMES[c] for c in sorted(cells)]
    hand = sorted(set(d.hands[seat]))
    out: list[Action] = []
    for card in hand:
        out += [PlayEvent(card), Drop(card), Discard(card), Cancel(card)]
        out += [Play(card, n) for n in names] + [PlayLeaving(card, n) for n in names]
    out += [Recover(card) for card in sorted({c for pile in d.discards for c in pile})]
    for slot in d.board:
        here = CELL_NAMES[slot.cell]
        out += [Move(here, x, steps) for x in Direction for steps in range(1, 5)]
    for n in names:
        out += [SpreadTo(n), Remove(n), RemoveUnder(n)]
    return out


POSITIONS = positions()


def test_the_positions_reach_every_decision() -> None:
    phases = Counter(state.data.phase for _, state, _ in POSITIONS)
    assert set(phases) == set(Phase) - {Phase.OVER}, phases
    assert 200 <= len(POSITIONS) <= 1000


def test_refusal_is_none_exactly_for_the_legal_actions() -> None:
    rnd = random.Random(0)
    codes: Counter[str] = Counter()
    for g, state, seat in POSITIONS:
        legal = state.legal_actions(seat)
        others = [g.codec.from_index(rnd.randrange(g.codec.size)) for _ in range(SAMPLED)]
        others += nearby(state.data, seat)
        for action in legal:
            problem = g.refusal(state.data, seat, action)
            assert problem is None, f"{action} is legal, yet refused: {problem}"
        for action in others:
            problem = g.refusal(state.data, seat, action)
            if action in legal:
                assert problem is None, f"{action} is legal, yet refused: {problem}"
                continue
            assert problem is not None, f"{action} is refused by nothing, but is not legal"
            assert problem.code in set(PhyloRefusal), problem.code
            assert problem.message
            codes[problem.code] += 1
    # the sample is worth something only if it met most of the rules
    assert len(codes) >= 30, codes


def test_the_game_declares_its_refusals() -> None:
    assert game().refusals is PhyloRefusal
    assert all(code.startswith("phylo/") for code in PhyloRefusal)


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Play("B09", "Q7x"), "phylo/no-such-cell"),
        (Play(9, "t21"), "phylo/unknown-card"),  # type: ignore[arg-type]
        (Move("t21", "up", 1), "phylo/no-such-direction"),  # type: ignore[arg-type]
        (Move("t21", Direction.NORTH, 0), "phylo/no-steps"),
        (Move("t21", Direction.NORTH, "far"), "phylo/no-steps"),  # type: ignore[arg-type]
        (Move("t21", Direction.NORTH, 9), "phylo/too-far"),
    ],
)
def test_fields_naming_nothing_are_refused_in_the_games_words(action: Action, code: str) -> None:
    state = make_state(board="t21 B39 1, t22 B09 1", hands=("B24", ""))
    problem = state.game.refusal(state.data, 0, action)
    assert problem is not None
    assert problem.code == code, problem.message


def test_a_throw_naming_no_hand_is_refused() -> None:
    state = make_state(
        board="t21 B09 1, s21 B39 2",
        phase=Phase.CONTEST,
        pending=Pending("E10", 0, cell("t21")),
        spread_at=cell("s21"),
        spread_used=True,
    )
    for throw in ("lizard", ["rock"], None):
        problem = state.game.refusal(state.data, 0, ThrowHand(throw))  # type: ignore[arg-type]
        assert problem is not None
        assert problem.code == "phylo/must-throw"
    assert state.game.refusal(state.data, 0, ThrowHand(Throw.ROCK)) is None


def test_the_rules_doc_names_every_refusal() -> None:
    doc = (Path(__file__).parents[3] / "docs" / "rules" / "phylo.md").read_text(encoding="utf-8")
    missing = [code.value for code in PhyloRefusal if f"`{code.value}`" not in doc]
    assert not missing, f"docs/rules/phylo.md does not mention {missing}"
