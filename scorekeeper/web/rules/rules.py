"""The rules reference: topics, search, the comparison of rule sets."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from werkzeug.wrappers import Response

from ...engine import RULESETS
from ...reference import TOPICS
from ...reference.compare import comparison
from ...reference.search import search
from ...reference.topics import build_all, build_topic
from ..common import page_cache
from ..limiting import guard_links
from .reference_context import reading

bp = Blueprint("rules", __name__)
guard_links(bp)


def _routes(rule: str, endpoint: str, view: object) -> None:
    bp.add_url_rule(f"/rules{rule}", endpoint, view)  # type: ignore[arg-type]
    bp.add_url_rule(f"/g/<public_id>/rules{rule}", endpoint, view)  # type: ignore[arg-type]
    bp.add_url_rule(f"/e/<secret:edit_token>/rules{rule}", endpoint, view)  # type: ignore[arg-type]


def index(public_id: str | None = None, edit_token: str | None = None) -> Response:
    """The topics, the rule set being read, search, tools and the comparison (rendered once per reader's
    language and display, ``page_cache.reference``)."""
    page = reading(public_id, edit_token)

    def render() -> str:
        topics = build_all(page.ruleset)
        rulesets = RULESETS.values()
        return render_template(
            "rules/index.html", page=page, topics=topics, rulesets=rulesets, csrf_token=page_cache.session_token
        )

    return page_cache.reference(page.reading_key, render)


def topic(slug: str, public_id: str | None = None, edit_token: str | None = None) -> Response:
    """One topic of the reference, with the numbers of the rule set being read (rendered once per reader's
    language and display, ``page_cache.reference``)."""
    if slug not in TOPICS:
        abort(404)  # before the ETag is asked about: an unknown topic is never "not modified"
    page = reading(public_id, edit_token)

    def render() -> str:
        built = build_topic(slug, page.ruleset)
        assert built is not None  # a topic of TOPICS
        return render_template(
            "rules/topic.html", page=page, topic=built, rulesets=RULESETS.values(), csrf_token=page_cache.session_token
        )

    return page_cache.reference(page.reading_key, render)


def find(public_id: str | None = None, edit_token: str | None = None) -> str:
    """Search the reference in both languages, forgiving accents and case."""
    page = reading(public_id, edit_token)
    query = request.args.get("q", "").strip()[:100]
    results = search(query, page.ruleset) if query else []
    return render_template("rules/search.html", page=page, query=query, results=results, rulesets=RULESETS.values())


def compare() -> str:
    """Every rule set side by side, parameter by parameter, each value with its source."""
    return render_template("rules/compare.html", table=comparison())


_routes("", "index", index)
_routes("/search", "search", find)
bp.add_url_rule("/rules/compare", "compare", compare)
_routes("/<slug>", "topic", topic)
