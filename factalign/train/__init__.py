"""Training and export of the house NLI cross-encoder (optional extra: `factalign[train]`)."""

MODEL_ID = "factalign/house-nli-minilm-l6-v4"  # export-onnx's default --model-id: the model the recipes make now
