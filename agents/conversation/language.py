"""Which language a question is written in (no model, no download).

Enough to tell an English question from a German, French, Spanish, Italian, Dutch or
Portuguese one, so that it is translated (with a model) or the asker is told the
English documentation was searched as written (offline). Common words settle the
plainly English questions at once; anything else goes to py3langid's bundled model
(langid.py's), restricted to these seven languages and loaded only when a question
needs it. Too short to tell ("SSO?", "Backups?") is English, the documentation's
language.
"""

from __future__ import annotations

import functools
import re
import threading

_COMMON = {
    "en": "the and is are do does you your we our of to in for with on at be can have has what how which as it or "
          "by an all any this that from not",
    "de": "der die das und ist sind sie ihr ihre wir unser unsere mit für auf bei werden wird können kann "
          "haben hat welche wie ein eine einen nicht auch daten im zum zur vom",
    "fr": "le la les et est sont vous votre vos nous notre nos avec pour sur dans des une un du au aux pouvez "
          "quelle quels comment ne pas données",
    "es": "el la los las y es son usted su sus nosotros nuestro con para en por una un del al pueden puede "
          "cuál cómo qué no datos",
    "it": "il lo la gli le e è sono voi vostro vostra noi nostro con per su nel della dei delle un una "
          "potete può quale come non dati",
    "nl": "de het een en is zijn u uw wij we onze ons met voor op bij worden wordt kunnen kan hebben heeft "
          "welke hoe niet ook gegevens",
    "pt": "o a os as e é são você seu sua nós nosso nossa com para em por um uma do da dos das podem pode "
          "qual como não dados",
}
WORDS = {code: frozenset(words.split()) for code, words in _COMMON.items()}
NAMES = {"en": "English", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian", "nl": "Dutch",
         "pt": "Portuguese"}
# Common words of the other languages that are not English words too ("is", "we", "a" are both).
_FOREIGN = frozenset().union(*(words for code, words in WORDS.items() if code != "en")) - WORDS["en"] - {"a", "e", "o"}
_TOKEN = re.compile(r"[^\W\d_]+")
# Letters and marks English does not use count as one more common word of their languages.
_LETTERS = {"de": re.compile(r"[äöüß]", re.I), "es": re.compile(r"[ñ¿¡]", re.I), "pt": re.compile(r"[ãõ]", re.I),
            "fr": re.compile(r"[œèêëàç]", re.I)}
_MIN_HITS = 2
_MIN_WORDS = 3
_SURE = 0.9  # the model's probability under which a question is taken as English


def language_of(text: str) -> str:
    """The question's language code; "en" when English or too short to tell."""
    tokens = [t.casefold() for t in _TOKEN.findall(text)]
    if len(tokens) < _MIN_WORDS:
        return "en"
    hits = {code: sum(t in words for t in tokens) for code, words in WORDS.items()}
    for code, letters in _LETTERS.items():
        hits[code] += bool(letters.search(text))
    others = [n for code, n in hits.items() if code != "en"]
    foreign = any(t in _FOREIGN for t in tokens) or any(p.search(text) for p in _LETTERS.values())
    if not foreign or (hits["en"] >= _MIN_HITS and all(hits["en"] > n for n in others)):
        return "en"  # nothing says another language, or English plainly leads: no model needed
    code, probability = _identifier().classify(text)
    return code if code in NAMES and probability >= _SURE else "en"


_LOADING = threading.Lock()


@functools.cache
def _load():
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    identifier.set_languages(list(NAMES))
    return identifier


def _identifier():
    # Questions are read on several threads at once; the model is loaded once (about 70 MB).
    with _LOADING:
        return _load()


def other_language(text: str) -> str | None:
    """For a question in another language that no document shares a word with: what to do."""
    code = language_of(text)
    if code == "en":
        return None
    return (f"Your question looks {NAMES[code]}, and the documentation is in English: none of its words are in "
            "the documentation, so I didn't search. Please ask in English.")


def searched_in_english(text: str) -> str | None:
    """What to tell an asker whose question is not in English (None when it is)."""
    code = language_of(text)
    if code == "en":
        return None
    return (f"Your question looks {NAMES[code]}; the documentation is in English and I searched it for your "
            "question as written, so I may have missed what it says. Asking in English finds more.")
