"""The headers every answer carries: a strict content policy, no referrer, no framing; pages under an
edit link are never stored (nor restored by Back)."""

from __future__ import annotations

from typing import TypeVar

from werkzeug.wrappers import Response as BaseResponse

#: Only the app's own files run or style a page; nothing is framed, no form posts elsewhere.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
#: Edit links are secrets in the URL: never sent onwards in a Referer, from any page.
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
}
#: Pages under an edit link are never kept by the browser or a proxy (nor restored by Back).
EDIT_PREFIX = "/e/"


R = TypeVar("R", bound=BaseResponse)


def secure(response: R, path: str) -> R:
    """``response`` to ``path`` with the strict headers; never stored when under an edit link."""
    present = {name.lower() for name, _value in response.headers.items()}  # one pass (setdefault would scan per header)
    response.headers.extend([(name, value) for name, value in SECURITY_HEADERS.items() if name.lower() not in present])
    if path.startswith(EDIT_PREFIX):
        response.headers["Cache-Control"] = "no-store"
    return response
