"""Building the Slack app (slack-bolt AsyncApp) and everything it needs."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from aiohttp import web
from slack_bolt.adapter.aiohttp import to_aiohttp_response
from slack_bolt.async_app import AsyncApp
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_sdk.http_retry.builtin_async_handlers import (AsyncConnectionErrorRetryHandler,
                                                         AsyncRateLimitErrorRetryHandler, AsyncServerErrorRetryHandler)
from slack_sdk.http_retry.builtin_interval_calculators import BackoffRetryIntervalCalculator, RandomJitter
from slack_sdk.web.async_client import AsyncWebClient

from agents import Pipeline, send_threshold
from common import HTTP_RETRIES
from retrieval import Embedder
from services import (AnswerLibrary, BatchRunner, ChannelSources, ConfigError, Intake, KnowledgeBases, Opener,
                      QuestionQueue, Settings, available, limits_of, make_library, small_talk_kind)
from storage import ActivityStore, BatchStore, ChannelSettingsStore, FeedbackStore, Store

from . import listeners
from .answering.answerer import QuestionWorker, worker_name
from .answering.interrupted import tell_interrupted
from .auth import WorkspaceAuth
from .library_slack import SlackLibraryImport
from .listener_deps import AppDeps
from .questionnaires.publish import BatchPublisher
from .questionnaires.queue import JobQueue
from .questionnaires.review_pages import BatchReview
from .questionnaires.slack_files import SlackFiles
from .questionnaires.worker import JobWorker
from .review.desk import ReviewDesk
from .review.home_tab import HomeTab
from .review.reviewers import ReviewerDirectory, Reviewers
from .verification import SignatureCheck

log = logging.getLogger(__name__)
EVENTS_PATH = "/slack/events"


def slack_client(settings: Settings) -> AsyncWebClient:
    """The Web API client: SLACK_API_URL when set; rate limits (after their Retry-After), 5xx and dropped
    connections retried by slack_sdk's own handlers, as often as the one policy says (common/retry.py)."""
    token = settings.bot_token()
    backoff = BackoffRetryIntervalCalculator(backoff_factor=HTTP_RETRIES.base_delay, jitter=RandomJitter())
    retries = [AsyncConnectionErrorRetryHandler(max_retry_count=HTTP_RETRIES.retries, interval_calculator=backoff),
               AsyncRateLimitErrorRetryHandler(max_retry_count=HTTP_RETRIES.retries),
               AsyncServerErrorRetryHandler(max_retry_count=HTTP_RETRIES.retries, interval_calculator=backoff)]
    kwargs = {"base_url": settings.slack_api_url} if settings.slack_api_url else {}
    return AsyncWebClient(token=token, retry_handlers=retries, **kwargs)


def reviewer_directory(settings: Settings, client: AsyncWebClient, store: Store) -> ReviewerDirectory:
    """RFPBOT_REVIEWERS, and each channel's own (`/rfp config`)."""
    return ReviewerDirectory(Reviewers(settings.reviewer_ids(), client), ChannelSettingsStore(store), client)


@dataclass(frozen=True)
class SharedParts:
    """The collaborators both the listeners and the answering worker use."""

    reviewers: ReviewerDirectory
    library: AnswerLibrary
    batches: BatchStore
    files: SlackFiles
    pages: BatchReview
    publisher: BatchPublisher


def shared_parts(settings: Settings, client: AsyncWebClient, store: Store, embedder: Embedder) -> SharedParts:
    """Built in one place for both; an in-process worker runs on an event loop of its own, so it gets
    its own set (their clients and locks belong to the loop that made them)."""
    reviewers = reviewer_directory(settings, client, store)
    batches = BatchStore(store)
    files = SlackFiles(client, settings.batch_max_bytes)
    pages = BatchReview(client, batches, reviewers)
    return SharedParts(reviewers=reviewers, library=make_library(settings, store, embedder), batches=batches,
                       files=files, pages=pages, publisher=BatchPublisher(client, files, batches, store, pages))


def build_deps(settings: Settings, client: AsyncWebClient, store: Store, embedder: Embedder,
               notify: Callable[[], None] = lambda: None) -> AppDeps:
    """Wire the collaborators the listeners use; `notify` wakes an in-process worker."""
    parts = shared_parts(settings, client, store, embedder)
    return AppDeps(client=client, store=store, queue=QuestionQueue(store, notify),
                   desk=ReviewDesk(client, store, parts.reviewers, parts.library, parts.pages),
                   auth=WorkspaceAuth(client), jobs=JobQueue(client, parts.batches, notify), batches=parts.batches,
                   publisher=parts.publisher, feedback=FeedbackStore(store),
                   home=HomeTab(client, ActivityStore(store), parts.reviewers.default),
                   channels=ChannelSettingsStore(store),
                   library_import=SlackLibraryImport(client, parts.files, store, embedder, parts.reviewers,
                                                     limits_of(settings)),
                   default_threshold=send_threshold(settings.pipeline.confidence_threshold),
                   knowledge_bases=lambda: available(settings))


