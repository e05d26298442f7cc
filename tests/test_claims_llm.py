"""The llm extractor: the papers' prompts sent to a local server, replies parsed, bad rows reported."""

import json

import pytest

from factalign.claims.llm import LLMExtractor
from factalign.claims.prompts import FIZZ_SHOTS, FIZZ_SYSTEM
from factalign.llm.acueval_prompts import FIGURE_5
from factalign.cli import main
from factalign.errors import FactalignError
from factalign.llm import ChatClient
from tests.helpers import FixedCoref, doc_of
from tests.test_llm_client import ScriptedServer, routed


def extractor(server, preset, **kw):
    return LLMExtractor(preset, ChatClient(server.url, "tiny", timeout=5, sleep=lambda s: None), **kw)


def test_fizz_per_sentence_after_coref_with_the_papers_shots():
    doc = doc_of("Ann Lee sang.", "She won in 2001.")
    route = routed({"Ann Lee sang.\n": ["- Ann Lee sang."], "Ann Lee won in 2001.\n": ['["Ann Lee won.", "Ann Lee won in 2001."]']}, delay=0.2)
    with ScriptedServer(route=route) as server:  # the sentences are asked about in parallel
        claims = extractor(server, "fizz", coref=FixedCoref([[(0, 7), (14, 17)]])).extract(doc)
    assert [(c.text, c.sentence_index) for c in claims] == [("Ann Lee sang.", 0), ("Ann Lee won.", 1), ("Ann Lee won in 2001.", 1)]
    assert server.max_in_flight == 2
    messages = next(r["body"]["messages"] for r in server.requests if r["body"]["messages"][-1]["content"] == "Ann Lee won in 2001.\n")
    assert messages[0] == {"role": "system", "content": FIZZ_SYSTEM}
    assert len(messages) == 2 + 2 * len(FIZZ_SHOTS) == 18
    assert messages[-1]["content"] == "Ann Lee won in 2001.\n"


def test_acueval_whole_summary_claims_attributed_to_sentences():
    doc = doc_of("Ann Lee sang in Paris.", "Bob danced.")
    with ScriptedServer([(200, {}, "- Bob danced.\n- Ann Lee sang.\n- The city was Paris.")]) as server:
        claims = extractor(server, "acueval").extract(doc)
    assert [(c.text, c.sentence_index) for c in claims] == [("Bob danced.", 1), ("Ann Lee sang.", 0), ("The city was Paris.", 0)]
    prompt = server.requests[0]["body"]["messages"][0]["content"]
    assert prompt == FIGURE_5.replace("{{Summary}}", doc.text)
    assert prompt.count("Please breakdown the following passage into independent facts:") == 6


def test_fenice_json_and_malformed_reply():
    with ScriptedServer([(200, {}, '```json\n["A is B."]\n```'), (200, {}, "Sorry, no.")]) as server:
        ex = extractor(server, "fenice")
        assert [c.text for c in ex.extract(doc_of("A is B."))] == ["A is B."]
        with pytest.raises(FactalignError, match="could not read a list of claims"):
            ex.extract(doc_of("A is B."))


def test_unknown_preset():
    with ScriptedServer([]) as server, pytest.raises(FactalignError, match="unknown llm prompt preset"):
        extractor(server, "gpt5")


def test_cli_bad_row_reported_others_continue(tmp_path, capsys):
    inp = tmp_path / "in.jsonl"
    inp.write_text('{"id": "a", "text": "Ann sang."}\n{"id": "b", "text": "Bob danced."}\n')
    out = tmp_path / "out.jsonl"
    route = routed({"facts: Ann sang.": ["no list here"], "facts: Bob danced.": [(500, {}, b"busy"), '["Bob danced."]']}, delay=0.2)
    with ScriptedServer(route=route) as server:  # the rows are extracted in parallel
        code = main(["claims", "extract", "--input", str(inp), "--extractor", "llm:acueval", "--llm-base-url", server.url,
                     "--llm-model", "tiny", "--output", str(out)])
    assert code == 1 and server.max_in_flight == 2
    err = capsys.readouterr().err
    assert "in.jsonl:1: could not read a list of claims" in err and "1 of 2 rows failed" in err
    assert "extracting claims: 100%" in err
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["id"], [c["text"] for c in r["claims"]]) for r in rows] == [("b", ["Bob danced."])]


def test_fenice_uses_the_papers_prompt_verbatim():
    from factalign.claims.prompts import FENICE_PROMPT

    paper_lines = ['We define a claim as an "elementary information unit in a sentence, which no longer needs to be further split."',
                   "Now do this task for this input INPUT:"]
    assert FENICE_PROMPT.splitlines()[0] == paper_lines[0] and FENICE_PROMPT.splitlines()[-1] == paper_lines[1]
    with ScriptedServer([(200, {}, '{\'claims\': ["Ann Lee sang.", "Ann Lee sang in Paris."]}')]) as server:
        claims = extractor(server, "fenice").extract(doc_of("Ann Lee sang in Paris."))
    assert [c.text for c in claims] == ["Ann Lee sang.", "Ann Lee sang in Paris."]
    assert server.requests[0]["body"]["messages"] == [{"role": "user", "content": FENICE_PROMPT + "Ann Lee sang in Paris."}]
