// Package diagram is the offline picture reader: it recognises the
// shapes, lanes and arrows of a process diagram in an image (package
// vision), reads its words with tesseract OCR and places them on the
// shapes to rebuild the process. Pictures without recognisable structure
// fall back to the text analyzer's label heuristic (text.FromLabels).
package diagram

import (
	"log/slog"
	"time"
)

// Options configure the picture reader.
type Options struct {
	// Logger receives debug output; nil discards it.
	Logger *slog.Logger
	// Tesseract is the OCR binary; default "tesseract" from PATH.
	Tesseract string
	// OCRTimeout bounds one OCR run; default 60 s.
	OCRTimeout time.Duration
}

// Reader reads diagram pictures. It is safe for concurrent use.
type Reader struct {
	opts Options
	log  *slog.Logger
}

// New returns a picture reader.
func New(opts Options) *Reader {
	if opts.Tesseract == "" {
		opts.Tesseract = "tesseract"
	}
	if opts.OCRTimeout <= 0 {
		opts.OCRTimeout = 60 * time.Second
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Reader{opts: opts, log: log}
}
