"""Legality is written once: on positions from seeded random games, the game's refusal is
``None`` exactly for the legal actions, for actions drawn from the whole action space, and
every refusal carries a code of :class:`BiomeRefusal`.

Placements are listed in bulk (:func:`.placement.placements`) and checked one at a time
(:func:`.placement.place_problem`) from the same pieces; a second test compares the two on
every position of several games where a card is being earned."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest

from ecotone.core.actions import Action
from ecotone.core.game import Game, State
from ecotone.core.rng import derive_seed
from ecotone.games.biome.actions import CODEC, Place
from ecotone.games.biome.board import SAME
from ecotone.games.biome.cards import cards
from ecotone.games.biome.habitat import fits
from ecotone.games.biome.placement import _turn_sets, place_problem, placements
from ecotone.games.biome.refusals import BiomeRefusal
from ecotone.games.biome.state import Phase
from ecotone.games.biome.tiles import OPEN, tiles

from .helpers import game

CODES = {member.value for member in BiomeRefusal}

CONFIGS = [
    pytest.param(2, "classic", "any-time", id="2p-classic"),
    pytest.param(3, "fragments", "any-time", id="3p-fragments"),
    pytest.param(4, "stairway", "any-time", id="4p-stairway"),
    pytest.param(2, "stairway", "own-turn", id="2p-stairway-own-turn"),
    pytest.param(4, "classic", "own-turn", id="4p-classic-own-turn"),
]

PER_PHASE = 6  # positions kept per phase and configuration


@cache
def _space() -> tuple[tuple[Action, ...], tuple[Place, ...]]:
    """Every action of the codec: the placements apart, as they are most of them."""
    every = [CODEC.from_index(i) for i in range(CODEC.size)]
    places = tuple(a for a in every if isinstance(a, Place))
    return tuple(a for a in every if not isinstance(a, Place)), places


def _positions(g: Game[Any], seed: int) -> list[State[Any]]:
    """Positions from random games, up to ``PER_PHASE`` of each phase, picked at random."""
    rnd = random.Random(seed)
    seen: dict[Phase, list[State[Any]]] = {}
    for i in range(4):
        state = g.start(derive_seed(seed, i))
        while not state.is_over:
            seen.setdefault(state.data.phase, []).append(state)
            seat = rnd.choice(state.to_move)
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return [s for states in seen.values() for s in rnd.sample(states, min(PER_PHASE, len(states)))]


def _candidates(state: State[Any], seat: int, rnd: random.Random) -> list[Action]:
    """The actions to ask about: the legal ones, every action but the placements, the
    seat's own tiles on every cell at every turn while it earns a card, and a sample of
    the other placements."""
    others, places = _space()
    out: list[Action] = [*state.legal_actions(seat), *others, *rnd.sample(places, 150)]
    if state.data.phase is Phase.EARN:
        mine = {tiles().ids[t] for t in state.data.seats[seat].tiles}
        out += [p for p in places if p.tile in mine]
    return out


@pytest.mark.parametrize(("players", "formation", "opportunist"), CONFIGS)
def test_refused_exactly_when_not_legal(players: int, formation: str, opportunist: str) -> None:
    g = game(players, formation=formation, opportunist=opportunist)
    rnd = random.Random(players)
    positions = _positions(g, seed=derive_seed(7, players))
    phases: Counter[Phase] = Counter()
    codes: Counter[str] = Counter()
    for state in positions:
        phases[state.data.phase] += 1
        for seat in state.to_move:
            legal = set(state.legal_actions(seat))
            for action in _candidates(state, seat, rnd):
                problem = g.refusal(state.data, seat, action)
                where = f"{state.data.phase} P{seat + 1} {action}"
                if action in legal:
                    assert problem is None, f"{where}: legal but refused: {problem}"
                    continue
                assert problem is not None, f"{where}: not legal but not refused"
                assert problem.code in CODES, f"{where}: {problem.code} is not a BIOME code"
                assert problem.message
                codes[problem.code] += 1
    # the sample reached the phases that need a choice every turn, and many rules
    for phase in (Phase.EXCHANGE, Phase.HABITATS, Phase.EARN, Phase.REFILL):
        assert phases[phase], f"no {phase} position sampled"
    assert len(codes) >= 20, sorted(codes)


def test_a_player_whose_decision_is_not_due_is_told_so() -> None:
    state = game(3).start(5)
    mover = state.to_move[0]
    action = state.legal_actions(mover)[0]
    for seat in range(3):
        problem = state.game.refusal(state.data, seat, action)
        if seat in state.to_move:
            assert problem is None
        else:
            assert problem is not None
            assert problem.code == BiomeRefusal.NOT_NOW
            assert f"P{mover + 1}" in problem.message


def test_every_placement_is_offered_exactly_when_its_check_passes() -> None:
    """Each tile of the player's on every cell at every turn, in every position of random
    games where a card is being earned: offered by the bulk listing exactly when the
    one-at-a-time check passes. Among them: tiles following others, and tiles touching the
    others only by a vine across the Canopy/Understory seam."""
    ts = tiles()
    following = across_seam = 0
    for players, formation in ((2, "classic"), (3, "fragments"), (4, "stairway")):
        g = game(players, formation=formation)
        cfg = g.cfg  # type: ignore[attr-defined]
        geo = cfg.geo
        for i in range(2):
            rnd = random.Random(derive_seed(11, i))
            state = g.start(derive_seed(12, i))
            while not state.is_over:
                d = state.data
                if d.phase is Phase.EARN:
                    seat, card = d.turn, cards().by_id[d.card]
                    offered = set(placements(d, seat, card, cfg))
                    passed = {
                        Place(ts.ids[t], geo.cells[c], r)
                        for t in d.seats[seat].tiles
                        for c in range(len(geo.cells))
                        for r in range(6)
                        if place_problem(d, seat, card, ts.tiles[t], c, r, cfg) is None
                    }
                    assert passed == offered, (
                        f"{state.digest()}: {sorted(map(str, passed ^ offered))}"
                    )
                    following += bool(d.pending) * len(offered)
                    across_seam += sum(
                        not any(
                            n in d.pending and link == SAME
                            for _, n, _, link in geo.linked_nbrs[geo.index[p.cell]]
                        )
                        for p in offered
                        if d.pending
                    )
                seat = rnd.choice(state.to_move)
                state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert following > 100
    assert across_seam > 0


def test_the_placements_turn_sets_are_the_conflict_rule() -> None:
    """The bit sets the bulk listing reads a tile's turns from say what
    :func:`.habitat.fits` says of every distinct turn of every tile, against a neighbour
    showing each plant from each direction, and of the match that turn shows it."""
    ts = tiles()
    canonical, fitting, shows = _turn_sets()
    for tile in ts.tiles:
        for r in range(6):
            bit = 1 << tile.index * 6 + r
            assert bool(canonical & bit) == (r in tile.rotations)
            if r not in tile.rotations:
                continue
            for d in range(6):
                for q in range(len(ts.plants)):
                    cons = tuple(q if e == d else OPEN for e in range(6))
                    assert bool(fitting[d][q] & bit) == fits(cons, tile, r)
                    assert bool(shows[d][q] & bit) == fits(None, tile, r, False, {d: q})
