"""Information-set Monte Carlo tree search (ISMCTS): one searching bot for every game.

The bot is the *single-observer* ISMCTS of Cowling, Powley and Whitehouse (2012), built
only on the kernel's :class:`~ecotone.bots.base.SeatView`. For each move it grows one
tree from its own seat's point of view; every iteration

1. **determinizes**: ``view.determinize(rng)`` deals the cards its seat cannot see and
   re-seeds future chance at random, consistently with what it has seen. The bot never
   holds the true state, so it can neither read hidden cards nor foresee the deck;
2. **selects** down the tree with UCB, among the actions that are legal *in this
   determinization* (an action's *availability* count replaces the parent's visit
   count, so actions that only some deals allow are judged fairly);
3. **expands** one new action, then **rolls out** to the end of the game (or to
   ``max_depth`` decisions, where the position is judged by its current scores) with the
   rollout policy: uniform random, or the game's own heuristic bot;
4. **backpropagates** a *reward vector*, one reward per seat, so that every seat's
   decisions in the tree are chosen for that seat's own benefit (several players).

Rewards (the same for every game, so scores of any size work). For seat ``i``::

    reward_i = (1 - score_weight) * win_i + score_weight * margin_i

* ``win_i`` is 1 for a sole winner, ``1/k`` for each of ``k`` tied winners and 0 for a
  loser (everybody gets 0 when nobody wins: a cooperative loss, a solo game lost). A
  rollout cut at ``max_depth`` uses the seat's rank by current score instead: the share
  of other seats it outscores, ties counting half (0.5 alone in a solo game).
* ``margin_i`` is the seat's score minus the best other seat's (its own score in a solo
  game), rescaled to [0, 1] by the smallest and largest margins seen so far in this
  search. The margin keeps the search purposeful when every line wins or every line
  loses, and rewards winning by more.

Prior knowledge. Where the game has a heuristic bot, the search starts from it: at the
bot's own decisions in the tree, the heuristic's move (computed on the seat's view of the
determinization, so it too sees only what the seat may know) is tried first and gets a
bonus that fades as visits accumulate (as the prior of PUCT does). The search departs
from the heuristic only where its playouts say so. Random playouts alone judge long plans
poorly; with the prior the bot beats the heuristic it starts from where random playouts
still say something about a position. Where they do not, the game's defaults (which its
bot module registers, :mod:`ecotone.bots.registry`) roll out with the heuristic bot for
a few decisions, and ``evidence`` keeps the heuristic's move unless the search is sure
of a better one (docs/bots.md names the games, with tournament results). Such games
also compare their root moves in pairs (``paired``): every determinization is tried
with each of them, so the luck of the deal cancels out of the comparison.

Tree nodes are keyed by action. The bot's own decision nodes are further keyed by its
legal actions there, a cheap stand-in for its information set (what it holds after a
draw); other seats' nodes are keyed by seat only, as in single-observer ISMCTS.

Simultaneous decisions: when several seats must decide at once, the choices of the
other seats in that round come from the rollout policy, not from the tree, so in the
search nobody sees a choice they could not see at the table (the search's own choice
is a node of its information set; it is not a reply to the others' secret choices).

Reproducibility: with an iteration budget the same seed and the same view give the same
decision. A time budget (``seconds``) stops after however many iterations the machine
manages, so it is not reproducible. See ``docs/bots.md``.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import Any, Final

from ecotone.bots.base import Bot, SeatView, describe
from ecotone.bots.registry import SearchDefaults, lookup
from ecotone.core.actions import Action
from ecotone.core.game import Game, State

__all__ = [
    "DEFAULT_ITERATIONS",
    "BotOption",
    "ISMCTSBot",
    "SearchStats",
    "default_iterations",
    "outcome",
    "shares",
    "tree_edges",
]

# Iterations per decision by default, for a game that names no figure of its own. Each
# game's bot module gives its own (``SearchDefaults.iterations`` in its registration): as
# many as fit, at the game's default settings, in at most about a second per decision on
# one core of the reference machine (`ecotone bench-bots`, docs/performance.md). Games run
# their rules at very different speeds, and a heuristic rollout costs far more than a
# random one.
DEFAULT_ITERATIONS: Final = 300


def default_iterations(game_id: str) -> int:
    """The default iteration budget of ``game_id``: its own, else :data:`DEFAULT_ITERATIONS`."""
    own = lookup(game_id)
    if own is None or own.search.iterations is None:
        return DEFAULT_ITERATIONS
    return own.search.iterations


@dataclass(frozen=True, slots=True)
class BotOption:
    """One option a bot accepts in its spec (``ismcts:iterations=200``)."""

    name: str
    default: Any
    help: str


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What the last search did: iterations, time, and the tree it grew."""

    iterations: int
    seconds: float
    edges: int

    @property
    def iterations_per_second(self) -> float:
        """Iterations per second of wall time."""
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


