"""The State contract on the toy game: immutability, turns, simultaneous moves, storage."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

import ecotone
from ecotone.core.errors import IllegalAction, StateError
from ecotone.core.registry import game_class
from tests.core.toy import Bid, Fold


@pytest.fixture
def game(toy: str) -> ecotone.Game:  # type: ignore[type-arg]
    return ecotone.make(toy, players=2)


def test_simultaneous_seats_both_move_and_bids_stay_secret(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    state = game.start(1)
    assert state.to_move == (0, 1)
    card = state.legal_actions(1)[0]
    after = state.apply(1, card)
    assert after.to_move == (0,)
    assert after.observe(0)["has_bid"] == [False, True]
    assert str(card.card) not in json.dumps(after.observe(0))  # type: ignore[attr-defined]
    assert after.observe(1)["my_bid"] == card.card  # type: ignore[attr-defined]


def test_apply_never_changes_the_state_held(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    state = game.start(2)
    digest = state.digest()
    state.apply(0, Fold())
    assert state.digest() == digest
    assert state.to_move == (0, 1)


def test_a_field_of_the_wrong_type_is_refused_before_the_rules_see_it(
    game: ecotone.Game,  # type: ignore[type-arg]
) -> None:
    state = game.start(3)
    bid = Bid(7)  # type: ignore[arg-type]  # a card is named by its id, a string
    for refused in (lambda: state.apply(0, bid), lambda: state.check(0, bid)):
        with pytest.raises(IllegalAction) as err:
            refused()
        assert err.value.code == "action/malformed"
        assert err.value.message.endswith(": its card must be a str, not 7")
    assert state.explain(0, bid) == err.value.message
    # of the right type, the same field is the game's to judge
    assert state.explain(0, Bid("nothing held")) not in (None, err.value.message)


def test_a_second_secret_choice_is_refused_as_already_made(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    state = game.start(3).apply(0, Fold())
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Fold())
    assert err.value.code == "action/already-chosen"
    assert err.value.message == "P1 has already made its choice; waiting for P2"


def test_a_game_that_does_not_say_who_has_chosen_refuses_out_of_turn(
    game: ecotone.Game,  # type: ignore[type-arg]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(game, "chosen", lambda data: ())  # the kernel's default
    state = game.start(3).apply(0, Fold())
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Fold())
    assert err.value.code == "action/not-your-turn"
    assert "waiting for P2" in err.value.message


def test_out_of_turn_and_bad_seat_and_game_over(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    state = game.start(3).apply(0, Fold())
    with pytest.raises(IllegalAction, match="no seat 5") as err:
        state.apply(5, Fold())
    while not state.is_over:
        seat = state.to_move[0]
        state = state.apply(seat, Fold())
    assert state.explain(0, Fold()) == "the game is over"
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Fold())
    assert err.value.code == "action/game-over"


def test_illegal_action_has_code_and_explanation(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    state = game.start(4)
    missing = next(
        c for c in ("c1", "c2", "c3", "c4", "c5", "c6") if Bid(c) not in state.legal_actions(0)
    )
    reason = state.explain(0, Bid(missing))
    assert reason is not None
    assert "do not hold" in reason
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Bid(missing))
    assert err.value.code == "bids/not-in-hand"
    assert isinstance(err.value, ValueError)
    assert state.explain(0, Fold()) is None


def test_parse_and_index_check_legality(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    state = game.start(5)
    assert game.parse_action(state, 0, "fold") == Fold()
    assert game.parse_action(state, 0, {"type": "fold"}) == Fold()
    index = game.action_index(Fold())
    assert game.action_from_index(state, 0, index) == Fold()
    bad = next(
        a for a in (Bid(c) for c in ("c1", "c2", "c3", "c4")) if a not in state.legal_actions(0)
    )
    with pytest.raises(IllegalAction, match=r"do not hold"):
        game.parse_action(state, 0, str(bad))


def test_json_round_trip_and_digest(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    state = game.start(6).apply(1, Fold())
    text = json.dumps(state.to_json())
    back = game.load_state(text)
    assert back == state
    assert back.digest() == state.digest()
    assert ecotone.load_state(text) == state
    assert game.start(6).digest() != game.start(7).digest()


@pytest.mark.parametrize(
    ("mutate", "code"),
    [
        (lambda d: d.update(players=3), "state/wrong-game"),
        (lambda d: d.update(rules_version="0.0"), "state/rules-version"),
        (lambda d: d["state"].update(hands="nope"), "state/malformed"),
        (lambda d: d.pop("state"), "state/malformed"),
    ],
)
def test_bad_saved_states_are_refused(game: ecotone.Game, mutate, code: str) -> None:  # type: ignore[no-untyped-def,type-arg]
    data = game.start(1).to_json()
    mutate(data)
    with pytest.raises(StateError) as err:
        game.load_state(data)
    assert err.value.code == code


def test_load_state_rejects_non_json(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    with pytest.raises(StateError, match="not valid JSON"):
        game.load_state("{")
    with pytest.raises(StateError, match="JSON object"):
        ecotone.load_state("[1, 2]")


def test_determinize_keeps_own_view_and_reseeds(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    state = game.start(8).apply(1, Bid(game.start(8).legal_actions(1)[0].card))  # type: ignore[attr-defined]
    views = {state.determinize(0, seed).data.hands[1] for seed in range(30)}
    assert len(views) > 1, "the hidden hand should be re-dealt"
    for seed in range(5):
        det = state.determinize(0, seed)
        assert det.observe(0) == state.observe(0)
    assert state.determinize(0, 3) == state.determinize(0, 3)


def test_a_sealed_choice_stays_hidden_until_everyone_has_chosen(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    state = game.start(8)
    bid = state.legal_actions(1)[0]
    after = state.apply(1, bid)
    assert after.to_move == (0,)
    # P1 still has to choose: what P2 chose is re-dealt in every determinization for P1,
    # so a search bot cannot answer it, but P2 keeps its own choice.
    guesses = {after.determinize(0, seed).data.bids[1] for seed in range(30)}
    assert len(guesses) > 1
    assert all(after.determinize(1, seed).data.bids[1] == bid.card for seed in range(5))  # type: ignore[attr-defined]


def test_secret_choices_are_announced_without_their_content(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    state = game.start(12)
    bid = state.legal_actions(0)[0]
    # the others see P1's hand shrink, so they know a card was bid, never which
    assert state.announce(0, bid, viewer=1) == "a bid"
    assert state.announce(0, bid, viewer=None) == "a bid"
    assert state.announce(0, bid, viewer=0) == str(bid)


def test_ordinary_actions_are_announced_in_notation() -> None:
    state = ecotone.make("once-upon-a-forest", players=2).start(1)
    draw = state.legal_actions(0)[0]
    assert state.announce(0, draw, viewer=1) == "draw from pile 1"


@pytest.mark.parametrize("seat", ["0", 1.5, None, (0,), 2, -1, 0.0, 1.0, True, False])
def test_a_seat_of_another_type_or_out_of_range_is_refused_in_words(
    game: ecotone.Game,  # type: ignore[type-arg]
    seat: object,
) -> None:
    # The same refusal in both builds: the compiled State takes a seat of any type and
    # checks it itself, as the interpreted one does.
    state = game.start(3)
    message = f"there is no seat {seat!r} in a 2-seat game"
    refused = [
        lambda: state.apply(seat, Fold()),  # type: ignore[arg-type]
        lambda: state.check(seat, Fold()),  # type: ignore[arg-type]
    ]
    if seat is not None:  # None asks for a spectator's view
        refused += [
            lambda: state.observe(seat),  # type: ignore[arg-type]
            lambda: state.render(seat),  # type: ignore[arg-type]
            lambda: state.phase(seat),  # type: ignore[arg-type]
            lambda: state.unplayable(seat),  # type: ignore[arg-type]
            lambda: state.determinize(seat, 1),  # type: ignore[arg-type]
        ]
    for refuse in refused:
        with pytest.raises(IllegalAction) as err:
            refuse()
        assert (err.value.code, err.value.message) == ("action/bad-seat", message)
    assert state.explain(seat, Fold()) == message  # type: ignore[arg-type]
    # a number equal to a seat (0.0, True) names none, even once that seat's list is made
    state.legal_actions(0)
    assert state.legal_actions(seat) == []  # type: ignore[arg-type]


def test_a_deal_is_made_for_a_seat_never_for_a_spectator(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    with pytest.raises(IllegalAction) as err:
        game.start(3).determinize(None, 1)  # type: ignore[arg-type]
    assert err.value.code == "action/bad-seat"
    assert "determinize needs one" in err.value.message


def test_an_object_that_is_no_action_is_refused_as_malformed(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    state = game.start(3)
    for thing in ("fold", None, 3):
        with pytest.raises(IllegalAction) as err:
            state.apply(0, thing)  # type: ignore[arg-type]
        assert err.value.code == "action/malformed"


def test_a_state_is_pickled_and_copied_as_its_game_and_data(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    state = game.start(3).apply(0, Fold())
    state.legal_actions(1)
    for made in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state)):
        assert type(made) is ecotone.State
        assert made == state
        assert made.digest() == state.digest()
        assert made.to_move == state.to_move == (1,)
        assert made.legal_actions(1) == state.legal_actions(1)
    again = ecotone.State(game, state.data)
    assert again == state
    assert again.to_move == (1,)


def test_whose_turn_it_is_cannot_be_written(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    state = game.start(3)
    with pytest.raises(AttributeError):
        state.to_move = ()  # type: ignore[misc]
    assert state.to_move == (0, 1)


@pytest.mark.parametrize("game_id", ecotone.available_games())
def test_every_games_states_are_pickled_and_copied(game_id: str) -> None:
    # (a game's class is compiled in the optional build: pickled as its configuration)
    game = ecotone.make(game_id, players=game_class(game_id).spec.min_players)
    state = game.start(5)
    for made in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert made.game == game
        assert made.game.options == game.options
        assert made.digest() == state.digest()
        assert made.to_move == state.to_move
