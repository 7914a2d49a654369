package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/refine"
	"github.com/spade-bpmn/spade/pkg/versions"
)

// Body limits of the version routes: an edited diagram may be as large as
// an uploaded BPMN file (10 MB) plus its JSON escaping; an instruction is a
// few sentences.
const (
	maxVersionBody     = 12 << 20
	maxInstructionBody = 16 << 10
	maxInstruction     = 2000
)

func (s *Server) mountVersions() {
	g := s.Protected.Group("/analyses/:id")
	g.GET("/versions", s.listVersions)
	g.GET("/versions/:n", s.getVersion)
	g.POST("/versions", s.saveVersion, s.rationModelWork)
	s.limitBody(http.MethodPost, "/api/analyses/:id/versions", maxVersionBody, fmt.Sprintf("The request is larger than %d MB.", maxVersionBody>>20))
	g.POST("/versions/:n/restore", s.restoreVersion, s.rationModelWork)
	s.limitBody(http.MethodPost, "/api/analyses/:id/versions/:n/restore", maxInstructionBody, "")
	g.POST("/refine", s.refineAnalysis, s.rationModelWork)
	s.limitBody(http.MethodPost, "/api/analyses/:id/refine", maxInstructionBody, "")
	g.POST("/refine/check", s.checkRefinement)
	s.limitBody(http.MethodPost, "/api/analyses/:id/refine/check", maxInstructionBody, "")
	g.GET("/source", s.analysisSource)
	g.POST("/layout", s.layoutDiagram)
	s.limitBody(http.MethodPost, "/api/analyses/:id/layout", maxVersionBody, fmt.Sprintf("The request is larger than %d MB.", maxVersionBody>>20))
}

// LayoutRequest is the body of POST /api/analyses/{id}/layout: the diagram
// as the editor holds it, unsaved edits included.
type LayoutRequest struct {
	BPMNXML string `json:"bpmn_xml" required:"true" doc:"the diagram to redraw, BPMN 2.0 XML (the editor's current contents)"`
}

// LayoutAnswer is a diagram redrawn with SPADE's layout; nothing is stored.
type LayoutAnswer struct {
	BPMNXML string `json:"bpmn_xml" doc:"the redrawn diagram; the diagram sent, unchanged, when it is over the element cap of saves (layout_note says so)"`
	// LayoutNote says why the answer is not SPADE's full layout.
	LayoutNote string `json:"layout_note" doc:"why the answer is not SPADE's full layout (over the element cap: unchanged; over the layout's work budget: the simple layout); empty when it is"`
	// ConversionNote says what the diagram → model conversion did not keep.
	ConversionNote string `json:"conversion_note" doc:"what of the diagram the process model did not keep (groups, vendor extensions …); empty when nothing"`
}

// layoutDiagram redraws the diagram in the body with SPADE's layout, so
// that the editor's Re-layout works on the unsaved edits rather than on
// the last saved version. It stores nothing and runs no analyzer, so it
// costs no daily analysis; the body limit and the element cap are those
// of saves, and the layout has the same work budget as ?layout=spade.
func (s *Server) layoutDiagram(c echo.Context) error {
	var req LayoutRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	if strings.TrimSpace(req.BPMNXML) == "" {
		return errStatus(http.StatusBadRequest, "bpmn_xml is empty: send the diagram to redraw as BPMN 2.0 XML.")
	}
	// The analysis must be the caller's: the route is account-scoped like
	// the other version routes, though the diagram comes from the body.
	// Only whether it exists in the caller's account: the lightest read.
	if _, err := s.Repo.GetView(c.Request().Context(), PrincipalOf(c).Account.ID, c.Param("id")); err != nil {
		return err
	}
	// A whole model is converted and laid out: one of the api's few
	// model-work turns, like saves, refine and ?layout=spade.
	release, err := s.modelTurn(c)
	if err != nil {
		return err
	}
	defer release()
	laid, note, conv, err := relayout(c.Request().Context(), []byte(req.BPMNXML), "so the diagram is left as it is")
	if err != nil {
		return err
	}
	out := LayoutAnswer{BPMNXML: req.BPMNXML, LayoutNote: note, ConversionNote: conv}
	if laid != nil {
		out.BPMNXML = string(laid)
	}
	return c.JSON(http.StatusOK, out)
}

