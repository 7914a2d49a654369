package export

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/xuri/excelize/v2"

	"github.com/spade-bpmn/spade/pkg/bpmn"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/process"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

func sampleModel() *process.Model {
	return &process.Model{
		ProcessName:    "Invoice approval – Größe/Ü",
		ProcessPurpose: "Pay correct invoices on time.",
		Participants:   []process.Participant{{Name: "Accounts payable"}, {Name: "Manager"}},
		Activities: []process.Activity{
			{ID: "check", Name: "Check invoice", Performer: "Accounts payable", WorkMinutes: 15,
				SIPOC: process.SIPOC{Suppliers: []string{"Vendor"}, Inputs: []string{"Invoice"}, Outputs: []string{"Checked invoice"}, Customers: []string{"Manager"}, Systems: []string{"ERP"}}},
			{ID: "approve", Name: "Approve invoice", Performer: "Manager", WaitMinutes: 2880},
			{ID: "pay", Name: "Pay invoice", Performer: "Accounts payable", WorkMinutes: 10},
		},
		Gateways: []process.Gateway{{ID: "g1", Type: process.GatewayExclusive, Name: "Amount over 1000?", Specification: "Invoices above 1000 EUR need approval."}},
		Events: []process.Event{
			{ID: "s", Type: process.EventStart, Name: "Invoice received", Trigger: process.TriggerMessage},
			{ID: "e", Type: process.EventEnd, Name: "Invoice paid"},
		},
		Flows: []process.Flow{
			{Source: "s", Target: "check"}, {Source: "check", Target: "g1"},
			{Source: "g1", Target: "approve", Condition: "Yes"}, {Source: "g1", Target: "pay", Condition: "No"},
			{Source: "approve", Target: "pay"}, {Source: "pay", Target: "e"},
		},
	}
}

func sampleRequest(t *testing.T) Request {
	t.Helper()
	m := sampleModel()
	b, err := bpmn.Build(m)
	if err != nil {
		t.Fatal(err)
	}
	return Request{FormattedText: process.FormattedText(m), ProcessName: m.ProcessName, Timestamp: "2026-11-20T10:00:00Z", ID: "an-1", Model: m, BPMN: b}
}

func TestFilename(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", 300)
	tests := []struct{ name, ext, want string }{
		{"Invoice approval", "pdf", "Invoice approval.pdf"},
		{"../../etc/passwd", "txt", "etc passwd.txt"},
		{`a\b:c*d?e"f<g>h|i`, "xlsx", "a b c d e f g h i.xlsx"},
		{"  \t\n ", "bpmn", "process.bpmn"},
		{"", "docx", "process.docx"},
		{"Größe – Übersicht", ".PDF", "Größe – Übersicht.pdf"},
		{"line\r\nbreak\x00nul", "txt", "line break nul.txt"},
		{"...", "txt", "process.txt"},
		{"it's \"quoted\"", "txt", "it s quoted.txt"},
		{long, "txt", strings.Repeat("a", 100) + ".txt"},
	}
	for _, tt := range tests {
		if got := Filename(tt.name, tt.ext); got != tt.want {
			t.Errorf("Filename(%q, %q) = %q, want %q", tt.name, tt.ext, got, tt.want)
		}
	}
}

