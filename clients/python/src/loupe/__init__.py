"""Loupe for Python: ``cloud.fetch()`` against Loupe Cloud, standard library only.

::

    from loupe import cloud, FetchError, FetchValidationError

    page = cloud.fetch(api_key=key, url="https://example.com", format="markdown")
    # page.id, page.content, page.content_type, page.encoding, page.headers, page.status_code
    # (and page.metadata with metadata=True)
"""

from . import cloud
from ._version import __version__
from .errors import ClientError, FetchError, FetchErrorCode, FetchValidationError
from .fetch_request import FetchFormat
from .fetch_result import FetchContent, FetchEncoding, FetchMetadata, FetchResult

__all__ = [
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
