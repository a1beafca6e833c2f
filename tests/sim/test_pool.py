"""Where a batch's chunks are played (ecotone.sim.pool): in this process in chunk order,
in worker processes with the same results, a chunk whose worker failed reported by the
caller's ``failed``, and closing the iteration early stops the workers."""

from __future__ import annotations

from collections.abc import Sequence

from ecotone.sim.pool import play_chunks

CHUNKS = [[1, 2], [3], [4, 5, 6], [7]]


def squares(plan: int, chunk: Sequence[int]) -> list[int]:
    if plan in chunk:
        raise ValueError(f"cannot play {plan}")
    return [n * n for n in chunk]


def failed(plan: int, chunk: Sequence[int], error: BaseException) -> list[int]:
    return [-n for n in chunk] if str(error) == f"cannot play {plan}" else []


def test_in_this_process_the_chunks_come_in_order() -> None:
    assert list(play_chunks(squares, 0, CHUNKS, failed)) == [[1, 4], [9], [16, 25, 36], [49]]


def test_worker_processes_play_the_same_chunks() -> None:
    done = list(play_chunks(squares, 0, CHUNKS, failed, workers=2))
    assert sorted(done) == sorted(play_chunks(squares, 0, CHUNKS, failed))


def test_a_chunk_whose_worker_failed_is_the_callers_to_report() -> None:
    done = list(play_chunks(squares, 5, CHUNKS, failed, workers=2))
    assert sorted(done) == [[-4, -5, -6], [1, 4], [9], [49]]


def test_closing_early_stops_the_workers() -> None:
    played = play_chunks(squares, 0, [[n] for n in range(200)], failed, workers=2)
    assert len(next(played)) == 1
    played.close()  # cancels the chunks not started; returns without waiting for them
