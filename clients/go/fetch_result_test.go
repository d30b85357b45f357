package loupe_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"loupe.local/loupe"
)

func decodeResult(t *testing.T, content string, encoding loupe.Encoding) loupe.FetchResult {
	t.Helper()
	var result loupe.FetchResult
	answer := `{"id":"ftc_1","content":` + content + `,"contentType":"x/y","encoding":"` + string(encoding) + `","headers":{},"statusCode":200}`
	if err := json.Unmarshal([]byte(answer), &result); err != nil {
		t.Fatal(err)
	}
	return result
}

func TestAsStringReadsText(t *testing.T) {
	result := decodeResult(t, `"Grüße \u2615"`, loupe.EncodingUTF8)
	if text, err := result.Content.AsString(); err != nil || text != "Grüße ☕" || !result.Content.IsString() {
		t.Fatalf("%q %v", text, err)
	}
	if _, err := result.Content.AsObject(); err == nil || !strings.Contains(err.Error(), "a string, not an object") {
		t.Fatalf("AsObject on text: %v", err)
	}
}

func TestAsObjectAndDecodeReadExtractedData(t *testing.T) {
	result := decodeResult(t, `{"title":"Tide Tables","high":[6.2]}`, loupe.EncodingUTF8)
	object, err := result.Content.AsObject()
	if err != nil || object["title"] != "Tide Tables" {
		t.Fatalf("%v %v", object, err)
	}
	var typed struct {
		Title string    `json:"title"`
		High  []float64 `json:"high"`
	}
	if err := result.Content.Decode(&typed); err != nil || typed.Title != "Tide Tables" || typed.High[0] != 6.2 {
		t.Fatalf("%+v %v", typed, err)
	}
	if _, err := result.Content.AsString(); err == nil || !strings.Contains(err.Error(), "an object, not a string") {
		t.Fatalf("AsString on data: %v", err)
	}
	if _, err := result.ContentBytes(); err == nil || !strings.Contains(err.Error(), "format json") {
		t.Fatalf("ContentBytes on data: %v", err)
	}
	array := decodeResult(t, `[1,2]`, loupe.EncodingUTF8)
	var numbers []int
	if _, err := array.Content.AsObject(); err == nil || array.Content.Decode(&numbers) != nil || len(numbers) != 2 {
		t.Fatalf("an array: %v %v", err, numbers)
	}
}

func TestContentBytesDecodesByEncoding(t *testing.T) {
	binary := decodeResult(t, `"AAEC/w=="`, loupe.EncodingBase64)
	if body, err := binary.ContentBytes(); err != nil || !bytes.Equal(body, []byte{0, 1, 2, 255}) {
		t.Fatalf("%v %v", body, err)
	}
	text := decodeResult(t, `"Grüße"`, loupe.EncodingUTF8)
	if body, err := text.ContentBytes(); err != nil || string(body) != "Grüße" {
		t.Fatalf("%q %v", body, err)
	}
	broken := decodeResult(t, `"not base64!"`, loupe.EncodingBase64)
	if _, err := broken.ContentBytes(); err == nil || !strings.Contains(err.Error(), "not valid base64") {
		t.Fatalf("broken base64: %v", err)
	}
}

func TestAResultEncodesBackToTheServiceShape(t *testing.T) {
	result := decodeResult(t, `{"a":1}`, loupe.EncodingUTF8)
	encoded, err := json.Marshal(result)
	want := `{"id":"ftc_1","content":{"a":1},"contentType":"x/y","encoding":"utf-8","headers":{},"statusCode":200}`
	if err != nil || string(encoded) != want {
		t.Fatalf("%s %v", encoded, err)
	}
}

func TestAZeroContentSaysSo(t *testing.T) {
	var empty loupe.Content
	if _, err := empty.AsString(); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("%v", err)
	}
	if err := empty.Decode(new(any)); err == nil {
		t.Fatal("Decode of no content succeeded")
	}
}
