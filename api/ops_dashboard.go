package api

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"

	"github.com/hibiken/asynq"
	"github.com/hibiken/asynqmon"
)

// QueueDashboardPath is where the asynqmon dashboard is mounted.
const QueueDashboardPath = "/ops/queues"

// NewQueueDashboard returns the asynqmon dashboard for the queue's Redis,
// rooted at /ops/queues, and a func that releases its connections.
// asynqmon is no longer maintained: this function is the only place that
// knows it, so replacing it touches nothing else.
func NewQueueDashboard(opt asynq.RedisConnOpt) (http.Handler, func() error) {
	h := asynqmon.New(asynqmon.Options{RootPath: QueueDashboardPath, RedisConnOpt: opt})
	return withoutWebFonts(h), h.Close
}

// withoutWebFonts drops the Google Fonts stylesheets from the pages h
// serves. asynqmon's page links Roboto and Material Icons from
// fonts.googleapis.com: offline that is a failed request on every load, and
// online it tells Google who opens the dashboard. Its icons are SVG (the
// icon font is never used) and its theme falls back to Helvetica/Arial, so
// the dashboard looks the same without them.
func withoutWebFonts(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		bw := &bufferedHTML{ResponseWriter: w}
		h.ServeHTTP(bw, r)
		bw.flush()
	})
}

// bufferedHTML holds back an HTML response so its links can be rewritten;
// anything else (the dashboard's JSON API, scripts) passes straight through.
type bufferedHTML struct {
	http.ResponseWriter
	status  int
	decided bool
	html    bool
	buf     bytes.Buffer
}

func (b *bufferedHTML) WriteHeader(status int) {
	if b.decided {
		return
	}
	b.decided = true
	b.status = status
	b.html = strings.HasPrefix(b.Header().Get("Content-Type"), "text/html")
	if !b.html {
		b.ResponseWriter.WriteHeader(status)
	}
}

func (b *bufferedHTML) Write(p []byte) (int, error) {
	if !b.decided {
		if b.Header().Get("Content-Type") == "" {
			b.Header().Set("Content-Type", http.DetectContentType(p))
		}
		b.WriteHeader(http.StatusOK)
	}
	if b.html {
		return b.buf.Write(p)
	}
	return b.ResponseWriter.Write(p)
}

func (b *bufferedHTML) flush() {
	if !b.html {
		return
	}
	out := stripWebFontLinks(b.buf.Bytes())
	b.Header().Set("Content-Length", strconv.Itoa(len(out)))
	b.ResponseWriter.WriteHeader(b.status)
	_, _ = b.ResponseWriter.Write(out)
}

// stripWebFontLinks removes every <link …> tag that points at
// fonts.googleapis.com or fonts.gstatic.com.
func stripWebFontLinks(page []byte) []byte {
	var out bytes.Buffer
	rest := page
	for {
		i := bytes.Index(rest, []byte("<link"))
		if i < 0 {
			out.Write(rest)
			return out.Bytes()
		}
		end := bytes.IndexByte(rest[i:], '>')
		if end < 0 {
			out.Write(rest)
			return out.Bytes()
		}
		tag := rest[i : i+end+1]
		out.Write(rest[:i])
		if !bytes.Contains(tag, []byte("fonts.googleapis.com")) && !bytes.Contains(tag, []byte("fonts.gstatic.com")) {
			out.Write(tag)
		}
		rest = rest[i+end+1:]
	}
}
