"""The rules text says what the engine does, knob by knob, in English and Swedish
(docs/rules.md §X).

Every knob of a profile has a check here that finds its value in the generated text, written
independently of `rules_text` (the phrases below are what a player must read). The checks are
looked up by iterating the profile's knobs, so a new knob without a check fails the suite, and
a knob whose value changes without the text changing fails its check.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from chicago.core.rules import (
    PRESETS,
    ChicagoTiming,
    HighScoreRule,
    QuadsRule,
    RoyalFlushRule,
    RuleProfile,
    StraightFlushRule,
    TieRule,
    WinRule,
)
from chicago.text.i18n import use_language
from chicago.text.rules_text import Section, rules_markdown, rules_page
from rules_text_profiles import IDS, PROFILES

LANGS = ("en", "sv")

HANDS = {
    "en": ("One pair", "Two pair", "Three of a kind", "Straight", "Flush", "Full house",
           "Four of a kind", "Straight flush", "Royal flush"),
    "sv": ("Ett par", "Två par", "Triss", "Stege", "Färg", "Kåk", "Fyrtal", "Färgstege",
           "Royal straight flush"),
}
CHOICE_NOTE = {
    "en": "by this table's own choice (the rules this profile comes from do not say)",
    "sv": "enligt bordets eget val (reglerna som profilen bygger på säger inget om saken)",
}


class Page:
    """One profile's rules in one language, as a reader finds them."""

    def __init__(self, profile: RuleProfile, lang: str) -> None:
        self.profile = profile
        self.lang = lang
        with use_language(lang):
            self.sections: tuple[Section, ...] = rules_page(profile)
            self.markdown = rules_markdown(profile)
        self.game, self.deal, self.exchanges, self.hands, self.chicago, self.tricks = (
            " ".join(s.paragraphs) for s in self.sections
        )
        self.rows = dict(self.sections[3].table)
        self.text = " ".join(" ".join(s.paragraphs) for s in self.sections)

    def pts(self, n: int) -> str:
        if self.lang == "sv":
            return f"{n} poäng"
        return f"{n} point" if n == 1 else f"{n} points"

    def say(self, en: str, sv: str) -> str:
        return sv if self.lang == "sv" else en

    def row(self, index: int) -> str:
        return self.rows[HANDS[self.lang][index]]


Check = Callable[[Page], None]


def _target(page: Page) -> None:
    assert page.pts(page.profile.target) in page.game


def _max_discard(page: Page) -> None:
    m = page.profile.max_discard
    assert page.say(f"discards 1 to {m} and", f"kastar 1 till {m} kort") in page.exchanges


def _exchanges(page: Page) -> None:  # R1.4, R4.1, R4.5
    n = page.profile.exchanges
    assert page.say(f"There are {n} exchanges.", f"Det blir {n} byten.") in page.exchanges
    scored = {
        2: page.say("After the first exchange the best hand", "Efter första bytet får"),
        3: page.say("After the first and second exchanges the best hand",
                    "Efter första och andra bytet får"),
    }[n]
    assert scored in page.exchanges


def _open_offer(page: Page) -> None:  # R2.2, R2.3
    if page.profile.open_offer:
        assert page.say("Open offer:", "Öppet kort:") in page.exchanges
        assert page.say(
            "A declined card goes to the discards and cannot come back to that player in the "
            "same exchange.",
            "läggs bland slängkorten och kan inte komma tillbaka till samma spelare i samma byte",
        ) in page.exchanges
        assert page.say("and an open card they have just declined",
                        "och ett öppet kort som spelaren just har avstått från") in page.exchanges
    else:
        assert page.say("There is no open offer", "Inget öppet kort") in page.exchanges
        assert page.say("Open offer:", "Öppet kort:") not in page.text


def _final_hand_scores(page: Page) -> None:  # R4.5, R6.3
    later = page.say("Then the best hand among those held after the last exchange scores",
                     "Sedan får den bästa av händerna efter sista bytet poäng")
    if page.profile.final_hand_scores:
        assert page.say("score only after the tricks", "får poäng först efter sticken") in (
            page.exchanges
        )
        assert later in page.tricks
    else:
        assert page.say("The hands held after the last exchange do not score.",
                        "Händerna efter sista bytet ger inga poäng.") in page.exchanges
        assert later not in page.tricks


