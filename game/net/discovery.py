"""Tables on the local network, found without typing an address: multicast DNS service
discovery (DNS-SD) through the ``zeroconf`` library.

A server (or a window hosting a table) registers one ``_dame-de-pique._tcp`` service per table
with its code, the host's name and the protocol version in the TXT record; :class:`Browser`
lists what it hears in a background thread, so a window reads :meth:`Browser.tables` each frame
without waiting.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from zeroconf import InterfaceChoice, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

from game.net import protocol as p

SERVICE_TYPE: Final = "_dame-de-pique._tcp.local."
Interfaces = Sequence[str] | InterfaceChoice


@dataclass(frozen=True, order=True)
class TableAdvert:
    """One table heard on the network. ``code`` is "" for a server where one opens a table."""

    name: str  # the host's name, or the server's
    address: str
    port: int
    code: str
    version: int
    secure: bool


def _instance(label: str) -> str:
    clean = "".join(c for c in label if c.isprintable() and c not in ".\\")[:40] or "table"
    return f"{clean}.{SERVICE_TYPE}"


def _addresses(addresses: Sequence[str] | None) -> list[bytes]:
    if addresses:
        return [socket.inet_aton(a) for a in addresses]
    return [socket.inet_aton(outgoing_address())]


def outgoing_address() -> str:
    """This computer's address on the route out (a UDP socket's connect picks it; no packet is
    sent), else the host name's, else loopback. Not gethostbyname(gethostname()) first: it
    gives 127.0.1.1 on Debian and Ubuntu, 127.0.0.1 on many Macs, a Hyper-V or VPN adapter's
    address on Windows, none of which a guest can reach."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed like the internet
            address = str(probe.getsockname()[0])
            if not address.startswith(("127.", "0.")):
                return address
    except OSError:
        pass
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"


class Advertiser:
    """Announces tables (or a whole server) on the local network, from an asyncio loop."""

    def __init__(
        self, interfaces: Interfaces = InterfaceChoice.All, addresses: Sequence[str] | None = None
    ) -> None:
        self._zc = AsyncZeroconf(interfaces=interfaces)
        self._addresses = _addresses(addresses)
        self._infos: dict[str, AsyncServiceInfo] = {}

    async def start_table(self, port: int, code: str, host_name: str, secure: bool = False) -> None:
        """Announce table ``code`` hosted by ``host_name`` on ``port``."""
        await self._register(f"{host_name} {code}", host_name, port, code, secure)

    async def start_server(self, port: int, secure: bool = False) -> None:
        """Announce a server where people open tables."""
        await self._register(f"server {socket.gethostname()} {port}", "", port, "", secure)

    async def _register(self, label: str, name: str, port: int, code: str, secure: bool) -> None:
        info = AsyncServiceInfo(
            SERVICE_TYPE,
            _instance(label),
            addresses=self._addresses,
            port=port,
            properties={
                "v": str(p.PROTOCOL_VERSION),
                "code": code,
                "name": name,
                "tls": "1" if secure else "0",
            },
        )
        await self._zc.async_register_service(info, allow_name_change=True)
        self._infos[code] = info

    async def stop_table(self, code: str) -> None:
        info = self._infos.pop(code, None)
        if info is not None:
            await self._zc.async_unregister_service(info)

    async def close(self) -> None:
        await self._zc.async_unregister_all_services()
        await self._zc.async_close()


class Browser:
    """Lists the tables announced on the local network, kept up to date in the background."""

    def __init__(self, interfaces: Interfaces = InterfaceChoice.All) -> None:
        self._zc = Zeroconf(interfaces=interfaces)
        self._lock = threading.Lock()
        self._found: dict[str, TableAdvert] = {}
        self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._changed])

    def _changed(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        info = ServiceInfo(service_type, name)
        # Runs on zeroconf's own thread: waiting here never holds up a window.
        if not info.request(zeroconf, 2000):
            return
        advert = _advert(info)
        if advert is not None:
            with self._lock:
                self._found[name] = advert

    def tables(self) -> list[TableAdvert]:
        """Every table heard so far (never blocks)."""
        with self._lock:
            return sorted(self._found.values())

    def close(self) -> None:
        self._browser.cancel()
        self._zc.close()


def _advert(info: ServiceInfo) -> TableAdvert | None:
    """The table an announcement describes; None for one that is not ours or is malformed."""
    props = {
        (k or b"").decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
        for k, v in info.properties.items()
    }
    addresses = info.parsed_addresses()
    if not addresses or not info.port:
        return None
    try:
        version = int(props.get("v", ""))
    except ValueError:
        return None
    code = props.get("code", "")
    if code and any(c not in p.CODE_ALPHABET for c in code):
        return None
    return TableAdvert(
        name=props.get("name", "")[:24],
        address=addresses[0],
        port=info.port,
        code=code,
        version=version,
        secure=props.get("tls") == "1",
    )
