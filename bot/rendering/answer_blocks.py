"""Block Kit rendering: pure functions from results to blocks (no Slack calls here)."""

from __future__ import annotations

import json
import re
from datetime import datetime

from slack_sdk.models.blocks import InputBlock, NumberInputElement, Option, StaticSelectElement, UserMultiSelectElement

from agents import Citation, Clarification, PipelineResult
from common import clip
from storage import LibraryEntry, Review

from .block_kit import BLOCK_LIMIT, SECTION_LIMIT, actions, button, divider, modal, text_input
from .block_kit import context as _context
from .block_kit import section as _section
from .slack_text import escape, inert, link, split_text

ACTION_APPROVE, ACTION_EDIT, ACTION_REJECT, ACTION_RUN_ANYWAY = "review_approve", "review_edit", "review_reject", "run_anyway"
VIEW_EDIT, VIEW_REJECT = "review_edit_submit", "review_reject_submit"
ACTION_HELPFUL, ACTION_UNHELPFUL, VIEW_FEEDBACK = "feedback_up", "feedback_down", "feedback_reason_submit"
ACTION_CLARIFY = "clarify_pick"
ACTION_SAVE_TO_LIBRARY = "library_save"
VIEW_CHANNEL_CONFIG = "channel_config_submit"
_BUTTON_TEXT = 75
REVIEW_BLOCK, FEEDBACK_BLOCK = "review", "feedback"
STATUS_EMOJI = {"Fully Supported": ":large_green_circle:", "Partially Supported": ":large_yellow_circle:",
                "Not Supported": ":red_circle:"}
HELP = ("*rfpbot* answers security-questionnaire and RFP questions from the product documentation, "
        "quoting its sources.\n"
        "• Mention me with a question: `@rfpbot Do you encrypt data at rest on AWS?`\n"
        "• Or use `/rfp Do you support SCIM?` in any channel, or write to me directly.\n"
        "• Ask a follow-up in the same thread (`@rfpbot and on GCP?`).\n"
        "• Share a questionnaire (.csv or .xlsx) with a mention: I answer every question and post the filled "
        "file back (`@rfpbot sheet \"Security\" column C` to say where the questions are).\n"
        "Answers the critic doubts go to reviewers, who approve, edit or reject them with buttons; "
        "approved answers are reused for the same question.")


def clarification_blocks(asked: Clarification, run_id: str, question: str) -> list[dict]:
    """The question back, with a button per reading and one to answer the question as asked."""
    def choice(label: str, value: dict):
        text = label if len(label) <= _BUTTON_TEXT else label[:_BUTTON_TEXT - 1] + "…"
        return button(text, f"{ACTION_CLARIFY}_{value['i']}", json.dumps({"run": run_id, **value}))

    blocks = [_section(f":thinking_face: {escape(asked.question)}")]
    if asked.readings:
        choices = [choice(label, {"i": n, "q": reading}) for n, (label, reading)
                   in enumerate(zip(asked.labels, asked.readings))]
        choices.append(choice("Answer it as asked", {"i": len(choices), "q": question}))
        blocks.append(actions(choices, block_id="clarify"))
    return blocks


DEFAULT_KB = "default"


def channel_config_modal(channel: str, users: list[str], groups: list[str], threshold: int | None,
                         default_threshold: int, knowledge_bases: list[str] = (), current_kb: str | None = None
                         ) -> dict:
    """`/rfp config`: the channel's own reviewers, confidence threshold and knowledge base (empty: the defaults)."""
    people = UserMultiSelectElement(action_id="users", placeholder="The configured reviewers",
                                    initial_users=users or None)
    level = NumberInputElement(action_id="text", is_decimal_allowed=False, min_value="0", max_value="100",
                               initial_value=str(threshold) if threshold is not None else None)
    return modal(VIEW_CHANNEL_CONFIG, "rfpbot in this channel", "Save", "Cancel", [
        InputBlock(block_id="users", optional=True, element=people, label="Reviewers of answers given here"),
        text_input("groups", "Reviewer user groups (ids, S…)", optional=True, multiline=False,
                   initial=", ".join(groups)),
        InputBlock(block_id="threshold", optional=True, element=level,
                   label=f"Send answers under this confidence to review (default {default_threshold})"),
        _knowledge_base_input(knowledge_bases, current_kb),
        _context("Leave a field empty for the workspace default (RFPBOT_REVIEWERS, RFPBOT_CONFIDENCE_THRESHOLD)."),
    ], {"channel": channel})


