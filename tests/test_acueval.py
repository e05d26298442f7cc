"""ACUEval and G-Eval against a local scripted OpenAI-compatible server: the variants, answer reading
(log-probability normalisation, the no-logprobs fallback, malformed replies), retries, the NLI
verifier, and refinement rounds."""

import json
import math

import pytest

from factalign import Scorer
from factalign.cli import main
from factalign.errors import FactalignError, FactalignWarning
from factalign.llm import ChatClient
from factalign.llm.reply import Reply, Token, rating, yes_probability
from factalign.nli import TableNLI
from factalign.refine import refine
from tests.test_llm_client import ScriptedServer, routed

DOC = "Natalia Moon moved to the Philippines in 2012. She was born in Darwin."
SUMMARY = "Natalia Moon moved to the Philippines in 2012. She was born in New Zealand."
UNITS = "- Natalia Moon moved to the Philippines.\n- Natalia Moon moved in 2012.\n- Natalia Moon was born in New Zealand."
FACTS = ["Natalia Moon moved to the Philippines.", "Natalia Moon moved in 2012.", "Natalia Moon was born in New Zealand."]
FIG5 = "into independent facts: " + SUMMARY  # the key of a Figure 5 request (the summary closes it)


def completion(*tokens):
    """A chat completion spelled by `tokens`, each (text, [(alternative, probability), ...]); a token
    given as a bare string has itself as its only alternative."""
    tokens = [(t, [(t, 1.0)]) if isinstance(t, str) else t for t in tokens]
    content = [{"token": t, "logprob": 0.0, "top_logprobs": [{"token": a, "logprob": math.log(p)} for a, p in top]}
               for t, top in tokens]
    return json.dumps({"choices": [{"message": {"role": "assistant", "content": "".join(t for t, _ in tokens)},
                                    "logprobs": {"content": content}}]}).encode()


def plain(text):
    return json.dumps({"choices": [{"message": {"role": "assistant", "content": text}}]}).encode()


def answer(*alternatives):
    """A Yes/No reply whose first token has the given alternatives."""
    return completion((alternatives[0][0], list(alternatives)))


ANSWERS = [answer(("Yes", 0.6), ("No", 0.2), (" yes", 0.1), ("Maybe", 0.1)),  # 0.7 / 0.9
           completion("\n", ("No", [("No", 0.5), ("▁YES", 0.25), ("ĠNo", 0.25)]), "."),  # the answer token is the 2nd: 0.25
           plain("No")]                                                       # no logprobs: 0, read from the text


def script(*more, answers=ANSWERS, delay=0.0):
    """A route: the units of SUMMARY, then the (key, reply) pairs of `more`, then one answer per unit
    (keyed by its statement); replies under one key are sent in that order."""
    queues = {FIG5: [UNITS]}
    for key, reply in [*more, *((f"Statement: {f}\n", a) for f, a in zip(FACTS, answers))]:
        queues.setdefault(key, []).append(reply)
    return routed(queues, delay)


def client(server, concurrency=4, **kw):
    return ChatClient(server.url, "tiny", timeout=5, concurrency=concurrency, sleep=lambda s: None, **kw)


def test_reading_normalises_every_tokenization_of_yes_and_no():
    reply = Reply("Yes", (Token("Yes", (("Yes", math.log(0.3)), (" yes", math.log(0.1)), ("▁YES", math.log(0.1)),
                                         ("ĠNo", math.log(0.25)), ("no", math.log(0.25)), ("Yesterday", math.log(0.1)))),))
    assert yes_probability(reply) == (pytest.approx(0.5 / 1.0), "logprobs")
    assert yes_probability(Reply(" **No**, it is not.")) == (0.0, "text")
    with pytest.raises(FactalignError, match="neither Yes nor No"):
        yes_probability(Reply("Nope", (Token("Nope", (("Nope", 0.0),)),)))


