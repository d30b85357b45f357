package loupe_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"loupe.local/loupe"
)

// The spec's example shape: a URL as markdown, then data extracted on the server against a JSON Schema.
// (No Output comment: it needs a running Loupe Cloud, so it is compiled, not run.)
func ExampleFetch() {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()

	page, err := loupe.Fetch(ctx, loupe.FetchParams{
		APIKey: os.Getenv("LOUPE_API_KEY"),
		URL:    "https://example.com",
		Format: loupe.FormatMarkdown,
	})
	var fetchErr *loupe.FetchError
	switch {
	case errors.As(err, &fetchErr):
		fmt.Println("Loupe Cloud said", fetchErr.Status, fetchErr.Code, fetchErr.Message)
		return
	case err != nil:
		fmt.Println(err)
		return
	}
	markdown, _ := page.Content.AsString()
	fmt.Println(page.StatusCode, page.ContentType, markdown)

	data, err := loupe.Fetch(ctx, loupe.FetchParams{
		URL:    "https://example.com",
		Format: loupe.FormatJSON,
		Schema: map[string]any{"type": "object", "properties": map[string]any{"title": map[string]any{"type": "string"}}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	var extracted struct {
		Title string `json:"title"`
	}
	_ = data.Content.Decode(&extracted)
	fmt.Println(extracted.Title)
}