def _hand_awards(page: Page) -> None:  # R4.2
    for i, points in enumerate(page.profile.hand_awards):
        assert page.row(i) == page.pts(points)


def _quads(page: Page) -> None:  # R4.3
    row = page.row(6)
    rule = page.profile.quads
    if rule is QuadsRule.CHOICE:
        assert page.say("or reset every other player still in the game to 0 and end the deal",
                        "eller nollställ alla andra spelare som är kvar och avsluta given") in row
        assert page.say("locks that four of a kind", "låser fyrtalet") in page.hands
        if page.profile.final_hand_scores:  # R6.4
            assert page.say("A four-of-a-kind choice is made after the last-trick points",
                            "Ett val för fyrtal görs efter poängen för sista sticket") in (
                page.tricks
            )
    elif rule is QuadsRule.POINTS_AND_RESET:
        assert page.say("and every other player", "och alla andra spelare") in row
        assert page.say("reset to 0", "nollställs") in row
    else:
        assert row == page.pts(page.profile.quads_points)


def _quads_points(page: Page) -> None:
    assert page.row(6).startswith(page.pts(page.profile.quads_points))


def _instant_win(page: Page, row: str) -> None:  # R4.4
    assert page.say("wins the game at once", "vinner partiet direkt") in row
    assert page.say(f"the score becomes {page.profile.target}",
                    f"poängen blir {page.profile.target}") in row
    if page.profile.qualification_required:
        assert page.say("with or without a Chicago call", "med eller utan ropad Chicago") in row


def _straight_flush(page: Page) -> None:
    row = page.row(7)
    rule = page.profile.straight_flush
    if rule is StraightFlushRule.WIN:
        _instant_win(page, row)
    elif rule is StraightFlushRule.AUTO_CHICAGO:
        assert page.pts(page.profile.chicago_points) in row
        assert page.say("the value of a successful Chicago", "en Chicago som går hem") in row
        assert page.say("it is not a call", "räknas inte som ropad Chicago") in row
    else:
        assert row == page.pts(page.profile.straight_flush_points)


def _straight_flush_points(page: Page) -> None:
    row = page.row(7)
    if page.profile.straight_flush is StraightFlushRule.WIN:  # unused: the row says the win
        assert page.say("wins the game at once", "vinner partiet direkt") in row
    else:
        assert row.startswith(page.pts(page.profile.straight_flush_points))


def _royal_flush(page: Page) -> None:  # R4.4
    row = page.row(8)
    rule = page.profile.royal_flush
    if rule is RoyalFlushRule.WIN:
        _instant_win(page, row)
    elif rule is RoyalFlushRule.RESET_OPPONENTS:
        assert row.startswith(page.say("as a straight flush, and every other player",
                                       "som en färgstege, och alla andra spelare"))
        if page.profile.qualification_required:  # active opponents only (R8.3)
            assert page.say("(eliminated players keep their scores)",
                            "(utslagna spelare behåller sina poäng)") in row
    else:
        assert row == page.say("as any other straight flush",
                               "som vilken annan färgstege som helst")


def _high_score(page: Page) -> None:  # R2.4 and §X
    t = page.pts(page.profile.high_score_threshold)
    rule = page.profile.high_score
    expected = {
        HighScoreRule.RESET_ON_EXCHANGE: (
            page.exchanges,
            page.say(f"At {t} or more, discarding even one card resets your score to 0",
                     f"Har du {t} eller mer nollställs dina poäng"),
        ),
        HighScoreRule.BLOCK: (
            page.exchanges,
            page.say(f"At {t} or more you may not exchange",
                     f"Har du {t} eller mer får du inte byta"),
        ),
        HighScoreRule.KOPSTOPP: (
            page.exchanges,
            page.say(f"Köpstopp: once you have reached {t}, you may not exchange in any later deal",
                     f"Köpstopp: när du väl har nått {t} får du inte byta i någon senare giv"),
        ),
        HighScoreRule.SIX_CARDS: (
            page.deal,
            page.say(f"has reached {t} at any time in the game is dealt six cards",
                     f"har nått {t} får sex kort i varje senare giv"),
        ),
        HighScoreRule.NONE: (
            page.exchanges,
            page.say("There is no high-score rule", "Ingen regel för höga poäng"),
        ),
    }[rule]
    assert expected[1] in expected[0]


