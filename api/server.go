// Package api is SPADE's HTTP layer: the echo router, middleware, and one
// file per resource group. Handlers stay short: they parse, call a domain
// package and answer; errors.go turns every error into {"detail": ...}.
package api

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/sync/semaphore"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/blob"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/db"
	"github.com/spade-bpmn/spade/pkg/queue"
	"github.com/spade-bpmn/spade/pkg/versions"
)

// Deps are the api's collaborators.
type Deps struct {
	Config   *config.Config
	DB       *db.DB
	Repo     *analysis.Repo
	Auth     *auth.Store
	Blobs    *blob.Store
	Queue    *queue.Queue
	Log      *slog.Logger
	Provider string // name of the configured LLM provider, for health
	// Versions saves edited diagrams, restores and refines them (nil: the
	// version routes are not mounted).
	Versions *versions.Service
	// Hooks let later parts (sign-in, membership, demo, ops) mount routes
	// and guards without this file knowing them.
	Mounts []func(s *Server)
	// BeforeAnalyze runs after the upload is validated and before the
	// analysis is stored (membership limits). It may return an error
	// answered to the client. AnalysisIDOf(c) is the id the analysis will
	// get, so that the daily call can be charged to it (and given back).
	BeforeAnalyze func(c echo.Context, p *auth.Principal, analyzerType string) error
}

// Server is the HTTP server.
type Server struct {
	Deps
	E   *echo.Echo
	log *slog.Logger
	// API is the /api group; Protected requires a signed-in user and a
	// selected account.
	API       *echo.Group
	Protected *echo.Group
	cache     *readCache
	// uploads are the upload kinds with the configured limits.
	uploads uploadKinds
	// bodyLimits holds the body limit of routes that accept more than
	// DefaultBodyLimit (uploads, exports), by "METHOD /path".
	bodyLimits map[string]routeLimit
	// bodyDeadline overrides BodyDeadline (tests).
	bodyDeadline func(limit int64) time.Duration
	// writeStall overrides writeStall (tests).
	writeStall time.Duration
	// pictures bounds the diagram pictures drawn at once (each holds up
	// to export.MaxPNGPixels bytes and a core).
	pictures chan struct{}
	// https: the public URL is https (HSTS on every answer).
	https bool
	// pollObservers count the polls answered outside echo (servePoll) in
	// the metrics the echo middleware keeps, one per pollRoutes entry;
	// nil without metrics.
	pollObservers [len(pollRoutes)]func(status int, d time.Duration)
	// modelWork bounds the requests that work on a whole process model
	// at once (see rationModelWork); modelWorkWait overrides
	// modelWorkWait (tests).
	modelWork     chan struct{}
	modelWorkWait time.Duration
	// answers is the byte budget of large stored answers (answerRoom).
	answers *semaphore.Weighted
	// pollHeaders are the headers servePoll sets on every answer.
	pollHeaders headerSet
	// requestIDs makes the ids of requests that bring none.
	requestIDs *requestIDs
}

// SessionCookie is the name of the session cookie.
const SessionCookie = "spade_session"

// New builds the router.
func New(d Deps) *Server {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	s := &Server{Deps: d, E: e, log: d.Log, cache: newReadCache(), bodyLimits: map[string]routeLimit{}, uploads: newUploadKinds(d.Config),
		pictures: make(chan struct{}, maxPictures), modelWork: make(chan struct{}, maxModelWork),
		answers: newAnswerBudget(), https: d.Config != nil && strings.HasPrefix(d.Config.PublicURL, "https://"), requestIDs: newRequestIDs()}
	s.pollHeaders = newSecurityHeaders(s.https).json.with("Cache-Control", "no-store")
	e.HTTPErrorHandler = s.errorHandler
	e.Use(s.writeProgress)
	e.Use(SecurityHeaders(s.https))
	e.Use(middleware.RequestIDWithConfig(middleware.RequestIDConfig{Generator: s.requestIDs.next}))
	e.Use(s.recoverer)
	e.Use(s.accessLog)
	e.Use(s.bodyLimit)

	e.GET("/healthz", func(c echo.Context) error { return c.JSON(http.StatusOK, map[string]string{"status": "ok"}) })
	s.API = e.Group("/api")
	s.API.Use(s.noStore)
	s.API.Use(s.invalidateOnWrite)
	s.API.Use(s.resolvePrincipal)
	s.API.Use(s.checkOrigin)
	s.API.GET("/health", s.health)

	s.Protected = s.API.Group("", s.requireAccount)
	s.mountAnalyses()
	if d.Versions != nil {
		s.mountVersions()
	}
	s.mountExport()
	for _, m := range d.Mounts {
		m(s)
	}
	s.API.Any("/*", func(c echo.Context) error { return errStatus(http.StatusNotFound, "Not found") })
	s.mountUI()
	return s
}

// ServeHTTP lets the server be used as an http.Handler. A poll whose
// principal and answer are cached is answered without echo (poll.go).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.servePoll(w, r) {
		return
	}
	s.E.ServeHTTP(w, r)
}

func requestID(c echo.Context) string {
	return c.Response().Header().Get(echo.HeaderXRequestID)
}

func (s *Server) recoverer(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) (err error) {
		defer func() {
			if r := recover(); r != nil {
				s.log.Error("panic in handler", "panic", r, "request_id", requestID(c), "path", c.Path())
				err = errStatus(http.StatusInternalServerError, "internal error")
			}
		}()
		return next(c)
	}
}

func (s *Server) accessLog(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		err := next(c)
		if err != nil {
			c.Error(err)
		}
		status := c.Response().Status
		if c.Request().URL.Path == "/api/health" || c.Request().URL.Path == "/healthz" {
			return nil
		}
		s.log.Debug("request", "method", c.Request().Method, "path", c.Request().URL.Path,
			"route", c.Path(), "status", status, "duration_ms", time.Since(start).Milliseconds(),
			"request_id", requestID(c))
		return nil
	}
}

func (s *Server) noStore(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Response().Header().Set("Cache-Control", "no-store")
		return next(c)
	}
}

// health reports the database, the queue, the upload store and the provider.
func (s *Server) health(c echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	out := Health{Status: "ok", Database: "ok", Queue: "ok", Storage: "ok", Provider: s.Provider}
	code := http.StatusOK
	if err := s.DB.Ping(ctx); err != nil {
		out.Database, out.Status, code = "unavailable", "degraded", http.StatusServiceUnavailable
	}
	if err := s.Queue.Ping(ctx); err != nil {
		out.Queue, out.Status, code = "unavailable", "degraded", http.StatusServiceUnavailable
	}
	if s.Blobs == nil {
		out.Storage = ""
	} else if err := s.Blobs.Ping(ctx); err != nil {
		out.Storage, out.Status, code = "unavailable", "degraded", http.StatusServiceUnavailable
	}
	return c.JSON(code, out)
}
