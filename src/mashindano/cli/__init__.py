"""Command line: parse arguments, call one engine or app function, render with Rich or JSON."""
