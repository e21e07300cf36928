"""Query words into the catalogue's language, through a small per-language lexicon.

A shopper may write in any supported language; the catalogue is in one. The
multilingual embedding model bridges most of the gap, but it knows no
Lithuanian and reads rare product words poorly ("Bettbezug"), and BM25 cannot
bridge languages at all. So before the first stage, each query word or phrase
the lexicon knows in another language gets its catalogue-language word added:
"Bettbezug" in an English shop searches "Bettbezug duvet cover"; "electric
kettle" in a Lithuanian one "electric kettle elektrinis virdulys". A word the
catalogue itself uses is not translated (a brand, or a word two languages share).

The lexicon holds everyday product words (apparel, shoes, bags, jewellery,
home textiles, kitchen, household, tools, garden, sauna, toys, electronics)
and the common colours and materials, in en, de, fr, es, it, pl, lt and ru.
A word is matched folded (case, accents); a form ending in ``*`` matches any
ending (inflections: "kurtk*" for kurtka, kurtkę, kurtki). A word already in
the catalogue's language is left alone, and nothing is removed from the query.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from graph.common_words import is_common
from graph.vocabulary import STOPWORD_SET, fold, singular
from graph.word_forms import (
    diminished,
    lexicon_stem,
    plain_roots,
    respelled_singulars,
    stem_diminutive_languages,
    unprefixed,
)

#: The lexicon's languages, in its columns' order.
LANGUAGES = ("en", "de", "fr", "es", "it", "pl", "lt", "ru")

#: The lexicon's files: kinds of product first, then what describes them (see their headers).
LEXICON_DIR = Path(__file__).with_name("lexicon")


def _lexicon_files(prefix: str) -> list[Path]:
    """``prefix*.txt`` in the lexicon folder, the base file (``prefix.txt``) first."""
    files = LEXICON_DIR.glob(f"{prefix}*.txt")
    return sorted(files, key=lambda path: (path.stem != prefix, path.name))


def _lexicon_lines() -> tuple[list[str], list[str]]:
    """The kinds' lines and the attributes' lines, comments and blank lines left out."""

    def read(prefix: str) -> list[str]:
        return [
            line.strip()
            for path in _lexicon_files(prefix)
            for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")
        ]

    return read("kinds"), read("attributes")


@dataclass(frozen=True)
class _Entry:
    concept: int  # the lexicon line
    language: str


_TOKEN_RE = re.compile(r"[\w'-]+")
_MIN_STEM = 4  # shorter stems catch other languages' words ("bat*" would take "bath")


def _min_root(language: str) -> int:
    """The shortest stemmer root read as a lexicon word's.

    English plurals of three-letter words ("hats", "mugs", "caps") are plain "hat", "mug",
    "cap"; elsewhere a short root is another language's word as often.
    """
    return 3 if language == "en" else _MIN_STEM


@dataclass
class _Tables:
    exact: dict[str, list[_Entry]]  # one folded word
    stems: dict[str, list[_Entry]]  # a folded stem ("kurtk")
    inflected: dict[str, dict[str, list[_Entry]]]  # language → its stemmer's stem → entries
    phrases: list[tuple[tuple[str, ...], list[_Entry]]]  # several words, longest first
    words: list[dict[str, str]]  # each concept's word per language
    alternatives: list[dict[str, list[str]]]  # each concept's whole words per language
    forms: list[list[str]]  # each concept's folded forms, every language (stems end in *)
    kinds: int  # concepts below this are kinds of product; the rest describe them
    departments: frozenset[int]  # kinds that name a department, never a title's own kind
    stems_of: list[dict[str, list[str]]]  # each concept's folded stems per language ("zamsz")


def _word_matches(form: str, word: str) -> bool:
    return word.startswith(form[:-1]) if form.endswith("*") else word == form


@lru_cache(maxsize=1)
def _tables() -> _Tables:
    exact: dict[str, list[_Entry]] = {}
    stems: dict[str, list[_Entry]] = {}
    inflected: dict[str, dict[str, list[_Entry]]] = {}
    phrases: dict[tuple[str, ...], list[_Entry]] = {}
    words: list[dict[str, str]] = []
    alternatives: list[dict[str, list[str]]] = []
    stems_of: list[dict[str, list[str]]] = []
    forms_of: list[list[str]] = []
    kinds = -1
    departments: set[int] = set()
    kind_lines, attribute_lines = _lexicon_lines()
    for number, line in enumerate([*kind_lines, *attribute_lines]):
        if number == len(kind_lines):
            kinds = len(words)
        if line.startswith("~"):
            departments.add(len(words))
            line = line[1:]
        columns = [c.strip() for c in line.split("|")]
        if len(columns) != len(LANGUAGES):
            raise ValueError(f"lexicon line without {len(LANGUAGES)} columns: {line}")
        concept = len(words)
        chosen: dict[str, str] = {}
        whole: dict[str, list[str]] = {}
        cut: dict[str, list[str]] = {}
        forms_of.append([])
        for language, column in zip(LANGUAGES, columns, strict=True):
            forms = [f.strip() for f in column.split("/") if f.strip()]
            forms_of[-1].extend(fold(f) for f in forms)
            chosen[language] = forms[0].rstrip("*")
            whole[language] = [f for f in forms if not f.endswith("*")]
            cut[language] = [fold(f[:-1]) for f in forms if f.endswith("*")]
            for form in forms:
                entry = _Entry(concept, language)
                tokens = tuple(fold(form).split())
                if len(tokens) == 1 and "-" in tokens[0].strip("-*"):
                    # "lace-up" is written "lace up" as often: the spaced phrase too
                    parts = tuple(p for p in tokens[0].split("-") if p)
                    phrases.setdefault(parts, []).append(entry)
                if len(tokens) > 1:
                    phrases.setdefault(tokens, []).append(entry)
                elif tokens and tokens[0].endswith("*"):
                    if len(tokens[0]) <= _MIN_STEM:
                        raise ValueError(f"lexicon stem shorter than {_MIN_STEM}: {form}")
                    stems.setdefault(tokens[0][:-1], []).append(entry)
                elif tokens:
                    exact.setdefault(tokens[0].rstrip("*"), []).append(entry)
                    # its inflections too, as the language's stemmer reads them ("vantų",
                    # "čiužinio", "сетку"): a stem long enough to tell a word
                    if len(root := lexicon_stem(tokens[0], language)) >= _min_root(language):
                        inflected.setdefault(language, {}).setdefault(root, []).append(entry)
        words.append(chosen)
        alternatives.append(whole)
        stems_of.append(cut)
    ordered = sorted(phrases.items(), key=lambda item: len(item[0]), reverse=True)
    kinds = len(words) if kinds < 0 else kinds
    return _Tables(
        exact, stems, inflected, ordered, words, alternatives, forms_of, kinds,
        frozenset(departments), stems_of,
    )  # fmt: skip


def _phrase_word(form: str, word: str, entries: list[_Entry]) -> bool:
    """Whether ``word`` is the phrase's ``form``: as written, by a stem, or inflected.

    Inflected as the phrase's languages inflect it: "deskę do prasowania" is "deska do
    prasowania".
    """
    if _word_matches(form, word):
        return True
    # "yoga mats", "sleeping bags": an English plural of a word too short to stem safely
    if word != form and singular(word) == form and any(e.language == "en" for e in entries):
        return True
    if _short_inflection(form, word):
        return True  # "Ledų kibirėlis" is the lexicon's "ledo kibirėlis"
    if form.endswith("*") or len(word) < _MIN_STEM or not word.isalpha():
        return False
    for language in {e.language for e in entries}:
        root = lexicon_stem(form, language)
        plain = (lexicon_stem(word, language), *plain_roots(word, language, _MIN_STEM - 1))
        if len(root) >= _MIN_STEM and root in plain:
            return True  # "jogos blokeliai" is the lexicon's "jogos blokas"
    return False


#: A word of a phrase this short inflects by its last letter alone ("ledo", "ledų"): too
#: short for a stemmer, long enough that the rest of the phrase tells it.
_SHORT_INFLECTED = 4


def _short_inflection(form: str, word: str) -> bool:
    """Whether ``word`` is a phrase's short ``form`` with another last letter."""
    return (
        len(form) == len(word) == _SHORT_INFLECTED
        and form[:-1] == word[:-1]
        and form.isalpha()
        and word.isalpha()
    )


