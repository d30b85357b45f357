// Package loupe is Loupe's Go client: Fetch gets a URL over plain HTTP on Loupe Cloud — no browser,
// no JavaScript — and returns it as raw, markdown or schema-shaped JSON, with the target's status,
// headers and content type. It uses only the standard library.
//
//	page, err := loupe.Fetch(ctx, loupe.FetchParams{
//		APIKey: os.Getenv("LOUPE_API_KEY"),
//		URL:    "https://example.com",
//		Format: loupe.FormatMarkdown,
//	})
//	if err != nil {
//		return err
//	}
//	text, err := page.Content.AsString()
//
// The key defaults to LOUPE_API_KEY and the service to BaseURL, else LOUPE_CLOUD_URL, else
// http://127.0.0.1:4455. A request that breaks a rule (FormatJSON without Schema, Schema with another
// format, a URL that is not http or https) fails with *FetchValidationError before anything is sent; an
// error answered by the service is a *FetchError with Status and Code. A target's own 404 or 500 is not
// an error: it is StatusCode in the result.
package loupe