def _knowledge_base_input(names: list[str], current: str | None) -> InputBlock | dict:
    if not names:
        return _context("Answers come from the default knowledge base; an admin adds others with "
                        "`rfpbot ingest DIR --kb NAME`.")
    options = [Option(value=DEFAULT_KB, label="The default knowledge base"),
               *(Option(value=name, label=name) for name in names)]
    chosen = next((o for o in options if o.value == current), options[0])
    return InputBlock(block_id="kb", label="Answer from this knowledge base",
                      element=StaticSelectElement(action_id="kb", options=options, initial_option=chosen))


def reply_to(talk: str) -> str:
    """The answer to a message that asks nothing of the documentation."""
    if talk == "thanks":
        return "You're welcome! Ask me anything else about the product's security and compliance."
    if talk == "greeting":
        return "Hi! " + HELP
    return HELP


def status_line(result: PipelineResult) -> str:
    """`PASS · 🟢 Fully Supported · confidence 92%`"""
    s = result.synthesis
    return (f"*{result.verdict or '—'}* · {STATUS_EMOJI.get(s.compliance_status, '')} *{s.compliance_status}* "
            f"· confidence {s.confidence_score}%")


def _citation(n: int, c: Citation) -> str:
    title = link(c.url, c.source_title)
    quote = escape(" ".join(c.quote.split()))
    marker = "" if c.is_evidence else " · _closest passage, not evidence_"
    return f"[{n}] {title} · `{escape(c.source_path)}`{marker}\n>{quote[:SECTION_LIMIT - 300]}"


def answer_messages(result: PipelineResult, run_id: str, *, reviewers: str = "") -> list[list[dict]]:
    """The answer as one or more messages of at most 50 blocks; review buttons at the end when escalated."""
    s = result.synthesis
    blocks = [_section(status_line(result))]
    if result.asker_note:
        blocks.append(_context(f":globe_with_meridians: {escape(result.asker_note)}"))
    blocks += [_section(piece) for piece in split_text(escape(result.answer_for_asker()), SECTION_LIMIT)]
    if result.answer_for_asker() != s.answer:
        blocks.append(_context(clip("*In English, as checked:* " + escape(s.answer), SECTION_LIMIT)))
    if s.citations:
        blocks.append(divider())
        blocks += [_section(_citation(n, c)) for n, c in enumerate(s.citations, start=1)]
    if s.facets_missing:
        blocks.append(_context("*Missing:* " + escape("; ".join(s.facets_missing))))
    blocks.append(_context(f"{result.iterations} draft(s) · {result.duration_ms / 1000:.1f} s · "
                           f"engine {escape(result.engine)} · run `{run_id}`"))
    if result.escalated:
        blocks += review_request(result.escalation_reason or "the critic was not satisfied", run_id, reviewers)
    blocks.append(feedback_actions(run_id, savable=not result.escalated))
    return [blocks[i:i + BLOCK_LIMIT] for i in range(0, len(blocks), BLOCK_LIMIT)]


def feedback_actions(run_id: str, savable: bool = False) -> dict:
    """👍 / 👎 on an answer, for anyone who reads it; on an answer sent without review, "Save to
    library" too (for reviewers: an escalated answer gets there by Approve)."""
    buttons = [button(":+1: Helpful", ACTION_HELPFUL, run_id), button(":-1: Not helpful", ACTION_UNHELPFUL, run_id)]
    if savable:
        buttons.append(button(":books: Save to library", ACTION_SAVE_TO_LIBRARY, run_id))
    return actions(buttons, block_id=FEEDBACK_BLOCK)


def feedback_modal(run_id: str, where: dict) -> dict:
    """After a 👎: what was wrong (optional)."""
    return modal(VIEW_FEEDBACK, "What was wrong?", "Send", "Skip",
                 [text_input("reason", "Wrong, incomplete, out of date…? (optional)", optional=True, max_length=1000)],
                 {"run_id": run_id, **where})


def review_request(reason: str, run_id: str, reviewers: str) -> list[dict]:
    """Why a reviewer is needed, who, and the three buttons."""
    who = f" {reviewers}" if reviewers else ""
    return [_section(f":eyes: *Needs review*{who}: {escape(reason)}"[:SECTION_LIMIT]), review_actions(run_id)]


