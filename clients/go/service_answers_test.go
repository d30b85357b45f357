package loupe_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"loupe.local/loupe"
)

// How the client talks to the service and reads its answers, including answers a healthy Loupe Cloud
// never gives (a proxy's HTML page, an unknown code, a body that is not a fetch result).

func TestTheRequestIsAJSONPostWithTheKeyAsBearerToken(t *testing.T) {
	stub := newStubService(t)
	_, err := loupe.Fetch(context.Background(), loupe.FetchParams{
		APIKey:         "lp_key",
		URL:            "https://example.com/",
		Format:         loupe.FormatJSON,
		Schema:         titleSchema,
		AllowRedirects: loupe.Bool(true),
		Proxies:        loupe.Bool(false),
		BaseURL:        stub.URL + "/",
		Metadata:       true,
	})
	if err != nil {
		t.Fatal(err)
	}
	got := stub.requests()[0]
	if got.Method != "POST" || got.Path != "/v1/fetch" {
		t.Fatalf("%s %s", got.Method, got.Path)
	}
	if got.Header.Get("Authorization") != "Bearer lp_key" || got.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("headers %v", got.Header)
	}
	if !regexp.MustCompile(`^loupe-go/\d`).MatchString(got.Header.Get("User-Agent")) {
		t.Fatalf("User-Agent %q", got.Header.Get("User-Agent"))
	}
	// Optional booleans left nil are not sent; the service's defaults apply.
	want := map[string]any{
		"url":            "https://example.com/",
		"format":         "json",
		"schema":         map[string]any{"type": "object", "properties": map[string]any{"title": map[string]any{"type": "string"}}},
		"allowRedirects": true,
		"proxies":        false,
		"metadata":       true,
	}
	if !reflect.DeepEqual(got.Body, want) {
		t.Fatalf("body %v, want %v", got.Body, want)
	}
}

func TestAFormatlessRequestAsksForRaw(t *testing.T) {
	stub := newStubService(t)
	if _, err := loupe.Fetch(context.Background(), loupe.FetchParams{APIKey: "k", URL: "https://example.com/", BaseURL: stub.URL}); err != nil {
		t.Fatal(err)
	}
	if body := stub.requests()[0].Body; !reflect.DeepEqual(body, map[string]any{"url": "https://example.com/", "format": "raw"}) {
		t.Fatalf("body %v", body)
	}
}

func fetchFrom(stub *stubService) (*loupe.FetchResult, error) {
	return loupe.Fetch(context.Background(), loupe.FetchParams{APIKey: "k", URL: "https://example.com/", BaseURL: stub.URL})
}

func fetchError(t *testing.T, stub *stubService) *loupe.FetchError {
	t.Helper()
	result, err := fetchFrom(stub)
	var fetchErr *loupe.FetchError
	if !errors.As(err, &fetchErr) {
		t.Fatalf("want a *FetchError, got result %v, error %v", result, err)
	}
	return fetchErr
}

