"""The `chicago` command: replay, rules, serve, play (full screen or --plain) and arena."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from chicago.core import record
from chicago.core.rules import (
    ALIASES,
    CHOICES,
    DEFAULT_PROFILE,
    PRESETS,
    RuleProfile,
    customize,
    get_profile,
    read_changes,
)
from chicago.text.argparse_words import in_language
from chicago.text.core_errors import error_words
from chicago.text.i18n import _, from_environment, spoken, use_language
from chicago.text.rules_numbered import numbered_markdown
from chicago.text.rules_text import rules_markdown

if TYPE_CHECKING:
    from typing import TypeAlias

    import uvicorn

    Subcommands: TypeAlias = "argparse._SubParsersAction[Parser]"


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


def refuse(command: str, error: str) -> int:
    """The one style of a subcommand's error (as argparse's own, `Parser.error`): one line on
    standard error, `chicago COMMAND: what was wrong`, in the reader's language; exit 2.
    (`chicago replay FILE` keeps the bare line docs/game-file.md gives it.)"""
    line = _("chicago {command}: {error}", command=command, error=error)
    print(line.replace("\n", " "), file=sys.stderr)
    return 2


def cmd_replay(args: argparse.Namespace) -> int:
    """docs/game-file.md: print the state after the last action; exit 2 with one line on error."""
    try:
        text = _read(args.file)
    except (OSError, UnicodeDecodeError) as e:
        print(f"cannot read {args.file}: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
        return 2
    try:
        gf = record.loads(text)
        game = record.replay(gf)
    except record.GameFileError as e:
        print(str(e).replace("\n", " "), file=sys.stderr)
        return 2
    if getattr(args, "step", False):
        return _step(text)
    print(json.dumps(record.state_to_json(game), ensure_ascii=False))
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    """The coach's review of a game file's seat (plain/review.py); exit 2 with one line on a
    bad file or seat."""
    from chicago.plain import review
    from chicago.table.estimate import STAGES
    from chicago.table.replay import Replay
    try:
        text = _read(args.file)
        game = record.replay(record.loads(text))
        data = json.loads(text)
    except (OSError, UnicodeDecodeError) as e:
        return refuse("review", _("cannot read {path}: {error}", path=args.file,
                                  error=getattr(e, "strerror", None) or e))
    except record.GameFileError as e:
        return refuse("review", error_words(e))
    if not 0 <= args.seat < game.state.setup.seats:
        return refuse("review", _("--seat {seat}: the game has seats 0 to {last}",
                                  seat=args.seat, last=game.state.setup.seats - 1))
    replay = Replay.of({k: v for k, v in data.items() if k != "actions"}, data["actions"])
    stages = args.stages or STAGES
    summary, marks = review.run(replay, args.seat, sys.stderr, stages, args.workers)
    if args.json:
        print(review.as_json(args.seat, summary, marks))
    else:
        review.as_text(args.seat, summary, marks, args.order == "game", sys.stdout,
                       names_in_file(replay.states[0].seats, data.get("meta"), None)[args.seat],
                       replay, args.file if args.file != "-" else "FILE")
    return 0


def names_in_file(seats: int, meta: object, reader: int | None) -> list[str]:
    """The seats' names as every tool says them (`chicago.text.seat_names`): at a table with
    people (`meta.players`) each person's name, "You" for `reader`; in a game against bots
    "You" for seat 0, the person who played it; the bots Astrid, Bengt, … as at the table."""
    from chicago.text.seat_names import file_names

    if isinstance(meta, dict) and meta.get("app") == "chicago play --plain":
        meta = None  # line mode's files once listed levels under `players`: no people there
    people = meta.get("players") if isinstance(meta, dict) else None
    return file_names(seats, meta, reader if people else 0)


def _stages(text: str) -> tuple[int, ...]:
    try:
        stages = tuple(int(n) for n in text.split(","))
    except ValueError:
        stages = ()
    if not stages or any(b <= a for a, b in zip((0, *stages), stages, strict=False)):
        raise argparse.ArgumentTypeError(
            _("expected rising positive numbers like 16,64,256, not {text}", text=repr(text)))
    return stages


def profile_with_changes(name: str, sets: Sequence[str] | None) -> RuleProfile:
    """`--profile NAME` with the `--set` changes on top (repeated, or comma-separated as
    the terminal's new-game form takes them: `core.rules.read_changes`); ProfileError."""
    profile = get_profile(name)
    changes = read_changes(sets or [])
    return customize(profile, **changes) if changes else profile


def _step(text: str) -> int:
    """`chicago replay FILE --step`: the game step by step (commands on standard input)."""
    import os

    from chicago.plain.replay import step_through
    from chicago.table.replay import PLAYER, Replay
    from chicago.text.i18n import from_environment, set_language

    set_language(from_environment(dict(os.environ)))
    data = json.loads(text)
    setup = {k: v for k, v in data.items() if k not in ("actions", "meta")}
    replay = Replay.of(setup, data.get("actions", []))
    names = names_in_file(replay.states[0].seats, data.get("meta"), PLAYER)
    return step_through(replay, sys.stdin, sys.stdout, names)


def _missing_sqlite_file(url: str | None) -> str | None:
    """The file of a SQLite URL that names a file which does not exist, else None (statistics
    only read: opening such a URL would create an empty database and report nothing)."""
    if not url or not url.strip():
        return None
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url.strip())
    except ArgumentError:
        return None  # Store refuses it with its own message
    database = parsed.database or ""
    if parsed.get_backend_name() != "sqlite" or database in ("", ":memory:") or (
            database.startswith("file:")):
        return None
    path = os.path.expanduser(database)
    return None if os.path.exists(path) else os.path.abspath(path)


