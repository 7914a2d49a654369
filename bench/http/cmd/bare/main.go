// Command bare is the reference for the HTTP benchmark: a bare echo server
// that answers GET /api/document/:id with a stored JSON body and nothing
// else (no auth, no database), so that SPADE's real handler can be compared
// with the cost of echo plus the network in the same run.
//
// -headers n adds the first n of the headers SPADE's poll answer carries
// (at most 7: with the type, the 8 a poll sets) and -length a
// Content-Length, so that two bare servers run side by side tell what the
// headers alone cost; a ninth key grows the response's header map (see
// api/poll.go writeView).
package main

import (
	"flag"
	"log"
	"net/http"
	"os"
	"strconv"

	"github.com/labstack/echo/v4"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18081", "listen address")
	bodyFile := flag.String("body", "", "file with the JSON body to answer (default: a small object)")
	headers := flag.Int("headers", 0, "how many of a poll's headers to add (0-7)")
	length := flag.Bool("length", false, "set Content-Length")
	flag.Parse()
	// pollHeaders are the headers of a poll's answer besides its type, as
	// api's servePoll sets them (the request id and tag are fixed here).
	pollHeaders := [...][2]string{
		{"Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"},
		{"X-Frame-Options", "DENY"},
		{"X-Content-Type-Options", "nosniff"},
		{"Referrer-Policy", "strict-origin-when-cross-origin"},
		{"Cache-Control", "no-store"},
		{"X-Request-Id", "0123abcd-0123-4567-0000-000000000001"},
		{"Etag", `"f85eecfc11bc49f56538af05"`},
	}
	body := []byte(`{"id":"x","status":"completed"}`)
	if *bodyFile != "" {
		b, err := os.ReadFile(*bodyFile)
		if err != nil {
			log.Fatal(err)
		}
		body = b
	}
	extra := pollHeaders[:min(max(*headers, 0), len(pollHeaders))]
	size := strconv.Itoa(len(body))
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.GET("/api/document/:id", func(c echo.Context) error {
		h := c.Response().Header()
		for _, kv := range extra {
			h[kv[0]] = []string{kv[1]}
		}
		if *length {
			h["Content-Length"] = []string{size}
		}
		return c.JSONBlob(http.StatusOK, body)
	})
	log.Fatal(e.Start(*addr))
}
