"""The `chicago` command: `chicago replay FILE` (and more as the project grows)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from chicago import record


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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chicago", description="Chicago: draw poker over three exchanges, then five tricks."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("replay", help="replay a game file and print the state it reaches")
    p.add_argument("file", metavar="FILE", help="a chicago-game/1 JSON file, or - for stdin")
    p.set_defaults(run=cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