// SourceView is the extracted text with, per sentence, the elements that
// came from it.
type SourceView struct {
	process.Trace
	Text string `json:"text"`
}

func (s *Server) analysisSource(c echo.Context) error {
	a, err := s.load(c)
	if err != nil {
		return err
	}
	text, err := s.Repo.SourceText(c.Request().Context(), PrincipalOf(c).Account.ID, a.ID)
	if err != nil {
		return err
	}
	if text == "" {
		return errStatus(http.StatusNotFound, "This analysis has no document text to show: images and BPMN files have none, and analyses made before this feature did not keep it.")
	}
	m := &process.Model{}
	if a.ModelJSON != "" {
		if m, err = process.Decode([]byte(a.ModelJSON)); err != nil {
			return err
		}
	}
	return c.JSON(http.StatusOK, SourceView{Trace: process.TraceSources(m, text), Text: text})
}

// loadForEdit loads the analysis of the request for a save, a refinement
// or a restore: without its stored diagram, which none of them reads.
func (s *Server) loadForEdit(c echo.Context) (*analysis.Analysis, error) {
	return s.Repo.GetForEdit(c.Request().Context(), PrincipalOf(c).Account.ID, c.Param("id"))
}

// errEmptyBody is readJSON's answer to a request without a body.
var errEmptyBody = errStatus(http.StatusBadRequest, "The request body is empty: send the JSON this endpoint expects.")

// readJSON decodes a JSON body into v, refusing unknown fields. The body
// is already bounded by the route's limit (bodyLimit, limitBody).
func readJSON(c echo.Context, v any) error {
	dec := json.NewDecoder(c.Request().Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
			return errStatus(http.StatusRequestEntityTooLarge, bodyTooLargeDetail(mbe.Limit))
		}
		if errors.Is(err, io.EOF) {
			return errEmptyBody
		}
		return errStatus(http.StatusBadRequest, "The request body is not the JSON this endpoint expects: "+err.Error())
	}
	return nil
}

func author(c echo.Context) string {
	u := PrincipalOf(c).User
	if u == nil {
		return ""
	}
	if u.Name != "" {
		return u.Name
	}
	return u.Email
}

func versionNumber(c echo.Context) (int, error) {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil || n < 1 {
		return 0, errStatus(http.StatusBadRequest, "The version must be a number from 1.")
	}
	return n, nil
}

// versionError maps the versions and refine errors to answers. latest is
// the version the request saw, used when the error does not say better.
func versionError(err error, latest int) error {
	var ce *versions.ConflictError
	switch {
	case errors.As(err, &ce):
		return errStatus(http.StatusConflict, conflictDetail(ce.Base, ce.Latest))
	case errors.Is(err, versions.ErrConflict):
		return errStatus(http.StatusConflict, fmt.Sprintf("Someone saved a newer version of this diagram since you opened it (the latest was version %d). Reload to see it; your changes were not saved.", max(latest, 1)))
	case errors.Is(err, versions.ErrNotFound):
		return errStatus(http.StatusNotFound, "This analysis has no such version.")
	case errors.Is(err, versions.ErrNoModel):
		return errStatus(http.StatusConflict, "This analysis has no process model yet; wait for it to complete.")
	case errors.Is(err, versions.ErrSameVersion):
		d, _ := failure.Detail(err)
		return errStatus(http.StatusConflict, d)
	case errors.Is(err, refine.ErrRefused):
		return errStatus(http.StatusUnprocessableEntity, refine.Detail(err))
	case errors.Is(err, versions.ErrNotUnderstood):
		return errStatus(http.StatusUnprocessableEntity, strings.TrimPrefix(err.Error(), versions.ErrNotUnderstood.Error()+": "))
	}
	// A diagram over the element cap is a failure.Permanent: 400 with its
	// detail, as for saves.
	return err
}

