"""The rules for anyone with a question, at a table or not: the reference (rules.py, the ``rules`` blueprint:
topics, search, rule sets compared) and the referee tools (tools.py, the ``tools`` blueprint, with their forms in
forms.py), both read for a game's rules with its house rules or for a chosen rule set (reference_context.py)."""
