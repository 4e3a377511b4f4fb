"""Single-workspace authorization with one auth.test call, shared by every request.

Bolt's token-based authorization calls auth.test on the first request; under a
burst of first requests each of them calls it. This asks once and reuses the answer.
"""

from __future__ import annotations

import asyncio

from slack_bolt.authorization import AuthorizeResult
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from services import ConfigError


class WorkspaceAuth:
    """The bot's identity in its one workspace, asked of Slack once."""

    def __init__(self, client: AsyncWebClient) -> None:
        self._client = client
        self._result: AuthorizeResult | None = None
        self._lock = asyncio.Lock()

    async def result(self) -> AuthorizeResult:
        """The cached authorization; a rejected token is a configuration error."""
        async with self._lock:
            if self._result is None:
                try:
                    response = await self._client.auth_test()
                except SlackApiError as exc:
                    raise ConfigError(f"Slack refused SLACK_BOT_TOKEN ({exc.response.get('error')}): copy the "
                                      "Bot User OAuth Token (xoxb-…) of the installed app") from exc
                self._result = AuthorizeResult.from_auth_test_response(
                    bot_token=self._client.token, auth_test_response=response)
            return self._result

    def authorize(self):
        """The function Bolt calls for each request."""

        async def authorize() -> AuthorizeResult:
            return await self.result()

        return authorize
