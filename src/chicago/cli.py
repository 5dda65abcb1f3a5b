"""The `chicago` command: `chicago replay FILE` (and more as the project grows)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from chicago import record
from chicago.rules import PRESETS, ProfileError, customize, get_profile
from chicago.rules_text import rules_markdown


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
    sys.stdout.write(rules_markdown(profile))
    return 0


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
    p.set_defaults(run=cmd_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
