"""A club's pages: start one; its page (its nights, a new night for it, its members, the season's tables of
pairs and players). The club's link is its only key: whoever holds it runs the club's nights."""

from __future__ import annotations

from flask import abort, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from ... import services
from ...services.club import clubs, grades
from ...services.membership import members
from ...shapes.limits import is_token
from ...store.nights import Club
from ...tournament.grades import K_DEFAULT
from ...translation import render
from ..common.blueprint import Page, bp
from ..common.memory import forget_club, remember_club
from ..limiting import new_games
from .forms import ClubForm, GradeForm, MemberForm


@bp.route("/clubs/new", methods=["GET", "POST"])
@new_games
def new_club() -> Page:
    """A club's name and how many nights its season counts; then its page."""
    form = ClubForm()
    if form.validate_on_submit():
        try:
            club = clubs.start_club(form.name.data or "", form.best_of.data, form.grade_k.data or K_DEFAULT)
        except services.Refused as refused:
            field = form._fields.get(refused.field)
            if field is not None:
                field.errors = [*field.errors, render(refused.msg)]
        except services.StorageUnavailable:
            form.form_errors.append(
                gettext("The club could not be started: the scores cannot be written right now. Try again in a moment.")
            )
            return render_template("clubs/new.html", form=form), 503
        else:
            remember_club(club.id, at_once=True)
            return redirect(url_for("games.club_page", token=club.token))
    return render_template("clubs/new.html", form=form), 400 if form.errors else 200


def club_or_404(token: str) -> Club:
    club = clubs.find_club(token)
    if club is None:
        abort(404)
    return club


@bp.get("/c/<secret:token>")
def club_page(token: str) -> str:
    """The club: its nights, a new night for it, its members, the season's tables."""
    club = club_or_404(token)
    remember_club(club.id)
    return club_page_with(club, MemberForm(), added=request.args.get("added", type=int))


@bp.post("/c/<secret:token>/grades")
def set_grade_k(token: str) -> Page:
    """How far a result moves the club's grades; the club's page again, every grade worked out with it."""
    club = club_or_404(token)
    form = GradeForm()
    if form.validate_on_submit():
        try:
            clubs.set_grade_k(club, form.grade_k.data if form.grade_k.data is not None else K_DEFAULT)
        except services.Refused as refused:
            form.grade_k.errors = [*form.grade_k.errors, render(refused.msg)]
        except services.StorageUnavailable:
            form.form_errors.append(
                gettext("Nothing was changed: the scores cannot be written right now. Try again in a moment.")
            )
            return club_page_with(club, MemberForm(), grade_form=form), 503
        else:
            return redirect(url_for("games.club_page", token=club.token) + "#grades")
    return club_page_with(club, MemberForm(), grade_form=form), 400


def club_page_with(
    club: Club, member_form: MemberForm, added: int | None = None, grade_form: GradeForm | None = None
) -> str:
    """The club's page, with the member form (and the K form) as given (as typed, with its errors) and how
    many members an import just added."""
    if grade_form is None:
        grade_form = GradeForm(formdata=None, grade_k=club.grade_k)
    held = clubs.club_nights(club)
    return render_template(
        "clubs/club.html",
        club=club,
        nights=held,
        members=grades.members_graded(club, members.club_members(club), held),
        archived=members.club_members(club, archived=True),
        member_form=member_form,
        grade_form=grade_form,
        added=added,
        season=clubs.club_season(club, held),
        records=clubs.club_records(club, held),
    )


@bp.post("/c/<secret:token>/forget")
def forget_club_on_phone(token: str) -> Response:
    """Take the club off this phone's home page (the club stays, for everyone with its link)."""
    if not is_token(token):
        abort(404)
    forget_club(token)
    return redirect(url_for("games.home"))
