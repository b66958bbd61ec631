"""PLACEHOLDER: the ViewModel capability protocol (being written; see core/protocol.py)."""

from __future__ import annotations

from typing import Protocol


class ViewModel(Protocol):
    """PLACEHOLDER."""
