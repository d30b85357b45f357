"""What is checked before anything is sent, and where a request goes."""

# The class relations checked here are the public contract, even where the types already imply them.
# pyright: reportUnnecessaryIsInstance=false

from __future__ import annotations

import asyncio
import os
import unittest
from typing import Any, Dict
from unittest import mock

from loupe import FetchValidationError, cloud
from loupe.fetch_request import DEFAULT_CLOUD_URL, PreparedFetch, cloud_base_url, prepare_fetch

from .stub_service import StubService

SCHEMA = {"type": "object", "properties": {"title": {"type": "string"}}}


class TheThreeRules(unittest.TestCase):
    """json without schema, schema with another format, a non-http(s) url: refused, nothing sent."""

    def setUp(self) -> None:
        self.stub = StubService().start()
        self.addCleanup(self.stub.close)

    def refused(self, pattern: str, **request: Any) -> None:
        with self.assertRaisesRegex(FetchValidationError, pattern):
            cloud.fetch(api_key="k", base_url=self.stub.url, **request)
        self.assertEqual(self.stub.received, [], "a refused request must not reach the service")

    def test_json_without_schema(self) -> None:
        self.refused(r'format "json" needs a schema', url="https://example.com", format="json")

    def test_schema_with_another_format(self) -> None:
        for fmt in ("raw", "markdown"):
            with self.subTest(format=fmt):
                self.refused(
                    r'schema goes with format "json" only.*format is "' + fmt,
                    url="https://example.com",
                    format=fmt,
                    schema=SCHEMA,
                )
        self.refused(r"schema goes with format", url="https://example.com", schema=SCHEMA)

    def test_url_that_is_not_http(self) -> None:
        for url, pattern in (
            ("ftp://example.com/file", r"must be http or https, not ftp"),
            ("file:///etc/passwd", r"must be http or https, not file"),
            ("javascript:alert(1)", r"must be http or https, not javascript"),
            ("example.com", r"is not a URL"),
            ("http://", r"is not a URL"),
            ("http://example.com:99999/", r"is not a URL"),
        ):
            with self.subTest(url=url):
                self.refused(pattern, url=url)

    def test_the_async_variant_applies_them_too(self) -> None:
        with self.assertRaises(FetchValidationError):
            asyncio.run(cloud.fetch_async(api_key="k", base_url=self.stub.url, url="ftp://x/"))
        self.assertEqual(self.stub.received, [])

    def test_the_error_is_a_value_error(self) -> None:
        self.assertTrue(issubclass(FetchValidationError, ValueError))


def prepare(**overrides: Any) -> PreparedFetch:
    """prepare_fetch with fetch()'s defaults, a key, and an empty environment unless ``env`` is given."""
    env: Dict[str, str] = overrides.pop("env", {})
    request: Dict[str, Any] = dict(
        api_key="k",
        url="https://example.com/",
        format="raw",
        schema=None,
        proxies=False,
        allow_redirects=False,
        allow_insecure_ssl=False,
        base_url=None,
    )
    request.update(overrides)
    return prepare_fetch(env=env, **request)


class OtherChecks(unittest.TestCase):
    def test_format_must_be_known(self) -> None:
        with self.assertRaisesRegex(FetchValidationError, r"format must be one of raw, json, markdown"):
            prepare(format="html")

    def test_flags_must_be_booleans(self) -> None:
        for name in ("proxies", "allow_redirects", "allow_insecure_ssl"):
            with self.subTest(name=name), self.assertRaisesRegex(FetchValidationError, name):
                prepare(**{name: "yes"})

    def test_metadata_must_be_a_boolean_and_goes_with_markdown_or_json(self) -> None:
        with self.assertRaisesRegex(FetchValidationError, "metadata must be True or False"):
            prepare(format="markdown", metadata="yes")
        with self.assertRaisesRegex(FetchValidationError, r'metadata goes with format "markdown" or "json"'):
            prepare(metadata=True)

    def test_metadata_is_sent_only_when_asked(self) -> None:
        self.assertNotIn("metadata", prepare(format="markdown").body)
        self.assertIs(prepare(format="markdown", metadata=True).body["metadata"], True)
        self.assertIs(prepare(format="json", schema=SCHEMA, metadata=True).body["metadata"], True)

    def test_schema_must_be_a_json_object(self) -> None:
        with self.assertRaisesRegex(FetchValidationError, "JSON Schema object"):
            prepare(format="json", schema=["not", "an", "object"])
        with self.assertRaisesRegex(FetchValidationError, "plain JSON"):
            prepare(format="json", schema={"type": "object", "default": object()})

    def test_timeout_must_be_positive(self) -> None:
        with self.assertRaisesRegex(FetchValidationError, "timeout"):
            cloud.fetch(api_key="k", url="https://example.com", timeout=0)

    def test_the_key_is_required(self) -> None:
        with self.assertRaisesRegex(FetchValidationError, "api_key is required.*LOUPE_API_KEY"):
            prepare(api_key=None)
        with self.assertRaisesRegex(FetchValidationError, "api_key is required"):
            prepare(api_key="  ")

    def test_the_key_falls_back_to_LOUPE_API_KEY(self) -> None:
        self.assertEqual(prepare(api_key=None, env={"LOUPE_API_KEY": "from-env"}).api_key, "from-env")
        self.assertEqual(prepare(api_key="given", env={"LOUPE_API_KEY": "from-env"}).api_key, "given")

    def test_the_body_carries_the_wire_names(self) -> None:
        prepared = prepare(format="json", schema=SCHEMA, allow_redirects=True)
        self.assertEqual(
            prepared.body,
            {
                "url": "https://example.com/",
                "format": "json",
                "schema": SCHEMA,
                "proxies": False,
                "allowRedirects": True,
                "allowInsecureSsl": False,
            },
        )

    def test_a_bad_base_url_is_refused(self) -> None:
        with self.assertRaisesRegex(FetchValidationError, 'base_url "ftp://host"'):
            prepare(base_url="ftp://host")
        with self.assertRaisesRegex(FetchValidationError, 'LOUPE_CLOUD_URL "nowhere"'):
            prepare(env={"LOUPE_CLOUD_URL": "nowhere"})


class WhereARequestGoes(unittest.TestCase):
    def test_base_url_then_LOUPE_CLOUD_URL_then_the_local_default(self) -> None:
        env = {"LOUPE_CLOUD_URL": "http://env.example:1/"}
        self.assertEqual(cloud_base_url("https://given.example/", env), "https://given.example")
        self.assertEqual(cloud_base_url(None, env), "http://env.example:1")
        self.assertEqual(cloud_base_url(None, {}), "http://127.0.0.1:4455")
        self.assertEqual(cloud_base_url(None, {"LOUPE_CLOUD_URL": ""}), DEFAULT_CLOUD_URL)

    def test_a_path_prefix_is_kept(self) -> None:
        prepared = prepare(base_url="https://gateway.example/loupe/")
        self.assertEqual(prepared.endpoint, "https://gateway.example/loupe/v1/fetch")

    def test_fetch_reads_the_environment(self) -> None:
        with StubService() as stub, mock.patch.dict(
            os.environ, {"LOUPE_CLOUD_URL": stub.url, "LOUPE_API_KEY": "env-key"}
        ):
            cloud.fetch(url="https://example.com/")
        self.assertEqual(stub.received[0].headers["authorization"], "Bearer env-key")


if __name__ == "__main__":
    unittest.main()
