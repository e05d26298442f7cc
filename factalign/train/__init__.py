"""Training and export of the house NLI cross-encoder (optional extra: `factalign[train]`)."""
