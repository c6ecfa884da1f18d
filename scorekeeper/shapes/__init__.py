"""What crosses the API, before any rule is checked: the bounds every input meets, the request bodies
(pydantic models, turned into engine values) and the answers (typed dicts). Pure: no Flask, no database."""
