"""The games blueprint: every page of a game, a table of friends, a club night and a club registers on it (the
views of table/, night/ and club/, and the home page of site/), so that their endpoints keep the names they have
always had (``games.home``, ``games.sheet``, ``games.night_board``, ``games.club_page``...) and every ``url_for``
finds them. Its links are guarded against guessing (``limiting.guard_links``) and a phone's cookie goes out once
a request has used it (``memory.keep_phone_cookie``)."""

from __future__ import annotations

from flask import Blueprint
from werkzeug.wrappers import Response

from ..limiting import guard_links
from .memory import keep_phone_cookie

bp = Blueprint("games", __name__)
guard_links(bp)

#: What a page's view answers: the page, a redirect or a file, or the page with its status.
Page = str | Response | tuple[str, int]


bp.after_app_request(keep_phone_cookie)
