package loupe

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
)

// Version is this client's version, sent in the User-Agent.
const Version = "3.0.0"

// The service caps content at 5 MB; base64 and JSON escaping can grow it several times. An answer past
// this is not a fetch result, and reading it whole could exhaust memory. (A variable for the tests.)
var maxAnswerBytes int64 = 64 << 20

// Fetch gets params.URL through Loupe Cloud over plain HTTP — no browser, no JavaScript — as raw,
// markdown or schema-shaped JSON, with the target's status, headers and content type.
//
// It fails with *FetchValidationError before anything is sent for a request that breaks a rule, and
// with *FetchError (Status, Code) when the service answers with an error or cannot be reached. A
// target's own 4xx/5xx is not an error: it is StatusCode in the result. Cancelling ctx, or its
// deadline passing, ends the request; the error then wraps ctx.Err().
func Fetch(ctx context.Context, params FetchParams) (*FetchResult, error) {
	request, err := params.prepare(os.Getenv)
	if err != nil {
		return nil, err
	}
	httpRequest, err := http.NewRequestWithContext(ctx, http.MethodPost, request.endpoint, bytes.NewReader(request.body))
	if err != nil {
		return nil, fmt.Errorf("loupe: %w", err) // a nil ctx: the endpoint is already checked
	}
	httpRequest.Header.Set("Authorization", "Bearer "+request.apiKey)
	httpRequest.Header.Set("Content-Type", "application/json")
	httpRequest.Header.Set("Accept", "application/json")
	httpRequest.Header.Set("User-Agent", "loupe-go/"+Version)

	response, err := http.DefaultClient.Do(httpRequest)
	if err != nil {
		return nil, transportError(ctx, request.endpoint, err)
	}
	defer response.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(response.Body, maxAnswerBytes+1))
	if err != nil {
		return nil, transportError(ctx, request.endpoint, err)
	}
	if int64(len(answer)) > maxAnswerBytes {
		return nil, &FetchError{
			Status:  response.StatusCode,
			Code:    CodeResponseTooLarge,
			Message: fmt.Sprintf("Loupe Cloud's answer is larger than %d bytes; no fetch result is that large.", maxAnswerBytes),
		}
	}
	if response.StatusCode < 200 || response.StatusCode > 299 {
		return nil, serviceError(response.StatusCode, answer)
	}
	return parseResult(response.StatusCode, answer)
}

// transportError is a request that got no answer: the caller's cancellation or deadline as such, any
// other failure as a FetchError with Status 0.
func transportError(ctx context.Context, endpoint string, err error) error {
	if ctxErr := ctx.Err(); ctxErr != nil {
		return fmt.Errorf("loupe: fetch through %s: %w", endpoint, ctxErr)
	}
	return &FetchError{
		Code: CodeTargetUnreachable,
		Message: fmt.Sprintf("Loupe Cloud at %s could not be reached (%v). "+
			"Start one with `npx loupe cloud serve` or set LOUPE_CLOUD_URL.", endpoint, err),
		Err: err,
	}
}

// serviceError reads the service's error body, { statusCode, error, message, id }, as a FetchError.
func serviceError(status int, answer []byte) *FetchError {
	var body struct {
		Error   any `json:"error"`
		Message any `json:"message"`
		ID      any `json:"id"`
	}
	_ = json.Unmarshal(answer, &body) // an answer that is not JSON (a proxy's page) keeps the zero values
	code, _ := body.Error.(string)
	message, _ := body.Message.(string)
	id, _ := body.ID.(string)
	if !knownCodes[ErrorCode(code)] {
		code = string(fallbackCode(status))
	}
	if message == "" {
		message = fmt.Sprintf("Loupe Cloud answered HTTP %d.", status)
	}
	return &FetchError{Status: status, Code: ErrorCode(code), Message: message, RequestID: id}
}

func fallbackCode(status int) ErrorCode {
	switch status {
	case 401, 403:
		return CodeUnauthorized
	case 429:
		return CodeRateLimited
	case 400, 404, 422:
		return CodeInvalidRequest
	default:
		return CodeTargetUnreachable
	}
}

// parseResult reads a success answer, checking that it is a fetch result.
func parseResult(status int, answer []byte) (*FetchResult, error) {
	notResult := func(message string) error {
		return &FetchError{Status: status, Code: CodeExtractionFailed, Message: message}
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(answer, &fields); err != nil {
		if len(answer) > 200 {
			answer = answer[:200]
		}
		return nil, notResult("Loupe Cloud answered with something that is not JSON: " + string(answer))
	}
	var missing []string
	for _, name := range []string{"id", "content", "contentType", "encoding", "headers", "statusCode"} {
		if _, ok := fields[name]; !ok {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return nil, notResult("Loupe Cloud's answer is not a fetch result (" + strings.Join(missing, ", ") + " missing).")
	}
	var result FetchResult
	if err := json.Unmarshal(answer, &result); err != nil {
		return nil, notResult(fmt.Sprintf("Loupe Cloud's answer is not a fetch result (%v).", err))
	}
	if result.Encoding != EncodingUTF8 && result.Encoding != EncodingBase64 {
		return nil, notResult(fmt.Sprintf("Loupe Cloud's answer is not a fetch result (encoding %q).", result.Encoding))
	}
	return &result, nil
}
