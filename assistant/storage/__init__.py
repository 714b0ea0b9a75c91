"""What the assistant keeps between requests: hand-off leads (and conversations)."""
