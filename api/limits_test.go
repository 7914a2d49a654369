package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

// uploadServer is an echo server with the body limit and the error handler
// of the real one, and one upload route that echoes what ReadUpload
// accepted.
func uploadServer(t *testing.T, kind UploadKind) *httptest.Server {
	t.Helper()
	e := echo.New()
	s := &Server{E: e, log: slog.New(slog.DiscardHandler), bodyLimits: map[string]routeLimit{}}
	e.HTTPErrorHandler = s.errorHandler
	e.Use(s.bodyLimit)
	e.POST("/api/upload", func(c echo.Context) error {
		up, fields, err := ReadUpload(c, kind)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, map[string]any{"name": up.Filename, "size": len(up.Data), "fields": fields})
	})
	e.POST("/api/json", func(c echo.Context) error {
		var v map[string]any
		if err := c.Bind(&v); err != nil {
			return err
		}
		return c.NoContent(http.StatusNoContent)
	})
	s.limitUpload(http.MethodPost, "/api/upload", kind)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	return srv
}

type part struct {
	field, filename string
	data            []byte
}

func formBody(t *testing.T, parts ...part) ([]byte, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, p := range parts {
		var fw io.Writer
		var err error
		if p.filename != "" {
			fw, err = w.CreateFormFile(p.field, p.filename)
		} else {
			fw, err = w.CreateFormField(p.field)
		}
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(p.data)
	}
	_ = w.Close()
	return buf.Bytes(), w.FormDataContentType()
}

// chunked hides the length of r so that the request is sent without a
// Content-Length (only the body limit can stop it).
type chunked struct{ io.Reader }

func post(t *testing.T, url string, body io.Reader, ctype string) (int, string) {
	t.Helper()
	res, err := http.Post(url, ctype, body)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var d Detail
	_ = json.Unmarshal(b, &d)
	if d.Detail != "" {
		return res.StatusCode, d.Detail
	}
	return res.StatusCode, string(b)
}

// fieldFlood is an endless multipart body of text fields named name, the
// attack of issue 12.1 (it is never buffered: the server must stop it).
func fieldFlood(boundary, name string) io.Reader {
	field := fmt.Sprintf("--%s\r\nContent-Disposition: form-data; name=%q\r\n\r\n%s\r\n", boundary, name, strings.Repeat("a", 60<<10))
	return io.MultiReader(
		io.LimitReader(&repeatReader{s: field}, 600<<20),
		strings.NewReader("--"+boundary+"--\r\n"))
}

type repeatReader struct {
	s   string
	off int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], r.s[r.off:])
		n += c
		r.off = (r.off + c) % len(r.s)
	}
	return n, nil
}

func TestUploadBodyLimits(t *testing.T) {
	kind := UploadKind{Noun: "document", Limit: 1 << 20, TypeMessage: "wrong type",
		Detect: func(string, []byte) (string, error) { return "text/plain", nil }, Fields: []string{"analysis_type"}}
	srv := uploadServer(t, kind)
	url := srv.URL + "/api/upload"
	file := part{"file", "a.txt", []byte("The clerk checks the invoice.")}
	bigFile := part{"file", "a.txt", bytes.Repeat([]byte("a"), 3<<20)}
	const boundary = "xyzboundary"
	floodType := "multipart/form-data; boundary=" + boundary

	checkUploads(t, url, []uploadCase{
		{"one file and a known field", func() (io.Reader, string) {
			b, ct := formBody(t, part{"analysis_type", "", []byte("document")}, file)
			return bytes.NewReader(b), ct
		}, 200, `"fields":{"analysis_type":"document"}`},
		{"declared body over the limit is refused before it is read", func() (io.Reader, string) {
			b, ct := formBody(t, bigFile)
			return bytes.NewReader(b), ct
		}, 413, "File size (3.0MB) exceeds 1MB limit"},
		{"undeclared body over the limit", func() (io.Reader, string) {
			b, ct := formBody(t, bigFile)
			return chunked{bytes.NewReader(b)}, ct
		}, 413, "File size exceeds 1MB limit"},
		{"file just over the limit says its size", func() (io.Reader, string) {
			b, ct := formBody(t, part{"file", "a.txt", bytes.Repeat([]byte("a"), 1<<20+1)})
			return bytes.NewReader(b), ct
		}, 413, "File size (1.0MB) exceeds 1MB limit"},
		{"flood of unknown fields", func() (io.Reader, string) {
			return chunked{fieldFlood(boundary, "x")}, floodType
		}, 400, `Unexpected form field "x". Send the file as multipart/form-data in a field named 'file'.`},
		{"unreadable Content-Disposition of the file field", func() (io.Reader, string) {
			body := "--" + boundary + "\r\nContent-Disposition: form-data; name=file; filename=a b.txt\r\n\r\ntext\r\n--" + boundary + "--\r\n"
			return strings.NewReader(body), floodType
		}, 400, "A part of the upload has a Content-Disposition header that could not be read"},
		{"flood of a known field", func() (io.Reader, string) {
			return chunked{fieldFlood(boundary, "analysis_type")}, floodType
		}, 400, `The form field "analysis_type" is too long.`},
		{"many small known fields", func() (io.Reader, string) {
			var ps []part
			for range 20 {
				ps = append(ps, part{"analysis_type", "", []byte("document")})
			}
			b, ct := formBody(t, ps...)
			return bytes.NewReader(b), ct
		}, 400, "The upload has too many form fields. Send the file as multipart/form-data in a field named 'file'."},
		{"file in another field", func() (io.Reader, string) {
			b, ct := formBody(t, part{"document", "a.txt", []byte("text")})
			return bytes.NewReader(b), ct
		}, 400, "Send the file as multipart/form-data in a field named 'file'."},
		{"text in the file field", func() (io.Reader, string) {
			b, ct := formBody(t, part{"file", "", []byte("text")})
			return bytes.NewReader(b), ct
		}, 400, "Please select a document file to analyze."},
	})
}

