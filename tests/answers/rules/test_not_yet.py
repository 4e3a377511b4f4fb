"""What is not there yet, or not until later: a question asking whether it is done today, or before then, is
answered no."""

from __future__ import annotations

from agents.rules.denial import denials


def test_ways_still_being_investigated_deny_that_it_is_done():
    exposed = "We're investigating ways to make sure that publicly exposed keys are revoked quickly."
    asked = "Are credentials that get exposed on the public internet revoked automatically by your platform today?"
    assert denials(exposed, asked) == ["investigating ways"]
    # A finding under investigation is a report's state, not a capability still to come.
    assert denials("We are investigating the report and will reply.", "Do you investigate reports?") == []


def test_not_until_answers_a_question_asking_whether_it_may_be_done_before():
    """GOV.UK Pay's security page: "Do not disclose … until it has been fixed" says when, and so answers no to
    whether it may be disclosed before the fix; asked whether it is disclosed at all, it says when, not whether."""
    wait = "Do not disclose the details of a suspected breach publicly until it has been fixed."
    assert denials(wait, "May we announce a suspected breach publicly before it has been remediated?") == ["do not"]
    assert denials(wait, "Are the details of a suspected breach ever disclosed publicly?") == []
