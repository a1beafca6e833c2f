"""Every configuration of every game (player counts and variants), for the rl tests, and
what a command says of one it refuses."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

import ecotone
from ecotone.core.registry import game_class


def configurations() -> list[tuple[str, int, str | None]]:
    """``(game_id, players, variant)`` for every player count of every variant."""
    out: list[tuple[str, int, str | None]] = []
    for game_id in ecotone.available_games():
        spec = game_class(game_id).spec
        for variant in [None, *(v.name for v in spec.variants)]:
            low, high = spec.player_range(variant)
            out.extend((game_id, players, variant) for players in range(low, high + 1))
    return out


def fewest_first() -> list[Any]:
    """Every configuration as a test parameter, those beyond the fewest players of each game
    and variant in the slow run (their tensors differ in size, made by the same code)."""
    seen: set[tuple[str, str | None]] = set()
    out: list[Any] = []
    for config in configurations():
        key = (config[0], config[2])
        marks = [pytest.mark.slow] if key in seen else []
        seen.add(key)
        out.append(pytest.param(config, marks=marks, id=ids(config)))
    return out


def first_configurations() -> list[tuple[str, int]]:
    """Each game at the smallest player count of its standard game."""
    return [(g, game_class(g).spec.min_players) for g in ecotone.available_games()]


def ids(config: tuple[object, ...]) -> str:
    return "-".join(str(part) for part in config if part is not None)


def refusal(
    main: Callable[[Sequence[str]], int], argv: list[str], capsys: pytest.CaptureFixture[str]
) -> str:
    """What command ``main`` prints when it refuses ``argv`` as a usage error (exit 2)."""
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err
