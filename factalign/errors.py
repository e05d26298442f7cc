"""User-facing errors: the CLI prints them as one line and exits non-zero."""

import functools


class FactalignError(Exception):
    """A problem with the user's input or set-up, reported without a traceback."""


class FactalignWarning(UserWarning):
    """Something the user should know that does not stop the run; the CLI prints it as one line."""


def printable(text: str) -> str:
    """The text with control characters escaped as Python escapes them (\\x1b, \\n), so that a file name
    cannot drive the terminal or split a one-line message."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class MissingFieldError(FactalignError, KeyError):
    """A field missing from the dict given to a `from_dict`; a KeyError too, so that code catching KeyError around a `from_dict` still catches it."""

    __str__ = Exception.__str__  # KeyError's would print the message in quotes


def checked_fields(from_dict):
    """For a `from_dict` classmethod (under @classmethod): a missing field is an error naming it and the class."""
    @functools.wraps(from_dict)
    def checked(cls, d):
        try:
            return from_dict(cls, d)
        except MissingFieldError:  # of a nested from_dict: it names its own class
            raise
        except KeyError as exc:
            raise MissingFieldError(f"{cls.__name__}.from_dict(): missing field {exc.args[0]!r}") from None
    return checked
