"""Names vulture finds unused that code outside factalign reads (tests/test_lint.py): vulture parses this file
as if it used them."""

_.showwarning  # factalign/cli.py: warnings.showwarning, which the warnings module calls
file  # factalign/cli.py, tests/faults/run.py: a parameter of warnings.showwarning's signature
tb  # factalign/jsonl_output.py: __exit__'s third parameter
_.preserve_order  # factalign/engine/ray.py: Ray Data's DataContext reads it
_.enable_progress_bars  # factalign/engine/ray.py: Ray Data's DataContext reads it
_.capture_signals  # factalign/serve/server.py: uvicorn.Server calls it
app_from_env  # factalign/serve/server.py: uvicorn imports it by name in each worker
_.map_wn  # factalign/text/wordnet.py: nltk's WordNetCorpusReader calls it
version  # factalign/text/wordnet.py: map_wn's parameter, as nltk calls it
_.graph_optimization_level  # benchmarks/long_documents.py: onnxruntime's SessionOptions reads it
