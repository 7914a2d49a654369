package api

import (
	"context"
	"crypto/subtle"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/metrics"
	"github.com/spade-bpmn/spade/pkg/queue"
	"github.com/spade-bpmn/spade/pkg/reprocess"
	"github.com/spade-bpmn/spade/pkg/tasks"
)

// Ops configures the operator surface: /metrics, /ops/queues and
// /api/ops/*.
type Ops struct {
	// Metrics is the process's registry; its HTTP middleware is installed
	// on every route.
	Metrics *metrics.Metrics
	// Reprocess plans and records batch runs.
	Reprocess *reprocess.Service
	// MetricsToken, when set, lets a scraper read /metrics with
	// `Authorization: Bearer <token>` instead of an operator's credentials.
	MetricsToken string
	// Dashboard serves the asynqmon UI; nil leaves /ops/queues out.
	Dashboard http.Handler
}

// OpsMount returns the Mount that adds the operator routes.
func OpsMount(o Ops) func(*Server) {
	return func(s *Server) {
		if o.Metrics != nil {
			// echo builds the middleware chain per request, so a Use here
			// also covers the routes registered before it.
			s.E.Use(o.Metrics.Echo())
			for i, pr := range pollRoutes {
				s.pollObservers[i] = o.Metrics.HTTPObserver(http.MethodGet, pr.route)
			}
			s.E.GET("/metrics", echo.WrapHandler(o.Metrics.Handler()), s.metricsAuth(o.MetricsToken))
		}
		if o.Dashboard != nil {
			// Routes, not an echo Group: a Group with middleware answers 404
			// for all of /ops/*, which would hide the web app's /ops page.
			h := echo.WrapHandler(o.Dashboard)
			mw := []echo.MiddlewareFunc{s.resolvePrincipal, s.checkOrigin, s.requireOperator}
			s.E.Any(QueueDashboardPath, h, mw...)
			s.E.Any(QueueDashboardPath+"/*", h, mw...)
		}
		h := &opsHandlers{s: s, rp: o.Reprocess}
		g := s.API.Group("/ops", s.requireOperator)
		g.GET("/queues", h.queues)
		g.POST("/queues/:name/pause", h.pause(true))
		g.POST("/queues/:name/resume", h.pause(false))
		g.GET("/failed", h.failed)
		g.POST("/analyses/:id/retry", h.retry)
		if o.Reprocess != nil {
			g.GET("/reprocess", h.listRuns)
			g.POST("/reprocess", h.startRun)
			g.GET("/reprocess/:id", h.getRun)
		}
	}
}

// requireOperator answers 401 to anonymous requests and 403 to users who
// are not operators (users.is_operator; `spade users grant-operator`).
func (s *Server) requireOperator(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		p := PrincipalOf(c)
		if p == nil || p.User == nil {
			return errStatus(http.StatusUnauthorized, "Not authenticated")
		}
		if !p.User.IsOperator {
			return errStatus(http.StatusForbidden, "This page is for operators. Ask an administrator to run `spade users grant-operator` for your account.")
		}
		return next(c)
	}
}

// RequireOperator is requireOperator for routes mounted by other files.
func (s *Server) RequireOperator(next echo.HandlerFunc) echo.HandlerFunc {
	return s.requireOperator(next)
}

// metricsAuth accepts the scrape token, else an operator's session or
// personal access token.
func (s *Server) metricsAuth(token string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		operator := s.resolvePrincipal(s.requireOperator(next))
		return func(c echo.Context) error {
			if token != "" {
				h := c.Request().Header.Get("Authorization")
				if got, ok := strings.CutPrefix(h, "Bearer "); ok &&
					subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(token)) == 1 {
					return next(c)
				}
			}
			c.Response().Header().Set("Cache-Control", "no-store")
			return operator(c)
		}
	}
}

type opsHandlers struct {
	s  *Server
	rp *reprocess.Service
}

