package loupe_test

import (
	"reflect"
	"testing"

	"loupe.local/loupe"
)

// The public names, exactly: a renamed field, type or tag fails here (and most renames fail to compile
// in the other tests).

type field struct{ Name, Type, Tag string }

func fieldsOf(v any) []field {
	t := reflect.TypeOf(v)
	fields := make([]field, t.NumField())
	for i := range fields {
		f := t.Field(i)
		fields[i] = field{f.Name, f.Type.String(), f.Tag.Get("json")}
	}
	return fields
}

func sameFields(t *testing.T, got, want []field) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("fields\n got %v\nwant %v", got, want)
	}
}

func TestFetchParamsNames(t *testing.T) {
	sameFields(t, fieldsOf(loupe.FetchParams{}), []field{
		{"APIKey", "string", ""},
		{"URL", "string", ""},
		{"Format", "loupe.Format", ""},
		{"Schema", "map[string]interface {}", ""},
		{"Proxies", "*bool", ""},
		{"AllowRedirects", "*bool", ""},
		{"AllowInsecureSSL", "*bool", ""},
		{"BaseURL", "string", ""},
		{"Metadata", "bool", ""},
	})
}

func TestFetchResultNames(t *testing.T) {
	sameFields(t, fieldsOf(loupe.FetchResult{}), []field{
		{"ID", "string", "id"},
		{"Content", "loupe.Content", "content"},
		{"ContentType", "string", "contentType"},
		{"Encoding", "loupe.Encoding", "encoding"},
		{"Headers", "map[string]string", "headers"},
		{"StatusCode", "int", "statusCode"},
		{"Metadata", "*loupe.FetchMetadata", "metadata,omitempty"},
	})
	sameFields(t, fieldsOf(loupe.FetchMetadata{}), []field{
		{"Type", "string", "type,omitempty"},
		{"Title", "string", "title,omitempty"},
		{"Author", "string", "author,omitempty"},
		{"Date", "string", "date,omitempty"},
		{"Price", "string", "price,omitempty"},
		{"Currency", "string", "currency,omitempty"},
	})
}

func TestErrorNames(t *testing.T) {
	sameFields(t, fieldsOf(loupe.FetchError{}), []field{
		{"Status", "int", ""},
		{"Code", "loupe.ErrorCode", ""},
		{"Message", "string", ""},
		{"RequestID", "string", ""},
		{"Err", "error", ""},
	})
	sameFields(t, fieldsOf(loupe.FetchValidationError{}), []field{{"Message", "string", ""}})
	var _ error = (*loupe.FetchError)(nil)
	var _ error = (*loupe.FetchValidationError)(nil)
}

func TestConstants(t *testing.T) {
	got := []string{
		string(loupe.FormatRaw), string(loupe.FormatMarkdown), string(loupe.FormatJSON),
		string(loupe.EncodingUTF8), string(loupe.EncodingBase64),
		string(loupe.CodeInvalidRequest), string(loupe.CodeUnauthorized), string(loupe.CodeRateLimited),
		string(loupe.CodeBlockedTarget), string(loupe.CodeTargetUnreachable), string(loupe.CodeTLSError),
		string(loupe.CodeResponseTooLarge), string(loupe.CodeTargetTimeout),
		string(loupe.CodeUnsupportedConversion), string(loupe.CodeExtractionFailed),
		loupe.DefaultCloudURL,
	}
	want := []string{
		"raw", "markdown", "json",
		"utf-8", "base64",
		"invalid_request", "unauthorized", "rate_limited",
		"blocked_target", "target_unreachable", "tls_error",
		"response_too_large", "target_timeout",
		"unsupported_conversion", "extraction_failed",
		"http://127.0.0.1:4455",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
}

func TestContentReaders(t *testing.T) {
	content := reflect.TypeOf(loupe.Content{})
	for _, name := range []string{"AsString", "AsObject", "Decode", "IsString"} {
		if _, ok := content.MethodByName(name); !ok {
			t.Errorf("Content has no method %s", name)
		}
	}
	if _, ok := reflect.TypeOf(&loupe.FetchResult{}).MethodByName("ContentBytes"); !ok {
		t.Error("FetchResult has no method ContentBytes")
	}
}
