"""Rule profiles: a frozen, named, versioned set of knobs that the engine reads (docs/rules.md §X).

There is no subclass per variant: where tables differ, the profile holds a plain value or an
enum, and the engine reads it in one place. `chicago-gamewide-0.2` is the house profile and
the default; `classic`, `basic` and `common` are the other presets. A custom profile is a
preset with knobs changed (`customize`), checked for contradictions and named by its changes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any, Final

from chicago.core.errors import N_, Phrase, Worded
from chicago.core.hands import Category


class HighScoreRule(Enum):
    """What happens to players near the target (docs/rules.md §X, "high-score rule")."""

    NONE = "none"
    RESET_ON_EXCHANGE = "reset_on_exchange"
    """R2.4: at the threshold or above, discarding any card resets the score to 0."""
    BLOCK = "block"
    """At the threshold or above, a player may not exchange (a custom option)."""
    KOPSTOPP = "kopstopp"
    """Once a player has reached the threshold, they may not exchange in any later deal."""
    SIX_CARDS = "six_cards"
    """Once a player has reached the threshold, in every later deal they are dealt six,
    discard one in the first exchange (drawing none) and exchange no more."""


class TieRule(Enum):
    """Who scores an exact tie for best hand (R3.3)."""

    FIRST_FROM_DEALERS_LEFT = "first_from_dealers_left"
    ALL_SCORE = "all_score"
    """Every tied player scores in full."""


class QuadsRule(Enum):
    """Four of a kind as the best hand (R4.3)."""

    CHOICE = "choice"
    """The holder chooses `quads_points` (locking that four-of-a-kind) or resetting the others."""
    POINTS = "points"
    """It scores `quads_points`."""
    POINTS_AND_RESET = "points_and_reset"
    """It scores `quads_points` and every other active player is reset to 0."""


class StraightFlushRule(Enum):
    """Straight flush as the best hand (R4.4)."""

    WIN = "win"
    """Instant win, whether or not qualified; the score becomes the target."""
    POINTS = "points"
    """It scores `straight_flush_points`."""
    AUTO_CHICAGO = "auto_chicago"
    """As the final hand it counts as a successful Chicago; earlier it scores its points."""


class RoyalFlushRule(Enum):
    """Royal flush as the best hand (R4.4)."""

    AS_STRAIGHT_FLUSH = "as_straight_flush"
    RESET_OPPONENTS = "reset_opponents"
    """As a straight flush, and every other active player is reset to 0."""
    WIN = "win"
    """Instant win, whatever the straight-flush rule."""


class ChicagoTiming(Enum):
    """When Chicago may be called (R5.1)."""

    AFTER_EXCHANGES = "after_exchanges"
    """After the last exchange, asked clockwise from the dealer's left."""
    FIRST_TRICK = "first_trick"
    """During the first trick: each player may call before playing their first card; cards
    already played go back to their hands."""


class WinRule(Enum):
    """When the game ends (R8)."""

    AT_TARGET = "at_target"
    """Checked after each award: reaching the target wins (R8.1), or eliminates a player who
    needed a qualification and has none (R8.3)."""
    DEAL_END_HIGHEST = "deal_end_highest"
    """Checked when a deal ends: the highest score at or above the target wins; a tie plays on."""
    ONE_MORE_AWARD = "one_more_award"
    """A player who reached the target in an earlier deal wins with their next award."""


