"""Shared test plumbing: fake model backends (`support.fakes`) and loopback servers (`support.servers`).
Ports and readiness waits come from `bench.services`, the same helpers the replicas tier uses."""
