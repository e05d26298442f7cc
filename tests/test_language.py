"""Text the default cannot read (issue 60, item 4): the language guess, and the verdict it leaves to review."""

import pytest

from factalign.text.language import guess_language, unread


@pytest.mark.parametrize("text, lang", [
    ("Der Stadtrat hat den Haushalt am Montag nach langer Debatte beschlossen.", "de"),
    ("Le conseil municipal a rejeté le budget lundi après un long débat.", "fr"),
    ("El ayuntamiento aprobó el presupuesto el lunes tras un largo debate.", "es"),
    ("市议会周一经过长时间辩论后通过了预算。这是一个重要的决定。", "cjk"),
    ("وافق مجلس المدينة على الميزانية يوم الاثنين بعد نقاش طويل", "arabic"),
    ("The council approved the budget on Monday after a long debate.", "en"),
    ("Natalia Moon moved to the Philippines in 2012.", "en"),
    ("Apple 4.1", None),  # too short to tell
])
def test_the_language_of_a_text_is_guessed_from_its_script_or_its_stop_words(text, lang):
    assert guess_language(text) == lang


def test_unread_names_the_first_text_the_default_does_not_read():
    assert unread("The council met on Monday and approved it.", "Der Rat hat den Plan am Montag beschlossen.") == "German"
    assert unread("The council met on Monday and approved it.") is None


def test_a_german_contradiction_is_never_passed_and_says_what_can_read_it():
    from factalign import Scorer

    document = ("Der Stadtrat von Lindau hat am Montag nach einer langen Debatte den Haushalt für das kommende Jahr "
                "beschlossen. Die Mehrheit stimmte für mehr Geld für Schulen und Straßen.")
    result = Scorer("fenice").score(document, "Der Stadtrat von Lindau hat den Haushalt am Montag abgelehnt.")
    assert result.decision == "review"
    assert any("reads as German" in n and "--method chunks" in n for n in result.notes)
