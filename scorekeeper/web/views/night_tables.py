"""A club night's tables: the printable table cards, the code on a card (the table's game of the round in
play), and the taps that say a table's result is right: "we agree" on the recorder's sheet, or "we have
finished" on a pair's own page when each pair counts its own half.
"""

from __future__ import annotations

from flask import abort, redirect, render_template, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from ... import services
from ...services import nights, round_play
from ..sharing import qr_svg, shared_url
from .games import Page, bp, find_or_404
from .halves import side_or_404
from .nights import night_or_404, night_view


@bp.get("/n/<secret:director_token>/cards")
def table_cards(director_token: str) -> str:
    """A printable card per table: its number and a QR code that leads, all night, to the table's game of
    the round in play, for recording (nobody types a link)."""
    night = night_or_404(director_token, director=True)
    cards = []
    for number in range(1, nights.most_tables(night) + 1):
        link = shared_url("games.table_entry", table_token=night.table_token, number=number)
        cards.append((number, link, qr_svg(link, gettext("QR code of table %(n)s", n=number))))
    return render_template("nights/cards.html", night=night, cards=cards)


@bp.get("/night/t/<secret:table_token>/<int(max=999):number>")
def table_entry(table_token: str, number: int) -> Page:
    """A table card's code: the table's game of the round in play (by halves: which pair are you?)."""
    night = nights.find_by_table_token(table_token)
    if night is None:
        abort(404)
    table = nights.table_in_play(night, number)
    game = table.game if table is not None else None
    if game is not None and game.recording != "halves":
        return redirect(url_for("games.edit_sheet", edit_token=game.edit_token))
    return render_template("nights/table.html", number=number, table=table, game=game, **night_view(night))


@bp.post("/e/<secret:edit_token>/agree-table")
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
def side_finished(side_token: str) -> Response:
    """ "We have finished": when each pair counts its own half, a round of minutes is over and no hand has
    been recorded since the clock ran out; a pair says the hand that was in play is in (or that none was)."""
    link = side_or_404(side_token)
    try:
        round_play.agree_table(link.game, link.side, side_token)
    except (services.Refused, nights.NightClosed):
        return redirect(url_for("games.side_page", side_token=side_token, stale=1))
    return redirect(url_for("games.side_page", side_token=side_token) + "#night-table")
