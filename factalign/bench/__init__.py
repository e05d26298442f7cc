"""Benchmarking methods against human labels: loaders, splits, metrics, runs, reports and plots."""
