"""PLACEHOLDER: the LearningSpaces capability protocol (being written; see core/protocol.py)."""

from __future__ import annotations

from typing import Protocol


class LearningSpaces(Protocol):
    """PLACEHOLDER."""
