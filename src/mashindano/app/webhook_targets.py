"""Where a webhook may be sent, and sending it there (issue 30 item 1: no request forgery).

A webhook URL is `http://` or `https://` with a host name, without a user name or password.
Its host is resolved once, at delivery time, and every address it resolves to must be public:
not unspecified (`0.0.0.0`, `::`), loopback, link-local (`169.254.0.0/16`, `fe80::/10`),
multicast, shared (`100.64.0.0/10`), reserved, private, nor anything else `ipaddress` does not
call global; an IPv6 address carrying an IPv4 one (mapped `::ffff:a.b.c.d`, 6to4, NAT64,
Teredo) is judged by that IPv4 address too. Numeric forms that the resolver accepts
(`2130706433`, `0177.0.0.1`, `0x7f.1`, `127.1`) are judged by the address they resolve to.
The connection is made to the address that was checked (no second lookup that a rebinding
DNS server could answer differently), with the URL's host name in the `Host` header and as
the TLS server name (certificates are verified as usual).

Redirects: 301, 302, 307 and 308 are followed by POSTing the same signed body to the new
location, at most `MAX_REDIRECTS` times, each hop checked like the first (a 303, meaning
"fetch something else with GET", is an answer like any other non-2xx).

`MASHINDANO_WEBHOOK_ALLOW` (comma-separated, see `parse_allow`) lets a deployment reach
internal receivers: each entry is an address or network (`10.0.0.0/8`, `fd00::/8`,
`192.168.1.20`) or a host name (`hooks.internal`), optionally with a port (`127.0.0.1:9000`,
`[::1]:9000`, `hooks.internal:8443`); a target whose host name or resolved address (and port,
when the entry names one) matches an entry may have any address. Public addresses need no
entry.

What a try reports (`Outcome.error`, shown in the delivery log): a refused target reads
`refused: loopback address` (the kind, never the address, which would tell what an internal
name resolves to; `(after a redirect)` when a redirection led there) and nothing is sent to
it; a failed connection to an allowed target reads
one of a few fixed phrases (`name not found`, `could not connect`, `timed out`, `TLS failed`,
`not an HTTP answer`, `too many redirects`), never the system's error text; a receiver's HTTP
status is kept (`HTTP 503`), as its owner needs it.
"""

from __future__ import annotations

import http.client
import ipaddress
import re
import socket
import ssl
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

MAX_REDIRECTS = 3
FOLLOWED = frozenset({301, 302, 307, 308})
SHARED = ipaddress.IPv4Network("100.64.0.0/10")
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")

KINDS = {
    "unspecified": "unspecified address",
    "loopback": "loopback address",
    "link-local": "link-local address",
    "multicast": "multicast address",
    "shared": "shared (carrier-grade NAT) address",
    "reserved": "reserved address",
    "private": "private address",
    "non-public": "non-public address",
}
"""Why an address is refused: key -> the phrase of the delivery log ("refused: <phrase>")."""


class BadURL(ValueError):
    """A URL no webhook can be sent to (`problem`: "scheme", "host" or "credentials")."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


@dataclass(frozen=True, slots=True)
class Target:
    scheme: str
    host: str
    """The host name (IDNA, lower case) or the address literal, without brackets."""
    port: int
    path: str
    """Path and query, at least "/"."""


def parse_url(url: str) -> Target:
    """The parts of a webhook URL; `BadURL` when it cannot be one."""
    if not url.startswith(("http://", "https://")):
        raise BadURL("scheme")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise BadURL("host") from exc
    if parts.username is not None or parts.password is not None:
        raise BadURL("credentials")
    host = (parts.hostname or "").rstrip(".")
    if not host:
        raise BadURL("host")
    try:
        host = host.encode("idna").decode("ascii")
    except UnicodeError as exc:
        raise BadURL("host") from exc
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return Target(parts.scheme, host, port or (443 if parts.scheme == "https" else 80), path)


def _embedded_v4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]
    if ip in NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def refusal(ip: Address) -> str | None:
    """Why `ip` is not public (a key of `KINDS`), or None when it is."""
    if isinstance(ip, ipaddress.IPv6Address):
        inner = _embedded_v4(ip)
        if inner is not None and (found := refusal(inner)) is not None:
            return found
    if ip.is_unspecified:
        return "unspecified"
    if ip.is_loopback:
        return "loopback"
    if ip.is_link_local:
        return "link-local"
    if ip.is_multicast:
        return "multicast"
    if isinstance(ip, ipaddress.IPv4Address) and ip in SHARED:
        return "shared"
    if ip.is_reserved:
        return "reserved"
    if ip.is_private:
        return "private"
    if not ip.is_global:
        return "non-public"
    return None


# -- the allow-list -------------------------------------------------------------------------

_LABEL = r"[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?"
_HOST = re.compile(rf"{_LABEL}(\.{_LABEL})*")


@dataclass(frozen=True, slots=True)
class Allowed:
    """One entry of `MASHINDANO_WEBHOOK_ALLOW`: a network or a host name, maybe a port."""

    network: Network | None = None
    host: str | None = None
    port: int | None = None

    def admits(self, target: Target, ip: Address) -> bool:
        if self.port is not None and self.port != target.port:
            return False
        if self.host is not None:
            return self.host == target.host
        assert self.network is not None
        if ip.version != self.network.version:
            mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) else None
            return mapped is not None and mapped in self.network
        return ip in self.network


def _entry(text: str) -> Allowed:
    item = text.strip().lower()
    port: int | None = None
    if item.startswith("["):  # [v6] or [v6]:port
        inside, _, rest = item[1:].partition("]")
        if rest:
            if not rest.startswith(":") or not rest[1:].isdigit():
                raise ValueError(text)
            port = int(rest[1:])
        item = inside
    elif item.count(":") == 1:  # host:port or v4:port (a bare v6 has several colons)
        item, _, digits = item.partition(":")
        if not digits.isdigit():
            raise ValueError(text)
        port = int(digits)
    if port is not None and not 0 < port < 65536:
        raise ValueError(text)
    try:
        return Allowed(network=ipaddress.ip_network(item, strict=False), port=port)
    except ValueError:
        pass
    host = item.rstrip(".")
    # A numeric last label is no host name (it would be an address the resolver reads
    # as such, e.g. 127.1): only real networks and names are accepted.
    if not _HOST.fullmatch(host) or host.rsplit(".", 1)[-1].isdigit() or "/" in host:
        raise ValueError(text)
    return Allowed(host=host, port=port)


def parse_allow(text: str) -> tuple[Allowed, ...]:
    """`MASHINDANO_WEBHOOK_ALLOW`: comma-separated addresses, networks (CIDR) or host names,
    each optionally with `:port` (`[v6]:port` for an IPv6 address). ValueError naming the
    first entry that is none of these."""
    found: list[Allowed] = []
    for piece in text.split(","):
        if not piece.strip():
            continue
        try:
            found.append(_entry(piece))
        except ValueError:
            raise ValueError(
                f"MASHINDANO_WEBHOOK_ALLOW: {piece.strip()!r} is not an address, a network "
                "(CIDR) or a host name, optionally with :port"
            ) from None
    return tuple(found)


# -- checking and sending --------------------------------------------------------------------


class Refused(Exception):
    """A target that must not be reached: `kind` is a key of `KINDS`."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