func TestContentDisposition(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"report.pdf", `attachment; filename="report.pdf"`},
		{"Größe; a=b.pdf", `attachment; filename="Gr__e; a=b.pdf"; filename*=UTF-8''Gr%C3%B6%C3%9Fe%3B%20a%3Db.pdf`},
	}
	for _, tt := range tests {
		if got := ContentDisposition(tt.in); got != tt.want {
			t.Errorf("ContentDisposition(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSections(t *testing.T) {
	t.Parallel()
	text := "intro\n=== Process Purpose ===\nProcess Name: X\n\n=== Participants ===\n- A\n  - nested\n\n"
	got := sections(text)
	if len(got) != 3 || got[0].Heading != "" || got[1].Heading != "Process Purpose" || got[2].Heading != "Participants" {
		t.Fatalf("sections = %+v", got)
	}
	if len(got[2].Lines) != 2 {
		t.Errorf("participants lines = %q", got[2].Lines)
	}
	if txt, level, ok := bullet(got[2].Lines[1]); !ok || level != 1 || txt != "nested" {
		t.Errorf("bullet = %q %d %v", txt, level, ok)
	}
}

func TestExportEmpty(t *testing.T) {
	t.Parallel()
	for _, typ := range []string{"txt", "xlsx", "bpmn", "docx", "pdf"} {
		_, _, _, err := Export(typ, Request{ProcessName: "x"})
		if !errors.Is(err, ErrNothingToExport) || !failure.IsPermanent(err) {
			t.Errorf("%s: err = %v, want permanent ErrNothingToExport", typ, err)
		}
	}
	if _, _, _, err := Export("exe", Request{FormattedText: "x"}); !errors.Is(err, ErrUnknownFormat) {
		t.Errorf("unknown format err = %v", err)
	}
}

func TestExportNames(t *testing.T) {
	t.Parallel()
	r := sampleRequest(t)
	for _, typ := range Formats {
		data, ct, name, err := Export(typ, r)
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		if len(data) == 0 || ct == "" {
			t.Errorf("%s: empty output or content type", typ)
		}
		if want := "Invoice approval – Größe Ü." + typ; name != want {
			t.Errorf("%s: filename %q, want %q", typ, name, want)
		}
	}
}

func TestTXT(t *testing.T) {
	t.Parallel()
	r := sampleRequest(t)
	data, ct, _, err := TXT(r)
	if err != nil {
		t.Fatal(err)
	}
	if ct != TypeTXT || !strings.Contains(string(data), "=== Process Purpose ===") {
		t.Errorf("txt = %q (%s)", data, ct)
	}
	// without formatted text the model is rendered
	r.FormattedText = ""
	data, _, _, _ = TXT(r)
	if !strings.Contains(string(data), "Check invoice") {
		t.Errorf("txt from model lacks activities: %q", data)
	}
}

func TestXLSX(t *testing.T) {
	t.Parallel()
	for _, withModel := range []bool{true, false} {
		r := sampleRequest(t)
		if !withModel {
			r.Model = nil
		}
		data, _, _, err := XLSX(r)
		if err != nil {
			t.Fatal(err)
		}
		f, err := excelize.OpenReader(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("excelize cannot re-open the workbook: %v", err)
		}
		if got := strings.Join(f.GetSheetList(), ","); got != "Summary,Activities,SIPOC,SIPOC Summary,Gateways" {
			t.Errorf("sheets = %s", got)
		}
		if v, _ := f.GetCellValue("Summary", "B2"); v != r.ProcessName {
			t.Errorf("Summary!B2 = %q", v)
		}
		head, _ := f.GetCellValue("Activities", "J1")
		if head != "WT" {
			t.Errorf("Activities!J1 = %q, want WT", head)
		}
		rows, _ := f.GetRows("Activities")
		if withModel {
			if len(rows) != 4 || rows[1][1] != "Check invoice" || rows[1][9] != "15 min" || rows[1][7] != "ERP" {
				t.Errorf("activities rows = %q", rows)
			}
			// One row per step: a step's cells hold only its own SIPOC
			// entries, so "ERP" appears on "Check invoice" and nowhere else.
			sipoc, _ := f.GetRows("SIPOC")
			want := [][]string{
				{"No.", "Process step", "Performer", "Suppliers", "Inputs", "Outputs", "Customers", "Systems"},
				{"1", "Check invoice", "Accounts payable", "Vendor", "Invoice", "Checked invoice", "Manager", "ERP"},
				{"2", "Approve invoice", "Manager"},
				{"3", "Pay invoice", "Accounts payable"},
			}
			if fmt.Sprint(sipoc) != fmt.Sprint(want) {
				t.Errorf("SIPOC rows =\n%q\nwant\n%q", sipoc, want)
			}
			summary, _ := f.GetRows("SIPOC Summary")
			if len(summary) != 7 || summary[1][0] != "Suppliers" || summary[1][1] != "Vendor" || summary[6][0] != "Systems" || summary[6][1] != "ERP" {
				t.Errorf("SIPOC Summary rows = %q", summary)
			}
			if v, _ := f.GetCellValue("Gateways", "D2"); !strings.Contains(v, "Yes → Approve invoice") {
				t.Errorf("Gateways!D2 = %q", v)
			}
		} else if len(rows) != 1 {
			t.Errorf("activities without model = %q", rows)
		}
		f.Close()
	}
}

func TestDOCX(t *testing.T) {
	t.Parallel()
	r := sampleRequest(t)
	data, ct, _, err := DOCX(r)
	if err != nil {
		t.Fatal(err)
	}
	if ct != TypeDOCX {
		t.Errorf("content type %s", ct)
	}
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("docx is not a zip: %v", err)
	}
	parts := map[string][]byte{}
	for _, f := range z.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		parts[f.Name] = b
	}
	for _, name := range []string{"[Content_Types].xml", "_rels/.rels", "word/document.xml", "word/styles.xml", "word/_rels/document.xml.rels", "docProps/core.xml"} {
		b, ok := parts[name]
		if !ok {
			t.Errorf("missing part %s", name)
			continue
		}
		if err := xml.Unmarshal(b, new(struct{ XMLName xml.Name })); err != nil {
			t.Errorf("%s is not XML: %v", name, err)
		}
	}
	// read back the text of the paragraphs, the way an OOXML reader does
	dec := xml.NewDecoder(bytes.NewReader(parts["word/document.xml"]))
	var texts []string
	headings, tables := 0, 0
	inT := false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch v := tok.(type) {
		case xml.StartElement:
			inT = v.Name.Local == "t"
			if v.Name.Local == "pStyle" && v.Attr[0].Value == "Heading1" {
				headings++
			}
			if v.Name.Local == "tbl" {
				tables++
			}
		case xml.CharData:
			if inT {
				texts = append(texts, string(v))
			}
		case xml.EndElement:
			inT = false
		}
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{"Invoice approval – Größe/Ü", "Process Purpose", "Check invoice", "Vendor"} {
		if !strings.Contains(all, want) {
			t.Errorf("document lacks %q", want)
		}
	}
	if headings < 6 || tables != 3 {
		t.Errorf("headings = %d, tables = %d", headings, tables)
	}
}

