"""Benchmarks and evaluations: answer accuracy, retrieval, understanding, latency, load.

A layer of its own above the product: it may import every package, and none imports it.
"""
