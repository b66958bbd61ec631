"""PLACEHOLDER: the ConfigOptions and CardCatalog capability protocols (being written)."""

from __future__ import annotations

from typing import Protocol


class ConfigOptions(Protocol):
    """PLACEHOLDER."""


class CardCatalog(Protocol):
    """PLACEHOLDER."""


class Scenarios(Protocol):
    """PLACEHOLDER."""
