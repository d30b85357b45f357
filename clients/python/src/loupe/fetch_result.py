"""What ``cloud.fetch()`` returns."""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass, fields
from typing import Any, Dict, List, Literal, Optional, Union, cast

FetchEncoding = Literal["utf-8", "base64"]
"""``utf-8`` for text, ``base64`` for binary bodies."""

FetchContent = Union[str, Dict[str, Any], List[Any]]
"""A string for ``raw`` and ``markdown`` (check ``encoding``); for ``json``, the extracted value."""


@dataclass(frozen=True)
class FetchMetadata:
    """What a page's structured data (JSON-LD, microdata; its meta tags for title, author and date)
    states about the thing it is about, asked for with ``metadata=True``. A field is None unless the
    page states it: nothing is invented."""

    type: Optional[str] = None
    """The schema.org type of the page's main thing: ``Product``, ``NewsArticle``, ``Recipe``…"""
    title: Optional[str] = None
    author: Optional[str] = None
    """The authors' names, joined with ", "."""
    date: Optional[str] = None
    """ISO 8601, the publication date or an event's start: YYYY-MM-DD, with the time and offset
    when the page states one in ISO form."""
    price: Optional[str] = None
    """The price as stated (``"19.99"``, or ``"10.00–25.00"`` for a range)."""
    currency: Optional[str] = None
    """ISO 4217 code, when stated with the price."""


_METADATA_FIELDS = tuple(field.name for field in fields(FetchMetadata))


def parse_metadata(value: object) -> Optional[FetchMetadata]:
    """A result's ``metadata`` member as FetchMetadata, or None when the result has none. Members this
    client does not know are left out, so a newer service's answer still reads.

    :raises ValueError: when it is not an object, or a known member is not a string.
    """
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError("metadata is not an object")
    members = cast("Dict[object, object]", value)
    stated: Dict[str, str] = {}
    for name in _METADATA_FIELDS:
        member = members.get(name)
        if member is None:
            continue
        if not isinstance(member, str):
            raise ValueError(f"metadata.{name} is not a string")
        stated[name] = member
    return FetchMetadata(**stated)


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
    metadata: Optional[FetchMetadata] = None
    """With ``metadata=True`` (markdown and json): what the page's structured data states about it;
    every field None when it states nothing. None when not asked for."""

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