def _high_score_threshold(page: Page) -> None:
    if page.profile.high_score is HighScoreRule.NONE:  # unused: the text says there is none
        assert page.say("There is no high-score rule", "Ingen regel för höga poäng") in (
            page.exchanges
        )
    else:
        assert page.pts(page.profile.high_score_threshold) in page.deal + page.exchanges


def _ties(page: Page) -> None:  # R3.3 and §X
    hands = page.sections[3].paragraphs
    if page.profile.ties is TieRule.ALL_SCORE:
        tie = page.say("every tied player scores in full", "alla som har den handen får full poäng")
    else:
        tie = page.say("the tied player first from the dealer's left scores",
                       "den av dem som sitter först till vänster om givaren")
    (paragraph,) = [p for p in hands if tie in p]
    chosen = page.profile.ties is TieRule.FIRST_FROM_DEALERS_LEFT and (
        (page.profile.base or page.profile.id) in ("classic", "basic")
    )
    assert (CHOICE_NOTE[page.lang] in paragraph) is chosen
    if chosen:
        assert page.say("the first to announce the hand keeps it",
                        "behåller den som säger sin hand först poängen") in paragraph


def _score_floor(page: Page) -> None:  # R8.5
    floor = page.profile.score_floor
    if floor is None:
        assert page.say("Scores can go below zero.", "Poängen kan gå under noll.") in page.game
    else:
        assert page.say(f"Scores never fall below {floor}.",
                        f"Poängen går aldrig under {floor}.") in page.game
        assert page.say(f"(never below {floor})", f"(men hamnar aldrig under {floor})") in (
            page.chicago
        )


def _chicago_minimum(page: Page) -> None:  # R5.1: a call needs a score of at least the minimum
    p = page.profile
    if p.score_floor is not None and p.chicago_minimum <= p.score_floor:
        wanted = page.say("Every player may call Chicago, whatever their score",
                          "Alla spelare får ropa Chicago, oavsett poäng")
    elif p.chicago_minimum == 0:
        wanted = page.say("A player whose score is 0 or more may call Chicago",
                          "Den som har 0 poäng eller mer får ropa Chicago")
    else:
        wanted = page.say(f"A player with at least {page.pts(p.chicago_minimum)} may call",
                          f"Den som har minst {page.pts(p.chicago_minimum)} får ropa")
    assert wanted in page.chicago


def _chicago_timing(page: Page) -> None:  # R5.1 and §X
    if page.profile.chicago_timing is ChicagoTiming.AFTER_EXCHANGES:
        assert page.say("After the last exchange, those who may call are asked in turn",
                        "Efter sista bytet tillfrågas de som får ropa") in page.chicago
    else:
        assert page.say("The call is made during the first trick",
                        "Man ropar under första sticket") in page.chicago
        assert page.say("already played to that trick go back to their hands",
                        "redan har spelats i sticket går tillbaka") in page.chicago


def _chicago_caller_leads(page: Page) -> None:  # R5.2
    if page.profile.chicago_caller_leads:
        wanted = page.say("The caller leads the first trick.",
                          "Den som ropat Chicago spelar ut i första sticket.")
    else:
        wanted = page.say("The caller does not lead", "Den som ropat Chicago spelar inte ut")
    assert wanted in page.chicago


def _chicago_points(page: Page) -> None:  # R7.1
    assert page.say(f"the caller gains {page.pts(page.profile.chicago_points)}",
                    f"den som ropat får {page.pts(page.profile.chicago_points)}") in page.chicago


def _chicago_two_points(page: Page) -> None:
    two = page.profile.chicago_two_points
    if two is None:
        assert page.say("fifth trick is won with a two", "femte sticket tas med en tvåa") not in (
            page.text
        )
    else:
        assert page.say(f"or {page.pts(two)} when the fifth trick is won with a two",
                        f"eller {page.pts(two)} om femte sticket tas med en tvåa") in page.chicago


def _chicago_penalty(page: Page) -> None:  # R7.2
    assert page.say(f"The caller loses {page.pts(page.profile.chicago_penalty)}",
                    f"Den som ropat förlorar {page.pts(page.profile.chicago_penalty)}") in (
        page.chicago
    )


