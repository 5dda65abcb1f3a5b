"""Words for people: the narration of events, rules in words, error and reason wording.

Every sentence a player reads is made here, so each front-end tells the game in one voice
(and, with the catalogs, in the player's language).
"""
