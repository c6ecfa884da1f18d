"""A game's, a table of friends', a club night's and a club's pages, on the games blueprint
(``common/blueprint.py``); ``web.blueprints`` imports them so that their routes register."""
