package loupe_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"loupe.local/loupe"
)

// Fetch against real Loupe Cloud servers: every format, a target's own 404, redirects, binary bodies, a
// wrong key, a blocked target, the environment defaults, cancellation and deadlines, concurrent calls.
//
// The repository's test harness starts the servers (two `loupe cloud serve` processes, a loopback
// target site and a scripted model) and sets the variables read here; the README says how to run these
// tests on their own.

const howToRun = "from the repository root: npx tsx test/support/with-clients-fixture.ts -- sh -c 'cd clients/go && go test ./...'"

type cloudFixture struct {
	URL, APIKey             string // the server with --allow-private-network (also LOUPE_CLOUD_URL)
	StrictURL, StrictAPIKey string // the server without it: loopback targets are blocked there
	TargetURL               string
}

func (f cloudFixture) target(path string) string { return f.TargetURL + path }

// fixture is the running fixture, or skips the test (fails it when LOUPE_TEST_REQUIRE_CLOUD=1).
func fixture(t *testing.T) cloudFixture {
	t.Helper()
	names := []string{"LOUPE_CLOUD_URL", "LOUPE_API_KEY", "LOUPE_TEST_STRICT_CLOUD_URL", "LOUPE_TEST_STRICT_API_KEY", "LOUPE_TEST_TARGET_URL"}
	var missing []string
	for _, name := range names {
		if os.Getenv(name) == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		message := "no Loupe Cloud fixture (" + strings.Join(missing, ", ") + " unset); run " + howToRun
		if os.Getenv("LOUPE_TEST_REQUIRE_CLOUD") == "1" {
			t.Fatal(message)
		}
		t.Skip(message)
	}
	return cloudFixture{
		URL: os.Getenv("LOUPE_CLOUD_URL"), APIKey: os.Getenv("LOUPE_API_KEY"),
		StrictURL: os.Getenv("LOUPE_TEST_STRICT_CLOUD_URL"), StrictAPIKey: os.Getenv("LOUPE_TEST_STRICT_API_KEY"),
		TargetURL: strings.TrimRight(os.Getenv("LOUPE_TEST_TARGET_URL"), "/"),
	}
}

// fetchTarget fetches path of the target site through the permissive server.
func fetchTarget(t *testing.T, f cloudFixture, path string, params loupe.FetchParams) *loupe.FetchResult {
	t.Helper()
	params.APIKey, params.URL, params.BaseURL = f.APIKey, f.target(path), f.URL
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	result, err := loupe.Fetch(ctx, params)
	if err != nil {
		t.Fatalf("fetch %s: %v", path, err)
	}
	return result
}