func TestPDF(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"model", "text only", "foreign diagram"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := sampleRequest(t)
			switch name {
			case "text only":
				r.Model, r.BPMN = nil, nil
			case "foreign diagram":
				r.Model = nil
				b, err := os.ReadFile(filepath.Join(sharedTestdata(t), "bpmn", "miwg-reference", "C.1.0.bpmn"))
				if err != nil {
					t.Fatal(err)
				}
				r.BPMN = b
			}
			data, ct, _, err := PDF(r)
			if err != nil {
				t.Fatal(err)
			}
			if ct != TypePDF {
				t.Errorf("content type %s", ct)
			}
			conf := model.NewDefaultConfiguration()
			conf.ValidationMode = model.ValidationStrict
			ctx, err := api.ReadContext(bytes.NewReader(data), conf)
			if err != nil {
				t.Fatalf("pdfcpu cannot read the PDF: %v", err)
			}
			if err := api.ValidateContext(ctx); err != nil {
				t.Fatalf("pdfcpu validation: %v", err)
			}
			want := 1
			if name != "text only" {
				want = 2
			}
			if ctx.PageCount < want {
				t.Errorf("%d pages, want at least %d", ctx.PageCount, want)
			}
			pdftotext := testenv.LookPath(t, "pdftotext", testenv.HintPdftotext)
			cmd := exec.Command(pdftotext, "-", "-")
			cmd.Stdin = bytes.NewReader(data)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("pdftotext: %v", err)
			}
			for _, w := range []string{"Process Purpose", "Größe"} {
				if !strings.Contains(string(out), w) {
					t.Errorf("pdftotext output lacks %q", w)
				}
			}
		})
	}
}

