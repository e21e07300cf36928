"""The lexical index: BM25 over the catalogue's words, and spelling against its vocabulary.

Why it lives here, rebuilt per index generation, and not in the sync or in Chroma:

* Chroma's own sparse/BM25 index refuses embedded mode (chromadb 1.5.9), and an
  FTS5 file kept by the sync would be a second store to keep consistent with the
  first (a sync killed between the two writes, a Chroma server shared by several
  graph processes). Built from the index itself each time its generation changes
  (in the background thread that already reads every record for the filter
  table, :class:`graph.resources.CatalogueView`), it is consistent by
  construction and works the same with a Chroma server.
* Our own BM25 over numpy rather than ``bm25s``: the first stage needs the
  *ranked* hits to walk under the shopper's hard filters (a filtered top-k is not
  what ``bm25s`` returns), the reranker needs the IDF of each query term, and
  spelling needs the vocabulary; each is a few lines over a dictionary of
  postings. No new dependency (``scipy`` would come with ``bm25s``). Build time
  on 10,000 demo products and query times: ``bench/lexical_build.py``.

What is indexed per product: the title twice (a title word is stronger evidence
than a description word) and the stored document, which holds the title, the
brand, the category paths and the description (:func:`sync.document.semantic_text`).
Terms come from :func:`graph.terms.terms` (folded, units joined, stemmed).

Spelling: a query word of five letters or more that is neither a catalogue word
nor the stem of one is replaced by the closest catalogue word (optimal string
alignment distance 1, or 2 from eight letters; ties go to the more common word),
with ``rapidfuzz``. A word the catalogue's language commonly uses
(:mod:`graph.common_words`) is corrected only when a title holds its correction with
another word of the need ("trial running" is "trail running"; "where do I even start"
stays, though the shop sells "Star"). A word another language's lexicon column holds
("Vorhänge" in an English shop) is left alone: the lexicon crosses it into the shop's
words, and the closest spelling ("orange") would be another need. Only the lexical side
and the reranker's word match use the corrected text; the trace says what was searched
instead.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from graph.common_words import is_common
from graph.terms import STOP, fold, stem, terms

K1, B = 1.2, 0.75
TITLE_BOOST = 2  # the title counts this many times (once more than the document's own copy)
#: Words shorter than this are never corrected (too many neighbours: "bag" → "rag").
MIN_CORRECTED = 5
#: A query stem cut back to an indexed one keeps at least this many letters.
MIN_HELD_STEM = 5
#: A stem completed to a title word (:meth:`LexicalIndex.title_word`): this long at
#: least, and this many vocabulary words read after it at most.
MIN_PREFIX = 4
MAX_COMPLETIONS = 64
_QUERY_WORD = re.compile(r"[^\W\d_]+")


def max_edits(word: str) -> int:
    """Edits allowed when correcting ``word``: 1, or 2 from eight letters."""
    return 2 if len(word) >= 8 else 1


#: Products sampled to tell a catalogue's language, and the share that must agree.
LANGUAGE_SAMPLE, LANGUAGE_AGREEMENT, LANGUAGE_MIN_SAMPLE = 200, 0.6, 20


def catalogue_language(texts: Sequence[str], default: str = "en") -> str:
    """The language most of ``texts`` are written in (py3langid on a sample), else ``default``.

    A feed's language is not configuration anyone keeps right: the demo is
    English, the real feeds are French, Spanish, Polish, Lithuanian, Russian.
    Too few texts, or no clear majority, keep ``default``.
    """
    sample = [t[:600] for t in texts[:: max(1, len(texts) // LANGUAGE_SAMPLE)] if t.strip()]
    if len(sample) < LANGUAGE_MIN_SAMPLE:
        return default
    import py3langid

    votes = Counter(py3langid.classify(t)[0] for t in sample)
    language, count = votes.most_common(1)[0]
    return str(language) if count >= LANGUAGE_AGREEMENT * len(sample) else default


def variant_words(title: str) -> list[str]:
    """The words of a title that tell a variant, not the product: colours, sizes, numbers."""
    # unfolded: "черный", not "черныи"
    return [w for w in re.findall(r"\w+", title.casefold()) if _is_variant_word(w)]


@functools.lru_cache(maxsize=65536)
def _is_variant_word(word: str) -> bool:
    """A colour, a size or a number ("czarne", "xl", "60"); titles repeat them, hence the cache."""
    from sync.enrich import color_tokens

    return len(word) <= 2 or any(c.isdigit() for c in word) or bool(color_tokens(word))


@dataclass
class LexicalIndex:
    """BM25 postings, IDF and surface vocabulary of one index generation."""

    ids: list[str]
    language: str
    postings: dict[str, tuple[np.ndarray, np.ndarray]]  # term → (rows, BM25 weights)
    title_rows: dict[str, np.ndarray]  # term → rows whose title has it
    vocabulary: dict[str, int]  # folded surface word → products holding it
    #: distinct title terms per row: the fewer beyond the words named, the closer the name
    title_lengths: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int16))
    #: ... of them, the name's: without a variant's words (colours, sizes, numbers, units)
    name_lengths: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int16))
    seconds: float = 0.0  # how long the build took
    _spellable: list[str] = field(default_factory=list)  # words a query word may become
    _rows: dict[str, int] = field(default_factory=dict)
    _corrections: dict[str, tuple[str, dict[str, str]]] = field(default_factory=dict)
    _sorted_words: list[str] = field(default_factory=list)  # the vocabulary, for prefixes

    @classmethod
    def build(
        cls, records: Iterable[tuple[str, str, str]], language: str = "en", detect: bool = True
    ) -> LexicalIndex:
        """Index ``(id, title, document)`` records.

        Stemming follows the catalogue's own language when ``detect`` can tell it
        (:func:`catalogue_language`), else ``language``.
        """
        import time

        start = time.perf_counter()
        records = list(records)
        if detect:
            language = catalogue_language([f"{t}\n{d}" for _, t, d in records], language)
        ids: list[str] = []
        lengths: list[int] = []
        by_term: dict[str, tuple[list[int], list[int]]] = {}
        in_title: dict[str, list[int]] = {}
        title_lengths: list[int] = []
        name_lengths: list[int] = []
        vocabulary: Counter[str] = Counter()
        for row, (pid, title, document) in enumerate(records):
            ids.append(pid)
            title_terms = terms(title, language)
            doc_terms = terms(document, language) if document else []
            counts = Counter(doc_terms)
            for term in title_terms:
                counts[term] += TITLE_BOOST - (1 if document else 0)
            lengths.append(sum(counts.values()))
            for term, tf in counts.items():
                rows, tfs = by_term.setdefault(term, ([], []))
                rows.append(row)
                tfs.append(tf)
            for term in set(title_terms):
                in_title.setdefault(term, []).append(row)
            title_lengths.append(len(set(title_terms)))
            variant = terms(" ".join(variant_words(title)), language)
            name_lengths.append(len(set(title_terms) - set(variant)))
            vocabulary.update(
                {w for w in _QUERY_WORD.findall(fold(f"{title}\n{document}")) if len(w) > 2}
            )
        n = len(ids)
        doc_len = np.asarray(lengths, dtype=np.float32)
        avg = float(doc_len.mean()) if n else 1.0
        norm = K1 * (1 - B + B * doc_len / max(avg, 1e-9))
        postings = {}
        for term, (rows, tfs) in by_term.items():
            r = np.asarray(rows, dtype=np.int32)
            freq = np.asarray(tfs, dtype=np.float32)
            idf = math.log(1 + (n - len(rows) + 0.5) / (len(rows) + 0.5))
            postings[term] = (r, (idf * freq * (K1 + 1) / (freq + norm[r])).astype(np.float32))
        return cls(
            ids=ids,
            language=language,
            postings=postings,
            title_rows={t: np.asarray(r, dtype=np.int32) for t, r in in_title.items()},
            vocabulary=dict(vocabulary),
            title_lengths=np.asarray(title_lengths, dtype=np.int16),
            name_lengths=np.asarray(name_lengths, dtype=np.int16),
            seconds=time.perf_counter() - start,
            _spellable=[w for w in vocabulary if len(w) >= MIN_CORRECTED - 1],
        )

    def row(self, pid: str) -> int | None:
        """The row of product ``pid`` (``None``: not in this generation)."""
        if not self._rows:
            self._rows = {p: r for r, p in enumerate(self.ids)}
        return self._rows.get(pid)

    def __len__(self) -> int:
        """Products indexed."""
        return len(self.ids)

    def terms(self, text: str) -> list[str]:
        """``text`` as this index's terms."""
        return terms(text, self.language)

    def query_terms(self, text: str) -> list[str]:
        """``text`` as terms of this index, a stem it lacks cut back to one it has.

        A stemmer reduces the cases of a word unevenly: Lithuanian "kampinio šlifuoklio"
        (genitive) stems to "kampini slifuokli", the titles' "Kampinis šlifuoklis" to
        "kampin slifuokl". A query term the index lacks is the indexed term it begins with,
        one or two letters shorter and five letters or more, when there is one.
        """
        return [self._held_term(t, self.postings) for t in self.terms(text)]

    def title_query_terms(self, text: str) -> list[str]:
        """:meth:`query_terms`, cut back to the terms of the titles.

        "kampinio" may be a word of a description too; the titles say "Kampinis".
        """
        return [self._held_term(t, self.title_rows) for t in self.terms(text)]

    @staticmethod
    def _held_term(term: str, held: Mapping[str, Any]) -> str:
        if term in held:
            return term
        for cut in (1, 2):
            head = term[:-cut]
            if len(head) >= MIN_HELD_STEM and head in held:
                return head
        return term

    def holds(self, term: str) -> bool:
        """Whether some product's text has ``term``."""
        return term in self.postings

    def idf(self, term: str) -> float:
        """BM25 IDF of ``term`` (a term no product has gets the rarest possible weight)."""
        n = len(self.ids)
        df = len(self.postings[term][0]) if term in self.postings else 0
        return math.log(1 + (n - df + 0.5) / (df + 0.5))

    def scores(self, query_terms: Iterable[str]) -> np.ndarray:
        """BM25 score of every product (row order of :attr:`ids`)."""
        scores = np.zeros(len(self.ids), dtype=np.float32)
        for term in query_terms:
            hit = self.postings.get(term)
            if hit is not None:
                scores[hit[0]] += hit[1]
        return scores

    def ranked(self, query_terms: Iterable[str]) -> Iterator[tuple[str, float]]:
        """``(id, score)`` of every product with a query term, best first."""
        scores = self.scores(query_terms)
        rows = np.flatnonzero(scores)
        order = rows[np.argsort(-scores[rows], kind="stable")]
        for row in order.tolist():
            yield self.ids[row], float(scores[row])

    def matches(self, query_terms: Sequence[str], rows: Sequence[int]) -> tuple[Any, Any]:
        """Which of ``rows`` hold each term: (in the title, anywhere), ``terms × rows`` bools."""
        at = np.asarray(rows, dtype=np.int32)
        empty = np.zeros(len(at), dtype=bool)
        title = [
            np.isin(at, self.title_rows[t]) if t in self.title_rows else empty for t in query_terms
        ]
        anywhere = [
            np.isin(at, self.postings[t][0]) if t in self.postings else empty for t in query_terms
        ]
        return np.asarray(title).reshape(len(query_terms), len(at)), np.asarray(anywhere).reshape(
            len(query_terms), len(at)
        )

    def known(self, word: str) -> bool:
        """Whether the catalogue has ``word`` (folded), as written or as a stem.

        Folded again as the index folds: a caller's fold may keep letters that carry no
        accent mark ("czołenka"), the index's spells them plain ("czolenka").
        """
        if word not in self.vocabulary:
            word = fold(word)
        return word in self.vocabulary or stem(word, self.language) in self.postings

    def title_word(self, prefix: str) -> str | None:
        """The catalogue word beginning with ``prefix`` that most titles hold, or ``None``.

        How the shop inflects a stem: "zamsz" is its "zamszowe" (163 titles), not the
        "zamszu" of a description.
        """
        prefix = fold(prefix)
        if len(prefix) < MIN_PREFIX:
            return None
        if not self._sorted_words:
            self._sorted_words = sorted(self.vocabulary)
        words = self._sorted_words
        at = bisect.bisect_left(words, prefix)
        best, count = None, 0
        for word in itertools.islice(words, at, at + MAX_COMPLETIONS):
            if not word.startswith(prefix):
                break
            if (n := self.in_titles(word)) > count:
                best, count = word, n
        return best

    def in_titles(self, text: str) -> int:
        """How many product titles hold every term of ``text`` (0 for none)."""
        return len(self.titles_holding(self.terms(text)))

    def titles_holding(self, terms: Iterable[str]) -> np.ndarray:
        """The rows whose title holds every one of ``terms`` (none for no terms)."""
        rows: np.ndarray | None = None
        for term in dict.fromkeys(terms):
            held = self.title_rows.get(term)
            if held is None:
                return np.zeros(0, dtype=np.int32)
            rows = held if rows is None else np.intersect1d(rows, held)
        return rows if rows is not None else np.zeros(0, dtype=np.int32)

    def correct(self, text: str) -> tuple[str, dict[str, str]]:
        """``text`` with its unknown words replaced by the closest catalogue words.

        Returns the text to search and ``{word: replacement}`` (empty: unchanged).
        """
        cached = self._corrections.get(text)
        if cached is not None:
            return cached
        fixes: dict[str, str] = {}
        real: dict[str, str] = {}  # common words of the shop's language, and their fixes
        written = {fold(w): w.lower() for w in _QUERY_WORD.findall(text)}
        for word, as_written in written.items():
            if len(word) < MIN_CORRECTED or word in STOP or self.known(word):
                continue
            best = self._closest(word)
            if not best or self._foreign(word, best):
                continue
            if is_common(as_written, self.language) or is_common(word, self.language):
                real[word] = best
            else:
                fixes[word] = best
        if real:
            fixes.update(self._in_context(real, [fixes.get(w, w) for w in written]))
        searched = text
        if fixes:
            searched = _QUERY_WORD.sub(lambda m: fixes.get(fold(m.group(0)), m.group(0)), text)
        if len(self._corrections) > 10_000:
            self._corrections.clear()
        self._corrections[text] = (searched, fixes)
        return searched, fixes

    def _foreign(self, word: str, best: str) -> bool:
        """Whether ``word`` is another language's word the correction ``best`` would lose.

        A lexicon column of a language not the catalogue's holds it, and ``best`` means
        nothing it means ("vorhange" is no "orange"; "shirt" may be the titles' "shirts").
        """
        from graph.translate import word_concepts, word_languages  # loads on first use

        if not word_languages(word) - {self.language}:
            return False
        return not word_concepts(word) & word_concepts(best)

    def _in_context(self, real: dict[str, str], words: Sequence[str]) -> dict[str, str]:
        """The fixes of real words that a title holds with another word of the need.

        "where do I even start" is no "were do I even star" (no title holds "star" with
        another of its words); "Trial running shoes" is "trail": a title holds "trail
        running". A word in common use is only a typo where the catalogue says so.
        """
        kept = {}
        for word, best in real.items():
            own = set(self.terms(best))
            rows = [self.title_rows[t] for t in own if t in self.title_rows]
            if not rows:
                continue
            others = {
                t
                for w in words
                if w != word
                for t in self.terms(w)
                if t not in own and t in self.title_rows
            }
            if any(np.intersect1d(rows[0], self.title_rows[t]).size for t in others):
                kept[word] = best
        return kept

    def _closest(self, word: str) -> str | None:
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        found = process.extract(
            word,
            self._spellable,
            scorer=OSA.distance,
            score_cutoff=max_edits(word),
            limit=20,
        )
        if not found:
            return None
        best = min(
            found,
            key=lambda f: (f[1], f[0][0] != word[0], -self.vocabulary[f[0]], f[0]),
        )
        return str(best[0])
