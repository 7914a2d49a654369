// Command extract compares pkg/extract's PDF text with poppler's pdftotext
// in one run: words recovered (as a share of pdftotext's words, multiset
// intersection), speed (warm Extractor against a pdftotext process per
// file), and peak memory on a ~10 MB PDF, each measured in a child process.
//
//	go run ./bench/extract [-testdata ../shared/testdata/docs/appn] [-runs 5]
//
// It needs pdftotext (Debian poppler-utils) on PATH.
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
	"golang.org/x/text/unicode/norm"
)

func main() {
	testdata := flag.String("testdata", "../shared/testdata/docs/appn", "directory with real PDFs")
	runs := flag.Int("runs", 5, "timed runs per file (median is reported)")
	cacheDir := flag.String("cache", filepath.Join(os.TempDir(), "spade-bench-wazero"), "wazero compilation cache")
	rssChild := flag.String("rss-child", "", "internal: extract this file and print peak RSS")
	flag.Parse()

	if *rssChild != "" {
		os.Exit(rssChildMain(*rssChild, *cacheDir))
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		fmt.Fprintln(os.Stderr, "pdftotext not found: apt-get install -y poppler-utils")
		os.Exit(1)
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
	if len(real) == 0 {
		fmt.Printf("note: no PDFs in %s; generated cases only\n", testdata)
	}
	for name, data := range hardCases() {
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
		inputs = append(inputs, input{name, p})
	}
	slices.SortStableFunc(inputs[len(real):], func(a, b input) int { return strings.Compare(a.name, b.name) })

	big := filepath.Join(tmp, "big-10mb.pdf")
	bigData := bigPDF()
	if err := os.WriteFile(big, bigData, 0o644); err != nil {
		return err
	}

	t0 := time.Now()
	ex, err := extract.New(extract.Options{CacheDir: cacheDir, MaxPages: 5000, Timeout: 5 * time.Minute})
	if err != nil {
		return err
	}
	defer ex.Close()
	fmt.Printf("Extractor start-up (cache %s): %v\n\n", cacheDir, time.Since(t0).Round(time.Millisecond))

	fmt.Printf("%-40s %7s %7s %8s %8s | %9s %9s %6s | %9s %9s %6s\n", "file", "ref", "ours", "words%", "NFKC%",
		"ref wall", "our wall", "speed", "ref cpu", "our cpu", "speed")
	var sumRef, sumHit, sumHitK int
	var sumRefT, sumOurT timing
	for _, in := range append(inputs, input{"big-10mb.pdf (" + mb(len(bigData)) + ")", big}) {
		data, err := os.ReadFile(in.path)
		if err != nil {
			return err
		}
		refText, refT, err := pdftotext(in.path, runs)
		if err != nil {
			return fmt.Errorf("%s: pdftotext: %w", in.name, err)
		}
		ourText, ourT, err := ours(ex, in.name, data, runs)
		if err != nil {
			return fmt.Errorf("%s: extract: %w", in.name, err)
		}
		ref, got := words(refText), words(ourText)
		hit := intersect(ref, got)
		hitK := intersect(words(norm.NFKC.String(refText)), words(norm.NFKC.String(ourText)))
		row(in.name, total(ref), fmt.Sprint(total(got)), pct(hit, total(ref)), pct(hitK, total(ref)), refT, ourT)
		sumRef += total(ref)
		sumHit += hit
		sumHitK += hitK
		sumRefT.wall += refT.wall
		sumRefT.cpu += refT.cpu
		sumOurT.wall += ourT.wall
		sumOurT.cpu += ourT.cpu
	}
	row("TOTAL", sumRef, "", pct(sumHit, sumRef), pct(sumHitK, sumRef), sumRefT, sumOurT)
	fmt.Println()
	fmt.Println("words% = multiset intersection of whitespace-separated words / pdftotext's words")
	fmt.Println("NFKC%  = the same after NFKC on both sides (pdftotext keeps ligature glyphs like U+FB00, pdfium expands them)")
	fmt.Println("speed  = pdftotext time / our time, median of runs; pdftotext includes its process start, ours is a warm Extractor;")
	fmt.Println("         cpu = user+system time (pdftotext: its rusage; ours: this process's rusage delta)")
	fmt.Println()

	ourRSS, err := childRSS(big, cacheDir)
	if err != nil {
		return fmt.Errorf("rss child: %w", err)
	}
	refRSS, err := pdftotextRSS(big)
	if err != nil {
		return fmt.Errorf("pdftotext rss: %w", err)
	}
	fmt.Printf("peak RSS extracting %s (%s, %s): ours %s (fresh process, VmHWM), pdftotext %s (ru_maxrss)\n",
		filepath.Base(big), mb(len(bigData)), "kerned text", mb(int(ourRSS)), mb(int(refRSS)))
	return nil
}

func row(name string, ref int, got string, wordsPct, nfkcPct float64, r, o timing) {
	d := func(t time.Duration) string { return t.Round(100 * time.Microsecond).String() }
	fmt.Printf("%-40s %7d %7s %7.2f%% %7.2f%% | %9s %9s %5.2fx | %9s %9s %5.2fx\n", name, ref, got, wordsPct, nfkcPct,
		d(r.wall), d(o.wall), r.wall.Seconds()/o.wall.Seconds(), d(r.cpu), d(o.cpu), r.cpu.Seconds()/max(o.cpu.Seconds(), 1e-9))
}

func mb(n int) string { return fmt.Sprintf("%.1f MB", float64(n)/(1<<20)) }

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

func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	return ds[len(ds)/2]
}

