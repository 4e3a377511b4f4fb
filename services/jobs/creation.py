"""Making a job of a questionnaire: its rows, each question asked once."""

from __future__ import annotations

import hashlib
import re
import uuid

from agents import is_yes_no, key_terms, product_terms, redact
from questionnaire import BatchOptions, Limits, Questionnaire, read_questionnaire
from storage import BatchJob, BatchRow, BatchStore, now

# "1.2.3", "Q12:", "a)", "(iv)": numbering some files keep in the question cell.
_NUMBERING = re.compile(r"^\s*(?:q(?:uestion)?\s*)?(?:\d+(?:\.\d+)*[.):]?|\(?[ivx]+[.)]|\(?[a-z][.)])\s+",
                        re.IGNORECASE)


def same_question_key(question: str) -> str:
    """Questions with the same key are asked once: numbering, case, spacing and punctuation aside."""
    text = _NUMBERING.sub("", question).casefold()
    return " ".join(re.findall(r"\w+", text))


_NEGATION = re.compile(r"\b(?:not|no|never|without|cannot|none)\b|n't\b", re.IGNORECASE)


def near_question_key(question: str) -> tuple | None:
    """Questions with the same near key ask the same in other words ("Is data encrypted at rest?",
    "Do you encrypt your data at rest?"): the same subject terms and named things, the same form
    (yes/no or open), negated alike. None when too few terms to tell."""
    terms = frozenset(key_terms(question))
    if len(terms) < 2:
        return None
    return terms, frozenset(product_terms(question)), is_yes_no(_NUMBERING.sub("", question)), \
        bool(_NEGATION.search(question))


def digest(data: bytes, options: BatchOptions) -> str:
    """Names a file read a given way: the same file with the same options resumes the same job."""
    # Which cells are read, not how the copy is written: a job started before a writing option
    # existed keeps its digest, and resumes.
    read = options.model_dump_json(include={"sheet", "question_column"})
    return hashlib.sha256(data + read.encode()).hexdigest()


def plan_rows(job_id: str, questionnaire: Questionnaire) -> list[BatchRow]:
    """One row per question; a repeated question (or the same in other words) points at its first occurrence."""
    first: dict = {}
    rows = []
    for seq, q in enumerate(questionnaire.questions):
        keys = [same_question_key(q.question), near_question_key(q.question)]
        earlier = next((first[k] for k in keys if k is not None and k in first), None)
        rows.append(BatchRow(job_id=job_id, seq=seq, sheet=q.sheet, row=q.row, question=redact(q.question).text,
                             same_as=earlier))
        for key in keys:
            if key is not None:
                first.setdefault(key, seq)
    return rows


def new_job(filename: str, options: BatchOptions, **where) -> BatchJob:
    """A job not yet holding its file (a Slack job until a worker fetches it)."""
    return BatchJob(id=uuid.uuid4().hex[:12], filename=filename, options_json=options.model_dump_json(),
                    created_at=now(), **where)


async def attach_file(batches: BatchStore, job: BatchJob, data: bytes, limits: Limits,
                      questionnaire: Questionnaire | None = None) -> tuple[BatchJob, Questionnaire]:
    """Read the job's file (unless read already) and store it with the job's rows; QuestionnaireError
    when it cannot be read."""
    options = BatchOptions.model_validate_json(job.options_json)
    questionnaire = questionnaire or read_questionnaire(job.filename, data, options, limits)
    job = job.model_copy(update={"digest": digest(data, options),
                                 "questionnaire_json": questionnaire.model_dump_json(exclude={"questions"})})
    return await batches.attach(job, data, plan_rows(job.id, questionnaire)), questionnaire


async def create_job(batches: BatchStore, filename: str, data: bytes, options: BatchOptions,
                     limits: Limits) -> tuple[BatchJob, Questionnaire]:
    """Read the file and store a job answered at once (the command line's)."""
    questionnaire = read_questionnaire(filename, data, options, limits)  # a bad file leaves no job behind
    job = await batches.create(new_job(filename, options, status="running", started_at=now()))
    return await attach_file(batches, job, data, limits, questionnaire)
