"""`chicago play --plain`: the line-by-line game for screen readers and scripts."""

from chicago.plain.game import (
    PlainGame,
    PlainOptions,
    check_save_path,
    opponent_levels,
    parse_card,
    play_plain,
)
from chicago.table.levels import level_named

__all__ = [
    "PlainGame",
    "PlainOptions",
    "check_save_path",
    "level_named",
    "opponent_levels",
    "parse_card",
    "play_plain",
]
