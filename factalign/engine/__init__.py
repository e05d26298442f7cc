"""Batch engines: `local` (one process, streaming, rows grouped by document) and `ray` (Ray Data actors).

Both score rows with `score_rows`, so a row gets the same result whichever engine ran it.
"""
