"""``X-Forwarded-For`` is believed only from the configured proxies (none by default).

The abuse as found: behind ``ecotone serve``, any client on a trusted address (uvicorn
trusts the machine itself) sent a different ``X-Forwarded-For`` with each request and
was never rate-limited.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ecotone.server import create_app
from ecotone.server.clients import Proxies
from tests.server.conftest import make_settings
from tests.server.helpers import API


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _status(url: str, forwarded: str | None = None) -> int:
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30):
            return 200
    except urllib.error.HTTPError as exc:
        exc.close()  # (it holds the response's connection)
        return exc.code


@pytest.mark.slow  # hundreds of requests to reach the limit: a soak
def test_a_new_forwarded_address_on_every_request_is_still_limited(tmp_path: Path) -> None:
    port = _free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ecotone",
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{tmp_path / 'x.db'}",
            "--http-rate",
            "1",
            "--log-level",
            "warning",
        ],
        stdout=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}{API}/health"
    try:
        for _ in range(3000):
            try:
                urllib.request.urlopen(url, timeout=30).close()
                break
            except OSError:
                time.sleep(0.05)
        # The burst is 200 requests; the 400th, each from a "different" address, is refused.
        codes = [_status(url, f"203.0.{n // 250}.{n % 250}") for n in range(400)]
        assert 429 in codes
        assert codes.count(200) < 300
    finally:
        server.terminate()
        server.wait(30)


def test_only_a_configured_proxy_is_believed(tmp_path: Path) -> None:
    settings = make_settings(
        f"sqlite:///{tmp_path / 'p.db'}",
        http_rate=0.001,
        http_burst=2,
        trusted_proxies=("10.0.0.0/8",),
    )
    app = create_app(settings)
    # a client that is no proxy: its own address is limited, whatever it says
    with TestClient(app, client=("192.0.2.7", 5000)) as c:
        codes = [
            c.get(f"{API}/health", headers={"X-Forwarded-For": f"203.0.113.{n}"}).status_code
            for n in range(4)
        ]
        assert codes == [200, 200, 429, 429]
    # the proxy: each client it names has its own allowance, and what the client wrote
    # to the left of the proxy's own entry is ignored
    with TestClient(app, client=("10.1.2.3", 5000)) as c:
        for n in range(3):
            headers = {"X-Forwarded-For": f"6.6.6.{n}, 203.0.113.50"}
            assert c.get(f"{API}/health", headers=headers).status_code == (429 if n == 2 else 200)
        other = {"X-Forwarded-For": "203.0.113.51"}
        assert c.get(f"{API}/health", headers=other).status_code == 200


def test_proxies_are_addresses_or_networks() -> None:
    proxies = Proxies(["10.0.0.0/8", "::1"])
    assert proxies.client("::1", {"x-forwarded-for": "203.0.113.9, 10.2.2.2"}) == "203.0.113.9"
    assert proxies.client("192.0.2.1", {"x-forwarded-for": "203.0.113.9"}) == "192.0.2.1"
    with pytest.raises(ValueError, match="not an address"):
        Proxies(["10.0.0.0/99"])
