"""Ratings for people who play anyone: Glicko-2 (`glicko`), a game of 2 to 6 players read
as pairwise results by its final standing (`game`), the bots' fixed ratings (`bots`), and
rating a finished game once through the store (`service`)."""
