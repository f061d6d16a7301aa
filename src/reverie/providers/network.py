"""A switch that keeps networked providers on this machine.

Test suites set :data:`ALLOW_NETWORK` to False so that a provider pointed at a
real endpoint fails loudly instead of quietly spending money or hanging on a
machine without network. Loopback servers (127.0.0.0/8, ::1, ``localhost``) stay
reachable, so wire tests can still run a fake server in the test process.
"""

from __future__ import annotations

import ipaddress
import sys
from urllib.parse import urlsplit

from reverie.errors import ProviderError

__all__ = ["ALLOW_NETWORK", "check_network_allowed", "is_loopback_url"]

ALLOW_NETWORK: bool = True
"""When False, providers refuse every URL whose host is not a loopback address."""


def is_loopback_url(url: str) -> bool:
    """Whether ``url`` names a host on this machine (no DNS lookup is made).

    Args:
        url: An absolute URL such as ``http://127.0.0.1:8000/v1``.

    Returns:
        True for ``localhost`` (and ``*.localhost``), 127.0.0.0/8 and ``::1``
        (also written as an IPv4-mapped IPv6 address); False otherwise,
        including for a URL without a host.
    """
    try:
        host = urlsplit(url).hostname
    except ValueError:
        return False
    if not host:
        return False
    host = host.rstrip(".").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped.is_loopback
    return address.is_loopback


def _network_allowed() -> bool:
    # The flag is re-exported as ``reverie.providers.ALLOW_NETWORK``; assigning
    # to that name rebinds the package attribute, not this one. Honouring both
    # means neither spelling can silently leave the network open.
    package = sys.modules.get("reverie.providers")
    package_flag = getattr(package, "ALLOW_NETWORK", True) if package is not None else True
    return bool(ALLOW_NETWORK) and bool(package_flag)


def check_network_allowed(url: str) -> None:
    """Refuse ``url`` when the network is switched off and the host is not loopback.

    Args:
        url: The URL a provider is about to call (or was configured with).

    Raises:
        ProviderError: :data:`ALLOW_NETWORK` is False and ``url`` leaves this machine.
    """
    if _network_allowed() or is_loopback_url(url):
        return
    raise ProviderError(
        f"network access is disabled (reverie.providers.ALLOW_NETWORK is False) "
        f"and {url!r} is not a loopback address; point the provider at a local "
        f"server or use the offline provider"
    )
