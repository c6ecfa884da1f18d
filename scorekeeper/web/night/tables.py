"""A club night's tables: the printable table cards, the code on a card (the table's game of the round in
play), and the taps that say a table's result is right: "we agree" on the recorder's sheet, or "we have
finished" on a pair's own page when each pair counts its own half.
"""

from __future__ import annotations

from functools import lru_cache

from flask import abort, make_response, redirect, render_template, request, url_for
from flask_babel import gettext
from markupsafe import Markup
from werkzeug.wrappers import Response

from ... import services
from ...services import night as nights
from ...services.night import round_play
from ...services.night.night_results import night_stamp
from ..common.blueprint import Page, bp
from ..common.sharing import qr_svg, shared_url
from ..conditional import unchanged, version_tag
from ..limiting import token_writes
from ..table.games import find_or_404
from ..table.side import side_or_404
from .base import night_or_404, night_view
from .forms import CardsForm, cards_problem


@bp.get("/n/<secret:director_token>/cards")
def table_cards(director_token: str) -> Page:
    """A printable card per table: its number and a QR code that leads, all night, to the table's game of
    the round in play, for recording (nobody types a link). As many as the director asks for (``tables``,
    1 to the most tables a night seats), before any pair has come; by default one a table the pairs need.
    A number out of bounds comes back with the form as typed, naming the box (400)."""
    night = night_or_404(director_token, director=True)
    form = CardsForm(request.args)
    if "tables" not in request.args:
        form.tables.data = nights.most_tables(night)
    elif not form.validate():
        page = render_template("nights/cards.html", night=night, form=form, cards=[], problem=cards_problem())
        return page, 400
    count = form.tables.data or 1
    cards = []
    for number in range(1, count + 1):
        link = shared_url("games.table_entry", table_token=night.table_token, number=number)
        cards.append((number, link, _card_code(link, gettext("QR code of table %(n)s", n=number))))
    return render_template("nights/cards.html", night=night, form=form, cards=cards, problem=None)


@lru_cache(maxsize=512)
def _card_code(link: str, label: str) -> Markup:
    """A card's QR code, made once (a night's 200 cards take seconds to draw; printed again, none)."""
    return qr_svg(link, label)


@bp.get("/night/t/<secret:table_token>/<int(max=999):number>")
def table_entry(table_token: str, number: int) -> Page:
    """A table card's code: the table's game of the round in play (by halves: which pair are you?). Before
    the round is drawn (or at a table it does not use) the page says so and follows the night: it opens the
    table's game as soon as the director draws the round (304 while nothing changed)."""
    night = nights.find_by_table_token(table_token)
    if night is None:
        abort(404)
    stamp = night_stamp(night.public_id)
    if stamp is None:
        abort(404)
    table = nights.table_in_play(night, number)
    game = table.game if table is not None else None
    if game is not None and game.recording != "halves":
        return redirect(url_for("games.edit_sheet", edit_token=game.edit_token))
    tag = version_tag(stamp, f"table-card-{number}")
    same = unchanged(tag)
    if same is not None:
        return same
    page = render_template("nights/table.html", number=number, table=table, game=game, etag=tag, **night_view(night))
    response = make_response(page)
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.post("/e/<secret:edit_token>/agree-table")
@token_writes
def agree_table(edit_token: str) -> Response:
    """ "We agree": at a club night, a player of the pair that did not record agrees to the table's finished
    game on the recorder's phone; the result counts in the night's standings from then on."""
    game = find_or_404(edit_token, editable=True)
    try:
        round_play.agree_table(game)
    except (services.Refused, nights.NightClosed):
        return redirect(url_for("games.edit_sheet", edit_token=edit_token, stale=1))
    return redirect(url_for("games.edit_sheet", edit_token=edit_token) + "#night-table")


@bp.post("/s/<secret:side_token>/finished")
@token_writes
def side_finished(side_token: str) -> Response:
    """ "We have finished": when each pair counts its own half, a round of minutes is over and no hand has
    been recorded since the clock ran out; a pair says the hand that was in play is in (or that none was)."""
    link = side_or_404(side_token)
    try:
        round_play.agree_table(link.game, link.side, side_token)
    except (services.Refused, nights.NightClosed):
        return redirect(url_for("games.side_page", side_token=side_token, stale=1))
    return redirect(url_for("games.side_page", side_token=side_token) + "#night-table")
