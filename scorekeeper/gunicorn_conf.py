"""Gunicorn settings for `make run` (``gunicorn -c python:scorekeeper.gunicorn_conf``).

The bind address is given on the command line (``--bind 0.0.0.0:$PORT``).
"""

workers = 2
accesslog = "-"
logger_class = "scorekeeper.web.serving.RedactingLogger"
#: The longest request line gunicorn allows (its default is 4094): a long address is answered
#: by the app (404 JSON under /api), not by gunicorn's own 414 page.
limit_request_line = 8190
