"""The public names, exactly: a renamed parameter, field or attribute fails here."""

# The class relations checked here are the public contract, even where the types already imply them.
# pyright: reportUnnecessaryIsInstance=false

from __future__ import annotations

import dataclasses
import inspect
import unittest

import loupe
from loupe import FetchError, FetchResult, FetchValidationError, cloud

FETCH_PARAMETERS = [
    "api_key",
    "url",
    "format",
    "schema",
    "proxies",
    "allow_redirects",
    "allow_insecure_ssl",
    "base_url",
    "timeout",
    "metadata",
]


class Names(unittest.TestCase):
    def test_fetch_and_fetch_async_take_the_same_keyword_only_parameters(self) -> None:
        for function in (cloud.fetch, cloud.fetch_async):
            with self.subTest(function=function.__name__):
                parameters = inspect.signature(function).parameters
                self.assertEqual(list(parameters), FETCH_PARAMETERS)
                self.assertTrue(
                    all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in parameters.values())
                )
                defaults = {name: p.default for name, p in parameters.items()}
                self.assertIs(defaults["url"], inspect.Parameter.empty)
                self.assertEqual(defaults["format"], "raw")
                for name in ("api_key", "schema", "base_url", "timeout"):
                    self.assertIsNone(defaults[name])
                for name in ("proxies", "allow_redirects", "allow_insecure_ssl", "metadata"):
                    self.assertIs(defaults[name], False)
        self.assertTrue(inspect.iscoroutinefunction(cloud.fetch_async))

    def test_the_result_fields(self) -> None:
        self.assertEqual(
            [field.name for field in dataclasses.fields(FetchResult)],
            ["id", "content", "content_type", "encoding", "headers", "status_code", "metadata"],
        )
        self.assertEqual(
            [field.name for field in dataclasses.fields(loupe.FetchMetadata)],
            ["type", "title", "author", "date", "price", "currency"],
        )

    def test_the_error_attributes(self) -> None:
        error = FetchError("m", 401, "unauthorized", "req_1")
        self.assertEqual(
            {name: getattr(error, name) for name in ("status", "code", "request_id", "message")},
            {"status": 401, "code": "unauthorized", "request_id": "req_1", "message": "m"},
        )
        self.assertTrue(issubclass(FetchError, loupe.ClientError))
        self.assertTrue(issubclass(FetchValidationError, loupe.ClientError))

    def test_the_package_exports(self) -> None:
        self.assertEqual(
            sorted(loupe.__all__),
            sorted(
                [
                    "cloud",
                    "ClientError",
                    "FetchContent",
                    "FetchEncoding",
                    "FetchError",
                    "FetchErrorCode",
                    "FetchFormat",
                    "FetchMetadata",
                    "FetchResult",
                    "FetchValidationError",
                    "__version__",
                ]
            ),
        )
        for name in loupe.__all__:
            self.assertTrue(hasattr(loupe, name), name)
        self.assertIs(loupe.cloud, cloud)

    def test_the_error_codes(self) -> None:
        from loupe.errors import FETCH_ERROR_CODES

        self.assertEqual(
            FETCH_ERROR_CODES,
            {
                "invalid_request",
                "unauthorized",
                "rate_limited",
                "blocked_target",
                "target_unreachable",
                "tls_error",
                "response_too_large",
                "target_timeout",
                "unsupported_conversion",
                "extraction_failed",
            },
        )


if __name__ == "__main__":
    unittest.main()
