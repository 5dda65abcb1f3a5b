"""Playing a table: one person against bots, or people and bots together."""
