"""The day's deal: one game a day, the same cards and opponents for everyone, and its board."""
