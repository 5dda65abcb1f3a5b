"""The pure rules of Chicago: no I/O, no clock, no global random state, standard library only.

cards and hands (values), rules (profiles), shuffle (the seeded stream), actions and events
(the decisions and what happened), state, engine (new_game, legal_actions, apply) with the
deal's course in deal, scoring, tricks and awards, stepped by course; views (R9.1); game and
record (the game file).
"""
