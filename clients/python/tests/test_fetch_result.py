"""The helper that reads a result's content by its encoding."""

from __future__ import annotations

import unittest
from typing import Any

from loupe import FetchResult


def result(content: Any, encoding: Any = "utf-8") -> FetchResult:
    return FetchResult(
        id="ftc_1",
        content=content,
        content_type="application/octet-stream",
        encoding=encoding,
        headers={},
        status_code=200,
    )


class ContentBytes(unittest.TestCase):
    def test_decodes_base64(self) -> None:
        self.assertEqual(result("AAEC/w==", "base64").content_bytes(), b"\x00\x01\x02\xff")

    def test_encodes_text_as_utf8(self) -> None:
        self.assertEqual(result("Grüße ☕").content_bytes(), "Grüße ☕".encode("utf-8"))

    def test_refuses_extracted_data(self) -> None:
        with self.assertRaisesRegex(TypeError, "format json"):
            result({"title": "x"}).content_bytes()

    def test_refuses_broken_base64(self) -> None:
        with self.assertRaisesRegex(ValueError, "not valid base64"):
            result("not base64!", "base64").content_bytes()


class TheResult(unittest.TestCase):
    def test_is_immutable(self) -> None:
        with self.assertRaises(AttributeError):
            result("x").status_code = 500  # type: ignore[misc]


if __name__ == "__main__":
    unittest.main()
