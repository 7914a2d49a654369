package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spade-bpmn/spade/pkg/analyze/diagram"
	"github.com/spade-bpmn/spade/pkg/analyze/diagram/diagscore"
	"github.com/spade-bpmn/spade/pkg/analyze/diagram/vision"
	"github.com/spade-bpmn/spade/pkg/bpmn/tomodel"
	"github.com/spade-bpmn/spade/pkg/process"
)

// recogniseTime is how long the structure recogniser (deskewing and
// recognition, no OCR) takes on the image.
func recogniseTime(img []byte) (time.Duration, error) {
	src, _, err := image.Decode(bytes.NewReader(img))
	if err != nil {
		return 0, fmt.Errorf("decode: %w", err)
	}
	g := image.NewGray(src.Bounds())
	draw.Draw(g, g.Bounds(), src, src.Bounds().Min, draw.Src)
	start := time.Now()
	straight, _ := vision.Deskew(g)
	vision.Recognize(straight)
	return time.Since(start), nil
}

// cachedOCR runs tesseract once per distinct image and keeps its answer
// on disk, so that tuning runs cost only the recogniser.
type cachedOCR struct {
	dir string
}

func (c *cachedOCR) ocr(ctx context.Context, img []byte, psm int) (string, error) {
	sum := sha256.Sum256(img)
	name := hex.EncodeToString(sum[:16])
	if psm != diagram.PSMSparse {
		// the sparse mode's answers keep the names they were cached under
		name += "-psm" + strconv.Itoa(psm)
	}
	p := filepath.Join(c.dir, name+".tsv")
	if b, err := os.ReadFile(p); err == nil {
		return string(b), nil
	}
	cmd := exec.CommandContext(ctx, "tesseract", "stdin", "stdout", "--psm", strconv.Itoa(psm), "tsv")
	cmd.Stdin = bytes.NewReader(img)
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("tesseract: %w", err)
	}
	if err := os.WriteFile(p, out, 0o644); err != nil {
		return "", fmt.Errorf("cache ocr: %w", err)
	}
	return string(out), nil
}

// imageCase is one rendered image with its source model.
type imageCase struct {
	name  string // file name without extension
	png   string
	ref   *process.Model
	lanes bool
	dev   bool
	// renderer drew the picture: bpmn-js, graphviz, plantuml or mermaid
	// (mermaid-dense: the Mermaid set's dense charts, counted apart)
	renderer string
}

// loadImages pairs each rendered PNG with the BPMN it was drawn from.
func loadImages(dir string) ([]imageCase, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.png"))
	if err != nil {
		return nil, fmt.Errorf("list images: %w", err)
	}
	sort.Strings(files)
	var out []imageCase
	for _, f := range files {
		base := strings.TrimSuffix(filepath.Base(f), ".png")
		src := base
		if i := strings.LastIndex(src, "@"); i >= 0 {
			src = src[:i]
		}
		b, err := os.ReadFile(filepath.Join(dir, src+".bpmn"))
		if err != nil {
			return nil, fmt.Errorf("source of %s: %w", f, err)
		}
		m, err := tomodel.FromXML(b)
		if err != nil {
			return nil, fmt.Errorf("convert %s: %w", src, err)
		}
		out = append(out, imageCase{name: base, png: f, ref: m, lanes: len(m.Participants) > 1, dev: isDev(src), renderer: "bpmn-js"})
	}
	return out, nil
}

// inSet reports whether the picture belongs to the split asked for:
// dev, held or all.
func (c imageCase) inSet(set string) bool {
	return !(set == "dev" && !c.dev) && !(set == "held" && c.dev)
}

// readPNG decodes the PNG at path.
func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open: %w", err)
	}
	defer f.Close()
	src, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("decode %s: %w", path, err)
	}
	return src, nil
}

// isDev splits the set: the recogniser was tuned on the odd-numbered
// quality models, the own round-trip files and MIWG A and B; the even
// quality models and MIWG C were kept back.
func isDev(src string) bool {
	switch {
	case strings.HasPrefix(src, "q"):
		return len(src) > 2 && (src[2]-'0')%2 == 1
	case strings.HasPrefix(src, "miwg-C"):
		return false
	}
	return true
}

