"""What every environment shares: a game in play, seen seat by seat as tensors.

A :class:`Table` holds the configured game, its tensor :class:`~ecotone.bots.tensor.encoding.Layout`
and the current :class:`~ecotone.core.game.State`, and answers the questions each
environment asks: a seat's observation (tensor, action mask and the JSON they came
from), whether an action index is legal, the state after it, and the final rewards.
The environments (:mod:`ecotone.rl.aec`, :mod:`ecotone.rl.parallel`,
:mod:`ecotone.rl.single`) only add their ecosystem's bookkeeping.
"""

from __future__ import annotations

import enum
import operator
import sys
import weakref
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import ecotone
from ecotone.bots.tensor.encoding import Layout, layout
from ecotone.bots.tensor.incremental import COUNTS_HOLDERS, SeatEncoder, Shared
from ecotone.core.actions import Action, ActionCodec
from ecotone.core.errors import ConfigError
from ecotone.core.game import Game, State
from ecotone.core.registry import default_players

__all__ = [
    "Illegal",
    "Observation",
    "ObservationInfo",
    "Reward",
    "Table",
    "agent_name",
    "final_rewards",
    "observation_infos",
]


class Reward(enum.StrEnum):
    """What a seat is paid when the game ends (nothing is paid before).

    ``win``: +1 to each winning seat, -1 to every other. ``margin``: the seat's final
    score minus the best score among the other seats (its own score when alone).
    """

    WIN = "win"
    MARGIN = "margin"


class Illegal(enum.StrEnum):
    """What an action outside the mask does.

    ``terminate`` (PettingZoo's convention for its classic games): the game ends at
    once, the seat that chose it gets ``illegal_reward`` and every other seat 0.
    ``raise``: :class:`~ecotone.IllegalAction` with the game's own reason.
    """

    TERMINATE = "terminate"
    RAISE = "raise"


#: An action index as Python reads one (``operator.index``): an int or anything that is
#: one (NumPy's integers), never a float that would be cut.
_index = operator.index

#: Bound once: reading a member off its enum class costs a lookup through the class's
#: attribute hook at every step.
_RAISE = Illegal.RAISE

#: Up to this many legal actions, a mask's ones are written one by one.
_FEW_LEGAL = 6

#: From this many action indices up, a mask nobody holds is cleared and reused: below,
#: zeroing a new one costs less than clearing the old one's ones.
_REUSED_FROM = 8_192

#: Each game's action indices, by action, as its tables meet them: an action's index is
#: fixed by the game's codec, so every table of the game in the process (a vectorised
#: trainer runs several, the benchmark two) fills and reads one dictionary. At most one
#: entry per index of the codec.
_NUMBERS: weakref.WeakKeyDictionary[ActionCodec, dict[Action, int]] = weakref.WeakKeyDictionary()

#: ``sys.getrefcount`` of a mask only the table holds, read in :meth:`Table.mask`: its
#: place in the table's list, the local name ``kept`` and the call's own argument.
_UNHELD = 3


def agent_name(seat: int) -> str:
    """PettingZoo's name for ``seat``: ``player_0``, ``player_1``, ..."""
    return f"player_{seat}"


def final_rewards(state: State[Any], reward: Reward) -> list[float]:
    """Each seat's reward in a finished game (see :class:`Reward`)."""
    players = state.game.players
    if reward is Reward.WIN:
        winners = set(state.winners())
        return [1.0 if seat in winners else -1.0 for seat in range(players)]
    scores = [float(s) for s in state.scores()]
    if players == 1:
        return scores
    return [
        scores[seat] - max(s for other, s in enumerate(scores) if other != seat)
        for seat in range(players)
    ]


class Observation:
    """One seat's view at one moment.

    Attributes:
        tensor: the layout's encoding of ``json`` (float32, fixed size).
        mask: 1 for each legal action index, else 0 (int8, ``num_distinct_actions``).
        json: ``state.observe(seat)``, which the tensor encodes: made when first read,
            since a learner seldom needs it and it costs as much as a step.
    """

    __slots__ = ("_json", "mask", "seat", "state", "tensor")

    def __init__(
        self,
        tensor: npt.NDArray[np.float32],
        mask: npt.NDArray[np.int8],
        state: State[Any],
        seat: int,
    ) -> None:
        self.tensor = tensor
        self.mask = mask
        self.state = state
        self.seat = seat
        self._json: dict[str, Any] | None = None

    @property
    def json(self) -> dict[str, Any]:
        """``state.observe(seat)`` (made once, then kept)."""
        if self._json is None:
            self._json = self.state.observe(self.seat)
        return self._json