func TestBPMNExport(t *testing.T) {
	t.Parallel()
	r := sampleRequest(t)
	stored := r.BPMN
	data, ct, name, err := BPMN(r)
	if err != nil || !bytes.Equal(data, stored) || ct != TypeBPMN || !strings.HasSuffix(name, ".bpmn") {
		t.Fatalf("bpmn export: %v %s %s", err, ct, name)
	}
	r.BPMN = nil // built from the model
	data, _, _, err = BPMN(r)
	if err != nil {
		t.Fatal(err)
	}
	xmllint := testenv.LookPath(t, "xmllint", testenv.HintXmllint)
	f := filepath.Join(t.TempDir(), "x.bpmn")
	if err := os.WriteFile(f, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(xmllint, "--noout", "--schema", filepath.Join(sharedTestdata(t), "xsd", "BPMN20.xsd"), f).CombinedOutput()
	if err != nil {
		t.Fatalf("xmllint: %v\n%s", err, out)
	}
}

func TestParseDiagram(t *testing.T) {
	t.Parallel()
	r := sampleRequest(t)
	d, err := parseDiagram(r.BPMN)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, s := range d.Shapes {
		kinds[s.Kind]++
	}
	if kinds["participant"] != 1 || kinds["lane"] != 2 || kinds["exclusiveGateway"] != 2 || kinds["startEvent"] != 1 {
		t.Errorf("kinds = %v", kinds)
	}
	if len(d.Edges) < 6 {
		t.Errorf("%d edges", len(d.Edges))
	}
	for _, bad := range []string{"", "<x/>", "<definitions><BPMNPlane/></definitions>", strings.Repeat("<a>", 300)} {
		if _, err := parseDiagram([]byte(bad)); err == nil {
			t.Errorf("parseDiagram(%.20q) succeeded", bad)
		}
	}
}

func FuzzParseDiagram(f *testing.F) {
	f.Add([]byte(`<definitions xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"><task id="a" name="A"/><bpmndi:BPMNDiagram><bpmndi:BPMNPlane><bpmndi:BPMNShape bpmnElement="a"><Bounds x="1" y="2" width="3" height="4"/></bpmndi:BPMNShape></bpmndi:BPMNPlane></bpmndi:BPMNDiagram></definitions>`))
	f.Add([]byte(`<?xml version="1.0" encoding="ISO-8859-1"?><a><BPMNPlane><BPMNEdge><waypoint x="1" y="1"/><waypoint x="NaN" y="1e99"/></BPMNEdge></BPMNPlane></a>`))
	f.Add([]byte(`<a id="x"><textAnnotation id="t"><text>hi</text></textAnnotation></a>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := parseDiagram(data)
		if err != nil {
			return
		}
		// whatever parses must draw
		l := &pdfLayout{doc: &pdfDoc{title: "fuzz"}}
		l.newPage()
		l.diagram(d, "fuzz")
		if _, err := l.doc.bytes(); err != nil {
			t.Fatal(err)
		}
	})
}

// sharedTestdata is ../shared/testdata beside the repository root.
func sharedTestdata(t *testing.T) string { return testenv.SharedTestdata(t) }

func FuzzSections(f *testing.F) {
	f.Add("=== A ===\nline\n- item\n  - sub\n## B\n")
	f.Add("===\n======\n= x =")
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range sections(text) {
			for _, l := range s.Lines {
				bullet(l)
			}
		}
		name := Filename(text, "txt")
		if strings.ContainsAny(name, "/\\\"\x00\n") || len([]rune(name)) > maxNameRunes+4 {
			t.Fatalf("unsafe file name %q", name)
		}
		ContentDisposition(name)
	})
}

func TestSetHeaders(t *testing.T) {
	t.Parallel()
	h := http.Header{}
	SetHeaders(h, TypePDF, "Größe.pdf")
	if h.Get("Content-Type") != TypePDF || !strings.Contains(h.Get("Content-Disposition"), "filename*=UTF-8''Gr%C3%B6%C3%9Fe.pdf") || h.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("headers = %v", h)
	}
}

// TestPDFReferenceDiagrams draws every MIWG reference model (pools, lanes,
// sub-processes, ISO-8859-1 files) into a PDF that pdfcpu accepts.
func TestPDFReferenceDiagrams(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join(sharedTestdata(t), "bpmn", "miwg-reference", "*.bpmn"))
	if len(files) != 21 {
		t.Fatalf("want the 21 MIWG reference models, found %d", len(files))
	}
	pdftotext := testenv.LookPath(t, "pdftotext", testenv.HintPdftotext)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parseDiagram(b); err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
			continue
		}
		data, _, _, err := PDF(Request{FormattedText: "=== Process Overview ===\nReference model", ProcessName: filepath.Base(f), BPMN: b})
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(f), err)
		}
		ctx, err := api.ReadContext(bytes.NewReader(data), model.NewDefaultConfiguration())
		if err == nil {
			err = api.ValidateContext(ctx)
		}
		if err != nil {
			t.Errorf("%s: pdfcpu: %v", filepath.Base(f), err)
		}
		// the diagram is drawn, under its own heading on the first page
		// when it fits there readably, else on landscape pages
		cmd := exec.Command(pdftotext, "-", "-")
		cmd.Stdin = bytes.NewReader(data)
		if out, err := cmd.Output(); err != nil || !strings.Contains(string(out), "Process diagram") {
			t.Errorf("%s: no diagram in %d pages (%v)", filepath.Base(f), ctx.PageCount, err)
		}
	}
}
