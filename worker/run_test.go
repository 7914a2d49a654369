package worker

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/blob"
	"github.com/spade-bpmn/spade/pkg/db"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/llm/providers"
	"github.com/spade-bpmn/spade/pkg/pipeline"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/resultcache"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// namedProvider is a provider that is never called (the fake analyzer
// answers) but is named: the result cache skips the built-in one.
type namedProvider string

func (p namedProvider) Name() string { return string(p) }
func (namedProvider) Analyze(context.Context, llm.Input) (*llm.Result, error) {
	return nil, errors.New("not called")
}

// refunds records the analyses whose daily call was given back.
type refunds []string

func (r *refunds) Refund(_ context.Context, id string) error {
	*r = append(*r, id)
	return nil
}

// runCase is one analysis through processHandler.run.
type runCase struct {
	name string
	// typ, file and ctype describe the upload; stored says whether its
	// blob is there.
	typ, file, ctype string
	stored           bool
	demo             bool
	// live runs with a stage writer (the process task); else as a
	// reprocess (no stages).
	live bool
	// provider and key are what the chooser picks; chooseErr fails it.
	provider, key string
	chooseErr     error
	// checkErr, extractErr, analyzeErr and bpmnErr fail those steps.
	checkErr, extractErr, analyzeErr, bpmnErr error
	// cached seeds the result cache with a completed analysis of the
	// same input; cancelled cancels the context first.
	cached, cancelled bool
}

// TestRunStatuses pins what processHandler.run returns for each kind of
// upload and each failing step: the result (as stored), whether a model
// comes with it, the stages it held, the refunds it made, whether it was
// remembered in the result cache and the error
// (its detail and whether it is permanent). The golden file was written
// by the code before run was split into phases.
func TestRunStatuses(t *testing.T) {
	sys, user := llm.KeySystem, llm.KeyUser
	cases := []runCase{
		{name: "document", typ: analysis.TypeDocument, file: "claim.pdf", stored: true, provider: "vendor", key: sys},
		{name: "document, live", typ: analysis.TypeDocument, file: "claim.pdf", stored: true, live: true, provider: "vendor", key: sys},
		{name: "document, built-in analyzer", typ: analysis.TypeDocument, file: "claim.pdf", stored: true, live: true, provider: providers.Builtin, key: sys, cached: true},
		{name: "document reused, live", typ: analysis.TypeDocument, file: "claim.pdf", stored: true, live: true, provider: "vendor", key: sys, cached: true},
		{name: "document reused, live demo", typ: analysis.TypeDocument, file: "claim.pdf", stored: true, live: true, demo: true, provider: "vendor", key: sys, cached: true},
		{name: "document reused, reprocess", typ: analysis.TypeDocument, file: "claim.pdf", stored: true, provider: "vendor", key: sys, cached: true},
		{name: "image", typ: analysis.TypeImage, file: "board.png", ctype: "image/png", stored: true, live: true, provider: "vendor", key: user},
		{name: "image refused", typ: analysis.TypeImage, file: "board.png", ctype: "image/png", stored: true, provider: "vendor", key: sys,
			checkErr: failure.Permanent("The picture is too large.", errors.New("pixels"))},
		{name: "bpmn file", typ: analysis.TypeBPMN, file: "order.bpmn", stored: true, live: true, provider: "vendor", key: user},
		{name: "bpmn file unreadable", typ: analysis.TypeBPMN, file: "order.bpmn", stored: true, provider: "vendor", key: sys,
			bpmnErr: failure.Permanent("The BPMN file could not be read.", errors.New("xml"))},
		{name: "blob gone", typ: analysis.TypeDocument, file: "claim.pdf", provider: "vendor", key: sys},
		{name: "cancelled", typ: analysis.TypeDocument, file: "claim.pdf", stored: true, provider: "vendor", key: sys, cancelled: true},
		{name: "no provider", typ: analysis.TypeDocument, file: "claim.pdf", stored: true, chooseErr: failure.Permanent("No AI provider is configured.", errors.New("none"))},
		{name: "extraction failed", typ: analysis.TypeDocument, file: "claim.pdf", stored: true, provider: "vendor", key: sys,
			extractErr: failure.Permanent("The PDF is encrypted.", errors.New("pdf"))},
		{name: "own key refused", typ: analysis.TypeDocument, file: "claim.pdf", stored: true, provider: "vendor", key: user,
			analyzeErr: failure.Permanent("bad key", fmt.Errorf("%w: 401", llm.ErrAuth))},
		{name: "system key refused", typ: analysis.TypeDocument, file: "claim.pdf", stored: true, provider: "vendor", key: sys,
			analyzeErr: failure.Permanent("bad key", fmt.Errorf("%w: 401", llm.ErrAuth))},
		{name: "provider down", typ: analysis.TypeDocument, file: "claim.pdf", stored: true, provider: "vendor", key: user,
			analyzeErr: failure.Transient("unavailable", fmt.Errorf("%w: 503", llm.ErrUnavailable))},
	}
	var out strings.Builder
	for _, c := range cases {
		fmt.Fprintf(&out, "== %s\n%s\n", c.name, runOnce(t, c))
	}
	testenv.Golden(t, filepath.Join("testdata", "run.txt"), []byte(out.String()))
}

