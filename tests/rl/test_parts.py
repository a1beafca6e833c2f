"""A seat's observation in parts: every game's parts make its observation key for key, and
the tensor brought up to date part by part is the very tensor of ``state.observe(seat)``,
at every step of a game of every configuration, and on states the seat cannot tell from
the truth."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")

import numpy as np

import ecotone
from ecotone.bots.tensor import layout_for
from ecotone.bots.tensor.incremental import COUNTS_HOLDERS, SeatEncoder, _fields, _Keyed, _Leaf
from ecotone.bots.tensor.nodes import Keyed, Number, Record, compile_items, compile_keyed_items
from ecotone.core.deckbuilding import DeckList
from ecotone.core.parts import ABSENT, ObservationPart, assemble
from ecotone.games.phylo.decks import deckbuilding
from tests.rl.configs import configurations, ids


@pytest.mark.parametrize("config", configurations(), ids=ids)
def test_parts_make_the_observation_and_its_tensor(config: tuple[str, int, str | None]) -> None:
    game_id, players, variant = config
    game = ecotone.make(game_id, players=players, variant=variant)
    found = layout_for(game)
    encoders = [SeatEncoder(found, game, seat) for seat in range(players)]
    assert all(encoder.incremental for encoder in encoders)
    rnd = random.Random(11)
    state = game.start(11)
    steps = 0
    while True:
        # every few steps (the encoder then meets several steps' changes at once) and
        # the end
        for seat, encoder in enumerate(encoders if steps % 4 == 0 or state.is_over else ()):
            seen = state.observe(seat)
            parts = game.observation_parts(seat)
            assert assemble(parts, state.data) == game.observation(state.data, seat)
            assert np.array_equal(encoder.encode(state), found.encode(seen))
            if steps % 12 == 0 and not state.is_over:
                # a state the seat cannot tell from the truth: the same tensor, from parts
                # that all changed (hidden cards re-dealt), and back again
                other = state.determinize(seat, rnd)
                assert np.array_equal(encoder.encode(other), found.encode(seen))
                assert np.array_equal(encoder.encode(state), found.encode(seen))
        if state.is_over:
            break
        seat = state.to_move[0]
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
        steps += 1
    assert steps > 10


def test_an_encoder_takes_states_in_any_order() -> None:
    game = ecotone.make("once-upon-a-forest", players=3)
    found = layout_for(game)
    encoder = SeatEncoder(found, game, 1)
    states = []
    for seed in (1, 2):
        rnd = random.Random(seed)
        state = game.start(seed)
        for _ in range(40):
            states.append(state)
            seat = state.to_move[0]
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    random.Random(0).shuffle(states)
    for state in states:
        assert np.array_equal(encoder.encode(state), found.encode(state.observe(1)))


def test_the_tensor_handed_out_is_a_copy() -> None:
    game = ecotone.make("phylo", players=2)
    encoder = SeatEncoder(layout_for(game), game, 0)
    state = game.start(3)
    first = encoder.encode(state)
    kept = first.copy()
    seat = state.to_move[0]
    encoder.encode(state.apply(seat, state.legal_actions(seat)[0]))
    assert np.array_equal(first, kept)


@pytest.mark.skipif(not COUNTS_HOLDERS, reason="reference counts read otherwise here")
def test_a_tensor_nobody_holds_is_written_again_and_one_held_never() -> None:
    game = ecotone.make("phylo", players=2)
    found = layout_for(game)
    encoder = SeatEncoder(found, game, 0)
    state = game.start(3)
    seat = state.to_move[0]
    after = state.apply(seat, state.legal_actions(seat)[0])
    first = encoder.encode(state)
    place = id(first)
    del first  # dropped: the next tensor is written in the same array
    second = encoder.encode(after)
    assert id(second) == place
    assert np.array_equal(second, found.encode(after.observe(0)))
    view = second[:10]  # a view holds the array: the next tensor is another one
    kept = second.copy()
    del second
    third = encoder.encode(state)
    assert np.array_equal(view.base, kept)
    assert np.array_equal(third, found.encode(state.observe(0)))


def test_a_part_made_item_by_item_and_a_key_left_out() -> None:
    pieces = ((("a", "b"), ("c",)), (("d",),))
    parts = (
        ObservationPart("trees", lambda d: d, list, each=2),
        ObservationPart("count", len, lambda n: n),
        ObservationPart("shown", lambda d: None, lambda _: ABSENT),
    )
    assert assemble(parts, pieces) == {"trees": [[["a", "b"], ["c"]], [["d"]]], "count": 2}
    assert parts[0].value(pieces) == [[["a", "b"], ["c"]], [["d"]]]


def test_a_part_made_key_by_key() -> None:
    part = ObservationPart("decks", lambda d: d, len, each=1, keys=("a", "b"))
    assert part.value((("x",), ("y", "z"))) == {"a": 1, "b": 2}


def test_an_object_made_key_by_key_writes_what_the_whole_object_writes() -> None:
    """Each key's value written where the record places it, a step that changes one piece
    making that one value again, leaves the very slots the record's own code writes; a
    place that is not a record of those keys is made whole."""
    record = Record((("a", Number(False)), ("b", Number(False)), ("c", Number(False))))
    keys = ("a", "c")
    leaves: list[tuple[object, _Leaf]] = []
    fields = _fields(record, 3, lambda n: n, keys, leaves)  # type: ignore[arg-type]
    assert fields is not None
    for node, leaf in leaves:
        leaf.encode = compile_items([node])[0]  # type: ignore[list-item]
    whole = _Leaf(lambda p: dict(zip(keys, p, strict=True)), compile_items([record])[0], 3)
    size = 3 + record.width
    one, other = np.zeros(size, np.float32), np.zeros(size, np.float32)
    for pieces in [(1, 2), (1, 5), (0, 5), (7, 0), (7, 0), (2, 3)]:
        whole.update(pieces, memoryview(one))  # type: ignore[arg-type]
        fields.update(pieces, memoryview(other))  # type: ignore[arg-type]
        assert np.array_equal(one, other)
    assert one.any()
    assert _fields(record, 3, len, ("a", "z"), []) is None
    assert _fields(Number(False), 3, len, keys, []) is None


def test_a_sparse_part_leaves_out_the_items_made_absent() -> None:
    part = ObservationPart(
        "cells", lambda d: d, lambda c: ABSENT if c is None else {"card": c}, 1, sparse=True
    )
    assert part.value(("a", None, "b")) == [{"card": "a"}, {"card": "b"}]


def test_a_keyed_list_made_object_by_object_writes_what_the_whole_list_writes() -> None:
    """Objects that name one id twice, an unknown id and an unknown field: the list
    brought up to date object by object leaves the very slots the list's own code
    writes, whatever changed between two lists."""
    node = Keyed("card", ("a", "b", "c"), Record((("n", Number(False)),)))
    whole = _Leaf(lambda value: value, compile_items([node])[0], 3)
    listed = _Keyed(lambda piece: ABSENT if piece is None else dict(piece), 3)
    listed.encode = compile_keyed_items([node])[0]
    lists = [
        (None, (("card", "a"), ("n", 1)), None),
        ((("card", "a"), ("n", 1)), (("card", "b"), ("n", 2)), (("card", "c"), ("n", 3))),
        ((("card", "a"), ("n", 1)), (("card", "a"), ("n", 5)), (("card", "c"), ("n", 3))),
        ((("card", "z"), ("n", 1)), None, (("card", "b"), ("n", 3), ("x", 0))),
        ((("card", "b"), ("n", 4)), (("card", "b"), ("n", 4))),
        (None, None, None, None),
        ((("card", "c"), ("n", 7)),),
    ]
    size = 3 + node.width
    one, other = np.zeros(size, np.float32), np.zeros(size, np.float32)
    one_ov = other_ov = 0
    for pieces in lists + lists[::-1]:
        objects = [dict(piece) for piece in pieces if piece is not None]
        one_ov += whole.update(objects, memoryview(one))  # type: ignore[arg-type]
        other_ov += listed.update(pieces, memoryview(other))  # type: ignore[arg-type]
        assert np.array_equal(one, other)
        assert one_ov == other_ov
    assert one.any()


class _NoParts(ecotone.make("phylo", players=2).__class__):  # type: ignore[misc]
    def observation_parts(self, seat: int) -> tuple[ObservationPart[object], ...]:
        return ()


def test_a_game_without_parts_is_observed_whole() -> None:
    game = _NoParts(2)
    found = layout_for(game)
    encoder = SeatEncoder(found, game, 1)
    assert not encoder.incremental
    state = game.start(5)
    assert np.array_equal(encoder.encode(state), found.encode(state.observe(1)))


def _phylo_code() -> str:
    build = deckbuilding()
    isles = build.builtin("enchanted isles").deck.ids()
    return build.encode(DeckList.of("Isles again", isles))


@pytest.mark.parametrize(
    ("game_id", "variant", "options"),
    [
        ("phylo", "constructed", {"deck1": "Atlantic Coast", "deck2": "Across the Andes"}),
        ("phylo", "constructed", {"deck1": "code"}),  # a deck code, which names the deck
        ("biomasters", None, {"decks": "ocean,wetland"}),
    ],
)
def test_parts_follow_the_options(
    game_id: str, variant: str | None, options: dict[str, str]
) -> None:
    """The decks a match is played with show in the observation: the parts say the same."""
    options = {k: _phylo_code() if v == "code" else v for k, v in options.items()}
    game = ecotone.make(game_id, players=2, variant=variant, **options)
    rnd = random.Random(4)
    state = game.start(4)
    for _ in range(60):
        if state.is_over:
            break
        for seat in range(2):
            parts = game.observation_parts(seat)
            assert assemble(parts, state.data) == game.observation(state.data, seat)
        seat = state.to_move[0]
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
