"""cloud.fetch() against real Loupe Cloud servers (see cloud_fixture): every format, a target's own 404,
redirects, binary bodies, a wrong key, a blocked target, the environment defaults, the async variant
and the client's timeout."""

from __future__ import annotations

import asyncio
import os
import unittest
import urllib.request
from unittest import mock

from loupe import FetchError, FetchMetadata, FetchResult, cloud

from .cloud_fixture import CloudFixture, cloud_fixture

TITLE_SCHEMA = {
    "type": "object",
    "properties": {"title": {"type": "string"}},
    "required": ["title"],
    "additionalProperties": False,
}


class LiveTestCase(unittest.TestCase):
    cloud: CloudFixture

    @classmethod
    def setUpClass(cls) -> None:
        cls.cloud = cloud_fixture()

    def fetch(self, path: str, **request: object) -> FetchResult:
        return cloud.fetch(
            api_key=self.cloud.api_key,
            url=self.cloud.target(path),
            base_url=self.cloud.url,
            **request,  # type: ignore[arg-type]
        )

    def fetch_error(self, **request: object) -> FetchError:
        with self.assertRaises(FetchError) as caught:
            cloud.fetch(**request)  # type: ignore[arg-type]
        return caught.exception


class Formats(LiveTestCase):
    def test_raw_is_the_body_as_is_with_the_targets_metadata(self) -> None:
        result = self.fetch("/page.txt")
        self.assertEqual(
            (result.content, result.encoding, result.content_type, result.status_code),
            ("plain page", "utf-8", "text/plain", 200),
        )
        self.assertRegex(result.id, r"^ftc_")
        self.assertEqual(result.headers["x-from"], "target")

    def test_raw_text_keeps_every_character(self) -> None:
        self.assertEqual(self.fetch("/utf8.txt").content, "Grüße aus Köln — 東京 ☕")

    def test_markdown_is_the_main_content(self) -> None:
        result = self.fetch("/page.html", format="markdown")
        self.assertEqual(result.encoding, "utf-8")
        assert isinstance(result.content, str)
        self.assertIn("# Tide Tables", result.content)
        self.assertIn("high water 06:12", result.content)
        self.assertNotIn("<p>", result.content)

    def test_metadata_is_what_the_pages_structured_data_states(self) -> None:
        result = self.fetch("/page.html", format="markdown", metadata=True)
        self.assertEqual(
            result.metadata,
            FetchMetadata(type="Article", title="Tide Tables", author="Harbour Master", date="2026-03-02"),
        )
        assert isinstance(result.content, str)
        self.assertTrue(result.content.startswith("---\n"), "front matter opens the markdown")
        self.assertIn("# Tide Tables", result.content)
        self.assertIsNone(self.fetch("/page.html", format="markdown").metadata)

    def test_json_is_extracted_on_the_server(self) -> None:
        result = self.fetch("/page.html", format="json", schema=TITLE_SCHEMA)
        self.assertEqual(result.content, {"title": "Tide Tables"})
        self.assertEqual((result.status_code, result.encoding), (200, "utf-8"))

    def test_binary_comes_as_base64_and_decodes_to_the_same_bytes(self) -> None:
        result = self.fetch("/image.png")
        self.assertEqual((result.encoding, result.content_type), ("base64", "image/png"))
        with urllib.request.urlopen(self.cloud.target("/image.png")) as direct:
            self.assertEqual(result.content_bytes(), direct.read())


class Statuses(LiveTestCase):
    def test_a_target_404_is_a_result(self) -> None:
        result = self.fetch("/no-such-page")
        self.assertEqual((result.status_code, result.content), (404, "no such route"))

    def test_a_redirect_is_reported_without_allow_redirects(self) -> None:
        result = self.fetch("/redirect")
        self.assertEqual(result.status_code, 302)
        self.assertEqual(result.headers["location"], "/page.txt")

    def test_a_redirect_is_followed_with_allow_redirects(self) -> None:
        result = self.fetch("/redirect", allow_redirects=True)
        self.assertEqual((result.status_code, result.content), (200, "plain page"))


class ServiceErrors(LiveTestCase):
    def test_a_wrong_key_is_401_unauthorized(self) -> None:
        error = self.fetch_error(
            api_key="lp_not-a-key", url=self.cloud.target("/page.txt"), base_url=self.cloud.url
        )
        self.assertEqual((error.status, error.code), (401, "unauthorized"))
        self.assertTrue(error.request_id)

    def test_a_loopback_target_is_blocked_without_allow_private_network(self) -> None:
        error = self.fetch_error(
            api_key=self.cloud.strict_api_key,
            url=self.cloud.target("/page.txt"),
            base_url=self.cloud.strict_url,
        )
        self.assertEqual((error.status, error.code), (403, "blocked_target"))

    def test_binary_content_cannot_become_markdown(self) -> None:
        error = self.fetch_error(
            api_key=self.cloud.api_key,
            url=self.cloud.target("/image.png"),
            base_url=self.cloud.url,
            format="markdown",
        )
        self.assertEqual((error.status, error.code), (415, "unsupported_conversion"))


class Defaults(LiveTestCase):
    def test_key_and_service_come_from_LOUPE_API_KEY_and_LOUPE_CLOUD_URL(self) -> None:
        env = {"LOUPE_API_KEY": self.cloud.api_key, "LOUPE_CLOUD_URL": self.cloud.url}
        with mock.patch.dict(os.environ, env):
            result = cloud.fetch(url=self.cloud.target("/page.txt"))
        self.assertEqual(result.content, "plain page")


class Async(LiveTestCase):
    def test_fetch_async_gives_the_same_results_concurrently(self) -> None:
        async def both() -> "list[FetchResult]":
            return list(
                await asyncio.gather(
                    cloud.fetch_async(
                        api_key=self.cloud.api_key,
                        url=self.cloud.target("/page.txt"),
                        base_url=self.cloud.url,
                    ),
                    cloud.fetch_async(
                        api_key=self.cloud.api_key,
                        url=self.cloud.target("/page.html"),
                        base_url=self.cloud.url,
                        format="markdown",
                    ),
                )
            )

        text, page = asyncio.run(both())
        self.assertEqual(text.content, "plain page")
        assert isinstance(page.content, str)
        self.assertIn("# Tide Tables", page.content)

    def test_fetch_async_raises_service_errors(self) -> None:
        with self.assertRaises(FetchError) as caught:
            asyncio.run(
                cloud.fetch_async(
                    api_key="lp_not-a-key",
                    url=self.cloud.target("/page.txt"),
                    base_url=self.cloud.url,
                )
            )
        self.assertEqual(caught.exception.code, "unauthorized")

    def test_cancelling_the_task_raises_CancelledError(self) -> None:
        async def cancel() -> None:
            task = asyncio.ensure_future(
                cloud.fetch_async(
                    api_key=self.cloud.api_key,
                    url=self.cloud.target("/slow"),
                    base_url=self.cloud.url,
                    timeout=2,
                )
            )
            await asyncio.sleep(0.2)
            task.cancel()
            with self.assertRaises(asyncio.CancelledError):
                await task

        asyncio.run(cancel())


class Timeout(LiveTestCase):
    def test_a_silent_service_raises_TimeoutError(self) -> None:
        # The target never answers; the service would give up on it after its own idle limit (a
        # FetchError target_timeout). The client's timeout comes first, as a TimeoutError.
        with self.assertRaisesRegex(TimeoutError, "did not answer within 0.5 s"):
            self.fetch("/slow", timeout=0.5)


if __name__ == "__main__":
    unittest.main()
