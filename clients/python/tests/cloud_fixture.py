"""Where the real Loupe Cloud servers of the live tests run, read from the environment.

The repository's test harness starts them (two ``loupe cloud serve`` processes, a loopback target site
and a scripted model) and sets these variables; see the README for running these tests on their own.
"""

from __future__ import annotations

import os
import unittest
from dataclasses import dataclass

_VARIABLES = (
    "LOUPE_CLOUD_URL",
    "LOUPE_API_KEY",
    "LOUPE_TEST_STRICT_CLOUD_URL",
    "LOUPE_TEST_STRICT_API_KEY",
    "LOUPE_TEST_TARGET_URL",
)

HOW_TO_RUN = (
    "from the repository root: npx tsx test/support/with-clients-fixture.ts -- "
    "python3 -m unittest discover -s clients/python/tests -t clients/python"
)


@dataclass(frozen=True)
class CloudFixture:
    url: str
    """The server with --allow-private-network (also LOUPE_CLOUD_URL)."""
    api_key: str
    strict_url: str
    """The server without --allow-private-network: loopback targets are blocked there."""
    strict_api_key: str
    target_url: str
    """The loopback target site, without a trailing slash."""

    def target(self, path: str) -> str:
        return self.target_url + path


def cloud_fixture() -> CloudFixture:
    """The fixture, or a skip (a failure when LOUPE_TEST_REQUIRE_CLOUD=1) when it is not running."""
    missing = [name for name in _VARIABLES if not os.environ.get(name)]
    if missing:
        message = f"no Loupe Cloud fixture ({', '.join(missing)} unset); run {HOW_TO_RUN}"
        if os.environ.get("LOUPE_TEST_REQUIRE_CLOUD") == "1":
            raise RuntimeError(message)
        raise unittest.SkipTest(message)
    env = os.environ
    return CloudFixture(
        url=env["LOUPE_CLOUD_URL"],
        api_key=env["LOUPE_API_KEY"],
        strict_url=env["LOUPE_TEST_STRICT_CLOUD_URL"],
        strict_api_key=env["LOUPE_TEST_STRICT_API_KEY"],
        target_url=env["LOUPE_TEST_TARGET_URL"].rstrip("/"),
    )
