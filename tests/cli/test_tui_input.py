"""What a player types at a decision: names, prefixes, refusals, and never a crash.

The property tests type arbitrary text, and text made of the games' own words (their
notation with wrong or odd values, the catalogue's names, numbers), at decisions of
random games of every game and variant, and require an answer: a legal move, a step of
a guided choice, or a refusal in words; never an exception.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ecotone
from ecotone.cli.choose import Ask, Decision, Say, Take, interpret
from ecotone.cli.names import Vocabulary, phrases, resolve, segments, words
from ecotone.core.game import State
from ecotone.core.registry import game_class
from tests.cli.tui_toy import CELLS, Lay, Tiles, decision

# Every game in its standard form and in each variant, at the fewest players.
CONFIGS = [
    (
        gid,
        variant.min_players if variant else game_class(gid).spec.min_players,
        variant.name if variant else None,
    )
    for gid in ecotone.available_games()
    for variant in (None, *game_class(gid).spec.variants)
]
IDS = [f"{g}-{v or 'standard'}-{n}" for g, n, v in CONFIGS]


@functools.cache
def positions(game_id: str, players: int, variant: str | None, steps: int) -> list[State[Any]]:
    """Decisions of two random games, at most ``steps`` steps each (every fifth state,
    and the last), for the properties to pick from."""
    game = ecotone.make(game_id, players=players, variant=variant)
    out: list[State[Any]] = []
    for seed in (1, 2):
        rnd = random.Random(seed)
        state = game.start(seed)
        for step in range(steps):
            if state.is_over:
                break
            if step % 5 == 0:
                out.append(state)
            seat = state.to_move[0]
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
        if not state.is_over:
            out.append(state)
    return out


def decision_at(state: State[Any]) -> Decision:
    seat = state.to_move[0]
    return Decision(state, seat, Vocabulary(type(state.game).presentation()))


@st.composite
def typed(draw: st.DrawFn, decision: Decision) -> str:
    """Text a player might type here: anything, or the game's words put together."""
    game = decision.state.game
    names = decision.names
    ids = names.ids()
    value = st.one_of(
        st.text(max_size=12),
        st.sampled_from([*ids, *(names.short(k) or k for k in ids)] or ["x"]),
        st.integers(-3, 999).map(str),
        st.sampled_from(["narnia", "P9", "P0", "-1", "{", "}", "…", "é", "[red]"]),
    )
    kind = draw(st.sampled_from(game.codec.classes))
    notation = "".join(seg.before + (draw(value) if seg.field else "") for seg in segments(kind))
    fields = [seg.field for seg in segments(kind) if seg.field]
    raw = st.one_of(
        st.integers(-(2**70), 2**70), st.text(max_size=8), st.sampled_from(ids or ["x"])
    )
    as_json = json.dumps({"type": kind.__struct_config__.tag, **{f: draw(raw) for f in fields}})
    legal = decision.legal
    one = str(draw(st.sampled_from(legal)))
    pieces = words(one)
    prefix = " ".join(p[: draw(st.integers(1, max(1, len(p))))] for p in pieces[:3])
    return draw(
        st.one_of(
            st.text(max_size=40),
            st.just(notation),
            st.just(as_json),
            st.just(prefix),
            st.just("i " + draw(value)),
            st.sampled_from(["b", "?", "0", str(len(legal) + 1), "1", '{"type": 3}']),
        )
    )


def check_answer(decision: Decision, text: str) -> None:
    outcome = interpret(decision, text)
    if isinstance(outcome, Take):
        assert outcome.action in decision.legal
    elif isinstance(outcome, Say):
        if outcome.refused:
            assert outcome.lines
            assert all(isinstance(line, str) and line.strip() for line in outcome.lines)
        if outcome.then is not None:
            assert outcome.then.options()  # a guided step always offers something
    else:
        assert isinstance(outcome, Ask)


def _property(game_id: str, players: int, variant: str | None, steps: int) -> Any:
    pool = positions(game_id, players, variant, steps)

    @given(data=st.data())
    def prop(data: st.DataObject) -> None:
        decision = decision_at(data.draw(st.sampled_from(pool)))
        text = data.draw(typed(decision))
        check_answer(decision, text)
        # and one step further into a guided choice, where there is one
        first = interpret(decision, "1")
        if isinstance(first, Say) and first.then is not None:
            check_answer(first.then, data.draw(typed(first.then)))

    return prop