@dataclass(frozen=True, slots=True)
class RuleProfile:
    """One table's rules. Every number the engine uses comes from here."""

    id: str
    version: str
    title: str
    target: int = 52
    max_discard: int = 4
    exchanges: int = 3
    """Exchanges per deal; the best hand scores after each but the last (R4.1, R4.5)."""
    open_offer: bool = True
    """R2.2: a one-card exchange is offered the top stock card face up."""
    final_hand_scores: bool = True
    """R4.5/R6.3: the best hand after the last exchange scores after the tricks."""
    hand_awards: tuple[int, int, int, int, int, int] = (1, 2, 3, 4, 5, 6)
    """R4.2: points for one pair, two pair, three of a kind, straight, flush, full house."""
    quads: QuadsRule = QuadsRule.CHOICE
    quads_points: int = 8
    straight_flush: StraightFlushRule = StraightFlushRule.WIN
    straight_flush_points: int = 8
    royal_flush: RoyalFlushRule = RoyalFlushRule.RESET_OPPONENTS
    high_score: HighScoreRule = HighScoreRule.RESET_ON_EXCHANGE
    high_score_threshold: int = 45
    ties: TieRule = TieRule.FIRST_FROM_DEALERS_LEFT
    score_floor: int | None = 0
    """R8.5: scores never fall below this; None allows negative scores."""
    chicago_minimum: int = 15
    """R5.1: players below this score may not call."""
    chicago_timing: ChicagoTiming = ChicagoTiming.AFTER_EXCHANGES
    chicago_caller_leads: bool = True
    """R5.2: the caller leads the first trick."""
    chicago_points: int = 15
    """R7.1: gained for a successful Chicago."""
    chicago_two_points: int | None = None
    """Gained instead for a successful Chicago whose last trick is won with a two (None: the
    same as `chicago_points`)."""
    chicago_penalty: int = 15
    """R7.2: lost for a broken Chicago."""
    broken_chicago_bonus: int = 10
    """R7.2: gained by the player who breaks a Chicago."""
    final_hand_after_chicago: bool = False
    """R7.1: whether the best final hand still scores after a successful Chicago."""
    last_trick_points: int = 5
    last_trick_two_points: int = 10
    """R6.3: the last trick won with a two."""
    win: WinRule = WinRule.AT_TARGET
    qualification_required: bool = True
    """R7.4/R8.1/R8.3: a Chicago call this game is needed to win at the target."""
    base: str = ""
    """For a custom profile, the preset it changes; empty for a preset."""

    @property
    def scored_exchanges(self) -> range:
        """The exchanges after which the best hand scores at once (R4.1)."""
        return range(1, self.exchanges)

    def award_for(self, category: Category) -> int:
        """R4.2: points for an ordinary best hand (high card scores nothing)."""
        if Category.ONE_PAIR <= category <= Category.FULL_HOUSE:
            return self.hand_awards[category - Category.ONE_PAIR]
        return 0

    def knobs(self) -> dict[str, Any]:
        """Every knob by name (not the id, version, title or base)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in _NAMING}


_NAMING: Final = ("id", "version", "title", "base")

HOUSE: Final = RuleProfile(
    id="chicago-gamewide-0.2",
    version="0.2",
    title="Chicago with game-wide qualification (house rules)",
)
"""The default profile, fully specified by docs/rules.md I–IX."""

CLASSIC: Final = RuleProfile(
    id="classic",
    version="1",
    title="Classic Chicago with köpstopp",
    max_discard=5,
    open_offer=False,
    quads=QuadsRule.POINTS,
    quads_points=7,
    straight_flush=StraightFlushRule.POINTS,
    straight_flush_points=8,
    royal_flush=RoyalFlushRule.AS_STRAIGHT_FLUSH,
    high_score=HighScoreRule.KOPSTOPP,
    high_score_threshold=46,
    broken_chicago_bonus=0,
    last_trick_two_points=5,
    qualification_required=False,
)
"""docs/rules.md §X `classic`: the game many tables play, with köpstopp at 46."""

BASIC: Final = RuleProfile(
    id="basic",
    version="1",
    title="Basic Chicago: two exchanges, six cards at 42",
    max_discard=5,
    exchanges=2,
    quads=QuadsRule.POINTS,
    quads_points=7,
    straight_flush=StraightFlushRule.POINTS,
    straight_flush_points=8,
    royal_flush=RoyalFlushRule.AS_STRAIGHT_FLUSH,
    high_score=HighScoreRule.SIX_CARDS,
    high_score_threshold=42,
    score_floor=None,
    chicago_minimum=0,
    chicago_caller_leads=False,
    broken_chicago_bonus=0,
    final_hand_after_chicago=True,
    last_trick_two_points=5,
    qualification_required=False,
)
"""docs/rules.md §X `basic`: two exchanges, and six cards once at 42."""

COMMON: Final = RuleProfile(
    id="common",
    version="1",
    title="Common Chicago: call in the first trick, ties all score",
    max_discard=5,
    open_offer=False,
    quads=QuadsRule.POINTS,
    quads_points=7,
    straight_flush=StraightFlushRule.POINTS,
    straight_flush_points=9,
    royal_flush=RoyalFlushRule.AS_STRAIGHT_FLUSH,
    high_score=HighScoreRule.NONE,
    ties=TieRule.ALL_SCORE,
    score_floor=None,
    chicago_minimum=0,
    chicago_timing=ChicagoTiming.FIRST_TRICK,
    broken_chicago_bonus=0,
    last_trick_two_points=5,
    win=WinRule.DEAL_END_HIGHEST,
    qualification_required=False,
)
"""docs/rules.md §X `common`: Chicago called in the first trick, every tie scores."""

PRESETS: Final[dict[str, RuleProfile]] = {p.id: p for p in (HOUSE, CLASSIC, BASIC, COMMON)}
PROFILES: Final = PRESETS
DEFAULT_PROFILE: Final = HOUSE

CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "target": (50, 51, 52, 100),
    "max_discard": (4, 5),
    "exchanges": (2, 3),
    "open_offer": (True, False),
    "final_hand_scores": (True, False),
    "hand_awards": ((1, 2, 3, 4, 5, 6),),
    "quads": tuple(QuadsRule),
    "quads_points": (7, 8),
    "straight_flush": tuple(StraightFlushRule),
    "straight_flush_points": (8, 9, 11),
    "royal_flush": tuple(RoyalFlushRule),
    "high_score": tuple(HighScoreRule),
    "high_score_threshold": (42, 45, 46),
    "ties": tuple(TieRule),
    "score_floor": (0, None),
    "chicago_minimum": (0, 13, 15),
    "chicago_timing": tuple(ChicagoTiming),
    "chicago_caller_leads": (True, False),
    "chicago_points": (13, 15, 25),
    "chicago_two_points": (None, 30),
    "chicago_penalty": (13, 15, 25),
    "broken_chicago_bonus": (0, 10),
    "final_hand_after_chicago": (False, True),
    "last_trick_points": (5,),
    "last_trick_two_points": (5, 10),
    "win": tuple(WinRule),
    "qualification_required": (True, False),
}
"""The values a custom profile may take, knob by knob (docs/rules.md §X and its options)."""


class ProfileError(Worded):
    """A custom profile with an unknown knob, a value not offered, or a contradiction; an
    unknown preset. str() is English; `template` and `params` are for other languages."""


ALIASES: Final[dict[str, str]] = {"house": HOUSE.id}
"""Other names of presets: `house` is the house profile, whatever its version."""


def get_profile(name: str) -> RuleProfile:
    """Look a preset up by id or alias; raises ProfileError (a ValueError) listing the ids."""
    try:
        return PRESETS[ALIASES.get(name, name)]
    except (KeyError, TypeError):
        known = ", ".join(
            f"{pid} ({', '.join(a for a, t in ALIASES.items() if t == pid)})"
            if pid in ALIASES.values() else pid
            for pid in PRESETS
        )
        raise ProfileError(N_("unknown rule profile {name} (known: {known})"), name=repr(name),
                           known=known) from None


def _plain(value: object) -> object:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


def _coerce(name: str, value: object) -> object:
    """A knob value from JSON or a command line, checked against the offered choices."""
    if name not in CHOICES:
        raise ProfileError(N_("unknown rule knob {name} (known: {known})"), name=repr(name),
                           known=", ".join(CHOICES))
    for choice in CHOICES[name]:
        for form in (choice, _plain(choice)):
            if type(form) is type(value) and form == value:
                return choice
    offered = ", ".join(repr(_plain(c)) for c in CHOICES[name])
    raise ProfileError(N_("{name} cannot be {value} (offered: {offered})"), name=name,
                       value=repr(value), offered=offered)


def offers(name: str, value: object) -> bool:
    """Whether knob `name` offers `value` (in its own or its JSON form)."""
    try:
        _coerce(name, value)
    except ProfileError:
        return False
    return True


def _knob_forms(text: str) -> list[object]:
    """The values a word typed by a person may stand for, likeliest first: a number,
    true/false, none/null, a word (quoted or not), or a list of numbers written
    `1,2,3,4,5,6`, `[1, 2, 3, 4, 5, 6]` or `(1, 2, 3, 4, 5, 6)`."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return [text[1:-1]]
    lowered = text.lower()
    if lowered in ("true", "false"):
        return [lowered == "true", lowered]
    if lowered in ("none", "null"):
        return [None, lowered]
    inner = text[1:-1] if text[:1] + text[-1:] in ("[]", "()") else text
    if "," in inner or inner != text:
        try:
            return [[int(x) for x in inner.split(",") if x.strip()], text]
        except ValueError:
            return [text]
    try:
        return [int(text), text]
    except ValueError:
        return [text, lowered]


