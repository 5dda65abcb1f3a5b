"""The `chicago` command: replay, rules, serve, play (full screen or --plain), arena, review,
stats and keep. `main` reads the line in the reader's language and runs the subcommand."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from chicago.cli.commands import profile_with_changes, seats_for_levels, serve_config
from chicago.cli.parser import build_parser, short_usage
from chicago.text.argparse_words import in_language
from chicago.text.i18n import _, from_environment, use_language

__all__ = ["build_parser", "main", "profile_with_changes", "seats_for_levels", "serve_config"]


def language_of(argv: Sequence[str]) -> str:
    """The language to speak: `--lang X` (or `--lang=X`) anywhere on the command line, else
    the locale's. It is needed before the line is read, for argparse's own words."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return from_environment(dict(os.environ))


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    with use_language(language_of(argv)), in_language():
        parser = build_parser()
        if not argv:
            sys.stderr.write(short_usage(parser))
            return 2
        args, extra = parser.parse_known_args(argv)
        if extra:  # said by the subcommand they were given to
            where: argparse.ArgumentParser = args.parser
            where.error(_("unrecognized arguments: %s") % " ".join(extra))
    lang = getattr(args, "lang", None) or from_environment(dict(os.environ))
    try:
        with use_language(lang):
            code: int = args.run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (`chicago replay game.json | head`): that is its choice,
        # not an error. Output still buffered must not fail again when Python exits.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 0
    return code