// QueueView is one queue in GET /api/ops/queues.
type QueueView struct {
	Name           string `json:"name"`
	Weight         int    `json:"weight"`
	Size           int    `json:"size"`
	Pending        int    `json:"pending"`
	Active         int    `json:"active"`
	Scheduled      int    `json:"scheduled"`
	Retry          int    `json:"retry"`
	Archived       int    `json:"archived"`
	Completed      int    `json:"completed"`
	ProcessedToday int    `json:"processed_today"`
	FailedToday    int    `json:"failed_today"`
	ProcessedTotal int    `json:"processed_total"`
	FailedTotal    int    `json:"failed_total"`
	Paused         bool   `json:"paused"`
	LatencyMS      int64  `json:"latency_ms"`
}

func queueNames() []string {
	return []string{tasks.QueueAnalysis, tasks.QueueGraph, tasks.QueueReprocess}
}

func (h *opsHandlers) queueView(name string) (QueueView, error) {
	v := QueueView{Name: name, Weight: tasks.Queues[name]}
	info, err := h.s.Queue.Inspector.GetQueueInfo(name)
	if err != nil {
		if errors.Is(err, asynq.ErrQueueNotFound) || strings.Contains(err.Error(), "does not exist") {
			// No task yet: an empty queue, which can still be paused
			// (asynq keeps the flag under this key before the queue exists).
			n, err := h.s.Queue.Redis.Exists(context.Background(), "asynq:{"+name+"}:paused").Result()
			if err != nil {
				return v, errors.Join(queue.ErrUnavailable, err)
			}
			v.Paused = n == 1
			return v, nil
		}
		return v, errors.Join(queue.ErrUnavailable, err)
	}
	v.Size, v.Pending, v.Active, v.Scheduled = info.Size, info.Pending, info.Active, info.Scheduled
	v.Retry, v.Archived, v.Completed = info.Retry, info.Archived, info.Completed
	v.ProcessedToday, v.FailedToday = info.Processed, info.Failed
	v.ProcessedTotal, v.FailedTotal = info.ProcessedTotal, info.FailedTotal
	v.Paused, v.LatencyMS = info.Paused, info.Latency.Milliseconds()
	return v, nil
}

func (h *opsHandlers) queues(c echo.Context) error {
	out := []QueueView{}
	for _, name := range queueNames() {
		v, err := h.queueView(name)
		if err != nil {
			return err
		}
		out = append(out, v)
	}
	return c.JSON(http.StatusOK, QueueList{Queues: out})
}

func (h *opsHandlers) pause(pause bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		name := c.Param("name")
		if _, ok := tasks.Queues[name]; !ok {
			return errStatus(http.StatusNotFound, "Unknown queue "+strconv.Quote(name)+": use analysis, graph or reprocess.")
		}
		v, err := h.queueView(name)
		if err != nil {
			return err
		}
		if v.Paused != pause {
			var err error
			if pause {
				err = h.s.Queue.Inspector.PauseQueue(name)
			} else {
				err = h.s.Queue.Inspector.UnpauseQueue(name)
			}
			if err != nil {
				return errors.Join(queue.ErrUnavailable, err)
			}
		}
		h.s.log.Info("queue paused state changed", "queue", name, "paused", pause,
			"operator", PrincipalOf(c).User.Email, "request_id", requestID(c))
		v, err = h.queueView(name)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, v)
	}
}

// FailedView is one entry of GET /api/ops/failed.
type FailedView struct {
	ID               string    `json:"id"`
	AccountID        string    `json:"account_id"`
	AccountName      string    `json:"account_name"`
	AnalyzerType     string    `json:"analyzer_type"`
	OriginalFilename string    `json:"original_filename"`
	Status           string    `json:"status"`
	Stage            string    `json:"stage"`
	GraphStatus      string    `json:"graph_status"`
	Detail           string    `json:"detail"`
	Attempts         int       `json:"attempts"`
	CreatedAt        time.Time `json:"created_at"`
	UpdatedAt        time.Time `json:"updated_at"`
	Task             *TaskView `json:"task"`
}

