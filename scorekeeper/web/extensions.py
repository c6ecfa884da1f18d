"""The pages' Flask extensions, created unbound and initialised in ``create_app``: CSRF, languages, rate limits."""

from __future__ import annotations

from flask_babel import Babel
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf import CSRFProtect

csrf = CSRFProtect()
babel = Babel()
#: Per client address, counted where every worker and server sees the counts (store/rate_counts.py).
limiter = Limiter(key_func=get_remote_address)
