"""Unsupported words (issue 58) against WiCE's non-supported-token annotations: token-level precision, recall and
F1 of the shipped word model (factalign/spans/words.py) beside the baseline "a content word absent from the
evidence", on the dev split; `--fit` first refits the model on the train split only and writes
factalign/spans/word_model.json.

    python benchmarks/unsupported_spans.py [--fit] [--evidence support|page]

Each row is a WiCE sub-claim judged partially supported, its tokens, a mask of the tokens the cited page does not
support, and the page's sentences. The evidence is the annotated supporting sentences (`support`, the default:
what a method's premise holds for the claim) or the whole page (`page`). F1 is micro-averaged over the claim
tokens of the split (positive: unsupported). Fitting needs scikit-learn (the [bench] extra); the threshold is
the one of 0.30, 0.35, ..., 0.70 with the best F1 on the train split's own out-of-fold predictions.
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from shared_data import data_file

from factalign.spans.output import COMPONENTS
from factalign.spans.words import MODEL_FILE, absent_words, context_features, evidence_words, word_features, word_model
from factalign.text.nlp import pipeline



def rows(split: str) -> list[dict]:
    path = data_file(f"wice/non_supported_tokens_{split}.jsonl")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def parsed(rows_: list[dict], evidence: str) -> list[tuple]:
    """(claim doc, evidence words, evidence text, gold mask) per row."""
    from spacy.tokens import Doc

    nlp = pipeline(COMPONENTS)
    out = []
    for r in rows_:
        doc = nlp(Doc(nlp.nlp.vocab, words=r["claim_tokens"]))  # WiCE's own tokens, parsed as a claim is
        if evidence == "page":
            text = " ".join(r["evidence"])
        else:
            kept = sorted({i for group in r["supporting_sentences"] for i in group if i < len(r["evidence"])})
            text = " ".join(r["evidence"][i] for i in kept)
        words, lowered = evidence_words(nlp, text)
        out.append((doc, words, lowered, np.array(r["non_supported_spans"], dtype=bool)))
    return out


def scores(pred: np.ndarray, gold: np.ndarray) -> tuple[float, float, float]:
    tp, fp, fn = int((pred & gold).sum()), int((pred & ~gold).sum()), int((~pred & gold).sum())
    p, r = tp / max(tp + fp, 1), tp / max(tp + fn, 1)
    return p, r, 2 * p * r / max(p + r, 1e-12)


def fit(train: list[tuple]) -> dict:
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GroupKFold, cross_val_predict

    x1 = [word_features(d, w, t) for d, w, t, _ in train]
    x, y = np.vstack(x1), np.concatenate([g for *_, g in train])
    groups = np.concatenate([[k] * len(g) for k, (*_, g) in enumerate(train)])
    first = LogisticRegression(C=0.1, max_iter=5000, class_weight="balanced")
    out_of_fold = cross_val_predict(first, x, y, groups=groups, cv=GroupKFold(5), method="predict_proba")[:, 1]
    first.fit(x, y)
    bounds = np.cumsum([0] + [len(g) for *_, g in train])
    x2 = np.vstack([np.hstack([context_features(d, out_of_fold[a:b]), x1[k]])
                    for k, ((d, *_), a, b) in enumerate(zip(train, bounds[:-1], bounds[1:]))])
    second = LogisticRegression(C=1.0, max_iter=5000, class_weight="balanced")
    second_oof = cross_val_predict(second, x2, y, groups=groups, cv=GroupKFold(5), method="predict_proba")[:, 1]
    second.fit(x2, y)
    threshold = max(np.arange(0.30, 0.71, 0.05), key=lambda th: scores(second_oof >= th, y)[2])
    return {"first": {"weights": first.coef_[0].tolist(), "bias": float(first.intercept_[0])},
            "second": {"weights": second.coef_[0].tolist(), "bias": float(second.intercept_[0])},
            "threshold": round(float(threshold), 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fit", action="store_true", help="refit on the train split and write the model file first")
    ap.add_argument("--evidence", choices=("support", "page"), default="support")
    args = ap.parse_args()
    dev = parsed(rows("dev"), args.evidence)
    if args.fit:
        train = parsed(rows("train"), "support")
        spec = {"source": "WiCE non-supported-token annotations, train split (Kamoi et al. 2023), CC BY-SA 4.0",
                "fitted_by": "python benchmarks/unsupported_spans.py --fit", **fit(train)}
        MODEL_FILE.write_text(json.dumps(spec, indent=1) + "\n", encoding="utf-8")
        word_model.cache_clear()
    model = word_model()
    gold = np.concatenate([g for *_, g in dev])
    baseline = np.concatenate([absent_words(d, w).astype(bool) for d, w, _, _ in dev])
    ours = np.concatenate([model.probabilities(d, w, t) >= model.threshold for d, w, t, _ in dev])
    print(f"WiCE non-supported tokens, dev: {len(dev)} claims, {len(gold)} tokens, {gold.mean():.1%} unsupported; "
          f"evidence: {args.evidence}; word model sha256 {model.sha256}\n")
    print("| reading | precision | recall | F1 |\n|---|---|---|---|")
    for name, pred in (("a content word absent from the evidence", baseline), ("word model (factalign/spans)", ours)):
        p, r, f = scores(pred, gold)
        print(f"| {name} | {p:.3f} | {r:.3f} | {f:.3f} |")


if __name__ == "__main__":
    main()