// tally is the scores of one group of images.
type tally struct {
	images         int
	got, base      diagscore.Score
	structured     int
	notes          int // connectors the reader could not finish
	noted          int // pictures with a note
	recogniseTotal time.Duration
}

// evaluate reads every picture of the chosen renderers, set and variants
// (with OCR answers cached in cacheDir), scores each against its source
// model and writes the table of groups to w; verbose adds a line (and
// details) per development picture.
func evaluate(w io.Writer, dir, only, set, variant, renderers, cacheDir string, verbose bool) error {
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return fmt.Errorf("cache dir: %w", err)
	}
	cases, err := loadCases(dir, renderers, cacheDir)
	if err != nil {
		return err
	}
	run := &benchRun{
		w: w, verbose: verbose, groups: map[string]*tally{},
		ocr: &cachedOCR{dir: cacheDir}, prov: diagram.New(diagram.Options{}),
	}
	variants := Variants
	if variant != "" {
		variants = strings.Split(variant, ",")
	}
	for i, c := range cases {
		if !nameIn(c.name, only) {
			continue
		}
		if !c.inSet(set) {
			continue
		}
		if err := run.readCase(i, c, variants); err != nil {
			return err
		}
	}
	return printTable(w, run.groups)
}

// nameIn reports whether name contains one of the comma-separated parts
// of only (every name when only is empty).
func nameIn(name, only string) bool {
	if only == "" {
		return true
	}
	for _, part := range strings.Split(only, ",") {
		if part != "" && strings.Contains(name, part) {
			return true
		}
	}
	return false
}

// loadCases loads the pictures of each renderer named (comma
// separated) with their source models, in that order.
func loadCases(dir, renderers, cacheDir string) ([]imageCase, error) {
	var cases []imageCase
	for _, rd := range strings.Split(renderers, ",") {
		var (
			more []imageCase
			err  error
		)
		switch rd {
		case "bpmn-js":
			more, err = loadImages(dir)
		case "graphviz":
			more, err = loadGraphviz(cacheDir)
		case "plantuml":
			more, err = loadPlantUML(cacheDir)
		case "mermaid":
			more, err = loadMermaid(cacheDir)
		default:
			err = fmt.Errorf("unknown renderer %q (bpmn-js, graphviz, plantuml, mermaid)", rd)
		}
		if err != nil {
			return nil, err
		}
		cases = append(cases, more...)
	}
	return cases, nil
}

// benchRun is one run of the evaluation: where it reports, how it reads
// and the tallies of its groups.
type benchRun struct {
	w       io.Writer
	verbose bool
	ocr     *cachedOCR
	prov    *diagram.Reader
	groups  map[string]*tally
}

// imageRead is the outcome of reading one picture in one variant.
type imageRead struct {
	r         *diagram.ImageReading // nil when the reading failed
	err       error
	got, base process.Model
	s, bs     diagscore.Score // the reading's and the baseline's scores
	elapsed   time.Duration   // the recogniser's time
}

// readCase reads case i's picture in every variant (the variant's
// degradation is seeded by i), tallies each reading in its groups and,
// verbose, prints it when the picture is a development one.
func (run *benchRun) readCase(i int, c imageCase, variants []string) error {
	src, err := readPNG(c.png)
	if err != nil {
		return err
	}
	for _, v := range variants {
		img, err := degrade(src, v, i)
		if err != nil {
			return err
		}
		elapsed, err := recogniseTime(img)
		if err != nil {
			return err
		}
		rd := imageRead{elapsed: elapsed}
		rd.r, rd.err = run.prov.ReadImage(context.Background(), img, c.name+".png", run.ocr.ocr, true)
		if rd.err == nil {
			rd.got, rd.base = rd.r.Model, *rd.r.Baseline
		} else if run.verbose && c.dev {
			fmt.Fprintf(run.w, "== %s %s: %v\n", c.name, v, rd.err)
		}
		rd.s, rd.bs = diagscore.Compare(c.ref, &rd.got), diagscore.Compare(c.ref, &rd.base)
		for _, k := range groupKeys(c, v) {
			run.group(k).add(&rd)
		}
		// the held-back part of every set (generated charts and the
		// bpmn-js references alike) is read only as totals
		if run.verbose && c.dev {
			printImage(run.w, c, v, &rd)
		}
	}
	return nil
}

