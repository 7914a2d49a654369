//go:build unix

package diagram

import (
	"bytes"
	"context"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// BenchmarkReadA4 reads an A4 page at 150 dpi (1754 × 1240, landscape):
// MIWG B.2.0 as bpmn-js draws it, 62 shapes, scaled to the page. It
// reports the CPU time of one reading, tesseract's included (the CPU of
// the child processes), against the bound of 2 s a picture;
// wall time on a shared machine says little.
func BenchmarkReadA4(b *testing.B) {
	testenv.LookPath(b, "tesseract", testenv.HintTesseract)
	f, err := os.Open(filepath.Join(imageSet, "miwg-B.2.0@1.png"))
	if err != nil {
		b.Fatal(err)
	}
	src, err := png.Decode(f)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	g := image.NewGray(src.Bounds())
	draw.Draw(g, g.Bounds(), src, src.Bounds().Min, draw.Src)
	var buf bytes.Buffer
	if err := png.Encode(&buf, resampleGrey(g, 1754, 1240)); err != nil {
		b.Fatal(err)
	}
	page := buf.Bytes()
	r := New(Options{})
	// the reader's own CPU and that of its tesseract processes
	cpu := func() (self, ocr time.Duration) {
		var s, k syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &s); err != nil {
			b.Fatal(err)
		}
		if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &k); err != nil {
			b.Fatal(err)
		}
		d := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
		return d(s.Utime) + d(s.Stime), d(k.Utime) + d(k.Stime)
	}
	self0, ocr0 := cpu()
	for b.Loop() {
		out, err := r.ReadImage(context.Background(), page, "a4.png", nil, false)
		if err != nil {
			b.Fatal(err)
		}
		if !out.Structured {
			b.Fatal("no structure read")
		}
	}
	self1, ocr1 := cpu()
	n := float64(b.N)
	b.ReportMetric((self1-self0+ocr1-ocr0).Seconds()/n, "cpu-s/picture")
	b.ReportMetric((ocr1-ocr0).Seconds()/n, "ocr-cpu-s/picture")
}