// conflictDetail names the version the change was based on and the one
// that is the latest now.
func conflictDetail(base, latest int) string {
	if base > latest {
		return fmt.Sprintf("Version %d does not exist yet: the latest version of this diagram is %d. Reload it; your changes were not saved.", base, latest)
	}
	return fmt.Sprintf("You changed version %d, but version %d has been saved since and is the latest now. Reload to see it; your changes were not saved.", base, latest)
}

func (s *Server) listVersions(c echo.Context) error {
	a, err := s.load(c)
	if err != nil {
		return err
	}
	list, err := s.Versions.Repo.List(c.Request().Context(), a)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, VersionList{Versions: list, Latest: max(a.Version, 1)})
}

// VersionView is one version with its content.
type VersionView struct {
	versions.Info
	BPMNXML       string          `json:"bpmn_xml"`
	Model         json.RawMessage `json:"model" ref:"ProcessModel" nullable:"true" doc:"the process model of this version; null when it has none"`
	FormattedText string          `json:"formatted_text"`
	// Changes lists what differs from the version named by ?compare=.
	Changes []versions.Change `json:"changes,omitempty"`
}

func (s *Server) getVersion(c echo.Context) error {
	a, err := s.load(c)
	if err != nil {
		return err
	}
	n, err := versionNumber(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	v, err := s.Versions.Repo.Get(ctx, a, n)
	if err != nil {
		return versionError(err, a.Version)
	}
	model := json.RawMessage(v.ModelJSON)
	if len(model) == 0 {
		model = json.RawMessage("null")
	}
	out := VersionView{
		Info:    versions.Info{Version: v.Version, CreatedAt: v.CreatedAt, Author: v.Author, Summary: v.Summary, Source: v.Source},
		BPMNXML: v.BPMNXML, Model: model, FormattedText: v.FormattedText,
	}
	if cmp := c.QueryParam("compare"); cmp != "" {
		m, err := strconv.Atoi(cmp)
		if err != nil || m < 1 {
			return errStatus(http.StatusBadRequest, "compare must be a version number.")
		}
		other, err := s.Versions.Repo.Get(ctx, a, m)
		if err != nil {
			return versionError(err, a.Version)
		}
		older, _ := process.Decode([]byte(other.ModelJSON))
		newer, _ := process.Decode([]byte(v.ModelJSON))
		out.Changes = versions.Diff(older, newer)
		if out.Changes == nil {
			out.Changes = []versions.Change{}
		}
	}
	return c.JSON(http.StatusOK, out)
}

// SaveVersionRequest is the body of POST /api/analyses/{id}/versions.
type SaveVersionRequest struct {
	BaseVersion int    `json:"base_version" required:"true" doc:"the version the diagram was edited from; 409 when it is no longer the latest"`
	BPMNXML     string `json:"bpmn_xml" required:"true"`
}

func (s *Server) saveVersion(c echo.Context) error {
	var req SaveVersionRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	if req.BaseVersion < 1 {
		return errStatus(http.StatusBadRequest, "base_version must name the version the diagram was edited from.")
	}
	if strings.TrimSpace(req.BPMNXML) == "" {
		return errStatus(http.StatusBadRequest, "bpmn_xml is empty: send the edited diagram as BPMN 2.0 XML.")
	}
	a, err := s.loadForEdit(c)
	if err != nil {
		return err
	}
	saved, err := s.Versions.SaveXML(c.Request().Context(), a, req.BaseVersion, []byte(req.BPMNXML), author(c))
	if err != nil {
		return versionError(err, a.Version)
	}
	return c.JSON(http.StatusCreated, saved)
}

// RestoreRequest is the body of POST /api/analyses/{id}/versions/{n}/restore.
type RestoreRequest struct {
	BaseVersion int `json:"base_version" required:"true" doc:"the latest version the user saw; 409 when it is no longer the latest, so that concurrent restores store one copy"`
}

func (s *Server) restoreVersion(c echo.Context) error {
	n, err := versionNumber(c)
	if err != nil {
		return err
	}
	var req RestoreRequest
	// An empty body (the old clients' restore) falls through to the
	// missing base_version below, which says what to send.
	if c.Request().ContentLength != 0 {
		if err := readJSON(c, &req); err != nil && !errors.Is(err, errEmptyBody) {
			return err
		}
	}
	if req.BaseVersion < 1 {
		return errStatus(http.StatusBadRequest, "base_version must name the latest version you saw, for example {\"base_version\": 3}.")
	}
	a, err := s.loadForEdit(c)
	if err != nil {
		return err
	}
	if a.Status != analysis.StatusCompleted {
		return errStatus(http.StatusConflict, "This analysis has not finished yet; wait for it to complete before restoring a version.")
	}
	saved, err := s.Versions.Restore(c.Request().Context(), a, n, req.BaseVersion, author(c))
	if err != nil {
		return versionError(err, a.Version)
	}
	return c.JSON(http.StatusCreated, saved)
}

// RefineRequest is the body of POST /api/analyses/{id}/refine.
type RefineRequest struct {
	BaseVersion int    `json:"base_version" required:"true"`
	Instruction string `json:"instruction" required:"true" doc:"what to change, in words (at most 2000 characters)"`
}

// RefineCheckRequest is the body of POST /api/analyses/{id}/refine/check.
type RefineCheckRequest struct {
	Instruction string `json:"instruction" required:"true" doc:"what to change, in words (at most 2000 characters)"`
}

// checkRefinement answers 200 with what SPADE makes of an instruction on
// the latest version, storing nothing: the web app asks before it
// refines, so that a sentence SPADE cannot act on is answered with the
// closest commands rather than with the refine route's 422 (which
// browsers log as an error). No language model is asked and no daily
// analysis is used.
func (s *Server) checkRefinement(c echo.Context) error {
	var req RefineCheckRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	instruction, err := cleanInstruction(req.Instruction)
	if err != nil {
		return err
	}
	a, err := s.loadForEdit(c)
	if err != nil {
		return err
	}
	if a.Status != analysis.StatusCompleted {
		return errStatus(http.StatusConflict, "This analysis has not finished yet; wait for it to complete before refining it.")
	}
	out, err := s.Versions.Check(c.Request().Context(), a, instruction)
	if err != nil {
		return versionError(err, a.Version)
	}
	return c.JSON(http.StatusOK, out)
}

// cleanInstruction trims an instruction in words and refuses an empty or
// an overlong one.
func cleanInstruction(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", errStatus(http.StatusBadRequest, "Write what to change, for example: move 'Approve invoice' to Finance.")
	}
	if len([]rune(s)) > maxInstruction {
		return "", errStatus(http.StatusBadRequest, fmt.Sprintf("The instruction is longer than %d characters; split it into smaller changes.", maxInstruction))
	}
	return s, nil
}

