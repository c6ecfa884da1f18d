"""How this phone shows the pages: a theme (light, dark, pure black or the phone's own) and a text size
(100 % to 200 %), kept in a cookie and applied by the server in the first HTML, so no page is ever drawn
in the wrong theme first, with or without the script."""

from __future__ import annotations

from typing import NamedTuple

from flask import current_app, request
from flask_babel import lazy_gettext
from werkzeug.wrappers import Request, Response

DISPLAY_COOKIE = "display"
COOKIE_AGE = 2 * 365 * 24 * 3600

#: The themes, in the order the settings page offers them; "auto" follows the phone's own setting.
THEMES = ("auto", "light", "dark", "black")
#: The text sizes, in per cent of the app's usual size.
SIZES = (100, 125, 150, 175, 200)

#: The colour of the phone's bar above the app (the header's), in the light themes and the dark ones.
LIGHT_BAR, DARK_BAR = "#0b5d3b", "#0e3d2a"

THEME_NAMES = {
    "auto": lazy_gettext("As the phone is set (light by day, dark if the phone is dark)"),
    "light": lazy_gettext("Light"),
    "dark": lazy_gettext("Dark"),
    "black": lazy_gettext("Pure black (saves battery on OLED screens)"),
}


class Display(NamedTuple):
    """A phone's display settings."""

    theme: str = "auto"
    size: int = 100

    @property
    def cookie(self) -> str:
        """The cookie's value: ``dark.150``."""
        return f"{self.theme}.{self.size}"

    @property
    def dark_media(self) -> str | None:
        """The media the dark stylesheet applies to: never on paper, always or as the phone says; None
        when the page is light."""
        if self.theme == "light":
            return None
        return "screen and (prefers-color-scheme: dark)" if self.theme == "auto" else "screen"

    @property
    def color_scheme(self) -> str:
        """The schemes the page is drawn in (the browser's own controls and scroll bars follow)."""
        return {"auto": "light dark", "light": "light"}.get(self.theme, "dark")

    @property
    def bar_colors(self) -> tuple[tuple[str, str | None], ...]:
        """The colour of the phone's bar above the page (the header's), each with the media it is for."""
        if self.theme == "auto":
            return ((LIGHT_BAR, "(prefers-color-scheme: light)"), (DARK_BAR, "(prefers-color-scheme: dark)"))
        return ((LIGHT_BAR if self.theme == "light" else DARK_BAR, None),)


def parse(value: str) -> Display:
    """The settings a cookie holds; the usual ones for anything else (an old or a tampered cookie)."""
    theme, _, size = value.partition(".")
    return Display(
        theme if theme in THEMES else "auto",
        int(size) if size.isdigit() and int(size) in SIZES else 100,
    )


def display_of(asked: Request) -> Display:
    """The display settings of a request (inside the app or in front of it)."""
    return parse(asked.cookies.get(DISPLAY_COOKIE, "")[:16])


def current_display() -> Display:
    """The display settings of the request being answered (the templates' ``display()``)."""
    return display_of(request)


def keep(response: Response, chosen: Display) -> Response:
    """``response`` with the cookie that keeps ``chosen`` on this phone."""
    response.set_cookie(
        DISPLAY_COOKIE,
        chosen.cookie,
        max_age=COOKIE_AGE,
        samesite="Lax",
        secure=current_app.config["SESSION_COOKIE_SECURE"],
    )
    return response
