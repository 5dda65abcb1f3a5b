"""The `chicago` command line: its subcommands, their options, help and examples, and the one
style of its errors."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn

from chicago.bots import DEFAULT_LEVEL
from chicago.cli.commands import (
    cmd_arena,
    cmd_keep,
    cmd_play,
    cmd_replay,
    cmd_review,
    cmd_rules,
    cmd_serve,
    cmd_stats,
)
from chicago.cli.options import (
    checked_profile,
    positive,
    preset_names,
    processes,
    profile_name,
    seat_count,
    stage_list,
)
from chicago.core.rules import (
    DEFAULT_PROFILE,
)
from chicago.text.i18n import _, spoken

if TYPE_CHECKING:
    from typing import TypeAlias

    Subcommands: TypeAlias = "argparse._SubParsersAction[Parser]"


def version() -> str:
    """This installation's version, from the package metadata (pyproject.toml's `version`);
    from pyproject.toml itself when the source runs without being installed."""
    from importlib import metadata

    try:
        return metadata.version("chicago")
    except metadata.PackageNotFoundError:
        import tomllib
        from pathlib import Path

        pyproject = Path(__file__).resolve().parents[3] / "pyproject.toml"
        with pyproject.open("rb") as f:
            return str(tomllib.load(f)["project"]["version"])


class Parser(argparse.ArgumentParser):
    """argparse with the command's one style of error: `chicago SUB: what was wrong` on one
    line and where the help is, in the reader's language, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, _("{command}: {error} (see {command} --help)", command=self.prog,
                       error=message) + "\n")


