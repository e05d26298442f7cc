"""fastcoref (extra `[coref]`), the model FENICE uses; needs its weights from a hub or a local path."""

from __future__ import annotations

from factalign.coref.base import Cluster
from factalign.errors import FactalignError


class FastCoref:
    name = "fastcoref"

    def __init__(self, model: str | None = None, device: str = "cpu"):
        try:
            from fastcoref import FCoref
        except ImportError:
            raise FactalignError("the fastcoref backend needs: pip install 'factalign[coref]'") from None
        try:
            self.model = FCoref(model_name_or_path=model, device=device, enable_progress_bar=False) if model \
                else FCoref(device=device, enable_progress_bar=False)
        except OSError as exc:
            raise FactalignError(f"cannot load the fastcoref model ({str(exc).splitlines()[0]}); pass a local path with --coref fastcoref:DIR") from None

    def clusters(self, text: str) -> list[Cluster]:
        preds = self.model.predict(texts=[text])
        return [[tuple(m) for m in c] for c in preds[0].get_clusters(as_strings=False)] if preds else []
