"""What each `chicago` subcommand does once its line is read: replay, review, stats, rules,
serve, arena, play and keep."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from chicago.core import record
from chicago.core.rules import (
    CHOICES,
    DEFAULT_PROFILE,
    RuleProfile,
    customize,
    get_profile,
    read_changes,
)
from chicago.text.core_errors import error_words
from chicago.text.i18n import _, from_environment, use_language
from chicago.text.rules_numbered import numbered_markdown
from chicago.text.rules_text import rules_markdown

if TYPE_CHECKING:
    import uvicorn



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
    from chicago.table.coach.estimate import STAGES
    from chicago.table.history.replay import Replay
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
    from chicago.table.history.replay import PLAYER, Replay
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
    from chicago.table.history.games import HistoryService
    from chicago.table.statistics.report import report_text
    from chicago.table.statistics.store import Statistics
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
    quiet_collector()
    uvicorn.Server(serve_config(app, args)).run(sockets=[sock])
    return 0


def quiet_collector() -> None:
    """Every action makes many short-lived objects (views, events, JSON): with the default
    thresholds the cyclic collector ran every few hundred of them and walked the whole heap
    often (7% of the server's Python time at 200 tables, py-spy). What the server holds from
    its start (modules, catalogs, the app) is frozen out of its walks, and the youngest
    generation is collected ten times less often."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(7_000, 10, 10)


KEEP_ALIVE: Final = 75
"""Seconds an idle HTTP connection stays open (uvicorn's default is 5). A person at a table
of four acts about every four turns, 10-20 s apart at a brisk pace: with 5 s nearly every
action opened a new connection (accepting it and setting up its protocol cost the server
processor on every action)."""

SOCKET_PING: Final = 20.0
"""Seconds between the server's WebSocket pings to each socket, and the most it waits for
the pong before closing the socket: a dead line is noticed within 40 s, and a proxy never
sees a socket quiet for long. A browser answers them by itself, so the page pings only when
it doubts its line (static/live/socket.js)."""


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
        timeout_keep_alive=KEEP_ALIVE,
        ws_ping_interval=SOCKET_PING,
        ws_ping_timeout=SOCKET_PING,
    )



def cmd_arena(args: argparse.Namespace) -> int:
    """Bot-vs-bot games with duplicate deals; a table (or --json) of strength by level."""
    from chicago.table.arena import games as arena
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
