package loupe

import "fmt"

// ErrorCode says what kind of failure a FetchError is, for programs to branch on.
type ErrorCode string

// The codes Loupe Cloud answers a failed fetch with.
const (
	CodeInvalidRequest        ErrorCode = "invalid_request"
	CodeUnauthorized          ErrorCode = "unauthorized"
	CodeRateLimited           ErrorCode = "rate_limited"
	CodeBlockedTarget         ErrorCode = "blocked_target"
	CodeTargetUnreachable     ErrorCode = "target_unreachable"
	CodeTLSError              ErrorCode = "tls_error"
	CodeResponseTooLarge      ErrorCode = "response_too_large"
	CodeTargetTimeout         ErrorCode = "target_timeout"
	CodeUnsupportedConversion ErrorCode = "unsupported_conversion"
	CodeExtractionFailed      ErrorCode = "extraction_failed"
)

var knownCodes = map[ErrorCode]bool{
	CodeInvalidRequest: true, CodeUnauthorized: true, CodeRateLimited: true, CodeBlockedTarget: true,
	CodeTargetUnreachable: true, CodeTLSError: true, CodeResponseTooLarge: true, CodeTargetTimeout: true,
	CodeUnsupportedConversion: true, CodeExtractionFailed: true,
}

// FetchError is an error Loupe Cloud answered a fetch with, or a failure to reach it (Status 0). A
// target's own 4xx/5xx is not a FetchError: it is StatusCode in the result.
type FetchError struct {
	// Status is the service's HTTP status; 0 when the service could not be reached.
	Status int
	// Code is what kind of failure this is.
	Code ErrorCode
	// Message says what happened and what to change.
	Message string
	// RequestID is the service's id for the request, to quote when reporting a problem.
	RequestID string
	// Err is the transport error when the service could not be reached.
	Err error
}

func (e *FetchError) Error() string {
	return fmt.Sprintf("loupe: fetch failed (%d %s): %s", e.Status, e.Code, e.Message)
}

// Unwrap gives the transport error, if any.
func (e *FetchError) Unwrap() error { return e.Err }

// FetchValidationError is a request that broke a rule and was not sent.
type FetchValidationError struct {
	// Message says what to change.
	Message string
}

func (e *FetchValidationError) Error() string { return "loupe: " + e.Message }

func invalid(format string, args ...any) error {
	return &FetchValidationError{Message: fmt.Sprintf(format, args...)}
}
