"""The shared vocabulary of the pipeline: every agent's input and output as pydantic models.

Field names follow seed 000 in snake_case. The models that an LLM fills in keep to
what OpenAI's strict structured outputs accept (no free-form dicts); numeric
ranges are enforced by clamping after parsing rather than in the JSON schema.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from retrieval import Csp

ComplianceStatus = Literal["Fully Supported", "Partially Supported", "Not Supported"]
Verdict = Literal["PASS", "REVISE", "FAIL"]
STATUSES: tuple[ComplianceStatus, ...] = ("Fully Supported", "Partially Supported", "Not Supported")


def _clamp(value: object) -> object:
    """Round and clamp a 0–100 score; anything not a number is left for validation to reject."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return int(max(0, min(100, round(value))))
    return value


class ClassificationResult(BaseModel):
    """Whether the answer depends on the cloud, with a question per cloud if so."""

    is_csp_specific: bool
    reasoning: str
    aws_question: str | None = None
    gcp_question: str | None = None
    azure_question: str | None = None

    def variants(self) -> dict[str, str]:
        """{cloud: question} for each cloud the question is about."""
        pairs = {"AWS": self.aws_question, "GCP": self.gcp_question, "Azure": self.azure_question}
        return {csp: q for csp, q in pairs.items() if self.is_csp_specific and q}


class QueryFacet(BaseModel):
    """One aspect of the question that needs its own evidence."""

    name: str
    description: str
    product_terms: list[str] = Field(default_factory=list)
    search_queries: list[str] = Field(default_factory=list)
    target_docs: list[str] = Field(default_factory=list)


class QueryPlanResult(BaseModel):
    """Facets and the 3–5 queries research runs first."""

    original_question: str
    facets: list[QueryFacet]
    primary_queries: list[str]
    reasoning: str


class ResearchSource(BaseModel):
    """A retrieved document with the passages that matched."""

    title: str
    url: str | None = None
    source_path: str
    content: str
    csp: Csp = "General"
    score: float


class ResearchResult(BaseModel):
    """The sources research kept, how sure it is, and what it could not find."""

    sources: list[ResearchSource] = Field(default_factory=list)
    confidence: int = 0
    capability_gap: str | None = None

    _score = field_validator("confidence", mode="before")(lambda cls, v: _clamp(v))


class SourceEvidence(BaseModel):
    """Verbatim quotes taken from one source."""

    source_path: str
    source_title: str
    quotes: list[str] = Field(default_factory=list)


class EvidenceResult(BaseModel):
    """Quotes per source; every quote was checked to occur in its source."""

    evidence: list[SourceEvidence] = Field(default_factory=list)

    def quote_count(self) -> int:
        """All quotes over all sources."""
        return sum(len(e.quotes) for e in self.evidence)


class Citation(BaseModel):
    """A quote that backs part of the answer, with where it comes from."""

    source_path: str
    source_title: str
    url: str | None = None
    quote: str
    role: Literal["evidence", "closest"] = Field(
        "evidence", description='"evidence" backs the answer; "closest" is shown to a reviewer when nothing answers')

    @property
    def is_evidence(self) -> bool:
        """Whether the citation backs the answer (not merely the closest passage found)."""
        return self.role == "evidence"



class EarlierQuote(BaseModel):
    """A quote the earlier answer in a thread cited."""

    source_path: str
    quote: str


class EarlierTurn(BaseModel):
    """The exchange a follow-up in a thread leans on, bounded so that it fits in a prompt."""

    question: str = Field(description="the thread's question (a chain of follow-ups keeps the first one)")
    answer: str = Field("", description="the latest answer in the thread")
    citations: list[EarlierQuote] = Field(default_factory=list, description="what that answer cited")

class SynthesisResult(BaseModel):
    """A drafted answer. Citations are numbered by their order: [1] is the first."""

    answer: str
    compliance_status: ComplianceStatus
    confidence_score: int
    citations: list[Citation] = Field(default_factory=list)
    facets_covered: list[str] = Field(default_factory=list)
    facets_missing: list[str] = Field(default_factory=list)
    reasoning: str = ""
    deniable_quotes: list[str] = Field(default_factory=list, description=(
        "the cited quotes whose denial would make the offline engine's status Not Supported"))
    limiting_quotes: list[str] = Field(default_factory=list, description=(
        "the cited quotes whose limit would make the offline engine's status Partially Supported"))
    list_heads: list[str] = Field(default_factory=list, description=(
        "for each deniable quote, the heading or lead its list sits under ('' for prose), read for a denial too"))

    _score = field_validator("confidence_score", mode="before")(lambda cls, v: _clamp(v))