def cmd_stats(args: argparse.Namespace) -> int:
    """`chicago stats`: the statistics of this computer's terminal games (the Textual
    game's saves), the same figures as the web page; --csv for one line per game."""
    import os

    from chicago.store import Store, describe_url
    from chicago.table.history import HistoryService
    from chicago.table.statistics import Statistics
    from chicago.table.stats_report import report_text
    from chicago.tui.local import local_owner

    missing = _missing_sqlite_file(args.database_url or os.environ.get("CHICAGO_DATABASE_URL"))
    if missing is not None:  # a mistyped path: say so, and make no empty database there
        print(_("chicago stats: no database at {path}", path=missing), file=sys.stderr)
        return 2
    try:
        store = Store(args.database_url)
    except Exception as e:  # a bad URL, an unreachable server, a read-only directory
        where = describe_url(args.database_url) if args.database_url else _("the default database")
        return refuse("stats", _("cannot open {database}: {error}", database=where, error=e))
    try:
        statistics = Statistics(HistoryService(store))
        owner = local_owner(args.user)
        if args.csv:
            sys.stdout.write(statistics.csv(owner))
            return 0
        totals = statistics.totals(owner)
        if totals.games == 0:
            print(_("No finished games yet: play one to the end and your figures appear here."))
            return 0
        print(report_text(totals), end="")
        return 0
    finally:
        store.close()


def cmd_rules(args: argparse.Namespace) -> int:
    """Print the rules of a profile, generated from its knobs (docs/rules.md §X), or with
    --knobs the knobs themselves and the values each offers."""
    try:
        profile = profile_with_changes(args.profile, args.set)
    except ValueError as e:  # in the reader's language (the core's words carry their ids)
        return refuse("rules", error_words(e))
    if args.knobs:
        sys.stdout.write(knobs_text(profile))
        return 0
    with use_language(args.lang or from_environment(dict(os.environ))):
        text = numbered_markdown(profile) if args.numbered else rules_markdown(profile)
    if sys.stdout.isatty():  # rendered for a person (a screen reader reads no # or |)
        show_paged(text)
    else:  # piped or redirected: the Markdown itself
        sys.stdout.write(text)
    return 0


