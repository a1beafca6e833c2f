"""The ISMCTS bot: made for every game, legal, seeded, blind to hidden cards, simultaneous-safe."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import ecotone
from ecotone.bots import SeatView, available_bots, make_bot
from ecotone.bots.ismcts import ISMCTSBot, _Node, outcome, shares, tree_edges
from ecotone.bots.registry import GameBots, lookup, registered
from ecotone.core.errors import ConfigError
from ecotone.core.game import Game, State
from ecotone.core.registry import game_class
from ecotone.core.rng import derive_seed

FOREST = "once-upon-a-forest"


def _configs(game_id: str) -> list[tuple[int, str | None]]:
    """Every player count of the standard game and of each variant."""
    spec = game_class(game_id).spec
    out: list[tuple[int, str | None]] = [
        (n, None) for n in range(spec.min_players, spec.max_players + 1)
    ]
    for v in spec.variants:
        low, high = spec.player_range(v.name)
        out.extend((n, v.name) for n in range(low, high + 1))
    return out


ALL_CONFIGS = [(g, n, v) for g in ecotone.available_games() for n, v in _configs(g)]


def _first_of_each_game(configs: list[tuple[str, int, str | None]]) -> list[Any]:
    """``configs`` with all but each game's first marked slow: a sweep whose every
    configuration costs seconds runs one per game by default and all of them in the
    slow run."""
    seen: set[str] = set()
    out = []
    for config in configs:
        marks = [pytest.mark.slow] if config[0] in seen else []
        seen.add(config[0])
        out.append(pytest.param(*config, marks=marks))
    return out


def _play(game: Game[Any], specs: list[tuple[str, dict[str, Any]]], seed: int) -> State:
    bots = [
        make_bot(name, game, s, derive_seed(seed, "bot", s), **opts)
        for s, (name, opts) in enumerate(specs)
    ]
    state = game.start(seed)
    while not state.is_over:
        seat = state.to_move[0]
        action = bots[seat].act(SeatView(state, seat))
        assert action in state.legal_actions(seat)
        state = state.apply(seat, action)
    return state


def _decisions(game: Game[Any], seed: int, count: int) -> list[tuple[State, int]]:
    """``count`` decisions with a real choice, spread over one seeded random game."""
    rnd = random.Random(seed)
    state = game.start(seed)
    found: list[tuple[State, int]] = []
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            found.append((state, seat))
        state = state.apply(seat, rnd.choice(legal))
    step = max(1, len(found) // count)
    return found[::step][:count]


# -- made by name --------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ecotone.available_games())
def test_every_game_lists_ismcts(game_id: str) -> None:
    assert "ismcts" in available_bots(game_id)
    spec = game_class(game_id).spec
    game = ecotone.make(game_id, players=spec.player_range(None)[0])
    bot = make_bot("ismcts", game, 0, 1, iterations=5, c=1.0, rollout="random", max_depth=3)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.c, bot.max_depth) == (5, 1.0, 3)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"depth": 3}, "has no option depth"),
        ({"iterations": 0}, "iterations must be a whole number"),
        ({"iterations": 2.5}, "iterations must be a whole number"),
        ({"seconds": 0}, "seconds must be a positive number"),
        ({"c": -1}, "c must be a number at least 0"),
        ({"score_weight": 2}, "score_weight must be a number between 0 and 1"),
        ({"rollout": "greedy"}, "rollout must be 'random' or 'heuristic'"),
        ({"max_depth": -1}, "max_depth must be a whole number"),
        ({"prior": "oracle"}, "prior must be 'none' or 'heuristic'"),
        ({"prior_weight": -0.5}, "prior_weight must be a number at least 0"),
        ({"evidence": -1}, "evidence must be a number at least 0"),
        ({"widening": "wide"}, "widening must be a number at least 0"),
        ({"paired": 1.5}, "paired must be a whole number of at least 0"),
        ({"secrets": "oracle"}, "secrets must be 'random' or 'heuristic'"),
    ],
)
def test_bad_options_are_refused_in_words(options: dict[str, Any], words: str) -> None:
    game = ecotone.make(FOREST, players=2)
    with pytest.raises(ConfigError, match=words) as err:
        make_bot("ismcts", game, 0, **options)
    assert err.value.code == "config/bad-bot-option"


def test_heuristic_rollouts_need_a_heuristic_bot(toy: str) -> None:
    with pytest.raises(ConfigError, match="needs a heuristic bot"):
        make_bot("ismcts", ecotone.make(toy, players=2), 0, rollout="heuristic")


def test_a_time_budget_alone_has_no_iteration_cap() -> None:
    game = ecotone.make(FOREST, players=2)
    timed = make_bot("ismcts", game, 0, seconds=0.05)
    assert isinstance(timed, ISMCTSBot)
    assert timed.iterations == 0
    both = make_bot("ismcts", game, 0, seconds=60, iterations=7)
    assert isinstance(both, ISMCTSBot)
    assert both.iterations == 7
    state, seat = _decisions(game, 3, 1)[0]
    # time to spare on any machine, however loaded: the iterations stop the search
    both = make_bot("ismcts", game, seat, seconds=60, iterations=7)
    assert isinstance(both, ISMCTSBot)
    both.act(SeatView(state, seat))
    assert both.last_search is not None
    assert both.last_search.iterations == 7  # the iterations ran out long before the time
    timed = make_bot("ismcts", game, seat, seconds=0.05)
    assert isinstance(timed, ISMCTSBot)
    timed.act(SeatView(state, seat))
    assert timed.last_search is not None
    assert timed.last_search.iterations >= 1
    assert timed.last_search.seconds >= 0.05


# -- plays legal, reproducible games ---------------------------------------------------------


@pytest.mark.parametrize(("players", "variant"), [(2, None), (3, "semi-cooperative"), (1, "solo")])
def test_plays_legal_reproducible_games(players: int, variant: str | None) -> None:
    game = ecotone.make(FOREST, players=players, variant=variant)
    specs = [("ismcts", {"iterations": 8})] + [("random", {})] * (players - 1)
    assert _play(game, specs, 5).digest() == _play(game, specs, 5).digest()


def test_heuristic_rollouts_and_cut_rollouts_play_legal_moves() -> None:
    game = ecotone.make(FOREST, players=2)
    state, seat = _decisions(game, 8, 3)[1]
    for options in ({"rollout": "heuristic", "iterations": 4}, {"max_depth": 4, "iterations": 30}):
        bot = make_bot("ismcts", game, seat, 3, **options)
        assert bot.act(SeatView(state, seat)) in state.legal_actions(seat)


def test_the_prior_favours_the_heuristic_move() -> None:
    game = ecotone.make(FOREST, players=2)
    for state, seat in _decisions(game, 12, 4):
        view = SeatView(state, seat)
        bot = make_bot("ismcts", game, seat, 4, iterations=40, prior="heuristic")
        assert isinstance(bot, ISMCTSBot)
        bot.act(view)
        assert bot.last_tree is not None
        hint = bot.last_tree.hint
        assert hint in view.legal_actions
        # an overwhelming prior plays the heuristic's move whatever the search finds
        sure = make_bot("ismcts", game, seat, 4, iterations=40, prior="heuristic", prior_weight=1e6)
        assert sure.act(view) == hint
        plain = make_bot("ismcts", game, seat, 4, iterations=40, prior="none")
        assert isinstance(plain, ISMCTSBot)
        plain.act(view)
        assert plain.last_tree is not None
        assert plain.last_tree.hint is None


@pytest.mark.parametrize(
    "options",
    [{"prior_weight": 0.0}, {"paired": 30}],
    ids=["most-tried", "paired"],
)
def test_evidence_keeps_the_heuristic_move_unless_the_search_is_sure(
    options: dict[str, Any],
) -> None:
    game = ecotone.make(FOREST, players=2)
    departed = 0
    for state, seat in _decisions(game, 12, 6):
        view = SeatView(state, seat)
        free = make_bot("ismcts", game, seat, 4, iterations=60, **options)
        assert isinstance(free, ISMCTSBot)
        choice = free.act(view)
        assert free.last_tree is not None
        hint = free.last_tree.hint
        # beyond any possible evidence, the heuristic's move is always played
        sure = make_bot("ismcts", game, seat, 4, iterations=60, evidence=99, **options)
        assert sure.act(view) == hint
        # with none required, the search plays what it found (the same tree: same seed)
        assert make_bot("ismcts", game, seat, 4, iterations=60, **options).act(view) == choice
        departed += choice != hint
    assert departed > 0  # the search does depart, so the evidence rule had work to do


def test_progressive_widening_tries_few_actions_in_a_large_space() -> None:
    game = ecotone.make("biome-borneo", players=2)
    state, seat = next(
        (s, seat) for s, seat in _decisions(game, 60, 100) if len(s.legal_actions(seat)) > 40
    )
    view = SeatView(state, seat)
    # the plain search alone (paired comparisons would add their candidates at the root)
    wide = make_bot("ismcts", game, seat, 4, iterations=36, widening=0.0, paired=0)
    narrow = make_bot("ismcts", game, seat, 4, iterations=36, widening=1.0, paired=0)
    assert isinstance(wide, ISMCTSBot)
    assert isinstance(narrow, ISMCTSBot)
    assert narrow.act(view) in view.legal_actions
    wide.act(view)
    assert wide.last_tree is not None
    assert narrow.last_tree is not None
    # every iteration tries a new action without widening; 1 + sqrt(36) = 7 with it
    assert len(wide.last_tree.edges) == 36
    assert len(narrow.last_tree.edges) <= 7
    assert max(e.visits for e in narrow.last_tree.edges.values()) > 1


def _paired_decision(game_id: str, players: int, low: int, high: int) -> tuple[State, int]:
    game = ecotone.make(game_id, players=players)
    return next(
        (s, seat)
        for s, seat in _decisions(game, 5, 200)
        if low <= len(s.legal_actions(seat)) <= high
    )


def test_games_with_heuristic_rollouts_compare_their_moves_in_pairs_by_default() -> None:
    # the per-game default chosen by tournaments (docs/bots.md); elsewhere it is off
    paired = {
        g: make_bot(  # type: ignore[attr-defined]
            "ismcts", ecotone.make(g, players=game_class(g).spec.min_players), 0
        ).paired
        for g in ("biomasters", FOREST, "biome-borneo", "singapore-untamed")
    }
    assert paired == {"biomasters": 8, FOREST: 0, "biome-borneo": 8, "singapore-untamed": 8}


def test_a_default_can_differ_by_player_count() -> None:
    bots = {
        players: make_bot("ismcts", ecotone.make("singapore-untamed", players=players), 0)
        for players in (4, 5, 6)
    }
    assert all(isinstance(bot, ISMCTSBot) for bot in bots.values())
    # Singapore Untamed at 6 players cuts its rollouts later (a round is longer)
    depth = {players: bot.max_depth for players, bot in bots.items()}  # type: ignore[attr-defined]
    own = lookup("singapore-untamed")
    assert own is not None
    assert depth == {4: 20, 5: 20, 6: own.search.by_players[6]["max_depth"]}
    assert depth[6] == 30
    six = ecotone.make("singapore-untamed", players=6)
    assert make_bot("ismcts", six, 0, max_depth=12).max_depth == 12  # type: ignore[attr-defined]
    listed = {o.name: o for o in ISMCTSBot.options_for("singapore-untamed", 6)}
    assert listed["max_depth"].default == 30
    assert "players" not in listed["max_depth"].help
    general = {o.name: o for o in ISMCTSBot.options_for("singapore-untamed")}
    assert general["max_depth"].default == 20
    assert general["max_depth"].help.endswith("30 at 6 players")
    assert general["iterations"].help == listed["iterations"].help  # the same everywhere
    # and at 5 players it asks for more evidence before leaving the heuristic's move
    evidence = {players: bot.evidence for players, bot in bots.items()}  # type: ignore[attr-defined]
    assert evidence == {4: 1.0, 5: 2.0, 6: 1.0}
    assert general["evidence"].help.endswith("2.0 at 5 players")


def _documented_defaults() -> dict[tuple[str, int | None], list[str]]:
    """The rows of the defaults table in docs/bots.md, by game (and player count, where a
    row is for one count only: ``singapore-untamed, 6 players``)."""
    text = (Path(__file__).parents[2] / "docs" / "bots.md").read_text(encoding="utf-8")
    head = "| game | default iterations | rollouts | evidence | widening | paired |"
    lines = text[text.index(head) :].splitlines()[2:]
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in lines]
    out: dict[tuple[str, int | None], list[str]] = {}
    for row in rows[: rows.index([""])]:
        name, _, count = row[0].partition(", ")
        out[name, int(count.removesuffix(" players")) if count else None] = row[1:6]
    return out


def test_the_documented_defaults_are_the_bots_defaults() -> None:
    # docs/bots.md reports tournament results at these settings: they must be the real ones
    documented = _documented_defaults()
    own: list[GameBots] = [b for b in map(lookup, registered()) if b is not None]
    tuned = {b.game for b in own if b.search.iterations is not None or b.search.options}
    assert tuned
    assert tuned <= {g for g, _ in documented}
    assert {(b.game, n) for b in own for n in b.search.by_players} <= set(documented)
    for (game_id, players), row in documented.items():
        iterations, rollouts, evidence, widening, paired = row
        game = ecotone.make(game_id, players=players or game_class(game_id).spec.min_players)
        bot = make_bot("ismcts", game, 0)
        assert isinstance(bot, ISMCTSBot)
        depth = f"{bot.max_depth} decisions" if bot.max_depth else "to the end"
        actual = [str(bot.iterations), f"{bot.rollout}, {depth}"]
        actual += [f"{bot.evidence:g}", f"{bot.widening:g}", str(bot.paired)]
        assert [iterations, rollouts, evidence, widening, paired] == actual, game_id


def test_paired_comparison_tries_every_move_on_every_deal() -> None:
    state, seat = _paired_decision("biomasters", 2, 3, 6)
    game = state.game
    view = SeatView(state, seat)
    legal = view.legal_actions
    bot = make_bot("ismcts", game, seat, 4, iterations=10 * len(legal), paired=8)
    assert isinstance(bot, ISMCTSBot)
    assert bot.act(view) in legal
    assert bot.last_tree is not None
    # ten rounds, one deal each, every move tried once per round
    assert {a: e.visits for a, e in bot.last_tree.edges.items()} == dict.fromkeys(legal, 10)
    assert bot.last_search is not None
    assert bot.last_search.iterations == 10 * len(legal)
    again = make_bot("ismcts", game, seat, 4, iterations=10 * len(legal), paired=8)
    assert again.act(view) == bot.act(view)  # reproducible from the seed


def test_a_paired_round_gives_every_move_the_same_luck() -> None:
    # The same deal and the same seed replay the same playout: only the move differs
    # between the samples of one round.
    state, seat = _paired_decision("singapore-untamed", 4, 2, 8)
    view = SeatView(state, seat)
    for rollout in ("random", "heuristic"):
        bot = make_bot("ismcts", state.game, seat, 4, rollout=rollout, max_depth=30)
        assert isinstance(bot, ISMCTSBot)
        deal = view.determinize(random.Random(9))
        for action in view.legal_actions:
            runs = {bot._iterate(_Node(), deal, action, 1234) for _ in range(3)}
            assert len(runs) == 1
    # and in random playouts, another seed is other luck
    bot = make_bot("ismcts", state.game, seat, 4, rollout="random", max_depth=30)
    assert isinstance(bot, ISMCTSBot)
    first = view.legal_actions[0]
    assert len({bot._iterate(_Node(), deal, first, seed) for seed in range(12)}) > 1


def test_paired_comparison_of_the_most_tried_moves_in_a_large_space() -> None:
    # at least 20 moves, so that each of the 20 plain iterations can try a new one
    state, seat = _paired_decision("biome-borneo", 2, 20, 10_000)
    view = SeatView(state, seat)
    bot = make_bot("ismcts", state.game, seat, 4, iterations=40, paired=3, widening=0.0)
    assert isinstance(bot, ISMCTSBot)
    assert bot.act(view) in view.legal_actions
    assert bot.last_tree is not None
    edges = bot.last_tree.edges
    # 20 plain iterations, each trying a new move; then 20 // 3 = 6 rounds of 3 candidates
    assert len(edges) == 20
    assert sorted(e.visits for e in edges.values())[-3:] == [7, 7, 7]
    hint = bot.last_tree.hint
    assert hint is not None
    assert edges[hint].visits == 7  # the heuristic's move is always a candidate


def test_heuristic_secret_choices_in_simultaneous_rounds() -> None:
    game = ecotone.make("singapore-untamed", players=4)
    # a seat choosing in a simultaneous round (the others' choices are secret)
    state, seat = next((s, seat) for s, seat in _decisions(game, 80, 300) if len(s.to_move) > 1)
    bot = make_bot("ismcts", game, seat, 4, iterations=12, secrets="heuristic")
    assert isinstance(bot, ISMCTSBot)
    assert len(bot._secret_keepers) == 4
    assert bot.act(SeatView(state, seat)) in state.legal_actions(seat)
    plain = make_bot("ismcts", game, seat, 4, rollout="random", secrets="random")
    assert plain._secret_keepers == []  # type: ignore[attr-defined]


def test_the_prior_needs_a_heuristic_bot(toy: str) -> None:
    game = ecotone.make(toy, players=2)
    with pytest.raises(ConfigError, match="needs a heuristic bot"):
        make_bot("ismcts", game, 0, prior="heuristic")
    bot = make_bot("ismcts", game, 0)  # the default: no prior where there is no heuristic
    assert isinstance(bot, ISMCTSBot)
    assert bot.prior == "none"


def test_a_forced_move_is_played_without_searching() -> None:
    game = ecotone.make(FOREST, players=2)
    rnd = random.Random(1)
    state = game.start(1)
    while len(state.legal_actions(seat := state.to_move[0])) > 1:
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    bot = make_bot("ismcts", game, seat, 0)
    assert isinstance(bot, ISMCTSBot)
    bot.act(SeatView(state, seat))
    assert bot.last_search is not None
    assert bot.last_search.iterations == 0


def test_the_search_spends_every_iteration_at_the_root() -> None:
    game = ecotone.make(FOREST, players=3)
    state, seat = _decisions(game, 4, 4)[2]
    bot = make_bot("ismcts", game, seat, 2, iterations=60)
    assert isinstance(bot, ISMCTSBot)
    bot.act(SeatView(state, seat))
    assert bot.last_tree is not None
    root = bot.last_tree.edges
    assert sum(e.visits for e in root.values()) == 60
    assert set(root) <= set(state.legal_actions(seat))
    # opponents' nodes are in the tree too, each maximising its own reward
    assert {e.seat for _, e in tree_edges(bot.last_tree)} > {seat}


# -- never sees what its seat cannot see -----------------------------------------------------


@pytest.mark.parametrize(("game_id", "players", "variant"), ALL_CONFIGS)
def test_determinize_depends_on_the_view_alone(
    game_id: str, players: int, variant: str | None
) -> None:
    """The bot samples the hidden cards only through ``determinize``. For its decisions to
    be a function of its view, the sample drawn with a given generator must not depend on
    where the hidden cards really are: sort a pool of hidden cards before shuffling it."""
    game = ecotone.make(game_id, players=players, variant=variant)
    rnd = random.Random(17)
    for state, seat in _decisions(game, 23, 5):
        probe = rnd.getrandbits(32)
        other = state.determinize(seat, rnd.getrandbits(32))
        assert state.determinize(seat, probe) == other.determinize(seat, probe), (
            f"{game_id}: P{seat + 1}'s determinize draws different samples from two states "
            f"P{seat + 1} cannot tell apart: the sample depends on the hidden cards' true order"
        )


@pytest.mark.parametrize(("game_id", "players", "variant"), _first_of_each_game(ALL_CONFIGS))
def test_decisions_ignore_hidden_cards(game_id: str, players: int, variant: str | None) -> None:
    """Same seed, same iterations: the same decision on the true state and on any state
    its seat cannot tell apart from it (hidden cards of the other seats re-dealt).

    Rollouts are cut at 40 decisions to keep slow games quick; the tree and the rollouts
    still run on determinized states only."""
    game = ecotone.make(game_id, players=players, variant=variant)
    options = {"iterations": 20, "max_depth": 40}
    rnd = random.Random(17)
    for state, seat in _decisions(game, 23, 5):
        truth = make_bot("ismcts", game, seat, 99, **options).act(SeatView(state, seat))
        for _ in range(2):
            other = state.determinize(seat, rnd.getrandbits(32))
            again = make_bot("ismcts", game, seat, 99, **options).act(SeatView(other, seat))
            assert again == truth, f"{game_id}: P{seat + 1} decided differently on a re-deal"


def test_decisions_ignore_hidden_cards_at_simultaneous_bids(toy: str) -> None:
    # The toy re-deals the opponent's secret bid in an order that depends on it, so only
    # round starts (nothing bid yet) give the same samples from both states.
    game = ecotone.make(toy, players=2)
    rnd = random.Random(3)
    for seed in range(6):
        state = game.start(seed)
        while not state.is_over:
            seat = state.to_move[0]
            if len(state.to_move) == 2:
                other = state.determinize(seat, rnd.getrandbits(32))
                truth = make_bot("ismcts", game, seat, 5, iterations=40).act(SeatView(state, seat))
                again = make_bot("ismcts", game, seat, 5, iterations=40).act(SeatView(other, seat))
                assert again == truth
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))


# -- simultaneous decisions ------------------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 1])
def test_secret_choices_of_others_stay_out_of_the_tree(toy: str, seat: int) -> None:
    """In a simultaneous round the others' bids come from the rollout policy: the tree
    holds only the searching seat's own decisions, so no node answers its secret bid."""
    game = ecotone.make(toy, players=2)
    state = game.start(4)
    if seat == 1:
        state = state.apply(0, state.legal_actions(0)[0])  # P1 bids first, in secret
    assert seat in state.to_move
    bot = make_bot("ismcts", game, seat, 1, iterations=200)
    assert isinstance(bot, ISMCTSBot)
    bot.act(SeatView(state, seat))
    assert bot.last_tree is not None
    seats = {e.seat for _, e in tree_edges(bot.last_tree)}
    assert seats == {seat}


