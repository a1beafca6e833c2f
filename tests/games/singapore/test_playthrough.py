"""A golden playthrough, and determinism."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from ecotone.core.game import Game
from ecotone.testing import check_golden

from .helpers import game

GOLDEN = Path(__file__).parent / "golden"


def compact_playthrough(g: Game[Any], seed: int, choice_seed: int = 0) -> str:
    """A seeded random game as a round-by-round record: the Gamemaster's log of each round,
    then every decision with a short hash of the deciding seat's observation (so any change
    of what a seat sees shows up), the scores after the round, and the final picture.
    The kernel's ``playthrough`` writes each observation in full, which for a 10-round
    game of this size runs to megabytes."""
    rnd = random.Random(choice_seed)
    s = g.start(seed)
    lines = [
        f"# {g.spec.title} compact playthrough",
        f"config: {json.dumps(g.config, sort_keys=True)}",
        f"rules_version: {g.spec.rules_version}",
        f"seed: {seed}  choices: random({choice_seed})",
        "",
    ]
    step = 0
    steps: list[str] = []
    while not s.is_over:
        seat = rnd.choice(s.to_move)
        legal = s.legal_actions(seat)
        action = rnd.choice(legal)
        obs = json.dumps(s.observe(seat), sort_keys=True).encode()
        step += 1
        steps.append(
            f"  {step}. P{seat + 1} of {[t + 1 for t in s.to_move]} "
            f"({len(legal)} legal, view {hashlib.blake2b(obs, digest_size=4).hexdigest()})"
            f": {action}"
        )
        before = s.data.round
        s = s.apply(seat, action)
        if s.data.round != before or s.is_over:
            done = s.data.log if s.is_over else s.data.last_log
            lines += [
                f"## round {before}",
                *done,
                "decisions:",
                *steps,
                f"scores after round {before}: {s.scores()}",
                "",
            ]
            steps = []
    lines += [
        f"scores: {s.scores()}",
        f"winners: {[f'P{w + 1}' for w in s.winners()]}",
        f"digest: {s.digest()}",
        "",
        s.render(None),
        "",
    ]
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("name", "players", "variant", "seed"),
    [("standard-4p-seed7.txt", 4, None, 7), ("survival-5p-seed3.txt", 5, "survival", 3)],
)
def test_golden_playthrough(name: str, players: int, variant: str | None, seed: int) -> None:
    check_golden(GOLDEN / name, compact_playthrough(game(players, variant), seed))


def test_golden_file_reads_like_a_game() -> None:
    text = (GOLDEN / "standard-4p-seed7.txt").read_text(encoding="utf-8")
    actions = [
        line.split(": ", 1)[1]
        for line in text.splitlines()
        if line.startswith("  ") and " of [" in line
    ]
    assert actions[0].startswith(("migrate to", "play"))
    assert any(a.startswith("draw from the") for a in actions)
    assert any(a in ("cooperate", "intimidate") for a in actions)
    assert "## round 10" in text
    assert "Round 10: " in text
    assert "The game ends after 10 rounds." in text
    assert "scores: [" in text
    assert text.count("scores after round ") == 10
    assert "winners: [" in text


def random_game(seed: int) -> list[str]:
    g = game(5)
    rnd = random.Random(seed)
    s = g.start(seed)
    digests = [s.digest()]
    while not s.is_over:
        seat = rnd.choice(s.to_move)
        s = s.apply(seat, rnd.choice(s.legal_actions(seat)))
        digests.append(s.digest())
    return digests


def test_same_seed_and_actions_reproduce_the_game() -> None:
    assert random_game(3) == random_game(3)
    assert random_game(3) != random_game(4)


def test_state_json_round_trip_mid_game() -> None:
    g = game(4)
    s = g.start(2)
    rnd = random.Random(2)
    for _ in range(70):
        seat = rnd.choice(s.to_move)
        s = s.apply(seat, rnd.choice(s.legal_actions(seat)))
    back = g.load_state(s.to_json())
    assert back == s
    assert back.digest() == s.digest()
