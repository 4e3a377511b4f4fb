"""The test suite's fake Slack API as a process of its own: `python bench/_fake_slack.py PORT`."""

from __future__ import annotations

import sys
import threading

from _common import ROOT

sys.path.insert(0, str(ROOT))
from tests.fakes.slack_server import FakeSlack  # noqa: E402

if __name__ == "__main__":
    with FakeSlack().serve(int(sys.argv[1])):
        print("ready", flush=True)
        threading.Event().wait()
