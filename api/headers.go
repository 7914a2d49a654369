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

// SecurityHeaders sets the security headers on every response, errors and
// static files included: a CSP (its own for the queue dashboard),
// frame-ancestors 'none' with X-Frame-Options DENY for older browsers,
// nosniff, a referrer policy that never sends paths to other sites, and
// HSTS when the public URL is https.
func SecurityHeaders(https bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			setSecurityHeaders(c.Response().Header(), c.Request().URL.Path, https)
			return next(c)
		}
	}
}

// setSecurityHeaders is SecurityHeaders for one response; the poll fast
// path (poll.go) sets the same headers without the middleware chain.
func setSecurityHeaders(h http.Header, path string, https bool) {
	csp := appCSP
	if path == "/ops/queues" || strings.HasPrefix(path, "/ops/queues/") {
		csp = opsCSP
	}
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	if https {
		h.Set("Strict-Transport-Security", hstsValue)
	}
}