// groupKeys are the groups a reading of c in variant v counts in: all,
// its split, its variant, the variant with or without lanes and the
// split's variant, each of its renderer.
func groupKeys(c imageCase, v string) []string {
	lanes := "flat"
	if c.lanes {
		lanes = "lanes"
	}
	split := "held-out"
	if c.dev {
		split = "dev"
	}
	keys := []string{"all", split, v, v + " " + lanes, split + " " + v}
	for i, k := range keys {
		keys[i] = c.renderer + " " + k
	}
	return keys
}

// group is the tally of group k, made on first use.
func (run *benchRun) group(k string) *tally {
	if run.groups[k] == nil {
		run.groups[k] = &tally{}
	}
	return run.groups[k]
}

// add counts one reading in the tally.
func (t *tally) add(rd *imageRead) {
	t.images++
	t.got.Add(rd.s)
	t.base.Add(rd.bs)
	t.recogniseTotal += rd.elapsed
	if rd.err != nil {
		return
	}
	if rd.r.Structured {
		t.structured++
	}
	t.notes += len(rd.r.Notes)
	if len(rd.r.Notes) > 0 {
		t.noted++
	}
}

// printImage writes one reading's figures and what it missed, added,
// lost and misread.
func printImage(w io.Writer, c imageCase, v string, rd *imageRead) {
	s, bs := rd.s, rd.bs
	fmt.Fprintf(w, "%-28s %-7s tasks %d/%d (P %d/%d) flows %d/%d (≤2 %d) gateways %d/%d (P %d/%d, kind %d) | base tasks %d flows %d gw %d | %.0f ms\n",
		c.name, v, s.Tasks.Found, s.Tasks.Refs, s.Tasks.Right, s.Tasks.Cand, s.Flows.Found, s.Flows.Refs, s.Flows2.Found,
		s.Gateways.Found, s.Gateways.Refs, s.Gateways.Right, s.Gateways.Cand, s.Kinds.Found, bs.Tasks.Found, bs.Flows.Found, bs.Gateways.Found,
		float64(rd.elapsed.Microseconds())/1000)
	if len(s.Missed)+len(s.Extra) > 0 {
		fmt.Fprintf(w, "    missed %q\n    extra  %q\n", s.Missed, s.Extra)
	}
	if len(s.Lost) > 0 {
		fmt.Fprintf(w, "    lost flows %q\n", s.Lost)
	}
	if s.Messages.Refs+s.Messages.Cand > 0 {
		fmt.Fprintf(w, "    message flows %d/%d (P %d/%d)", s.Messages.Found, s.Messages.Refs, s.Messages.Right, s.Messages.Cand)
		if len(rd.got.MessageFlows) > 0 {
			fmt.Fprintf(w, " read %q", messageNames(&rd.got))
		}
		fmt.Fprintln(w)
	}
	if len(s.Misread) > 0 {
		fmt.Fprintf(w, "    events misread %q\n", s.Misread)
	}
	if rd.err == nil && len(rd.r.Notes) > 0 {
		fmt.Fprintf(w, "    notes %q\n", rd.r.Notes)
	}
	if s.Pools.Found < s.Pools.Refs || s.Pools.Right < s.Pools.Cand {
		var pn []string
		for _, p := range rd.got.Pools {
			pn = append(pn, p.Name)
		}
		fmt.Fprintf(w, "    pools %q, %d of %d found\n", pn, s.Pools.Found, s.Pools.Refs)
	}
	if s.Lanes.Found < s.Lanes.Refs || s.Lanes.Right < s.Lanes.Cand || s.Members.Found < s.Members.Refs {
		var ln []string
		for _, p := range rd.got.Participants {
			ln = append(ln, p.Name)
		}
		fmt.Fprintf(w, "    lanes %q, %d of %d tasks in their lane\n", ln, s.Members.Found, s.Members.Refs)
	}
}