def knob_from_text(knob: str, text: str) -> object:
    """A knob value typed on a command line or in a URL: the first reading of it that the
    knob offers (`none` is None for score_floor but the word for high_score), else the
    likeliest (and `customize` then says what is offered)."""
    forms = _knob_forms(text)
    for form in forms:
        if offers(knob, form):
            return form
    return forms[0]


_NEXT_CHANGE: Final = re.compile(r",(?=\s*[^\W\d]\w*\s*=)")
"""A comma that starts another change: the text after it begins with a name and `=`. No
knob's value holds an `=`, so a list value like `1,2,3,4,5,6` is never cut apart."""


def split_changes(text: str) -> list[str]:
    """`knob=value` changes written one after another with commas between them
    (`target=51,hand_awards=1,2,3,4,5,6` or `hand_awards=[1, 2, 3, 4, 5, 6], target=51`)."""
    return [part.strip() for part in _NEXT_CHANGE.split(text) if part.strip()]


def read_changes(items: Sequence[str]) -> dict[str, object]:
    """Knob changes as a person types them, for every place that takes them (`--set`,
    repeated or comma-separated, and the terminal's new-game form): each knob known, each
    value offered, no knob given twice (ProfileError naming what is wrong)."""
    changes: dict[str, object] = {}
    typed: dict[str, str] = {}
    for item in items:
        for part in split_changes(item):
            knob, sep, value = part.partition("=")
            name = knob.strip()
            if not sep or not name:
                raise ProfileError(N_("write each rule change as knob=value, not {part}"),
                                   part=repr(part))
            if name in typed:
                raise ProfileError(
                    N_("{knob} is changed twice ({first} and {second}): give each rule once"),
                    knob=name, first=typed[name], second=value.strip())
            changes[name] = _coerce(name, knob_from_text(name, value))
            typed[name] = value.strip()
    return changes


