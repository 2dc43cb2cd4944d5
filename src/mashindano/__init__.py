"""Mashindano: a tournament and league manager."""

__version__ = "0.1.0"
