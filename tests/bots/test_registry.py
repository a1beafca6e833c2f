"""The bots registry: a game's own bots and search defaults come from its bot module.

No generic bot module names a game; a game registered at run time gets its heuristic,
its named bots and its search defaults through the registry like the built-in ones.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import ecotone
import ecotone.bots
from ecotone.bots import Bot, SeatView, available_bots, make_bot, registry
from ecotone.bots.ismcts import DEFAULT_ITERATIONS, ISMCTSBot, default_iterations
from ecotone.bots.registry import GameBots, SearchDefaults, lookup, register, registered
from ecotone.core.actions import Action
from ecotone.core.errors import ConfigError
from tests.core.toy import Bid, Fold


class HighBidder(Bot):
    """Bids its highest card (the toy's heuristic)."""

    name = "heuristic"

    def act(self, view: SeatView) -> Action:
        bids = [a for a in view.legal_actions if isinstance(a, Bid)]
        return max(bids, key=lambda a: a.card) if bids else Fold()


class Folder(Bot):
    """Always folds (a bot of the toy only)."""

    name = "folder"

    def act(self, view: SeatView) -> Action:
        return Fold()


def _toy_bots(game_id: str, **search: Any) -> GameBots:
    return GameBots(
        game=game_id,
        heuristic=HighBidder,
        extra={"folder": Folder},
        search=SearchDefaults(**search),
    )


@pytest.fixture
def toy_bots(toy: str) -> Iterator[str]:
    """The toy game with a heuristic, a bot of its own and search defaults, for one test."""
    register(
        _toy_bots(
            toy,
            iterations=24,
            options={"rollout": "heuristic", "max_depth": 3},
            by_players={2: {"evidence": 1.5}},
        )
    )
    yield toy
    registry.unregister(toy)


def _generic_modules() -> list[Path]:
    root = Path(ecotone.bots.__file__).parent
    return [p for p in sorted(root.rglob("*.py")) if "heuristics" not in p.relative_to(root).parts]


def test_no_generic_bot_module_names_a_game() -> None:
    ids = ecotone.available_games()
    modules = _generic_modules()
    assert ids
    assert {"__init__.py", "ismcts.py", "registry.py"} <= {p.name for p in modules}
    for path in modules:
        text = path.read_text(encoding="utf-8")
        named = [g for g in ids if re.search(rf"\b{re.escape(g)}\b", text, re.IGNORECASE)]
        assert not named, f"{path.name} names {named}: a game's bot module registers it"


def test_every_built_in_game_registers_its_heuristic() -> None:
    assert registered() == ecotone.available_games()
    for game_id in registered():
        own = lookup(game_id)
        assert own is not None
        assert own.game == game_id
        assert own.heuristic is not None
        assert own.heuristic.__module__.startswith("ecotone.bots.heuristics.")
        assert "heuristic" in available_bots(game_id)


def test_a_game_registered_at_run_time_gets_its_bots_through_the_registry(toy_bots: str) -> None:
    assert available_bots(toy_bots) == ["random", "heuristic", "ismcts", "folder"]
    game = ecotone.make(toy_bots, players=2)
    state = game.start(3)
    heuristic = make_bot("heuristic", game, 0, 1)
    assert isinstance(heuristic, HighBidder)
    assert heuristic.act(SeatView(state, 0)) == Bid(max(state.data.hands[0]))
    assert make_bot("folder", game, 1).act(SeatView(state, 1)) == Fold()


def test_the_search_takes_a_registered_games_defaults(toy_bots: str) -> None:
    game = ecotone.make(toy_bots, players=2)
    assert default_iterations(toy_bots) == 24
    bot = make_bot("ismcts", game, 0, 5)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.rollout, bot.max_depth) == (24, "heuristic", 3)
    assert bot.evidence == 1.5  # the two-player default, over the game's own
    assert bot.prior == "heuristic"
    assert all(isinstance(h, HighBidder) for h in bot._helpers)
    assert isinstance(bot._advisor, HighBidder)
    listed = {o.name: o for o in ISMCTSBot.options_for(toy_bots)}
    assert listed["evidence"].default == 0.0
    assert listed["evidence"].help.endswith("; 1.5 at 2 players")
    state = game.start(1)
    assert bot.act(SeatView(state, 0)) in state.legal_actions(0)


