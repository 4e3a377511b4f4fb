"""A page the search found whose title names the question's subject, left uncited while the answer
cites pages titled for something else, sends the answer to a reviewer."""

from __future__ import annotations

from agents.contracts import ResearchSource
from agents.rules.subject_page import uncited_subject_page
from tests.documents import pipeline_over


def _found(*titles: str) -> list[ResearchSource]:
    return [ResearchSource(title=t, source_path=f"{t.lower().replace(' ', '-')}.md", content="", score=1.0)
            for t in titles]


def test_a_found_page_on_the_subject_left_uncited_is_named():
    question = "Can we download the audit log as a CSV file from the dashboard?"
    found = _found("Plans and billing", "Audit Events Logging")
    assert uncited_subject_page(question, found, {"plans-and-billing.md"}) == "Audit Events Logging"
    # Citing the subject's page, or a page whose title names the subject at all, is not this case.
    assert uncited_subject_page(question, found, {"audit-events-logging.md"}) is None
    assert uncited_subject_page(question, _found("Dashboard exports", "Audit Events Logging"),
                                {"dashboard-exports.md"}) is None
    # One word of the question in a title is not its subject; an abstention cites nothing.
    assert uncited_subject_page(question, _found("Plans and billing", "Logging"), {"plans-and-billing.md"}) is None
    assert uncited_subject_page(question, found, set()) is None


_DOCS = {
    "billing.md": "# Plans and billing\n\n## Viewing invoices\n\nYou can download your invoices as PDF or CSV "
                  "files directly from the dashboard.\n",
    "audit.md": "# Audit log\n\nThe audit log records every change to your network. Search it in the dashboard "
                "by event type and user.\n",
}


async def test_an_answer_from_another_subject_s_page_goes_to_a_reviewer(tmp_path, index):
    pipeline = await pipeline_over(tmp_path / "docs", index, _DOCS)
    result = await pipeline.run("Can we download the audit log as a CSV file from the dashboard?")
    assert {c.source_path for c in result.synthesis.citations if c.is_evidence} == {"billing.md"}
    assert result.escalated and 'page on the question\'s subject ("Audit log")' in result.escalation_reason
    assert result.critic_feedback[-1].signals.subject_page_uncited == 1.0
