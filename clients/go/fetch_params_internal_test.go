package loupe

import "testing"

func TestWhereARequestGoes(t *testing.T) {
	env := func(values map[string]string) func(string) string {
		return func(name string) string { return values[name] }
	}
	withCloudURL := env(map[string]string{"LOUPE_CLOUD_URL": "http://env.example:1/"})
	for _, c := range []struct {
		explicit string
		getenv   func(string) string
		want     string
	}{
		{"https://given.example/", withCloudURL, "https://given.example"},
		{"", withCloudURL, "http://env.example:1"},
		{"", env(nil), "http://127.0.0.1:4455"},
		{"https://gateway.example/loupe//", env(nil), "https://gateway.example/loupe"},
	} {
		if got, _ := cloudBaseURL(c.explicit, c.getenv); got != c.want {
			t.Errorf("cloudBaseURL(%q) = %q, want %q", c.explicit, got, c.want)
		}
	}
	prepared, err := FetchParams{APIKey: "k", URL: "https://example.com", BaseURL: "https://gateway.example/loupe/"}.prepare(env(nil))
	if err != nil || prepared.endpoint != "https://gateway.example/loupe/v1/fetch" {
		t.Fatalf("endpoint %q, error %v", prepared.endpoint, err)
	}
}
