"""A table of friends (a group): start one, its page (roster, games, search), add players and games.

The group's link is its only key, like a game's: whoever holds it sees the games and adds to them.
"""

from __future__ import annotations

from datetime import date

from flask import abort, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from ... import services
from ...services import phone
from ...services.table import history, standing
from ...shapes.limits import PLAYER_NAME, is_token
from ...store.models import Group
from ..common.blueprint import Page, bp
from ..common.memory import forget_group, remember_group, remember_group_viewed
from ..common.sharing import shared_url
from ..language import select_timezone
from ..limiting import codes_guessed_too_often, new_games, too_many
from .forms import NEW_ROSTER, NewGroupForm, PlayerForm


@bp.route("/groups/new", methods=["GET", "POST"])
@new_games
def new_group() -> Page:
    """Start a group: a name and the players who usually sit at the table."""
    form = NewGroupForm()
    if form.validate_on_submit():
        names = [form[f"player_{i}"].data or "" for i in range(NEW_ROSTER)]
        name = (form.name.data or "").strip() or gettext("Our Canasta table")
        try:
            group = history.start_group(name, names)
        except services.StorageUnavailable:
            form.form_errors.append(
                gettext(
                    "The group could not be started: the scores cannot be written right now. Try again in a moment."
                )
            )
            return render_template("groups/new.html", form=form, roster=NEW_ROSTER), 503
        remember_group(group)
        return redirect(url_for("games.group_page", token=group.token))
    status = 400 if form.errors else 200
    return render_template("groups/new.html", form=form, roster=NEW_ROSTER), status


@bp.get("/t/<secret:token>")
def group_page(token: str) -> Page:
    """The group: its link, its roster, a new game with its players, and its games (searchable)."""
    group = group_or_404(token)
    remember_group_viewed(group.id)
    player = request.args.get("player", "")[:PLAYER_NAME]
    since, until = _day(request.args.get("from")), _day(request.args.get("to"))
    return _render(group, player=player, since=since, until=until)


@bp.post("/t/<secret:token>/forget")
def forget_group_on_phone(token: str) -> Response:
    """Take the group off this phone's home page (the group stays, for everyone with its link)."""
    if not is_token(token):
        abort(404)
    forget_group(token)
    return redirect(url_for("games.home"))


@bp.post("/t/<secret:token>/players")
def add_player(token: str) -> Page:
    """Put one more player on the roster."""
    group = group_or_404(token)
    form = PlayerForm()
    if not form.validate_on_submit() or not (form.name.data or "").strip():
        problem = "; ".join(form.name.errors) or gettext("Type the player's name first.")
        return _render(group, player_problem=problem, player_form=form), 400
    history.add_players(group, [form.name.data or ""])
    return redirect(url_for("games.group_page", token=token) + "#roster")


@bp.post("/t/<secret:token>/games")
def add_group_game(token: str) -> Page:
    """Count a game (by its link or code) as one of the group's."""
    group = group_or_404(token)
    typed = request.form.get("link", "")[:300]
    if phone.is_code(typed) and codes_guessed_too_often():
        return too_many()
    found = phone.find_opened(typed)
    if found is None:
        problem = gettext("No game was found for that link or code. Check it, or ask for it again.")
        return _render(group, game_problem=problem, typed=typed), 404
    game, editable = found
    if not editable:  # whoever can only read a game may not take it into a group, nor out of its own
        problem = gettext(
            "Only the game's edit link (the one that records hands) adds it to a group: a read-only link or "
            "a code shows the game, it cannot move it."
        )
        return _render(group, game_problem=problem, typed=typed), 400  # not a guess: the link is real
    history.add_game(group, game)
    return redirect(url_for("games.group_page", token=token) + "#games")


def group_or_404(token: str) -> Group:
    group = history.find_group(token)
    if group is None:
        abort(404)
    return group


def _day(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None


def _render(
    group: Group, player: str = "", since: date | None = None, until: date | None = None, **shown: object
) -> str:
    """The group's page: its games (those matching the search), its records (over every game), its roster."""
    everything = history.group_games(group)
    shown.setdefault("player_form", PlayerForm(formdata=None))
    return render_template(
        "groups/group.html",
        group=group,
        games=history.matching(everything, player, since, until, select_timezone()),
        records=standing.group_records(everything),
        player=player,
        since=since,
        until=until,
        link=shared_url("games.group_page", token=group.token),
        **shown,
    )
