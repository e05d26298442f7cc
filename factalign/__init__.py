"""factalign: claim-level factual consistency of a summary against its source, with alignments."""

from factalign.version import __version__

from factalign.text.nlp import hide_torch_from_thinc  # noqa: E402

hide_torch_from_thinc()  # before any module imports spaCy

from factalign.data import SummaryResult  # noqa: E402
from factalign.errors import FactalignError  # noqa: E402
from factalign.settings import LLMSettings, ScorerSettings  # noqa: E402
from factalign.scorer import Scorer, score  # noqa: E402
from factalign.batch import run_batch  # noqa: E402
from factalign.engine.job import BatchJob  # noqa: E402
from factalign.client import Client  # noqa: E402

__all__ = ["Scorer", "ScorerSettings", "LLMSettings", "score", "SummaryResult", "BatchJob", "run_batch", "Client", "FactalignError", "__version__"]
