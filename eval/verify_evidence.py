#!/usr/bin/env python3
"""Checks questions.jsonl against corpus/.

For every question:
  * the record has exactly the expected keys, a unique id and a valid status;
  * every expected source exists in corpus/;
  * evidence is empty exactly when expected_sources is empty;
  * questions with no sources are labelled "Not Supported";
  * the evidence string occurs verbatim in expected_sources[0] once runs of
    whitespace are collapsed to single spaces on both sides (also reported: the
    other corpus files in which it occurs).
Then it cross-checks questions.csv against the JSONL, prints the label counts,
and reports the longest word sequence each question shares with the corpus
(for information: questions should not reuse the vendor's wording).

Run:  python3 verify_evidence.py SET_FOLDER   (exit status 0 = all checks passed)
"""
import csv
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
STATUSES = {"Fully Supported", "Partially Supported", "Not Supported"}
KEYS = {"id", "question", "expected_status", "expected_sources", "evidence", "notes"}


def ws(s):
    return re.sub(r"\s+", " ", s).strip()


def words(s):
    return re.findall(r"[a-z0-9]+", s.lower())


def main():
    pages = sorted(p for p in CORPUS.iterdir() if p.suffix in (".md", ".mdx", ".html", ".rst"))
    docs = {p.name: ws(p.read_text(encoding="utf-8")) for p in pages}
    recs = [json.loads(l) for l in (HERE / "questions.jsonl").read_text(encoding="utf-8").splitlines() if l.strip()]
    errors = []
    seen = set()
    print(f"corpus files: {len(docs)}   questions: {len(recs)}\n")
    for r in recs:
        rid = r.get("id")
        if set(r) != KEYS:
            errors.append(f"{rid}: keys {sorted(r)}")
        if rid in seen:
            errors.append(f"{rid}: duplicate id")
        seen.add(rid)
        if r["expected_status"] not in STATUSES:
            errors.append(f"{rid}: bad status {r['expected_status']!r}")
        srcs, ev = r["expected_sources"], r["evidence"]
        for s in srcs:
            if s not in docs:
                errors.append(f"{rid}: unknown source {s}")
        if bool(srcs) != bool(ev):
            errors.append(f"{rid}: evidence/sources mismatch")
        if not srcs:
            if r["expected_status"] != "Not Supported":
                errors.append(f"{rid}: no sources but status {r['expected_status']}")
            print(f"{rid}  {r['expected_status']:<20} (no evidence expected: corpus does not answer)")
            continue
        needle = ws(ev)
        ok = srcs[0] in docs and needle in docs[srcs[0]]
        also = [n for n, d in docs.items() if needle in d and n != srcs[0]]
        print(f"{rid}  {r['expected_status']:<20} evidence in {srcs[0]}: {'OK' if ok else 'NOT FOUND'}"
              + (f"  (also in: {', '.join(also)})" if also else ""))
        if not ok:
            errors.append(f"{rid}: evidence not found verbatim in {srcs[0]}")

    # CSV must mirror the JSONL
    with (HERE / "questions.csv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    if list(rows[0].keys()) != ["id", "question", "expected_status", "expected_sources"]:
        errors.append(f"csv header {list(rows[0].keys())}")
    if len(rows) != len(recs):
        errors.append(f"csv has {len(rows)} rows, jsonl {len(recs)}")
    for row, r in zip(rows, recs):
        if (row["id"], row["question"], row["expected_status"], row["expected_sources"]) != (
                r["id"], r["question"], r["expected_status"], ";".join(r["expected_sources"])):
            errors.append(f"{r['id']}: csv row differs from jsonl")

    answered = [r for r in recs if r["expected_sources"]]
    unanswered = [r for r in recs if not r["expected_sources"]]
    print("\nlabel counts (all):", dict(Counter(r["expected_status"] for r in recs)))
    print("answerable:", len(answered), dict(Counter(r["expected_status"] for r in answered)))
    print("unanswerable (empty sources):", len(unanswered),
          "of which near-miss:", sum("near-miss" in r["notes"] and "weak near-miss" not in r["notes"] for r in unanswered),
          "| weak near-miss:", sum("weak near-miss" in r["notes"] for r in unanswered))

    # informational: longest run of words a question shares with any corpus file
    corpus_words = {n: " " + " ".join(words(d)) + " " for n, d in docs.items()}
    print("\nlongest word sequence shared by each question with the corpus (informational):")
    worst = []
    for r in recs:
        w = words(r["question"])
        best = (0, "")
        for i in range(len(w)):
            for j in range(len(w), i + best[0], -1):
                frag = " " + " ".join(w[i:j]) + " "
                if any(frag in cw for cw in corpus_words.values()):
                    if j - i > best[0]:
                        best = (j - i, frag.strip())
                    break
        worst.append((best[0], r["id"], best[1]))
    for n, rid, frag in sorted(worst, reverse=True)[:8]:
        print(f"  {rid}: {n} words: '{frag}'")

    print()
    if errors:
        print("FAILED:")
        for e in errors:
            print("  -", e)
        sys.exit(1)
    print(f"ALL CHECKS PASSED: {len(answered)} evidence passages found verbatim (whitespace-collapsed) "
          f"in their named files; {len(unanswered)} unanswerable questions have empty evidence and status Not Supported.")


if __name__ == "__main__":
    main()