// runOnce runs case c on a fresh database and describes what came out.
func runOnce(t *testing.T, c runCase) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d, err := db.Open("sqlite://" + filepath.Join(t.TempDir(), "spade.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	log := slog.New(slog.DiscardHandler)
	if err := d.Migrate(ctx, log); err != nil {
		t.Fatal(err)
	}
	blobs, err := blob.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	repo := analysis.NewRepo(d.DB)
	data := []byte("The clerk checks the claim. The manager approves it.")
	a := &analysis.Analysis{ID: "a1", AccountID: "acc", AnalyzerType: c.typ, OriginalFilename: c.file, ContentType: c.ctype,
		SizeBytes: int64(len(data)), BlobKey: "a1", IsDemo: c.demo, Status: analysis.StatusQueued, Stage: analysis.StageQueued}
	if err := repo.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	if c.stored {
		if err := blobs.Put(ctx, "a1", bytes.NewReader(data), int64(len(data))); err != nil {
			t.Fatal(err)
		}
	}
	var given refunds
	pl := runPipeline(c)
	pl.Uncharge = &given
	pl.Cache = resultcache.New(d.DB)
	if c.cached {
		seedCache(t, ctx, d, repo, pl.Cache, c.provider, string(data))
	}
	h := &processHandler{Deps{Repo: repo, Blobs: blobs, Pipeline: pl, Log: log}}
	var stages *stageWriter
	if c.live {
		run := repo.Run(a.ID, "token")
		if err := run.Begin(ctx, analysis.StageExtractingText); err != nil {
			t.Fatal(err)
		}
		stages = newStageWriter(run, log, time.Hour, func(error) {})
	}
	if c.cancelled {
		cancel()
	}
	res, model, err := h.run(ctx, a, stages, log)
	var b strings.Builder
	if err != nil {
		detail, _ := failure.Detail(err)
		fmt.Fprintf(&b, "error: %v\ndetail: %q permanent: %v\n", err, detail, failure.IsPermanent(err))
	}
	if res != nil {
		j, _ := json.MarshalIndent(res, "", "  ")
		fmt.Fprintf(&b, "result: %s\n", j)
	}
	fmt.Fprintf(&b, "model: %v\n", model != nil)
	if stages != nil {
		var names []string
		for _, m := range stages.take() {
			names = append(names, m.Stage)
		}
		fmt.Fprintf(&b, "held stages: %v\n", names)
	}
	var remembered int64
	if err := d.DB.Table("llm_results").Where("analysis_id = ?", a.ID).Count(&remembered).Error; err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "refunds: %v, cache entries for it: %d", []string(given), remembered)
	return b.String()
}

