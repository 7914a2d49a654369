// Command extract compares pkg/extract's PDF engines with poppler's
// pdftotext in one run and prints one table: per file, words recovered
// (multiset intersection, as a share of pdftotext's words), time as
// min/median/max of the ratio over repeated pairs (pdftotext process,
// then our warm Extractor, alternating), and peak memory.
//
//	go run ./bench/extract [-testdata ../shared/testdata/docs/appn] [-runs 7]
//
// Memory is measured on children started by /usr/bin/time (a small
// parent that forks): a child Go starts shares the parent's memory until
// exec, and the kernel counts that toward the child's peak (a /bin/true
// child of a 300 MB parent reports 300 MB). Our figure is a fresh process
// extracting the file (its own VmHWM) plus, for the pdftotext engine, the
// pdftotext child's peak measured the same way.
//
// It needs pdftotext (Debian poppler-utils) and /usr/bin/time (Debian
// time) on PATH.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spade-bpmn/spade/pkg/extract"
	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
)

func main() {
	testdata := flag.String("testdata", "../shared/testdata/docs/appn", "directory with real PDFs")
	runs := flag.Int("runs", 7, "timed pairs per file")
	cacheDir := flag.String("cache", filepath.Join(os.TempDir(), "spade-bench-wazero"), "wazero compilation cache")
	rssChild := flag.String("rss-child", "", "internal: extract this file and print this process's peak RSS in KB")
	engine := flag.String("engine", "", "internal: PDF engine of -rss-child")
	flag.Parse()

	if *rssChild != "" {
		os.Exit(rssChildMain(*rssChild, *engine, *cacheDir))
	}
	for _, tool := range []string{"pdftotext", "/usr/bin/time"} {
		if _, err := exec.LookPath(tool); err != nil {
			fmt.Fprintf(os.Stderr, "%s not found: apt-get install -y poppler-utils time\n", tool)
			os.Exit(1)
		}
	}
	if err := run(*testdata, *runs, *cacheDir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

type input struct {
	name string
	path string
}

func run(testdata string, runs int, cacheDir string) error {
	tmp, err := os.MkdirTemp("", "spade-bench-extract-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	var inputs []input
	real, _ := filepath.Glob(filepath.Join(testdata, "*.pdf"))
	slices.Sort(real)
	for _, p := range real {
		inputs = append(inputs, input{filepath.Base(p), p})
	}
	gen := hardCases()
	gen["big-10mb.pdf"] = bigPDF()
	names := make([]string, 0, len(gen))
	for n := range gen {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		p := filepath.Join(tmp, n)
		if err := os.WriteFile(p, gen[n], 0o644); err != nil {
			return err
		}
		inputs = append(inputs, input{n, p})
	}

	engines := []string{extract.PDFEnginePdfium, extract.PDFEnginePdftotext}
	exs := map[string]*extract.Extractor{}
	for _, eng := range engines {
		ex, err := extract.New(extract.Options{PDFEngine: eng, CacheDir: cacheDir, MaxPages: 5000, Timeout: 5 * time.Minute})
		if err != nil {
			return err
		}
		defer ex.Close()
		exs[eng] = ex
	}

	fmt.Printf("%-44s %6s | %-38s | %-38s | %8s %8s %8s\n", "file", "words",
		"pdfium: words% wall× min/med/max cpu×", "pdftotext engine: same", "ref MB", "pdfium", "p2t eng")
	for _, in := range inputs {
		data, err := os.ReadFile(in.path)
		if err != nil {
			return err
		}
		refText, err := pdftotext(in.path)
		if err != nil {
			return fmt.Errorf("%s: pdftotext: %w", in.name, err)
		}
		ref := words(refText)
		cols := make([]string, 0, 2)
		for _, eng := range engines {
			text, ratios, cpus, err := pairs(exs[eng], in, data, runs)
			if err != nil {
				return fmt.Errorf("%s (%s): %w", in.name, eng, err)
			}
			slices.Sort(ratios)
			slices.Sort(cpus)
			cols = append(cols, fmt.Sprintf("%7.2f%% %5.2f/%5.2f/%5.2f %5.2f", pct(intersect(ref, words(text)), total(ref)),
				ratios[0], ratios[len(ratios)/2], ratios[len(ratios)-1], cpus[len(cpus)/2]))
		}
		refKB, err := timedRSS("pdftotext", "-enc", "UTF-8", in.path, os.DevNull)
		if err != nil {
			return err
		}
		self, err := os.Executable()
		if err != nil {
			return err
		}
		var ours []string
		for _, eng := range engines {
			kb, err := timedRSS(self, "-rss-child", in.path, "-engine", eng, "-cache", cacheDir)
			if err != nil {
				return err
			}
			if eng == extract.PDFEnginePdftotext {
				kb += refKB // the pdftotext child runs beside our process
			}
			ours = append(ours, fmt.Sprintf("%8.1f", float64(kb)/1024))
		}
		fmt.Printf("%-44s %6d | %-38s | %-38s | %8.1f %s\n", trim(in.name, 44), total(ref), cols[0], cols[1], float64(refKB)/1024, strings.Join(ours, " "))
	}
	fmt.Println()
	fmt.Println("words% = multiset intersection of whitespace-separated words / pdftotext's words")
	fmt.Println("wall×  = pdftotext wall time / ours per pair (pdftotext process vs our warm Extractor), min/median/max over the pairs")
	fmt.Println("cpu×   = the same for user+system time (ours includes our pdftotext child), median")
	fmt.Println("MB     = peak RSS of a fresh process under /usr/bin/time; 'p2t eng' adds the pdftotext child's peak to our own")
	return nil
}

func trim(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// pairs times pdftotext and our extractor alternately and returns our
// text and the speed ratio (pdftotext time / ours) of each pair.
// The CPU ratio uses user+system time: pdftotext's from its rusage, ours
// from this process's plus its children's (the pdftotext engine's child)
// rusage deltas. On a loaded machine it is the steadier figure.
func pairs(ex *extract.Extractor, in input, data []byte, runs int) (string, []float64, []float64, error) {
	var text string
	var walls, cpus []float64
	for range runs {
		cmd := exec.Command("pdftotext", "-enc", "UTF-8", in.path, "-")
		t0 := time.Now()
		if _, err := cmd.Output(); err != nil {
			return "", nil, nil, err
		}
		ref := time.Since(t0)
		refCPU := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		c0 := cpuTime()
		t1 := time.Now()
		d, err := ex.Extract(context.Background(), in.name, data)
		ours := time.Since(t1)
		oursCPU := cpuTime() - c0
		if err != nil {
			return "", nil, nil, err
		}
		text = d.Text
		walls = append(walls, ref.Seconds()/ours.Seconds())
		cpus = append(cpus, refCPU.Seconds()/max(oursCPU.Seconds(), 1e-6))
	}
	return text, walls, cpus, nil
}

// cpuTime is the user+system time of this process and its waited-for
// children.
func cpuTime() time.Duration {
	var self, kids syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids)
	d := func(ru syscall.Rusage) time.Duration {
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return d(self) + d(kids)
}

func pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

func words(s string) map[string]int {
	m := map[string]int{}
	for _, w := range strings.Fields(s) {
		m[w]++
	}
	return m
}

func total(m map[string]int) int {
	n := 0
	for _, c := range m {
		n += c
	}
	return n
}

func intersect(ref, got map[string]int) int {
	n := 0
	for w, c := range ref {
		n += min(c, got[w])
	}
	return n
}

func pdftotext(path string) (string, error) {
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", path, "-").Output()
	return string(out), err
}

// timedRSS runs the command under /usr/bin/time and returns its peak RSS
// in KB.
func timedRSS(name string, args ...string) (int64, error) {
	f, err := os.CreateTemp("", "spade-bench-time-")
	if err != nil {
		return 0, err
	}
	f.Close()
	defer os.Remove(f.Name())
	cmd := exec.Command("/usr/bin/time", append([]string{"-f", "%M", "-o", f.Name(), name}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%s: %v: %s", name, err, stderr.String())
	}
	b, err := os.ReadFile(f.Name())
	if err != nil {
		return 0, err
	}
	return strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
}

func rssChildMain(path, engine, cacheDir string) int {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ex, err := extract.New(extract.Options{PDFEngine: engine, CacheDir: cacheDir, MaxPages: 5000, Timeout: 5 * time.Minute})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer ex.Close()
	d, err := ex.Extract(context.Background(), filepath.Base(path), data)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if len(d.Text) == 0 {
		fmt.Fprintln(os.Stderr, "no text")
		return 1
	}
	return 0
}

// hardCases are the layouts that separate good extractors from naive ones.
func hardCases() map[string][]byte {
	pdf := func(contents ...string) []byte {
		pages := make([]extracttest.PDFPage, len(contents))
		for i, c := range contents {
			pages[i].Content = c
		}
		return extracttest.PDF(pages, extracttest.PDFOptions{Compress: true})
	}
	para := func(line func(string, float64, float64, float64, string) string, seed int) string {
		var b bytes.Buffer
		y := 740.0
		for i := range 6 {
			s, ny := extracttest.Paragraph(line, "F2", 10, 60, y, 480, extracttest.Words(seed+i, 60))
			b.WriteString(s)
			y = ny - 12
		}
		return b.String()
	}
	var rows [][]string
	for i := range 25 {
		w := extracttest.Words(100+i, 4)
		rows = append(rows, []string{w[0], w[1], fmt.Sprintf("%d.%02d", i*7, i*13%100), w[2] + " " + w[3]})
	}
	return map[string][]byte{
		"gen-two-columns.pdf":      pdf(extracttest.TwoColumns(10, extracttest.Words(11, 300), extracttest.Words(12, 300))),
		"gen-table.pdf":            pdf(extracttest.Table(9, 40, 760, rows)),
		"gen-kerned-tj.pdf":        pdf(para(extracttest.Kerned, 20), para(extracttest.Kerned, 30)),
		"gen-no-space-glyphs.pdf":  pdf(para(extracttest.Placed, 40), para(extracttest.Placed, 50)),
		"gen-plain-paragraphs.pdf": pdf(para(extracttest.Text, 60), para(extracttest.Text, 70)),
	}
}

// bigPDF is ~10 MB of kerned text: 300 pages of 62 TJ lines, uncompressed
// as some producers write it.
func bigPDF() []byte {
	pages := make([]extracttest.PDFPage, 300)
	for i := range pages {
		var b strings.Builder
		y := 760.0
		for l := range 62 {
			b.WriteString(extracttest.Kerned("F1", 9, 40, y, strings.Join(extracttest.Words(i*100+l, 12), " ")))
			y -= 12
		}
		pages[i].Content = b.String()
	}
	return extracttest.PDF(pages, extracttest.PDFOptions{})
}