@lru_cache(maxsize=1)
def _phrase_index() -> tuple[dict[str, list[int]], dict[tuple[str, str], list[int]]]:
    """The phrases (positions in ``_tables().phrases``) by their first word.

    As written (a stem's letters for a stem), and as each of their languages' stemmers
    reads it.
    """
    written: dict[str, list[int]] = {}
    inflected: dict[tuple[str, str], list[int]] = {}
    for at, (forms, entries) in enumerate(_tables().phrases):
        first = forms[0]
        written.setdefault(first.rstrip("*"), []).append(at)
        if first.endswith("*"):
            continue
        if len(first) == _SHORT_INFLECTED:  # "ledų …" finds "ledo kibirėlis"
            written.setdefault(first[:-1] + "?", []).append(at)
        for language in {e.language for e in entries}:
            if len(root := lexicon_stem(first, language)) >= _MIN_STEM:
                inflected.setdefault((language, root), []).append(at)
    return written, inflected


@lru_cache(maxsize=100_000)
def _phrases_from(word: str) -> tuple[tuple[tuple[str, ...], list[_Entry]], ...]:
    """The lexicon's phrases whose first word ``word`` may be, longest first."""
    phrases = _tables().phrases
    written, inflected = _phrase_index()
    found = set(written.get(word, ()))
    if len(word) == _SHORT_INFLECTED:
        found.update(written.get(word[:-1] + "?", ()))
    for end in range(len(word) - 1, _MIN_STEM - 1, -1):  # "kurtk*" begins "kurtka"
        found.update(at for at in written.get(word[:end], ()) if phrases[at][0][0].endswith("*"))
    if len(word) >= _MIN_STEM and word.isalpha():
        for language in LANGUAGES:
            found.update(inflected.get((language, lexicon_stem(word, language)), ()))
    return tuple(
        phrases[at] for at in sorted(found) if _phrase_word(phrases[at][0][0], word, phrases[at][1])
    )


