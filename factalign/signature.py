"""A scorer's signature, like sacrebleu's: every setting a number depends on, then the package version.

Formatted once (`str(sig)`: `method:fenice|T:0.8|...|version:0.1.0`), parsed once (`Signature.parse`),
compared field by field (`difference`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Signature:
    fields: tuple[tuple[str, str], ...]

    def __str__(self) -> str:
        return "|".join(f"{k}:{v}" for k, v in self.fields)

    @classmethod
    def parse(cls, text: str) -> Signature:
        return cls(tuple((k, v) for k, _, v in (part.partition(":") for part in text.split("|")) if k))

    def as_dict(self) -> dict[str, str]:
        return dict(self.fields)

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.as_dict().get(key, default)

    def inserted(self, key: str, value: str, before: str = "version") -> Signature:
        """A copy with `key:value` added just before the field `before` (at the end without it)."""
        keys = [k for k, _ in self.fields]
        at = keys.index(before) if before in keys else len(keys)
        return Signature((*self.fields[:at], (key, value), *self.fields[at:]))

    def differing(self, other: Signature) -> list[str]:
        """The keys whose values differ (or that only one of the two has)."""
        a, b = self.as_dict(), other.as_dict()
        return [k for k in dict.fromkeys([*a, *b]) if a.get(k) != b.get(k)]

    def difference(self, other: Signature, mine: str = "this", theirs: str = "that") -> str:
        """The fields that differ, e.g. `nli: made for X, this is Y`; "same" when none does."""
        a, b = self.as_dict(), other.as_dict()
        keys = self.differing(other)
        return "; ".join(f"{k}: {mine} {a.get(k, '(none)')}, {theirs} {b.get(k, '(none)')}" for k in keys) or "same"
