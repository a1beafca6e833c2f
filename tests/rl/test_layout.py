"""The observation tensor's layout: fixed per configuration, described slot by slot, and
honest about what did not fit."""

from __future__ import annotations

import copy
import dataclasses
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np

import ecotone
import ecotone.rl
from ecotone.bots.tensor.encoding import build
from ecotone.bots.tensor.nodes import OVERFLOW
from ecotone.rl.describe import main, summary
from tests.core.test_architecture import naming
from tests.rl.configs import fewest_first, refusal

ROOT = Path(__file__).resolve().parents[2]


def observations(game_id: str, players: int, variant: str | None, seed: int) -> list[Any]:
    """Every seat's observation after each decision of one seeded random game."""
    game = ecotone.make(game_id, players=players, variant=variant)
    state = game.start(seed)
    rnd = random.Random(seed)
    out = [state.observe(seat) for seat in range(players)]
    while not state.is_over:
        seat = state.to_move[0]
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
        out.extend(state.observe(s) for s in range(players))
    return out


@pytest.mark.parametrize("config", fewest_first())
def test_slices_tile_the_tensor_and_bound_it(config: tuple[str, int, str | None]) -> None:
    game_id, players, variant = config
    found = ecotone.rl.layout(game_id, players=players, variant=variant)
    stops = [0]
    for piece in found.slices:
        assert piece.start == stops[-1], piece  # no gap, no overlap
        assert piece.stop > piece.start or piece.kind == "text"
        stops.append(piece.stop)
    assert stops[-1] == found.size
    assert found.slices[0].kind == "overflow"
    assert found.low.shape == found.high.shape == (found.size,)
    assert np.all(found.low < found.high)  # the checkers warn on equal bounds
    assert (
        found.num_actions
        == ecotone.make(game_id, players=players, variant=variant).num_distinct_actions
    )


def test_each_configuration_has_its_own_fixed_size() -> None:
    two = ecotone.rl.layout("once-upon-a-forest", players=2)
    four = ecotone.rl.layout("once-upon-a-forest", players=4)
    assert two.size != four.size  # four seats' forests take more room
    obs = observations("once-upon-a-forest", 2, None, 3)
    assert {two.encode(o).shape for o in obs} == {(two.size,)}
    assert {two.encode(o).dtype for o in obs} == {np.dtype(np.float32)}


def test_a_layout_is_built_the_same_way_every_time() -> None:
    cached = ecotone.rl.layout("phylo", players=2)
    fresh = build(ecotone.make("phylo", players=2))
    assert fresh is not cached
    assert fresh.to_json() == cached.to_json()


def test_the_tensor_is_a_pure_function_of_the_observation() -> None:
    found = ecotone.rl.layout("biome-borneo", players=2)
    for obs in observations("biome-borneo", 2, None, 5)[::25]:
        copied = copy.deepcopy(obs)
        first = found.encode(obs)
        assert obs == copied  # encoding does not touch the observation
        assert np.array_equal(first, found.encode(copied))
        assert np.all(first >= found.low)
        assert np.all(first <= found.high)


def test_a_hand_reads_back_as_the_cards_in_it() -> None:
    found = ecotone.rl.layout("once-upon-a-forest", players=2)
    checked = 0
    for obs in observations("once-upon-a-forest", 2, None, 11):
        tensor = found.encode(obs)
        for seat, hand in enumerate(obs["hands"]):
            path = f"hands[{seat}].cards"
            present = found.read(tensor, path, "present")
            counts = found.read(tensor, path, "counts")
            if hand["cards"] is None:  # a hand the seat may not see: absent, no cards
                assert (present, counts) == (0.0, {})
            else:
                assert present == 1.0
                assert counts == Counter(hand["cards"])
                checked += bool(hand["cards"])
        assert found.read(tensor, "turn") == float(obs["turn"])
    assert checked > 10


def test_cards_on_a_table_are_found_by_their_id_wherever_they_lie() -> None:
    found = ecotone.rl.layout("phylo", players=2)
    obs = next(o for o in observations("phylo", 2, None, 2) if len(o["table"]) > 3)
    tensor = found.encode(obs)
    for placed in obs["table"]:
        card = placed["card"]
        assert found.read(tensor, f"table[card={card}]") == 1.0
        owner = found.read(tensor, f"table[card={card}].owner")
        assert owner == float(placed["owner"])
    keyed = [p for p in found.slices if p.path.startswith("table[card=") and p.kind == "present"]
    on_table = {f"table[card={p['card']}]" for p in obs["table"]}
    assert {p.path for p in keyed} > on_table
    assert all(tensor[p.start] == (p.path in on_table) for p in keyed)