class Unresolved(Exception):
    """The host name does not resolve."""


def resolve(target: Target, allow: tuple[Allowed, ...]) -> list[tuple[int, Address]]:
    """Every address of `target` (family, address), each checked: `Refused` if any of them is
    not public and no allow-list entry admits it; `Unresolved` if there is none."""
    try:
        infos = socket.getaddrinfo(target.host, target.port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise Unresolved from exc
    found: list[tuple[int, Address]] = []
    for family, _type, _proto, _name, sockaddr in infos:
        if family not in (socket.AF_INET, socket.AF_INET6):
            continue
        ip = ipaddress.ip_address(str(sockaddr[0]).partition("%")[0])
        kind = refusal(ip)
        if kind is not None and not any(entry.admits(target, ip) for entry in allow):
            raise Refused(kind)
        if (family, ip) not in found:
            found.append((family, ip))
    if not found:
        raise Unresolved
    return found


def _connect(addresses: list[tuple[int, Address]], port: int, timeout: float) -> socket.socket:
    """A TCP connection to the first of the checked addresses that answers."""
    last: OSError | None = None
    for family, ip in addresses:
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.settimeout(timeout)
        try:
            sock.connect((str(ip), port))
        except OSError as exc:
            sock.close()
            last = exc
            continue
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock
    assert last is not None
    raise last


class _Pinned(http.client.HTTPConnection):
    """HTTP to a checked address; `Host` is the URL's host."""

    def __init__(self, target: Target, addresses: list[tuple[int, Address]], timeout: float):
        super().__init__(target.host, target.port, timeout=timeout)
        self._addresses = addresses

    def connect(self) -> None:
        self.sock = _connect(self._addresses, self.port, float(self.timeout or 10))


class _PinnedTLS(http.client.HTTPSConnection):
    """HTTPS to a checked address; `Host` and the TLS server name are the URL's host."""

    def __init__(self, target: Target, addresses: list[tuple[int, Address]], timeout: float):
        self._tls = ssl.create_default_context()
        super().__init__(target.host, target.port, timeout=timeout, context=self._tls)
        self._addresses = addresses

    def connect(self) -> None:
        raw = _connect(self._addresses, self.port, float(self.timeout or 10))
        try:
            self.sock = self._tls.wrap_socket(raw, server_hostname=self.host)
        except BaseException:
            raw.close()
            raise


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one POST came to: the final HTTP status, or an error phrase (see the module)."""

    status: int | None
    error: str = ""
    refused: bool = False


def _failure(exc: BaseException) -> str:
    if isinstance(exc, ssl.SSLError | ssl.CertificateError):
        return "TLS failed"
    if isinstance(exc, TimeoutError):
        return "timed out"
    if isinstance(exc, http.client.HTTPException):
        return "not an HTTP answer"
    return "could not connect"


def post(
    url: str, body: bytes, headers: dict[str, str], *, allow: tuple[Allowed, ...], timeout: float
) -> Outcome:
    """POST `body` to `url` and to at most `MAX_REDIRECTS` redirections, each target checked
    (parsed, resolved once, every address judged) before anything is sent to it."""
    for hop in range(MAX_REDIRECTS + 1):
        after = " (after a redirect)" if hop else ""
        try:
            target = parse_url(url)
        except BadURL:
            return Outcome(None, f"refused: not an http(s) URL with a host{after}", refused=True)
        try:
            addresses = resolve(target, allow)
        except Refused as exc:
            return Outcome(None, f"refused: {KINDS[exc.kind]}{after}", refused=True)
        except Unresolved:
            return Outcome(None, "name not found")
        kind = _PinnedTLS if target.scheme == "https" else _Pinned
        connection = kind(target, addresses, timeout)
        try:
            connection.request("POST", target.path, body=body, headers=headers)
            response = connection.getresponse()
            status, location = response.status, response.getheader("Location")
        except (OSError, http.client.HTTPException, ValueError) as exc:
            return Outcome(None, _failure(exc))
        finally:
            connection.close()
        if status not in FOLLOWED or not location:
            return Outcome(status, "" if 200 <= status < 300 else f"HTTP {status}")
        url = urljoin(url, location)
    return Outcome(None, "too many redirects")
