"""The rules of every format. Pure Python: no I/O, no clock, no global random state."""
