package api

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/versions"
)

func (s *Server) mountAnalyses() {
	g := s.Protected
	g.POST("/analyze", s.analyzeHandler(analysis.TypeDocument, s.uploads.document))
	g.POST("/image/analyze", s.analyzeHandler(analysis.TypeImage, s.uploads.image))
	g.POST("/bpmn/analyze", s.analyzeHandler(analysis.TypeBPMN, s.uploads.bpmn))
	s.limitUpload(http.MethodPost, "/api/analyze", s.uploads.document)
	s.limitUpload(http.MethodPost, "/api/image/analyze", s.uploads.image)
	s.limitUpload(http.MethodPost, "/api/bpmn/analyze", s.uploads.bpmn)
	g.GET("/document/:id", s.getAnalysis)
	g.GET("/image/document/:id", s.getAnalysis)
	g.GET("/bpmn/document/:id", s.getAnalysis)
	g.GET("/recent", s.recent)
	g.GET("/check-graph/:id", s.checkGraph)
	g.GET("/graph/:id", s.graph)
	g.GET("/bpmn/:id", s.bpmnXML)
	g.DELETE("/cached-analysis/:id", s.deleteAnalysis)
}

// KindOpenInEditor is the kind BeforeAnalyze gets for a BPMN file or a
// blank diagram opened in the editor (POST /api/bpmn/analyze?purpose=edit):
// the person draws, no analyzer of theirs runs (the file is read and
// checked as any BPMN file, without an AI call), so it counts no daily
// analysis.
const KindOpenInEditor = "bpmn-editor"

// Charged says whether an analyze call of this kind counts one of the
// day's analyses: every kind but KindOpenInEditor.
func Charged(kind string) bool { return kind != KindOpenInEditor }

// analyzeKind is what BeforeAnalyze is told about this call: the analyzer
// type, or KindOpenInEditor for a BPMN file opened in the editor.
func analyzeKind(c echo.Context, typ string) (string, error) {
	switch c.QueryParam("purpose") {
	case "", "analyze":
		return typ, nil
	case "edit":
		if typ == analysis.TypeBPMN {
			return KindOpenInEditor, nil
		}
		return "", errStatus(http.StatusBadRequest, "purpose=edit is for BPMN files opened in the editor (POST /api/bpmn/analyze); documents and images are analysed.")
	}
	return "", errStatus(http.StatusBadRequest, "purpose must be analyze (the default) or edit (a BPMN file opened in the editor).")
}

func (s *Server) analyzeHandler(typ string, kind UploadKind) echo.HandlerFunc {
	return func(c echo.Context) error {
		p := PrincipalOf(c)
		charge, err := analyzeKind(c, typ)
		if err != nil {
			return err
		}
		up, _, err := ReadUpload(c, kind)
		if err != nil {
			return err
		}
		id := auth.NewID()
		c.Set(analysisIDKey, id)
		if s.BeforeAnalyze != nil {
			if err := s.BeforeAnalyze(c, p, charge); err != nil {
				return err
			}
		}
		a, err := s.CreateAnalysis(c.Request().Context(), id, p.Account.ID, p.User.ID, typ, up, false)
		if err != nil {
			return err
		}
		c.Response().Header().Set(echo.HeaderLocation, "/api/document/"+a.ID)
		return c.JSON(http.StatusAccepted, a.ToView())
	}
}

// analysisIDKey holds the id the analysis will get, chosen before the
// membership check so that the daily call is charged to it.
const analysisIDKey = "spade.analysis_id"

// AnalysisIDOf returns the id the analysis of this analyze call will get
// (a fresh one when the route did not choose it).
func AnalysisIDOf(c echo.Context) string {
	if id, ok := c.Get(analysisIDKey).(string); ok && id != "" {
		return id
	}
	id := auth.NewID()
	c.Set(analysisIDKey, id)
	return id
}

// CreateAnalysis stores the upload under id (demo ids are chosen by the
// demo endpoint), inserts the row and enqueues the task. When any step fails, the earlier ones are undone: no half-written
// analysis stays behind.
func (s *Server) CreateAnalysis(ctx context.Context, id, accountID, userID, typ string, up *Upload, demo bool) (*analysis.Analysis, error) {
	a := &analysis.Analysis{
		ID: id, AccountID: accountID, UserID: userID, AnalyzerType: typ,
		OriginalFilename: up.Filename, ContentType: up.ContentType, SizeBytes: int64(len(up.Data)),
		BlobKey: id, IsDemo: demo,
	}
	// The blob is durably stored before the row exists and the task is
	// enqueued, so no worker ever looks for a file that is not there yet.
	if err := s.Blobs.Put(ctx, id, bytes.NewReader(up.Data), int64(len(up.Data))); err != nil {
		return nil, err
	}
	undo := context.WithoutCancel(ctx)
	if err := s.Repo.Create(ctx, a); err != nil {
		_ = s.Blobs.Delete(undo, id)
		return nil, err
	}
	if err := s.Queue.EnqueueProcess(ctx, id); err != nil {
		_, _ = s.Repo.Delete(undo, accountID, id)
		_ = s.Blobs.Delete(undo, id)
		return nil, err
	}
	return a, nil
}

