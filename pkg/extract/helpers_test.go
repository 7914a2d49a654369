package extract

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

var (
	sharedOnce sync.Once
	shared     *Extractor
	sharedErr  error
)

// testExtractor returns one Extractor for the whole test binary: compiling
// pdfium is the slow part (seconds), so tests share it, as workers do. The
// compilation cache lives in the system temp dir so reruns start fast.
func testExtractor(t testing.TB) *Extractor {
	t.Helper()
	sharedOnce.Do(func() {
		shared, sharedErr = New(Options{PDFEngine: PDFEnginePdfium, CacheDir: filepath.Join(os.TempDir(), "spade-extract-test-wazero")})
	})
	if sharedErr != nil {
		t.Fatalf("New: %v", sharedErr)
	}
	return shared
}

// sharedTestdata returns rel inside ../shared/testdata relative to the
// module root, or fails with how to get it (testenv.Missing).
func sharedTestdata(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join(testenv.SharedTestdata(t), rel)
	testenv.Require(t, p, testenv.HintSharedData)
	return p
}

// wantDetail fails unless err is a permanent failure whose detail contains sub.
func wantDetail(t testing.TB, err error, sub string) {
	t.Helper()
	var fe *failure.Error
	if !errors.As(err, &fe) {
		t.Fatalf("want *failure.Error containing %q, got %v", sub, err)
	}
	if !fe.Permanent {
		t.Errorf("want permanent failure, got transient: %v", err)
	}
	if !strings.Contains(fe.Detail, sub) {
		t.Errorf("detail %q does not contain %q", fe.Detail, sub)
	}
}

func extract(t testing.TB, name string, data []byte) (*Document, error) {
	t.Helper()
	return testExtractor(t).Extract(context.Background(), name, data)
}

func mustExtract(t testing.TB, name string, data []byte) *Document {
	t.Helper()
	d, err := extract(t, name, data)
	if err != nil {
		t.Fatalf("Extract(%s): %v", name, err)
	}
	return d
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared != nil {
		shared.Close()
	}
	os.Exit(code)
}