def _command(sub: Subcommands, name: str, summary: str, examples: Sequence[str],
             more: str = "") -> argparse.ArgumentParser:
    """A subcommand with its one-line description, its examples and any more to say."""
    import shutil
    import textwrap

    epilog = _("Examples:") + "\n" + "\n".join(f"  {e}" for e in examples)
    if more:  # wrapped here: the examples' lines must stay as they are
        width = min(shutil.get_terminal_size().columns, 100) - 2
        epilog = textwrap.fill(more, width) + "\n\n" + epilog
    p: argparse.ArgumentParser = sub.add_parser(
        name, help=summary, description=summary, epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(parser=p)
    return p


def _add_lang(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--lang", choices=spoken(), default=None,
        help=_("the language of the words: en or sv (default: from the locale, LANGUAGE / "
               "LC_ALL / LC_MESSAGES / LANG)"),
    )


def _add_profile(p: argparse.ArgumentParser, checked: Callable[[str], object]) -> None:
    p.add_argument(
        "--profile", default=DEFAULT_PROFILE.id, type=checked,
        help=_("rule preset: {presets} (default: house, {default})", presets=preset_names(),
               default=DEFAULT_PROFILE.id),
    )


def _add_set(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--set", action="append", metavar="KNOB=VALUE",
        help=_("change rules of the preset (a custom profile): repeated, --set target=51 "
               "--set quads=points, or comma-separated, --set target=51,quads=points; "
               "chicago rules --knobs lists the knobs"),
    )


def _add_database(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument(
        "--database-url", default=None, metavar="URL",
        help=_("{what}: sqlite:///FILE or postgresql://… (default: $CHICAGO_DATABASE_URL, "
               "else chicago.db in the user's data directory)", what=what),
    )


def _add_replay_and_review(sub: Subcommands) -> None:
    p = _command(sub, "replay", _("replay a game file and print the state it reaches"),
                 ["chicago replay game.json", "chicago replay game.json --step"])
    p.add_argument("file", metavar="FILE",
                   help=_("a chicago-game/1 JSON file, or - for standard input"))
    p.add_argument(
        "--step", action="store_true",
        help=_("step through the game instead (commands on standard input: Enter or n next, "
               "b back, s start, e end, d N deal N, g N step N, q quit)"),
    )
    p.set_defaults(run=cmd_replay)

    p = _command(sub, "review", _("the coach's review of a player's decisions in a game file"),
                 ["chicago review chicago-game.json",
                  "chicago review game.json --seat 2 --order game --lang sv"])
    p.add_argument("file", metavar="FILE",
                   help=_("a chicago-game/1 JSON file, or - for standard input"))
    p.add_argument("--seat", type=int, default=0, help=_("whose decisions (default: 0)"))
    p.add_argument("--order", choices=("cost", "game"), default="cost",
                   help=_("the marks by cost, the costliest first (default), or in game order"))
    p.add_argument("--json", action="store_true", help=_("one JSON object, for scripts"))
    p.add_argument("--stages", type=stage_list, default=None, metavar="N,N,...",
                   help=_("imagined deals after each stage of a close call, up to the "
                          "last (default: 16,32,64,128,256,512,1024)"))
    p.add_argument("--jobs", "--workers", dest="workers", type=processes,
                   default=min(2, os.cpu_count() or 1), metavar="N",
                   help=_("processes weighing decisions side by side, 1 or more "
                          "(default: 2, or 1 on one core)"))
    _add_lang(p)
    p.set_defaults(run=cmd_review)


def _add_arena(sub: Subcommands) -> None:
    p = _command(
        sub, "arena", _("play many bot-vs-bot games and report each level's strength"),
        ["chicago arena --levels hard,normal --games 200",
         "chicago arena --levels easy --seats 3 --json > arena.json"],
        more=_("Each game seed is played once per rotation of the levels over the seats, so "
               "every level sits in every seat with the same cards. The table gives win rates "
               "with 95% Wilson intervals, average scores, Chicago calls, eliminations and "
               "decision times per level."),
    )
    p.add_argument("--seats", type=seat_count,
                   help=_("2 to 6 (default: as many as --levels lists, else 4)"))
    p.add_argument(
        "--levels", default=DEFAULT_LEVEL,
        help=_("the bots in seat order, one level per seat from seat 0 "
               "(e.g. normal,easy,normal,easy), or one level for every seat (default: normal)"),
    )
    _add_profile(p, checked_profile)
    p.add_argument("--games", type=positive, default=100,
                   help=_("games to play, rounded up to whole deal sets (default: 100)"))
    p.add_argument("--seed", type=int, default=0,
                   help=_("seed of the deal sets (default: 0)"))
    p.add_argument("--jobs", type=processes, default=None, metavar="N",
                   help=_("processes playing games side by side, 1 or more "
                          "(default: all cores)"))
    p.add_argument("--max-actions", type=positive, default=10_000, metavar="N",
                   help=_("stop a game after this many actions and count it unfinished "
                          "(default: 10000)"))
    p.add_argument("--json", action="store_true",
                   help=_("print one JSON object instead of a table"))
    p.add_argument("--quiet", action="store_true",
                   help=_("no progress bar (there is none when standard error is no "
                          "terminal)"))
    _add_lang(p)
    p.set_defaults(run=cmd_arena)


def _add_play(sub: Subcommands) -> None:
    p = _command(
        sub, "play", _("play against bots, full screen or line by line (--plain)"),
        ["chicago play", "chicago play --plain --levels easy,normal,hard",
         "chicago play --seats 3 --level hard --set target=51"],
        more=_("You are seat 0. With --plain each decision is asked line by line, for screen "
               "readers and scripts; type help at any prompt."),
    )
    p.add_argument("--plain", action="store_true",
                   help=_("the line-by-line game (default: full screen)"))
    p.add_argument("--seats", type=seat_count, default=None,
                   help=_("2 to 6 (default: one more than --levels lists, else 4)"))
    p.add_argument("--level", help=_("the level of every bot (default: normal)"))
    p.add_argument(
        "--levels",
        help=_("the bots in seat order, one level per seat from seat 1 (you are seat 0), "
               "e.g. easy,normal,hard, or one level for all"),
    )
    _add_profile(p, profile_name)
    _add_set(p)
    p.add_argument("--seed", type=int, default=None, help=_("game seed (default: random)"))
    p.add_argument(
        "--save", default="chicago-game.json", metavar="FILE",
        help=_("--plain: where the game file is saved on quit and at the end "
               "(default: chicago-game.json in the current directory)"),
    )
    _add_database(p, _("full screen: where games are saved, as for serve"))
    _add_lang(p)
    p.set_defaults(run=cmd_play)


def _add_rules_and_stats(sub: Subcommands) -> None:
    p = _command(sub, "rules", _("print the rules of a profile, in words"),
                 ["chicago rules --profile classic", "chicago rules --set target=51,quads=points",
                  "chicago rules --knobs", "chicago rules --numbered --lang sv"])
    _add_profile(p, str)
    _add_set(p)
    p.add_argument("--knobs", action="store_true",
                   help=_("list the knobs --set changes and the values each offers"))
    p.add_argument("--numbered", action="store_true",
                   help=_("the numbered reference (R1.1 to R9.2) that code and tests cite"))
    _add_lang(p)
    p.set_defaults(run=cmd_rules)

    p = _command(sub, "stats",
                 _("statistics of this computer's full-screen games, as on the web page"),
                 ["chicago stats", "chicago stats --csv > games.csv"])
    p.add_argument("--csv", action="store_true", help=_("one CSV line per finished game"))
    p.add_argument("--user", default=None, help=_("whose games (default: your login name)"))
    _add_database(p, _("where the games are saved"))
    _add_lang(p)
    p.set_defaults(run=cmd_stats)


def _add_keep_and_serve(sub: Subcommands) -> None:
    p = _command(sub, "keep", _("keep the score of a game played with real cards"),
                 ["chicago keep", "chicago keep --pad 3", "chicago keep --lang sv"])
    _add_database(p, _("the score pads' database, the same as for play and serve"))
    p.add_argument("--pad", default=None, help=_("open this saved score pad"))
    _add_lang(p)
    p.set_defaults(run=cmd_keep)

    p = _command(sub, "serve", _("run the web server: the game in a browser"),
                 ["chicago serve", "chicago serve --host 0.0.0.0 --port 8080"])
    p.add_argument("--host", default="127.0.0.1",
                   help=_("address to listen on (default: 127.0.0.1)"))
    p.add_argument("--port", type=int, default=8000,
                   help=_("port to listen on (default: 8000; 0: any free port)"))
    _add_database(p, _("where games are saved"))
    p.add_argument(
        "--forwarded-allow-ips", default=os.environ.get("FORWARDED_ALLOW_IPS") or None,
        metavar="ADDRESSES",
        help=_("comma-separated addresses (or *) of reverse proxies whose X-Forwarded-For "
               "header names the client; without it the header is ignored (default: "
               "$FORWARDED_ALLOW_IPS, else none)"),
    )
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"],
                   help=_("how much the server logs (default: info)"))
    p.add_argument("--no-access-log", dest="access_log", action="store_false",
                   help=_("do not log each request"))
    p.set_defaults(run=cmd_serve)


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, its words in the current language."""
    parser = Parser(prog="chicago",
                    description=_("Chicago: draw poker over three exchanges, then five tricks."),
                    epilog=_("chicago COMMAND --help tells more about each command."))
    parser.add_argument("--version", action="version", version=f"chicago {version()}",
                        help=_("print the version of chicago and exit"))
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                title=_("commands"), parser_class=Parser)
    _add_play(sub)
    _add_replay_and_review(sub)
    _add_rules_and_stats(sub)
    _add_arena(sub)
    _add_keep_and_serve(sub)
    return parser


def short_usage(parser: argparse.ArgumentParser) -> str:
    """What a bare `chicago` says: how to call it and the commands, one line each."""
    lines = [_("usage: chicago COMMAND [options]"), "", _("commands:")]
    for action in parser._subparsers._group_actions if parser._subparsers else []:
        for choice in getattr(action, "_choices_actions", []):
            lines.append(f"  {choice.dest:<8} {choice.help}")
    lines += ["", _("chicago COMMAND --help tells more; chicago --version says which "
                    "version this is.")]
    return "\n".join(lines) + "\n"