func (s *Server) load(c echo.Context) (*analysis.Analysis, error) {
	return s.Repo.Get(c.Request().Context(), PrincipalOf(c).Account.ID, c.Param("id"))
}

func (s *Server) recent(c echo.Context) error {
	typ := strings.ToLower(c.QueryParam("analyzer_type"))
	if typ == "text" {
		typ = analysis.TypeDocument
	}
	switch typ {
	case "", analysis.TypeDocument, analysis.TypeImage, analysis.TypeBPMN:
	default:
		return errStatus(http.StatusBadRequest, "analyzer_type must be document, image or bpmn")
	}
	limit := 50
	if v := c.QueryParam("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 200 {
			return errStatus(http.StatusBadRequest, "limit must be a number from 1 to 200")
		}
		limit = n
	}
	items, err := s.Repo.List(c.Request().Context(), PrincipalOf(c).Account.ID, analysis.ListOptions{AnalyzerType: typ, Limit: limit})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, items)
}

func (s *Server) checkGraph(c echo.Context) error {
	a, err := s.Repo.GetView(c.Request().Context(), PrincipalOf(c).Account.ID, c.Param("id"))
	if err != nil {
		return err
	}
	// The graph handler marks a graph completed only with its XML stored.
	return c.JSON(http.StatusOK, GraphCheck{Exists: a.GraphStatus == analysis.GraphCompleted, Status: a.GraphStatus})
}

func (s *Server) graph(c echo.Context) error {
	a, err := s.load(c)
	if err != nil {
		return err
	}
	if a.ModelJSON == "" {
		return errStatus(http.StatusNotFound, "No process model is available for this analysis.")
	}
	m, err := process.Decode([]byte(a.ModelJSON))
	if err != nil {
		return fmt.Errorf("graph %s: %w", a.ID, err)
	}
	return c.JSON(http.StatusOK, ModelView{Model: *m, DisplayNames: process.DisplayNames(m)})
}

// ModelView is GET /api/graph/{id}: the process model, migrated to the
// current version, with the name a person reads for each activity and
// gateway, so that the web app shows the names the formatted text and the
// exports give and keeps no copy of the naming rule.
type ModelView struct {
	process.Model
	DisplayNames map[string]string `json:"display_names" doc:"activity or gateway id → the name to show: its own, else derived from its kind and position ('the 2nd unnamed exclusive gateway') or, for an analyzer's split, the question its branches answer"`
}

func (s *Server) bpmnXML(c echo.Context) error {
	ctx, acc := c.Request().Context(), PrincipalOf(c).Account.ID
	size, err := s.Repo.DiagramSize(ctx, acc, c.Param("id"))
	if err != nil {
		return err
	}
	release, err := s.answerRoom(c, size)
	if err != nil {
		return err
	}
	defer release()
	a, err := s.Repo.GetDiagram(ctx, acc, c.Param("id"))
	if err != nil {
		return err
	}
	if a.BPMNXML == "" {
		return errStatus(http.StatusNotFound, "No process model is available for this analysis.")
	}
	switch c.QueryParam("layout") {
	case "", "file":
		return writeString(c, "application/xml; charset=utf-8", a.BPMNXML)
	case "spade":
		// Documents and images are drawn by SPADE already; an uploaded
		// BPMN file is converted to the model and drawn again.
		if a.AnalyzerType == analysis.TypeBPMN {
			release, err := s.modelTurn(c)
			if err != nil {
				return err
			}
			defer release()
			laid, note, conv, err := relayout(c.Request().Context(), []byte(a.BPMNXML), "so this is the file's own diagram")
			if err != nil {
				return err
			}
			if conv != "" {
				c.Response().Header().Set(ConversionNoteHeader, conv)
			}
			if note != "" {
				c.Response().Header().Set(LayoutNoteHeader, note)
			}
			if laid != nil {
				return c.Blob(http.StatusOK, "application/xml; charset=utf-8", laid)
			}
		}
	default:
		return errStatus(http.StatusBadRequest, "layout must be spade, or file (the default) for the stored diagram.")
	}
	return writeString(c, "application/xml; charset=utf-8", a.BPMNXML)
}

