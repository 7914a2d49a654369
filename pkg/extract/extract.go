// Package extract turns uploaded documents (PDF, DOCX, DOC, TXT and
// speaker-labelled transcripts) into normalized plain text for analysis.
//
// Every parser here reads hostile input: sizes, entry counts, page counts and
// time are capped, and a panic in any parser becomes a permanent
// failure.Error instead of taking the worker down.
package extract

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"runtime/debug"
	"sync"
	"time"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// Format of a document.
type Format string

// Formats returned by Detect and Extract. FormatTranscript is never returned
// by Detect: it is decided from the extracted text.
const (
	FormatPDF        Format = "pdf"
	FormatDOCX       Format = "docx"
	FormatDOC        Format = "doc"
	FormatTXT        Format = "txt"
	FormatTranscript Format = "transcript"
)

// Document is extracted text.
type Document struct {
	// Text is normalized plain text: paragraphs separated by "\n\n";
	// headings, list items and table rows each on their own line; in
	// reading order.
	Text   string
	Format Format
	// Pages is the page count of paged formats (PDF), 0 otherwise.
	Pages int
	// Speakers lists transcript speakers in order of first appearance.
	Speakers []string
}

// Options tune the limits and warm resources of an Extractor. Zero values
// take the defaults documented on each field.
type Options struct {
	// MaxPages rejects PDFs with more pages (default 500).
	MaxPages int
	// Timeout caps the time spent on one document (default 60 s).
	Timeout time.Duration
	// MaxUncompressed caps the bytes inflated from one document (default
	// 100 MB): the streams of a PDF (one stream at most half of it), the
	// entries of a DOCX, the streams of a DOC.
	MaxUncompressed int64
	// MaxZipEntries caps the entries of a DOCX archive (default 2000).
	MaxZipEntries int
	// MaxText caps the extracted text of one document in bytes (default
	// 4 MB, about 1,300 pages of prose): the analyzers' cost grows with
	// it, and a small DOCX can otherwise yield 90 MB of text. Parsers stop
	// as soon as they pass it; the document then fails rather than being
	// analysed truncated.
	MaxText int
	// CacheDir keeps wazero's compiled pdfium between process starts
	// (start-up ~2 s without, ~60 ms with). Empty means no cache.
	CacheDir string
	// PDFEngine picks the PDF text engine: PDFEngineAuto (pdftotext when
	// installed, else pdfium), PDFEnginePdfium or PDFEnginePdftotext.
	PDFEngine string
	// PDFIdle is how long pdfium stays loaded after its last document
	// (default 2 minutes); it is then closed and its memory returned.
	PDFIdle time.Duration

	demo bool // set by within for details
}

func (o Options) withDefaults() Options {
	if o.MaxPages <= 0 {
		o.MaxPages = 500
	}
	if o.Timeout <= 0 {
		o.Timeout = 60 * time.Second
	}
	if o.MaxUncompressed <= 0 {
		o.MaxUncompressed = 100 << 20
	}
	if o.MaxZipEntries <= 0 {
		o.MaxZipEntries = 2000
	}
	if o.MaxText <= 0 {
		o.MaxText = DefaultMaxText
	}
	if o.PDFIdle <= 0 {
		o.PDFIdle = 2 * time.Minute
	}
	return o
}

// DefaultMaxText is Options.MaxText's default.
const DefaultMaxText = 4 << 20

// Limits are the budgets of one document. Zero fields take the
// Extractor's Options.
type Limits struct {
	// MaxPages, MaxUncompressed and MaxText as in Options.
	MaxPages        int
	MaxUncompressed int64
	MaxText         int
	// Demo marks the anonymous demo's budgets: details then say that an
	// account has larger ones.
	Demo bool
}

// DemoLimits are the smaller budgets of an anonymous demo analysis: about
// 80 pages of text, 16 MB unpacked, 50 pages.
func DemoLimits() Limits {
	return Limits{MaxPages: 50, MaxUncompressed: 16 << 20, MaxText: 256 << 10, Demo: true}
}

// within returns o with the non-zero fields of lim applied.
func (o Options) within(lim Limits) Options {
	if lim.MaxPages > 0 {
		o.MaxPages = lim.MaxPages
	}
	if lim.MaxUncompressed > 0 {
		o.MaxUncompressed = lim.MaxUncompressed
	}
	if lim.MaxText > 0 {
		o.MaxText = lim.MaxText
	}
	o.demo = lim.Demo
	return o
}

// limits are the effective budgets of o, for details.
func (o Options) limits() Limits {
	return Limits{MaxPages: o.MaxPages, MaxUncompressed: o.MaxUncompressed, MaxText: o.MaxText, Demo: o.demo}
}

// demoNote is appended to a limit in a detail.
func (lim Limits) demoNote() string {
	if lim.Demo {
		return " in the demo (an account allows more)"
	}
	return ""
}

// sizeText writes a byte count the way people read file sizes.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// errTextBudget marks a document whose text passes Options.MaxText.
var errTextBudget = errors.New("extracted text limit exceeded")

