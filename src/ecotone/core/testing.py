"""The conformance harness every game passes, and golden playthroughs.

:func:`check_game` plays seeded random games and, at every step, checks the whole game
contract of :mod:`ecotone.core.game`:

* somebody is to move until the end, and only they have legal actions;
* legal actions are non-empty, unique (also by notation), and each one applies;
* actions that are not legal (sampled from the whole index space, and legal actions
  tried out of turn) are refused with a code and a reason, and change nothing;
* legality is written once: the game's ``refusal`` hook finds no fault with any legal
  action and names one for every action it does not offer, always with a code of the
  game's :attr:`~ecotone.core.game.Game.refusals` enum;
* every action survives JSON, notation and index round trips;
* state and observation survive a JSON round trip; observations are JSON-safe;
* every component lies in exactly one zone;
* nothing leaks: for each seat, ``observe`` and ``legal_actions`` are the same on the
  state and on ``determinize(seat)``, and no card whose place the seat cannot know (one
  that determinization moves) appears in its observation (a spectator sees none of any
  seat's secrets), and the standing and the happenings everyone is shown (``standing``,
  ``recent``) are the same after every seat's determinization;
* a secret is kept: at a step the game declares secret (``secret_action``) while others
  still choose, no other seat's observation (nor a spectator's) tells the action apart
  from another of its kind that leaves the same seats deciding (sampled, at the deep
  steps), so the kernel's visibility rule (:mod:`ecotone.core.visibility`), which infers
  from the observations, hides it too;
* a determinization is a game that goes on: random play continues from it for a few
  steps without error (a searching bot plays on from thousands of them, so a deal that
  contradicts something public, say a card everyone saw offered, breaks the bot);
* the game ends within ``game.max_steps``, with one score per seat and winners among them;
  what it says of its end (``ending``), if anything, is a sentence every seat reads alike
  on the positions it cannot tell from the real one;
* the same seed and actions give the same digests;
* the game never touches Python's global random state (all chance comes from the seed).

:func:`playthrough` writes one seeded game out step by step, and :func:`check_golden`
compares it with a stored file (set ``ECOTONE_REGEN_GOLDENS=1`` to rewrite the file after an
intended rules change).
"""

from __future__ import annotations

import difflib
import json
import math
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.game import Game, State
from ecotone.core.records import seat_name
from ecotone.core.registry import make
from ecotone.core.rng import derive_seed
from ecotone.core.visibility import declared_secret

__all__ = ["CheckReport", "check_game", "check_golden", "playthrough"]

# Applying every legal action at every step is quadratic in big games; beyond this many,
# a random sample is applied (the sample changes every step, so all get exercised).
_APPLY_ALL_UP_TO = 48
_ILLEGAL_SAMPLES = 6
# A secret choice is compared with at most this many others of its kind (each costs a
# step and an observation per viewer), spread over the legal order.
_SECRET_ALTERNATIVES = 6


@dataclass
class CheckReport:
    """What :func:`check_game` exercised."""

    games: int = 0
    steps: int = 0
    actions_applied: int = 0
    illegal_checked: int = 0
    determinizations: int = 0
    secrets_checked: int = 0
    longest: int = 0
    outcomes: list[tuple[list[float], list[int]]] = field(default_factory=list)


