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
	s := setup(t, stackOptions{SignIn: true, Export: true, Env: map[string]string{
		"SPADE_BLOB_URL": srv.URL("spade"),
	}})
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
	res, b := s.do(http.MethodGet, "/api/health", nil, "")
	if res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(b), `"storage":"unavailable"`) {
		t.Fatalf("health with the store down: %d %s", res.StatusCode, b)
	}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	res, b = s.do(http.MethodGet, "/api/health", nil, "")
	if res.StatusCode != http.StatusOK || !strings.Contains(string(b), `"storage":"ok"`) {
		t.Fatalf("health with the store back: %d %s", res.StatusCode, b)
	}
	res, b = s.do(http.MethodGet, "/api/recent", nil, "")
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

	// A 10 MB document (the limit) goes through the api into the bucket
	// byte for byte. No worker runs: only the upload path is measured.
	s.stopWorker()
	big := bytes.Repeat([]byte(sampleTXT), 10<<20/len(sampleTXT))
	code, v, body = s.upload("/api/analyze", "big.txt", big)
	if code != http.StatusAccepted {
		t.Fatalf("10 MB upload: %d %s", code, body)
	}
	if b, err := os.ReadFile(object(v.ID)); err != nil || !bytes.Equal(b, big) {
		t.Fatalf("10 MB object in the bucket: %v (%d of %d bytes)", err, len(b), len(big))
	}
	if res, b := s.do(http.MethodDelete, "/api/cached-analysis/"+v.ID, nil, ""); res.StatusCode != http.StatusOK {
		t.Fatalf("delete: %d %s", res.StatusCode, b)
	}
	if _, err := os.Stat(object(v.ID)); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("10 MB object after delete: %v", err)
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

// TestBlobsGC deletes an old upload that no analysis refers to and keeps
// the uploads of analyses and young uploads.
func TestBlobsGC(t *testing.T) {
	s := setup(t, stackOptions{SignIn: true, Export: true})
	code, v, body := s.upload("/api/analyze", "invoice.txt", []byte(sampleTXT))
	if code != http.StatusAccepted {
		t.Fatalf("upload: %d %s", code, body)
	}
	s.waitFor(v.ID, time.Minute, finished)
	ctx := context.Background()
	for _, k := range []string{"orphan-old", "orphan-young"} {
		if err := s.app.Blobs.Put(ctx, k, strings.NewReader("x"), 1); err != nil {
			t.Fatal(err)
		}
	}
	uploads := filepath.Join(os.Getenv("SPADE_DATA_DIR"), "uploads")
	old := time.Now().Add(-48 * time.Hour)
	for _, p := range []string{filepath.Join(uploads, "or", "orphan-old"), filepath.Join(uploads, v.ID[:2], v.ID)} {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"gc", "--dry-run"}, "orphan-old\n1 uploads belong to no analysis (dry run: nothing deleted)"},
		{[]string{"gc"}, "deleted 1 uploads that belong to no analysis"},
		{[]string{"gc"}, "deleted 0 uploads"},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		if err := runBlobs(ctx, tt.args, &out); err != nil || !strings.Contains(out.String(), tt.want) {
			t.Fatalf("blobs %v: %v\n%s", tt.args, err, out.String())
		}
	}
	for key, want := range map[string]bool{"orphan-old": false, "orphan-young": true, v.ID: true} {
		_, err := s.app.Blobs.Size(ctx, key)
		if (err == nil) != want {
			t.Errorf("%s kept = %v, want %v", key, err == nil, want)
		}
	}
}
