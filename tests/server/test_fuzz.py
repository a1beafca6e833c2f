"""Malformed input never crashes the server: random JSON and random bytes over the websocket
and over HTTP each get an error (or are valid and answered), and the server keeps serving."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ecotone.server.protocol import decode_client
from tests.server.helpers import API, auth, close, create, join, open_ws

_json: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_typed = st.fixed_dictionaries(
    {"type": st.sampled_from(["hello", "act", "chat", "sync", "ping", "nope"])},
    optional={
        "version": _json,
        "action": _json,
        "text": _json,
        "since": _json,
        "ref": _json,
        "protocol": _json,
        "token": _json,
    },
)
_message = st.one_of(
    _json.map(json.dumps),
    _typed.map(json.dumps),
    st.text(max_size=60),
    st.binary(max_size=60).map(lambda b: b.decode("latin-1")),
)


@settings(max_examples=200, deadline=None)
@given(_message)
def test_decoder_only_raises_its_own_errors(raw: str) -> None:
    import msgspec

    with contextlib.suppress(msgspec.DecodeError, msgspec.ValidationError):
        decode_client(raw)


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(messages=st.lists(_message, min_size=1, max_size=8))
def test_websocket_survives_garbage(client: TestClient, messages: list[str]) -> None:
    mid, token = _match(client)
    conn, _, _ = open_ws(client, mid, token)
    for raw in messages:
        conn.ws.send_text(raw)
    replies = conn.sync()  # the session still answers a ping after all of it
    for reply in replies:
        assert reply["type"] in ("error", "ack", "update", "chat", "pong", "seats", "notice")
        if reply["type"] == "error":
            assert "/" in reply["code"]
            assert reply["message"]
            assert reply["code"] != "server/internal"
    close(conn)


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=_json, path=st.sampled_from(["actions", "chat", "join", "leave"]))
def test_http_survives_garbage(client: TestClient, body: Any, path: str) -> None:
    mid, token = _match(client)
    r = client.post(f"{API}/matches/{mid}/{path}", json=body, headers=auth(token))
    assert r.status_code < 500, r.text
    if r.status_code >= 400:
        assert "/" in r.json()["error"]["code"]


_MATCHES: dict[int, tuple[str, str]] = {}


def _match(client: TestClient) -> tuple[str, str]:
    key = id(client)
    if key not in _MATCHES:
        mid, token = create(client, "once-upon-a-forest", 2)
        assert token
        join(client, mid)
        _MATCHES[key] = (mid, token)
    return _MATCHES[key]