class ObservationInfo(dict[str, Any]):
    """An environment's ``info`` dict whose ``observation_json`` (``state.observe(seat)``)
    is made when first read: by key, ``get``, ``in``, iteration or a copy, so it behaves
    as a plain dict that always holds it, while a learner that never reads it never pays
    for it."""

    __slots__ = ("_seat", "_state")

    def __init__(self, state: State[Any], seat: int, **items: Any) -> None:
        if items:  # an environment makes one per seat per step, most with no items
            super().__init__(**items)
        self._state: State[Any] | None = state
        self._seat = seat

    def _fill(self) -> None:
        state = self._state
        if state is not None:
            self._state = None
            dict.__setitem__(self, "observation_json", state.observe(self._seat))

    def __missing__(self, key: str) -> Any:
        if key == "observation_json" and self._state is not None:
            self._fill()
            return dict.__getitem__(self, key)
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return (key == "observation_json" and self._state is not None) or dict.__contains__(
            self, key
        )

    def get(self, key: str, default: Any = None) -> Any:
        self._fill()
        return dict.get(self, key, default)

    def keys(self) -> Any:
        self._fill()
        return dict.keys(self)

    def values(self) -> Any:
        self._fill()
        return dict.values(self)

    def items(self) -> Any:
        self._fill()
        return dict.items(self)

    def __iter__(self) -> Any:
        self._fill()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._fill()
        return dict.__len__(self)

    def __eq__(self, other: object) -> bool:
        self._fill()
        return dict.__eq__(self, other)

    __hash__ = dict.__hash__  # None: a dict is unhashable

    def __repr__(self) -> str:
        self._fill()
        return dict.__repr__(self)

    def copy(self) -> dict[str, Any]:
        self._fill()
        return dict(dict.items(self))

    def __reduce_ex__(self, protocol: Any) -> Any:
        # pickled and deep-copied as the plain dict it stands for
        return (dict, (self.copy(),))


#: A dict's own constructor: called on :class:`ObservationInfo` it makes an empty info
#: without running a Python ``__init__``.
_new_dict = dict.__new__


def observation_infos(
    state: State[Any], agents: Iterable[tuple[str, int]]
) -> dict[str, dict[str, Any]]:
    """An empty :class:`ObservationInfo` of ``state`` for each ``(agent, seat)``, by
    agent: what an environment hands out at every step. Each is made by the dict's own
    constructor and its two slots set here, which costs less than a Python ``__init__``
    per agent, and gives what ``ObservationInfo(state, seat)`` gives."""
    infos: dict[str, dict[str, Any]] = {}
    for agent, seat in agents:
        info: ObservationInfo = _new_dict(ObservationInfo)
        info._state = state
        info._seat = seat
        infos[agent] = info
    return infos


