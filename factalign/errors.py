"""User-facing errors: the CLI prints them as one line and exits non-zero."""


class FactalignError(Exception):
    """A problem with the user's input or set-up, reported without a traceback."""


class FactalignWarning(UserWarning):
    """Something the user should know that does not stop the run; the CLI prints it as one line."""