@pytest.mark.parametrize(("game_id", "players", "variant"), CONFIGS, ids=IDS)
def test_no_input_crashes_a_decision(game_id: str, players: int, variant: str | None) -> None:
    settings(max_examples=15)(_property(game_id, players, variant, 60))()


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players", "variant"), CONFIGS, ids=IDS)
def test_no_input_crashes_a_decision_soak(game_id: str, players: int, variant: str | None) -> None:
    settings(max_examples=300)(_property(game_id, players, variant, 2000))()


# -- names and prefixes -------------------------------------------------------------------


def first_decision(game_id: str, players: int, wanted: Any, seed: int = 1) -> Decision:
    """The first decision of a random game at which ``wanted(decision)`` holds."""
    game = ecotone.make(game_id, players=players)
    rnd = random.Random(seed)
    state = game.start(seed)
    while not state.is_over:
        found = decision_at(state)
        if wanted(found):
            return found
        seat = state.to_move[0]
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    raise AssertionError("no such decision")


def test_every_name_the_catalogue_gives_a_legal_move_picks_it() -> None:
    # Generic: for each game, a decision offering a move that names a catalogued id;
    # typing the move with the id replaced by its name or label takes that very move.
    for game_id in ecotone.available_games():
        spec = game_class(game_id).spec
        names = Vocabulary(game_class(game_id).presentation())

        def named(decision: Decision, names: Vocabulary = names) -> bool:
            return any(_renamed(a, names) for a in decision.legal)

        decision = first_decision(game_id, spec.min_players, named)
        for action in decision.legal:
            for text in _renamed(action, names):
                outcome = interpret(decision, text)
                if isinstance(outcome, Take):
                    assert outcome.action == action, (game_id, text)
                else:  # several moves fit those words: each is among those offered
                    assert isinstance(outcome, Say), (game_id, text)
                    assert outcome.then is not None, (game_id, text, outcome)
                    assert action in outcome.then.remaining, (game_id, text)


def _renamed(action: Any, names: Vocabulary) -> list[str]:
    """``action``'s notation with a catalogued id replaced by its name or label (and the
    same in upper case), one text per replacement."""
    out: list[str] = []
    for seg in segments(type(action)):
        value = getattr(action, seg.field) if seg.field else None
        if not isinstance(value, str):
            continue
        for spelled in names.spellings(value)[1:]:
            text = str(action).replace(value, " ".join(spelled))
            out.extend((text, text.upper()))
    return out


def test_a_prefix_a_label_and_an_ambiguous_name() -> None:
    top = decision()
    assert interpret(top, "LAY ORCH ON C1 TURNED 1") == Take(Lay("T2", "c1", 1))
    assert interpret(top, "re") == Take(top.legal[-1])  # rest, by a prefix
    many = interpret(top, "lay")
    assert isinstance(many, Say)
    assert many.then is not None
    assert many.then.kind is Lay  # every lay: asked field by field


def test_ambiguous_words_list_the_moves_they_could_mean() -> None:
    top = decision()
    said = interpret(top, "on a1 turned 1")  # T1 or T2
    assert isinstance(said, Say)
    assert said.then is not None
    assert {str(a) for a in said.then.remaining} == {
        "lay T1 on a1 turned 1",
        "lay T2 on a1 turned 1",
    }
    assert said.then.field() == "tile"  # the guided step that tells them apart


def test_a_move_that_is_not_possible_is_refused_in_the_games_words() -> None:
    game = Tiles(2)
    state = game.start(1).apply(0, game.codec.parse("lay T1 on a1 turned 0"))
    top = Decision(state, 0, Vocabulary(Tiles.presentation()))
    said = interpret(top, "lay fern on a1 turned 2")  # a name for the id, a taken cell
    assert said == Say(("a1 already holds a tile",), True)
    said = interpret(top, "dance")
    assert isinstance(said, Say)
    assert said.refused
    assert "'dance' is no move here" in said.lines[0]


def test_a_name_in_no_move_says_so_and_how_to_read_it() -> None:
    game = Tiles(2)
    state = game.start(1)
    for cell in CELLS:  # the board full: only resting is left
        state = state.apply(state.to_move[0], game.codec.parse(f"lay T1 on {cell} turned 0"))
    top = Decision(state, state.to_move[0], Vocabulary(Tiles.presentation()))
    said = interpret(top, "fern")
    assert said == Say(
        (
            "T1 (Fern tile) is in none of the moves you can make now "
            "('i T1' shows every field of it)",
        ),
        True,
    )


