"""A club and its season: the club started and found by its link, its nights, the season's tables and records
(clubs.py), and its members' grades and handicaps worked out again from every night (grades.py). Above the
nights, whose standings it reads."""
