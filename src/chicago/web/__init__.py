"""The web server: the JSON API (api.py), owners and sessions (auth.py), the app factory
(app.py) and the HTML pages (pages.py, templates/, static/)."""
