"""ACUEval against a local scripted OpenAI-compatible server: unit generation, P(Yes), feedback, revision."""

import json
import math

import pytest

from factalign import Scorer
from factalign.cli import main
from factalign.errors import FactalignError
from factalign.llm import ChatClient
from factalign.methods.acueval import feedback, revise
from tests.test_llm_client import ScriptedServer, routed

DOC = "Natalia Moon moved to the Philippines in 2012. She was born in Darwin."
SUMMARY = "Natalia Moon moved to the Philippines in 2012. She was born in New Zealand."
UNITS = "- Natalia Moon moved to the Philippines.\n- Natalia Moon moved in 2012.\n- Natalia Moon was born in New Zealand."


def logprobs(*tokens):
    """A one-token chat completion whose top log-probabilities are the given (token, probability) pairs."""
    top = [{"token": t, "logprob": math.log(p)} for t, p in tokens]
    return json.dumps({"choices": [{"message": {"role": "assistant", "content": tokens[0][0]},
                                    "logprobs": {"content": [{"token": tokens[0][0], "top_logprobs": top}]}}]}).encode()


def plain(text):
    return json.dumps({"choices": [{"message": {"role": "assistant", "content": text}}]}).encode()


FACTS = ["Natalia Moon moved to the Philippines.", "Natalia Moon moved in 2012.", "Natalia Moon was born in New Zealand."]
ANSWERS = [logprobs(("Yes", 0.6), ("No", 0.2), (" yes", 0.1), ("Maybe", 0.1)),  # 0.7 / 0.9
           logprobs(("Yes", 0.5), ("No", 0.5)),                                   # 0.5
           plain("No")]                                                            # no logprobs: 0


def script(*more):
    """The summary's units, then one answer per unit (keyed by its fact), then `more` (key, reply) pairs."""
    return routed({"Rewrite the summary": [], **{f"Fact: {f}\n": [a] for f, a in zip(FACTS, ANSWERS)},
                   SUMMARY: [UNITS], **{k: [r] for k, r in more}})


def client(server, concurrency=4):
    return ChatClient(server.url, "tiny", timeout=5, concurrency=concurrency, sleep=lambda s: None)


def test_units_are_scored_by_normalised_p_yes():
    with ScriptedServer(route=script()) as server:
        res = Scorer("acueval", llm=client(server)).score(DOC, SUMMARY)
    assert [c.claim.text for c in res.claims] == FACTS
    assert [c.score for c in res.claims] == pytest.approx([0.7 / 0.9, 0.5, 0.0])
    assert res.score == pytest.approx((0.7 / 0.9 + 0.5) / 3)
    assert [c.details["read"] for c in res.claims] == ["logprobs", "logprobs", "text"]
    assert res.claims[2].premise.sentences == "document"
    assert res.signature.startswith("method:acueval|unit_threshold:0.5|llm:tiny|version:")
    asked = next(r["body"] for r in server.requests if "Fact: Natalia Moon moved to the Philippines." in r["body"]["messages"][0]["content"])
    assert asked["logprobs"] is True and asked["max_tokens"] == 1
    assert server.max_in_flight > 1  # the units were checked in parallel


def test_units_one_at_a_time_with_concurrency_1():
    with ScriptedServer(route=script()) as server:
        res = Scorer("acueval", llm=client(server, concurrency=1)).score(DOC, SUMMARY)
    assert [c.score for c in res.claims] == pytest.approx([0.7 / 0.9, 0.5, 0.0])
    assert server.max_in_flight == 1


def test_wrong_units_become_feedback_for_the_revision():
    revised = "Natalia Moon moved to the Philippines in 2012. She was born in Darwin."
    with ScriptedServer(route=script(("Rewrite the summary", revised))) as server:
        llm = client(server)
        res = Scorer("acueval", llm=llm).score(DOC, SUMMARY)
        assert feedback(res) == ["Natalia Moon was born in New Zealand."]  # 0.5 is not below the threshold
        revised = revise(DOC, SUMMARY, res, llm)
    assert revised == "Natalia Moon moved to the Philippines in 2012. She was born in Darwin."
    prompt = server.requests[-1]["body"]["messages"][0]["content"]
    assert "- Natalia Moon was born in New Zealand." in prompt and "- Natalia Moon moved in 2012." not in prompt


def test_an_answer_that_is_neither_yes_nor_no_is_an_error():
    with ScriptedServer([(200, {}, "- Natalia Moon moved."), (200, {}, plain("Perhaps"))]) as server:
        with pytest.raises(FactalignError, match="neither Yes nor No"):
            Scorer("acueval", llm=client(server)).score(DOC, SUMMARY)


def test_revise_command_end_to_end(tmp_path, capsys):
    (tmp_path / "d.txt").write_text(DOC)
    (tmp_path / "s.txt").write_text(SUMMARY)
    revised = "Natalia Moon moved to the Philippines in 2012."
    route = script(("Rewrite the summary", revised), (f"passage into independent facts: {revised}", UNITS.split("\n")[0]))
    with ScriptedServer(route=route) as server:
        code = main(["revise", "--document", str(tmp_path / "d.txt"), "--summary", str(tmp_path / "s.txt"),
                     "--llm-base-url", server.url, "--llm-model", "tiny", "--json"])
        calls = len(server.requests)
        again = main(["revise", "--document", str(tmp_path / "d.txt"), "--summary", str(tmp_path / "s.txt"),
                      "--llm-base-url", server.url, "--llm-model", "tiny", "--json"])
        assert again == 0 and len(server.requests) == calls  # a rerun reads every reply from the cache
    out, err = capsys.readouterr()
    first, second = out.splitlines()
    assert code == 0 and first == second
    assert "checking the revision" in err  # the progress bar names each step
    out = json.loads(first)
    assert out["feedback"] == ["Natalia Moon was born in New Zealand."]
    assert out["revised"] == "Natalia Moon moved to the Philippines in 2012."
    assert out["after"]["score"] == pytest.approx(0.7 / 0.9)  # the same unit, the same question: the same answer


def test_without_an_endpoint_the_cli_says_how_to_set_one(tmp_path, capsys, monkeypatch):
    for name in ("FACTALIGN_LLM_BASE_URL", "FACTALIGN_LLM_MODEL", "OPENAI_BASE_URL", "OPENAI_MODEL"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "d.txt").write_text(DOC)
    code = main(["score", "--document", str(tmp_path / "d.txt"), "--summary", str(tmp_path / "d.txt"), "--method", "acueval"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--llm-base-url" in err


def test_scorer_hands_its_llm_client_to_the_llm_extractor():
    from factalign.nli import TableNLI

    table = TableNLI({("Natalia Moon moved to the Philippines in 2012.", "Natalia Moon moved to the Philippines."): (0.9, 0.1, 0.0),
                      ("She was born in Darwin.", "Natalia Moon moved to the Philippines."): (0.1, 0.9, 0.0)})
    with ScriptedServer([(200, {}, '["Natalia Moon moved to the Philippines."]')]) as server:
        res = Scorer("nli-claim", nli=table, extractor="llm:fenice", llm=client(server)).score(DOC, SUMMARY)
    assert [c.claim.text for c in res.claims] == ["Natalia Moon moved to the Philippines."]
    assert res.score == pytest.approx(0.9)
    assert "extractor:llm:fenice:tiny" in res.signature