class ValidationCheck(BaseModel):
    """One check of the critic."""

    passed: bool
    issue: str | None = None


class CriticChecks(BaseModel):
    """The five checks every draft goes through."""

    quote_grounding: ValidationCheck
    status_alignment: ValidationCheck
    confidence_calibration: ValidationCheck
    facet_coverage: ValidationCheck
    answer_quality: ValidationCheck

    def failed(self) -> dict[str, str]:
        """{check name: issue} for the checks that failed."""
        return {name: (check.issue or "failed") for name, check in self if not check.passed}


class AnswerSignals(BaseModel):
    """What the audit measured about one draft (agents.judging.signals); the names are the send-or-review model's features."""

    relevance: float = Field(0.0, description="best fit of a cited evidence passage to the question (0: none cited)")
    semantic: float = 0.0
    lexical: float = 0.0
    second_relevance: float = 0.0
    closest_relevance: float = Field(0.0, description="an abstention's best closest passage (0: not an abstention)")
    closest_semantic: float = 0.0
    terms_in_documents: float = Field(0.0, description="share of the question's key terms found anywhere in the "
                                      "documents searched: an abstention on a subject they speak of is doubtful")
    names_absent: float = Field(0.0, description="1 when a specific name of the question (FedRAMP, ISO 27001) occurs "
                                "nowhere in the documents searched: an abstention then rests on more than wording")
    question_terms_covered: float = 0.0
    named_covered: float = 1.0
    min_support: float = 1.0
    rare_terms_missing: float = 0.0
    evidence_citations: float = 0.0
    sources: float = 0.0
    facets_missing: float = 0.0
    facet_share: float = 1.0
    fully: float = 0.0
    partially: float = 0.0
    not_supported: float = 0.0
    abstained: float = 0.0
    yes_no: float = 0.0
    open_question: float = 0.0
    limiting_cue: float = 0.0
    denial_cue: float = Field(0.0, description="an evidence quote negates something the question does not")
    limit_cue: float = Field(0.0, description="an evidence quote limits scope or certainty in words the question does not use")
    universal_question: float = Field(0.0, description="the question asks about all, every, any or each")
    customer_question: float = Field(0.0, description="the question asks what the customer or its users may do or get")
    table_or_list: float = 0.0
    blocking: float = 0.0
    uncited: float = 0.0
    plan_dependent: float = Field(0.0, description="1 when the answer holds on some plans only and the question "
                                  "does not say which plan it asks about: a reviewer decides (agents.rules.plans)")
    judged_measure: float = Field(0.0, description="1 when a yes/no question measures in words ('a short period') and "
                                  "the passage in figures ('20 years'), or asks for a figure the passage's figures "
                                  "do not meet ('at least 30 days', 'seven days'): a reviewer decides "
                                  "(agents.rules.measure)")
    subject_page_uncited: float = Field(0.0, description="1 when the search found a page whose title names the "
                                        "question's subject and the answer cites no page whose title names any of "
                                        "its words: a reviewer decides (agents.rules.subject_page)")
    asked_in_negative: float = Field(0.0, description="1 when a yes/no question asked in the negative ('without any "
                                     "inbound ports?') is answered from passages: a reviewer decides which way round "
                                     "they answer it (agents.rules.polarity)")

    @property
    def subject_spoken_of(self) -> float:
        """The share of the question's terms the documents use, when they hold every name it asks about
        (0 when one is missing): an abstention on a subject the documents speak of, in other words, is the
        doubtful kind; a missing name settles the question whatever the other words."""
        return self.terms_in_documents * (1 - self.names_absent)

    @property
    def universal_fully(self) -> float:
        """1 when a question about all, every, any or each is answered "Fully Supported": the quote must then
        hold for every case, which a passage that shares the question's words often does not."""
        return self.universal_question * self.fully

    @property
    def denied_fully(self) -> float:
        """1 when an answer is "Fully Supported" although a cited quote negates something the question does
        not: the quote that denies was not read as deciding, and such answers are right about half the time."""
        return self.denial_cue * self.fully

    def vector(self, names: Sequence[str]) -> list[float]:
        """The values of the named features (fields or the properties above), in that order."""
        return [float(getattr(self, name)) for name in names]


