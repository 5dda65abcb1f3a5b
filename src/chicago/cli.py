"""The `chicago` command: replay, rules, serve, play (full screen or --plain) and arena."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from chicago.core import record
from chicago.core.rules import PRESETS, ProfileError, RuleProfile, customize, get_profile
from chicago.text.i18n import LANGUAGES, from_environment, use_language
from chicago.text.rules_text import rules_markdown

if TYPE_CHECKING:
    import uvicorn


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


def cmd_replay(args: argparse.Namespace) -> int:
    """GAME-FILE.md: print the state after the last action; exit 2 with one line on error."""
    try:
        text = _read(args.file)
    except (OSError, UnicodeDecodeError) as e:
        print(f"cannot read {args.file}: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
        return 2
    try:
        game = record.replay(record.loads(text))
    except record.GameFileError as e:
        print(str(e).replace("\n", " "), file=sys.stderr)
        return 2
    print(json.dumps(record.state_to_json(game), ensure_ascii=False))
    return 0


def _knob_value(text: str) -> object:
    """A knob value typed on the command line: a number, true/false/none, or a word."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("none", "null"):
        return None
    try:
        return int(text)
    except ValueError:
        return text


def cmd_rules(args: argparse.Namespace) -> int:
    """Print the rules of a profile, generated from its knobs (RULES.md §X)."""
    try:
        profile = get_profile(args.profile)
        changes: dict[str, object] = {}
        for item in args.set or []:
            name, sep, value = item.partition("=")
            if not sep:
                raise ProfileError(f"--set takes KNOB=VALUE, not {item!r}")
            changes[name.strip()] = _knob_value(value.strip())
        if changes:
            profile = customize(profile, **changes)
    except ValueError as e:
        print(str(e), file=sys.stderr)
        return 2
    with use_language(args.lang or from_environment(dict(os.environ))):
        sys.stdout.write(rules_markdown(profile))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the web server: apply the migrations, print the URL, serve until interrupted."""
    import socket

    import uvicorn

    from chicago.store import default_database_url, describe_url
    from chicago.web.app import create_app

    url = args.database_url or default_database_url()
    try:
        app = create_app(url)
    except Exception as e:  # a bad URL, an unreachable server, a read-only directory
        print(f"cannot open the database {describe_url(url)}: {e}".replace("\n", " "),
              file=sys.stderr)
        return 2
    try:
        family = socket.getaddrinfo(args.host, args.port, type=socket.SOCK_STREAM)[0][0]
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((args.host, args.port))
    except OSError as e:
        print(f"cannot listen on {args.host}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 2
    port = sock.getsockname()[1]
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"Saved games: {describe_url(url)}")
    print(f"Chicago is running at http://{host}:{port}/", flush=True)
    # Requests mix a few milliseconds of Python with waits for the disk (every action is
    # fsynced before the answer): a shorter GIL switch interval hands the GIL back to a
    # thread whose write has finished sooner, which cuts the latency tail under load.
    sys.setswitchinterval(0.001)
    uvicorn.Server(serve_config(app, args)).run(sockets=[sock])
    return 0


def serve_config(app: Callable[..., Any], args: argparse.Namespace) -> uvicorn.Config:
    """uvicorn's settings for `chicago serve`. `X-Forwarded-For` and `X-Forwarded-Proto` are
    read only from the proxies named by `--forwarded-allow-ips` (uvicorn's own default
    trusts 127.0.0.1, so any local client could pose as another address and slip past the
    sign-in limit)."""
    import uvicorn

    trusted = (args.forwarded_allow_ips or "").strip()
    return uvicorn.Config(
        app,
        log_level=args.log_level,
        access_log=args.access_log,
        proxy_headers=bool(trusted),
        forwarded_allow_ips=trusted or None,
    )


def _profile(name: str) -> RuleProfile:
    try:
        return get_profile(name)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, not {value}")
    return value


def _seats(text: str) -> int:
    value = _positive(text)
    if not 2 <= value <= 6:
        raise argparse.ArgumentTypeError(f"a game has 2 to 6 seats, not {value} (R1.1)")
    return value


def cmd_arena(args: argparse.Namespace) -> int:
    """Bot-vs-bot games with duplicate deals; a table (or --json) of strength by level."""
    from chicago.table import arena

    try:
        levels = arena.parse_levels(args.levels, args.seats)
    except ValueError as e:
        print(f"chicago arena: {e}", file=sys.stderr)
        return 2
    return arena.main_arena(
        levels,
        games=args.games,
        seed=args.seed,
        profile=args.profile,
        jobs=args.jobs or arena.default_jobs(),
        max_actions=args.max_actions,
        as_json=args.json,
        progress=not args.quiet,
    )


def cmd_play(args: argparse.Namespace) -> int:
    """`chicago play`: the full-screen game; `--plain`: a line-mode game (you are seat 0)."""
    from chicago import plain

    try:
        levels = plain.opponent_levels(args.seats, args.level, args.levels)
    except ValueError as e:
        print(f"chicago play: {e}", file=sys.stderr)
        return 2
    if not args.plain:
        from chicago import tui

        chosen = (args.seed, args.level, args.levels) != (None, None, None) or (
            args.seats != 4 or args.profile.id != "chicago-gamewide-0.2"
        )
        return tui.run(
            seats=args.seats, levels=levels, profile=args.profile, seed=args.seed,
            database_url=args.database_url, start_new=chosen,
        )
    options = plain.PlainOptions(args.seats, levels, args.profile, args.seed, args.save)
    return plain.play_plain(options, sys.stdin, sys.stdout)


def _add_arena_and_play(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `arena` and `play` subcommands (their modules load only when they run)."""
    profiles = ", ".join(PRESETS)
    p = sub.add_parser(
        "arena",
        help="play many bot-vs-bot games and report each level's strength",
        description="Bot-vs-bot games on duplicate deals: each game seed is played once per "
        "rotation of the levels over the seats, so every level sits in every seat with the "
        "same cards. Prints win rates with 95%% Wilson intervals, average scores, Chicago "
        "calls, eliminations and decision times per level.",
    )
    p.add_argument("--seats", type=_seats, help="2 to 6 (default: the number of --levels, or 4)")
    p.add_argument(
        "--levels",
        default="normal",
        help="bot level per seat, comma-separated (e.g. normal,easy,normal,easy), or one level "
        "for every seat (default: normal)",
    )
    p.add_argument(
        "--profile", type=_profile, default="chicago-gamewide-0.2",
        help=f"rule preset: {profiles} (default: chicago-gamewide-0.2)",
    )
    p.add_argument(
        "--games", type=_positive, default=100,
        help="games to play, rounded up to whole deal sets (default: 100)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the deal sets (default: 0)")
    p.add_argument(
        "--jobs", type=_positive, default=None, help="worker processes (default: all cores)"
    )
    p.add_argument(
        "--max-actions", type=_positive, default=10_000,
        help="stop a game after this many actions and count it unfinished (default: 10000)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.add_argument("--quiet", action="store_true", help="no progress bar on standard error")
    p.set_defaults(run=cmd_arena)

    p = sub.add_parser(
        "play",
        help="play against bots (--plain: line by line, for screen readers and scripts)",
        description="Play Chicago against bots; you are seat 0. With --plain each decision is "
        "asked line by line; type help at any prompt.",
    )
    p.add_argument(
        "--plain", action="store_true",
        help="the line-by-line game, for screen readers and scripts (default: full screen)",
    )
    p.add_argument("--seats", type=_seats, default=4, help="2 to 6 (default: 4)")
    p.add_argument("--level", help="bot level of every opponent (default: normal)")
    p.add_argument("--levels", help="bot level per opponent, seats 1 to N-1, comma-separated")
    p.add_argument(
        "--profile", type=_profile, default="chicago-gamewide-0.2",
        help=f"rule preset: {profiles} (default: chicago-gamewide-0.2)",
    )
    p.add_argument("--seed", type=int, default=None, help="game seed (default: random)")
    p.add_argument(
        "--save", default="chicago-game.json", metavar="FILE",
        help="where the game file is saved on quit and at the end "
        "(default: chicago-game.json in the current directory)",
    )
    p.add_argument(
        "--database-url", default=None, metavar="URL",
        help="full screen: where games are saved, as for serve (default: "
        "$CHICAGO_DATABASE_URL, else chicago.db in the user's data directory)",
    )
    p.set_defaults(run=cmd_play)


def _add_lang(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--lang", choices=LANGUAGES, default=None,
        help="the language of the game's words: en or sv (default: from the locale, "
        "LANGUAGE / LC_ALL / LC_MESSAGES / LANG)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chicago", description="Chicago: draw poker over three exchanges, then five tricks."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("replay", help="replay a game file and print the state it reaches")
    p.add_argument("file", metavar="FILE", help="a chicago-game/1 JSON file, or - for stdin")
    p.set_defaults(run=cmd_replay)
    p = sub.add_parser("rules", help="print the rules of a profile, in words")
    p.add_argument(
        "--profile",
        default="chicago-gamewide-0.2",
        help=f"a preset: {', '.join(PRESETS)} (default: chicago-gamewide-0.2)",
    )
    p.add_argument(
        "--set",
        action="append",
        metavar="KNOB=VALUE",
        help="change a knob (a custom profile), e.g. --set target=51; repeatable",
    )
    _add_lang(p)
    p.set_defaults(run=cmd_rules)
    p = sub.add_parser("serve", help="run the web server (the game in a browser)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (8000; 0: any)")
    p.add_argument(
        "--database-url",
        default=None,
        metavar="URL",
        help="where games are saved: sqlite:///FILE or postgresql://… (default: "
        "$CHICAGO_DATABASE_URL, else chicago.db in the user's data directory)",
    )
    p.add_argument(
        "--forwarded-allow-ips",
        default=os.environ.get("FORWARDED_ALLOW_IPS") or None,
        metavar="ADDRESSES",
        help="comma-separated addresses (or *) of reverse proxies whose X-Forwarded-For "
        "header names the client; without it the header is ignored (default: "
        "$FORWARDED_ALLOW_IPS, else none)",
    )
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    p.add_argument("--no-access-log", dest="access_log", action="store_false",
                   help="do not log each request")
    p.set_defaults(run=cmd_serve)
    _add_arena_and_play(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
