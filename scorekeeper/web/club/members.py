"""A club's members' pages: a member added on the club's page, a CSV file of members previewed and then
imported (all of it or nothing), the members exported as CSV, a member's page (their grade night by night),
where the director archives a member, brings them back, or merges another member into them. The club's link
is the key, as for its page."""

from __future__ import annotations

from collections.abc import Callable

from flask import abort, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext, lazy_gettext
from werkzeug.wrappers import Response

from ... import services
from ...services.club import clubs, grades
from ...services.membership import members, roster
from ...services.spreadsheet_files import MOST_IMPORT_BYTES
from ...shapes.limits import MAX_ROW_NUMBER
from ...store.members import ClubMember
from ...store.nights import Club, Night
from ...tournament import rounded
from ...translation import day_and_month, render
from ..common.blueprint import Page, bp
from ..common.chart import chart_of_grades
from ..common.downloads import csv_download
from .clubs import club_or_404, club_page_with
from .forms import MemberForm, MembersFileForm, MergeForm

#: What a refused line's field is called on the preview.
FIELD_NAMES = {"name": lazy_gettext("Name"), "number": lazy_gettext("Number"), "grade": lazy_gettext("Starting grade")}


@bp.post("/c/<secret:token>/members")
def add_member(token: str) -> Page:
    """A member typed in on the club's page; the form comes back as typed, naming the field, when refused."""
    club = club_or_404(token)
    form = MemberForm()
    if form.validate_on_submit():
        try:
            members.add_member(club, form.name.data or "", form.number.data or "", form.grade.data or "")
        except services.Refused as refused:
            field = form._fields.get(refused.field, form.name)
            field.errors = [*field.errors, render(refused.msg)]
        except services.StorageUnavailable:
            form.form_errors.append(
                gettext("The member could not be added: the scores cannot be written right now. Try again in a moment.")
            )
            return club_page_with(club, form), 503
        else:
            return redirect(url_for("games.club_page", token=token) + "#members")
    return club_page_with(club, form), 400


@bp.route("/c/<secret:token>/members/import", methods=["GET", "POST"])
def import_members(token: str) -> Page:
    """A CSV file (or lines pasted): first a preview of what it adds, then, confirmed, all of it at once."""
    club = club_or_404(token)
    form = MembersFileForm()
    if request.method == "GET":
        return render_template("clubs/import.html", club=club, form=form, problem=None)
    if not form.validate_on_submit():
        return render_template("clubs/import.html", club=club, form=form, problem=None), 400
    upload = form.members_file.data
    chosen = upload is not None and bool(getattr(upload, "filename", ""))
    data: bytes | str = upload.read(MOST_IMPORT_BYTES + 1) if chosen else (form.text.data or "")
    if not data:
        problem = gettext("Choose a CSV file, or paste its lines, first.")
        return render_template("clubs/import.html", club=club, form=form, problem=problem), 400
    if "confirm" in request.form:
        return _confirmed(club, data)
    return _previewed(club, data)


def _previewed(club: Club, data: bytes | str, problem: str | None = None) -> Page:
    preview = members.preview_import(club, data)
    text = data.decode("utf-8-sig", "replace") if isinstance(data, bytes) else data
    shown = render_template(
        "clubs/import_preview.html",
        club=club,
        form=MembersFileForm(formdata=None, text=text),
        preview=preview,
        problem=problem,
        say=render,
        field_names=FIELD_NAMES,
    )
    return shown, 400 if problem or preview.problem or preview.refused else 200


def _confirmed(club: Club, data: bytes | str) -> Page:
    try:
        added = members.import_members(club, data)
    except services.Refused as refused:
        return _previewed(club, data, render(refused.msg))
    except services.StorageUnavailable:
        problem = gettext("Nothing was imported: the scores cannot be written right now. Try again in a moment.")
        return render_template("clubs/import.html", club=club, form=MembersFileForm(), problem=problem), 503
    return redirect(url_for("games.club_page", token=club.token, added=added) + "#members")


@bp.get("/c/<secret:token>/members.csv")
def export_members(token: str) -> Response:
    """The club's members as a spreadsheet reads them (and as an import takes them back): name, number, grade."""
    club = club_or_404(token)
    rows: list[list[object]] = [[gettext("Name"), gettext("Number"), gettext("Starting grade")]]
    rows += [[member.name, member.number, _grade(member.starting_grade)] for member in members.club_members(club)]
    return csv_download(rows, "club-members.csv")


def _grade(grade: float | None) -> int | float | str:
    """A starting grade as a spreadsheet's number (55, not 55.0); empty when the member starts at 50."""
    if grade is None:
        return ""
    return int(grade) if grade == int(grade) else grade