def test_bids_well_at_sealed_bids(toy: str) -> None:
    game = ecotone.make(toy, players=2)
    points = 0.0
    for i in range(30):
        seed = derive_seed(8, i)
        me = i % 2
        specs: list[tuple[str, dict[str, Any]]] = [("random", {}), ("random", {})]
        specs[me] = ("ismcts", {"iterations": 150})
        final = _play(game, specs, seed)
        if me in final.winners():
            points += 1 / len(final.winners())
    assert points / 30 >= 0.6


# -- rewards ---------------------------------------------------------------------------------


def test_rewards_share_wins_and_measure_margins() -> None:
    wins, margins = shares([10, 7, 10], [0, 2])
    assert wins == [0.5, 0.0, 0.5]
    assert margins == [0, -3, 0]
    wins, margins = shares([3, 9], [1])
    assert wins == [0.0, 1.0]
    assert margins == [-6, 6]


def test_nobody_wins_a_lost_cooperative_or_solo_game() -> None:
    wins, margins = shares([8, 12], [])
    assert wins == [0.0, 0.0]
    assert margins == [-4, 4]
    wins, margins = shares([9], [])
    assert (wins, margins) == ([0.0], [9])


def test_a_finished_game_is_judged_by_its_winners_and_scores() -> None:
    game = ecotone.make(FOREST, players=2)
    rnd = random.Random(3)
    state = game.start(3)
    while not state.is_over:
        seat = state.to_move[0]
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert outcome(state) == shares(state.scores(), state.winners())
    assert sum(outcome(state)[0]) == (1.0 if state.winners() else 0.0)


def test_a_cut_rollout_is_judged_by_rank() -> None:
    wins, _ = shares([5, 2, 5, 1], None)
    assert wins == [2.5 / 3, 1 / 3, 2.5 / 3, 0.0]
    wins, _ = shares([4], None)
    assert wins == [0.5]


# -- strength (slow: whole games with real searches) ----------------------------------------


@pytest.mark.slow
def test_beats_the_heuristic_head_to_head() -> None:
    game = ecotone.make(FOREST, players=2)
    points = 0.0
    games = 16
    for i in range(games):
        seed = derive_seed(31, i // 2)  # each deal played from both seats
        me = i % 2
        specs: list[tuple[str, dict[str, Any]]] = [("heuristic", {}), ("heuristic", {})]
        specs[me] = ("ismcts", {})
        final = _play(game, specs, seed)
        if me in final.winners():
            points += 1 / len(final.winners())
    assert points / games > 0.5