def check_game(
    game_id: str,
    *,
    players: int,
    games: int = 10,
    seed: int = 0,
    variant: str | None = None,
    deep_every: int = 1,
    **options: Any,
) -> CheckReport:
    """Play ``games`` seeded random games of ``game_id`` and assert the game contract.

    Args:
        game_id, players, variant, options: the configuration to check.
        games: how many games to play.
        seed: the base seed (game ``i`` uses ``derive_seed(seed, i)``).
        deep_every: run the costly checks (round trips, determinization, illegal
            actions) on every ``deep_every``-th step; 1 checks every step.

    Raises:
        AssertionError: describing the first violation, with the seed and step.
    """
    game = make(game_id, players=players, variant=variant, **options)
    report = CheckReport()
    assert 0 < game.max_steps <= game.spec.max_steps, (
        f"{game!r}: the configured bound max_steps={game.max_steps} must be positive and "
        f"within the spec's bound for every configuration, {game.spec.max_steps}"
    )
    components = set(game.components())
    if not components:
        declared = game.zones(game.start(seed).data)
        assert not any(declared.values()), (
            f"{game!r}: zones() places components but components() lists none, "
            "so the one-zone check cannot run; declare every component id"
        )
    viewers: list[int | None] = [None, *range(players)]
    for g in range(games):
        game_seed = derive_seed(seed, g)
        rnd = random.Random(derive_seed(game_seed, "harness"))
        # A game drawing from the module-level generator would replay differently
        # whenever anything else in the process draws from it too.
        global_random = random.getstate()
        moves: list[tuple[int, Action]] = []
        digests: list[str] = []
        state = game.start(game_seed)
        where = f"{game!r} seed={game_seed}"
        for step in range(game.max_steps + 1):
            here = f"{where} step={step}"
            digests.append(state.digest())
            _check_turn(state, here)
            deep = step % deep_every == 0
            _check_zones(game, state, components, here)
            if deep:
                # one viewer's styled picture a deep step, each in turn (below)
                styled = viewers[(step // deep_every) % len(viewers)]
                _check_state_roundtrip(game, state, here, styled=styled)
                _check_seen(game, state, here)
                report.determinizations += _check_no_leaks(state, rnd, components, here)
            if state.is_over:
                break
            seat = rnd.choice(state.to_move)
            legal = state.legal_actions(seat)
            _check_actions(game, state, seat, legal, rnd, here, report, deep=deep)
            if deep:
                report.illegal_checked += _check_illegal(game, state, seat, legal, rnd, here)
            action = rnd.choice(legal)
            after = state.apply(seat, action)
            if deep:
                report.secrets_checked += _check_secret_kept(state, seat, action, after, here)
            state = after
            moves.append((seat, action))
            report.steps += 1
        else:
            raise AssertionError(f"{where}: not over after max_steps={game.max_steps}")
        _check_outcome(game, state, where)
        _check_ending(state, rnd, where)
        _check_replay(game, game_seed, moves, digests, where)
        assert random.getstate() == global_random, (
            f"{where}: the game used Python's global random state; draw from the seeded "
            "generator that setup() receives or from the state's key (ecotone.core.rng)"
        )
        report.games += 1
        report.longest = max(report.longest, len(moves))
        report.outcomes.append((state.scores(), state.winners()))
    return report


# -- the checks -------------------------------------------------------------------------


def _check_turn(state: State[Any], here: str) -> None:
    seats = range(state.game.players)
    to_move = state.to_move
    assert tuple(sorted(set(to_move))) == to_move, f"{here}: to_move {to_move} not sorted/unique"
    assert all(s in seats for s in to_move), f"{here}: to_move {to_move} has no such seat"
    for s in seats:
        if s not in to_move:
            assert state.legal_actions(s) == [], f"{here}: P{s + 1} not to move but has actions"


def _check_actions(
    game: Game[Any],
    state: State[Any],
    seat: int,
    legal: list[Action],
    rnd: random.Random,
    here: str,
    report: CheckReport,
    *,
    deep: bool,
) -> None:
    assert legal, f"{here}: P{seat + 1} is to move but has no legal action"
    assert len(set(legal)) == len(legal), f"{here}: duplicate legal actions {legal}"
    assert state.legal_actions(seat) == legal, f"{here}: legal actions not deterministic"
    game.codec.check_unique(legal)
    hooks = game.step_hooks()
    assert hooks.to_move(state.data) == game.to_move(state.data), (
        f"{here}: step_hooks().to_move and the to_move hook disagree"
    )
    assert hooks.legal(state.data, seat) == game.legal(state.data, seat), (
        f"{here}: step_hooks().legal and the legal hook disagree"
    )
    _check_pick(hooks.picker(), state, seat, legal, rnd, here)
    before = state.digest()
    sample = legal if len(legal) <= _APPLY_ALL_UP_TO else rnd.sample(legal, _APPLY_ALL_UP_TO)
    for action in sample:
        assert state.explain(seat, action) is None, f"{here}: legal {action} explained as illegal"
        fault = game.refusal(state.data, seat, action)
        assert fault is None, (
            f"{here}: {action} is offered as legal, but the game's refusal hook says "
            f"{fault.code}: {fault.message} (legal() and refusal() disagree)"
        )
        after = _apply(state, seat, action, f"{here}: P{seat + 1}'s legal action {action}")
        assert after is not state
        assert hooks.next(state.data, seat, action) == game.next(state.data, seat, action), (
            f"{here}: step_hooks().next and the next hook disagree on {action}"
        )
        report.actions_applied += 1
        if deep:
            _check_action_roundtrip(game, state, seat, action, here)
    assert state.digest() == before, f"{here}: applying actions changed the state held"


def _check_pick(
    pick: Any, state: State[Any], seat: int, legal: list[Action], rnd: random.Random, here: str
) -> None:
    """``pick`` takes the action the legal list holds at the place each draw names: at
    every place's first and middle draw (a sample of them in a long list), and at the
    draws' two ends."""
    n = len(legal)
    places = range(n) if n <= _APPLY_ALL_UP_TO else rnd.sample(range(n), _APPLY_ALL_UP_TO)
    fractions = [0.0, math.nextafter(1.0, 0.0), rnd.random()]
    for place in places:
        fractions += [place / n, (place + 0.5) / n]
    for fraction in fractions:
        expected = legal[int(fraction * n)]
        got = pick(state.data, seat, fraction)
        assert got == expected, (
            f"{here}: step_hooks().pick(data, P{seat + 1}, {fraction!r}) took {got}, but "
            f"the legal list holds {expected} there (place {int(fraction * n)} of {n})"
        )


def _check_action_roundtrip(
    game: Game[Any], state: State[Any], seat: int, action: Action, here: str
) -> None:
    as_json = json.loads(json.dumps(action.to_json()))
    assert game.codec.from_json(as_json) == action, f"{here}: JSON round trip of {action!r}"
    assert game.codec.from_text(str(action)) == action, f"{here}: notation round trip {action}"
    index = game.action_index(action)
    assert 0 <= index < game.num_distinct_actions, f"{here}: index {index} out of range"
    assert game.action_from_index(state, seat, index) == action, f"{here}: index round trip"
    assert game.parse_action(state, seat, str(action)) == action
    assert hash(action) == hash(game.codec.from_json(as_json))


def _check_illegal(
    game: Game[Any],
    state: State[Any],
    seat: int,
    legal: list[Action],
    rnd: random.Random,
    here: str,
) -> int:
    before = state.digest()
    legal_set = set(legal)
    checked = 0
    for _ in range(_ILLEGAL_SAMPLES * 4):
        if checked >= _ILLEGAL_SAMPLES:
            break
        candidate = game.codec.from_index(rnd.randrange(game.num_distinct_actions))
        if candidate in legal_set:
            continue
        _expect_refusal(state, seat, candidate, here, code_prefix=None)
        _expect_declared(game, state, seat, candidate, here)
        checked += 1
    others = [s for s in range(game.players) if s not in state.to_move]
    chosen = game.chosen(state.data)
    assert not set(chosen) & set(state.to_move), f"{here}: {chosen} chosen yet still to move"
    assert set(chosen) <= set(range(game.players)), f"{here}: chosen {chosen} are not seats"
    if others:
        other = rnd.choice(others)
        code = "action/already-chosen" if other in chosen else "action/not-your-turn"
        _expect_refusal(state, other, legal[0], here, code)
        checked += 1
    assert state.digest() == before, f"{here}: a refused action changed the state"
    return checked


def _expect_refusal(
    state: State[Any], seat: int, action: Action, here: str, code_prefix: str | None
) -> None:
    reason = state.explain(seat, action)
    assert reason, f"{here}: P{seat + 1} {action} is not legal but explain() gives no reason"
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        assert exc.code and "/" in exc.code, f"{here}: refusal of {action} has no code"
        assert exc.message == reason, f"{here}: apply and explain disagree on {action}"
        if code_prefix is not None:
            assert exc.code == code_prefix, f"{here}: expected {code_prefix}, got {exc.code}"
        assert isinstance(exc, ValueError)
    else:
        raise AssertionError(f"{here}: illegal {action} by P{seat + 1} was accepted")


def _expect_declared(
    game: Game[Any], state: State[Any], seat: int, action: Action, here: str
) -> None:
    """The game's own rules check refuses an action it does not offer, with a declared code."""
    fault = game.refusal(state.data, seat, action)
    assert fault is not None, (
        f"{here}: {action} is not offered, yet the game's refusal hook finds nothing wrong "
        "with it (legal() and refusal() disagree)"
    )
    declared = {str(code) for code in game.refusals}
    assert declared, f"{here}: {game!r} declares no refusal codes (its refusals enum)"
    assert fault.code in declared, (
        f"{here}: {action} refused with {fault.code!r}, which is not a member of "
        f"{game.refusals.__name__}"
    )


def _check_secret_kept(
    state: State[Any], seat: int, action: Action, after: State[Any], here: str
) -> int:
    """A step the game declares secret, while its decision is open, must look the same to
    every other viewer whichever choice of its kind the seat made.

    Otherwise the game's observations give the secret away: the declaration
    (``secret_action``) and the observations disagree, and the kernel's rule, which
    infers from the observations, would have to hide a step whose outcome is on the
    board. Only choices of the same kind are compared (the kind itself may show: whether
    a seat bid or folded, say, when its hand shrinks), and only those that leave the same
    seats deciding: whose turn it is is public, so a choice that takes more steps than
    another shows as such, however the game words its observations.
    """
    if not declared_secret(state, seat, action, after):
        return 0
    game = state.game
    turn = (after.to_move, game.chosen(after.data))
    same = [a for a in state.legal_actions(seat) if a != action and type(a) is type(action)]
    sample = same[:: max(1, -(-len(same) // _SECRET_ALTERNATIVES))]
    viewers = [v for v in (*range(game.players), None) if v != seat]
    seen = {v: after.observe(v) for v in viewers}
    checked = 0
    for other in sample:
        elsewhere = state.step(seat, other)
        if (elsewhere.to_move, game.chosen(elsewhere.data)) != turn:
            continue
        checked += 1
        for viewer in viewers:
            assert elsewhere.observe(viewer) == seen[viewer], (
                f"{here}: P{seat + 1}'s {action} is secret (secret_action) while others "
                f"still choose, but {seat_name(viewer)}'s observation tells it apart from "
                f"{other}: the observations give the secret choice away"
            )
    return checked


def _check_seen(game: Game[Any], state: State[Any], here: str) -> None:
    """What a seat's bots read (``Game.seen``) is its observation, or a part of it."""
    if type(game).seen is Game.seen:
        return  # the observation itself
    for seat in range(game.players):
        read = game.seen(state.data, seat)
        observed = game.observation(state.data, seat)
        where = _outside(read, observed, "")
        assert where is None, (
            f"{here}: seen(seat={seat}) holds {where or 'a value'}, which is not in the "
            "seat's observation: a bot would read what its seat may not know"
        )


def _outside(read: Any, observed: Any, path: str) -> str | None:
    """The first place where ``read`` is not ``observed`` or a part of it (a record with
    fewer fields, at any depth), or ``None``."""
    if isinstance(read, dict):
        if not isinstance(observed, dict):
            return path or "the whole"
        for key, value in read.items():
            if key not in observed:
                return f"{path}.{key}"
            found = _outside(value, observed[key], f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(read, list):
        if not isinstance(observed, list) or len(read) != len(observed):
            return path or "the whole"
        for i, (mine, theirs) in enumerate(zip(read, observed, strict=True)):
            found = _outside(mine, theirs, f"{path}[{i}]")
            if found is not None:
                return found
        return None
    return None if read == observed else path or "the whole"


def _check_state_roundtrip(
    game: Game[Any], state: State[Any], here: str, *, styled: int | None
) -> None:
    """The state's JSON round trip, and every viewer's observation and picture; the
    styled picture of the viewer ``styled`` only (``None``: the spectator's).

    Styling a picture runs each of the presentation's patterns over the whole text, a few
    milliseconds for a long picture: for every viewer at every deep step it was most of a
    soak's time. The caller takes the viewers in turn, so that each is checked as often
    as the others over a game."""
    text = json.dumps(state.to_json())
    back = game.load_state(json.loads(text))
    assert back == state, f"{here}: state JSON round trip changed the state"
    assert back.digest() == state.digest(), f"{here}: digest changed by JSON round trip"
    for seat in [None, *range(game.players)]:
        obs = state.observe(seat)
        assert json.loads(json.dumps(obs)) == obs, f"{here}: observation of {seat} not JSON-safe"
        picture = state.render(seat)
        assert isinstance(picture, str)
        if seat != styled:
            continue
        marked = state.render_styled(seat)
        assert marked.text == picture, f"{here}: render_styled of {seat} changes the text"
        palette = game.presentation().styles
        for span in marked.spans:
            assert 0 <= span.start < span.end <= len(picture), f"{here}: {span} is off the text"
            assert span.style in palette, f"{here}: style {span.style!r} is not in the palette"


def _zone_of(state: State[Any]) -> dict[str, str]:
    located: dict[str, str] = {}
    for zone, ids in state.game.zones(state.data).items():
        for cid in ids:
            located[cid] = zone
    return located


def _check_zones(game: Game[Any], state: State[Any], components: set[str], here: str) -> None:
    if not components:
        return
    seen: dict[str, str] = {}
    for zone, ids in game.zones(state.data).items():
        for cid in ids:
            assert cid not in seen, f"{here}: {cid} is in both {seen[cid]} and {zone}"
            seen[cid] = zone
    missing = components - set(seen)
    extra = set(seen) - components
    assert not missing, f"{here}: components in no zone: {sorted(missing)[:5]}"
    assert not extra, f"{here}: unknown components in zones: {sorted(extra)[:5]}"


def _strings(obj: Any) -> Iterator[str]:
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _strings(v)


def _check_no_leaks(state: State[Any], rnd: random.Random, components: set[str], here: str) -> int:
    game = state.game
    truth = _zone_of(state) if components else {}
    hidden_from_someone: set[str] = set()
    standing = state.standing()
    recent = state.recent()
    for seat in range(game.players):
        det = state.determinize(seat, random.Random(rnd.getrandbits(64)))
        assert det.recent() == recent, (
            f"{here}: the happenings {recent} (Game.recent, shown to every seat) change to "
            f"{det.recent()} when the secrets are dealt again from P{seat + 1}'s view"
        )
        # the standing is shown to everyone: it may not count what some seat cannot see
        assert det.standing() == standing, (
            f"{here}: the standing {standing} (Game.standing, shown to every seat) "
            f"changes to {det.standing()} when the secrets are dealt again from "
            f"P{seat + 1}'s view: it counts something P{seat + 1} cannot see"
        )
        # (asked of the rules: the determinized state takes whose turn it is from state)
        assert game.to_move(det.data) == state.to_move, (
            f"{here}: determinizing changed whose turn it is"
        )
        assert det.observe(seat) == state.observe(seat), (
            f"{here}: P{seat + 1}'s observation differs after determinizing for P{seat + 1}"
        )
        assert det.legal_actions(seat) == state.legal_actions(seat), (
            f"{here}: P{seat + 1}'s legal actions differ after determinizing"
        )
        _check_goes_on(det, random.Random(rnd.getrandbits(64)), here + f" (for P{seat + 1})")
        if not components:
            continue
        _check_zones(game, det, components, here + f" (determinized for P{seat + 1})")
        moved = {cid for cid, zone in _zone_of(det).items() if truth.get(cid) != zone}
        hidden_from_someone |= moved
        leaked = moved & set(_strings(state.observe(seat)))
        assert not leaked, f"{here}: P{seat + 1} can see hidden card(s) {sorted(leaked)}"
    if components:
        leaked = hidden_from_someone & set(_strings(state.observe(None)))
        assert not leaked, f"{here}: a spectator can see hidden card(s) {sorted(leaked)}"
    return game.players


# Random steps played on from each determinization.
GOES_ON_STEPS = 12


def _check_goes_on(state: State[Any], rnd: random.Random, here: str) -> None:
    for step in range(GOES_ON_STEPS):
        if state.is_over:
            return
        seat = rnd.choice(state.to_move)
        legal = state.legal_actions(seat)
        assert legal, (
            f"{here}: {step} step(s) into random play from the determinization, "
            f"P{seat + 1} is to move but has no legal action"
        )
        action = rnd.choice(legal)
        state = _apply(
            state,
            seat,
            action,
            f"{here}: random play from the determinization, {step + 1} step(s) on, "
            f"P{seat + 1}'s {action}",
        )


def _apply(state: State[Any], seat: int, action: Action, what: str) -> State[Any]:
    """``state.apply``, a crash turned into a failure that says where it happened."""
    try:
        return state.apply(seat, action)
    except Exception as exc:
        raise AssertionError(f"{what}: does not apply: {type(exc).__name__}: {exc}") from exc


def _check_outcome(game: Game[Any], state: State[Any], where: str) -> None:
    assert state.is_over
    scores = state.scores()
    assert len(scores) == game.players, f"{where}: {len(scores)} scores for {game.players} seats"
    winners = state.winners()
    assert len(set(winners)) == len(winners), f"{where}: duplicate winners {winners}"
    assert all(0 <= w < game.players for w in winners), f"{where}: bad winners {winners}"
    obs = state.observe(None)
    assert obs["is_over"] and obs["scores"] == scores and obs["winners"] == winners


def _check_ending(state: State[Any], rnd: random.Random, where: str) -> None:
    said = state.ending()
    if said is None:
        return
    assert said.strip(), f"{where}: Game.ending says an empty sentence; return None instead"
    for seat in range(state.game.players):
        seen = state.determinize(seat, rnd).ending()
        assert seen == said, (
            f"{where}: Game.ending tells what P{seat + 1} cannot know: {said!r} on the game, "
            f"{seen!r} with its secrets dealt again"
        )


def _check_replay(
    game: Game[Any],
    seed: int,
    moves: list[tuple[int, Action]],
    digests: list[str],
    where: str,
) -> None:
    state = game.start(seed)
    assert state.digest() == digests[0], f"{where}: the same seed gave another start"
    for i, (seat, action) in enumerate(moves, 1):
        state = state.apply(seat, action)
        assert state.digest() == digests[i], f"{where}: replay diverged at step {i}"


# -- golden playthroughs ----------------------------------------------------------------


def playthrough(game: Game[Any], seed: int, *, choice_seed: int = 0) -> str:
    """A seeded random game written out step by step (a golden file's content).

    Each step lists whose decision it is, that seat's observation (canonical JSON),
    its legal actions, the action taken and the scores after it; the end gives the
    final scores, winners and the spectator's picture.
    """
    rnd = random.Random(choice_seed)
    state = game.start(seed)
    lines = [
        f"# {game.spec.title} playthrough",
        f"config: {json.dumps(game.config, sort_keys=True)}",
        f"rules_version: {game.spec.rules_version}",
        f"seed: {seed}  choices: random({choice_seed})",
        "",
    ]
    step = 0
    while not state.is_over:
        seat = rnd.choice(state.to_move)
        legal = state.legal_actions(seat)
        action = rnd.choice(legal)
        step += 1
        lines.append(f"## step {step}: P{seat + 1} of {list(state.to_move)}")
        lines.append("observation: " + json.dumps(state.observe(seat), sort_keys=True))
        lines.append("legal: " + "; ".join(str(a) for a in legal))
        lines.append(f"action: {action}")
        state = state.apply(seat, action)
        lines.append(f"scores: {state.scores()}")
    lines += [
        "",
        f"scores: {state.scores()}",
        f"winners: {[f'P{w + 1}' for w in state.winners()]}",
        f"digest: {state.digest()}",
        "",
        state.render(None),
        "",
    ]
    return "\n".join(lines)


def check_golden(path: Path, text: str) -> None:
    """Assert ``text`` equals the golden file at ``path``.

    With ``ECOTONE_REGEN_GOLDENS=1`` in the environment, (re)write the file instead.
    """
    if os.environ.get("ECOTONE_REGEN_GOLDENS") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    if not path.exists():
        raise AssertionError(f"no golden file {path}; run scripts/regen-goldens to create it")
    expected = path.read_text(encoding="utf-8")
    if expected != text:
        diff = "".join(
            list(
                difflib.unified_diff(
                    expected.splitlines(keepends=True),
                    text.splitlines(keepends=True),
                    "golden",
                    "now",
                    n=1,
                )
            )[:40]
        )
        raise AssertionError(f"{path} differs from this run:\n{diff}")
