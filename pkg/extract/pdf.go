package extract

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/klippa-app/go-pdfium"
	pdfiumerrors "github.com/klippa-app/go-pdfium/errors"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
	"github.com/klippa-app/go-pdfium/webassembly"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	pdfcpulib "github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/tetratelabs/wazero"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// wasmMemoryPages caps pdfium's linear memory (64 KiB pages): 2 GiB would
// let a hostile PDF take the worker down; 160 MiB is several times what a
// 10 MB text PDF needs.
const wasmMemoryPages = 2560

// recycleAbove is the input size after which the pdfium instance is
// replaced: WebAssembly memory never shrinks, so a big document would
// otherwise pin its peak memory for the life of the worker.
const recycleAbove = 4 << 20

var disablePdfcpuConfig sync.Once

// pdfEngine owns the pdfium runtime and one warm instance. A one-slot
// channel serializes use of the instance and lets waiters give up when
// their context ends.
type pdfEngine struct {
	pool  pdfium.Pool
	cache wazero.CompilationCache
	slot  chan struct{}
	inst  pdfium.Pdfium // guarded by slot; nil until first use or after a kill
	// abandoned counts instances left running past a deadline; close waits
	// for them because unmapping code that is still executing would crash.
	abandoned sync.WaitGroup
	abandons  atomic.Int64 // for tests and diagnostics
}