def _meanings(tokens: list[str]) -> list[tuple[list[str], list[_Entry]]]:
    """Each word or phrase of ``tokens`` the lexicon knows, with its meanings (longest first)."""
    tables = _tables()
    found: list[tuple[list[str], list[_Entry]]] = []
    i = 0
    while i < len(tokens):
        for forms, entries in _phrases_from(tokens[i]):
            n = len(forms)
            if i + n <= len(tokens) and all(
                _phrase_word(f, w, entries) for f, w in zip(forms, tokens[i : i + n], strict=True)
            ):
                found.append((tokens[i : i + n], entries))
                i += n
                break
        else:
            word = tokens[i]
            if "-" in word.strip("-") and singular(word) in tables.exact:
                found.append(([word], tables.exact[singular(word)]))  # "lace-ups"
            elif "-" in word.strip("-") and word not in tables.exact:
                # "одеяло-квилт", "серёжки-вишенки": each part a word of its own (a stem
                # would take the first part for the whole); "t-shirt" is one word
                found.extend(_meanings([part for part in word.split("-") if part]))
            elif entries := _entries_of(word, tables):
                found.append(([word], entries))
            i += 1
    return found


def kinds_named(
    text: str, language: str = "", departments: bool = True
) -> list[tuple[str, list[str]]]:
    """The words of ``text`` naming kinds of product, each with its kinds' forms.

    ``[("gants", ["gloves", "handschuhe", "rekawic*", …])]``: every language's folded
    forms of each kind the words may mean (stems end in ``*``), for telling whether a
    shop sells that kind whatever language it writes in. A word one meaning of which is
    no kind is left out (Italian "pelle" is leather, French "pelle" a shovel); with the
    message's ``language``, another language's stem names nothing ("bolster" is no
    Spanish "bols*").
    """
    forms = _tables().forms
    return [
        (" ".join(tokens), list(dict.fromkeys(f for c in concepts for f in forms[c])))
        for tokens, concepts in _kinds_in(text, language, departments)
    ]


def written_kinds(text: str, language: str = "") -> list[tuple[str, list[str]]]:
    """The kinds ``text`` names as the lexicon writes them, read by no stemmer.

    As :func:`kinds_named` gives them (the words, every language's forms).

    A phrase, a whole word or one of the lexicon's own stems ("kozak*"): "legs" meets
    "leggings" only through an English stemmer that cuts both to "leg", and names no kind
    as written. For decisions that need a kind surely named.
    """
    tables = _tables()
    found = []
    for words, forms in kinds_named(text, language, departments=False):
        word = fold(words)
        if " " in word or word in tables.exact:
            found.append((words, forms))
        elif any(tables.stems.get(word[:end]) for end in range(len(word), _MIN_STEM - 1, -1)):
            found.append((words, forms))
    return found


