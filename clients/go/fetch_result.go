package loupe

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
)

// Encoding says how a raw or markdown Content string holds the body.
type Encoding string

// The encodings of a result's content.
const (
	// EncodingUTF8 is text.
	EncodingUTF8 Encoding = "utf-8"
	// EncodingBase64 is a binary body, base64-encoded.
	EncodingBase64 Encoding = "base64"
)

// FetchResult is one fetched URL: its content in the requested format and the target's transport
// metadata.
type FetchResult struct {
	// ID is the service's id for this fetch.
	ID string `json:"id"`
	// Content is a string for raw and markdown (check Encoding) and an object for json.
	Content Content `json:"content"`
	// ContentType is the MIME type the target reported.
	ContentType string `json:"contentType"`
	// Encoding is EncodingUTF8 for text and EncodingBase64 for binary bodies.
	Encoding Encoding `json:"encoding"`
	// Headers are the target's response headers.
	Headers map[string]string `json:"headers"`
	// StatusCode is the target's HTTP status: a 404 target is a successful call with 404 here.
	StatusCode int `json:"statusCode"`
	// Metadata is, with FetchParams.Metadata, what the page's structured data states about it (every
	// field empty when it states nothing); nil when not asked for.
	Metadata *FetchMetadata `json:"metadata,omitempty"`
}

// FetchMetadata is what a page's JSON-LD and microdata (and, for title, author and date, its meta
// tags) state about the thing it is about. A field is empty unless the page states it: nothing is
// invented.
type FetchMetadata struct {
	// Type is the schema.org type of the page's main thing: Product, NewsArticle, Recipe, Event…
	Type  string `json:"type,omitempty"`
	Title string `json:"title,omitempty"`
	// Author is the authors' names, joined with ", ".
	Author string `json:"author,omitempty"`
	// Date is ISO 8601, the publication date or an event's start: YYYY-MM-DD, with the time and
	// offset when the page states one in ISO form.
	Date string `json:"date,omitempty"`
	// Price is as stated ("19.99", or "10.00–25.00" for a range).
	Price string `json:"price,omitempty"`
	// Currency is the ISO 4217 code, when stated with the price.
	Currency string `json:"currency,omitempty"`
}

// ContentBytes is the body as bytes, decoded by Encoding: base64 content decoded, text as its UTF-8
// bytes. It fails for json results, whose content is extracted data, not a body.
func (r *FetchResult) ContentBytes() ([]byte, error) {
	text, err := r.Content.AsString()
	if err != nil {
		return nil, errors.New("loupe: this result's content is extracted data (format json), not a body: use Content.AsObject or Content.Decode")
	}
	if r.Encoding == EncodingBase64 {
		decoded, err := base64.StdEncoding.DecodeString(text)
		if err != nil {
			return nil, fmt.Errorf("loupe: the content is not valid base64: %w", err)
		}
		return decoded, nil
	}
	return []byte(text), nil
}

// Content is a result's content: a JSON string for raw and markdown, the extracted value for json.
// Read it with AsString, AsObject or Decode.
type Content struct {
	raw json.RawMessage
}

// AsString is the content of a raw or markdown result (check the result's Encoding first).
func (c Content) AsString() (string, error) {
	var s string
	if !c.IsString() {
		return "", fmt.Errorf("loupe: the content is %s, not a string (format json gives data: use AsObject or Decode)", c.kind())
	}
	if err := json.Unmarshal(c.raw, &s); err != nil {
		return "", fmt.Errorf("loupe: the content is not a string: %w", err)
	}
	return s, nil
}

// AsObject is the data of a json result whose schema describes an object.
func (c Content) AsObject() (map[string]any, error) {
	if c.kind() != "an object" {
		return nil, fmt.Errorf("loupe: the content is %s, not an object (raw and markdown give text: use AsString)", c.kind())
	}
	var object map[string]any
	if err := json.Unmarshal(c.raw, &object); err != nil {
		return nil, fmt.Errorf("loupe: the content is not an object: %w", err)
	}
	return object, nil
}

// Decode unmarshals the content into v, as encoding/json does: a struct for a json result's data, or
// a slice when the schema describes an array.
func (c Content) Decode(v any) error {
	if len(c.raw) == 0 {
		return errors.New("loupe: the result has no content")
	}
	return json.Unmarshal(c.raw, v)
}

// IsString reports whether the content is a string (raw and markdown results).
func (c Content) IsString() bool { return c.kind() == "a string" }

// UnmarshalJSON keeps the content as it came, to be read by AsString, AsObject or Decode.
func (c *Content) UnmarshalJSON(data []byte) error {
	c.raw = append(json.RawMessage(nil), data...)
	return nil
}

// MarshalJSON writes the content as it came, so a FetchResult encodes back to the service's shape.
func (c Content) MarshalJSON() ([]byte, error) {
	if len(c.raw) == 0 {
		return []byte("null"), nil
	}
	return c.raw, nil
}

func (c Content) kind() string {
	trimmed := bytes.TrimSpace(c.raw)
	if len(trimmed) == 0 {
		return "missing"
	}
	switch trimmed[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 'n':
		return "null"
	case 't', 'f':
		return "a boolean"
	default:
		return "a number"
	}
}