// groupOrder is the order of the table's rows: per renderer all, dev and
// held-out, then per variant its lanes, flat, dev and held-out groups.
func groupOrder() []string {
	var order []string
	for _, rd := range []string{"bpmn-js", "graphviz", "plantuml", "mermaid", "mermaid-dense"} {
		order = append(order, rd+" all", rd+" dev", rd+" held-out")
		for _, v := range Variants {
			order = append(order, rd+" "+v, rd+" "+v+" lanes", rd+" "+v+" flat", rd+" dev "+v, rd+" held-out "+v)
		}
	}
	return order
}

// pc is a fraction as a whole percentage.
func pc(f float64) string { return fmt.Sprintf("%.0f %%", 100*f) }

// pcOf is pc, or a dash when the figure is over nothing.
func pcOf(n int, f float64) string {
	if n == 0 {
		return "–"
	}
	return pc(f)
}

// printTable writes one row per group that has pictures, in groupOrder:
// the reader's recall and precision, then the baseline's.
func printTable(w io.Writer, groups map[string]*tally) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "group\timages\tstructured\ttask R\ttask P\tflow R\tflow P\tflow R ≤2\tgateway R\tgateway P\tgw kind\tlane R\tlane P\tin lane\tmsg R\tmsg P\tpool R\tpool P\tevent kind\ttrigger\tnotes/pic\tnoted pics\trecognise ms\t| baseline:\ttask R\ttask P\tflow R\tflow R ≤2\tgateway R\t")
	for _, k := range groupOrder() {
		t := groups[k]
		if t == nil {
			continue
		}
		g, b := t.got, t.base
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.1f\t%d\t%.0f\t\t%s\t%s\t%s\t%s\t%s\t\n", k, t.images, t.structured,
			pc(g.Tasks.Recall()), pc(g.Tasks.Precision()), pc(g.Flows.Recall()), pc(g.Flows.Precision()), pc(g.Flows2.Recall()),
			pcOf(g.Gateways.Refs, g.Gateways.Recall()), pcOf(g.Gateways.Cand, g.Gateways.Precision()), pcOf(g.Kinds.Refs, g.Kinds.Recall()),
			pcOf(g.Lanes.Refs, g.Lanes.Recall()), pcOf(g.Lanes.Cand, g.Lanes.Precision()), pcOf(g.Members.Refs, g.Members.Recall()),
			pcOf(g.Messages.Refs, g.Messages.Recall()), pcOf(g.Messages.Cand, g.Messages.Precision()),
			pcOf(g.Pools.Refs, g.Pools.Recall()), pcOf(g.Pools.Cand, g.Pools.Precision()), pcOf(g.Events.Refs, g.Events.Recall()), pcOf(g.Triggers.Refs, g.Triggers.Recall()), float64(t.notes)/float64(t.images), t.noted,
			float64(t.recogniseTotal.Milliseconds())/float64(t.images),
			pc(b.Tasks.Recall()), pc(b.Tasks.Precision()), pc(b.Flows.Recall()), pc(b.Flows2.Recall()), pc(b.Gateways.Recall()))
	}
	return tw.Flush()
}

// messageNames names the message flows a model holds by their ends
// ("Send order → Receive order"; a pool by its name).
func messageNames(m *process.Model) []string {
	name := map[string]string{}
	for _, a := range m.Activities {
		name[a.ID] = a.Name
	}
	for _, e := range m.Events {
		name[e.ID] = "event " + e.Name
	}
	for _, g := range m.Gateways {
		name[g.ID] = "gateway " + g.Name
	}
	for _, p := range m.Pools {
		name[p.ID] = "pool " + p.Name
	}
	var out []string
	for _, f := range m.MessageFlows {
		out = append(out, name[f.Source]+" → "+name[f.Target])
	}
	return out
}
