"""Whether a message in a thread continues the thread's question or asks a new one.

"And on GCP?", "what about backups?", "is it encrypted too?" lean on the question
before them; "Do you support SCIM provisioning?" stands alone, and searching it
together with the thread's earlier question would only blur it.
"""

from __future__ import annotations

import re

from common import clip

from ..contracts import EarlierQuote, EarlierTurn, PipelineResult
from ..text.names import CLOUD_STEMS
from ..text.question_form import ELLIPTICAL_LEAD
from ..text.terms import key_terms

_LEADS = re.compile(
    rf"^\W*(?:{ELLIPTICAL_LEAD}|then|so|same question|what if|"
    r"in that case|does (?:it|that|this)|is (?:it|that|this)|are (?:they|those|these)|do (?:they|those)|"
    r"can (?:it|they)|will (?:it|they)|what about it)\b", re.IGNORECASE)
_POINTING = re.compile(r"\b(?:it|that|this|they|them|those|these|there|same)\b", re.IGNORECASE)
# Naming only a cloud ("GCP?", "Azure too?") asks the earlier question about it.
_CLOUDS = CLOUD_STEMS | {"cloud", "too", "either", "instead"}
_FEW_TERMS = 2
# What of the earlier exchange a model is shown: enough to read "and on GCP?" by, no more.
_ANSWER_CHARS = 600
_QUOTES = 3
_QUOTE_CHARS = 240


def is_follow_up(question: str) -> bool:
    """A message that needs the thread's earlier question to be understood."""
    if _LEADS.match(question):
        return True
    terms = key_terms(question)
    if not terms or set(terms) <= _CLOUDS:
        return True
    return bool(_POINTING.search(question)) and len(terms) <= _FEW_TERMS


def earlier_turn(subject: str, last: PipelineResult | None) -> EarlierTurn:
    """The thread's question with its latest answer and that answer's quotes, clipped."""
    synthesis = last.synthesis if last and last.success else None
    if synthesis is None:
        return EarlierTurn(question=subject)
    quotes = [EarlierQuote(source_path=c.source_path, quote=clip(c.quote, _QUOTE_CHARS))
              for c in synthesis.citations if c.is_evidence][:_QUOTES]
    return EarlierTurn(question=subject, answer=clip(synthesis.answer, _ANSWER_CHARS), citations=quotes)