#: The options the search accepts, with their defaults for a game that names none of its
#: own (:meth:`ISMCTSBot.options_for` gives a game's). A module constant, not a class
#: attribute: the compiled build makes the class native, where a class variable is
#: awkward.
OPTIONS: Final[tuple[BotOption, ...]] = (
    BotOption("iterations", DEFAULT_ITERATIONS, "determinized playouts per decision"),
    BotOption("seconds", None, "time budget per decision instead of iterations (not reproducible)"),
    BotOption("c", 1.2, "UCB exploration constant; rewards lie in [0, 1]"),
    BotOption("rollout", "random", "rollout policy: random, or heuristic (the game's bot)"),
    BotOption("max_depth", 0, "cut rollouts after this many decisions (0: play to the end)"),
    BotOption("score_weight", 0.25, "weight of the score margin against winning (0..1)"),
    BotOption(
        "prior",
        "heuristic",
        "heuristic: favour the game's heuristic bot's move at its own decisions (the "
        "default where the game has one), or none",
    ),
    BotOption("prior_weight", 0.3, "strength of the prior: a bonus fading with visits"),
    BotOption(
        "evidence",
        0.0,
        "play the heuristic's move unless the most tried move's mean reward beats it by "
        "this many standard errors (0: always the most tried)",
    ),
    BotOption(
        "widening",
        0.0,
        "progressive widening: try a new action at a node only while it has fewer than "
        "1 + widening * sqrt(visits) tried (0: every action once first)",
    ),
    BotOption(
        "paired",
        0,
        "compare up to this many root moves on the same deals: each determinization "
        "and its rollout randomness is tried with every one of them (0: off)",
    ),
    BotOption(
        "secrets",
        "random",
        "how the other seats make their secret choices in a simultaneous round: random, "
        "or heuristic (the game's bot, on that seat's view of the deal searched)",
    ),
)


class _Edge:
    """An action taken from a node: its statistics and the nodes that can follow it."""

    __slots__ = ("avail", "margins", "nexts", "seat", "visits", "wins")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who takes the action; the sums are that seat's rewards
        self.visits = 0
        self.avail = 1  # how often the action was legal when its node was visited
        self.wins = 0.0
        self.margins = 0.0
        self.nexts: dict[Hashable, _Node] = {}


class _Node:
    """A decision in the tree: its actions tried so far, in the order they were tried.

    ``hint`` is the heuristic bot's choice at the searching seat's own nodes (the prior).
    """

    __slots__ = ("edges", "hint", "visits")

    def __init__(self, hint: Action | None = None) -> None:
        self.edges: dict[Action, _Edge] = {}
        self.hint = hint
        self.visits = 0  # descents through this node


# What the class is, given to it after its body (`describe`): a compiled class keeps no
# docstring, and `ecotone bots` describes a bot by its class's.
_ABOUT: Final = """Searches many deals consistent with what its seat knows, and plays the most tried move.

Args:
    game: the configured game.
    seat: the seat it plays.
    seed: its private seed (decisions are reproducible with an iteration budget).
    iterations: determinized playouts per decision (default: the game's own figure,
        else :data:`DEFAULT_ITERATIONS`; see :func:`default_iterations`).
    seconds: a time budget per decision instead (not reproducible).
    c: the UCB exploration constant (rewards lie in [0, 1]).
    rollout: ``"random"`` or ``"heuristic"`` (the game's heuristic bot plays every
        seat in the rollouts: stronger playouts, far fewer of them).
    max_depth: cut rollouts after this many decisions and judge the position by its
        current scores (0: play every rollout to the end).
    score_weight: the weight of the score margin against winning in the reward.
    prior: ``"heuristic"`` (the default for a game with a heuristic bot) or ``"none"``:
        at its own decisions in the tree, the move the game's heuristic bot would play
        gets a bonus of ``prior_weight * sqrt(availability) / (1 + visits)`` and is
        tried first, so the search starts from good play and departs from it only on
        evidence.
    prior_weight: the strength of that bonus.
    evidence: keep the heuristic's move unless the chosen move's mean reward beats it
        by this many standard errors (0: always the search's choice).
    widening: progressive widening of large action spaces (0: off).
    paired: compare up to this many root moves on the same deals, with the same
        rollout randomness, so that the luck of the deal cancels out (0: off).
    secrets: ``"random"`` or ``"heuristic"``: how the other seats make their secret
        choices in a simultaneous round during the search.
"""  # noqa: E501 (the first line is the summary `ecotone bots` shows)