def _kinds_in(
    text: str, language: str, departments: bool
) -> list[tuple[list[str], tuple[int, ...]]]:
    """Each word or phrase of ``text`` that names kinds of product, with those kinds.

    A word one meaning of which is no kind names none; with ``language``, a single word
    read only as another language's stem or inflection names none; ``departments``:
    whether a department ("jewellery", "do sauny": where a thing is used) counts.
    """
    tables = _tables()
    found = []
    for tokens, entries in _meanings(_TOKEN_RE.findall(fold(text))):
        if language and len(tokens) == 1 and tokens[0] not in tables.exact:
            entries = [e for e in entries if e.language == language]
        elif (
            language
            and len(tokens) == 1
            and not any(e.language == language for e in entries)
            and is_common(tokens[0], language)
        ):
            # a common word of the message's own language is that word, not another
            # language's kind: French "pendant" is "during", German "Gift" poison
            entries = []
        if not departments:
            entries = [e for e in entries if e.concept not in tables.departments]
        if entries and all(e.concept < tables.kinds for e in entries):
            found.append((tokens, tuple(dict.fromkeys(e.concept for e in entries))))
    return found


def _entries_of(word: str, tables: _Tables, inflected: bool = False) -> list[_Entry]:
    """The lexicon's entries for one folded word: as written, by a stem, or inflected.

    ``inflected``: a word read through a stemmer must carry an ending of its own: an
    English "tell" is no German "Teller" cut short, while "Tellern" is its plural.
    """
    entries = list(tables.exact.get(word, ()))
    if entries:
        # a word the lexicon holds whole means that: "lampshade" is no lamp*, "piórnik"
        # (a pencil case) no pióro*, "Schnullerkette" no schnuller*
        return entries
    for end in range(len(word), _MIN_STEM - 1, -1):
        entries.extend(tables.stems.get(word[:end], ()))
    # "vantų" is the lexicon's "vanta", "wentylatora" its "wentylator": each language's
    # stemmer reads the word against that language's forms only (and a stem of another
    # language's does not hide them: "jackets" is no German "jacke*" only)
    for language, roots in tables.inflected.items():
        root = lexicon_stem(word, language)
        if len(root) >= _min_root(language) and not (inflected and root == word):
            entries.extend(e for e in roots.get(root, ()) if e not in entries)
    if entries:
        return entries
    for language, lemma in respelled_singulars(word):
        found = [e for e in _entries_of(lemma, tables, inflected) if e.language == language]
        if found:
            return found
    return _diminished(word, tables) or _prefixed(word, tables, inflected)


def _diminished(word: str, tables: _Tables) -> list[_Entry]:
    """The entries of the word a diminutive shortens, in the diminutive's language."""
    for language in stem_diminutive_languages():
        for plain in plain_roots(word, language, _MIN_STEM - 1):
            if found := tables.inflected.get(language, {}).get(plain, []):
                return list(found)
    for language, plain in diminished(word, _MIN_STEM):
        found = [e for e in tables.exact.get(plain, ()) if e.language == language]
        found += [
            e
            for end in range(len(plain), _MIN_STEM - 1, -1)
            for e in tables.stems.get(plain[:end], ())
            if e.language == language
        ]
        if found:
            return found
    return []


def _prefixed(word: str, tables: _Tables, inflected: bool) -> list[_Entry]:
    """The kind a word unknown whole names after a learned prefix, in the prefix's language."""
    for language, head in unprefixed(word, _MIN_STEM + 1):
        found = [e for e in _entries_of(head, tables, inflected) if e.language == language]
        if found:
            return found
    return []


@lru_cache(maxsize=50_000)
def kind_concepts(text: str, language: str = "", departments: bool = True) -> tuple[int, ...]:
    """The kinds of product ``text`` names, as lexicon lines, in the order it names them.

    ``language`` and ``departments`` as for :func:`kinds_named`.
    """
    found = (c for _, concepts in _kinds_in(text, language, departments) for c in concepts)
    return tuple(dict.fromkeys(found))


def broader_kinds(kinds: Iterable[int]) -> frozenset[int]:
    """``kinds`` with the kinds each is a sort of.

    The lexicon says it in its own words: a "meat thermometer" ("termometr do mięsa",
    "kulinarinis termometras") is a "thermometer" because its phrases begin or end with
    a word of that kind (their head, on either side as languages put it) in
    :data:`MIN_TREE_LANGUAGES` languages or more.
    """
    broader = _kind_tree()
    out = set(kinds := list(kinds))
    for kind in kinds:
        out |= broader.get(kind, frozenset())
    return frozenset(out)


