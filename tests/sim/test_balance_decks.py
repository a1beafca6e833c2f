"""Deck against deck in the balance lab: the rotation's games, the matchup table, the report."""

from __future__ import annotations

import json
from collections.abc import Sequence
from itertools import combinations
from pathlib import Path

import pytest

import ecotone
from ecotone.cli.main import main
from ecotone.core.errors import ConfigError
from ecotone.core.registry import game_class
from ecotone.sim.balance import GameRecord, Plan, analyse, plots, run_batch, write_report
from ecotone.sim.balance.decks import DeckRotation, deck_keys, seat_decks
from ecotone.sim.balance.matchups import matchup_table
from ecotone.sim.decktest import _deck_cards, _Game, _impact, deckbuilding_of
from ecotone.sim.decktest import matchups as deck_matchups
from ecotone.sim.runner import GameResult, game_seed
from tests.cli.test_cli_decks import POND
from tests.core.test_architecture import ROOT, naming

BIOMASTERS, PHYLO = "biomasters", "phylo"


def _builtins(game_id: str) -> list[str]:
    build = game_class(game_id).deckbuilding()
    assert build is not None
    return [b.key for b in build.builtins]


def _plan(game_id: str, per_pairing: int, seed: int = 3, bots: Sequence[str] = ("random",)) -> Plan:
    build = game_class(game_id).deckbuilding()
    assert build is not None
    rotation = DeckRotation.every_pair(deck_keys(build, ["builtin"]))
    game = ecotone.make(game_id, players=2, variant=build.seats.variant)
    return Plan.of(game, list(bots), rotation.games(per_pairing), seed, rotation)


# -- the rotation's games ---------------------------------------------------------------------


@pytest.mark.parametrize("game_id", [BIOMASTERS, PHYLO])
def test_the_flag_plays_every_pairing_with_seats_alternated_on_the_same_deals(game_id: str) -> None:
    keys = _builtins(game_id)
    plan = _plan(game_id, 4)
    pairs = list(combinations(keys, 2))
    assert plan.games == 4 * len(pairs)
    assert plan.identity()["decks"]["decks"] == keys
    seen: dict[tuple[str, str], list[tuple[list[str], int]]] = {}
    for index in range(plan.games):
        config = plan.config_of(index)
        # the options the game's deck hook names carry the seats' decks
        assert seat_decks(config) == plan.decks(index)
        game = plan.make_game(index)
        assert seat_decks(game.config) == plan.decks(index)
        a, b = sorted(plan.decks(index), key=keys.index)
        seen.setdefault((a, b), []).append((plan.decks(index), plan.deal(index)))
    assert sorted(seen) == sorted(pairs)
    for (a, b), games in seen.items():
        # each deck at P1 in half the games, alternating; round r dealt from the same seed
        assert [decks for decks, _ in games] == [[a, b], [b, a], [a, b], [b, a]]
        assert [deal for _, deal in games] == [game_seed(3, r) for r in range(4)]


def test_a_plain_batch_reads_its_decks_from_the_options() -> None:
    assert seat_decks(ecotone.make(BIOMASTERS, players=2).config) == ["production", "decomposition"]
    two = ecotone.make(BIOMASTERS, players=4, variant="2v2", decks="Ocean,wetland").config
    assert seat_decks(two) == ["ocean", "wetland", "ocean", "wetland"]
    assert seat_decks(ecotone.make(PHYLO, players=2).config) == []  # no decks in the standard game
    built = ecotone.make(PHYLO, players=2, variant="constructed", deck1="beagle's wake")
    assert seat_decks(built.config) == ["Beagle's Wake", "Atlantic Coast"]
    # a seat left to its default is named by the deck the game deals it, not "P1 default"
    standard = ecotone.make(PHYLO, players=2, variant="constructed").config
    assert seat_decks(standard) == ["Enchanted Isles", "Atlantic Coast"]
    assert seat_decks(ecotone.make("once-upon-a-forest", players=2).config) == []


def test_fewer_than_two_decks_are_refused() -> None:
    build = game_class(BIOMASTERS).deckbuilding()
    assert build is not None
    with pytest.raises(ConfigError) as exc:
        deck_keys(build, ["ocean,Ocean"])
    assert exc.value.code == "balance/decks"
    assert deck_keys(build, ["Wetland, ocean"]) == ["wetland", "ocean"]


# -- the matchup table --------------------------------------------------------------------------


def _record(
    index: int, decks: list[str], winners: list[int], error: str | None = None
) -> GameRecord:
    if error is None:
        result = GameResult(
            index=index, seed=index, bots=["x", "x"], lineup=[0, 1], winners=winners, scores=[0, 0]
        )
    else:
        result = GameResult(index=index, seed=index, bots=["x", "x"], lineup=[0, 1], error=error)
    return GameRecord(result=result, decks=decks)


