"""The pages anyone opening the app meets: the home page (home.py, on the games blueprint) and the site's own
(site.py, the ``site`` blueprint: the language switch, the display settings with their form in forms.py, the
web app manifest, the service worker and its offline page, the health check)."""