def check(profile: RuleProfile) -> None:
    """Refuse knob combinations that contradict each other (ProfileError)."""
    p = profile
    if p.qualification_required and p.win is not WinRule.AT_TARGET:
        raise ProfileError(N_("qualification_required needs win=at_target (elimination at target)"))
    if p.qualification_required and p.chicago_minimum > p.target:
        raise ProfileError(N_("qualification_required needs a Chicago minimum below the target"))
    if p.high_score is not HighScoreRule.NONE and p.high_score_threshold >= p.target:
        raise ProfileError(N_("the high-score threshold must be below the target"))
    if p.high_score is HighScoreRule.SIX_CARDS and p.exchanges < 2:
        raise ProfileError(N_("six_cards needs at least two exchanges"))
    if not p.final_hand_scores and p.final_hand_after_chicago:
        raise ProfileError(N_("final_hand_after_chicago needs final_hand_scores"))
    if p.chicago_two_points is not None and p.chicago_two_points < p.chicago_points:
        raise ProfileError(N_("chicago_two_points cannot be below chicago_points"))
    if p.last_trick_two_points < p.last_trick_points:
        raise ProfileError(N_("last_trick_two_points cannot be below last_trick_points"))


_UNUSED_WHEN: Final[tuple[tuple[str, str, object, str], ...]] = (
    ("straight_flush_points", "straight_flush", StraightFlushRule.WIN,
     N_("a straight flush wins outright, so it scores no points")),
    ("high_score_threshold", "high_score", HighScoreRule.NONE,
     N_("with no high-score rule there is no threshold")),
)
"""(knob, other knob, other's value, why): the knob has no effect while the other has that
value, so changing it then is a contradiction rather than a rule."""


