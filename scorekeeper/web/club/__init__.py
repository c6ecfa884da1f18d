"""A club's pages, for whoever keeps it: the club's page with its season and nights (clubs.py), its members, one
by one or from a file, each member's page with their grades, archived and merged members, and the members' and
grades' files (members.py), with the club's forms (forms.py). On the games blueprint (``common/blueprint.py``)."""
