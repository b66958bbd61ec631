"""Batch simulation."""
