"""What ``cloud.fetch()`` returns."""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Any, Dict, List, Literal, Union

FetchEncoding = Literal["utf-8", "base64"]
"""``utf-8`` for text, ``base64`` for binary bodies."""

FetchContent = Union[str, Dict[str, Any], List[Any]]
"""A string for ``raw`` and ``markdown`` (check ``encoding``); for ``json``, the extracted value."""


@dataclass(frozen=True)
class FetchResult:
    """One fetched URL: its content in the requested format and the target's transport metadata."""

    id: str
    """The service's id for this fetch."""
    content: FetchContent
    """A string for ``raw`` and ``markdown`` (check ``encoding``); an object for ``json``."""
    content_type: str
    """The MIME type the target reported."""
    encoding: FetchEncoding
    """``utf-8`` for text, ``base64`` for binary bodies."""
    headers: Dict[str, str]
    """The target's response headers."""
    status_code: int
    """The target's HTTP status: a 404 target is a successful call with 404 here."""

    def content_bytes(self) -> bytes:
        """The body as bytes, decoded by ``encoding``: base64 content decoded, text encoded as UTF-8.

        :raises TypeError: for ``json`` results, whose content is the extracted value, not a body.
        :raises ValueError: when base64 content is not valid base64.
        """
        if not isinstance(self.content, str):
            raise TypeError(
                "This result's content is extracted data (format json), not a body: read .content."
            )
        if self.encoding == "base64":
            try:
                return base64.b64decode(self.content, validate=True)
            except binascii.Error as error:
                raise ValueError(f"The content is not valid base64: {error}.") from None
        return self.content.encode("utf-8")
