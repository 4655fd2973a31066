"""One error hierarchy for the engine; every message names the culprit and the rule it broke."""

from __future__ import annotations


class AhpError(Exception):
    """Base class of every error the platform raises on purpose."""


class InputError(AhpError):
    """Unusable input: a file that is missing, unreadable or invalid as a whole."""

    def __init__(self, source: str, problem: str) -> None:
        super().__init__(f"{source}: {problem}")
        self.source = source
        self.problem = problem


class CatalogError(InputError):
    """A catalog snapshot that fails validation (names the file and the object)."""


class StatementError(AhpError):
    """A statement the resolver could not turn into a record (quarantined with its reason)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnsupportedStatement(StatementError):
    """A statement whose form the platform does not understand."""


class EmptyStatement(UnsupportedStatement):
    """A statement whose text holds no SQL (white space, comments, a lone ``;`` a server logged): it did nothing,
    so it has no record and is not set aside."""


class StatementTimeout(StatementError):
    """A statement the resolver spent more than its time budget on."""