// uploadCase is a request body (and its content type) with the status
// and a part of the detail it is answered with.
type uploadCase struct {
	name   string
	body   func() (io.Reader, string)
	status int
	detail string
}

// checkUploads posts each case's body to url.
func checkUploads(t *testing.T, url string, cases []uploadCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			body, ct := tt.body()
			status, detail := post(t, url, body, ct)
			if status != tt.status || !strings.Contains(detail, tt.detail) {
				t.Fatalf("got %d %q, want %d %q", status, detail, tt.status, tt.detail)
			}
		})
	}
}

func TestDefaultBodyLimit(t *testing.T) {
	srv := uploadServer(t, DocumentUpload)
	big := `{"a":"` + strings.Repeat("a", DefaultBodyLimit) + `"}`
	for _, body := range []io.Reader{strings.NewReader(big), chunked{strings.NewReader(big)}} {
		status, detail := post(t, srv.URL+"/api/json", body, "application/json")
		if status != http.StatusRequestEntityTooLarge {
			t.Fatalf("%d %q, want 413", status, detail)
		}
	}
	if status, detail := post(t, srv.URL+"/api/json", strings.NewReader(`{"a":1}`), "application/json"); status != http.StatusNoContent {
		t.Fatalf("small body: %d %q", status, detail)
	}
}

// slowBody sends the start of a multipart upload and then one byte at a
// time, never finishing (issue 12.3).
type slowBody struct {
	head []byte
	sent int
	stop chan struct{}
}

func (b *slowBody) Read(p []byte) (int, error) {
	if b.sent < len(b.head) {
		n := copy(p, b.head[b.sent:])
		b.sent += n
		return n, nil
	}
	select {
	case <-b.stop:
		return 0, io.ErrUnexpectedEOF
	case <-time.After(50 * time.Millisecond):
	}
	p[0] = 'a'
	return 1, nil
}

func TestSlowBodyIsCutOff(t *testing.T) {
	e := echo.New()
	s := &Server{E: e, log: slog.New(slog.DiscardHandler), bodyLimits: map[string]routeLimit{},
		bodyDeadline: func(int64) time.Duration { return 300 * time.Millisecond }}
	e.HTTPErrorHandler = s.errorHandler
	e.Use(s.bodyLimit)
	e.POST("/api/upload", func(c echo.Context) error {
		_, _, err := ReadUpload(c, DocumentUpload)
		return err
	})
	s.limitUpload(http.MethodPost, "/api/upload", DocumentUpload)
	srv := httptest.NewServer(e)
	defer srv.Close()

	stop := make(chan struct{})
	defer close(stop)
	head := "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\n"
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/upload", &slowBody{head: []byte(head), stop: stop})
	req.Header.Set("Content-Type", "multipart/form-data; boundary=b")
	done := make(chan error, 1)
	go func() {
		res, err := http.DefaultClient.Do(req)
		if err == nil {
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
		done <- err
	}()
	// The server answers (or drops the connection) by itself; the test
	// only bounds how long it waits for that, generously.
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("a body trickling one byte at a time was never cut off")
	}
}
