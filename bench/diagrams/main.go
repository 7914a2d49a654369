// Command diagrams measures how well the built-in analyzer reads diagram
// images: it runs the image path in-process on BPMN diagrams rendered by
// bpmn-js (bench/diagrams/testdata), clean and degraded (blur, rotation,
// JPEG), and compares the result with the source model.
//
//	go run ./bench/diagrams [-v] [-only NAME] [-set dev|held|all]
//	go run ./bench/diagrams -gen     # rewrite the source BPMN, print render jobs
//	go run ./bench/diagrams -shrink  # re-encode rendered PNGs as grey
package main

import (
	"flag"
	"fmt"
	_ "image/jpeg"
	_ "image/png"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	var (
		gen     = flag.Bool("gen", false, "write the source BPMN files and print the render jobs")
		shrinkF = flag.Bool("shrink", false, "re-encode the rendered PNGs as 8-bit grey")
		debug   = flag.String("debug", "", "print what the recogniser finds in one image, overlay in /tmp/overlay.png, the degraded picture in /tmp/overlay-input.png")
		seed    = flag.Int("seed", 1, "with -debug: the degradation's seed (the bench's is the picture's index in its run)")
		verbose = flag.Bool("v", false, "print every image's figures")
		only    = flag.String("only", "", "only images whose name contains this (or one of these, comma-separated)")
		set     = flag.String("set", "all", "dev, held or all")
		variant = flag.String("variant", "", "comma-separated variants (default all: clean,blur,rotated,jpeg)")
		cache   = flag.String("cache", filepath.Join(os.TempDir(), "spade-bench-ocr"), "OCR answers cached by image hash")
		dir     = flag.String("dir", "bench/diagrams/testdata", "image set")
		rend    = flag.String("renderer", "bpmn-js,graphviz,plantuml,mermaid", "comma-separated renderers: bpmn-js (the PNGs in -dir), graphviz, plantuml, mermaid (drawn at bench time by dot, plantuml and tools/mermaid)")
		gvOut   = flag.String("graphviz-src", "", "write the Graphviz set's dot sources into this directory and stop")
		mem     = flag.String("mem", "", "read one picture with OCR stubbed (for /usr/bin/time -v) and stop")
		memProf = flag.String("memprof", "", "with -mem: write CPU and allocation profiles to this path (.cpu, .heap)")
		shapes  = flag.Bool("shapes", false, "print what the recogniser reads from every picture (no OCR; held-back pictures as a hash) and stop")
	)
	flag.Parse()
	switch {
	case *mem != "":
		if err := memRun(*mem, *memProf); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	case *debug != "":
		if err := debugImage(*debug, *variant, *seed, "/tmp/overlay.png"); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	case *shapes:
		if err := shapesRun(os.Stdout, *dir, *set, *variant, *rend, *cache); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	case *gvOut != "":
		if err := writeGraphviz(*gvOut); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	case *gen:
		jobs, err := generate(*dir, "bench/quality/testdata", []string{"bench/roundtrip/testdata", "../shared/testdata/bpmn/miwg-reference"})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println(strings.Join(jobs, "\n"))
	case *shrinkF:
		if err := shrink(*dir); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	default:
		if err := evaluate(os.Stdout, *dir, *only, *set, *variant, *rend, *cache, *verbose); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