func newPDFEngine(cacheDir string) (*pdfEngine, error) {
	// pdfcpu would otherwise create a config directory in $HOME on first use.
	disablePdfcpuConfig.Do(api.DisableConfigDir)

	// WithCloseOnContextDone would let a deadline stop pdfium mid-page, but
	// its checks make pdfium 2.5× slower (measured: 5.1 s → 2.0 s CPU for
	// 300 kerned pages). Deadlines are instead checked between pages, and
	// an instance still busy at the deadline is abandoned (see run).
	rc := wazero.NewRuntimeConfig().
		WithMemoryLimitPages(wasmMemoryPages)
	var cache wazero.CompilationCache
	if cacheDir != "" {
		c, err := wazero.NewCompilationCacheWithDir(cacheDir)
		if err != nil {
			return nil, fmt.Errorf("compilation cache %s: %w", cacheDir, err)
		}
		cache = c
		rc = rc.WithCompilationCache(c)
	}
	pool, err := webassembly.Init(webassembly.Config{
		MinIdle: 1,
		MaxIdle: 1,
		// One warm instance, plus room for one abandoned at a deadline
		// that is still finishing its page.
		MaxTotal:      2,
		ReuseWorkers:  true,
		RuntimeConfig: rc,
		// No host directory is mounted: documents arrive as bytes, and a
		// hostile PDF must not be able to reach the file system.
		FSConfig: wazero.NewFSConfig(),
		Stdout:   io.Discard,
		Stderr:   io.Discard,
	})
	if err != nil {
		if cache != nil {
			cache.Close(context.Background())
		}
		return nil, err
	}
	e := &pdfEngine{pool: pool, cache: cache, slot: make(chan struct{}, 1)}
	// Warm the instance now so the first document does not pay for it.
	e.slot <- struct{}{}
	e.inst, err = pool.GetInstance(30 * time.Second)
	<-e.slot
	if err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

func (e *pdfEngine) close() error {
	e.slot <- struct{}{}
	defer func() { <-e.slot }()
	finished := make(chan struct{})
	go func() { e.abandoned.Wait(); close(finished) }()
	select {
	case <-finished:
	case <-time.After(10 * time.Second):
		// Leave the runtime to process exit rather than pull it from
		// under a running page.
		return errors.New("pdfium still busy with an abandoned document")
	}
	if e.inst != nil {
		e.inst.Close()
		e.inst = nil
	}
	err := e.pool.Close()
	if e.cache != nil {
		e.cache.Close(context.Background())
	}
	return err
}

// pdfResult is what one pdfium run produced.
type pdfResult struct {
	text  string
	pages int
	err   error
	// tainted is set when pdfium failed in a way that may have left the
	// instance in a bad state (a trap, out of memory); it is then replaced.
	tainted bool
}

func (e *Extractor) extractPDF(ctx context.Context, data []byte, opts Options) (*Document, error) {
	lim := opts.limits()
	// Before any engine: the bomb check gives the right reason, where an
	// engine that ran out of memory would report a damaged file or no text.
	if err := checkPDFInflation(ctx, data, lim); err != nil {
		return nil, err
	}
	if e.pdftotext != nil {
		text, pages, err := e.pdftotext.text(ctx, data, opts)
		if err != nil {
			return nil, err
		}
		if text == "" {
			return nil, failure.Permanent(detailNoTextLayer, errors.New("pdf: no text on any page"))
		}
		return &Document{Text: text, Format: FormatPDF, Pages: pages}, nil
	}
	pages, err := inspectPDF(ctx, data)
	if err != nil {
		return nil, err
	}
	if pages > opts.MaxPages {
		return nil, failure.Permanent(detailPages(pages, lim), fmt.Errorf("pdf: %d pages", pages))
	}
	eng, err := e.acquirePDF()
	if err != nil {
		return nil, err
	}
	res := eng.run(ctx, data, opts)
	e.releasePDF()
	if res.err != nil {
		if fe := budgetFailure("PDF", lim, res.err); fe != nil {
			return nil, fe
		}
		return nil, res.err
	}
	if strings.TrimSpace(res.text) == "" {
		return nil, failure.Permanent(detailNoTextLayer, errors.New("pdf: no text on any page"))
	}
	return &Document{Text: res.text, Format: FormatPDF, Pages: res.pages}, nil
}

// inspectPDF uses pdfcpu to find password protection and the page count
// before pdfium spends time on the file. pdfcpu is stricter than pdfium, so
// when it cannot parse the file the decision is left to pdfium (0 pages).
func inspectPDF(ctx context.Context, data []byte) (pages int, err error) {
	defer func() {
		// pdfcpu panics on some malformed files; pdfium gets its chance.
		if r := recover(); r != nil {
			pages, err = 0, nil
		}
	}()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	pctx, err := pdfcpulib.ReadWithContext(ctx, bytes.NewReader(data), conf)
	switch {
	case err == nil:
	case errors.Is(err, pdfcpulib.ErrWrongPassword), errors.Is(err, pdfcpulib.ErrOwnerPasswordRequired):
		return 0, failure.Permanent(detailEncrypted, fmt.Errorf("pdfcpu: %w", err))
	case ctx.Err() != nil:
		return 0, ctx.Err()
	default:
		return 0, nil
	}
	if err := pctx.EnsurePageCount(); err != nil {
		return 0, nil
	}
	return pctx.PageCount, nil
}

// run extracts the text of data on the warm instance. When ctx ends while
// pdfium is busy, the caller gets the error at once; the instance finishes
// its current page on its own goroutine (pdfText stops between pages) and
// is then discarded, and the next document gets a fresh one.
func (e *pdfEngine) run(ctx context.Context, data []byte, opts Options) pdfResult {
	select {
	case e.slot <- struct{}{}:
	case <-ctx.Done():
		return pdfResult{err: ctx.Err()}
	}
	defer func() { <-e.slot }()

	if e.inst == nil {
		inst, err := e.pool.GetInstanceWithContext(ctx)
		if err != nil {
			return pdfResult{err: fmt.Errorf("pdf: pdfium instance: %w", err)}
		}
		e.inst = inst
	}
	inst := e.inst
	done := make(chan pdfResult, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- pdfResult{err: failure.Permanent(detailCorruptPDF, fmt.Errorf("pdf: pdfium panic: %v", r)), tainted: true}
			}
		}()
		done <- pdfText(ctx, inst, data, opts)
	}()
	select {
	case res := <-done:
		if res.tainted || len(data) > recycleAbove {
			e.recycle()
		}
		return res
	case <-ctx.Done():
		e.inst = nil
		e.abandons.Add(1)
		e.abandoned.Add(1)
		go func() {
			defer e.abandoned.Done()
			<-done
			inst.Kill()
		}()
		return pdfResult{err: ctx.Err()}
	}
}

// recycle discards the instance and its WebAssembly memory (Close would
// return it to the pool as it is); the next document gets a fresh one.
func (e *pdfEngine) recycle() {
	if e.inst != nil {
		e.inst.Kill()
		e.inst = nil
	}
}