func text(t *testing.T, result *loupe.FetchResult) string {
	t.Helper()
	s, err := result.Content.AsString()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestCloudRaw(t *testing.T) {
	f := fixture(t)
	result := fetchTarget(t, f, "/page.txt", loupe.FetchParams{Format: loupe.FormatRaw})
	if text(t, result) != "plain page" || result.Encoding != loupe.EncodingUTF8 || result.ContentType != "text/plain" ||
		result.StatusCode != 200 || result.Headers["x-from"] != "target" || !strings.HasPrefix(result.ID, "ftc_") {
		t.Fatalf("%+v", result)
	}
	if got := text(t, fetchTarget(t, f, "/utf8.txt", loupe.FetchParams{})); got != "Grüße aus Köln — 東京 ☕" {
		t.Fatalf("utf-8 text %q", got)
	}
}

func TestCloudMarkdown(t *testing.T) {
	f := fixture(t)
	result := fetchTarget(t, f, "/page.html", loupe.FetchParams{Format: loupe.FormatMarkdown})
	markdown := text(t, result)
	if result.Encoding != loupe.EncodingUTF8 || !strings.Contains(markdown, "# Tide Tables") ||
		!strings.Contains(markdown, "high water 06:12") || strings.Contains(markdown, "<p>") {
		t.Fatalf("%s", markdown)
	}
}

func TestCloudMetadata(t *testing.T) {
	f := fixture(t)
	result := fetchTarget(t, f, "/page.html", loupe.FetchParams{Format: loupe.FormatMarkdown, Metadata: true})
	want := loupe.FetchMetadata{Type: "Article", Title: "Tide Tables", Author: "Harbour Master", Date: "2026-03-02"}
	if result.Metadata == nil || *result.Metadata != want {
		t.Fatalf("metadata %+v", result.Metadata)
	}
	if markdown := text(t, result); !strings.HasPrefix(markdown, "---\n") || !strings.Contains(markdown, "# Tide Tables") {
		t.Fatalf("front matter, then the markdown: %s", markdown)
	}
	if plain := fetchTarget(t, f, "/page.html", loupe.FetchParams{Format: loupe.FormatMarkdown}); plain.Metadata != nil {
		t.Fatalf("metadata not asked for: %+v", plain.Metadata)
	}
}

func TestCloudJSON(t *testing.T) {
	f := fixture(t)
	result := fetchTarget(t, f, "/page.html", loupe.FetchParams{Format: loupe.FormatJSON, Schema: map[string]any{
		"type":                 "object",
		"properties":           map[string]any{"title": map[string]any{"type": "string"}},
		"required":             []string{"title"},
		"additionalProperties": false,
	}})
	object, err := result.Content.AsObject()
	if err != nil || len(object) != 1 || object["title"] != "Tide Tables" || result.StatusCode != 200 {
		t.Fatalf("%v %v", object, err)
	}
}

func TestCloudBinaryIsBase64(t *testing.T) {
	f := fixture(t)
	result := fetchTarget(t, f, "/image.png", loupe.FetchParams{})
	if result.Encoding != loupe.EncodingBase64 || result.ContentType != "image/png" {
		t.Fatalf("%+v", result)
	}
	body, err := result.ContentBytes()
	if err != nil {
		t.Fatal(err)
	}
	direct, err := http.Get(f.target("/image.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer direct.Body.Close()
	want, _ := io.ReadAll(direct.Body)
	if !bytes.Equal(body, want) {
		t.Fatalf("decoded %x, the target sends %x", body, want)
	}
}

func TestCloudTarget404IsAResult(t *testing.T) {
	result := fetchTarget(t, fixture(t), "/no-such-page", loupe.FetchParams{})
	if result.StatusCode != 404 || text(t, result) != "no such route" {
		t.Fatalf("%+v", result)
	}
}

func TestCloudRedirects(t *testing.T) {
	f := fixture(t)
	for _, allow := range []*bool{nil, loupe.Bool(false)} {
		reported := fetchTarget(t, f, "/redirect", loupe.FetchParams{AllowRedirects: allow})
		if reported.StatusCode != 302 || reported.Headers["location"] != "/page.txt" {
			t.Fatalf("AllowRedirects %v: %+v", allow, reported)
		}
	}
	followed := fetchTarget(t, f, "/redirect", loupe.FetchParams{AllowRedirects: loupe.Bool(true)})
	if followed.StatusCode != 200 || text(t, followed) != "plain page" {
		t.Fatalf("%+v", followed)
	}
}

// cloudError fetches and returns the *FetchError it must fail with.
func cloudError(t *testing.T, params loupe.FetchParams) *loupe.FetchError {
	t.Helper()
	result, err := loupe.Fetch(context.Background(), params)
	var fetchErr *loupe.FetchError
	if !errors.As(err, &fetchErr) {
		t.Fatalf("want a *FetchError, got result %+v, error %v", result, err)
	}
	return fetchErr
}

func TestCloudWrongKeyIs401(t *testing.T) {
	f := fixture(t)
	err := cloudError(t, loupe.FetchParams{APIKey: "lp_not-a-key", URL: f.target("/page.txt"), BaseURL: f.URL})
	if err.Status != 401 || err.Code != loupe.CodeUnauthorized || err.RequestID == "" {
		t.Fatalf("%+v", err)
	}
}

func TestCloudBlockedTarget(t *testing.T) {
	f := fixture(t)
	err := cloudError(t, loupe.FetchParams{APIKey: f.StrictAPIKey, URL: f.target("/page.txt"), BaseURL: f.StrictURL})
	if err.Status != 403 || err.Code != loupe.CodeBlockedTarget {
		t.Fatalf("%+v", err)
	}
}

func TestCloudBinaryCannotBecomeMarkdown(t *testing.T) {
	f := fixture(t)
	err := cloudError(t, loupe.FetchParams{APIKey: f.APIKey, URL: f.target("/image.png"), BaseURL: f.URL, Format: loupe.FormatMarkdown})
	if err.Status != 415 || err.Code != loupe.CodeUnsupportedConversion {
		t.Fatalf("%+v", err)
	}
}

func TestCloudKeyAndServiceFromTheEnvironment(t *testing.T) {
	f := fixture(t)
	t.Setenv("LOUPE_API_KEY", f.APIKey)
	t.Setenv("LOUPE_CLOUD_URL", f.URL)
	result, err := loupe.Fetch(context.Background(), loupe.FetchParams{URL: f.target("/page.txt")})
	if err != nil || text(t, result) != "plain page" {
		t.Fatalf("%+v %v", result, err)
	}
}

func TestCloudDeadline(t *testing.T) {
	f := fixture(t)
	// The target never answers; the service would give up on it after its own idle limit (a FetchError
	// target_timeout). The caller's deadline comes first.
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_, err := loupe.Fetch(ctx, loupe.FetchParams{APIKey: f.APIKey, URL: f.target("/slow"), BaseURL: f.URL})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("want an error wrapping context.DeadlineExceeded, got %v", err)
	}
}

func TestCloudCancel(t *testing.T) {
	f := fixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	_, err := loupe.Fetch(ctx, loupe.FetchParams{APIKey: f.APIKey, URL: f.target("/slow"), BaseURL: f.URL})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("want an error wrapping context.Canceled, got %v", err)
	}
}

func TestCloudConcurrentFetches(t *testing.T) {
	f := fixture(t)
	paths := []string{"/page.txt", "/utf8.txt", "/no-such-page", "/image.png"}
	results := make([]*loupe.FetchResult, len(paths))
	errs := make([]error, len(paths))
	var wg sync.WaitGroup
	for i, path := range paths {
		wg.Add(1)
		go func(i int, path string) {
			defer wg.Done()
			results[i], errs[i] = loupe.Fetch(context.Background(), loupe.FetchParams{APIKey: f.APIKey, URL: f.target(path), BaseURL: f.URL})
		}(i, path)
	}
	wg.Wait()
	for i, want := range []int{200, 200, 404, 200} {
		if errs[i] != nil || results[i].StatusCode != want {
			t.Errorf("%s: %+v %v", paths[i], results[i], errs[i])
		}
	}
}
