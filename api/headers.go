package api

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
)

// Content security policies. The app policy allows scripts only from the
// app's own origin (the built UI has no inline script), styles from the
// origin plus inline style attributes (React and bpmn-js set element
// styles; inline styles cannot run code), images also as data: and blob:
// URLs (the bpmn.io logo, image previews), and no framing at all: Settings
// (API keys, account deletion) must never be clickjacked. The one outside
// origin is the scheduling widget of the contact page (Calendly: its
// script, its stylesheet and its booking frame; the page checks that the
// script host answers before loading it).
const (
	calendlyScript = "https://assets.calendly.com"
	calendlyFrame  = "https://calendly.com"
	appCSP         = "default-src 'self'; script-src 'self' " + calendlyScript + "; " +
		"style-src 'self' 'unsafe-inline' " + calendlyScript + "; " +
		"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' " + calendlyScript + "; " +
		"frame-src " + calendlyFrame + "; media-src 'self' blob:; " +
		"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
	// opsCSP is for the asynqmon dashboard under /ops/queues, a prebuilt
	// app we do not control: its index.html carries inline bootstrap
	// scripts and its Material UI injects style elements. Its Google Fonts
	// links are stripped (withoutWebFonts), so nothing leaves the origin.
	// Operators only.
	opsCSP = "default-src 'self'; script-src 'self' 'unsafe-inline'; " +
		"style-src 'self' 'unsafe-inline'; " +
		"font-src 'self' data:; img-src 'self' data:; connect-src 'self'; " +
		"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
	// hstsValue keeps browsers on https for a year once they saw it.
	hstsValue = "max-age=31536000; includeSubDomains"
)

// jsonCSP is the policy of the poll routes' answers (pollRoutes), which
// are only ever JSON: nothing in them may load or run, nor be framed. It
// is a tenth of appCSP, and polls are most of the api's traffic.
const jsonCSP = "default-src 'none'; frame-ancestors 'none'"

// headerSet is a fixed list of response headers, keys canonical and each
// value a slice built once: apply assigns them to a response's header map
// as they are, without canonicalising a key or allocating a value slice
// per header and response. The slices are never written to (each holds
// one value at capacity one, so even an append to a response's header
// copies it).
type headerSet []struct {
	key string
	val []string
}

func (hs headerSet) apply(h http.Header) {
	for _, kv := range hs {
		h[kv.key] = kv.val
	}
}

// with returns hs and key: value, hs left unchanged.
func (hs headerSet) with(key, value string) headerSet {
	out := make(headerSet, len(hs), len(hs)+1)
	copy(out, hs)
	return append(out, struct {
		key string
		val []string
	}{http.CanonicalHeaderKey(key), []string{value}})
}

// securityHeaders are the security headers of the app, the queue
// dashboard and the poll routes, built once per server.
type securityHeaders struct{ app, ops, json headerSet }

func newSecurityHeaders(https bool) *securityHeaders {
	set := func(csp string, opener bool) headerSet {
		hs := headerSet{}.with("Content-Security-Policy", csp).
			with("X-Frame-Options", "DENY").
			with("X-Content-Type-Options", "nosniff").
			with("Referrer-Policy", "strict-origin-when-cross-origin")
		if opener {
			// Cross-origin isolation of the windows the app opens: a
			// JSON answer opens none.
			hs = hs.with("Cross-Origin-Opener-Policy", "same-origin")
		}
		if https {
			hs = hs.with("Strict-Transport-Security", hstsValue)
		}
		return hs
	}
	return &securityHeaders{app: set(appCSP, true), ops: set(opsCSP, true), json: set(jsonCSP, false)}
}

// forPath returns the set for a request path.
func (sh *securityHeaders) forPath(path string) headerSet {
	if path == "/ops/queues" || strings.HasPrefix(path, "/ops/queues/") {
		return sh.ops
	}
	if _, _, ok := pollRoute(path); ok {
		return sh.json
	}
	return sh.app
}

// SecurityHeaders sets the security headers on every response, errors and
// static files included: a CSP (its own for the queue dashboard, a short
// one for the poll routes' JSON), frame-ancestors 'none' with
// X-Frame-Options DENY for older browsers, nosniff, a referrer policy that
// never sends paths to other sites, and HSTS when the public URL is https.
// The poll fast path (poll.go) sets the same headers without the
// middleware chain.
func SecurityHeaders(https bool) echo.MiddlewareFunc {
	sh := newSecurityHeaders(https)
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			sh.forPath(c.Request().URL.Path).apply(c.Response().Header())
			return next(c)
		}
	}
}
