package extract

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// PDF engines (Options.PDFEngine).
const (
	// PDFEngineAuto uses poppler's pdftotext when it is installed and
	// pdfium otherwise.
	PDFEngineAuto = ""
	// PDFEnginePdfium always uses the embedded pdfium.
	PDFEnginePdfium = "pdfium"
	// PDFEnginePdftotext requires pdftotext (New fails without it).
	PDFEnginePdftotext = "pdftotext"
)

// popplerMemory caps pdftotext's address space. Measured: a 10 MB,
// 300-page PDF peaks at 12 MB resident (about 60 MB of address space);
// the bomb check runs first, so this only stops what slips past it.
const popplerMemory = 512 << 20

// poppler runs poppler's pdftotext: measured on the bench files it is
// 4–60× faster than pdfium in WebAssembly and needs a tenth of its
// memory, while the binary stays cgo-free (pdftotext is an optional
// Debian package, found on PATH like tesseract).
type poppler struct {
	bin string
}

// text extracts the text of data: written to a private temp file (removed
// afterwards), read by pdftotext under the deadline of ctx and a memory
// limit, its output read only up to the text budget.
func (p poppler) text(ctx context.Context, data []byte, opts Options) (string, int, error) {
	lim := opts.limits()
	f, err := os.CreateTemp("", "spade-pdf-*.pdf")
	if err != nil {
		return "", 0, fmt.Errorf("pdf: temp file: %w", err)
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return "", 0, fmt.Errorf("pdf: temp file: %w", err)
	}
	if err := f.Close(); err != nil {
		return "", 0, fmt.Errorf("pdf: temp file: %w", err)
	}

	// One page past the limit tells a document over it without reading
	// the rest.
	cmd := exec.CommandContext(ctx, p.bin, "-enc", "UTF-8", "-l", strconv.Itoa(opts.MaxPages+1), f.Name(), "-")
	var stderr bytes.Buffer
	cmd.Stderr = &limitedBuffer{buf: &stderr, left: 16 << 10}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", 0, err
	}
	if err := cmd.Start(); err != nil {
		return "", 0, fmt.Errorf("pdf: start pdftotext: %w", err)
	}
	// The limit applies from here on; pdftotext has not opened the file
	// before its libraries are loaded, and the bomb check already ran.
	_ = unix.Prlimit(cmd.Process.Pid, unix.RLIMIT_AS, &unix.Rlimit{Cur: popplerMemory, Max: popplerMemory}, nil)

	// Normalizing shrinks pdftotext's output a little (white space), so
	// the raw output may pass the budget by half before it is refused.
	rawCap := int64(opts.MaxText + opts.MaxText/2)
	// A strings.Builder hands its bytes over without a copy.
	var rawText strings.Builder
	_, readErr := io.Copy(&rawText, io.LimitReader(out, rawCap+1))
	raw := rawText.String()
	over := int64(len(raw)) > rawCap
	if over {
		_ = cmd.Process.Kill()
	}
	waitErr := cmd.Wait()
	switch {
	case over:
		return "", 0, failure.Permanent(detailTextLimit(lim), fmt.Errorf("pdf: pdftotext wrote over %d bytes: %w", rawCap, errTextBudget))
	case ctx.Err() != nil:
		return "", 0, ctx.Err()
	case readErr != nil:
		return "", 0, fmt.Errorf("pdf: read pdftotext: %w", readErr)
	case waitErr != nil:
		return "", 0, popplerFailure(waitErr, stderr.String())
	}
	pages := strings.Count(raw, "\f")
	if pages > opts.MaxPages {
		return "", 0, failure.Permanent(
			fmt.Sprintf("This PDF has more than %d pages, the limit%s. Split it into smaller files and upload them one by one.", opts.MaxPages, lim.demoNote()),
			fmt.Errorf("pdf: over %d pages", opts.MaxPages))
	}
	return normalizeText(raw), pages, nil
}

// popplerFailure turns a failed pdftotext run into the user's detail.
func popplerFailure(err error, stderr string) error {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			// Killed by a signal: out of memory under the limit (abort)
			// or a crash; either way the file is beyond what we read.
			return failure.Permanent(detailCorruptPDF, fmt.Errorf("pdftotext: %v: %s", ws.Signal(), firstLine(stderr)))
		}
	}
	switch {
	case strings.Contains(stderr, "Incorrect password"):
		return failure.Permanent(detailEncrypted, fmt.Errorf("pdftotext: %s", firstLine(stderr)))
	}
	return failure.Permanent(detailCorruptPDF, fmt.Errorf("pdftotext: %v: %s", err, firstLine(stderr)))
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// limitedBuffer keeps the first left bytes written to it and discards the
// rest, so a chatty child cannot grow our memory.
type limitedBuffer struct {
	buf  *bytes.Buffer
	left int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if l.left > 0 {
		n := min(len(p), l.left)
		l.buf.Write(p[:n])
		l.left -= n
	}
	return len(p), nil
}
