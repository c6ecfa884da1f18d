"""The hand form: its fields, built per rule set (form.py), where each field stands on the page (layout.py), a
hand's record read from the form and put back in it (record.py), and the family's card-by-card part (family.py).
Shape checks only: the engine says whether a hand keeps the rules."""
