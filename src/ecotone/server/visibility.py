"""Who may see which step of the log: the kernel's one rule (:mod:`ecotone.core.visibility`).

The server stores, with each step, the masks of the kernel's
:func:`~ecotone.core.visibility.announcement` (one bit per viewer, :func:`viewer_bit`) and
opens the whole log once the match is over, as the replay file is.
"""

from __future__ import annotations

from ecotone.core.visibility import MAX_ALTERNATIVES, everyone, kind_text, viewer_bit

__all__ = ["MAX_ALTERNATIVES", "everyone", "kind_text", "viewer_bit"]