class Table:
    """A configured game, its layout, and the state in play.

    Args:
        game_id, players, variant, options: the configuration (:func:`ecotone.make`);
            ``players`` ``None``: the fewest the game (or the variant) takes.
        reward: a :class:`Reward` name.
        illegal: an :class:`Illegal` name; ``illegal_reward`` what ``terminate`` pays.
    """

    def __init__(
        self,
        game_id: str,
        players: int | None,
        variant: str | None,
        options: dict[str, Any],
        reward: str = "win",
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
    ) -> None:
        if players is None:
            players = default_players(game_id, variant)
        self.game: Game[Any] = ecotone.make(game_id, players=players, variant=variant, **options)
        self.layout: Layout = layout(game_id, players=players, variant=variant, **options)
        self.reward = _choice(Reward, reward, "reward")
        self.illegal = _choice(Illegal, illegal, "illegal")
        self.illegal_reward = float(illegal_reward)
        self.state: State[Any] = self.game.start(0)
        # one cell per place for every seat: a public piece is encoded once, not per seat
        shared = Shared()
        self.encoders = [
            SeatEncoder(self.layout, self.game, seat, shared) for seat in range(players)
        ]
        self._legal: dict[int, dict[int, Action]] = {}
        self._numbers = _NUMBERS.setdefault(self.game.codec, {})
        self._size = self.game.num_distinct_actions
        # each seat's mask handed out last and the indices set in it: reused when nobody
        # holds it any more
        self._masks: list[npt.NDArray[np.int8] | None] = [None] * players
        self._ones: list[dict[int, Action]] = [{} for _ in range(players)]
        self.seed = 0

    # -- spaces ------------------------------------------------------------------------

    def tensor_space(self) -> spaces.Box:
        """The observation tensor's space: the layout's bounds, float32. It carries the
        layout's stamp (:meth:`~ecotone.bots.tensor.encoding.Layout.stamp`) as
        ``ecotone_layout``, which Stable-Baselines3 saves with a model as plain text: the
        policy bot reads it to tell whether the observation changed since training."""
        space = spaces.Box(self.layout.low, self.layout.high, dtype=np.float32)
        space.ecotone_layout = self.layout.stamp()  # type: ignore[attr-defined]
        return space

    def mask_space(self) -> spaces.Box:
        """The action mask's space: 0 or 1 per action index, int8."""
        return spaces.Box(0, 1, shape=(self.game.num_distinct_actions,), dtype=np.int8)

    # (Gymnasium 1.2's Discrete is generic, 1.4's is not: RLlib pins 1.2)
    def action_space(self) -> spaces.Discrete:  # type: ignore[type-arg, unused-ignore]
        """The game's fixed action index, ``0 .. num_distinct_actions - 1``."""
        return spaces.Discrete(self.game.num_distinct_actions)

    # -- play ---------------------------------------------------------------------------

    def start(self, seed: int) -> None:
        """Start a new game from ``seed`` (the engine's seed: replays use it as is)."""
        self.seed = seed
        self.set(self.game.start(seed))

    def set(self, state: State[Any]) -> None:
        """Continue from ``state``."""
        self.state = state
        self._legal = {}

    def legal(self, seat: int) -> dict[int, Action]:
        """``seat``'s legal actions by index (empty when it is not to move)."""
        found = self._legal.get(seat)
        if found is None:
            actions = self.state.legal_actions(seat)
            numbers = self._numbers
            try:  # every action met before (a comprehension beats dict(zip(map)) here)
                found = {numbers[action]: action for action in actions}
            except KeyError:
                index = self.game.action_index
                for action in actions:
                    if action not in numbers:
                        numbers[action] = index(action)
                found = {numbers[action]: action for action in actions}
            self._legal[seat] = found
        return found

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """``seat``'s action mask now: 1 for each legal action index.

        A new array, unless the mask is large and nobody holds the one this seat was
        handed last (the caller dropped it): that one is reused, its ones cleared, so
        that a step writes only the indices it set (Phylo's mask has 192,504) while no
        mask a caller still holds ever changes. Who holds it is CPython's reference
        count, which every holder adds to: a name, a container, a view of the array.
        """
        legal = self.legal(seat)
        if self._size < _REUSED_FROM or not COUNTS_HOLDERS:
            mask = np.zeros(self._size, dtype=np.int8)
        else:
            kept = self._masks[seat]
            if kept is not None and sys.getrefcount(kept) <= _UNHELD:
                mask = kept
                _clear(mask, self._ones[seat])
            else:
                mask = np.zeros(self._size, dtype=np.int8)
                self._masks[seat] = mask
            self._ones[seat] = legal
        if len(legal) <= _FEW_LEGAL:
            # a few indices are set one by one: numpy's indexing by an array costs
            # about as much as six single writes
            for number in legal:
                mask[number] = 1
        else:
            mask[np.fromiter(legal, np.intp, len(legal))] = 1
        return mask

    def tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """``seat``'s tensor now (an array no caller holds: see
        :meth:`~ecotone.bots.tensor.incremental.SeatEncoder.encode`)."""
        return self.encoders[seat].encode(self.state)

    def observe(self, seat: int) -> Observation:
        """``seat``'s view now: tensor and mask (arrays no caller holds), the JSON made
        on demand."""
        state = self.state
        return Observation(self.encoders[seat].encode(state), self.mask(seat), state, seat)

    def info(self, seat: int) -> ObservationInfo:
        """An ``info`` dict for ``seat`` now, its ``observation_json`` made on demand."""
        return ObservationInfo(self.state, seat)

    def action(self, seat: int, index: Any) -> Action | None:
        """The legal action numbered ``index`` for ``seat``, or ``None`` when it is not
        legal now (``Illegal.RAISE`` raises instead, with the game's reason)."""
        try:
            number: int | None = _index(index)  # an int, NumPy's integers, a 0-d array
        except TypeError:
            # a whole number given as a float of any kind (a policy's float output)
            # counts; 2.5, a text or None names no action
            number = int(index) if _whole(index) else None
        legal = self._legal.get(seat)
        if legal is None:  # its mask not made at this state: found now
            legal = self.legal(seat)
        action = legal.get(number)  # type: ignore[arg-type] # (None: no action)
        if action is None and self.illegal is _RAISE:
            # raises for a bad index, naming what was given
            decoded = self.game.codec.from_index(index if number is None else number)
            self.state.check(seat, decoded)  # raises with the game's reason
        return action

    def play(self, seat: int, action: Action) -> None:
        """``seat`` takes ``action``, known legal (from :meth:`action`)."""
        # what set() does, without its call: this is every step's
        self.state = self.state.step(seat, action)
        self._legal = {}

    def rewards(self) -> list[float]:
        """Each seat's reward for the finished game."""
        return final_rewards(self.state, self.reward)

    def illegal_rewards(self, seat: int) -> list[float]:
        """The rewards when ``seat``'s illegal choice ends the game."""
        out = [0.0] * self.game.players
        out[seat] = self.illegal_reward
        return out


def _whole(value: Any) -> bool:
    """Whether ``value`` is a whole number written as a float (``3.0``, NumPy's too)."""
    if isinstance(value, str | bytes):
        return False
    try:
        return float(value).is_integer()
    except (TypeError, ValueError):
        return False


def _clear(mask: npt.NDArray[np.int8], numbers: dict[int, Action]) -> None:
    """Write 0 at each of ``numbers`` in ``mask`` (one by one when few, as
    :meth:`Table.mask` writes its ones)."""
    if len(numbers) <= _FEW_LEGAL:
        for number in numbers:
            mask[number] = 0
    else:
        mask[np.fromiter(numbers, np.intp, len(numbers))] = 0


def _choice(kind: type[enum.StrEnum], value: str, what: str) -> Any:
    try:
        return kind(value)
    except ValueError:
        names = ", ".join(member.value for member in kind)
        raise ConfigError(
            "config/bad-option", f"{what}={value!r} is not known; choose one of: {names}"
        ) from None
