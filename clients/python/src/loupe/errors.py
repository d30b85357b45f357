"""The errors Loupe raises. Programs branch on the class or on ``FetchError.code``, never on the message."""

from __future__ import annotations

from typing import FrozenSet, Literal, Optional, Tuple, get_args

FetchErrorCode = Literal[
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
]
"""The codes Loupe Cloud answers a failed fetch with."""

FETCH_ERROR_CODES: FrozenSet[str] = frozenset(get_args(FetchErrorCode))


class ClientError(Exception):
    """Base class of every error Loupe raises."""


class FetchValidationError(ClientError, ValueError):
    """A fetch request broke a rule (``json`` without ``schema``, ``schema`` with another format, a
    non-http(s) ``url``, …) and was not sent. The message says what to change."""


class FetchError(ClientError):
    """Loupe Cloud answered a fetch with an error, or could not be reached (``status`` 0).

    A target's own 4xx/5xx is not this: it is ``status_code`` in the result.
    """

    status: int
    """The service's HTTP status (0 when the service could not be reached)."""
    code: FetchErrorCode
    """What kind of failure, for programs to branch on."""
    request_id: Optional[str]
    """The service's id for the request, to quote when reporting a problem."""

    def __init__(
        self,
        message: str,
        status: int,
        code: FetchErrorCode,
        request_id: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code
        self.request_id = request_id

    def __reduce__(self) -> Tuple[type, Tuple[str, int, str, Optional[str]]]:
        # Exceptions pickle their args; these carry more than the message (multiprocessing, logging).
        return (type(self), (self.message, self.status, self.code, self.request_id))

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}({self.message!r}, status={self.status}, "
            f"code={self.code!r}, request_id={self.request_id!r})"
        )