def test_i_shows_a_cards_face_with_every_field() -> None:
    for game_id in ecotone.available_games():
        cls = game_class(game_id)
        names = Vocabulary(cls.presentation())
        faces = [k for k in names.ids() if names.faces(k)[0].get("latin")]
        if not faces:
            continue
        key = faces[0]
        face = names.faces(key)[0]
        top = decision_at(ecotone.make(game_id, players=cls.spec.min_players).start(1))
        said = interpret(top, f"i {key}")
        assert isinstance(said, Say)
        text = "\n".join(said.lines)
        assert str(face["name"]) in text
        assert str(face["latin"]) in text
        if face.get("fact"):
            assert str(face["fact"]) in text
        if face.get("provenance"):
            assert f"provenance: {face['provenance']}" in text


def test_a_name_two_moves_share_asks_which_even_through_a_possessive() -> None:
    """``darwin`` was a whole word of Darwin Gets Seasick but only the start of
    ``darwin's`` (Darwin's Beetle): the event was played at once, for good."""
    from ecotone.games.phylo.actions import Play, PlayEvent

    names = Vocabulary(game_class("phylo").presentation())
    beetle, seasick = Play("B39", "w20"), PlayEvent("E04")
    assert "Darwin's Beetle" in str(names.name("B39"))
    assert "Darwin" in str(names.name("E04"))
    meant = resolve("play darwin", phrases([beetle, seasick], names))
    assert meant == [beetle, seasick]
    assert words("Darwin\u2019s Beetle") == ("darwin", "beetle")  # a typographic apostrophe


def _said(game_id: str, line: str) -> str:
    """What ``line`` shows at the first decision of ``game_id``, one string."""
    cls = game_class(game_id)
    said = interpret(
        decision_at(ecotone.make(game_id, players=cls.spec.min_players).start(1)), line
    )
    assert isinstance(said, Say)
    return "\n".join(said.lines)


@pytest.mark.parametrize(
    ("game_id", "code", "meaning"),
    [
        ("biome-borneo", "BL", "Broad leaf"),  # not the Blight cards it begins
        ("biomasters", "H1", "P1's HOME"),  # printed [H1] on the grid
        ("biomasters", "+1A", "photoautotroph"),
        ("biomasters", "-2d", "detritivore"),
        ("singapore-untamed", "EVP", "Evolution Points"),
    ],
)
def test_i_explains_a_code_the_screen_prints_from_the_glossary(
    game_id: str, code: str, meaning: str
) -> None:
    text = _said(game_id, f"i {code}")
    assert " means " in text
    assert meaning in text
    assert "could be" not in text


def test_i_reads_a_code_by_its_case_when_case_tells_two_apart() -> None:
    assert "exhausted" in _said("biomasters", "i 1zeb")
    assert "exhausted" not in _said("biomasters", "i 1ZEB")


def test_i_shows_copies_of_one_card_once_instead_of_asking_which() -> None:
    text = _said("biome-borneo", "i Borneo Bay Cat")
    assert "type more" not in text
    assert text.startswith("bay-cat-1, bay-cat-2 (2 copies): Borneo Bay Cat (Catopuma badia)")
    assert text.count("Catopuma badia") == 1


def test_help_says_i_explains_the_screens_codes() -> None:
    cls = game_class("biome-borneo")
    top = decision_at(ecotone.make("biome-borneo", players=cls.spec.min_players).start(1))
    said = interpret(top, "?")
    assert isinstance(said, Say)
    assert any("i <code>" in line for line in said.lines)


def test_a_move_written_with_a_name_is_refused_for_the_card_the_name_reads() -> None:
    """``play zebra at E3`` parses as notation with "zebra" for a card id; it was refused
    as "zebra is not in your hand", though the hand holds a Plains Zebra: the game now says
    why the Plains Zebra cannot go there."""
    state = ecotone.make("biomasters", players=2).start(7)
    top = decision_at(state)
    said = interpret(top, "play zebra at E3")
    assert isinstance(said, Say)
    assert said.refused
    assert "not in your hand" not in said.lines[0]
    assert said == interpret(top, "play plains-zebra at E3")  # as the card's id is refused


def test_an_option_adds_a_name_only_where_its_notation_does_not_spell_it() -> None:
    # BioMasters writes its cards by their names' words (umbrella-thorn): said once, the
    # labels are short enough to stand in columns; Phylo writes codes (B16), named after
    game = ecotone.make("biomasters", players=2)
    labels = [o.label for o in Decision(game.start(3), 0, _names(game)).options()]
    assert "play umbrella-thorn at E4" in labels
    assert not any("Umbrella Thorn" in label for label in labels)
    phylo = ecotone.make("phylo", players=2)
    labels = [o.label for o in Decision(phylo.start(3), 0, _names(phylo)).options()]
    assert "drop B16 · Sea Sawdust" in labels


def _names(game: Any) -> Vocabulary:
    return Vocabulary(type(game).presentation())
