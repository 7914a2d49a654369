// Command hostile writes the hostile inputs of issue 27's rows 4–6 and
// runs one of them the way a worker does, so that its peak memory can be
// measured from outside by a small parent:
//
//	go run ./bench/extract/hostile gen DIR
//	go build -o /tmp/hostile ./bench/extract/hostile
//	/usr/bin/time -v /tmp/hostile run DIR/row4-text.docx [-demo]
//
// run prints the outcome (the detail of a refusal, or the text length);
// /usr/bin/time's "Maximum resident set size" is the figure.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spade-bpmn/spade/pkg/analyze"
	"github.com/spade-bpmn/spade/pkg/extract"
	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: hostile gen DIR | hostile run FILE [-demo]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = gen(os.Args[2])
	case "run":
		fs := flag.NewFlagSet("run", flag.ExitOnError)
		demo := fs.Bool("demo", false, "the anonymous demo's budgets")
		fs.Parse(os.Args[3:])
		err = run(os.Args[2], *demo)
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func gen(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	page := extracttest.Text("F1", 12, 72, 700, "The clerk checks the invoice.")
	pdf := func(pad int64, dictPad int, filters ...string) []byte {
		return extracttest.PDF([]extracttest.PDFPage{{Content: page}}, extracttest.PDFOptions{Filters: filters, Pad: pad, DictPad: dictPad})
	}
	files := map[string][]byte{
		"row4-text.docx":    extracttest.TextBombDOCX(90 << 20),
		"row5-60mp.png":     extracttest.FlatPNG(10000, 6000),
		"row5-0x0.png":      extracttest.PNGHeader(0, 0, 8, 0),
		"row6-lzw.pdf":      pdf(400<<20, 0, "LZWDecode"),
		"row6-hexflate.pdf": pdf(600<<20, 0, "ASCIIHexDecode", "FlateDecode"),
		"row6-longdict.pdf": pdf(600<<20, 8<<10, "FlateDecode"),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
		fmt.Printf("%-20s %8d bytes\n", name, len(data))
	}
	return nil
}

// run does what the worker does with an upload: pictures get the header
// check, then the built-in picture reader; documents are extracted.
func run(path string, demo bool) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	ctx := context.Background()
	t0 := time.Now()
	if strings.HasSuffix(path, ".png") {
		max := int64(extract.DefaultMaxPixels)
		if demo {
			max = extract.DemoMaxPixels
		}
		err = extract.CheckImage(data, max, demo)
		if err == nil {
			_, err = analyze.New(analyze.Options{}).Analyze(ctx, llm.Input{Kind: "image", Image: data, MIMEType: "image/png", Filename: filepath.Base(path)})
		}
		report(err, 0, t0)
		return nil
	}
	ex, err := extract.New(extract.Options{CacheDir: filepath.Join(os.TempDir(), "spade-bench-wazero")})
	if err != nil {
		return err
	}
	defer ex.Close()
	lim := extract.Limits{}
	if demo {
		lim = extract.DemoLimits()
	}
	d, err := ex.ExtractWithin(ctx, filepath.Base(path), data, lim)
	n := 0
	if d != nil {
		n = len(d.Text)
	}
	report(err, n, t0)
	return nil
}

func report(err error, textLen int, t0 time.Time) {
	if err == nil {
		fmt.Printf("completed: %d bytes of text in %v\n", textLen, time.Since(t0).Round(time.Millisecond))
		return
	}
	detail, ok := failure.Detail(err)
	if !ok {
		detail = err.Error()
	}
	fmt.Printf("failed in %v: %s\n", time.Since(t0).Round(time.Millisecond), detail)
}