def review_actions(run_id: str) -> dict:
    """Approve / Edit / Reject, carrying the run id."""
    return actions([button("Approve", ACTION_APPROVE, run_id, "primary"), button("Edit", ACTION_EDIT, run_id),
                    button("Reject", ACTION_REJECT, run_id, "danger")], block_id=REVIEW_BLOCK)


def decided(review: Review) -> dict:
    """What replaces the buttons once a reviewer decided."""
    when = f"<!date^{int(review.at.timestamp())}^{{date_short_pretty}} {{time}}|{review.at:%Y-%m-%d %H:%M} UTC>"
    text = {"approve": f":white_check_mark: Approved by <@{review.reviewer}> {when}",
            "edit": f":pencil2: Edited and approved by <@{review.reviewer}> {when}",
            "reject": f":x: Rejected by <@{review.reviewer}> {when}"}[review.decision]
    if review.reason:
        text += f": {escape(review.reason)}"
    return _context(text)


def with_decision(blocks: list[dict], review: Review) -> list[dict]:
    """The answer message with its buttons replaced by the decision (and an edited answer shown)."""
    out = [b for b in blocks if b.get("block_id") not in (REVIEW_BLOCK, FEEDBACK_BLOCK)]
    if review.decision == "edit" and review.edited_answer:
        out.insert(1, _section(("*Edited answer:*\n" + escape(review.edited_answer))[:SECTION_LIMIT]))
    kept_feedback = [b for b in blocks if b.get("block_id") == FEEDBACK_BLOCK]
    return out + [decided(review)] + kept_feedback


def library_blocks(entry: LibraryEntry, run_id: str, channel: str | None) -> list[dict]:
    """An approved answer reused for a new question, with a button for a fresh run.

    The question it was approved for is shown only in the conversation it was asked in:
    a question from a DM or a private channel never appears anywhere else.
    """
    asked = f"for: _{escape(entry.question)}_" if entry.channel and entry.channel == channel else "for an earlier question"
    approved = entry.approved_at
    citations = [Citation.model_validate(c) for c in json.loads(entry.citations_json)]
    blocks = [
        _section(f":books: *Approved answer* · {STATUS_EMOJI.get(entry.compliance_status, '')} *{entry.compliance_status}*"
                 if entry.compliance_status else ":books: *Approved answer*"),
        *[_section(piece) for piece in split_text(escape(entry.answer), SECTION_LIMIT)],
        *[_section(_citation(n, c)) for n, c in enumerate(citations, start=1)],
        _context(f"Approved by {_person(entry.approved_by)} on {_day(approved)} {asked}"
                 + (" (imported from a past questionnaire)" if entry.source else "")),
        actions([button("Run the full pipeline anyway", ACTION_RUN_ANYWAY, run_id)]),
    ]
    return blocks[:BLOCK_LIMIT]


def _person(who: str) -> str:
    """A Slack user id as a mention; a name given at import as it is."""
    return f"<@{who}>" if re.fullmatch(r"[UW][A-Z0-9]{2,}", who) else escape(who)


def _day(moment: datetime) -> str:
    return f"<!date^{int(moment.timestamp())}^{{date_short}}|{moment:%Y-%m-%d}>"


def notification(status: str, answer: str) -> str:
    """The top-level `text` of an answer (notifications, screen readers): nothing in it links or pings."""
    return inert(f"{status}: {' '.join(answer.split())[:300]}")


def progress_text(question: str, lines: list[str], done: bool = False) -> str:
    """The progress message: the question and one line per finished stage."""
    head = ":white_check_mark: Done" if done else ":hourglass_flowing_sand: Working on it"
    body = "\n".join(f"• {inert(line)}" for line in lines[-12:])
    return f"{head}: _{inert(question[:300])}_" + (f"\n{body}" if body else "")


def error_text(message: str) -> str:
    """A failure as the asker reads it."""
    return f":warning: I couldn't answer this: {escape(message)}"


def edit_modal(run_id: str, answer: str, where: dict) -> dict:
    """The modal in which a reviewer edits the answer before approving it."""
    return modal(VIEW_EDIT, "Edit answer", "Approve", "Cancel",
                 [text_input("answer", "Answer", initial=answer[:3000], max_length=3000)], {"run_id": run_id, **where})


def reject_modal(run_id: str, where: dict) -> dict:
    """The modal asking why an answer is rejected."""
    return modal(VIEW_REJECT, "Reject answer", "Reject", "Cancel",
                 [text_input("reason", "Why?", min_length=3, max_length=1000)], {"run_id": run_id, **where})