// TaskView is what the queue still knows of an analysis's task.
type TaskView struct {
	ID           string     `json:"id"`
	Queue        string     `json:"queue"`
	Type         string     `json:"type"`
	State        string     `json:"state"`
	Retried      int        `json:"retried"`
	MaxRetry     int        `json:"max_retry"`
	LastError    string     `json:"last_error"`
	LastFailedAt *time.Time `json:"last_failed_at,omitempty"`
}

func (h *opsHandlers) failed(c echo.Context) error {
	limit, _ := strconv.Atoi(c.QueryParam("limit"))
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	ctx := c.Request().Context()
	var rows []analysis.Analysis
	err := h.s.DB.WithContext(ctx).
		Select("id, account_id, analyzer_type, original_filename, status, stage, graph_status, detail, attempt, created_at, updated_at").
		Where("status = ? OR (status = ? AND graph_status = ?)", analysis.StatusFailed, analysis.StatusCompleted, analysis.GraphFailed).
		Order("updated_at DESC").Limit(limit).Find(&rows).Error
	if err != nil {
		return err
	}
	names := map[string]string{}
	ids := []string{}
	for _, r := range rows {
		if _, ok := names[r.AccountID]; !ok {
			names[r.AccountID] = ""
			ids = append(ids, r.AccountID)
		}
	}
	if len(ids) > 0 {
		var accs []auth.Account
		if err := h.s.DB.WithContext(ctx).Select("id, name").Where("id IN ?", ids).Find(&accs).Error; err != nil {
			return err
		}
		for _, a := range accs {
			names[a.ID] = a.Name
		}
	}
	out := []FailedView{}
	for _, r := range rows {
		v := FailedView{ID: r.ID, AccountID: r.AccountID, AccountName: names[r.AccountID], AnalyzerType: r.AnalyzerType,
			OriginalFilename: r.OriginalFilename, Status: r.Status, Stage: r.Stage, GraphStatus: r.GraphStatus,
			Detail: r.Detail, Attempts: r.Attempt, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
		typ, q := tasks.TypeAnalysisProcess, tasks.QueueAnalysis
		if r.Status == analysis.StatusCompleted {
			typ, q = tasks.TypeAnalysisGraph, tasks.QueueGraph
		}
		if info, err := h.s.Queue.Inspector.GetTaskInfo(q, tasks.TaskID(typ, r.ID, "")); err == nil {
			v.Task = &TaskView{ID: info.ID, Queue: info.Queue, Type: info.Type, State: info.State.String(),
				Retried: info.Retried, MaxRetry: info.MaxRetry, LastError: info.LastErr}
			if !info.LastFailedAt.IsZero() {
				t := info.LastFailedAt.UTC()
				v.Task.LastFailedAt = &t
			}
		}
		if v.Detail == "" && v.Task != nil {
			v.Detail = v.Task.LastError
		}
		out = append(out, v)
	}
	return c.JSON(http.StatusOK, FailedList{Items: out})
}

// retry puts a failed analysis (or a failed diagram) back on the queue:
// the archived task is deleted so its id is free, the row is reset, and a
// new task is enqueued. When the queue is down the row is still reset and
// the recovery sweep enqueues it later.
func (h *opsHandlers) retry(c echo.Context) error {
	ctx := c.Request().Context()
	id := c.Param("id")
	a, err := h.s.Repo.GetByID(ctx, id)
	if err != nil {
		return err
	}
	log := h.s.log.With("analysis_id", id, "request_id", requestID(c), "operator", PrincipalOf(c).User.Email)
	now := time.Now().UTC()
	switch {
	case a.Status == analysis.StatusFailed:
		// The row turns failed before its task leaves the queue: a retry
		// in between would be taken for the task still in hand and lost.
		if err := h.settled(ctx, tasks.TaskID(tasks.TypeAnalysisProcess, id, "")); err != nil {
			return err
		}
		h.s.Queue.Delete(tasks.TaskID(tasks.TypeAnalysisProcess, id, ""))
		h.s.Queue.Delete(tasks.TaskID(tasks.TypeAnalysisGraph, id, ""))
		st := analysis.StageText[analysis.StageQueued]
		res := h.s.DB.WithContext(ctx).Model(&analysis.Analysis{}).
			Where("id = ? AND status = ?", id, analysis.StatusFailed).
			Updates(map[string]any{"status": analysis.StatusQueued, "stage": analysis.StageQueued, "current_stage": st.Text,
				"progress": st.Progress, "detail": "", "graph_status": analysis.GraphPending, "updated_at": now})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return errStatus(http.StatusConflict, "This analysis is no longer failed; reload the list.")
		}
		log.Info("failed analysis retried by operator")
		if err := h.s.Queue.EnqueueProcess(ctx, id); err != nil {
			return err
		}
	case a.Status == analysis.StatusCompleted && a.GraphStatus == analysis.GraphFailed:
		h.s.Queue.Delete(tasks.TaskID(tasks.TypeAnalysisGraph, id, ""))
		if err := h.s.Repo.SetGraph(ctx, id, analysis.GraphPending, "", ""); err != nil {
			return err
		}
		log.Info("failed diagram retried by operator")
		if err := h.s.Queue.EnqueueGraph(ctx, id); err != nil {
			return err
		}
	default:
		return errStatus(http.StatusConflict, "Only failed analyses can be retried; this one is "+a.Status+".")
	}
	a, err = h.s.Repo.GetByID(ctx, id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, a.ToView())
}

