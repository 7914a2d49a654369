package extract

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
)

func TestExtractRecoversPanics(t *testing.T) {
	orig := parsers[FormatTXT]
	t.Cleanup(func() { parsers[FormatTXT] = orig })
	parsers[FormatTXT] = func(_ context.Context, _ *Extractor, data []byte, _ Options) (*Document, error) {
		_ = data[len(data)] //nolint:gocritic // offBy1 on purpose: the parser bug this test recovers from
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
	parsers[FormatTXT] = func(context.Context, *Extractor, []byte, Options) (*Document, error) {
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

func TestExtractConcurrentUse(t *testing.T) {
	e := testExtractor(t)
	inputs := map[string][]byte{
		"a.pdf":  onePage(extracttest.Text("F1", 12, 72, 700, "pdf words here")),
		"b.docx": extracttest.DOCX(extracttest.P("docx words here"), nil),
		"c.txt":  []byte("txt words here"),
	}
	var wg sync.WaitGroup
	errs := make(chan error, 30)
	for i := range 10 {
		for name, data := range inputs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d, err := e.Extract(context.Background(), name, data)
				if err != nil {
					errs <- fmt.Errorf("%d %s: %w", i, name, err)
					return
				}
				if !strings.HasSuffix(d.Text, "words here") {
					errs <- fmt.Errorf("%d %s: text %q", i, name, d.Text)
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
