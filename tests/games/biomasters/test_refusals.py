"""The refusals and the legal moves agree everywhere.

On positions from seeded random games of every table, variant and ruling, an action is
refused (``game.refusal`` gives a reason) exactly when it is not among the legal actions.
The actions asked about are the legal ones, a sample of the whole action space, and the
near misses: every card of the hand played into every cell, every ability of every card on
the grid aimed at every neighbour and a far cell, every cell exhausted to pay, and fields
off the grid or out of the pool. Every code is one of ``BioRefusal``'s, and between them
the positions meet every one.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from ecotone.core.actions import Action
from ecotone.core.game import Game, State
from ecotone.games.biomasters.actions import Activate, Metamorphose, Pass, Pay, Play, Target
from ecotone.games.biomasters.cards import cards
from ecotone.games.biomasters.game import BioMasters
from ecotone.games.biomasters.refusals import BioRefusal
from ecotone.games.biomasters.state import BioData, kind_of

from .helpers import game

CONFIGS: list[tuple[int, str | None, dict[str, Any]]] = [
    (2, None, {}),
    (2, None, {"decks": "ocean,wetland", "chemo_home": False}),
    (2, None, {"decks": "wetland,decomposition"}),
    (4, "2v2", {}),
    (4, "free-for-all", {"decks": "wetland,ocean,production,decomposition"}),
]
GAMES_PER_CONFIG = 2
POSITIONS_PER_GAME = 14
SAMPLED = 40


def _positions(g: Game[Any], seed: int) -> list[State[BioData]]:
    """Positions along one random game (its last, finished, position included)."""
    rnd = random.Random(seed)
    state: State[BioData] = g.start(seed)
    seen = [state]
    while not state.is_over:
        (seat,) = state.to_move
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
        seen.append(state)
    return [*rnd.sample(seen[:-1], POSITIONS_PER_GAME), seen[-1]]


def _candidates(g: Game[Any], state: State[BioData], seat: int, rnd: random.Random) -> set[Action]:
    d = state.data
    grid = g.table.grid  # type: ignore[attr-defined]
    names = grid.names
    out: set[Action] = {*state.legal_actions(seat), Pass()}
    codec = g.codec
    out.update(codec.from_index(rnd.randrange(codec.size)) for _ in range(SAMPLED))
    for kind in {kind_of(c) for c in d.hands[seat]}:
        out.update(Play(kind, name) for name in names)
    for i, s in enumerate(d.grid):
        if s is None:
            continue
        here = names[i]
        far = names[(i + grid.size // 2) % grid.size]
        out.update((Activate(here), Pay(here), Target(here, far), Target(here, "Z9")))
        out.update(Target(here, names[n]) for n in grid.neighbours[i])
        adult = cards().kinds[s.kind].adult
        out.update(Metamorphose(here, c) for c in (adult or "lion", "lion"))
    out.update(
        (
            Play("no-such-card", names[0]),
            Play(rnd.choice(cards().playable), "Z99"),
            Pay("Z99"),
            Activate("a1"),
            Metamorphose("Z9", "lion"),
        )
    )
    return out


def test_refused_exactly_when_not_legal() -> None:
    codes: Counter[str] = Counter()
    for players, variant, options in CONFIGS:
        g = game(players, variant, **options)
        assert g.refusals is BioRefusal
        for seed in range(GAMES_PER_CONFIG):
            rnd = random.Random(100 * players + seed)
            for state in _positions(g, 7 * players + seed):
                seat = state.to_move[0] if state.to_move else state.data.turn
                legal = state.legal_actions(seat)
                for action in _candidates(g, state, seat, rnd):
                    problem = g.refusal(state.data, seat, action)
                    where = f"{g!r} {state!r} P{seat + 1} {action}"
                    if action in legal:
                        assert problem is None, f"{where}: offered but refused: {problem}"
                        continue
                    assert problem is not None, f"{where}: not offered but not refused"
                    assert problem.code in set(BioRefusal), f"{where}: {problem.code}"
                    assert problem.message
                    codes[problem.code] += 1
    assert set(codes) == set(BioRefusal), set(BioRefusal) - set(codes)


def test_the_state_explains_with_the_same_refusal() -> None:
    g = game()
    state = g.start(3)
    (seat,) = state.to_move
    action = Pay("E5")
    problem = g.refusal(state.data, seat, action)
    assert problem is not None
    assert problem.code == BioRefusal.NOTHING_TO_PAY
    assert state.explain(seat, action) == problem.message


def test_the_game_writes_no_mirror_of_its_rules() -> None:
    assert "why_illegal" not in BioMasters.__dict__
    assert "refusal" in BioMasters.__dict__


def test_the_rules_document_names_every_refusal() -> None:
    """docs/rules/biomasters.md explains each refusal where its rule is; the deck codes it
    also names are the deck file's errors, not refusals of a move."""
    doc = (Path(__file__).parents[3] / "docs" / "rules" / "biomasters.md").read_text("utf-8")
    named = set(re.findall(r"`(biomasters/[a-z-]+)`", doc))
    refusals = {code.value for code in BioRefusal}
    assert refusals <= named
    assert {code for code in named - refusals if not code.startswith("biomasters/deck-")} == set()