def knobs_text(profile: RuleProfile) -> str:
    """Every knob `--set` can change and the values it offers, as they are typed, the
    profile's own value marked with `*` (the list `chicago rules --knobs` prints)."""
    lines = [_("The rules you can change with --set KNOB=VALUE, each with the values it "
               "offers (* marks {profile}'s):", profile=profile.id)]
    width = max(len(k) for k in CHOICES)
    for knob, values in CHOICES.items():
        mine = getattr(profile, knob)
        shown = ", ".join(typed_value(v) + ("*" if v == mine else "") for v in values)
        lines.append(f"  {knob.ljust(width)}  {shown}")
    return "\n".join(lines) + "\n"


def typed_value(value: object) -> str:
    """A knob's value as `--set` takes it: `none`, `true`, `1,2,3,4,5,6`, `points`, `51`."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple | list):
        return ",".join(str(x) for x in value)
    return str(getattr(value, "value", value))


def show_paged(markdown: str) -> None:
    """The rules rendered for a terminal, through the pager ($PAGER, else `less` when there
    is one) when a person can page them (standard input and output both a terminal)."""
    import shutil
    import subprocess

    from rich.console import Console
    from rich.markdown import Markdown

    console = Console()
    pager = os.environ.get("PAGER")
    if pager is None:
        pager = "less" if shutil.which("less") else ""
    if not pager.strip() or not sys.stdin.isatty():
        console.print(Markdown(markdown))
        return
    with console.capture() as captured:
        console.print(Markdown(markdown))
    env = {**os.environ}
    env.setdefault("LESS", "FRX")  # colours shown; quit at once when it fits on the screen
    sys.stdout.flush()
    try:
        # a shell command line, as $PAGER is for man and git (`less -S`, `most`)
        subprocess.run(pager, shell=True, input=captured.get(), text=True, env=env,
                       check=False)
    except OSError:
        sys.stdout.write(captured.get())


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
        return refuse("serve", _("cannot open the database {database}: {error}",
                                 database=describe_url(url), error=e))
    try:
        family = socket.getaddrinfo(args.host, args.port, type=socket.SOCK_STREAM)[0][0]
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((args.host, args.port))
    except OSError as e:
        return refuse("serve", _("cannot listen on {address}: {error}",
                                 address=f"{args.host}:{args.port}", error=e.strerror or e))
    port = sock.getsockname()[1]
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(_("Saved games: {database}", database=describe_url(url)))
    print(_("Chicago is running at {url}", url=f"http://{host}:{port}/"), flush=True)
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


def _preset_names() -> str:
    """The presets for a help text, each with its aliases: `chicago-gamewide-0.2 (house)`."""
    return ", ".join(
        p + "".join(f" ({a})" for a, target in ALIASES.items() if target == p) for p in PRESETS
    )


def _profile_name(name: str) -> str:
    """A preset's name, checked (the profile itself is made with the --set changes)."""
    _profile(name)
    return name


def _profile(name: str) -> RuleProfile:
    try:
        return get_profile(name)
    except ValueError as e:
        raise argparse.ArgumentTypeError(error_words(e)) from None


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("expected a whole number, not {text}", text=repr(text))) from None


