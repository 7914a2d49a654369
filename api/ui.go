package api

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/labstack/echo/v4"
)

// placeholderPage is served when the web app has not been built.
const placeholderPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SPADE</title></head>
<body><h1>SPADE</h1><p>The web app is not built. Run <code>go tool task run</code> (it builds <code>ui/</code>) or <code>npm run build</code> in <code>ui/</code>.</p></body></html>`

// mountUI serves the built web app with history fallback: any path that is
// not a file answers index.html so that client-side routes survive reloads.
func (s *Server) mountUI() {
	dir := s.Config.UIDir
	s.E.GET("/*", func(c echo.Context) error {
		p := c.Request().URL.Path
		if strings.HasPrefix(p, "/api/") || p == "/api" {
			return errStatus(http.StatusNotFound, "Not found")
		}
		clean := filepath.Clean("/" + p)
		full := filepath.Join(dir, clean)
		if st, err := os.Stat(full); err == nil && !st.IsDir() {
			if strings.HasPrefix(clean, "/assets/") {
				c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			return c.File(full)
		}
		if clean == "/favicon.ico" {
			// Browsers ask for /favicon.ico on every page without an icon
			// link (the built-in sign-in page, JSON opened directly); the
			// app's icon is an SVG, which browsers accept at this path too.
			return serveFavicon(c, dir)
		}
		index := filepath.Join(dir, "index.html")
		if _, err := os.Stat(index); err != nil {
			return c.HTML(http.StatusOK, placeholderPage)
		}
		if filepath.Ext(clean) != "" && !strings.HasSuffix(clean, ".html") {
			// A missing asset is a 404, not the app shell.
			return errStatus(http.StatusNotFound, "Not found")
		}
		c.Response().Header().Set("Cache-Control", "no-cache")
		return c.File(index)
	})
}

// serveFavicon answers /favicon.ico with the app's SVG icon, or 204 when the
// app is not built, so that no page logs a failed request for it.
func serveFavicon(c echo.Context, dir string) error {
	svg, err := os.ReadFile(filepath.Join(dir, "favicon.svg"))
	if err != nil {
		return c.NoContent(http.StatusNoContent)
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	return c.Blob(http.StatusOK, "image/svg+xml", svg)
}