#: Languages whose phrases must agree that one kind is a sort of another: one or two are
#: often a word with two meanings (French "bracelet de montre" is a watch strap) or a
#: near kind described (a quilt is a "стёганое одеяло", a quilted duvet, in three).
MIN_TREE_LANGUAGES = 4


@lru_cache(maxsize=1)
def _kind_tree() -> dict[int, frozenset[int]]:
    """Each kind's broader kinds: phrases of it headed by their words."""
    tables = _tables()
    single: dict[tuple[str, str], set[int]] = {}
    for concept in range(tables.kinds):
        for language, forms in tables.alternatives[concept].items():
            for form in forms:
                if " " not in form:
                    single.setdefault((language, fold(form)), set()).add(concept)
    votes: dict[tuple[int, int], set[str]] = {}
    for concept in range(tables.kinds):
        for language, forms in tables.alternatives[concept].items():
            for form in forms:
                words = fold(form).split()
                if len(words) < 2:
                    continue
                for head in {words[0], words[-1]}:
                    for other in single.get((language, head), ()):
                        if other != concept and other not in tables.departments:
                            votes.setdefault((concept, other), set()).add(language)
    broader: dict[int, set[int]] = {}
    for (concept, other), languages in votes.items():
        if len(languages) >= MIN_TREE_LANGUAGES:
            broader.setdefault(concept, set()).add(other)
    return {k: frozenset(v) for k, v in broader.items()}


def kind_phrase_words(text: str) -> dict[str, tuple[int, ...]]:
    """Each folded word of ``text`` inside a phrase naming a kind, with the phrase's kinds.

    "raudonas antklodės užvalkalas" → ``{"antklodes": (duvet cover,), "uzvalkalas": …}``.
    """
    tables = _tables()
    found: dict[str, tuple[int, ...]] = {}
    for tokens, entries in _meanings(_TOKEN_RE.findall(fold(text))):
        kinds = tuple(dict.fromkeys(e.concept for e in entries if e.concept < tables.kinds))
        if len(tokens) > 1 and kinds:
            found.update(dict.fromkeys(tokens, kinds))
    return found


def word_concepts(word: str) -> frozenset[int]:
    """Everything (kinds, colours, materials: lexicon lines) one folded ``word`` may mean."""
    return frozenset(e.concept for e in _entries_of(fold(word), _tables()))


def word_kinds(word: str) -> tuple[int, ...]:
    """The kinds of product (lexicon lines) one folded ``word`` names in any language.

    Departments ("sauna", "jewellery": where things are used) are no kind, and a word
    one meaning of which is no kind names none (Polish "drewno" is wood before firewood).
    """
    tables = _tables()
    entries = _entries_of(word, tables, inflected=True)
    if any(e.concept >= tables.kinds for e in entries):
        return ()
    return tuple(dict.fromkeys(e.concept for e in entries if e.concept not in tables.departments))


def attribute_forms(word: str) -> tuple[str, ...]:
    """Every language's folded forms of the attributes ``word`` means (a colour, a material).

    "карамельные" → ("caramel", "karamell", …, "karmel", "karmelow*", …): what a shop in
    another language may call the same colour (stems end in ``*``).
    """
    tables = _tables()
    entries = _entries_of(fold(word), tables)
    concepts = dict.fromkeys(e.concept for e in entries if e.concept >= tables.kinds)
    return tuple(f for c in concepts for f in tables.forms[c])


def holds_whole(word: str) -> bool:
    """Whether a language column of the lexicon holds the folded ``word`` as written."""
    return word in _tables().exact


def word_languages(word: str) -> frozenset[str]:
    """The languages whose lexicon column holds ``word`` (folded; stems included)."""
    return frozenset(e.language for e in _entries_of(fold(word), _tables()))