def build_worker(settings: Settings, client: AsyncWebClient, store: Store, pipeline: Pipeline,
                 embedder: Embedder, progress_interval: float = 1.0, opener: Opener | None = None) -> QuestionWorker:
    """The answering worker over the same database: questions, and questionnaire jobs one at a time.

    `pipeline` answers from the default knowledge base; `opener` opens a named one that a
    channel chose (`/rfp config`), on first use."""
    parts = shared_parts(settings, client, store, embedder)
    sources = ChannelSources(KnowledgeBases(pipeline, opener), ChannelSettingsStore(store))
    name = worker_name()
    runner = BatchRunner(parts.batches, pipeline, parts.library, settings.pipeline, settings.batch_concurrency)
    jobs = JobWorker(client, parts.batches, runner, parts.files, parts.publisher, limits_of(settings), name,
                     progress_interval=2 * progress_interval, sources=sources)
    return QuestionWorker(client, store, Intake(store, parts.library, sources), sources, parts.reviewers, jobs,
                          settings.max_concurrent_runs, progress_interval, name=name)


def build_app(settings: Settings, deps: AppDeps, *, verify_requests: bool = True) -> AsyncApp:
    """The Bolt app with every listener registered."""
    if verify_requests and not settings.slack_signing_secret:
        raise ConfigError("SLACK_SIGNING_SECRET is not set: HTTP mode needs it to verify requests from Slack")
    app = AsyncApp(authorize=deps.auth.authorize(), client=deps.client,
                   signing_secret=settings.slack_signing_secret or "unused-in-socket-mode",
                   request_verification_enabled=verify_requests)
    listeners.register(app, deps)
    return app


Readiness = Callable[[], tuple[int, int]]
"""How many answering workers are loaded, of how many (see `WorkerProcesses.ready`)."""


async def _health(_: web.Request) -> web.Response:
    return web.json_response({"ok": True})


def _readiness(ready: Readiness | None):
    # /healthz says the process is up; /readyz that it answers too: its workers have loaded (a load
    # balancer sends to the other replicas meanwhile, rather than to one still loading).
    async def handle(_: web.Request) -> web.Response:
        loaded, total = ready() if ready else (0, 0)  # None: answering in this process, ready once serving
        return web.json_response({"ready": loaded == total, "workers_ready": loaded, "workers": total},
                                 status=200 if loaded == total else 503)

    return handle


def _health_routes(application: web.Application, ready: Readiness | None) -> None:
    application.router.add_get("/healthz", _health)
    application.router.add_get("/readyz", _readiness(ready))


def web_app(app: AsyncApp, signing_secret: str, ready: Readiness | None = None) -> web.Application:
    """The aiohttp application of HTTP mode: Slack's requests (signed ones only), health and readiness."""
    application = web.Application()
    application.router.add_post(EVENTS_PATH, _slack_handler(app, SignatureCheck(signing_secret)))
    _health_routes(application, ready)
    return application


def _slack_handler(app: AsyncApp, check: SignatureCheck):
    async def handle(request: web.Request) -> web.Response:
        body = await request.read()
        verdict = check.verify(body, request.headers.get("X-Slack-Request-Timestamp"),
                               request.headers.get("X-Slack-Signature"))
        if not verdict.ok:
            log.warning("refused a request to %s: %s", EVENTS_PATH, verdict.reason)
            return web.json_response({"error": verdict.reason}, status=verdict.status)
        bolt_request = AsyncBoltRequest(body=body.decode("utf-8"), query=request.query_string,
                                        headers=request.headers)
        return await to_aiohttp_response(await app.async_dispatch(bolt_request))

    return handle


def health_app(ready: Readiness | None = None) -> web.Application:
    """Only health and readiness (Socket Mode has no other HTTP endpoint)."""
    application = web.Application()
    _health_routes(application, ready)
    return application


async def warm_up(deps: AppDeps, embedder: Embedder) -> None:
    """Check the token, load the embedding model and the sentence splitter (the small-talk check runs
    before Slack's acknowledgement) before the first question arrives."""
    await deps.auth.result()
    await embedder.embed(["warm-up"])
    small_talk_kind("Hello. Are you there?")


async def recover_interrupted(deps: AppDeps) -> int:
    """Runs whose worker died (their lease expired): marked interrupted, their threads told.

    Runs another live process still holds keep running: replicas share one database.
    """
    await deps.batches.requeue_stalled()  # a questionnaire job resumes where it stopped
    return await tell_interrupted(deps.client, await deps.store.expire_leases())