def test_the_table_pools_both_seats_and_counts_a_shared_win_as_half() -> None:
    # A wins every game it plays from P1 and loses every one from P2: an even matchup,
    # all of it the first player's edge
    games = [_record(i, ["A", "B"] if i % 2 == 0 else ["B", "A"], [0]) for i in range(20)]
    games += [_record(20, ["A", "C"], [0, 1]), _record(21, ["C", "A"], [])]
    games += [_record(22, ["A", "A"], [0]), _record(23, ["A", "B"], [], error="boom")]
    table = matchup_table(games, 2, order=["B"], names={"A": "Alpha"})
    assert table is not None
    assert [k for k, _ in table.decks] == ["B", "A", "C"]
    ab, ba = table.cell("A", "B"), table.cell("B", "A")
    assert ab is not None
    assert ba is not None
    assert (ab.win.value, ab.win.n) == (0.5, 20)
    assert ab.win.low < 0.5 < ab.win.high
    assert ab.win.method.startswith("Wilson")
    assert ab.win.label == "Alpha against B"
    assert ab.win.expected == 0.5
    assert {seat: (f.value, f.n) for seat, f in ab.by_seat} == {"P1": (1.0, 10), "P2": (0.0, 10)}
    assert ba.win.value == 0.5
    ac, ca = table.cell("A", "C"), table.cell("C", "A")
    assert ac is not None
    assert ca is not None
    # a shared win is half a win for both; a game nobody won is no win for either
    assert (ac.win.value, ca.win.value, ac.win.n) == (0.25, 0.25, 2)
    assert table.cell("B", "C") is None
    overall = {f.id: f for f in table.overall}
    assert overall["matchup/A"].n == 22  # the mirror and the failed game left out
    assert matchup_table(games[22:], 2) is None  # no game had two decks at its table


def test_four_seats_say_every_seat_a_deck_held_and_two_decks_of_one_name_apart() -> None:
    """A free-for-all of two decks, each at two seats; two deck files both named Pond."""

    def four(i: int) -> GameRecord:
        result = GameResult(
            index=i, seed=i, bots=["x"] * 4, lineup=[0, 1, 2, 3], winners=[1], scores=[0] * 4
        )
        return GameRecord(result=result, decks=["a.toml", "b.toml", "a.toml", "b.toml"])

    table = matchup_table(
        [four(i) for i in range(4)], 4, names={"a.toml": "Pond", "b.toml": "Pond"}
    )
    assert table is not None
    ab = table.cell("a.toml", "b.toml")
    assert ab is not None
    assert [seat for seat, _ in ab.by_seat] == ["P1+P3"]
    assert ab.win.label == "Pond (a.toml) against Pond (b.toml)"


# -- reports -------------------------------------------------------------------------------------


def test_a_tiny_rotated_batch_reports_its_matchups(tmp_path: Path) -> None:
    plan = _plan(BIOMASTERS, 2)
    records = run_batch(plan, tmp_path)
    assert [r.decks for r in records] == [plan.decks(i) for i in range(plan.games)]
    game = plan.make_game()
    report = analyse(records, plan.identity(), game.presentation(), resamples=50)
    written = write_report(report, tmp_path)
    data = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    table = data["matchups"]
    assert table["method"].startswith("Wilson")
    assert [d["name"] for d in table["decks"]] == ["Savanna", "Woodland Floor", "Ocean", "Wetland"]
    assert len(table["cells"]) == 12  # every ordered pair of four decks
    for cell in table["cells"]:
        assert cell["n"] == 2
        assert cell["low"] <= cell["value"] <= cell["high"]
        assert set(cell["by_seat"]) == {"P1", "P2"}
        mirror = next(
            c
            for c in table["cells"]
            if (c["deck"], c["opponent"]) == (cell["opponent"], cell["deck"])
        )
        assert cell["value"] + mirror["value"] == pytest.approx(1.0)  # nobody drew
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "Deck against deck" in page
    assert "Woodland Floor" in page
    if written.plotted:
        assert (tmp_path / "matchups.png").read_bytes().startswith(b"\x89PNG")
        assert "matchups.png" in data["plots"]


def test_a_plain_batch_of_two_decks_still_has_a_table(tmp_path: Path) -> None:
    game = ecotone.make(BIOMASTERS, players=2)
    plan = Plan.of(game, ["random"], 4, 1)
    records = run_batch(plan, tmp_path / "duel")
    report = analyse(records, plan.identity(), game.presentation(), resamples=50)
    assert report.matchups is not None
    assert [n for _, n in report.matchups.decks] == ["Savanna", "Woodland Floor"]
    cell = report.matchups.cell("production", "decomposition")
    assert cell is not None
    assert cell.win.n == 4
    phylo = ecotone.make(PHYLO, players=2)
    plan = Plan.of(phylo, ["random"], 2, 1)
    plain = analyse(run_batch(plan, tmp_path / "phylo"), plan.identity(), phylo.presentation())
    assert plain.matchups is None
    assert plain.to_json()["matchups"] is None


def test_workers_play_the_rotation_as_one_process_does(tmp_path: Path) -> None:
    plan = _plan(PHYLO, 1)
    assert run_batch(plan, tmp_path / "a", workers=2) == run_batch(plan, tmp_path / "b")