def _broken_chicago_bonus(page: Page) -> None:  # R7.2
    bonus = page.profile.broken_chicago_bonus
    if bonus:
        assert page.say(f"The player who won that trick gains {page.pts(bonus)}",
                        f"Den som spräckte Chicagon får {page.pts(bonus)}") in page.chicago
        assert page.say("except when a Chicago is broken in them",
                        "utom när en Chicago spricker i dem") in page.tricks
    else:
        assert page.say("No one else scores.", "Ingen annan får poäng.") in page.chicago


def _final_hand_after_chicago(page: Page) -> None:  # R4.5, R7.1 and §X
    p = page.profile
    success = page.sections[4].paragraphs[1]
    if not p.final_hand_scores:
        assert page.say("There are no last-trick points in that deal.",
                        "Sista sticket ger inga poäng i den given.") in success
        return
    chosen = p.final_hand_after_chicago and (p.base or p.id) == "basic"
    assert (CHOICE_NOTE[page.lang] in success) is chosen
    if p.final_hand_after_chicago:
        assert page.say("the best final hand still scores", "den bästa sluthanden") in success
        assert page.say("but", "ändå") in success
        return
    assert page.say("a call cancels the final-hand award of that deal whatever its result",
                    "när någon har ropat Chicago blir det inga poäng för sluthanden") in success
    quads = page.say("a four-of-a-kind choice", "något val för fyrtal")
    assert (quads in success) is (p.quads is QuadsRule.CHOICE)
    win = page.say("a straight flush's win", "någon vinst på färgstege")
    wins = p.straight_flush is StraightFlushRule.WIN or p.royal_flush is RoyalFlushRule.WIN
    assert (win in success) is wins


def _last_trick_points(page: Page) -> None:  # R6.3
    assert page.say(f"the last trick pays {page.pts(page.profile.last_trick_points)} to its",
                    f"ger sista sticket {page.pts(page.profile.last_trick_points)} till") in (
        page.tricks
    )


def _last_trick_two_points(page: Page) -> None:  # R6.3
    p = page.profile
    two = page.say("when the winning card is a two", "om det tas med en tvåa")
    if p.last_trick_two_points == p.last_trick_points:
        assert two not in page.tricks
    else:
        assert page.say(f"or {page.pts(p.last_trick_two_points)} {two}",
                        f"eller {page.pts(p.last_trick_two_points)} {two}") in page.tricks


def _win(page: Page) -> None:  # R8 and §X
    p = page.profile
    t = page.pts(p.target)
    if p.win is WinRule.AT_TARGET and p.qualification_required:
        assert page.say(f"a player with a call who has {t} or more wins",
                        f"en spelare som har ropat Chicago och har {t} eller mer vinner") in (
            page.game
        )
    elif p.win is WinRule.AT_TARGET:
        assert page.say(f"The first player to reach {t} wins at once",
                        f"Den som först når {t} vinner direkt") in page.game
    elif p.win is WinRule.DEAL_END_HIGHEST:
        assert page.say(f"The game is checked only when a deal ends: if anyone then has {t} "
                        "or more, the highest score wins. If the highest scores are tied, play "
                        "goes on",
                        f"Ställningen kontrolleras bara när en giv är slut: har någon då {t} eller "
                        "mer vinner den som har högst poäng. Står det lika i toppen fortsätter "
                        "spelet") in page.game
    else:
        assert page.say(f"a player who starts a deal with {t} or more wins with their first award",
                        f"en spelare som börjar en giv med {t} eller mer vinner första gången") in (
            page.game
        )
    checked = page.say("The game is checked for a winner", "kontrolleras om någon har vunnit")
    if p.win is WinRule.DEAL_END_HIGHEST:
        assert page.say("checked for a winner only when the deal ends",
                        "Om någon har vunnit kontrolleras först när given är slut") in page.tricks
    else:  # R6.3, R8.6: after each positive award
        assert checked in page.tricks


def _qualification_required(page: Page) -> None:  # R7.4, R8.1, R8.3, R8.4
    t = page.pts(page.profile.target)
    eliminated = page.say(f"A player without a call who reaches {t} is eliminated",
                          f"En spelare som inte har ropat och når {t} är utslagen")
    if page.profile.qualification_required:
        assert page.say("and a Chicago call made at any time in this game",
                        "och någon gång under partiet ha ropat Chicago") in page.game
        assert eliminated in page.game
        assert page.say("resets no longer touch them", "nollställs aldrig mer") in page.game
        assert page.say("When only one player is left in the game, that player wins.",
                        "När bara en spelare är kvar i partiet vinner den spelaren.") in page.game
    else:
        assert page.say("eliminated", "utslagen").lower() not in page.text.lower()
        assert page.say("Eliminated", "Utslagna") not in page.text


