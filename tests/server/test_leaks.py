"""No channel leaks hidden information: random games of every registered game (and the toy
game's secret simultaneous bids) are played through the match manager with a listener at
every seat and a spectator, and every message, error, lobby entry and view is checked.
The seats also ask, now and then, to take back the decision they just made (the others,
asked, accept or decline at random).

For a viewer at a given moment, the *hidden* components are those whose place a
re-deal consistent with the viewer's knowledge can change (``state.determinize``): the
same definition as the kernel harness's leak check. Every message a viewer receives must
carry the viewer's exact observation and legal actions, and no hidden component id may
appear in it anywhere (as a string or a word of one), nor the seed or the state digest.
A log entry about step ``k`` is judged against the state right after that step, though
what it names may also be public by the time it is sent (a sealed choice is shown once its
decision has closed and the board shows where it led); so is
the step a take-back names (what it showed then, it had shown already: a seat's own
card it placed and took back is the seat's to show, as the engine's undo policy says)
and the step a request to take back names. A seat's own step is judged against the state
it was taken in: the seat chose it from its legal actions, so it knew every card the
step names, even one the step itself hides (a card discarded as the discard pile is
shuffled into the deck).
"""

from __future__ import annotations

import asyncio
import functools
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

import ecotone
from ecotone.core.game import State
from ecotone.core.registry import game_class
from ecotone.server.errors import ServerError
from ecotone.server.manager import MatchManager, NewMatch
from ecotone.server.matches import Match, Step, Subscriber, hash_token
from ecotone.server.store import Store
from tests.server.conftest import make_settings, run_async

_WORD = re.compile(r"[A-Za-z0-9_\-]+")