// timing is the median wall-clock and CPU (user+system) time of the runs.
// CPU time is the fairer figure on a shared, loaded machine.
type timing struct{ wall, cpu time.Duration }

func medians(walls, cpus []time.Duration) timing {
	return timing{median(walls), median(cpus)}
}

func pdftotext(path string, runs int) (string, timing, error) {
	var out []byte
	var walls, cpus []time.Duration
	for range runs {
		cmd := exec.Command("pdftotext", "-enc", "UTF-8", path, "-")
		t0 := time.Now()
		o, err := cmd.Output()
		walls = append(walls, time.Since(t0))
		if err != nil {
			return "", timing{}, err
		}
		cpus = append(cpus, cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
		out = o
	}
	return string(out), medians(walls, cpus), nil
}

func selfCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func ours(ex *extract.Extractor, name string, data []byte, runs int) (string, timing, error) {
	var text string
	var walls, cpus []time.Duration
	base := strings.Fields(name)[0]
	for range runs {
		c0, t0 := selfCPU(), time.Now()
		d, err := ex.Extract(context.Background(), base, data)
		walls = append(walls, time.Since(t0))
		cpus = append(cpus, selfCPU()-c0)
		if err != nil {
			return "", timing{}, err
		}
		text = d.Text
	}
	return text, medians(walls, cpus), nil
}

// childRSS runs this program on one file in a fresh process, so the peak
// is that of a worker extracting the file and nothing else.
func childRSS(path, cacheDir string) (int64, error) {
	self, err := os.Executable()
	if err != nil {
		return 0, err
	}
	out, err := exec.Command(self, "-rss-child", path, "-cache", cacheDir).CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("%v: %s", err, out)
	}
	return strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
}

func rssChildMain(path, cacheDir string) int {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ex, err := extract.New(extract.Options{CacheDir: cacheDir, MaxPages: 5000, Timeout: 5 * time.Minute})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	d, err := ex.Extract(context.Background(), filepath.Base(path), data)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if len(d.Text) == 0 {
		fmt.Fprintln(os.Stderr, "no text")
		return 1
	}
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	for line := range strings.SplitSeq(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			fmt.Println(kb * 1024)
			return 0
		}
	}
	fmt.Fprintln(os.Stderr, "VmHWM not found")
	return 1
}

func pdftotextRSS(path string) (int64, error) {
	cmd := exec.Command("pdftotext", "-enc", "UTF-8", path, os.DevNull)
	if err := cmd.Run(); err != nil {
		return 0, err
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, fmt.Errorf("no rusage")
	}
	return ru.Maxrss * 1024, nil
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