// runPipeline is a pipeline of fakes failing as case c says; the model
// names the input it was made from.
func runPipeline(c runCase) *pipeline.Pipeline {
	return &pipeline.Pipeline{
		Chooser: pipeline.ChooseFunc(func(context.Context, *analysis.Analysis) (llm.Provider, llm.Input, string, error) {
			if c.chooseErr != nil {
				return nil, llm.Input{}, "", c.chooseErr
			}
			return namedProvider(c.provider), llm.Input{Model: "model-x"}, c.key, nil
		}),
		Images: pipeline.CheckImageFunc(func([]byte, bool) error { return c.checkErr }),
		Extractor: pipeline.ExtractFunc(func(_ context.Context, _ string, data []byte, _ bool) (*pipeline.Extracted, error) {
			if c.extractErr != nil {
				return nil, c.extractErr
			}
			return &pipeline.Extracted{Text: string(data), Format: "pdf", Pages: 2, Speakers: []string{"Ann"}}, nil
		}),
		Analyzer: pipeline.AnalyzeFunc(func(_ context.Context, p llm.Provider, in llm.Input) (*llm.Result, error) {
			if c.analyzeErr != nil {
				return nil, c.analyzeErr
			}
			m := process.Model{ProcessName: "Claims", ProcessPurpose: fmt.Sprintf("%s %s %s %s %d", p.Name(), in.Kind, in.Filename, in.MIMEType, len(in.Image)),
				Activities: []process.Activity{{ID: "a1", Name: "Check the claim", Performer: "Clerk"}, {ID: "a2", Name: "Approve it", Performer: "Manager"}}}
			return &llm.Result{Model: m, ModelName: "model-x-1", Usage: llm.Usage{InputTokens: 10, OutputTokens: 5, TotalTokens: 15}}, nil
		}),
		Renderer: pipeline.RenderFunc(func(m *process.Model) (string, analysis.Metadata) {
			return "# " + m.ProcessName, analysis.Metadata{Pages: 99}
		}),
		BPMN: pipeline.AnalyzeBPMNFunc(func(_ context.Context, name string, data []byte, p llm.Provider, in llm.Input) (*analysis.Result, error) {
			if c.bpmnErr != nil {
				return nil, c.bpmnErr
			}
			return &analysis.Result{ProcessName: "From " + name, BPMNXML: "<definitions/>", FormattedText: fmt.Sprintf("%s %d %s", p.Name(), len(data), in.Filename),
				Metadata: analysis.Metadata{Format: "bpmn"}}, nil
		}),
	}
}

// seedCache stores a completed analysis "src" under the cache key of the
// document input the case's run will make.
func seedCache(t *testing.T, ctx context.Context, d *db.DB, repo *analysis.Repo, cache *resultcache.Store, provider, text string) {
	t.Helper()
	src := &analysis.Analysis{ID: "src", AccountID: "acc", AnalyzerType: analysis.TypeDocument, OriginalFilename: "old.pdf",
		BlobKey: "src", Status: analysis.StatusQueued, Stage: analysis.StageQueued}
	if err := repo.Create(ctx, src); err != nil {
		t.Fatal(err)
	}
	m := process.Model{ProcessName: "Cached claims", Activities: []process.Activity{{ID: "c1", Name: "Check the claim", Performer: "Clerk"}}}
	mj, _ := json.Marshal(m)
	meta := `{"model":"model-x-0","model_name":"cached-model"}`
	if err := d.DB.Exec(`UPDATE analyses SET status = ?, model_json = ?, metadata_json = ? WHERE id = ?`, analysis.StatusCompleted, string(mj), meta, "src").Error; err != nil {
		t.Fatal(err)
	}
	in := llm.Input{Model: "model-x", Kind: "document", Text: text, Filename: "claim.pdf"}
	if err := cache.Remember(ctx, llm.CacheKey(provider, in.Model, in), "acc", "src"); err != nil {
		t.Fatal(err)
	}
}