// detailTextLimit answers a document with more text than lim allows.
func detailTextLimit(lim Limits) string {
	return fmt.Sprintf("This document holds more than %s of text (about %d pages); the limit per analysis is %s%s. "+
		"Split it into smaller files and upload them one by one.",
		sizeText(int64(lim.MaxText)), max(1, lim.MaxText/3200), sizeText(int64(lim.MaxText)), lim.demoNote())
}

// detailZipBomb answers an office file that unpacks past the budget.
func detailZipBomb(kind string, lim Limits) string {
	return fmt.Sprintf("This %s file expands to more than %s when unpacked; the limit per document is %s%s. "+
		"Save it again without embedded media, or split it into smaller files, then upload it again.",
		kind, sizeText(lim.MaxUncompressed), sizeText(lim.MaxUncompressed), lim.demoNote())
}

// detailPages answers a PDF with more pages than lim allows.
func detailPages(pages int, lim Limits) string {
	return fmt.Sprintf("This PDF has %d pages; the limit is %d%s. Split it into smaller files and upload them one by one.",
		pages, lim.MaxPages, lim.demoNote())
}

// budgetFailure turns the budget errors of a parser into their details.
func budgetFailure(kind string, lim Limits, err error) error {
	switch {
	case errors.Is(err, errTextBudget):
		return failure.Permanent(detailTextLimit(lim), err)
	case errors.Is(err, errBudget):
		return failure.Permanent(detailZipBomb(kind, lim), err)
	}
	return nil
}

// User-facing details. They say what is wrong and what to do about it.
const (
	detailUnsupported = "Please upload a PDF, DOC, DOCX, or TXT file"
	detailEmpty       = "The document contains no text. Check that you uploaded the right file, or paste the text into a TXT file and upload that."
	detailTimeout     = "The document took too long to read. Split it into smaller files or remove large images, then upload it again."
	detailCrash       = "The document could not be read because its contents are malformed. Open it in its editor, save a fresh copy, and upload that."
	detailEncrypted   = "This PDF is password-protected. Remove the password (print to PDF or save an unprotected copy) and upload it again."
	detailCorruptPDF  = "This PDF could not be read; it may be damaged. Open it in a PDF viewer, save or print it to a new PDF, and upload that."
	detailNoTextLayer = "This PDF has no text layer (it looks like a scan). Run OCR on it or upload the pages as images with the Image Analyzer."
	detailCorruptDOCX = "This DOCX file could not be read; it may be damaged. Open it in Word or LibreOffice, save it again as DOCX, and upload that."
	detailCorruptDOC  = "This DOC file could not be read; it may be damaged or not a Word 97–2003 document. Save it as DOCX and upload that."
	detailEncryptedDO = "This Word document is password-protected. Remove the password, save it again, and upload it."
	detailBinaryTXT   = "This TXT file does not contain readable text. Save it as plain text (UTF-8) and upload it again."
)

// Extractor extracts text from documents. Create one per worker process
// and reuse it; it is safe for concurrent use. PDFs go to pdftotext when
// it is installed; otherwise to pdfium, which is loaded on the first PDF
// (compiled once, one warm instance, PDF work serialized on it) and closed
// again after Options.PDFIdle without work, so an idle worker does not
// keep its memory.
type Extractor struct {
	opts      Options
	pdftotext *poppler // nil: pdfium

	mu      sync.Mutex
	pdf     *pdfEngine // nil until first use and after an idle close
	pdfBusy int        // documents using pdf
	idle    *time.Timer
	closed  bool
}

// New prepares an Extractor. It looks for pdftotext; nothing is loaded
// until the first document needs it.
func New(opts Options) (*Extractor, error) {
	opts = opts.withDefaults()
	e := &Extractor{opts: opts}
	switch opts.PDFEngine {
	case PDFEngineAuto, PDFEnginePdftotext:
		bin, err := exec.LookPath("pdftotext")
		if err == nil {
			e.pdftotext = &poppler{bin: bin}
		} else if opts.PDFEngine == PDFEnginePdftotext {
			return nil, fmt.Errorf("extract: pdftotext: %w", err)
		}
	case PDFEnginePdfium:
	default:
		return nil, fmt.Errorf("extract: unknown PDF engine %q", opts.PDFEngine)
	}
	return e, nil
}

// PDFEngine names the engine PDFs go to.
func (e *Extractor) PDFEngine() string {
	if e.pdftotext != nil {
		return PDFEnginePdftotext
	}
	return PDFEnginePdfium
}

// acquirePDF returns pdfium, loading it if needed, and marks it busy.
func (e *Extractor) acquirePDF() (*pdfEngine, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil, errors.New("extract: extractor closed")
	}
	if e.idle != nil {
		e.idle.Stop()
		e.idle = nil
	}
	if e.pdf == nil {
		eng, err := newPDFEngine(e.opts.CacheDir)
		if err != nil {
			return nil, fmt.Errorf("extract: start pdfium: %w", err)
		}
		e.pdf = eng
	}
	e.pdfBusy++
	return e.pdf, nil
}

