"""One reading of an on/off word (registry.switch) for every option that takes one: spec parameters, the role check,
the detail check and HF_HUB_OFFLINE."""

import pytest

from factalign.details import parse_detail_check
from factalign.details.roles import parse_role_check
from factalign.errors import FactalignError
from factalign.hub import offline_requested
from factalign.registry import coerce, switch


@pytest.mark.parametrize("word, on", [("on", True), ("ON", True), (" yes ", True), ("true", True), ("1", True),
                                      ("off", False), ("No", False), ("false", False), ("0", False), ("maybe", None)])
def test_every_switch_reads_the_same_words(word, on, monkeypatch):
    assert switch(word) is on
    if on is None:
        with pytest.raises(FactalignError, match="not a valid bool"):
            coerce(False, word)
        with pytest.raises(FactalignError, match="role check is on or off"):
            parse_role_check(word)
        return
    assert coerce(False, word) is on
    assert parse_role_check(word).on is on
    assert parse_detail_check(word).mode == ("on" if on else "off")
    monkeypatch.setenv("HF_HUB_OFFLINE", word)
    monkeypatch.delenv("TRANSFORMERS_OFFLINE", raising=False)
    assert offline_requested() is on