@bp.get(f"/c/<secret:token>/members/<int(max={MAX_ROW_NUMBER}):member_id>")
def member_page(token: str, member_id: int) -> Page:
    """A member: their card and grade, the grade after every night as a chart, each night's partners and
    what was expected of them against what they made, and their partners; archiving them, or merging another
    member into them. A merged member's page is the page of the member it was merged into."""
    club = club_or_404(token)
    member = members.find_member(club, member_id)
    if member is None:
        abort(404)
    if member.merged_into_id is not None:
        return redirect(url_for("games.member_page", token=token, member_id=member.merged_into_id))
    return _member_page(club, member, MergeForm())


def _member_page(club: Club, member: ClubMember, form: MergeForm, asked: ClubMember | None = None) -> str:
    """The member's page with the merge form as given; ``asked``: the member whose merge is to be confirmed."""
    story = grades.member_story(club, member, clubs.club_nights(club))
    chart = chart_of_grades(
        member.name,
        story.starting,
        [line.grade for line in story.nights],
        [day_and_month(line.night.held_on) for line in story.nights],  # along the bottom, the reader's way
    )
    form.other.choices = [(one.id, one.name) for one in members.club_members(club) if one.id != member.id]
    return render_template("clubs/member.html", club=club, story=story, chart=chart, merge_form=form, asked=asked)


@bp.post(f"/c/<secret:token>/members/<int(max={MAX_ROW_NUMBER}):member_id>/archive")
def archive_member(token: str, member_id: int) -> Page:
    """Take the member off the club's lists (their nights and grade stay; their page brings them back)."""
    return _roster_change(token, member_id, roster.archive_member)


@bp.post(f"/c/<secret:token>/members/<int(max={MAX_ROW_NUMBER}):member_id>/restore")
def restore_member(token: str, member_id: int) -> Page:
    """Bring an archived member back to the club's lists."""
    return _roster_change(token, member_id, roster.restore_member)


def _roster_change(token: str, member_id: int, change: Callable[[Club, int], ClubMember]) -> Page:
    club = club_or_404(token)
    try:
        member = change(club, member_id)
    except services.Refused:
        abort(404)
    return redirect(url_for("games.member_page", token=token, member_id=member.id))


@bp.post(f"/c/<secret:token>/members/<int(max={MAX_ROW_NUMBER}):member_id>/merge")
def merge_member(token: str, member_id: int) -> Page:
    """Another member merged into this one: asked first (who goes into whom, and what follows), then done."""
    club = club_or_404(token)
    member = members.find_member(club, member_id)
    if member is None or member.merged_into_id is not None:
        abort(404)
    form = MergeForm()
    other = members.find_member(club, form.other.data) if form.validate_on_submit() and form.other.data else None
    if other is None or other.merged_into_id is not None or other.id == member.id:
        form.other.errors = [gettext("Choose another member of the club.")]
        return _member_page(club, member, form), 400
    if form.confirm.data != "yes":
        return _member_page(club, member, form, asked=other)
    try:
        roster.merge_members(club, member.id, other.id)
    except services.Refused as refused:
        form.other.errors = [render(refused.msg)]
        return _member_page(club, member, form), 400
    return redirect(url_for("games.member_page", token=token, member_id=member.id))


def _grade_sheet(token: str) -> tuple[Club, list[Night], list[grades.MemberRow]]:
    club = club_or_404(token)
    held = sorted(clubs.club_nights(club), key=lambda night: (night.held_on, night.id))
    return club, held, grades.grade_sheet(club, members.club_members(club), held)


@bp.get("/c/<secret:token>/grades.csv")
def export_grades_csv(token: str) -> Response:
    """The club's grades for a spreadsheet: a member a line, their grade after each night, as it stands."""
    _, held, rows = _grade_sheet(token)
    heading = [gettext("Name"), gettext("Number"), gettext("Starting grade")]
    heading += [f"{night.held_on.isoformat()} {night.name}" for night in held]
    heading += [gettext("Grade"), gettext("Card"), gettext("Graded tables")]
    lines = [
        [
            row.member.name,
            row.member.number,
            rounded(row.starting, 1),
            *(rounded(value, 1) for value in row.after_each_night),
            rounded(row.grade.value, 1),
            row.grade.card,
            row.grade.results,
        ]
        for row in rows
    ]
    return csv_download([heading, *lines], "club-grades.csv")


@bp.get("/c/<secret:token>/grades.json")
def export_grades_json(token: str) -> Response:
    """The club's grades as data: the nights, and each member's grade after each of them and as it stands."""
    club, held, rows = _grade_sheet(token)
    return jsonify(
        {
            "club": club.name,
            "k": club.grade_k,
            "nights": [{"date": night.held_on.isoformat(), "name": night.name} for night in held],
            "members": [
                {
                    "name": row.member.name,
                    "number": row.member.number,
                    "starting_grade": rounded(row.starting, 2),
                    "after_each_night": [rounded(value, 2) for value in row.after_each_night],
                    "grade": rounded(row.grade.value, 2),
                    "card": row.grade.card,
                    "suit": row.grade.suit,
                    "graded_tables": row.grade.results,
                    "provisional": row.grade.provisional,
                }
                for row in rows
            ],
        }
    )
