"""A name with a version is found however the documents write it: by its initials or its words, with "version"
before the number or not."""

from __future__ import annotations

from agents.text.names import unsupported_phrases


def test_a_versioned_acronym_is_mentioned_by_its_words_written_out():
    statement = ("The documentation is compliant with the [Web Content Accessibility Guidelines version 2.2] AA "
                 "standard.")
    assert unsupported_phrases("Does your documentation meet WCAG 2.2 at level AA?", statement) == []
    assert unsupported_phrases("Do you accept TLS 1.3?", "We accept TLS version 1.3 only.") == []


def test_the_words_written_out_must_be_the_initials_and_the_version_the_same():
    statement = "The documentation is compliant with the Web Content Accessibility Guidelines version 2.1."
    assert unsupported_phrases("Does your documentation meet WCAG 2.2?", statement) == ["WCAG 2.2"]
    assert unsupported_phrases("Does your documentation meet WCAG 2.2?", "We follow web content guidelines 2.2.") == \
        ["WCAG 2.2"]
