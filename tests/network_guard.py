"""Make any attempt to reach a non-loopback address fail loudly during tests."""

from __future__ import annotations

import ipaddress
import socket

_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex


class NetworkBlocked(RuntimeError):
    """A test tried to reach the network."""


def _check(sock: socket.socket, address) -> None:
    if sock.family not in (socket.AF_INET, socket.AF_INET6):
        return
    host = address[0]
    if host == "localhost":
        return
    try:
        if ipaddress.ip_address(host).is_loopback:
            return
    except ValueError:
        pass
    raise NetworkBlocked(f"tests may not reach the network: attempted connection to {address!r}")


def _connect(self, address):
    _check(self, address)
    return _real_connect(self, address)


def _connect_ex(self, address):
    _check(self, address)
    return _real_connect_ex(self, address)


def install() -> None:
    """Guard every socket for the rest of the process."""
    socket.socket.connect = _connect
    socket.socket.connect_ex = _connect_ex
