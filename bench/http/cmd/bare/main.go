// Command bare is the reference for the HTTP benchmark: a bare echo server
// that answers GET /api/document/:id with a stored JSON body and nothing
// else (no auth, no database), so that SPADE's real handler can be compared
// with the cost of echo plus the network in the same run.
package main

import (
	"flag"
	"log"
	"net/http"
	"os"

	"github.com/labstack/echo/v4"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18081", "listen address")
	bodyFile := flag.String("body", "", "file with the JSON body to answer (default: a small object)")
	flag.Parse()
	body := []byte(`{"id":"x","status":"completed"}`)
	if *bodyFile != "" {
		b, err := os.ReadFile(*bodyFile)
		if err != nil {
			log.Fatal(err)
		}
		body = b
	}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.GET("/api/document/:id", func(c echo.Context) error { return c.JSONBlob(http.StatusOK, body) })
	log.Fatal(e.Start(*addr))
}