func (s *Server) refineAnalysis(c echo.Context) error {
	var req RefineRequest
	if err := readJSON(c, &req); err != nil {
		return err
	}
	instruction, err := cleanInstruction(req.Instruction)
	if err != nil {
		return err
	}
	req.Instruction = instruction
	if req.BaseVersion < 1 {
		return errStatus(http.StatusBadRequest, "base_version must name the version the instruction refers to.")
	}
	a, err := s.loadForEdit(c)
	if err != nil {
		return err
	}
	if a.Status != analysis.StatusCompleted {
		return errStatus(http.StatusConflict, "This analysis has not finished yet; wait for it to complete before refining it.")
	}
	// A refinement that needs the language model is an analyze call for
	// the daily limit; the built-in grammar costs nothing.
	charge := func() error {
		if s.BeforeAnalyze == nil {
			return nil
		}
		c.Set(analysisIDKey, "refine:"+a.ID+":"+auth.NewID())
		return s.BeforeAnalyze(c, PrincipalOf(c), "refine")
	}
	saved, _, err := s.Versions.Refine(c.Request().Context(), a, req.BaseVersion, req.Instruction, author(c), charge)
	if err != nil {
		return versionError(err, a.Version)
	}
	return c.JSON(http.StatusCreated, saved)
}
