package extract

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestExtractRecoversPanics(t *testing.T) {
	orig := parsers[FormatTXT]
	t.Cleanup(func() { parsers[FormatTXT] = orig })
	parsers[FormatTXT] = func(context.Context, *Extractor, []byte) (*Document, error) {
		var m map[string]int
		m["boom"]++ // nil map write
		return nil, nil
	}
	_, err := extract(t, "a.txt", []byte("hello"))
	wantDetail(t, err, "malformed")
}

func TestExtractTimesOutStuckParser(t *testing.T) {
	orig := parsers[FormatTXT]
	t.Cleanup(func() { parsers[FormatTXT] = orig })
	release := make(chan struct{})
	defer close(release)
	parsers[FormatTXT] = func(context.Context, *Extractor, []byte) (*Document, error) {
		<-release // ignores ctx, like a parser in an endless loop
		return nil, errors.New("unreachable")
	}
	e := testExtractor(t)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := e.Extract(ctx, "a.txt", []byte("hello"))
	wantDetail(t, err, "took too long")
}

func TestExtractRejectsUnsupported(t *testing.T) {
	_, err := extract(t, "diagram.png", []byte("\x89PNG\r\n\x1a\n"))
	wantDetail(t, err, "Please upload a PDF, DOC, DOCX, or TXT file")
}
