"""Albion: play, simulate and study Diamoniak, Raiding Stonehenge and Super Camelot."""

__version__ = "0.1.0"