func TestAResultIsReadWithEveryField(t *testing.T) {
	stub := newStubService(t)
	stub.answer(200, `{"id":"ftc_9","content":"hello","contentType":"text/plain","encoding":"utf-8","headers":{"x-a":"1"},"statusCode":404}`)
	result, err := fetchFrom(stub)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := result.Content.AsString()
	got := fmt.Sprint(result.ID, text, result.ContentType, result.Encoding, result.Headers, result.StatusCode)
	if want := fmt.Sprint("ftc_9", "hello", "text/plain", loupe.EncodingUTF8, map[string]string{"x-a": "1"}, 404); got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

func TestMetadataIsReadWithoutMembersItDoesNotKnow(t *testing.T) {
	stub := newStubService(t)
	stub.answer(200, strings.Replace(validResult, `"statusCode":200`,
		`"statusCode":200,"metadata":{"type":"Product","price":"19.99","currency":"EUR","new":1}`, 1))
	result, err := fetchFrom(stub)
	if err != nil {
		t.Fatal(err)
	}
	if want := (loupe.FetchMetadata{Type: "Product", Price: "19.99", Currency: "EUR"}); result.Metadata == nil || *result.Metadata != want {
		t.Fatalf("metadata %+v", result.Metadata)
	}
	stub.answer(200, validResult)
	if result, err := fetchFrom(stub); err != nil || result.Metadata != nil {
		t.Fatalf("no metadata: %+v %v", result, err)
	}
	stub.answer(200, strings.Replace(validResult, `"statusCode":200`, `"statusCode":200,"metadata":{"title":7}`, 1))
	if err := fetchError(t, stub); err.Code != loupe.CodeExtractionFailed || !strings.Contains(err.Message, "not a fetch result") {
		t.Fatalf("metadata of the wrong type: %+v", err)
	}
}

func TestAnErrorBodyGivesStatusCodeMessageAndRequestID(t *testing.T) {
	stub := newStubService(t)
	stub.answer(429, `{"statusCode":429,"error":"rate_limited","message":"Slow down.","id":"req_7"}`)
	err := fetchError(t, stub)
	if err.Status != 429 || err.Code != loupe.CodeRateLimited || err.Message != "Slow down." || err.RequestID != "req_7" {
		t.Fatalf("%+v", err)
	}
	if err.Error() != "loupe: fetch failed (429 rate_limited): Slow down." {
		t.Fatalf("Error() = %q", err.Error())
	}
}

func TestWithoutAKnownCodeTheStatusDecides(t *testing.T) {
	stub := newStubService(t)
	for status, code := range map[int]loupe.ErrorCode{
		401: loupe.CodeUnauthorized, 403: loupe.CodeUnauthorized, 429: loupe.CodeRateLimited,
		400: loupe.CodeInvalidRequest, 404: loupe.CodeInvalidRequest, 502: loupe.CodeTargetUnreachable,
	} {
		stub.answer(status, "<html>Bad Gateway</html>")
		err := fetchError(t, stub)
		if err.Status != status || err.Code != code || err.Message != fmt.Sprintf("Loupe Cloud answered HTTP %d.", status) {
			t.Errorf("HTTP %d: %+v", status, err)
		}
	}
	stub.answer(500, `{"error":"no_such_code","message":"odd"}`)
	if err := fetchError(t, stub); err.Code != loupe.CodeTargetUnreachable {
		t.Errorf("unknown code: %+v", err)
	}
}

func TestASuccessThatIsNotJSON(t *testing.T) {
	stub := newStubService(t)
	stub.answer(200, "<html>captive portal</html>")
	err := fetchError(t, stub)
	if err.Status != 200 || err.Code != loupe.CodeExtractionFailed || !strings.Contains(err.Message, "not JSON: <html>captive portal") {
		t.Fatalf("%+v", err)
	}
}

func TestASuccessThatIsNotAFetchResult(t *testing.T) {
	stub := newStubService(t)
	for body, detail := range map[string]string{
		`{"id":"x"}`: "content, contentType, encoding, headers, statusCode missing",
		strings.Replace(validResult, `"statusCode":200`, `"statusCode":"200"`, 1): "statusCode",
		strings.Replace(validResult, `"utf-8"`, `"latin-1"`, 1):                   `encoding "latin-1"`,
	} {
		stub.answer(200, body)
		if err := fetchError(t, stub); err.Code != loupe.CodeExtractionFailed || !strings.Contains(err.Message, detail) {
			t.Errorf("%s: %+v", body, err)
		}
	}
}

func TestAServiceThatIsNotThereIsAFetchErrorWithStatus0(t *testing.T) {
	stub := newStubService(t)
	stub.Close() // its port now refuses connections
	err := fetchError(t, stub)
	if err.Status != 0 || err.Code != loupe.CodeTargetUnreachable || err.Err == nil ||
		!strings.Contains(err.Message, "could not be reached") || !strings.Contains(err.Message, "LOUPE_CLOUD_URL") {
		t.Fatalf("%+v", err)
	}
}

func TestADeadlineEndsTheRequest(t *testing.T) {
	stub := newStubService(t)
	stub.hang()
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, err := loupe.Fetch(ctx, loupe.FetchParams{APIKey: "k", URL: "https://example.com/", BaseURL: stub.URL})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("want an error wrapping context.DeadlineExceeded, got %v", err)
	}
	var fetchErr *loupe.FetchError
	if errors.As(err, &fetchErr) {
		t.Fatalf("a deadline is the caller's, not a service error: %+v", fetchErr)
	}
}

func TestCancellingEndsTheRequest(t *testing.T) {
	stub := newStubService(t)
	stub.hang()
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		// Cancel once the request has reached the service, so it is cut in flight.
		for deadline := time.Now().Add(10 * time.Second); len(stub.requests()) == 0 && time.Now().Before(deadline); {
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
	}()
	_, err := loupe.Fetch(ctx, loupe.FetchParams{APIKey: "k", URL: "https://example.com/", BaseURL: stub.URL})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("want an error wrapping context.Canceled, got %v", err)
	}
}

func TestAnAlreadyCancelledContextSendsNothing(t *testing.T) {
	stub := newStubService(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := loupe.Fetch(ctx, loupe.FetchParams{APIKey: "k", URL: "https://example.com/", BaseURL: stub.URL})
	if !errors.Is(err, context.Canceled) || len(stub.requests()) != 0 {
		t.Fatalf("error %v, %d requests", err, len(stub.requests()))
	}
}
