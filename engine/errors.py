"""Exception types of the engine: each names what went wrong precisely."""

from __future__ import annotations


class NotationError(ValueError):
    """Text that is not a card or an action in the project's notation."""


class IllegalActionError(ValueError):
    """An action the rules forbid now; the state is left unchanged.

    ``rule`` is a stable code (the UI translates it through ``rule.<code>``);
    ``reason`` is an English sentence for logs and the command line.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{reason} [{rule}]")
        self.rule = rule
        self.reason = reason


class RecordError(ValueError):
    """A game record, save or option set that is malformed."""
