"""A club's forms: the club itself (its name, its season's best-of, how far a result moves a grade), a member
(typed in), another member merged into one, a CSV file of members. Shape checks only: the members' use cases
check the rest (a member's name, number and grade in one wording for the form and for a file's line)."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import HiddenField, SelectField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length

from ...services.night.start import NIGHT_NAME
from ...tournament import GRADE_K
from ...tournament.grades import K_DEFAULT
from ..common.fields import Bounded, CleanText, DecimalNumberField, WholeNumberField


class GradeForm(FlaskForm):
    """How far a result moves a club's grades (K)."""

    grade_k = DecimalNumberField(
        lazy_gettext("How far a result moves a grade, K: 0.02 to 0.5 (0.1 is usual)"),
        [Bounded(GRADE_K)],
        empty=K_DEFAULT,
    )


class ClubForm(GradeForm):
    """A club: its name, how many of a pair's nights its season counts, and how far a result moves a grade."""

    name = StringField(lazy_gettext("Name of the club"), [InputRequired(), Length(max=NIGHT_NAME), CleanText()])
    best_of = WholeNumberField(
        lazy_gettext("The season counts each pair's best nights (empty: every night)"), empty=None, largest=100
    )


class MemberForm(FlaskForm):
    """A member: the name; a federation or member number and a starting grade, if the club keeps them."""

    name = StringField(lazy_gettext("Name"), default="")
    number = StringField(lazy_gettext("Member or federation number (optional)"), default="")
    grade = StringField(lazy_gettext("Starting grade, 0 to 100 (empty: 50)"), default="")


class MergeForm(FlaskForm):
    """Another member merged into the one whose page it is; ``confirm``: asked and answered."""

    other = SelectField(lazy_gettext("The other member"), coerce=int, validate_choice=False)
    confirm = HiddenField(default="")


class MembersFileForm(FlaskForm):
    """A CSV file of members, or its lines pasted; the preview sends the same text back to import it."""

    members_file = FileField(lazy_gettext("A CSV file from a spreadsheet"))
    text = TextAreaField(lazy_gettext("Or paste its lines here"), default="")