def test_a_game_with_no_bots_of_its_own_gets_the_generic_ones(toy: str) -> None:
    assert lookup(toy) is None
    assert available_bots(toy) == ["random", "ismcts"]
    assert default_iterations(toy) == DEFAULT_ITERATIONS
    bot = make_bot("ismcts", ecotone.make(toy, players=2), 0)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.rollout, bot.prior) == (DEFAULT_ITERATIONS, "random", "none")


def test_an_unknown_bot_is_refused_with_the_games_bots(toy_bots: str) -> None:
    game = ecotone.make(toy_bots, players=2)
    with pytest.raises(ConfigError, match=r"bots: random, heuristic, ismcts, folder$") as err:
        make_bot("genius", game, 0)
    assert err.value.code == "config/unknown-bot"
    # a bot of one game is unknown to another
    forest = ecotone.make("once-upon-a-forest", players=2)
    with pytest.raises(ConfigError, match="no bot 'folder'"):
        make_bot("folder", forest, 0)


def test_search_defaults_naming_no_option_are_refused(toy: str) -> None:
    register(_toy_bots(toy, options={"depth": 3}, by_players={2: {"speed": 1}}))
    try:
        with pytest.raises(ConfigError, match="name no option of the search: depth, speed"):
            make_bot("ismcts", ecotone.make(toy, players=2), 0)
    finally:
        registry.unregister(toy)


def test_a_registration_is_frozen_and_cannot_be_replaced(toy_bots: str) -> None:
    own = lookup(toy_bots)
    assert own is not None
    with pytest.raises(TypeError):
        own.search.options["max_depth"] = 9  # type: ignore[index]
    with pytest.raises(TypeError):
        own.search.by_players[2]["evidence"] = 0.0  # type: ignore[index]
    with pytest.raises(TypeError):
        own.extra["hawk"] = Folder  # type: ignore[index]
    # registering the same record again is harmless; another one for the game is not
    assert register(_toy_bots(toy_bots, **_search_of(own))) == own
    with pytest.raises(ValueError, match="already registered"):
        register(_toy_bots(toy_bots, iterations=99))
    assert default_iterations(toy_bots) == 24


def _search_of(own: GameBots) -> dict[str, Any]:
    s = own.search
    return {"iterations": s.iterations, "options": s.options, "by_players": s.by_players}


class _EntryPoint:
    """An installed package's entry in the ``ecotone.bots`` group."""

    def __init__(self, name: str, value: str, load: Any) -> None:
        self.name, self.value, self._load = name, value, load

    def load(self) -> Any:
        return self._load()


def test_other_packages_register_through_entry_points(
    toy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> Any:
        raise ImportError("No module named 'nowhere'")

    points = [
        _EntryPoint(toy, "toypkg.bots:BOTS", lambda: _toy_bots(toy, iterations=7)),
        _EntryPoint("nowhere", "nowhere.bots", broken),
    ]
    groups: list[str] = []

    def entry_points(*, group: str) -> list[_EntryPoint]:
        groups.append(group)
        return points

    monkeypatch.setattr(registry, "entry_points", entry_points)
    monkeypatch.setattr(registry, "_discovered", False)
    # (the built-in modules are imported already: they registered once, as in a process)
    monkeypatch.setattr(registry, "_REGISTERED", dict(registry._REGISTERED))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert available_bots(toy) == ["random", "heuristic", "ismcts", "folder"]
    assert groups == ["ecotone.bots"]
    assert default_iterations(toy) == 7
    assert [str(w.message) for w in caught] == [
        "the bots of 'nowhere' (nowhere.bots) cannot be loaded: No module named 'nowhere'"
    ]
    # the broken plugin left the built-in bots alone, and discovery ran once
    assert "heuristic" in available_bots("phylo")
    assert registered() == ecotone.available_games()  # the toy's game and bots both
    assert groups == ["ecotone.bots"]