// writeString answers s in pieces of writeChunk bytes, so that a large
// stored answer is not copied whole into a byte slice first.
func writeString(c echo.Context, contentType, s string) error {
	w := c.Response()
	w.Header().Set(echo.HeaderContentType, contentType)
	w.Header().Set(echo.HeaderContentLength, strconv.Itoa(len(s)))
	w.WriteHeader(http.StatusOK)
	for len(s) > 0 {
		k := min(len(s), writeChunk)
		if _, err := w.Write([]byte(s[:k])); err != nil {
			return err
		}
		s = s[k:]
	}
	return nil
}

// LayoutNoteHeader carries, on GET /api/bpmn/{id}?layout=spade, why the
// answer is not SPADE's full layout (a graph too large or too dense for
// it inside a request).
const LayoutNoteHeader = "X-Spade-Layout-Note"

// ConversionNoteHeader carries, on GET /api/bpmn/{id}?layout=spade, what
// the conversion of the file into the process model did not keep or
// changed (tomodel's note), so that a re-layout says what it dropped.
const ConversionNoteHeader = "X-Spade-Conversion-Note"

// relayout converts a BPMN file into the process model and draws it with
// SPADE's layout, inside the request: with the request's context, and
// only for models within the element cap of saves (beyond it the file's
// own diagram is answered, laid == nil, with a note). The layout itself
// has a work budget growing with nodes × flows, beyond which it draws the
// simple layout, with a note. Both steps are deterministic, so a failure
// is the file's: 422 with its detail.
//
// conv is the conversion's note: what of the file the model did not keep.
// kept ends the note of a diagram over the cap, saying what is answered
// instead ("so this is the file's own diagram").
func relayout(ctx context.Context, xml []byte, kept string) (laid []byte, note, conv string, err error) {
	// Counted from the file first: a file far over the cap is not
	// converted at all.
	if n := flowElementsInXML(xml); n > versions.MaxElements {
		return nil, fmt.Sprintf("This diagram has %d elements; SPADE redraws diagrams of up to %d, %s.", n, versions.MaxElements, kept), "", nil
	}
	r, err := tomodel.ConvertXML(xml)
	if err != nil && ctx.Err() == nil {
		// Not a BPMN document (possible for a diagram sent by a client,
		// never for a stored one): the sender's to fix.
		if d, ok := failure.Detail(err); ok {
			return nil, "", "", errStatus(http.StatusUnprocessableEntity, d)
		}
		return nil, "", "", errStatus(http.StatusUnprocessableEntity, "This is not a BPMN diagram SPADE can read: "+err.Error())
	}
	if err == nil {
		m := r.Model
		if n := versions.CountElements(m); n > versions.MaxElements {
			return nil, fmt.Sprintf("This diagram has %d elements; SPADE redraws diagrams of up to %d, %s.", n, versions.MaxElements, kept), "", nil
		}
		var b *bpmn.Built
		if b, err = bpmn.BuildContext(ctx, m); err == nil {
			if b.Simplified {
				note = bpmn.SimplifiedNote
			}
			return b.XML, note, headerSafe(r.Note()), nil
		}
	}
	if ctx.Err() != nil {
		return nil, "", "", ctx.Err()
	}
	if d, ok := failure.Detail(err); ok {
		return nil, "", "", errStatus(http.StatusUnprocessableEntity, d)
	}
	return nil, "", "", fmt.Errorf("relayout bpmn: %w", err)
}

// maxHeaderNote bounds a note sent in a header (proxies refuse large
// headers); the note lists kinds with a few ids, so it is short anyway.
const maxHeaderNote = 2000

// headerSafe makes a note fit one header line: control characters become
// spaces and it is cut at maxHeaderNote bytes on a character boundary.
func headerSafe(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)
	if len(s) > maxHeaderNote {
		cut := maxHeaderNote
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

func (s *Server) deleteAnalysis(c echo.Context) error {
	a, err := s.Repo.Delete(c.Request().Context(), PrincipalOf(c).Account.ID, c.Param("id"))
	if err != nil {
		return err
	}
	if err := s.Blobs.Delete(context.WithoutCancel(c.Request().Context()), a.BlobKey); err != nil {
		s.log.Warn("blob delete failed", "analysis_id", a.ID, "error", err)
	}
	return c.JSON(http.StatusOK, Deleted{Success: true, ID: a.ID})
}