// releasePDF ends a use of pdfium; the last one arms the idle close.
func (e *Extractor) releasePDF() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.pdfBusy--; e.pdfBusy == 0 && !e.closed {
		eng := e.pdf
		e.idle = time.AfterFunc(e.opts.PDFIdle, func() { e.closeIdle(eng) })
	}
}

// closeIdle closes eng if it is still the loaded, unused engine.
func (e *Extractor) closeIdle(eng *pdfEngine) {
	e.mu.Lock()
	if e.pdf != eng || e.pdfBusy > 0 || eng == nil {
		e.mu.Unlock()
		return
	}
	e.pdf = nil
	e.mu.Unlock()
	_ = eng.close()
}

// Close releases pdfium. The Extractor must not be used afterwards.
func (e *Extractor) Close() error {
	if e == nil {
		return nil
	}
	e.mu.Lock()
	e.closed = true
	if e.idle != nil {
		e.idle.Stop()
	}
	eng := e.pdf
	e.pdf = nil
	e.mu.Unlock()
	if eng == nil {
		return nil
	}
	return eng.close()
}

// Extract detects the format of an upload from its name and bytes and
// returns its text within the Extractor's budgets. Errors meant for the
// uploader are *failure.Error.
func (e *Extractor) Extract(ctx context.Context, filename string, data []byte) (*Document, error) {
	return e.ExtractWithin(ctx, filename, data, Limits{})
}

// ExtractWithin is Extract with the budgets of lim (zero fields: the
// Extractor's). A document over a budget fails with a detail that names
// the limit; it is never returned truncated.
func (e *Extractor) ExtractWithin(ctx context.Context, filename string, data []byte, lim Limits) (*Document, error) {
	opts := e.opts.within(lim)
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()

	format, err := Detect(filename, head(data))
	if err != nil {
		if encryptedOOXML(filename, data) {
			return nil, failure.Permanent(detailEncryptedDO, errors.New("encrypted OOXML package"))
		}
		return nil, err
	}
	parse := parsers[format]
	if parse == nil {
		return nil, failure.Permanent(detailUnsupported, fmt.Errorf("format %q", format))
	}

	// The parser runs on its own goroutine so that a document stuck in a
	// pure-Go parser still returns at the deadline (the parsers also check
	// ctx and stop soon after). PDF work is interrupted by killing pdfium.
	type result struct {
		doc *Document
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- result{err: failure.Permanent(detailCrash,
					fmt.Errorf("extract %s: panic: %v\n%s", filename, r, debug.Stack()))}
			}
		}()
		doc, err := parse(ctx, e, data, opts)
		done <- result{doc, err}
	}()
	var res result
	select {
	case res = <-done:
	case <-ctx.Done():
		res.err = ctx.Err()
	}
	if res.err != nil {
		return nil, timeoutOr(ctx, res.err)
	}
	doc := res.doc
	if len(doc.Text) > opts.MaxText {
		// Every parser stops at the budget; this catches what slips by.
		return nil, failure.Permanent(detailTextLimit(opts.limits()), fmt.Errorf("extract: %d bytes of text: %w", len(doc.Text), errTextBudget))
	}
	applyTranscript(doc)
	if doc.Text == "" {
		return nil, failure.Permanent(detailEmpty, errors.New("no text extracted"))
	}
	return doc, nil
}

// parsers maps each detected format to its parser; a variable so tests
// can substitute a misbehaving parser.
var parsers = map[Format]func(ctx context.Context, e *Extractor, data []byte, opts Options) (*Document, error){
	FormatPDF: func(ctx context.Context, e *Extractor, data []byte, opts Options) (*Document, error) {
		return e.extractPDF(ctx, data, opts)
	},
	FormatDOCX: func(ctx context.Context, e *Extractor, data []byte, opts Options) (*Document, error) {
		return extractDOCX(ctx, data, opts)
	},
	FormatDOC: func(ctx context.Context, e *Extractor, data []byte, opts Options) (*Document, error) {
		return extractDOC(ctx, data, opts)
	},
	FormatTXT: func(ctx context.Context, _ *Extractor, data []byte, opts Options) (*Document, error) {
		return extractTXT(ctx, data, opts)
	},
}

// timeoutOr turns any error caused by the document's deadline into the
// permanent time-out failure; a cancelled caller stays a plain error so the
// worker can tell shutdown from a slow document.
func timeoutOr(ctx context.Context, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return failure.Permanent(detailTimeout, err)
	}
	if ctx.Err() != nil {
		return fmt.Errorf("extract: %w", errors.Join(ctx.Err(), err))
	}
	return err
}

func head(data []byte) []byte {
	if len(data) > headSize {
		return data[:headSize]
	}
	return data
}

// headSize is how many leading bytes Detect looks at.
const headSize = 4096
