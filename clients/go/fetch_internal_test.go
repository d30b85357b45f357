package loupe

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestAnAnswerPastTheCapIsRefusedWhileReading(t *testing.T) {
	defer func(limit int64) { maxAnswerBytes = limit }(maxAnswerBytes)
	maxAnswerBytes = 1024
	service := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(strings.Repeat("x", 4096)))
	}))
	defer service.Close()
	_, err := Fetch(context.Background(), FetchParams{APIKey: "k", URL: "https://example.com/", BaseURL: service.URL})
	var fetchErr *FetchError
	if !errors.As(err, &fetchErr) || fetchErr.Code != CodeResponseTooLarge || fetchErr.Status != 200 {
		t.Fatalf("%v", err)
	}
}
