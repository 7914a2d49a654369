package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/export"
	"github.com/spade-bpmn/spade/pkg/process"
)

// mountExport registers the export route and its body limit.
func (s *Server) mountExport() {
	s.Protected.POST("/export/:type", s.export)
	s.limitBody(http.MethodPost, "/api/export/:type", exportBodyLimit, exportTooLarge)
	s.Protected.GET("/bpmn/:id/diagram.svg", s.diagramPicture("svg"))
	s.Protected.GET("/bpmn/:id/diagram.png", s.diagramPicture("png"))
}

// PNGScaleHeader carries, on GET /api/bpmn/{id}/diagram.png, the scale
// the picture was drawn at: the one asked for, or lower when the picture
// would have been over the pixel bound.
const PNGScaleHeader = "X-Spade-Png-Scale"

// PNGNoteHeader says, on GET /api/bpmn/{id}/diagram.png, why the picture
// is smaller than asked (the pixel bound), and what to use instead.
const PNGNoteHeader = "X-Spade-Png-Note"

// maxPictures is how many diagram pictures one api process draws at once.
const maxPictures = 2

// pictureTimeout bounds one picture export; a 2,000-node model takes
// about half a second.
const pictureTimeout = 30 * time.Second

// diagramPicture answers the stored diagram of an analysis (the latest
// version) drawn as SVG or PNG on the server, by the PDF's drawing code,
// so that exports work without a browser.
func (s *Server) diagramPicture(format string) echo.HandlerFunc {
	return func(c echo.Context) error {
		scale := 1.0
		if format == "png" {
			if q := c.QueryParam("scale"); q != "" {
				v, err := strconv.ParseFloat(q, 64)
				if err != nil {
					return errStatus(http.StatusBadRequest, export.ScaleDetail)
				}
				scale = v
			}
		}
		a, err := s.load(c)
		if err != nil {
			return err
		}
		if a.BPMNXML == "" {
			return errStatus(http.StatusNotFound, "No process model is available for this analysis yet.")
		}
		ctx, cancel := context.WithTimeout(c.Request().Context(), pictureTimeout)
		defer cancel()
		// A picture waits for a free slot for as long as it may take; a
		// flood of large exports queues instead of taking the memory.
		select {
		case s.pictures <- struct{}{}:
			defer func() { <-s.pictures }()
		case <-ctx.Done():
			return errStatus(http.StatusServiceUnavailable, "Too many diagram pictures are being drawn right now. Try again in a minute.")
		}
		var data []byte
		ctype := export.TypeSVG
		if format == "png" {
			ctype = export.TypePNG
			var used float64
			data, used, err = export.DiagramPNG(ctx, []byte(a.BPMNXML), scale)
			if err == nil {
				c.Response().Header().Set(PNGScaleHeader, strconv.FormatFloat(used, 'g', 4, 64))
				if used < scale {
					c.Response().Header().Set(PNGNoteHeader, fmt.Sprintf("The diagram is too large for a PNG at scale %g; it is drawn at scale %.3g. Download the SVG for full detail.", scale, used))
				}
			}
		} else {
			data, err = export.DiagramSVG(ctx, []byte(a.BPMNXML))
		}
		switch {
		case errors.Is(err, export.ErrBadScale):
			return errStatus(http.StatusBadRequest, export.ScaleDetail)
		case errors.Is(err, export.ErrNoDiagram):
			return errStatus(http.StatusUnprocessableEntity, "This analysis' diagram cannot be drawn: its BPMN has no diagram layout. Open it in the editor and save it, or download the BPMN file.")
		case errors.Is(err, context.DeadlineExceeded) && c.Request().Context().Err() == nil:
			return errStatus(http.StatusServiceUnavailable, "The diagram is too large to draw in time. Download the BPMN or the PDF instead.")
		case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
			return errStatus(http.StatusServiceUnavailable, "The export was cancelled.")
		case err != nil:
			return err
		}
		name := a.ProcessName
		if name == "" {
			name = "diagram"
		}
		export.SetHeaders(c.Response().Header(), ctype, export.Filename(name, format))
		return c.Blob(http.StatusOK, ctype, data)
	}
}

// exportBodyLimit is the largest export request: the largest text an
// export renders plus room for the other fields and JSON escapes.
const exportBodyLimit = export.MaxTextBytes + 64<<10

// exportTooLarge is the 413 detail of the export endpoint.
const exportTooLarge = "The text to export is larger than 2 MB. Export a shorter analysis."

// export renders an analysis as txt, xlsx, bpmn, docx or pdf. The body
// carries the text the user sees; when it names an analysis id of the
// account, the stored model and diagram are added (tables, drawing).
func (s *Server) export(c echo.Context) error {
	var req export.Request
	if err := json.NewDecoder(c.Request().Body).Decode(&req); err != nil {
		if isTooLarge(err) {
			return errStatus(http.StatusRequestEntityTooLarge, exportTooLarge)
		}
		return errStatus(http.StatusBadRequest, "Send a JSON body with formatted_text, process_name, timestamp and id.")
	}
	if req.ID != "" {
		a, err := s.Repo.Get(c.Request().Context(), PrincipalOf(c).Account.ID, req.ID)
		if err != nil && !errors.Is(err, analysis.ErrNotFound) {
			return err
		}
		if err != nil {
			return errStatus(http.StatusNotFound, "Analysis not found")
		}
		if req.FormattedText == "" {
			req.FormattedText = a.FormattedText
		}
		if req.ProcessName == "" {
			req.ProcessName = a.ProcessName
		}
		if a.BPMNXML != "" {
			req.BPMN = []byte(a.BPMNXML)
		}
		if a.ModelJSON != "" {
			if m, err := process.Decode([]byte(a.ModelJSON)); err == nil {
				req.Model = m
			}
		}
	}
	data, ctype, name, err := export.ExportContext(c.Request().Context(), c.Param("type"), req)
	switch {
	case errors.Is(err, export.ErrTooLarge):
		return errStatus(http.StatusRequestEntityTooLarge, exportTooLarge)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		// The client has gone; nobody reads this answer.
		return errStatus(http.StatusServiceUnavailable, "The export was cancelled.")
	case errors.Is(err, export.ErrUnknownFormat):
		return errStatus(http.StatusBadRequest, "Unknown export format. Choose txt, xlsx, bpmn, docx or pdf.")
	case errors.Is(err, export.ErrNothingToExport):
		if c.Param("type") == "bpmn" {
			return errStatus(http.StatusNotFound, "No process model is available for this analysis yet.")
		}
		return errStatus(http.StatusBadRequest, "There is nothing to export: the analysis has no text.")
	case err != nil:
		return err
	}
	export.SetHeaders(c.Response().Header(), ctype, name)
	return c.Blob(http.StatusOK, ctype, data)
}
