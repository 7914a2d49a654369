package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// TestS3Uploads runs the whole stack with uploads in a real S3-compatible
// store (versitygw on a loopback port) and checks what a user sees when
// the store works, when it is down, and when a file vanished from it.
func TestS3Uploads(t *testing.T) {
	srv := testenv.S3(t, "spade")
	t.Setenv("SPADE_BLOB_URL", srv.URL("spade"))
	s := newStack(t, "sqlite://"+filepath.Join(t.TempDir(), "d.db"), testenv.Redis(t), nil)
	object := func(id string) string { return filepath.Join(srv.Dir, "spade", id) }

	// Stored, analysed, deleted with the analysis.
	code, v, body := s.upload("/api/analyze", "invoice.txt", []byte(sampleTXT))
	if code != http.StatusAccepted {
		t.Fatalf("upload: %d %s", code, body)
	}
	if b, err := os.ReadFile(object(v.ID)); err != nil || string(b) != sampleTXT {
		t.Fatalf("object in the bucket: %v (%d bytes)", err, len(b))
	}
	if done := s.waitFor(v.ID, time.Minute, finished); done.Status != analysis.StatusCompleted {
		t.Fatalf("status %s detail %q", done.Status, done.Detail)
	}
	if res, b := s.do(http.MethodDelete, "/api/cached-analysis/"+v.ID, nil, ""); res.StatusCode != http.StatusOK {
		t.Fatalf("delete: %d %s", res.StatusCode, b)
	}
	if _, err := os.Stat(object(v.ID)); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("object after delete: %v", err)
	}

	// Store down: 503 with a detail, no analysis and no object behind.
	srv.Stop()
	code, _, body = s.upload("/api/analyze", "invoice.txt", []byte(sampleTXT))
	var d struct{ Detail string }
	_ = json.Unmarshal([]byte(body), &d)
	if code != http.StatusServiceUnavailable || !strings.Contains(d.Detail, "File storage is unavailable") {
		t.Fatalf("upload with the store down: %d %s", code, body)
	}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	res, b := s.do(http.MethodGet, "/api/recent", nil, "")
	if res.StatusCode != http.StatusOK || strings.Contains(string(b), "invoice.txt") {
		t.Fatalf("recent after a failed upload: %d %s", res.StatusCode, b)
	}
	if objs := objects(t, filepath.Join(srv.Dir, "spade")); len(objs) != 0 {
		t.Fatalf("bucket after a failed upload holds %v", objs)
	}

	// A file deleted behind SPADE's back: reprocessing fails with a
	// detail and the previous result stays.
	code, v, body = s.upload("/api/analyze", "invoice.txt", []byte(sampleTXT))
	if code != http.StatusAccepted {
		t.Fatalf("upload: %d %s", code, body)
	}
	before := s.waitFor(v.ID, time.Minute, finished)
	if before.Status != analysis.StatusCompleted {
		t.Fatalf("status %s detail %q", before.Status, before.Detail)
	}
	if err := os.Remove(object(v.ID)); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err := runReprocess(context.Background(), []string{"--stage", "analysis", "--wait"}, &out)
	if err == nil || !strings.Contains(out.String(), "0 done, 1 failed") {
		t.Fatalf("reprocess: %v\n%s", err, out.String())
	}
	var detail string
	if err := s.app.DB.DB.Raw("SELECT detail FROM reprocess_items WHERE analysis_id = ?", v.ID).Scan(&detail).Error; err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(detail, "The uploaded file is no longer stored") {
		t.Fatalf("reprocess item detail = %q", detail)
	}
	after := s.waitFor(v.ID, time.Second, finished)
	if after.Status != analysis.StatusCompleted || after.FormattedText != before.FormattedText {
		t.Fatalf("a failed reprocess changed the analysis: %s", after.Status)
	}
}

// objects lists a versitygw bucket directory, without the server's own
// dot-directories (.sgwtmp).
func objects(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	return names
}

// TestBlobsMigrateCommand copies a data dir's uploads into a bucket; the
// second run copies nothing.
func TestBlobsMigrateCommand(t *testing.T) {
	srv := testenv.S3(t, "spade")
	data := t.TempDir()
	t.Setenv("SPADE_DATA_DIR", data)
	for _, id := range []string{"a1b2", "c3d4"} {
		p := filepath.Join(data, "uploads", id[:2], id)
		if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("upload "+id), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct{ name, want string }{
		{"first", "copied 2 uploads (22 bytes), 0 already there"},
		{"again", "copied 0 uploads (0 bytes), 2 already there"},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		if err := runBlobs(context.Background(), []string{"migrate", "--to", srv.URL("spade")}, &out); err != nil || !strings.Contains(out.String(), tt.want) {
			t.Fatalf("%s run: %v\n%s", tt.name, err, out.String())
		}
	}
	if objs := objects(t, filepath.Join(srv.Dir, "spade")); len(objs) != 2 {
		t.Fatalf("bucket holds %v", objs)
	}
	var out bytes.Buffer
	if err := runBlobs(context.Background(), []string{"migrate"}, &out); err == nil {
		t.Fatal("migrate without --to succeeded")
	}
}
