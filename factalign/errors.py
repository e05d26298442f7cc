"""User-facing errors: the CLI prints them as one line and exits non-zero."""


class FactalignError(Exception):
    """A problem with the user's input or set-up, reported without a traceback."""
