// Package export renders an analysis as a downloadable file: plain text,
// an Excel workbook, the BPMN diagram, a Word document or a PDF.
//
// Every format starts from the analysis' formatted_text (what the user
// sees); the process model and the BPMN diagram, when the caller has them,
// add tables and the drawing.
package export

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/process"
)

// Request is what POST /api/export/{type} receives, plus what the server
// can add from the stored analysis.
type Request struct {
	FormattedText string `json:"formatted_text"`
	ProcessName   string `json:"process_name"`
	Timestamp     string `json:"timestamp"`
	ID            string `json:"id"`
	// Model is the analysis' process model, when there is one (document
	// and image analyses); it adds tables to xlsx, docx and pdf.
	Model *process.Model `json:"-"`
	// BPMN is the stored diagram: the bpmn export itself, and the drawing
	// in the pdf.
	BPMN []byte `json:"-"`

	// ctx is the caller's context, set by ExportContext, so that long
	// renders stop when the client has gone.
	ctx context.Context
}

// context is the caller's context, or Background when Export was called
// without one.
func (r Request) context() context.Context {
	if r.ctx == nil {
		return context.Background()
	}
	return r.ctx
}

// err reports whether the caller has gone.
func (r Request) err() error {
	if r.ctx == nil {
		return nil
	}
	return r.ctx.Err()
}

// Content types of the formats.
const (
	TypeTXT  = "text/plain; charset=utf-8"
	TypeXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	TypeBPMN = "application/xml"
	TypeDOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
	TypePDF  = "application/pdf"
)

// ErrUnknownFormat is returned by Export for a type it does not know.
var ErrUnknownFormat = errors.New("export: unknown format")

// ErrTooLarge is returned when the text to export is over MaxTextBytes.
var ErrTooLarge = errors.New("export: text too large")

// ErrNothingToExport is the cause when the request carries no content for
// the format.
var ErrNothingToExport = errors.New("export: nothing to export")

// Formats lists the export types in the order the UI offers them.
var Formats = []string{"txt", "xlsx", "bpmn", "docx", "pdf"}

// ExportContext is Export bounded by ctx and by size: a text over
// MaxTextBytes fails with ErrTooLarge before any work, and rendering stops
// with ctx's error when ctx ends (the client went away).
func ExportContext(ctx context.Context, typ string, r Request) (data []byte, contentType, filename string, err error) {
	if len(r.FormattedText) > MaxTextBytes || (r.FormattedText == "" && len(r.text()) > MaxTextBytes) {
		return nil, "", "", failure.Permanent(fmt.Sprintf("The text to export is larger than %d MB. Export a shorter analysis.", MaxTextBytes>>20), ErrTooLarge)
	}
	if err := ctx.Err(); err != nil {
		return nil, "", "", fmt.Errorf("export %s: %w", typ, err)
	}
	r.ctx = ctx
	data, contentType, filename, err = Export(typ, r)
	if err == nil {
		if cerr := ctx.Err(); cerr != nil {
			return nil, "", "", fmt.Errorf("export %s: %w", typ, cerr)
		}
	}
	return data, contentType, filename, err
}

// Export renders the request in the format named by typ (txt, xlsx, bpmn,
// docx, pdf) and returns the file, its content type and its file name.
func Export(typ string, r Request) (data []byte, contentType, filename string, err error) {
	switch strings.ToLower(typ) {
	case "txt":
		return TXT(r)
	case "xlsx":
		return XLSX(r)
	case "bpmn":
		return BPMN(r)
	case "docx":
		return DOCX(r)
	case "pdf":
		return PDF(r)
	}
	return nil, "", "", failure.Permanent(fmt.Sprintf("Export format %q is not supported; use txt, xlsx, bpmn, docx or pdf.", typ), ErrUnknownFormat)
}

// title is the process name shown in documents.
func (r Request) title() string {
	if n := strings.TrimSpace(r.ProcessName); n != "" {
		return n
	}
	if r.Model != nil && strings.TrimSpace(r.Model.ProcessName) != "" {
		return strings.TrimSpace(r.Model.ProcessName)
	}
	return "Process"
}

// text is the formatted text, rendered from the model when the request
// has none.
func (r Request) text() string {
	if strings.TrimSpace(r.FormattedText) != "" {
		return r.FormattedText
	}
	if r.Model != nil {
		return process.FormattedText(r.Model)
	}
	return ""
}

// diagram is the drawing the reports show: the stored BPMN's, else one
// laid out from the model; nil when neither can be drawn.
func (r Request) diagram() *diagram {
	data := r.BPMN
	if len(data) == 0 && r.Model != nil {
		if b, err := bpmn.Build(r.Model); err == nil {
			data = b
		}
	}
	if len(data) == 0 {
		return nil
	}
	d, err := parseDiagram(data)
	if err != nil {
		return nil
	}
	return d
}

func nothing(format string) error {
	return failure.Permanent(fmt.Sprintf("There is no analysis text to export as %s. Open a completed analysis and try again.", format), ErrNothingToExport)
}

// maxNameRunes bounds file names; browsers and file systems cope with far
// more, but long names are unreadable in download bars.
const maxNameRunes = 100

// Filename turns a process name into a safe download name with the given
// extension: no path separators, control characters, quotes or characters
// Windows forbids, at most 100 characters, "process" when nothing is left.
func Filename(processName, ext string) string {
	var b strings.Builder
	space := false
	n := 0
	for _, r := range processName {
		if n >= maxNameRunes {
			break
		}
		switch {
		case r == utf8.RuneError, unicode.IsControl(r), strings.ContainsRune(`/\:*?"<>|'`+"`", r),
			unicode.Is(unicode.Cf, r):
			r = ' '
		}
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			if n+2 > maxNameRunes {
				break
			}
			b.WriteByte(' ')
			n++
			space = false
		}
		b.WriteRune(r)
		n++
	}
	name := strings.Trim(b.String(), ". ")
	if name == "" {
		name = "process"
	}
	ext = strings.Trim(strings.ToLower(ext), ". ")
	if ext == "" {
		return name
	}
	return name + "." + ext
}

// ContentDisposition returns an attachment header value for filename with
// an ASCII fallback and the exact UTF-8 name in filename* (RFC 6266,
// RFC 8187), so that non-ASCII process names survive the download.
func ContentDisposition(filename string) string {
	var ascii strings.Builder
	for _, r := range filename {
		switch {
		case r < 0x20 || r == 0x7f || r == '"' || r == '\\':
			ascii.WriteByte('_')
		case r < 0x80:
			ascii.WriteRune(r)
		default:
			ascii.WriteByte('_')
		}
	}
	v := `attachment; filename="` + ascii.String() + `"`
	if ascii.String() != filename {
		v += "; filename*=UTF-8''" + extValue(filename)
	}
	return v
}

// extValue percent-encodes every byte outside RFC 8187's attr-char set.
func extValue(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// SetHeaders sets the response headers of a download: its content type,
// the attachment disposition with the file name, and nosniff so that a
// browser never renders an exported file inline as something else.
func SetHeaders(h http.Header, contentType, filename string) {
	h.Set("Content-Type", contentType)
	h.Set("Content-Disposition", ContentDisposition(filename))
	h.Set("X-Content-Type-Options", "nosniff")
}

// MaxTextBytes bounds the text an export renders. The formatted text of a
// real analysis is tens of kilobytes; the bound keeps one export request
// to seconds of CPU and tens of megabytes of memory.
const MaxTextBytes = 2 << 20
