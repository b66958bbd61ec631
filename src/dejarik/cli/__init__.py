"""The dejarik command line."""