CHECKS: dict[str, Check] = {
    "target": _target,
    "max_discard": _max_discard,
    "exchanges": _exchanges,
    "open_offer": _open_offer,
    "final_hand_scores": _final_hand_scores,
    "hand_awards": _hand_awards,
    "quads": _quads,
    "quads_points": _quads_points,
    "straight_flush": _straight_flush,
    "straight_flush_points": _straight_flush_points,
    "royal_flush": _royal_flush,
    "high_score": _high_score,
    "high_score_threshold": _high_score_threshold,
    "ties": _ties,
    "score_floor": _score_floor,
    "chicago_minimum": _chicago_minimum,
    "chicago_timing": _chicago_timing,
    "chicago_caller_leads": _chicago_caller_leads,
    "chicago_points": _chicago_points,
    "chicago_two_points": _chicago_two_points,
    "chicago_penalty": _chicago_penalty,
    "broken_chicago_bonus": _broken_chicago_bonus,
    "final_hand_after_chicago": _final_hand_after_chicago,
    "last_trick_points": _last_trick_points,
    "last_trick_two_points": _last_trick_two_points,
    "win": _win,
    "qualification_required": _qualification_required,
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("profile", PROFILES, ids=IDS)
def test_every_knob_value_is_in_the_text(profile: RuleProfile, lang: str) -> None:
    """§X: the rules page is generated from the profile; each knob's value is on it."""
    page = Page(profile, lang)
    for knob in profile.knobs():
        check = CHECKS.get(knob)
        assert check is not None, f"knob {knob!r} has no check of the rules text"
        check(page)


def test_the_custom_profiles_cover_every_value_of_the_enum_knobs() -> None:
    """The profiles above show each rule variant at least once, in both languages."""
    for knob in ("quads", "straight_flush", "royal_flush", "high_score", "ties",
                 "chicago_timing", "win"):
        seen = {getattr(p, knob) for p in PROFILES}
        assert seen == set(type(getattr(PRESETS["classic"], knob))), knob
    for knob in ("open_offer", "final_hand_scores", "chicago_caller_leads",
                 "final_hand_after_chicago", "qualification_required"):
        assert {getattr(p, knob) for p in PROFILES} == {True, False}, knob


@pytest.mark.parametrize("lang", LANGS)
def test_house_rules_say_what_was_once_missing(lang: str) -> None:
    """R4.3/R4.4 resets touch active opponents only, R2.3 a declined open card stays out, R8.6
    the check after each positive award, R4.5 a call cancels the third-stage choice."""
    page = Page(PRESETS["chicago-gamewide-0.2"], lang)
    assert page.say("Eliminated players keep their scores.",
                    "Utslagna spelare behåller sina poäng.") in page.hands
    assert page.say("every other player still in the game",
                    "alla andra spelare som är kvar") in page.row(6)
    assert page.say("an open card they have just declined, cannot come back to them",
                    "ett öppet kort som spelaren just har avstått från, kan inte komma "
                    "tillbaka") in page.exchanges
    assert page.say("After every award that adds points the game is checked at once, before "
                    "anything else happens",
                    "Varje gång någon får poäng kontrolleras ställningen direkt, innan något "
                    "annat händer") in page.game
    assert page.say("including a four-of-a-kind choice and a straight flush's win",
                    "inte heller något val för fyrtal eller någon vinst på färgstege") in (
        page.chicago
    )
    assert CHOICE_NOTE[lang] not in page.text  # the house profile is fully specified


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", list(PRESETS.values()), ids=list(PRESETS))
def test_the_straight_flush_suit_order_is_a_table_choice_outside_the_house(
    preset: RuleProfile, lang: str
) -> None:
    """R3.4 is the house rule; §X is silent for the other presets, so the text says so."""
    page = Page(preset, lang)
    order = page.say("hearts beat spades, spades beat diamonds, diamonds beat clubs",
                     "hjärter slår spader, spader slår ruter och ruter slår klöver")
    (paragraph,) = [p for p in page.sections[3].paragraphs if order in p]
    assert (CHOICE_NOTE[lang] in paragraph) is (preset.id != "chicago-gamewide-0.2")
