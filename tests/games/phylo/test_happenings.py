"""What the table saw happen beyond the moves (``Game.recent``): the log less the lines that
only say a move again. Every move that the log says again is said exactly once, by the seat
that took it, so the happenings lose nothing but those lines."""

from __future__ import annotations

import random

import pytest

from ecotone.core.actions import Action
from ecotone.core.records import added, seat_name
from ecotone.games.phylo.actions import (
    Cancel,
    Discard,
    Done,
    Drop,
    Move,
    Pass,
    Play,
    PlayEvent,
    PlayLeaving,
    Recover,
)
from ecotone.games.phylo.state import Phase, PhyloData
from ecotone.games.phylo.zones import LOG_SIZE, happenings

from .helpers import game

# the moves the log says again in their own words (a removal is not one: it names the card
# the cell held)
SAID_AGAIN = (Play, PlayEvent, PlayLeaving, Drop, Pass, Move, Cancel, Discard, Recover)


def _says_again(before: PhyloData, action: Action) -> bool:
    # "done" after a won challenge says that nothing was removed; after a spread it says
    # nothing
    return isinstance(action, SAID_AGAIN) or (
        isinstance(action, Done) and before.phase is Phase.REMOVE
    )


@pytest.mark.parametrize("variant", [None, "constructed"])
def test_each_move_the_log_says_again_is_the_one_line_left_out(variant: str | None) -> None:
    g = game(variant, challenge=True)
    kinds: set[str] = set()
    for seed in range(15):
        rnd = random.Random(seed)
        state = g.start(seed)
        while not state.is_over:
            seat = rnd.choice(state.to_move)
            action = rnd.choice(state.legal_actions(seat))
            after = state.apply(seat, action)
            # the lines the step wrote (a step writes fewer than the log keeps)
            written = added(state.data.log, after.data.log)
            assert len(written) < LOG_SIZE
            left_out = [line for line in written if line not in happenings(written)]
            if _says_again(state.data, action):
                assert len(left_out) == 1, (action, written)
                assert left_out[0].startswith(seat_name(seat) + " "), (action, written)
                kinds.add(type(action).__name__)
            else:
                assert left_out == [], (action, written)
            assert after.recent() == happenings(after.data.log)
            state = after
    # every kind is met in these games (Recover needs an event rarely drawn: its line is
    # checked below with the others)
    assert kinds >= {"Play", "Drop", "Pass", "Move", "Cancel", "Done"}
    if variant is None:
        assert kinds >= {"PlayEvent", "PlayLeaving", "Discard"}


def test_chance_and_the_rules_stay_among_the_happenings() -> None:
    log = (
        "P2 won rock-paper-scissors and goes first",
        "P1 played B16 Sea Sawdust at t20",
        "P1 rock, P2 scissors: P1 wins",
        "P2 removed P1's B16 Sea Sawdust at t20",
        "P1's B28 Galápagos Prickly Pear at v20 is discarded (Climate Change)",
        "P2 will miss their next turn",
        "P1 dropped E04 Darwin Gets Seasick and picked up 3",
        "P2 removes nothing",
        "P1 took E07 Ocean Acidification back from the discard pile",
        "P2 cancelled E09 Habitat Loss with E12 Conservation Efforts",
        "P1 moved B04 Octopus from t20 to t22",
        "P2 discarded B46 Glass Shrimp",
        "P1 passed",
    )
    assert happenings(log) == (log[0], log[2], log[3], log[4], log[5])
