"""How the client reads what the service answers, including answers a healthy Loupe Cloud never gives
(a proxy's HTML error page, an unknown code, a body that is not a fetch result)."""

from __future__ import annotations

import pickle
import unittest
from unittest import mock

from loupe import FetchError, FetchMetadata, FetchResult, cloud

from .stub_service import StubService, valid_result


class TheRequest(unittest.TestCase):
    def test_is_a_json_POST_to_v1_fetch_with_the_key_as_a_bearer_token(self) -> None:
        with StubService() as stub:
            cloud.fetch(
                api_key="lp_key",
                url="https://example.com/",
                format="markdown",
                allow_redirects=True,
                base_url=stub.url + "/",
            )
        [received] = stub.received
        self.assertEqual((received.method, received.path), ("POST", "/v1/fetch"))
        self.assertEqual(received.headers["authorization"], "Bearer lp_key")
        self.assertEqual(received.headers["content-type"], "application/json")
        self.assertRegex(received.headers["user-agent"], r"^loupe-python/\d")
        self.assertEqual(
            received.body,
            {
                "url": "https://example.com/",
                "format": "markdown",
                "proxies": False,
                "allowRedirects": True,
                "allowInsecureSsl": False,
            },
        )


class Answers(unittest.TestCase):
    def setUp(self) -> None:
        self.stub = StubService().start()
        self.addCleanup(self.stub.close)

    def fetch(self) -> FetchResult:
        return cloud.fetch(api_key="k", url="https://example.com/", base_url=self.stub.url)

    def fetch_error(self) -> FetchError:
        with self.assertRaises(FetchError) as caught:
            self.fetch()
        return caught.exception

    def test_a_result_becomes_a_FetchResult(self) -> None:
        self.stub.answer_json(200, valid_result(statusCode=404, headers={"x-a": "1"}))
        result = self.fetch()
        self.assertEqual(
            result,
            FetchResult(
                id="ftc_1",
                content="hello",
                content_type="text/plain",
                encoding="utf-8",
                headers={"x-a": "1"},
                status_code=404,
            ),
        )

    def test_an_error_body_gives_status_code_message_and_request_id(self) -> None:
        self.stub.answer_json(
            429,
            {"statusCode": 429, "error": "rate_limited", "message": "Slow down.", "id": "req_7"},
        )
        error = self.fetch_error()
        self.assertEqual(
            (error.status, error.code, str(error), error.request_id),
            (429, "rate_limited", "Slow down.", "req_7"),
        )

    def test_without_a_known_code_the_status_decides(self) -> None:
        for status, code in (
            (401, "unauthorized"),
            (403, "unauthorized"),
            (429, "rate_limited"),
            (400, "invalid_request"),
            (404, "invalid_request"),
            (502, "target_unreachable"),
        ):
            with self.subTest(status=status):
                self.stub.answer(status, b"<html>Bad Gateway</html>", "text/html")
                error = self.fetch_error()
                self.assertEqual((error.status, error.code), (status, code))
                self.assertEqual(str(error), f"Loupe Cloud answered HTTP {status}.")
        self.stub.answer_json(500, {"error": "no_such_code", "message": "odd"})
        self.assertEqual(self.fetch_error().code, "target_unreachable")

    def test_a_success_that_is_not_json(self) -> None:
        self.stub.answer(200, b"<html>captive portal</html>", "text/html")
        error = self.fetch_error()
        self.assertEqual((error.status, error.code), (200, "extraction_failed"))
        self.assertIn("not JSON: <html>captive portal", str(error))

    def test_an_answer_past_the_cap_is_refused_while_reading(self) -> None:
        self.stub.answer(200, b"x" * 4096)
        with mock.patch("loupe.cloud._MAX_ANSWER_BYTES", 1024), mock.patch(
            "loupe.cloud._READ_CHUNK_BYTES", 256
        ):
            error = self.fetch_error()
        self.assertEqual((error.status, error.code), (200, "response_too_large"))

    def test_a_success_that_is_not_a_fetch_result(self) -> None:
        self.stub.answer_json(200, valid_result(encoding="latin-1", statusCode="200"))
        error = self.fetch_error()
        self.assertEqual(error.code, "extraction_failed")
        self.assertIn("encoding, statusCode", str(error))


    def test_metadata_becomes_FetchMetadata_without_members_it_does_not_know(self) -> None:
        self.stub.answer_json(
            200, valid_result(metadata={"type": "Product", "price": "19.99", "currency": "EUR", "new": 1})
        )
        self.assertEqual(
            self.fetch().metadata, FetchMetadata(type="Product", price="19.99", currency="EUR")
        )
        self.stub.answer_json(200, valid_result())
        self.assertIsNone(self.fetch().metadata)

    def test_metadata_that_is_not_an_object_of_strings_is_not_a_fetch_result(self) -> None:
        for metadata in (["Product"], {"title": 7}):
            with self.subTest(metadata=metadata):
                self.stub.answer_json(200, valid_result(metadata=metadata))
                error = self.fetch_error()
                self.assertEqual(error.code, "extraction_failed")
                self.assertIn("(metadata missing or wrong)", str(error))


class Unreachable(unittest.TestCase):
    def test_a_service_that_is_not_there_is_a_FetchError_with_status_0(self) -> None:
        with StubService() as stub:
            url = stub.url  # the port is free again once the stub has closed
        with self.assertRaises(FetchError) as caught:
            cloud.fetch(api_key="k", url="https://example.com/", base_url=url)
        error = caught.exception
        self.assertEqual((error.status, error.code), (0, "target_unreachable"))
        self.assertIn("could not be reached", str(error))
        self.assertIn("LOUPE_CLOUD_URL", str(error))


class TheError(unittest.TestCase):
    def test_survives_pickling(self) -> None:
        error = FetchError("m", 401, "unauthorized", "req_1")
        copy = pickle.loads(pickle.dumps(error))
        self.assertEqual(
            (str(copy), copy.status, copy.code, copy.request_id), ("m", 401, "unauthorized", "req_1")
        )


if __name__ == "__main__":
    unittest.main()
