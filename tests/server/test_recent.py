"""The view of a match hands every viewer the game's last public happenings alike
(``recent``, the game's ``state.recent()``)."""

from __future__ import annotations

from tests.core.test_recent import with_happenings
from tests.server.test_ending import _match


def test_every_viewer_of_a_match_reads_the_same_happenings() -> None:
    state = with_happenings()
    match = _match(state, "active")
    views = [match.view(viewer, None).recent for viewer in (0, 1, None)]
    assert views == [list(state.recent())] * 3
    assert views[0]