// retrySettle is how long a retry waits for the failed attempt's task
// to leave the queue (the worker archives it right after the row turns
// failed).
const retrySettle = 3 * time.Second

// settled waits until the task taskID is no longer queued or running, up
// to retrySettle; after that the retry is refused with a detail. A queue
// that cannot be asked is no reason to wait: the retry goes on and the
// recovery sweep covers a lost enqueue.
func (h *opsHandlers) settled(ctx context.Context, taskID string) error {
	deadline := time.Now().Add(retrySettle)
	for {
		live, err := h.s.Queue.Live(ctx, taskID)
		if err != nil || !live {
			return nil
		}
		if time.Now().After(deadline) {
			return errStatus(http.StatusConflict, "The failed attempt is still being closed; try Retry again in a few seconds.")
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// ReprocessRequest is the body of POST /api/ops/reprocess; it is
// reprocess.Request, which the flags of `spade reprocess` fill too.
type ReprocessRequest = reprocess.Request

func (h *opsHandlers) startRun(c echo.Context) error {
	var req ReprocessRequest
	if err := c.Bind(&req); err != nil {
		return errStatus(http.StatusBadRequest, "The request body must be JSON with at least a stage (analysis or graph).")
	}
	p, err := reprocess.ParseParams(req)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	if p.DryRun {
		matched, pending, err := h.rp.Plan(ctx, p)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, DryRun{DryRun: true, Matched: matched, Pending: pending, Params: p})
	}
	run, err := h.rp.Create(ctx, p, PrincipalOf(c).User.Email)
	if err != nil {
		return err
	}
	log := h.s.log.With("run_id", run.ID, "request_id", requestID(c))
	log.Info("reprocess run started", "stage", p.Stage, "operator", run.CreatedBy)
	// The answer is the run as created: Execute fills its counters from
	// another goroutine while this one writes the answer (a data race
	// when both read and write the same struct).
	answer := *run
	go func() {
		// Enqueuing outlives the request; the record shows its progress.
		ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
		defer cancel()
		if err := h.rp.Execute(ctx, run); err != nil {
			log.Warn("reprocess run stopped", "error", err)
		}
	}()
	c.Response().Header().Set(echo.HeaderLocation, "/api/ops/reprocess/"+answer.ID)
	return c.JSON(http.StatusAccepted, &answer)
}

func (h *opsHandlers) getRun(c echo.Context) error {
	r, err := h.rp.Get(c.Request().Context(), c.Param("id"))
	if errors.Is(err, reprocess.ErrNotFound) {
		return errStatus(http.StatusNotFound, "Reprocess run not found")
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}

func (h *opsHandlers) listRuns(c echo.Context) error {
	limit, _ := strconv.Atoi(c.QueryParam("limit"))
	runs, err := h.rp.List(c.Request().Context(), limit)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, RunList{Runs: runs})
}