def test_per_unit_scores_are_normalised_p_yes():
    with ScriptedServer(route=script(delay=0.2)) as server:
        res = Scorer("acueval", llm=client(server)).score(DOC, SUMMARY)
    assert [c.claim.text for c in res.claims] == FACTS
    assert [c.score for c in res.claims] == pytest.approx([0.7 / 0.9, 0.25, 0.0])
    assert res.score == pytest.approx((0.7 / 0.9 + 0.25) / 3)
    assert [c.details["read"] for c in res.claims] == ["logprobs", "logprobs", "text"]
    assert [c.details["error"] for c in res.claims] == [False, True, True]
    assert res.claims[2].premise.sentences == "document"
    assert res.signature.startswith("method:acueval|unit_threshold:0.5|variant:per-unit|verifier:llm|llm:tiny|"
                                    "read:logprobs+text|version:")
    asked = next(r["body"] for r in server.requests if f"Statement: {FACTS[0]}\n" in r["body"]["messages"][0]["content"])
    assert asked["logprobs"] is True and asked["max_tokens"] == 5
    assert asked["messages"][0]["content"].startswith("Read the passage and the statement. Then,")
    assert len(server.requests) == 4 and server.max_in_flight > 1  # 1 + U calls, the units in parallel


def test_without_any_logprobs_the_signature_says_text():
    with ScriptedServer(route=script(answers=[plain("Yes"), plain("Yes."), plain("no")])) as server:
        res = Scorer("acueval", llm=client(server, concurrency=1)).score(DOC, SUMMARY)
    assert [c.score for c in res.claims] == [1.0, 1.0, 0.0]
    assert "|llm:tiny|read:text|version:" in res.signature
    assert server.max_in_flight == 1


def test_a_unit_answered_neither_yes_nor_no_fails_the_row():
    with ScriptedServer(route=script(answers=[plain("Perhaps"), plain("Yes"), plain("Yes")])) as server:
        with pytest.raises(FactalignError, match="neither Yes nor No: 'Perhaps'"):
            Scorer("acueval", llm=client(server)).score(DOC, SUMMARY)


ALL = completion("#####\n", "Statement", " 1", ":", (" Yes", [(" Yes", 0.9), (" No", 0.1)]), "\n", "Statement", " 2", ":",
                 (" No", [(" No", 0.6), ("yes", 0.2), ("Maybe", 0.2)]), "\nStatement 3: ", ("yes", [("yes", 0.5), ("no", 0.5)]),
                 "\n#####")


def test_all_at_once_reads_each_statements_own_token():
    with ScriptedServer(route=routed({"Statements: \nStatement 1:": [ALL], FIG5: [UNITS]})) as server:
        res = Scorer("acueval", llm=client(server), params={"variant": "all-at-once"}).score(DOC, SUMMARY)
    assert [c.score for c in res.claims] == pytest.approx([0.9, 0.25, 0.5])
    assert [c.details["read"] for c in res.claims] == ["logprobs"] * 3
    assert len(server.requests) == 2 and "variant:all-at-once" in res.signature
    prompt = server.requests[1]["body"]["messages"][0]["content"]
    assert f"Statements: \nStatement 1: {FACTS[0]}\nStatement 2: {FACTS[1]}\nStatement 3: {FACTS[2]}\n\n" in prompt
    assert f"Summary: {SUMMARY}\n\n" in prompt


def test_all_at_once_without_logprobs_reads_the_text():
    reply = plain("#####\nStatement 1: Yes\nStatement 2: **No**\nStatement 3: yes\n#####")
    with ScriptedServer(route=routed({"Statements:": [reply], FIG5: [UNITS]})) as server:
        res = Scorer("acueval", llm=client(server), params={"variant": "all-at-once"}).score(DOC, SUMMARY)
    assert [c.score for c in res.claims] == [1.0, 0.0, 1.0] and "read:text" in res.signature


@pytest.mark.parametrize("reply, message", [
    ("Statement 1: Yes\nStatement 2: No", r"answers Statement \[1, 2\], expected Statement 1 to 3"),
    ("Statement 1: Yes / No\nStatement 2: Yes / No\nStatement 3: Yes / No", r"answers Statement none"),
    ("Statement 1: Yes\nStatement 1: No\nStatement 2: No\nStatement 3: No", "answered Statement 1 twice"),
    ("Statement 1: Yes\nStatement 2: No\nStatement 4: No", r"answers Statement \[1, 2, 4\]"),
    ("All statements are supported.", "answers Statement none"),
])
def test_all_at_once_malformed_replies_are_errors(reply, message):
    with ScriptedServer(route=routed({"Statements:": [plain(reply)], FIG5: [UNITS]})) as server:
        with pytest.raises(FactalignError, match=message):
            Scorer("acueval", llm=client(server), params={"variant": "all-at-once"}).score(DOC, SUMMARY)