def translations(
    query: str,
    catalogue_language: str,
    known: Callable[[str], bool] | None = None,
    in_titles: Callable[[str], int] | None = None,
    title_word: Callable[[str], str | None] | None = None,
) -> list[str]:
    """Catalogue-language words for the query's words in other languages (new ones only).

    ``known`` tells the catalogue's own (folded) words: a query word the catalogue
    holds is searched as it is ("cover" is no Italian phone case in a bedding shop,
    "Estate" no Italian summer where it is a brand). ``in_titles`` counts the product
    titles holding a word: of a concept's words, the one most titles use is the shop's
    own name for it (:func:`_shop_word`); ``title_word`` completes a stem to the title
    word most titles spell it with, for a concept the shop writes only inflected.
    """
    if catalogue_language not in LANGUAGES or not query.strip():
        return []
    folded = fold(query)
    added: list[str] = []
    for tokens, entries in _meanings(_TOKEN_RE.findall(folded)):
        if any(e.language == catalogue_language for e in entries):
            continue  # already a word of the catalogue's language
        if len(tokens) == 1 and tokens[0] in _folded_stopwords():
            continue  # German "für" folds to English "fur": a function word is no fur
        if known is not None and all(known(token) for token in tokens):
            continue  # the catalogue's own word
        for entry in entries:
            word = _shop_word(entry.concept, catalogue_language, in_titles, title_word)
            if known is not None and not any(known(t) for t in fold(word).split()):
                # a word the shop never writes finds nothing, and the spelling correction
                # would take it for a typo of one it does ("paukštis" → "aukštis")
                continue
            # a word inside one already added ("žarna" in "laistymo žarna") adds nothing
            said = set(_TOKEN_RE.findall(folded)) | {t for a in added for t in fold(a).split()}
            if word and fold(word) not in folded and not set(fold(word).split()) <= said:
                added.append(word)
    return added


def shop_names(query: str, catalogue_language: str) -> list[frozenset[str]]:
    """Per word of ``query`` in another language the lexicon knows: its catalogue-language words.

    A translation adds one word ("cazo" → "cookware", the one most titles use); a title
    naming the same thing by another of its words ("Saucepan") still holds it.
    """
    if catalogue_language not in LANGUAGES or not query.strip():
        return []
    tables = _tables()
    names = []
    for tokens, entries in _meanings(_TOKEN_RE.findall(fold(query))):
        if len(tokens) == 1 and tokens[0] in _folded_stopwords():
            continue
        if any(e.language == catalogue_language for e in entries):
            continue
        words = {w for e in entries for w in tables.alternatives[e.concept][catalogue_language]}
        if words:
            names.append(frozenset(words))
    return names


@lru_cache(maxsize=1)
def _folded_stopwords() -> frozenset[str]:
    return frozenset(fold(w) for w in STOPWORD_SET)


def _shop_word(
    concept: int,
    language: str,
    in_titles: Callable[[str], int] | None,
    title_word: Callable[[str], str | None] | None = None,
) -> str:
    """The concept's word in ``language`` that most product titles use, else its first word.

    A bedding shop titles its curtains "Drape" where the lexicon's first word is
    "curtains"; a clothing shop says "jacket" more than "parka". One word: two would
    make the kind agreement (:mod:`graph.kinds`) demand a parka of every jacket. A
    concept the lexicon gives as a stem ("zamsz*") is the titles' own inflection of it
    ("zamszowe"), through ``title_word``, when no whole word of it is in a title.
    """
    tables = _tables()
    first = tables.words[concept][language]
    if in_titles is None:
        return first
    # a shop may close a compound the lexicon writes open: "Neckroll" for "neck roll"
    words = [
        form
        for w in tables.alternatives[concept][language]
        for form in (w, *([w.replace(" ", "")] if " " in w else []))
    ]
    counted = [(in_titles(w), w) for w in words]
    best = max(counted, key=lambda pair: pair[0], default=(0, first))  # ties: lexicon order
    if best[0] > 0:
        return best[1]
    if title_word is not None:
        spelled = [w for cut in tables.stems_of[concept][language] if (w := title_word(cut))]
        counted = [(in_titles(w), w) for w in spelled]
        best = max(counted, key=lambda pair: pair[0], default=(0, first))
        if best[0] > 0:
            return best[1]
    # none of the language's words: a shop may title it with a loanword, another
    # language's word for it (a Spanish shop's "Sticker", not "pegatina")
    loans = [
        (in_titles(w), w)
        for other, words in tables.alternatives[concept].items()
        if other != language
        for w in words
    ]
    loan = max(loans, key=lambda pair: pair[0], default=(0, first))
    return loan[1] if loan[0] > 0 else first


def translate_query(
    query: str,
    catalogue_language: str,
    known: Callable[[str], bool] | None = None,
    in_titles: Callable[[str], int] | None = None,
    title_word: Callable[[str], str | None] | None = None,
) -> str:
    """``query`` with the catalogue-language words of its foreign words appended."""
    added = translations(query, catalogue_language, known, in_titles, title_word)
    return f"{query} {' '.join(added)}" if added else query