class CriticResult(BaseModel):
    """The critic's verdict on one draft."""

    verdict: Verdict
    checks: CriticChecks
    issues: list[str] = Field(default_factory=list)
    suggestions: list[str] = Field(default_factory=list)
    recommended_confidence: int | None = None
    revision_instructions: str | None = None
    missing_facets: list[str] = Field(default_factory=list)
    plans: list[str] = Field(default_factory=list, description="the plans the answer holds on, when the question "
                             "leaves the asker's plan open (then a reviewer decides)")
    yardstick: list[str] = Field(default_factory=list, description="the question's word or figure for an amount and "
                                 "the figure the documentation gives ('short', '20 years'; '30 days', 'seven days'), "
                                 "when they differ in kind or the figure falls short (then a reviewer decides)")
    negation: str | None = Field(None, description="the negation a yes/no question is asked with ('without'), when "
                                 "passages answer it (then a reviewer decides which way round)")
    subject_page: str | None = Field(None, description="the title of a page the search found on the question's "
                                     "subject that the answer does not cite (then a reviewer decides)")
    signals: AnswerSignals | None = Field(None, description="what the audit measured: the send-or-review model's input")

    _score = field_validator("recommended_confidence", mode="before")(lambda cls, v: _clamp(v))


class TraceEntry(BaseModel):
    """What one node did: when, how long, how many LLM calls and tokens."""

    node: str
    started_at: datetime
    duration_ms: float
    llm_calls: int = 0
    tokens: int = 0
    truncated: int = 0
    summary: str = ""


class ProgressEvent(BaseModel):
    """A stage starting or finishing, for the CLI and the Slack thread."""

    stage: str
    status: Literal["started", "finished"]
    summary: str = ""
    iteration: int | None = None


class GuardrailResult(BaseModel):
    """What the guardrails did to a question before any agent saw it."""

    redactions: list[str] = Field(default_factory=list)
    """Placeholders that replaced personal data (`[EMAIL_1]`…); the values are never kept."""
    blocked: Literal["injection", "out_of_scope"] | None = None
    detail: str | None = None
    """Why it was blocked (the phrase that tried to instruct the bot)."""
    message: str | None = None
    """What the asker is told instead of an answer."""


class Translation(BaseModel):
    """How a question in another language was handled (with a model to translate)."""

    language: str = Field(description="the asker's language code (see agents.conversation.language.NAMES)")
    question: str = Field(description="the question in English, as it was searched and answered")
    answer: str | None = Field(None, description="the checked answer in the asker's language; None when it "
                                                 "could not be translated")


class PipelineResult(BaseModel):
    """Everything a run produced; `synthesis` is the final answer when success."""

    question: str
    classification: ClassificationResult | None = None
    query_plan: QueryPlanResult | None = None
    research: ResearchResult | None = None
    evidence: EvidenceResult | None = None
    synthesis: SynthesisResult | None = None
    synthesis_history: list[SynthesisResult] = Field(default_factory=list)
    critic_feedback: list[CriticResult] = Field(default_factory=list)
    iterations: int = 0
    duration_ms: float = 0.0
    success: bool = False
    error: str | None = None
    escalated: bool = False
    escalation_reason: str | None = None
    engine: str = "offline"
    route: Literal["full", "simple"] = "full"
    translation: Translation | None = None
    asker_note: str | None = Field(None, description="what was done with a question in another language, "
                                                     "told to its asker (set by the pipeline)")
    guardrails: GuardrailResult | None = None
    trace: list[TraceEntry] = Field(default_factory=list)

    @property
    def blocked(self) -> bool:
        """Whether a guardrail answered instead of the pipeline."""
        return bool(self.guardrails and self.guardrails.blocked)

    @property
    def verdict(self) -> Verdict | None:
        """The last critic verdict."""
        return self.critic_feedback[-1].verdict if self.critic_feedback else None

    def answer_for_asker(self) -> str:
        """The answer in the asker's language when it was translated, else as written."""
        if self.translation and self.translation.answer:
            return self.translation.answer
        return self.synthesis.answer if self.synthesis else ""

    def llm_calls(self) -> int:
        """LLM calls over every node."""
        return sum(t.llm_calls for t in self.trace)

    def tokens(self) -> int:
        """Tokens over every node."""
        return sum(t.tokens for t in self.trace)
