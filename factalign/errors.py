"""User-facing errors: the CLI prints them as one line and exits non-zero."""

import functools
import json
import re
from typing import Any


class FactalignError(Exception):
    """A problem with the user's input or set-up, reported without a traceback."""


class FactalignWarning(UserWarning):
    """Something the user should know that does not stop the run; the CLI prints it as one line."""


def printable(text: str) -> str:
    """The text with control characters escaped as Python escapes them (\\x1b, \\n), so that a file name
    cannot drive the terminal or split a one-line message."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")  # C0, DEL and C1 (U+009B is a CSI on many terminals)
_RAW_IN_JSON = re.compile("[\x7f-\x9f]")  # json.dumps escapes C0 itself, DEL and C1 never


def shown(text: str) -> str:
    """Text for the terminal with its control characters (C0, DEL, C1) escaped as Python escapes them
    (\\x1b, \\x9b, \\n) and everything else as it is: a claim holding ESC ] 0 ; ... BEL keeps the sentence
    verbatim, so without this it could retitle or clear the terminal it is printed on."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


def json_text(value: Any, **options) -> str:
    """json.dumps(value, ensure_ascii=False) with DEL and C1 controls written as \\u escapes as well: the same
    value to any JSON reader, and nothing that drives a terminal when the line is printed."""
    return _RAW_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(value, ensure_ascii=False, **options))


QUOTED_CHARS = 60  # of a value quoted in a message; a 100,000-character cell must not become the error line


def quoted(value: Any) -> str:
    """repr(value) for a message, cut to QUOTED_CHARS with the value's length said: the one place error
    messages quote a value that came from the user's data."""
    text = repr(value)
    if len(text) <= QUOTED_CHARS:
        return text
    if isinstance(value, str):  # the closing quote kept: 'xxxx...' (100,000 characters)
        return f"{text[:QUOTED_CHARS - 4]}...{text[-1]} ({len(value):,} characters)"
    return f"{text[:QUOTED_CHARS - 3]}..."


def type_name(value: Any) -> str:
    """A value's type as JSON names it (null, a string, an array), Python's name for any other."""
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean", int: "a number", float: "a number"}
    return "null" if value is None else names.get(type(value), type(value).__name__)


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
