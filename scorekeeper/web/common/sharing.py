"""Sharing a game: links other phones can reach, QR codes for them, and the result as a short text.

A page opened on the laptop as ``localhost`` would otherwise share ``http://127.0.0.1:8000/...``,
which no other phone can open: such links use this machine's address on the local network
(read from its own network interfaces, never by contacting another host), or
``SCOREKEEPER_PUBLIC_URL`` when it is set.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from collections.abc import Callable, Iterable
from typing import Any

import segno
from flask import current_app, request, url_for
from markupsafe import Markup

from ...services import Sheet
from ...store.kept import Kept
from ...translation import _, ngettext
from .numbers import number
from .wording import winner_sentence

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})


def interface_addresses() -> list[str]:
    """This machine's IPv4 addresses, from its host name and its network interfaces (Linux)."""
    found: list[str] = []
    with contextlib.suppress(OSError):
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    try:
        import fcntl
        import struct

        for _index, name in socket.if_nameindex():
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                packed = struct.pack("256s", name.encode()[:15])
                try:
                    found.append(socket.inet_ntoa(fcntl.ioctl(probe.fileno(), 0x8915, packed)[20:24]))  # SIOCGIFADDR
                except OSError:
                    continue  # an interface without an IPv4 address
    except (ImportError, OSError):
        pass
    return found


def lan_address(addresses: Iterable[str]) -> str | None:
    """The address other phones on the table's network can reach: a private IPv4 one, not loopback."""
    usable = []
    for text in addresses:
        try:
            address = ipaddress.IPv4Address(text)
        except ValueError:
            continue
        if not address.is_loopback and not address.is_link_local and address.is_private:
            usable.append(address)
    # Home routers hand out 192.168.x.x, offices 10.x; 172.16-31 is where container bridges usually sit.
    preference = [ipaddress.IPv4Network(n) for n in ("192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12")]

    def rank(address: ipaddress.IPv4Address) -> tuple[int, ipaddress.IPv4Address]:
        return (next((i for i, net in enumerate(preference) if address in net), len(preference)), address)

    return str(min(usable, key=rank)) if usable else None


#: Replaced in tests by a fake list of interfaces.
find_addresses: Callable[[], list[str]] = interface_addresses


def base_url() -> str:
    """Where other phones reach this app: SCOREKEEPER_PUBLIC_URL, else the address the page was opened
    with, unless that is this machine's own name for itself (then its address on the local network)."""
    configured = str(current_app.config.get("PUBLIC_URL") or "").rstrip("/")
    if configured:
        return configured
    host, _, port = request.host.rpartition(":") if request.host.count(":") == 1 else (request.host, "", "")
    if host in LOCAL_HOSTS:
        lan = lan_address(find_addresses())
        if lan is not None:
            return f"{request.scheme}://{lan}{':' + port if port else ''}"
    return request.host_url.rstrip("/")


def shared_url(endpoint: str, **values: Any) -> str:
    """A full link to one of the app's pages that other phones can open."""
    return base_url() + url_for(endpoint, **values)


#: QR codes by link and label: drawing one takes about 9 ms, and a night's board shows three on every change.
_drawn: Kept[Markup] = Kept(limit=256)


def qr_svg(link: str, label: str) -> Markup:
    """A QR code for ``link`` as inline SVG, with ``label`` as its text alternative (drawn once, kept)."""
    return _drawn.get_or_make((link, label), lambda: _draw(link, label))


def _draw(link: str, label: str) -> Markup:
    svg = segno.make(link, error="m").svg_inline(
        scale=5, omitsize=True, title=label, svgclass="qr", lineclass="qr-line"
    )
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{Markup.escape(label)}" ', 1))


def result_text(sheet: Sheet, ruleset_name: str) -> str:
    """The end of a game in a few words, to send to someone: who played, the totals, the winner, the hands."""
    totals = ", ".join(f"{name} {number(total)}" for name, total in zip(sheet.side_names, sheet.totals, strict=True))
    hands = ngettext("%(num)s hand", "%(num)s hands", len(sheet.hands))
    ending = winner_sentence(sheet) if sheet.winner is not None else _("A draw.")
    return f"{_('Canasta')} · {ruleset_name} · {hands}: {totals}. {ending}"