def _positive(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(_("expected 1 or more, not {value}", value=value))
    return value


def _processes(text: str) -> int:
    """`arena --jobs` and `review --jobs`: how many processes work side by side, one rule
    for both (1: one by one, in the command's own process)."""
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(_(
            "expected 1 or more processes (1: one by one, in this process), not {value}",
            value=value))
    return value


def _seats(text: str) -> int:
    value = _whole(text)
    if not 2 <= value <= 6:
        raise argparse.ArgumentTypeError(
            _("a game has 2 to 6 seats, not {value} (R1.1)", value=value))
    return value


def cmd_arena(args: argparse.Namespace) -> int:
    """Bot-vs-bot games with duplicate deals; a table (or --json) of strength by level."""
    from chicago.table import arena
    from chicago.table.levels import read_levels

    try:
        seats = seats_for(args.seats, args.levels, first=0)
        levels = read_levels(args.levels, seats, first=0)
    except ValueError as e:
        return refuse("arena", str(e))
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
        profile = profile_with_changes(args.profile, args.set)
        seats = seats_for(args.seats, args.levels, first=1)
        levels = plain.opponent_levels(seats, args.level, args.levels)
        if args.plain:
            plain.check_save_path(args.save)
    except ValueError as e:
        return refuse("play", error_words(e))
    if not args.plain:
        from chicago import tui

        chosen = (args.seed, args.level, args.levels, args.seats) != (None,) * 4 or (
            profile.id != DEFAULT_PROFILE.id
        )
        return tui.run(
            seats=seats, levels=levels, profile=profile, seed=args.seed,
            database_url=args.database_url, start_new=chosen,
        )
    options = plain.PlainOptions(seats, levels, profile, args.seed, args.save)
    return plain.play_plain(options, sys.stdin, sys.stdout)


def seats_for(seats: int | None, levels: str | None, first: int) -> int:
    """The number of seats (`chicago.table.levels.seats_for`: `--seats`, else as many as
    `--levels` lists computer players for, from seat `first`, else 4)."""
    from chicago.table.levels import seats_for as counted

    return counted(seats, levels, first)


def seats_for_levels(seats: int | None, levels: str | None, *, bots_at_seat_0: bool) -> int:
    """`seats_for`, every seat a computer player (an arena) or seat 0 yours (play)."""
    return seats_for(seats, levels, first=0 if bots_at_seat_0 else 1)


def cmd_keep(args: argparse.Namespace) -> int:
    """`chicago keep`: the scorekeeper for a game played with real cards (Textual)."""
    from chicago.tui.keep import run

    return run(args.database_url, args.pad)


def version() -> str:
    """This installation's version, from the package metadata (pyproject.toml's `version`);
    from pyproject.toml itself when the source runs without being installed."""
    from importlib import metadata

    try:
        return metadata.version("chicago")
    except metadata.PackageNotFoundError:
        import tomllib
        from pathlib import Path

        pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
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
        help=_("rule preset: {presets} (default: house, {default})", presets=_preset_names(),
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
    p.add_argument("--stages", type=_stages, default=None, metavar="N,N,...",
                   help=_("imagined deals after each stage of a close call "
                          "(default: 16,64,256)"))
    p.add_argument("--jobs", "--workers", dest="workers", type=_processes,
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
    p.add_argument("--seats", type=_seats,
                   help=_("2 to 6 (default: as many as --levels lists, else 4)"))
    p.add_argument(
        "--levels", default="normal",
        help=_("the bots in seat order, one level per seat from seat 0 "
               "(e.g. normal,easy,normal,easy), or one level for every seat (default: normal)"),
    )
    _add_profile(p, _profile)
    p.add_argument("--games", type=_positive, default=100,
                   help=_("games to play, rounded up to whole deal sets (default: 100)"))
    p.add_argument("--seed", type=int, default=0,
                   help=_("seed of the deal sets (default: 0)"))
    p.add_argument("--jobs", type=_processes, default=None, metavar="N",
                   help=_("processes playing games side by side, 1 or more "
                          "(default: all cores)"))
    p.add_argument("--max-actions", type=_positive, default=10_000, metavar="N",
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
    p.add_argument("--seats", type=_seats, default=None,
                   help=_("2 to 6 (default: one more than --levels lists, else 4)"))
    p.add_argument("--level", help=_("the level of every bot (default: normal)"))
    p.add_argument(
        "--levels",
        help=_("the bots in seat order, one level per seat from seat 1 (you are seat 0), "
               "e.g. easy,normal,hard, or one level for all"),
    )
    _add_profile(p, _profile_name)
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


if __name__ == "__main__":
    sys.exit(main())