func pdfText(ctx context.Context, inst pdfium.Pdfium, data []byte, opts Options) pdfResult {
	doc, err := inst.OpenDocument(&requests.OpenDocument{File: &data})
	if err != nil {
		switch {
		case errors.Is(err, pdfiumerrors.ErrPassword), errors.Is(err, pdfiumerrors.ErrSecurity):
			return pdfResult{err: failure.Permanent(detailEncrypted, fmt.Errorf("pdfium: %w", err))}
		case errors.Is(err, pdfiumerrors.ErrFormat), errors.Is(err, pdfiumerrors.ErrFile):
			return pdfResult{err: failure.Permanent(detailCorruptPDF, fmt.Errorf("pdfium: %w", err))}
		default:
			return pdfResult{err: failure.Permanent(detailCorruptPDF, fmt.Errorf("pdfium: %w", err)), tainted: true}
		}
	}
	defer inst.FPDF_CloseDocument(&requests.FPDF_CloseDocument{Document: doc.Document})

	pc, err := inst.FPDF_GetPageCount(&requests.FPDF_GetPageCount{Document: doc.Document})
	if err != nil {
		return pdfResult{err: failure.Permanent(detailCorruptPDF, fmt.Errorf("pdfium page count: %w", err))}
	}
	if pc.PageCount > opts.MaxPages {
		return pdfResult{err: failure.Permanent(detailPages(pc.PageCount, opts.limits()), fmt.Errorf("pdf: %d pages", pc.PageCount))}
	}
	var (
		pagesText []string
		tainted   bool
		textLen   int
	)
	for i := 0; i < pc.PageCount; i++ {
		if err := ctx.Err(); err != nil {
			return pdfResult{err: err, tainted: true}
		}
		t, err := pageText(inst, doc.Document, i)
		if err != nil {
			// One broken page should not lose the rest of the document.
			tainted = true
			continue
		}
		pagesText = append(pagesText, t)
		if textLen += len(t); textLen > opts.MaxText+opts.MaxText/2 {
			// Normalizing shrinks page text a little (white space), so
			// stop only well past the budget; Extract checks it exactly.
			return pdfResult{err: fmt.Errorf("pdf: %d bytes of text by page %d: %w", textLen, i+1, errTextBudget)}
		}
	}
	return pdfResult{text: normalizeText(strings.Join(pagesText, "\f")), pages: pc.PageCount, tainted: tainted}
}

// pageText returns the text of one page: pdfium's characters and word
// spacing (it inserts spaces where glyph gaps say so, which is what keeps
// kerned and TJ-positioned words apart), put in reading order and grouped
// into paragraphs by layoutPage.
func pageText(inst pdfium.Pdfium, doc references.FPDF_DOCUMENT, index int) (string, error) {
	page, err := inst.FPDF_LoadPage(&requests.FPDF_LoadPage{Document: doc, Index: index})
	if err != nil {
		return "", err
	}
	defer inst.FPDF_ClosePage(&requests.FPDF_ClosePage{Page: page.Page})
	tp, err := inst.FPDFText_LoadPage(&requests.FPDFText_LoadPage{Page: requests.Page{ByReference: &page.Page}})
	if err != nil {
		return "", err
	}
	defer inst.FPDFText_ClosePage(&requests.FPDFText_ClosePage{TextPage: tp.TextPage})
	n, err := inst.FPDFText_CountChars(&requests.FPDFText_CountChars{TextPage: tp.TextPage})
	if err != nil || n.Count <= 0 {
		return "", err
	}
	txt, err := inst.FPDFText_GetText(&requests.FPDFText_GetText{TextPage: tp.TextPage, StartIndex: 0, Count: n.Count})
	if err != nil {
		return "", err
	}
	runes := []rune(txt.Text)
	if len(runes) != n.Count {
		// Character indexes and text disagree; keep pdfium's line breaks.
		return cleanPDFText(txt.Text), nil
	}
	return layoutPage(runes, pdfiumGeometry{inst: inst, tp: tp.TextPage}), nil
}

// pdfiumGeometry answers layoutPage's position questions from a text page.
type pdfiumGeometry struct {
	inst pdfium.Pdfium
	tp   references.FPDF_TEXTPAGE
}

func (g pdfiumGeometry) box(i int) (lineBox, bool) {
	r, err := g.inst.FPDFText_GetLooseCharBox(&requests.FPDFText_GetLooseCharBox{TextPage: g.tp, Index: i})
	if err != nil {
		return lineBox{}, false
	}
	return lineBox{top: float64(r.Rect.Top), bottom: float64(r.Rect.Bottom), left: float64(r.Rect.Left)}, true
}

func (g pdfiumGeometry) rects(start, count int) []rect {
	n, err := g.inst.FPDFText_CountRects(&requests.FPDFText_CountRects{TextPage: g.tp, StartIndex: start, Count: count})
	if err != nil || n.Count <= 1 {
		return nil // one rectangle cannot hold a column gap
	}
	out := make([]rect, 0, n.Count)
	for i := 0; i < n.Count && i < 64; i++ {
		r, err := g.inst.FPDFText_GetRect(&requests.FPDFText_GetRect{TextPage: g.tp, Index: i})
		if err != nil {
			return nil
		}
		out = append(out, rect{left: r.Left, right: r.Right, top: r.Top, bottom: r.Bottom})
	}
	return out
}

func (g pdfiumGeometry) charAt(x, y, tol float64) int {
	r, err := g.inst.FPDFText_GetCharIndexAtPos(&requests.FPDFText_GetCharIndexAtPos{TextPage: g.tp, X: x, Y: y, XTolerance: tol, YTolerance: tol})
	if err != nil {
		return -1
	}
	return r.CharIndex
}
