"""The grounding guard's checks, one concern per module; `assistant.guard` puts them together."""
