package loupe_test

import (
	"context"
	"errors"
	"regexp"
	"testing"

	"loupe.local/loupe"
)

var titleSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"title": map[string]any{"type": "string"}},
}

// refused asserts that params fail validation with a message matching pattern, and that nothing
// reached the service.
func refused(t *testing.T, params loupe.FetchParams, pattern string) {
	t.Helper()
	stub := newStubService(t)
	params.BaseURL = stub.URL
	if params.APIKey == "" {
		params.APIKey = "k"
	}
	result, err := loupe.Fetch(context.Background(), params)
	var invalid *loupe.FetchValidationError
	if !errors.As(err, &invalid) {
		t.Fatalf("want a *FetchValidationError matching %q, got result %v, error %v", pattern, result, err)
	}
	if !regexp.MustCompile(pattern).MatchString(invalid.Message) {
		t.Fatalf("message %q does not match %q", invalid.Message, pattern)
	}
	if n := len(stub.requests()); n != 0 {
		t.Fatalf("a refused request reached the service %d times", n)
	}
}

func TestRuleJSONWithoutSchema(t *testing.T) {
	refused(t, loupe.FetchParams{URL: "https://example.com", Format: loupe.FormatJSON}, `Format "json" needs a Schema`)
}

func TestRuleSchemaWithAnotherFormat(t *testing.T) {
	for _, format := range []loupe.Format{loupe.FormatRaw, loupe.FormatMarkdown, ""} {
		t.Run(string(format), func(t *testing.T) {
			refused(t, loupe.FetchParams{URL: "https://example.com", Format: format, Schema: titleSchema},
				`Schema goes with Format "json" only`)
		})
	}
}

func TestRuleURLMustBeHTTP(t *testing.T) {
	for url, pattern := range map[string]string{
		"ftp://example.com/file":    `must be http or https, not ftp`,
		"file:///etc/passwd":        `must be http or https, not file`,
		"javascript:alert(1)":       `must be http or https, not javascript`,
		"example.com":               `is not a URL`,
		"http://":                   `is not a URL`,
		"http://example.com:99999/": `is not a URL`,
		"":                          `URL is required`,
	} {
		t.Run(url, func(t *testing.T) {
			refused(t, loupe.FetchParams{URL: url}, pattern)
		})
	}
}

func TestRuleMetadataWithRaw(t *testing.T) {
	for _, format := range []loupe.Format{loupe.FormatRaw, ""} {
		refused(t, loupe.FetchParams{URL: "https://example.com", Format: format, Metadata: true},
			`Metadata goes with Format "markdown" or "json"`)
	}
}

func TestUnknownFormat(t *testing.T) {
	refused(t, loupe.FetchParams{URL: "https://example.com", Format: "html"}, `Format must be one of raw, json, markdown, not "html"`)
}

func TestSchemaMustBeJSON(t *testing.T) {
	refused(t, loupe.FetchParams{URL: "https://example.com", Format: loupe.FormatJSON,
		Schema: map[string]any{"default": make(chan int)}}, `Schema must be plain JSON`)
}

func TestTheKeyIsRequired(t *testing.T) {
	t.Setenv("LOUPE_API_KEY", "")
	refused(t, loupe.FetchParams{APIKey: "   ", URL: "https://example.com"}, `APIKey is required.*LOUPE_API_KEY`)
}

func TestABadBaseURLIsRefused(t *testing.T) {
	_, err := loupe.Fetch(context.Background(), loupe.FetchParams{APIKey: "k", URL: "https://example.com", BaseURL: "ftp://host"})
	var invalid *loupe.FetchValidationError
	if !errors.As(err, &invalid) || invalid.Message != `BaseURL "ftp://host" is not an http or https URL.` {
		t.Fatalf("got %v", err)
	}
	t.Setenv("LOUPE_CLOUD_URL", "nowhere")
	_, err = loupe.Fetch(context.Background(), loupe.FetchParams{APIKey: "k", URL: "https://example.com"})
	if !errors.As(err, &invalid) || invalid.Message != `LOUPE_CLOUD_URL "nowhere" is not an http or https URL.` {
		t.Fatalf("got %v", err)
	}
}

func TestKeyAndServiceComeFromTheEnvironment(t *testing.T) {
	stub := newStubService(t)
	t.Setenv("LOUPE_API_KEY", "env-key")
	t.Setenv("LOUPE_CLOUD_URL", stub.URL+"/")
	if _, err := loupe.Fetch(context.Background(), loupe.FetchParams{URL: "https://example.com/"}); err != nil {
		t.Fatal(err)
	}
	if got := stub.requests()[0].Header.Get("Authorization"); got != "Bearer env-key" {
		t.Fatalf("Authorization %q", got)
	}
	// Given values win over the environment.
	if _, err := loupe.Fetch(context.Background(), loupe.FetchParams{APIKey: "given", URL: "https://example.com/", BaseURL: stub.URL}); err != nil {
		t.Fatal(err)
	}
	if got := stub.requests()[1].Header.Get("Authorization"); got != "Bearer given" {
		t.Fatalf("Authorization %q", got)
	}
}
