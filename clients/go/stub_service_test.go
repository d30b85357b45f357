package loupe_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// received is one request a stub service got.
type received struct {
	Method, Path string
	Header       http.Header
	Body         map[string]any
}

// stubService stands in for Loupe Cloud on loopback: it answers what a test scripts and records what it
// received, for answers a real server never gives and to prove that nothing was sent.
type stubService struct {
	*httptest.Server
	mu       sync.Mutex
	status   int
	body     string
	block    chan struct{} // when set, requests wait for it to close (or the client to leave)
	received []received
}

func newStubService(t *testing.T) *stubService {
	t.Helper()
	stub := &stubService{status: 200, body: validResult}
	stub.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var body map[string]any
		_ = json.Unmarshal(raw, &body)
		stub.mu.Lock()
		stub.received = append(stub.received, received{r.Method, r.URL.Path, r.Header.Clone(), body})
		status, answer, block := stub.status, stub.body, stub.block
		stub.mu.Unlock()
		if block != nil {
			select {
			case <-block:
			case <-r.Context().Done():
				return
			}
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, answer)
	}))
	t.Cleanup(func() {
		stub.mu.Lock()
		if stub.block != nil {
			close(stub.block)
			stub.block = nil
		}
		stub.mu.Unlock()
		stub.Close()
	})
	return stub
}

func (s *stubService) answer(status int, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status, s.body = status, body
}

// hang makes requests wait until the test ends or the client leaves.
func (s *stubService) hang() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.block = make(chan struct{})
}

func (s *stubService) requests() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.received...)
}

const validResult = `{"id":"ftc_1","content":"hello","contentType":"text/plain","encoding":"utf-8",` +
	`"headers":{"content-type":"text/plain"},"statusCode":200}`
