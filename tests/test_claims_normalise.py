"""Tokenized, lower-cased summaries -> ordinary text, every char mapped back to the input."""

from factalign.claims.normalise import detokenize, lower_cased, normalise

DOC = ("Natalia Moon moved to the Philippines in 2012. The Darwin woman, 23, now stars in a new sitcom. "
       "A new tutorial shows New York at night.")


def test_tokens_rejoined_and_mapped_back():
    text = "he said ` i ca n't go ' , and -lrb- 2 -rrb- left the club 's office ."
    out = detokenize(text)
    assert out.text == "he said 'i can't go', and (2) left the club's office."
    assert len(out.where) == len(out.text) + 1
    assert all(ch == text[out.where[k]] or ch in "'()" for k, ch in enumerate(out.text))


def test_truecased_from_the_document_longest_run_first():
    out = normalise("natalia moon , 23 , moved to the philippines . a new tutorial shows new york .", DOC)
    assert out.text == "Natalia Moon, 23, moved to the Philippines. A new tutorial shows New York."
    assert [out.text[k].lower() == "natalia moon , 23 , moved to the philippines . a new tutorial shows new york ."[out.where[k]]
            for k in range(len(out.text))] == [True] * len(out.text)


def test_without_document_only_sentence_starts_and_i():
    assert normalise("the club said i was wrong . it won .").text == "The club said I was wrong. It won."


def test_mixed_case_text_is_left_cased_as_it_is():
    assert not lower_cased("The BBC said so.")
    assert lower_cased("the UNK said so.")
    assert normalise("The iPhone was released by apple.", DOC).text == "The iPhone was released by apple."


def test_ordinary_text_comes_back_unchanged():
    text = "Nuuk\nNuuk is the capital of Greenland.  It has 19,000 people."
    out = normalise(text, "whatever")
    assert out.text == text and out.where == list(range(len(text) + 1))
