"""Who a request comes from: the peer's address, or the one a configured proxy vouches for.

Rate limits and connection caps are kept per client address. A proxy in front of the
server (nginx, a load balancer) connects from its own address and names the real client
in ``X-Forwarded-For``; but anybody can send that header, so it is believed only from the
proxies the server is told of (``Settings.trusted_proxies``: addresses or networks; none
by default). Even then the address taken is the right-most one that is not itself a
trusted proxy: the entries to its left were written by the client and prove nothing.

``ecotone serve`` turns uvicorn's own proxy-header handling off, which would otherwise
believe any ``X-Forwarded-For`` sent from the machine itself: one client could then pose
as a new address on every request and never be limited.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Mapping

__all__ = ["Proxies"]

_Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class Proxies:
    """The trusted proxies.

    >>> proxies = Proxies(["10.0.0.0/8"])
    >>> proxies.client("10.1.2.3", {"x-forwarded-for": "6.6.6.6, 203.0.113.9"})
    '203.0.113.9'
    >>> Proxies([]).client("127.0.0.1", {"x-forwarded-for": "203.0.113.9"})
    '127.0.0.1'

    Raises:
        ValueError: for an entry that is neither an address nor a network.
    """

    def __init__(self, trusted: Iterable[str]) -> None:
        self.networks: list[_Network] = []
        self.names: set[str] = set()
        for entry in trusted:
            try:
                self.networks.append(ipaddress.ip_network(entry.strip(), strict=False))
            except ValueError:
                if not entry.strip() or "/" in entry:
                    raise ValueError(f"{entry!r} is not an address or a network") from None
                self.names.add(entry.strip())  # a host name as the peer reports it

    def trusts(self, address: str) -> bool:
        """Whether ``address`` is one of the trusted proxies."""
        if address in self.names:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.networks)

    def client(self, peer: str, headers: Mapping[str, str]) -> str:
        """The client's address: ``peer``, unless ``peer`` is a trusted proxy that names
        the client in ``X-Forwarded-For`` (``headers`` with lower-case names)."""
        if not (self.networks or self.names) or not self.trusts(peer):
            return peer
        forwarded = headers.get("x-forwarded-for")
        if not forwarded:
            return peer
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        for hop in reversed(hops):
            if not self.trusts(hop):
                return hop[:64]
        return hops[0][:64] if hops else peer