def test_a_rotated_folder_resumes_and_refuses_other_decks(tmp_path: Path) -> None:
    plan = _plan(BIOMASTERS, 1)
    first = run_batch(plan, tmp_path)
    more = Plan(
        plan.config, plan.lineup, plan.games * 2, plan.seed, plan.rules_version, plan.rotation
    )
    assert run_batch(more, tmp_path)[: plan.games] == first
    assert plan.rotation is not None
    other = DeckRotation.every_pair(plan.rotation.decks[:3])
    with pytest.raises(ConfigError, match="another batch"):
        run_batch(Plan(plan.config, plan.lineup, 3, plan.seed, plan.rules_version, other), tmp_path)


def test_the_deck_test_plays_the_labs_games(tmp_path: Path) -> None:
    """`ecotone decks --matchups` and `ecotone balance --decks builtin` give one table."""
    plan = _plan(BIOMASTERS, 2, seed=5, bots=["heuristic"])
    game = plan.make_game()
    report = analyse(run_batch(plan, tmp_path), plan.identity(), game.presentation(), resamples=0)
    assert report.matchups is not None
    for pairing in deck_matchups(BIOMASTERS, games=2, seed=5):
        cell = report.matchups.cell(pairing.deck, pairing.opponent)
        assert cell is not None
        assert (pairing.win.value, pairing.win.low, pairing.games) == (
            cell.win.value,
            cell.win.low,
            cell.win.n,
        )


# -- the command ---------------------------------------------------------------------------------


@pytest.fixture
def no_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands' reports without their pictures, which are not what these tests read
    (drawing them is most of a small batch's time; test_a_tiny_rotated_batch draws them)."""
    monkeypatch.setattr(plots, "available", lambda: False)


@pytest.mark.usefixtures("no_pictures")
def test_the_command_rotates_the_decks(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ["balance", PHYLO, "--decks", "builtin", "--bots", "random", "-n", "1", "-w", "1"]
    assert main([*args, "--seed", "2", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "6 of 6 games completed" in out
    assert "Deck against deck (fair: 50%)" in out
    batch = json.loads((tmp_path / "batch.json").read_text(encoding="utf-8"))
    assert batch["config"]["variant"] == "constructed"  # where Phylo's players bring decks
    assert len(batch["decks"]["pairings"]) == 6


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["once-upon-a-forest", "--decks", "builtin"], "no decks"),
        ([BIOMASTERS, "--decks", "ocean,marsh"], "'marsh' is neither a built-in deck"),
        ([BIOMASTERS, "-n", "1", "-o", "decks=ocean,wetland,foo"], "3 decks (ocean, wetland, foo)"),
        ([BIOMASTERS, "--decks", "ocean"], "at least two different decks"),
    ],
)
def test_the_command_refuses_decks_it_cannot_rotate(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], words: str
) -> None:
    assert main(["balance", *argv, "--out", str(tmp_path)]) != 0
    assert words in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["--decks", "My Pond,Savanna"],
        ["-o", "decks=my pond,savanna"],
        ["--decks", "my-pond,production"],  # the saved file's name works too
    ],
)
@pytest.mark.usefixtures("no_pictures")
def test_a_saved_deck_and_a_built_in_deck_by_its_name(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "My Pond" was "neither a ready-made deck..." here while `ecotone decks --test` took
    # it, and -o refused Savanna, the name `ecotone decks` shows for the built-in deck
    home = tmp_path / "home"
    monkeypatch.setenv("ECOTONE_HOME", str(home))
    saved = home / "decks" / BIOMASTERS / "my-pond.toml"
    saved.parent.mkdir(parents=True)
    saved.write_text(POND, encoding="utf-8")
    out = tmp_path / "out"
    args = ["balance", BIOMASTERS, *argv, "--bots", "random", "-n", "1", "-w", "1"]
    assert main([*args, "--seed", "1", "--out", str(out)]) == 0
    batch = json.loads((out / "batch.json").read_text(encoding="utf-8"))
    # the game is given the saved deck's file, as if its path had been typed
    if argv[0] == "--decks":
        assert batch["decks"]["decks"] == [str(saved), "production"]
    else:
        assert batch["config"]["options"]["decks"] == f"{saved},savanna"


def test_the_lab_names_no_game() -> None:
    lab = ROOT / "src/ecotone/sim/balance"
    assert lab.is_dir()
    assert naming(lab) == []
    assert naming(ROOT / "src/ecotone/sim") == []


def test_a_deck_tests_card_that_lost_its_few_games_is_not_beyond_chance() -> None:
    """Five games with the card, all lost, against a third won without it: that happens
    about one time in eight by chance, and the deck test says so (a normal interval from
    five equal outcomes would have no spread, and call it certain)."""
    build = deckbuilding_of(BIOMASTERS)
    card = next(iter(_deck_cards(build, "ocean")))
    played = [_Game(g, 0, 0.0, frozenset({card})) for g in range(5)]
    played += [_Game(g, 0, 1.0 if g % 3 == 0 else 0.0, frozenset()) for g in range(5, 20)]
    impact = next(c for c in _impact(build, "ocean", played) if c.card == card)
    assert impact.win is not None
    assert impact.win.p is not None
    assert impact.win.p > 0.05
    assert impact.win.low < 0 < impact.win.high