def check_changes(preset: RuleProfile, profile: RuleProfile) -> None:
    """Refuse a knob changed from the preset while another knob makes it have no effect
    (ProfileError naming both)."""
    for knob, other, value, why in _UNUSED_WHEN:
        mine = getattr(profile, knob)
        if getattr(profile, other) is value and mine != getattr(preset, knob):
            raise ProfileError(
                N_("{knob}={mine} contradicts {other}={value}: {why} (change one of them)"),
                knob=knob, mine=_plain(mine), other=other, value=_plain(value),
                why=Phrase(why),
            )


def customize(base: RuleProfile | str, **changes: object) -> RuleProfile:
    """A preset with knobs changed: checked, and named by its changes."""
    return _customize(base, changes, stored=False)


def _customize(base: RuleProfile | str, changes: dict[str, object], stored: bool) -> RuleProfile:
    """`customize`; a profile read back from a game file (`stored`) skips `check_changes`,
    so that files written before that check still replay."""
    preset = get_profile(base) if isinstance(base, str) else base
    if preset.base:  # a custom profile: its own changes stay, the new ones go on top
        custom = preset
        preset = get_profile(custom.base)
        earlier = {k: v for k, v in custom.knobs().items() if getattr(preset, k) != v}
        changes = {**earlier, **changes}
    values = {name: _coerce(name, value) for name, value in changes.items()}
    differing = {k: v for k, v in values.items() if getattr(preset, k) != v}
    if not differing:
        return preset
    label = ",".join(f"{k}={_plain(v)}" for k, v in sorted(differing.items()))
    profile = replace(
        preset,
        id=f"{preset.id}+{label}",
        title=f"{preset.title}, changed: {label.replace(',', ', ')}",
        base=preset.id,
        **differing,  # type: ignore[arg-type]
    )
    check(profile)
    if not stored:
        check_changes(preset, profile)
    return profile


def profile_to_json(profile: RuleProfile) -> str | dict[str, Any]:
    """A game file's `profile`: a preset's id, or a custom profile whole (every knob)."""
    if not profile.base:
        return profile.id
    return {
        "id": profile.id,
        "base": profile.base,
        "knobs": {k: _plain(v) for k, v in profile.knobs().items()},
    }


def profile_from_json(data: object) -> RuleProfile:
    """Read a game file's `profile`: a preset id, or a custom profile stored whole."""
    if isinstance(data, str):
        return get_profile(data)
    if not isinstance(data, dict):
        raise ProfileError(N_("profile must be a preset id or an object with base and knobs"))
    unknown = set(data) - {"id", "base", "knobs"}
    if unknown:
        raise ProfileError(N_("profile: unknown field {field}"), field=repr(sorted(unknown)[0]))
    base = data.get("base")
    knobs = data.get("knobs")
    if not isinstance(base, str) or not isinstance(knobs, dict):
        raise ProfileError(N_("a custom profile needs base (a preset id) and knobs (an object)"))
    missing = set(CHOICES) - set(knobs)
    if missing:
        raise ProfileError(N_("profile: knob {knob} is missing (stored whole)"),
                           knob=repr(sorted(missing)[0]))
    profile = _customize(base, knobs, stored=True)
    if "id" in data and data["id"] != profile.id:
        raise ProfileError(N_("profile: id {id} does not match its knobs ({knobs})"),
                           id=repr(data["id"]), knobs=profile.id)
    return profile
