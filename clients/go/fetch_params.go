package loupe

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
)

// Format is the representation Fetch returns in Content.
type Format string

// The formats Fetch returns content in.
const (
	// FormatRaw is the body as is (base64 for binary bodies). The default.
	FormatRaw Format = "raw"
	// FormatMarkdown is the page's main content as GitHub-flavoured markdown.
	FormatMarkdown Format = "markdown"
	// FormatJSON is data the service extracts from the page against Schema.
	FormatJSON Format = "json"
)

// DefaultCloudURL is where Loupe Cloud runs when neither BaseURL nor LOUPE_CLOUD_URL says otherwise.
const DefaultCloudURL = "http://127.0.0.1:4455"

// FetchParams is one Fetch request.
type FetchParams struct {
	// APIKey is the Loupe Cloud API key; the fetch is billed to its project. Default: LOUPE_API_KEY.
	APIKey string
	// URL is the http or https URL to fetch.
	URL string
	// Format is FormatRaw (the default when empty), FormatMarkdown or FormatJSON.
	Format Format
	// Schema is a JSON Schema: required with FormatJSON, rejected with any other format.
	Schema map[string]any
	// Proxies routes the request through the service's proxies. Default false.
	Proxies *bool
	// AllowRedirects follows redirects; when false a redirect is the result, with its 3xx. Default false.
	AllowRedirects *bool
	// AllowInsecureSSL skips the target's TLS certificate verification. Default false.
	AllowInsecureSSL *bool
	// BaseURL is where Loupe Cloud runs. Default: LOUPE_CLOUD_URL, else DefaultCloudURL.
	BaseURL string
	// Metadata, with FormatMarkdown or FormatJSON, also returns what the page's structured data
	// (JSON-LD, microdata) states about it as FetchResult.Metadata, and as YAML front matter before the
	// markdown. Only what the page declares, never invented. Rejected with FormatRaw. Default false.
	Metadata bool
}

// Bool returns a pointer to v, for FetchParams' optional booleans.
func Bool(v bool) *bool { return &v }

// fetchBody is the JSON body of POST /v1/fetch: the request without key and base URL.
type fetchBody struct {
	URL              string         `json:"url"`
	Format           Format         `json:"format"`
	Schema           map[string]any `json:"schema,omitempty"`
	Proxies          *bool          `json:"proxies,omitempty"`
	AllowRedirects   *bool          `json:"allowRedirects,omitempty"`
	AllowInsecureSSL *bool          `json:"allowInsecureSsl,omitempty"`
	// Sent only when asked: a service from before the option refuses a body that names it.
	Metadata bool `json:"metadata,omitempty"`
}

// preparedFetch is a checked request.
type preparedFetch struct {
	endpoint string
	apiKey   string
	body     []byte
}

// prepare checks p by the rules the service applies, so a mistake costs no request and says what to
// change: FormatJSON without Schema, Schema with another format, Metadata with FormatRaw, a URL that is
// not http(s), no key.
func (p FetchParams) prepare(getenv func(string) string) (preparedFetch, error) {
	key := p.APIKey
	if key == "" {
		key = getenv("LOUPE_API_KEY")
	}
	key = strings.TrimSpace(key)
	if key == "" {
		return preparedFetch{}, invalid("APIKey is required: a Loupe Cloud API key " +
			"(`npx loupe cloud keys create --project NAME`), in FetchParams.APIKey or LOUPE_API_KEY.")
	}
	if p.URL == "" {
		return preparedFetch{}, invalid("URL is required: the http or https URL to fetch.")
	}
	switch scheme, ok := httpScheme(p.URL); {
	case !ok:
		return preparedFetch{}, invalid("URL %q is not a URL; give an absolute http or https URL.", p.URL)
	case scheme != "http" && scheme != "https":
		return preparedFetch{}, invalid("URL must be http or https, not %s: %q.", scheme, p.URL)
	}
	format := p.Format
	if format == "" {
		format = FormatRaw
	}
	if format != FormatRaw && format != FormatJSON && format != FormatMarkdown {
		return preparedFetch{}, invalid("Format must be one of raw, json, markdown, not %q.", string(format))
	}
	if format == FormatJSON && p.Schema == nil {
		return preparedFetch{}, invalid(`Format "json" needs a Schema: the JSON Schema of the data to extract.`)
	}
	if format != FormatJSON && p.Schema != nil {
		return preparedFetch{}, invalid(`Schema goes with Format "json" only; remove it or set `+
			`Format: loupe.FormatJSON (Format is %q).`, string(format))
	}
	if p.Metadata && format == FormatRaw {
		return preparedFetch{}, invalid(`Metadata goes with Format "markdown" or "json": raw content is ` +
			`returned as the target sent it; remove Metadata or choose another Format.`)
	}
	body, err := json.Marshal(fetchBody{
		URL:              p.URL,
		Format:           format,
		Schema:           p.Schema,
		Proxies:          p.Proxies,
		AllowRedirects:   p.AllowRedirects,
		AllowInsecureSSL: p.AllowInsecureSSL,
		Metadata:         p.Metadata,
	})
	if err != nil {
		return preparedFetch{}, invalid("Schema must be plain JSON: %v.", err)
	}
	base, source := cloudBaseURL(p.BaseURL, getenv)
	if scheme, ok := httpScheme(base); !ok || (scheme != "http" && scheme != "https") {
		return preparedFetch{}, invalid("%s %q is not an http or https URL.", source, base)
	}
	return preparedFetch{endpoint: base + "/v1/fetch", apiKey: key, body: body}, nil
}

// cloudBaseURL is where a request goes — explicit, else LOUPE_CLOUD_URL, else DefaultCloudURL — and
// which of them said so.
func cloudBaseURL(explicit string, getenv func(string) string) (base, source string) {
	base, source = explicit, "BaseURL"
	if base == "" {
		base, source = getenv("LOUPE_CLOUD_URL"), "LOUPE_CLOUD_URL"
	}
	if base == "" {
		base, source = DefaultCloudURL, "DefaultCloudURL"
	}
	return strings.TrimRight(base, "/"), source
}

// httpScheme is the lower-case scheme of an absolute URL, and whether raw is one. A URL without a host
// ("mailto:x", "file:///x") still names its scheme, unless that scheme is http(s).
func httpScheme(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" {
		return "", false
	}
	scheme := strings.ToLower(u.Scheme)
	if u.Host == "" || u.Hostname() == "" {
		return scheme, scheme != "http" && scheme != "https"
	}
	if port := u.Port(); port != "" {
		if n, err := strconv.Atoi(port); err != nil || n > 65535 {
			return "", false
		}
	}
	return scheme, true
}