def test_what_does_not_fit_is_counted_in_the_overflow_slot() -> None:
    found = ecotone.rl.layout("once-upon-a-forest", players=2)
    obs = observations("once-upon-a-forest", 2, None, 1)[10]
    assert found.encode(obs)[OVERFLOW] == 0.0
    unknown_card = copy.deepcopy(obs)
    unknown_card["hands"][obs["seat"]]["cards"].append("no-such-card")
    assert found.encode(unknown_card)[OVERFLOW] == 1.0
    unknown_key = {**obs, "weather": "rain", "season": "dry"}
    assert found.encode(unknown_key)[OVERFLOW] == 2.0
    wrong_kind = {**obs, "turn": "seven"}
    assert found.encode(wrong_kind)[OVERFLOW] == 1.0


def test_the_description_names_every_part_of_the_observation() -> None:
    found = ecotone.rl.layout("singapore-untamed", players=4)
    text = found.describe()
    assert f"{found.size} slots" in text
    for key in observations("singapore-untamed", 4, None, 0)[0]:
        assert f"`{key}" in text, key
    full = found.describe(full=True)
    assert len(full.splitlines()) == len(found.slices) + 4


def test_the_layout_command_prints_the_description(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["phylo", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert out == ecotone.rl.layout("phylo", players=2).describe()
    assert main(["phylo", "--players", "2", "--json"]) == 0
    assert '"slices"' in capsys.readouterr().out
    assert main(["--all"]) == 0
    everything = capsys.readouterr().out
    assert everything == summary()
    for game_id in ecotone.available_games():
        assert f"`{game_id}`" in everything


def test_the_layout_command_takes_the_fewest_players_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["once-upon-a-forest", "--variant", "solo"]) == 0
    assert (
        capsys.readouterr().out
        == ecotone.rl.layout("once-upon-a-forest", players=1, variant="solo").describe()
    )
    assert ecotone.rl.layout("singapore-untamed").config["players"] == 4


def test_a_slice_not_found_says_what_to_ask_instead() -> None:
    found = ecotone.rl.layout("phylo", players=2)
    with pytest.raises(KeyError, match=r"a pattern: name one place.*hands\[0\]\.cards"):
        found.find("hands[i].cards")
    with pytest.raises(KeyError, match="its kinds: present, counts"):
        found.find("hands[0].cards", "one-hot")
    with pytest.raises(KeyError, match="for example: overflow, "):
        found.find("nothing-like-it")
    assert found.find("hands[0].cards", "counts").kind == "counts"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["phylo", "--players", "5"], "Phylo: Voyage of the Beagle is for 2 players, not 5"),
        (["phylo", "--players", "2", "--variant", "nope"], "has no variant 'nope'"),
        (["phylo", "--players", "0"], "is for 2 players, not 0"),
        ([], "name a GAME"),
    ],
)
def test_the_layout_command_refuses_a_configuration_in_words(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert said in refusal(main, argv, capsys)


def test_the_rl_package_and_the_tensor_name_no_game() -> None:
    found = naming(ROOT / "src/ecotone/rl") + naming(ROOT / "src/ecotone/bots/tensor")
    assert not found, "ecotone.rl and ecotone.bots.tensor work for any game:\n" + "\n".join(found)


def test_a_layout_is_versioned_by_what_its_slots_mean() -> None:
    found = ecotone.rl.layout("phylo", players=2)
    assert len(found.fingerprint) == 32
    assert found.fingerprint in found.describe()
    # the same in another process (it hashes the content, never an address)
    command = [
        sys.executable,
        "-c",
        "import ecotone.rl; print(ecotone.rl.layout('phylo', players=2).fingerprint)",
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    assert done.stdout.strip() == found.fingerprint
    # built again from the same probe: the same; another configuration: another
    assert build(ecotone.make("phylo", players=2)).fingerprint == found.fingerprint
    other = ecotone.rl.layout("phylo", players=2, variant="constructed")
    assert other.fingerprint != found.fingerprint
    # one label of one slice changed (a card renamed): another, at the same size
    piece = next(p for p in found.slices if p.kind == "one-hot")
    renamed = dataclasses.replace(piece, labels=(*piece.labels[:-1], "renamed"))
    slices = tuple(renamed if p is piece else p for p in found.slices)
    changed = dataclasses.replace(found, slices=slices)
    assert changed.size == found.size
    assert changed.fingerprint != found.fingerprint
    # the environments' tensor space carries the stamp a saved model keeps
    space = ecotone.rl.env("phylo", players=2).observation_space("player_0")["observation"]
    assert space.ecotone_layout == found.stamp()
    assert found.stamp()["fingerprint"] == found.fingerprint