def test_one_pass_writes_and_verifies_units_in_one_call():
    reply = completion("#####\nFact 1: Natalia Moon moved to the Philippines in 2012. |", (" Yes", [(" Yes", 0.8), (" No", 0.2)]),
                       "\nFact 2: She was born in New Zealand. |", (" No", [(" No", 0.7), (" Yes", 0.3)]), "\n#####")
    with ScriptedServer(route=routed({"Input:\n\nDocument: " + DOC: [reply]})) as server:
        res = Scorer("acueval", llm=client(server), params={"variant": "one-pass"}).score(DOC, SUMMARY)
    assert [(c.claim.text, c.claim.sentence_index) for c in res.claims] == [
        ("Natalia Moon moved to the Philippines in 2012.", 0), ("She was born in New Zealand.", 1)]
    assert [c.score for c in res.claims] == pytest.approx([0.8, 0.3])
    assert len(server.requests) == 1
    assert server.requests[0]["body"]["messages"][0]["content"].endswith(f"Summary: {SUMMARY}\n\nAnswer:")


@pytest.mark.parametrize("reply, message", [
    ("Fact 1: ... | Yes / No\nFact 2: ... | Yes / No", "answers Fact none"),
    ("Fact 1: Moon moved.\nFact 2: Moon was born. | No", r"answers Fact \[2\]"),
    ("I cannot break this summary into facts.", "answers Fact none"),
])
def test_one_pass_malformed_replies_are_errors(reply, message):
    with ScriptedServer([(200, {}, plain(reply))]) as server:
        with pytest.raises(FactalignError, match=message):
            Scorer("acueval", llm=client(server), params={"variant": "one-pass"}).score(DOC, SUMMARY)


def test_a_429_then_success_gives_the_same_score():
    busy = (429, {"Retry-After": "0"}, b"busy")
    with ScriptedServer(route=script((f"Statement: {FACTS[0]}\n", busy))) as server:
        with pytest.warns(FactalignWarning, match="HTTP 429; retry 1 of 3"):
            res = Scorer("acueval", llm=client(server)).score(DOC, SUMMARY)
    assert [c.score for c in res.claims] == pytest.approx([0.7 / 0.9, 0.25, 0.0])
    assert len(server.requests) == 5


def test_a_unit_that_times_out_twice_fails_the_row():
    late = (200, {}, plain("Yes"))
    route = routed({FIG5: [UNITS], f"Statement: {FACTS[0]}\n": [ANSWERS[0]], f"Statement: {FACTS[1]}\n": [(*late, 1.0)] * 2},
                   delay=0)
    with ScriptedServer(route=route) as server:
        llm = ChatClient(server.url, "tiny", timeout=0.3, concurrency=1, sleep=lambda s: None)
        with pytest.warns(FactalignWarning, match="no reply within 0.3 s"):
            with pytest.raises(FactalignError, match="no reply within 0.3 s, 2 times"):
                Scorer("acueval", llm=llm).score(DOC, SUMMARY)


def test_nli_verifier_checks_llm_units_with_the_nli_model():
    s0, s1 = "Natalia Moon moved to the Philippines in 2012.", "She was born in Darwin."
    table = TableNLI({(s, f): probs for f, rows in zip(FACTS, [((0.9, 0.1, 0.0), (0.1, 0.8, 0.1)),
                                                                ((0.6, 0.4, 0.0), (0.1, 0.9, 0.0)),
                                                                ((0.0, 0.2, 0.8), (0.1, 0.1, 0.8))])
                      for s, probs in zip((s0, s1), rows)})
    with ScriptedServer(route=routed({FIG5: [UNITS]})) as server:
        res = Scorer("acueval", nli=table, llm=client(server), params={"verifier": "nli"}).score(DOC, SUMMARY)
    assert [c.score for c in res.claims] == pytest.approx([0.9, 0.6, 0.1])
    assert [c.premise.sentences for c in res.claims] == [[0], [0], [1]]
    assert [c.details["error"] for c in res.claims] == [False, False, True]
    assert len(server.requests) == 1  # only the units come from the LLM
    assert "|verifier:nli|nli:table" in res.signature and "read:" not in res.signature


