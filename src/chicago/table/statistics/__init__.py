"""A player's figures over their finished games."""