class ISMCTSBot(Bot):
    # (its docstring: _ABOUT, above)

    name = "ismcts"

    @classmethod
    def options_for(cls, game_id: str, players: int | None = None) -> tuple[BotOption, ...]:
        """The options with their defaults for ``game_id`` (at ``players``, if given).

        A game's defaults come from its bot module's registration
        (:class:`~ecotone.bots.registry.SearchDefaults`): its iterations and options; the
        prior is its heuristic bot when it has one. Without ``players``, an option whose
        default differs by player count shows the game's default, and its help says where
        it differs.

        Raises:
            ValueError: when the game's defaults name an option the search does not have.
        """
        own = lookup(game_id)
        search = own.search if own is not None else SearchDefaults()
        game_defaults: dict[str, Any] = {
            "iterations": default_iterations(game_id),
            "prior": "heuristic" if own is not None and own.heuristic is not None else "none",
            **search.at(players),
        }
        by_count = search.by_players
        names = {o.name for o in OPTIONS}
        strange = sorted(set(game_defaults).union(*by_count.values()) - names)
        if strange:
            raise ValueError(
                f"the search defaults of {game_id!r} name no option of the search: "
                + ", ".join(strange)
            )
        out: list[BotOption] = []
        for o in OPTIONS:
            option = (
                BotOption(o.name, game_defaults[o.name], o.help) if o.name in game_defaults else o
            )
            elsewhere = [
                (n, opts[o.name]) for n, opts in sorted(by_count.items()) if o.name in opts
            ]
            if players is None and elsewhere:
                at = ", ".join(f"{value} at {n} players" for n, value in elsewhere)
                option = BotOption(option.name, option.default, f"{option.help}; {at}")
            out.append(option)
        return tuple(out)

    def __init__(self, game: Game[Any], seat: int, seed: int = 0, **options: Any) -> None:
        super().__init__(game, seat, seed)
        known = {o.name: o.default for o in self.options_for(game.spec.id, game.players)}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise ValueError(
                f"has no option {', '.join(unknown)}; its options are: {', '.join(known)}"
            )
        given = {**known, **options}
        seconds = given["seconds"]
        # A time budget alone runs until the time is up; with both, whichever ends first.
        if seconds is None or "iterations" in options:
            self.iterations = _positive_int("iterations", given["iterations"])
        else:
            self.iterations = 0  # no cap: the time budget alone ends the search
        self.seconds = None if seconds is None else _positive_float("seconds", seconds)
        self.c = _number("c", given["c"], low=0.0)
        self.max_depth = _count("max_depth", given["max_depth"])
        self.score_weight = _number("score_weight", given["score_weight"], low=0.0, high=1.0)
        self.rollout = _choice("rollout", given["rollout"], ("random", "heuristic"))
        self._helpers: list[Bot] = []
        if self.rollout == "heuristic":
            self._helpers = _heuristic_helpers(game, seed)
        self.prior = _choice("prior", given["prior"], ("none", "heuristic"))
        self.prior_weight = _number("prior_weight", given["prior_weight"], low=0.0)
        self._advisor: Bot | None = None
        if self.prior == "heuristic":
            self._advisor = _heuristic_helpers(game, seed + 1)[seat]
        self.evidence = _number("evidence", given["evidence"], low=0.0)
        self.widening = _number("widening", given["widening"], low=0.0)
        self.paired = _count("paired", given["paired"])
        self.secrets = _choice("secrets", given["secrets"], ("random", "heuristic"))
        self._secret_keepers: list[Bot] = []
        if self.secrets == "heuristic" or self._helpers:
            # (heuristic rollouts imply heuristic secret choices, as before this option)
            self._secret_keepers = self._helpers or _heuristic_helpers(game, seed + 2)
        # The randomness of rollouts and of others' secret choices: the bot's own, except
        # in a paired comparison, where each round fixes it (see _reseed).
        self._roll = self.rng
        self._hooks = game.step_hooks()  # the rollouts' steps, taken on the game's data
        self.last_search: SearchStats | None = None
        # The tree of the last search, kept for inspection (tests, curious users).
        self.last_tree: _Node | None = None
        # min and max score margin seen in the current search (for the [0, 1] rescaling)
        self._lo = math.inf
        self._hi = -math.inf

    # -- deciding ------------------------------------------------------------------------

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            self.last_search = SearchStats(0, 0.0, 0)
            self.last_tree = None
            return legal[0]
        root = _Node(self._advisor.act(view) if self._advisor is not None else None)
        self._lo, self._hi = math.inf, -math.inf
        self._roll = self.rng
        clock = time.perf_counter
        start = clock()
        deadline = start + self.seconds if self.seconds is not None else math.inf
        budget = self.iterations
        done = 0
        paired: dict[Action, list[tuple[float, float]]] | None = None
        if self.paired:
            if len(legal) > self.paired:
                # Too many moves to try each on every deal: a first half of plain search
                # picks the candidates, then they are compared on the same deals.
                half = start + (deadline - start) / 2
                done = self._search(root, view, budget // 2, half if not budget else deadline)
            candidates = self._candidates(root, legal)
            paired = self._compare(root, view, candidates, budget - done if budget else 0, deadline)
            done += sum(len(v) for v in paired.values())
        else:
            done = self._search(root, view, budget, deadline)
        self.last_search = SearchStats(done, clock() - start, sum(1 for _ in tree_edges(root)))
        self.last_tree = root
        if paired is not None:
            return self._choose_paired(root, paired)
        return self._choose(root, legal)

    def _search(self, root: _Node, view: SeatView, budget: int, deadline: float) -> int:
        """Plain ISMCTS iterations until ``budget`` of them (0: none set) or ``deadline``."""
        clock = time.perf_counter
        done = 0
        while True:
            if budget and done >= budget:
                break
            if deadline < math.inf and clock() >= deadline:
                break
            self._iterate(root, view.determinize(self.rng), known=view.legal_actions)
            done += 1
        return done

    def _candidates(self, root: _Node, legal: list[Action]) -> list[Action]:
        """The root moves to compare on the same deals: all of them, or the most tried."""
        if len(legal) <= self.paired:
            return list(legal)
        ranked = sorted(
            (a for a in legal if a in root.edges),
            key=lambda a: (-root.edges[a].visits, -self._value(root.edges[a])),
        )
        chosen = ranked[: self.paired]
        hint = root.hint
        if hint is not None and hint not in chosen:
            chosen[-1:] = [hint]
        return chosen or [legal[0]]

    def _compare(
        self, root: _Node, view: SeatView, candidates: list[Action], budget: int, deadline: float
    ) -> dict[Action, list[tuple[float, float]]]:
        """Try every candidate on each deal, with the same rollout randomness (paired samples).

        Comparing moves on the same deals takes the luck of the deal out of the comparison:
        what differs between two samples of a round is the move alone. Returns each
        candidate's (win share, score margin) per round, rounds in the same order.
        """
        samples: dict[Action, list[tuple[float, float]]] = {a: [] for a in candidates}
        rounds = max(1, budget // len(candidates)) if budget else 0
        clock = time.perf_counter
        done = 0
        while True:
            state = view.determinize(self.rng)
            seed = self.rng.getrandbits(63)
            for action in candidates:
                samples[action].append(
                    self._iterate(root, state, action, seed, known=view.legal_actions)
                )
            done += 1
            if rounds and done >= rounds:
                break
            if deadline < math.inf and clock() >= deadline:
                break
        return samples

    def _choose_paired(
        self, root: _Node, samples: dict[Action, list[tuple[float, float]]]
    ) -> Action:
        """The best mean reward on the shared deals; the heuristic's move unless beaten.

        With ``evidence`` and a heuristic hint among the candidates, the hint stays unless
        the best move's mean reward beats it by ``evidence`` standard errors of the paired
        differences (round by round, on the same deal).
        """
        span = self._hi - self._lo
        w = self.score_weight

        def rewards(a: Action) -> list[float]:
            return [
                (1.0 - w) * win + w * ((m - self._lo) / span if span > 0 else 0.5)
                for win, m in samples[a]
            ]

        means = {a: statistics.fmean(rewards(a)) for a in samples}
        best = max(samples, key=lambda a: means[a])  # first of equals: the candidates' order
        hint = root.hint
        if self.evidence and hint is not None and hint in samples and hint != best:
            diffs = [b - h for b, h in zip(rewards(best), rewards(hint), strict=True)]
            if len(diffs) < 2:
                return hint
            error = statistics.stdev(diffs) / math.sqrt(len(diffs))
            if statistics.fmean(diffs) <= self.evidence * error:
                return hint
        return best

    def _choose(self, root: _Node, legal: list[Action]) -> Action:
        """The most visited root action; ties go to the better mean reward, then to order.

        With ``evidence`` and a heuristic hint, the hint stays unless the most visited
        action's mean reward beats the hint's by ``evidence`` standard errors (rewards lie
        in [0, 1], so a standard error is at most ``0.5 / sqrt(visits)``).
        """
        best, key = legal[0], (-1, -math.inf)
        for action in legal:
            edge = root.edges.get(action)
            if edge is None:
                continue
            mine = (edge.visits, self._value(edge))
            if mine > key:
                best, key = action, mine
        hint = root.hint
        if self.evidence and hint is not None and hint != best and hint in root.edges:
            b, h = root.edges[best], root.edges[hint]
            error = 0.5 * math.sqrt(1.0 / b.visits + 1.0 / h.visits)
            if self._value(b) - self._value(h) <= self.evidence * error:
                return hint
        return best

    # -- one iteration -------------------------------------------------------------------

    def _iterate(
        self,
        root: _Node,
        state: State[Any],
        first: Action | None = None,
        seed: int | None = None,
        *,
        known: list[Action] | None = None,
    ) -> tuple[float, float]:
        """One determinized descent, expansion, rollout and backpropagation.

        ``first`` forces the root move and ``seed`` fixes the randomness after the tree
        (rollouts, the others' secret choices), for paired comparisons. ``known`` is the
        searching seat's legal actions in ``state`` (read, never changed): a
        determinization keeps them (every game's conformance checks say so), so the
        search does not list its own root moves again for every deal. Returns the
        searching seat's (win share, score margin) of the playout.
        """
        me = self.seat
        if seed is not None:
            self._reseed(seed)
        node: _Node | None = root
        edge: _Edge | None = None
        path: list[_Edge] = []
        in_tree = True
        # Seats still to choose in the current simultaneous round (None: no such round).
        pending: set[int] | None = None
        while True:
            to_move = state.to_move
            if not to_move:
                break
            if len(to_move) > 1 and (pending is None or not pending.issuperset(to_move)):
                pending = set(to_move)
            elif pending is not None and not pending.issuperset(to_move):
                pending = None
            seat = to_move[0]
            legal = known if known is not None and seat == me else state.legal_actions(seat)
            known = None  # (the first position's only)
            if in_tree and (seat == me or pending is None or seat not in pending):
                if node is None:
                    assert edge is not None
                    key: Hashable = tuple(legal) if seat == me else seat
                    node = edge.nexts.get(key)
                    if node is None:
                        hint = None
                        if seat == me and self._advisor is not None:
                            hint = self._advisor.act(SeatView(state, me))
                        node = edge.nexts[key] = _Node(hint)
                if first is not None and node is root:
                    action, edge, new = self._force(root, seat, first)
                else:
                    action, edge, new = self._select(node, seat, legal)
                path.append(edge)
                node = None
                in_tree = not new
            else:
                # Another seat's secret choice in a simultaneous round: not in the tree.
                action = self._policy(state, seat, legal)
            if pending is not None:
                pending.discard(seat)
                if not pending:
                    pending = None
            # The action comes from this very state's legal list: the unchecked step.
            state = state.step(seat, action)
            if not in_tree:
                break
        if not state.is_over:
            state = self._rollout(state)
        return self._backpropagate(path, state)

    def _force(self, root: _Node, seat: int, action: Action) -> tuple[Action, _Edge, bool]:
        """Take ``action`` at the root (a paired comparison), counting it as a visit."""
        root.visits += 1
        e = root.edges.get(action)
        if e is None:
            e = root.edges[action] = _Edge(seat)
            return action, e, True
        e.avail += 1
        return action, e, False

    def _reseed(self, seed: int) -> None:
        """Give the rollouts and the others' secret choices the randomness of ``seed``."""
        self._roll = random.Random(seed)
        for i, bot in enumerate(self._helpers or self._secret_keepers):
            bot.rng.seed(seed + i)

    def _rollout(self, state: State[Any]) -> State[Any]:
        """Play on with the rollout policy to the end, or to ``max_depth`` decisions."""
        limit = self.max_depth or self.game.max_steps
        if self._helpers:
            for _ in range(limit):
                to_move = state.to_move
                if not to_move:
                    break
                seat = to_move[0]
                action = self._helpers[seat].act(SeatView(state, seat))
                state = state.step(seat, action)
            return state
        # The hot loop of the search: unchecked steps, each taken from the position's legal
        # actions. Every position here is asked once, so the loop runs on the game's data
        # with the game's own hooks, past the states' caches and defensive copies: what
        # State.step would do, without a State for each step.
        # The action is the legal list's item at the place drawn: taken by the game's
        # pick where it has one (it counts its actions rather than list them), else from
        # the list here, without the call of the kernel's default pick.
        game = self.game
        hooks = self._hooks
        pick, next_of, to_move_of = hooks.pick, hooks.next, hooks.to_move
        rnd = self._roll.random
        data = state.data
        if pick is None:
            legal_of = hooks.legal
            for _ in range(limit):
                to_move = to_move_of(data)
                if not to_move:
                    break
                seat = to_move[0]
                legal = legal_of(data, seat)
                data = next_of(data, seat, legal[int(rnd() * len(legal))])
            return State(game, data)
        for _ in range(limit):
            to_move = to_move_of(data)
            if not to_move:
                break
            seat = to_move[0]
            data = next_of(data, seat, pick(data, seat, rnd()))
        return State(game, data)

    def _select(self, node: _Node, seat: int, legal: list[Action]) -> tuple[Action, _Edge, bool]:
        """UCB over the actions available here; an untried one first, at random."""
        edges = node.edges
        untried: list[Action] = []
        best: _Edge | None = None
        best_action = legal[0]
        best_value = -math.inf
        c = self.c
        w = self.score_weight
        keep = 1.0 - w  # the weight of winning
        lo = self._lo
        span = self._hi - lo
        scale = (1.0 / span) if span > 0 else 0.0
        log = math.log
        sqrt = math.sqrt
        hint = node.hint
        node.visits += 1
        # Progressive widening: in a large action space, a search of a few hundred
        # iterations cannot try every action even once; it widens slowly instead and
        # spends its iterations on the actions it has (the prior's first).
        room = not self.widening or len(edges) < 1 + self.widening * math.sqrt(node.visits)
        for action in legal:
            e = edges.get(action)
            if e is None:
                if room:
                    untried.append(action)
                continue
            e.avail += 1
            if untried:
                continue
            n = e.visits
            margin = (e.margins / n - lo) * scale if scale else 0.5
            value = keep * e.wins / n + w * margin + c * sqrt(log(e.avail) / n)
            if hint is not None and action == hint:
                # the prior: a bonus that fades as the search gathers its own evidence
                value += self.prior_weight * sqrt(e.avail) / (1 + n)
            if value > best_value:
                best, best_action, best_value = e, action, value
        if best is None and not untried:
            # nothing legal here was tried yet (another seat's node in another deal): widen
            untried = legal
        if untried:
            if hint is not None and hint in untried:
                action = hint
            else:
                action = untried[int(self.rng.random() * len(untried))]
            e = edges[action] = _Edge(seat)
            return action, e, True
        assert best is not None
        return best_action, best, False

    def _value(self, e: _Edge) -> float:
        span = self._hi - self._lo
        margin = (e.margins / e.visits - self._lo) / span if span > 0 else 0.5
        return (1.0 - self.score_weight) * e.wins / e.visits + self.score_weight * margin

    def _policy(self, state: State[Any], seat: int, legal: list[Action]) -> Action:
        # Only for another seat's secret choice in a simultaneous round.
        if self._secret_keepers:
            return self._secret_keepers[seat].act(SeatView(state, seat))
        return legal[int(self._roll.random() * len(legal))]

    # -- rewards -------------------------------------------------------------------------

    def _backpropagate(self, path: list[_Edge], state: State[Any]) -> tuple[float, float]:
        wins, margins = outcome(state)
        self._lo = min(self._lo, *margins)
        self._hi = max(self._hi, *margins)
        for e in path:
            e.visits += 1
            e.wins += wins[e.seat]
            e.margins += margins[e.seat]
        return wins[self.seat], margins[self.seat]


describe(ISMCTSBot, _ABOUT)


def outcome(state: State[Any]) -> tuple[list[float], list[float]]:
    """Each seat's win share and raw score margin in ``state`` (see the module's docstring
    and :func:`shares`)."""
    return shares(state.scores(), state.winners() if state.is_over else None)


def shares(scores: list[float], winners: list[int] | None) -> tuple[list[float], list[float]]:
    """Each seat's win share and raw score margin, from the seats' ``scores`` and, at the end
    of the game, its ``winners`` (``None`` before it).

    At the end of the game the win share follows the winners (an equal share each; none
    when nobody won); before it (a rollout cut short) it is the seat's rank by current
    score, a tie counted half. A seat's margin is its score less the best other seat's;
    alone, its score.

    >>> shares([10, 7, 10], [0, 2])
    ([0.5, 0.0, 0.5], [0, -3, 0])
    >>> shares([5, 2, 5, 1], None)[0] == [2.5 / 3, 1 / 3, 2.5 / 3, 0.0]
    True
    """
    players = len(scores)
    if winners is not None:
        wins = [0.0] * players
        for s in winners:
            wins[s] = 1.0 / len(winners)
    elif players == 1:
        wins = [0.5]
    else:
        wins = [
            sum(1.0 if mine > other else 0.5 if mine == other else 0.0 for other in scores)
            - 0.5  # the seat itself, counted as a tie
            for mine in scores
        ]
        wins = [w / (players - 1) for w in wins]
    if players == 1:
        return wins, list(scores)
    top = max(scores)
    leader = scores.index(top)
    second = max(s for i, s in enumerate(scores) if i != leader)
    margins = [s - (second if i == leader else top) for i, s in enumerate(scores)]
    return wins, margins


def tree_edges(node: _Node) -> Iterator[tuple[Action, _Edge]]:
    """Every action of the tree under ``node`` with its statistics (depth first)."""
    stack = [node]
    while stack:
        n = stack.pop()
        for action, e in n.edges.items():
            yield action, e
            stack.extend(e.nexts.values())


def _heuristic_helpers(game: Game[Any], seed: int) -> list[Bot]:
    own = lookup(game.spec.id)
    heuristic = own.heuristic if own is not None else None
    if heuristic is None:
        raise ValueError(f"rollout 'heuristic' needs a heuristic bot; {game.spec.title} has none")
    rnd = random.Random(seed)
    return [heuristic(game, s, rnd.getrandbits(63)) for s in range(game.players)]


# -- option checks ---------------------------------------------------------------------------


def _choice(name: str, value: Any, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        words = " or ".join(f"'{a}'" for a in allowed)
        raise ValueError(f"{name} must be {words}, not {value!r}")
    return str(value)


def _number(name: str, value: Any, low: float, high: float = math.inf) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        bound = f"between {low:g} and {high:g}" if high < math.inf else f"at least {low:g}"
        raise ValueError(f"option {name} must be a number {bound}, not {value!r}")
    return float(value)


def _positive_float(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise ValueError(f"option {name} must be a positive number, not {value!r}")
    return float(value)


def _positive_int(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"option {name} must be a whole number of at least 1, not {value!r}")
    return value


def _count(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"option {name} must be a whole number of at least 0, not {value!r}")
    return value
