package llm

import "testing"

func TestCacheKey(t *testing.T) {
	doc := Input{Kind: KindDocument, Filename: "a.txt", Text: "The clerk checks the invoice.", APIKey: "k1"}
	base := CacheKey("gemini", "gemini-2.0-flash", doc)
	same := doc
	same.Filename, same.APIKey = "copy of a.txt", "k2"
	if CacheKey("gemini", "gemini-2.0-flash", same) != base {
		t.Error("file name or key changed the cache key: the same content asks the same question")
	}
	other := doc
	other.Text += " "
	img := Input{Kind: KindImage, Image: []byte{1, 2}, MIMEType: "image/png"}
	img2 := img
	img2.Image = []byte{1, 3}
	for name, k := range map[string]string{
		"text":     CacheKey("gemini", "gemini-2.0-flash", other),
		"model":    CacheKey("gemini", "gemini-2.5-pro", doc),
		"provider": CacheKey("openai", "gemini-2.0-flash", doc),
		"image":    CacheKey("gemini", "gemini-2.0-flash", img),
		"pixels":   CacheKey("gemini", "gemini-2.0-flash", img2),
	} {
		if k == base {
			t.Errorf("a different %s gave the same cache key", name)
		}
	}
	if CacheKey("gemini", "m", img) == CacheKey("gemini", "m", img2) {
		t.Error("different images, same key")
	}
	if v := PromptVersion(); len(v) != 16 || PromptVersion() != v {
		t.Errorf("prompt version %q, then %q", v, PromptVersion())
	}
}
