"""The terms of every training source a house model can be trained on, by the `source` name its examples carry.

One table, read by the model card (train/card.py) and `factalign models`: a shipped default must be trained
only on sources whose terms allow commercial use. A source whose terms are not stated grants
nothing, so it counts as not open; so do mixed terms where a part is restricted.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Terms:
    dataset: str
    licence: str
    commercial: bool


_WICE = Terms("WiCE (Kamoi et al. 2023)", "CC BY-SA 4.0", True)
_FEVERFACT = Terms("FEVERFact (Ullrich et al. 2024), from FEVER / Wikipedia", "CC BY-SA 3.0", True)
_BUILT = Terms("edits of WiCE evidence and FEVERFact articles, WordNet 3.0 (factalign/train)",
               "CC BY-SA 4.0 / 3.0 text; WordNet licence (permissive)", True)
_OVERLAP = Terms("edits of WiCE, FEVERFact and CG2C-Doc sentences (factalign/train/overlap_edits.py)",
                 "CC BY-SA 4.0 / 3.0 and MIT text", True)

# exact source names, then prefixes (the capability and overlap families share one origin)
SOURCES: dict[str, Terms] = {
    "wice": _WICE, "claims-wice": _WICE, "synthetic-wice": _WICE,
    "feverfact": _FEVERFACT, "claims-feverfact": _FEVERFACT, "synthetic-feverfact": _FEVERFACT,
    "d2c": Terms("evidence removal on WiCE pages and FEVERFact articles (MiniCheck's D2C idea)", "CC BY-SA 4.0 / 3.0", True),
    "cg2c": Terms("FactCG CG2C-Doc (Lei et al. 2025)", "MIT", True),
    "roles": Terms("role-swap templates written for factalign (factalign/train/roles.py)", "the project's licence", True),
    "sick": Terms("SICK (Marelli et al. 2014)", "CC BY-NC-SA 3.0", False),
    "msrp": Terms("Microsoft Research Paraphrase Corpus", "MSR licence, research use", False),
    "natural-snli_devtest_esnli": Terms("SNLI dev + test", "CC BY-SA 4.0", True),
    "natural-fever_rte_dev": Terms("FEVER claim vs evidence (dev)", "CC BY-SA 3.0", True),
    "natural-med_monotonicity": Terms("MED monotonicity", "CC BY-SA 4.0", True),
    "natural-fever_symmetric_v02": Terms("FEVER-Symmetric", "MIT + CC BY-SA 3.0", True),
    "natural-q2_dialog": Terms("Q² dialogue consistency", "MIT", True),
    "natural-faithdial_audit": Terms("FaithDial audit", "MIT", True),
    "natural-breaking_nli": Terms("Breaking-NLI", "CC BY-SA 4.0", True),
    "natural-begin_dialog": Terms("BEGIN", "CC BY 4.0; Topical-Chat part under Amazon's licence", False),
    "natural-anli_dev_r1r2r3": Terms("ANLI R1-R3 dev", "CC BY-NC 4.0", False),
    "natural-mnli_dev_textfooler": Terms("MNLI dev samples", "MNLI's mixed terms", False),
    "natural-climate_fever": Terms("Climate-FEVER", "not stated", False),
    "natural-covidfact_rte": Terms("COVID-Fact", "not stated", False),
    "natural-glue_rte_en": Terms("RTE", "not stated", False),
    "natural-control_devtest": Terms("ConTRoL", "not stated", False),
    "natural-scifact_rte": Terms("SciFact", "not stated", False),
}
PREFIXES: dict[str, Terms] = {"cap-": _BUILT, "ov-": _OVERLAP}
UNKNOWN = Terms("unknown source", "unknown", False)


def terms_of(source: str) -> Terms:
    return SOURCES.get(source) or next((t for p, t in PREFIXES.items() if source.startswith(p)), UNKNOWN)


def restricted(sources: list[str], teacher: dict | None = None) -> list[str]:
    """The sources (and a teacher) whose terms do not allow commercial use: empty for an open model. A teacher's
    probabilities carry what the teacher was trained on, so a teacher counts by the sources it records; one that
    records none (recipes/teacher-mpnet-v4.npz saw ANLI, SICK and MSRP) counts as restricted."""
    out = sorted(s for s in sources if not terms_of(s).commercial)
    if teacher:
        closed = [s for s in teacher.get("sources", ["?"]) if not terms_of(s).commercial]
        if closed:
            out.append(f"teacher {teacher.get('file', '?')} (trained on {', '.join(closed) if closed != ['?'] else 'unrecorded data'})")
    return out
