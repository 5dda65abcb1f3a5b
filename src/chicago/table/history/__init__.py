"""Finished games looked back at: the history list, replays, share links."""