@pytest.mark.parametrize("params, message", [
    ({"variant": "each"}, "variant must be one of: per-unit, all-at-once, one-pass; not 'each'"),
    ({"verifier": "gpt"}, "verifier must be one of: llm, nli"),
    ({"verifier": "nli", "variant": "one-pass"}, "it needs variant=per-unit, not one-pass"),
])
def test_bad_options_are_refused_before_any_call(params, message):
    with ScriptedServer([]) as server:
        with pytest.raises(FactalignError, match=message):
            Scorer("acueval", nli=TableNLI({}), llm=client(server), params=params)
    assert server.requests == []


def test_a_bad_variant_on_the_command_line_is_one_line(tmp_path, capsys):
    (tmp_path / "d.txt").write_text(DOC)
    code = main(["score", "--document", str(tmp_path / "d.txt"), "--summary", str(tmp_path / "d.txt"), "--method", "acueval",
                 "--param", "variant=both", "--llm-base-url", "http://127.0.0.1:9/v1", "--llm-model", "m"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "variant must be one of" in err


GEVAL_REPLY = completion(("4", [("4", 0.5), ("5", 0.3), (" 3", 0.1), ("Hello", 0.1)]),
                         "\n\nThe summary says she was born in New Zealand; the article says Darwin.")


def test_geval_is_the_probability_weighted_rating():
    with ScriptedServer([(200, {}, GEVAL_REPLY)]) as server:
        res = Scorer("geval", llm=client(server)).score(DOC, SUMMARY)
    expected = (4 * 0.5 + 5 * 0.3 + 3 * 0.1) / 0.9
    assert res.score == pytest.approx((expected - 1) / 4)
    unit = res.claims[0]
    assert unit.claim.text == SUMMARY and unit.details["rating"] == pytest.approx(expected)
    assert unit.details["rating_probs"] == pytest.approx({"1": 0, "2": 0, "3": 1 / 9, "4": 5 / 9, "5": 3 / 9})
    assert unit.details["comment"] == "The summary says she was born in New Zealand; the article says Darwin."
    assert res.signature.startswith("method:geval|unit_threshold:0.5|llm:tiny|version:")
    body = server.requests[0]["body"]
    assert body["messages"][0]["content"].endswith(f"Summary:\n\n{SUMMARY}\n\nConsistency Score:")
    assert body["logprobs"] is True and body["max_tokens"] == 256


@pytest.mark.parametrize("text, value", [("2", 2.0), ("Score: 5 - all facts match.", 5.0), ("3.5", 3.5)])
def test_geval_without_logprobs_reads_the_rating(text, value):
    assert rating(Reply(text))[:3] == (value, None, "text")


@pytest.mark.parametrize("text", ["A faithful summary.", "Score: 7", "0"])
def test_geval_without_a_rating_is_an_error(text):
    with ScriptedServer([(200, {}, plain(text))]) as server:
        with pytest.raises(FactalignError, match="no rating from 1 to 5"):
            Scorer("geval", llm=client(server)).score(DOC, SUMMARY)


FIXED = "Natalia Moon moved to the Philippines in 2012. She was born in Darwin."
FIXED_UNITS = "- Natalia Moon moved to the Philippines.\n- Natalia Moon was born in Darwin."


def test_a_refinement_round_with_acueval_feedback():
    route = script(("Revised Summary:", "Revised Summary: " + FIXED), ("into independent facts: " + FIXED, FIXED_UNITS),
                   ("Statement: Natalia Moon was born in Darwin.\n", answer(("Yes", 0.9), ("No", 0.1))),
                   (f"Statement: {FACTS[0]}\n", ANSWERS[0]))
    with ScriptedServer(route=route) as server:
        llm = client(server)
        out = refine(DOC, SUMMARY, Scorer("acueval", llm=llm), llm, rounds=3)
    assert out.revised == FIXED and len(out.rounds) == 1  # nothing flagged after round 1: stop
    assert out.rounds[0].flagged == FACTS[1:] and out.fixed == FACTS[1:]
    assert out.after.score == pytest.approx((0.7 / 0.9 + 0.9) / 2)
    prompt = next(r["body"]["messages"][0]["content"] for r in server.requests if "Revised Summary:" in r["body"]["messages"][0]["content"])
    assert ("does not mention the following facts:\n\n- Natalia Moon moved in 2012.\n- Natalia Moon was born in New Zealand.\n\n"
            "The summary should not include") in prompt
    assert out.signature.startswith("feedback:acueval|rounds:3|method:acueval|")
    assert json.loads(json.dumps(out.to_dict()))["rounds"][0]["revised"] == FIXED


def test_a_refinement_round_with_geval_feedback():
    good = completion(("5", [("5", 1.0)]), "\nAll facts match.")
    route = routed({"Revised Summary:": [FIXED], f"Summary:\n\n{FIXED}\n\nConsistency": [good], "Consistency Score:": [
        completion(("2", [("2", 1.0)]), "\nShe was born in Darwin, not New Zealand.")]})
    with ScriptedServer(route=route) as server:
        llm = client(server)
        out = refine(DOC, SUMMARY, Scorer("geval", llm=llm), llm, rounds=2)
    assert (out.before.score, out.after.score, len(out.rounds), out.fixed) == (0.25, 1.0, 1, None)
    prompt = server.requests[1]["body"]["messages"][0]["content"]
    assert "Comment:\n\nShe was born in Darwin, not New Zealand.\n\nThe summary should not include" in prompt


def test_revise_command_end_to_end(tmp_path, capsys):
    (tmp_path / "d.txt").write_text(DOC)
    (tmp_path / "s.txt").write_text(SUMMARY)
    revised = "Natalia Moon moved to the Philippines in 2012."
    argv = ["revise", "--document", str(tmp_path / "d.txt"), "--summary", str(tmp_path / "s.txt"),
            "--rounds", "1", "--llm-base-url", "URL", "--llm-model", "tiny"]
    route = script(("Revised Summary:", revised), (f"independent facts: {revised}", UNITS.split("\n")[0]))
    with ScriptedServer(route=route) as server:
        argv[argv.index("URL")] = server.url
        code = main([*argv, "--json"])
        calls = len(server.requests)
        again = main([*argv, "--json"])
        assert again == 0 and len(server.requests) == calls  # a rerun reads every reply from the cache
        assert main(argv) == 0
    out, err = capsys.readouterr()
    first, second, *text = out.splitlines()
    assert code == 0 and first == second
    out = json.loads(first)
    assert (out["feedback"], out["flagged"], out["revised"]) == ("acueval", FACTS[1:], revised)
    assert out["after"]["score"] == pytest.approx(0.7 / 0.9)  # the same unit, the same question: the same answer
    assert out["fixed"] == FACTS[1:] and out["still_flagged"] == []
    assert text[0].startswith("ACUEVAL before = 0.3426  after = 0.7778  rounds = 1 of 1  feedback:acueval|rounds:1|")
    assert "  unsupported: Natalia Moon was born in New Zealand." in text and text[-1] == revised


@pytest.mark.parametrize("extra, message", [(["--rounds", "0"], "argument --rounds: must be a whole number of at least 1"),
                                            (["--param", "variant=both"], "variant must be one of")])
def test_revise_bad_options_are_one_line(tmp_path, capsys, extra, message):
    (tmp_path / "d.txt").write_text(DOC)
    try:
        code = main(["revise", "--document", str(tmp_path / "d.txt"), "--summary", str(tmp_path / "d.txt"),
                     "--llm-base-url", "http://127.0.0.1:9/v1", "--llm-model", "m", *extra])
    except SystemExit as stop:  # refused by argparse
        code = stop.code
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and message in err


def test_without_an_endpoint_the_cli_says_how_to_set_one(tmp_path, capsys, monkeypatch):
    for name in ("FACTALIGN_LLM_BASE_URL", "FACTALIGN_LLM_MODEL", "OPENAI_BASE_URL", "OPENAI_MODEL"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "d.txt").write_text(DOC)
    code = main(["score", "--document", str(tmp_path / "d.txt"), "--summary", str(tmp_path / "d.txt"), "--method", "acueval"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--llm-base-url" in err


def test_scorer_hands_its_llm_client_to_the_llm_extractor():
    table = TableNLI({("Natalia Moon moved to the Philippines in 2012.", "Natalia Moon moved to the Philippines."): (0.9, 0.1, 0.0),
                      ("She was born in Darwin.", "Natalia Moon moved to the Philippines."): (0.1, 0.9, 0.0)})
    with ScriptedServer([(200, {}, '["Natalia Moon moved to the Philippines."]')]) as server:
        res = Scorer("nli-claim", nli=table, extractor="llm:fenice", llm=client(server)).score(DOC, SUMMARY)
    assert [c.claim.text for c in res.claims] == ["Natalia Moon moved to the Philippines."]
    assert res.score == pytest.approx(0.9)
    assert "extractor:llm:fenice:tiny" in res.signature