def _words(obj: Any) -> Iterator[str]:
    if isinstance(obj, str):
        yield obj
        yield from _WORD.findall(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _words(str(k))
            yield from _words(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _words(v)


def _zones(state: State) -> dict[str, str]:
    return {c: z for z, ids in state.game.zones(state.data).items() for c in ids}


class LeakChecker:
    """Checks every message a viewer gets against what that viewer may know."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.line: list[State] = [match.game.start(match.seed)]
        self.states: dict[int, State] = {0: self.line[0]}
        self.hidden_cache: dict[tuple[int, int | None], set[str]] = {}
        self.messages = 0

    def steps(self) -> dict[int, Step]:
        """Every step the match has taken, in play or taken back, by its version."""
        match = self.match
        return {s.version: s for s in match.moves} | {t.step.version: t.step for t in match.taken}

    def state_at(self, version: int) -> State:
        """The match's state at ``version``: the line re-played change by change (a step
        adds a state to it, a take-back removes the last)."""
        steps = self.steps()
        for v in range(len(self.states), version + 1):
            if v in steps:
                self.line.append(self.line[-1].apply(steps[v].seat, steps[v].action))
                assert self.line[-1].digest() == steps[v].digest, f"v{v}: not the server's line"
            else:
                self.line.pop()
            self.states[v] = self.line[-1]
        return self.states[version]

    def hidden(self, viewer: int | None, version: int) -> set[str]:
        key = (version, viewer)
        if key not in self.hidden_cache:
            state = self.state_at(version)
            truth = _zones(state)
            seats = range(state.game.players) if viewer is None else [viewer]
            moved: set[str] = set()
            for seat in seats:
                for k in range(3):
                    det = state.determinize(seat, random.Random(version * 31 + k))
                    moved |= {c for c, z in _zones(det).items() if truth.get(c) != z}
            self.hidden_cache[key] = moved
        return self.hidden_cache[key]

    def record(self) -> dict[str, Any]:
        """The match so far, for replaying a failure: its seed and every version's change
        (a step, with the masks the server gave it, or a take-back)."""
        match = self.match
        steps = self.steps()
        events: list[Any] = []
        for v in range(1, match.version + 1):
            step = steps.get(v)
            if step is None:
                events.append([v, "take-back"])
            else:
                action = step.action.to_json()
                events.append([v, step.seat, action, step.visible, step.tag_visible, step.digest])
        game = match.game
        return {
            "game": game.spec.id,
            "players": game.players,
            "variant": game.variant,
            "seed": match.seed,
            "events": events,
        }

    def check_words(
        self, viewer: int | None, obj: Any, version: int, what: str, allowed: set[str] = frozenset()
    ) -> None:  # type: ignore[assignment]
        match = self.match
        text = json.dumps(obj)
        assert str(match.seed) not in text, f"{what}: the seed reached P{viewer}"
        assert self.state_at(version).digest() not in text, f"{what}: a digest reached {viewer}"
        leaked = (set(_words(obj)) & self.hidden(viewer, version)) - allowed
        assert not leaked, f"{what} to viewer {viewer} at v{version} leaks {sorted(leaked)}"

    def receive(self, viewer: int | None, data: bytes) -> None:
        msg = json.loads(data)
        self.messages += 1
        if self.match.status == "over":
            return
        self.check_message(viewer, msg)

    def check_message(self, viewer: int | None, msg: dict[str, Any]) -> None:
        match = self.match
        version = match.version
        state = match.state
        assert state.digest() == self.state_at(version).digest()
        if msg.get("type") == "update":
            assert msg["version"] == version
            assert msg["observation"] == json.loads(json.dumps(state.observe(viewer)))
            if msg["legal"]:
                assert viewer is not None
                legal = [a.to_json() for a in state.legal_actions(viewer)]
                assert [a["action"] for a in msg["legal"]] == legal
            for entry in msg["log"]:
                step = entry.pop("took_back", None)
                if step is not None:
                    self.check_step(viewer, step, "a step taken back")
                self.check_step(viewer, entry, "a log entry")
            offer = msg.get("undo_offer")
            if offer is not None:
                self.check_step(viewer, offer.pop("step"), "the step a take-back would undo")
            msg = {k: v for k, v in msg.items() if k != "log"}
        self.check_words(viewer, msg, version, f"a {msg.get('type')} message")

    def check_step(self, viewer: int | None, entry: dict[str, Any], what: str) -> None:
        """A log entry of step ``k``: judged against the state after it, or, for the
        seat that took it, the state it was taken in (version ``k - 1``); what it names
        that the viewer may know now (the state the message is sent in) passes too."""
        version = entry["version"]
        if entry["seat"] == viewer and entry.get("action") is not None:
            version -= 1
        known_now = set(_words(entry)) - self.hidden(viewer, self.match.version)
        self.check_words(viewer, entry, version, what, allowed=known_now)


_POLLS_PER_TURN = 40_000


async def _play(game_id: str, players: int, variant: str | None, seed: int, db: str) -> int:
    manager = MatchManager(Store(db), make_settings(db))
    await manager.start()
    try:
        rnd = random.Random(seed)
        specs: list[str | None] = [None] * players
        if players > 1:
            specs[rnd.randrange(players)] = "random"
        match = await manager.create(
            NewMatch(game=game_id, players=players, variant=variant, seats=specs, seed=seed)
        )
        checker = LeakChecker(match)
        for v in [*range(players), None]:
            manager.subscribe(match, Subscriber(seat=v, send=functools.partial(checker.receive, v)))
        tokens: dict[int, str] = {}
        for s, spec in enumerate(specs):
            if spec is None:
                _, token = await manager.join(match, s, f"p{s}")
                tokens[s] = hash_token(token)
        try:
            await _moves(manager, match, checker, tokens, rnd)
        except AssertionError:
            # the game is another at each run (a bot moves while the seats poll): print it,
            # for pytest to show, so that the failure can be replayed step by step
            print(json.dumps(checker.record()))
            raise
        assert match.status == "over", f"{game_id} did not finish"
        assert ecotone.core.Replay.from_json(manager.replay(match)).verify().is_over
        return checker.messages
    finally:
        await manager.stop()


async def _moves(
    manager: MatchManager,
    match: Match,
    checker: LeakChecker,
    tokens: dict[int, str],
    rnd: random.Random,
) -> None:
    """Plays ``match`` out: the seats without a bot act at random, making stale and
    random (mostly illegal) requests, and now and then asking to take a step back."""
    game = match.game
    players = game.players
    game_id = game.spec.id
    # The budget is the game's bound in moves, and a count of polls (not a time) for
    # the random bot's moves, which slow down with the polls on a loaded machine.
    steps = polls = moves = 0
    while match.status != "over":
        waiting = [s for s in match.waiting_for if s in tokens]
        if not waiting:
            polls += 1
            assert polls <= _POLLS_PER_TURN, f"{game_id}: the bot did not move"
            await asyncio.sleep(0.0005)
            continue
        polls = 0
        moves += 1  # each pass makes one move: a lucky random action or a legal one
        assert moves <= game.max_steps, f"{game_id}: not over after {game.max_steps} moves"
        seat = rnd.choice(waiting)
        legal = match.state.legal_actions(seat)
        tries: list[tuple[int, Any]] = []
        if rnd.random() < 0.2:
            tries.append((match.version + 1, legal[0]))  # stale
        if rnd.random() < 0.3:
            tries.append(
                (match.version, game.codec.from_index(rnd.randrange(game.num_distinct_actions)))
            )
        accepted = False
        for version, action in tries:
            try:
                await manager.act(match, seat, version, action, token_hash=tokens[seat])
            except ServerError as exc:
                asked = set(_words(action.to_json()))
                checker.check_words(seat, exc.to_json(), match.version, "an error", asked)
            else:
                accepted = True  # a random action that happened to be legal
                break
        if accepted:
            continue
        await manager.act(match, seat, match.version, rnd.choice(legal), token_hash=tokens[seat])
        steps += 1
        if match.status == "active" and rnd.random() < 0.25:
            await _take_back(manager, match, seat, tokens, rnd, checker)
        if match.status != "over" and steps % 10 == 0:
            for v in [*range(players), None]:
                checker.check_message(v, msgspec.to_builtins(match.view(v, 0)))
            lobby = msgspec.to_builtins(await manager.lobby("active"))
            checker.check_words(None, lobby, match.version, "the lobby")
            with pytest.raises(ServerError, match="once the match is over"):
                manager.replay(match)


async def _take_back(
    manager: MatchManager,
    match: Match,
    seat: int,
    tokens: dict[int, str],
    rnd: random.Random,
    checker: LeakChecker,
) -> None:
    """``seat`` asks to take back its last decision (a bot may have moved since); the
    people asked answer at random. Every refusal is checked like any message."""
    own = set(_words(match.moves[-1].action.to_json())) if match.moves else set()
    try:
        ack = await manager.takebacks.ask(match, seat, match.version, token_hash=tokens[seat])
    except ServerError as exc:
        checker.check_words(seat, exc.to_json(), match.version, "a refused take-back", own)
        return
    while ack.pending and match.offer is not None:  # every person asked answers
        other = min(match.offer.waiting)
        await manager.takebacks.reply(
            match, other, match.offer.version, rnd.random() < 0.7, token_hash=tokens[other]
        )


def _every_config() -> list[tuple[str, int, str | None]]:
    out: list[tuple[str, int, str | None]] = []
    for game_id in ecotone.available_games():
        spec = game_class(game_id).spec
        counts = sorted({spec.min_players, spec.max_players})
        out += [(game_id, n, None) for n in counts]
        out += [(game_id, v.min_players, v.name) for v in spec.variants]
    return out


_LONG = frozenset({"singapore-untamed", "biome-borneo"})


def _check(game_id: str, players: int, variant: str | None, tmp_path: Path) -> None:
    seed = random.Random(f"{game_id}/{players}/{variant}").getrandbits(62)
    messages = run_async(_play(game_id, players, variant, seed, f"sqlite:///{tmp_path}/l.db"))
    assert messages > 0


# The games whose whole match takes seconds here are in the slow run, which checks every
# configuration of every game (below).
@pytest.mark.parametrize(
    "game_id",
    [
        pytest.param(g, marks=[pytest.mark.slow] if g in _LONG else [])
        for g in ecotone.available_games()
    ],
)
def test_no_channel_leaks(game_id: str, tmp_path: Path) -> None:
    spec = game_class(game_id).spec
    _check(game_id, max(spec.min_players, min(2, spec.max_players)), None, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players", "variant"), _every_config())
def test_no_channel_leaks_every_configuration(
    game_id: str, players: int, variant: str | None, tmp_path: Path
) -> None:
    _check(game_id, players, variant, tmp_path)


def test_no_leaks_in_secret_simultaneous_bids(toy: str, tmp_path: Path) -> None:
    for n in range(4):
        seed = random.Random(n).getrandbits(62)
        run_async(_play(toy, 2, None, seed, f"sqlite:///{tmp_path}/t{n}.db"))
