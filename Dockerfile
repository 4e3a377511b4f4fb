# rfpbot: the Slack bot. Build: docker build -t rfpbot .
# Run (Socket Mode): docker run --env-file .env -v rfpbot-data:/data rfpbot
# Run (HTTP mode):   docker run --env-file .env -p 3000:3000 -v rfpbot-data:/data rfpbot serve --http
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    RFPBOT_DATA_DIR=/data

RUN useradd --create-home --uid 10001 rfpbot \
    && mkdir -p /data /app \
    && chown rfpbot:rfpbot /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY common ./common
COPY retrieval ./retrieval
COPY agents ./agents
COPY storage ./storage
COPY questionnaire ./questionnaire
COPY services ./services
COPY bot ./bot
COPY cli ./cli
COPY examples ./examples
RUN pip install . \
    # wordllama's weights ship inside the package; load them once here so a broken
    # install fails the build, not the first question.
    && python -c "from retrieval import WordLlamaEmbedder; WordLlamaEmbedder().embed_sync(['build check'])"

USER rfpbot
VOLUME ["/data"]
EXPOSE 3000

# /healthz answers in both modes (in Socket Mode on --port as well).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD python -c "import urllib.request,sys; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:3000/healthz', timeout=4).status == 200 else 1)"

ENTRYPOINT ["rfpbot"]
CMD ["serve"]
