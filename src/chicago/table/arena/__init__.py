"""The arena: bots against bots, to measure the levels' strength."""
