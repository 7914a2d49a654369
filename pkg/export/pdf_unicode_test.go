package export

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"io"
	"math/rand/v2"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// TestPDFEveryLanguage exports process names and text in several scripts
// and reads them back with pdftotext, the way a person copies text out of
// the PDF: every phrase must come back whole and in reading order, no
// character as '?', and every character drawn with a real glyph (no empty
// boxes), in the text, the tables and the diagram's labels.
func TestPDFEveryLanguage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, process, text string
	}{
		{"polish", "Zatwierdzenie faktury", "Księgowa sprawdza fakturę i zatwierdza płatność."},
		{"greek", "Έγκριση τιμολογίου", "Ο υπάλληλος ελέγχει το τιμολόγιο."},
		{"cyrillic", "Утверждение счёта", "Бухгалтер проверяет счёт и утверждает оплату."},
		{"chinese", "发票审批", "会计检查发票并批准付款。"},
		{"japanese", "請求書の承認", "経理担当者が請求書を確認し、支払いを承認します。"},
		{"korean", "송장 승인", "회계 담당자가 송장을 확인하고 지불을 승인합니다."},
		{"hebrew", "אישור חשבונית", "הפקיד בודק את החשבונית."},
		{"arabic", "اعتماد الفاتورة", "يراجع المحاسب الفاتورة ولا يدفع إلا بعد الموافقة."},
		{"persian", "تأیید فاکتور", "حسابدار فاکتور را بررسی می\u200cکند."},
		{"mixed", "Prüfung – Ελληνικά – Русский – 审批", "Größe → Ärger, € 1.200,–; ≤ 5 Tage."},
	}
	pdftotext := testenv.LookPath(t, "pdftotext", testenv.HintPdftotext)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// The model puts the name on a task too: the diagram
			// page and the tables draw it as well.
			m := sampleModel()
			m.ProcessName, m.Activities[0].Name = tt.process, tt.process
			m.Gateways[0].Name = "Amount over 1000" // no '?' of its own
			r := Request{ProcessName: tt.process, FormattedText: "=== " + tt.process + " ===\n" + tt.text, Timestamp: "2026-11-20T10:00:00Z", ID: "an-1", Model: m}
			data, _, _, err := PDF(r)
			if err != nil {
				t.Fatal(err)
			}
			validPDF(t, data)
			got := extractText(t, pdftotext, data)
			for _, phrase := range []string{tt.process, tt.text} {
				// Which end of a right-to-left sentence its full stop
				// comes out at is pdftotext's guess from the page's
				// main direction (left to right here, by the tables);
				// the words are what must come back in order.
				phrase = strings.TrimSuffix(phrase, ".")
				if !strings.Contains(got, phrase) {
					t.Errorf("pdftotext output lacks %q:\n%s", phrase, got)
				}
			}
			if strings.Contains(got, "?") {
				t.Errorf("a character became '?':\n%s", got)
			}
			for _, g := range drawnGlyphs(t, data) {
				if g.gid == 0 {
					t.Errorf("%U in %s draws as the empty box (.notdef)", g.cid, g.font)
				}
			}
		})
	}
}

// TestPDFMirroredBrackets: brackets in right-to-left text are drawn
// mirrored but copy out as typed, so "(the clerk)" does not come back as
// ")the clerk(". The pages hold only right-to-left text: on a page that is
// mostly left to right, pdftotext reorders the brackets of a
// right-to-left line by its own rules.
func TestPDFMirroredBrackets(t *testing.T) {
	t.Parallel()
	pdftotext := testenv.LookPath(t, "pdftotext", testenv.HintPdftotext)
	for _, text := range []string{"הפקיד בודק [א] (ב) ו{ג} «ד»", "يراجع (المحاسب) [الفاتورة]"} {
		data, _, _, err := PDF(Request{ProcessName: "אישור", FormattedText: text})
		if err != nil {
			t.Fatal(err)
		}
		if got := extractText(t, pdftotext, data); !strings.Contains(got, text) {
			t.Errorf("pdftotext output lacks %q:\n%s", text, got)
		}
	}
}

// validPDF fails t when pdfcpu does not accept data.
func validPDF(t testing.TB, data []byte) {
	t.Helper()
	ctx, err := api.ReadContext(bytes.NewReader(data), model.NewDefaultConfiguration())
	if err != nil {
		t.Fatalf("pdfcpu read: %v", err)
	}
	if err := api.ValidateContext(ctx); err != nil {
		t.Fatalf("pdfcpu validation: %v", err)
	}
}

// extractText returns the text pdftotext reads from data, with runs of
// white space as one space.
func extractText(t testing.TB, pdftotext string, data []byte) string {
	t.Helper()
	cmd := exec.Command(pdftotext, "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(data)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	// pdftotext marks embedded direction changes; a reader copying the
	// text does not see them.
	return strings.Join(strings.Fields(strings.Map(dropBidiControls, string(out))), " ")
}

// dropBidiControls removes the invisible direction marks and embeddings.
func dropBidiControls(r rune) rune {
	if r == '\u200e' || r == '\u200f' || (r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069') {
		return -1
	}
	return r
}

// drawn is one character shown on a page: its id, the font it is shown in
// and the glyph the font's CIDToGIDMap gives it.
type drawn struct {
	cid  rune
	font string
	gid  uint16
}

var (
	objRE     = regexp.MustCompile(`(?s)(\d+) 0 obj\n(<<.*?>>)\n(stream\n)?`)
	fontRE    = regexp.MustCompile(`/(F\d) (\d+) 0 R`)
	descRE    = regexp.MustCompile(`/BaseFont /(\S+) .*/DescendantFonts \[(\d+) 0 R\]`)
	mapRE     = regexp.MustCompile(`/CIDToGIDMap (\d+) 0 R`)
	contRE    = regexp.MustCompile(`/Contents (\d+) 0 R`)
	showRE    = regexp.MustCompile(`/(F\d) [\d.]+ Tf <([0-9A-F]*)> Tj`)
	streamRE  = regexp.MustCompile(`/Length (\d+)`)
	saveRE    = regexp.MustCompile(`(?m)(^|\s)q\s`)
	restoreRE = regexp.MustCompile(`(?m)(^|\s)Q(\s|$)`)
)

// drawnGlyphs reads back every character the writer's content streams
// show, with the glyph id its font maps it to. It knows the writer's own
// layout (one dictionary per object, streams Flate-compressed), which is
// all it needs to read.
func drawnGlyphs(t testing.TB, data []byte) []drawn {
	t.Helper()
	dicts, streams := pdfObjects(t, data)
	var out []drawn
	for _, dict := range dicts {
		if !strings.Contains(dict, "/Type /Page ") {
			continue
		}
		type font struct {
			name string
			gids []byte
		}
		fonts := map[string]font{}
		for _, f := range fontRE.FindAllStringSubmatch(dict, -1) {
			d := descRE.FindStringSubmatch(dicts[f[2]])
			if d == nil {
				t.Fatalf("font %s: no descendant font in %q", f[1], dicts[f[2]])
			}
			m := mapRE.FindStringSubmatch(dicts[d[2]])
			if m == nil {
				t.Fatalf("font %s: no CIDToGIDMap", d[1])
			}
			fonts[f[1]] = font{d[1], streams[m[1]]}
		}
		content := streams[contRE.FindStringSubmatch(dict)[1]]
		for _, s := range showRE.FindAllStringSubmatch(string(content), -1) {
			f, ok := fonts[s[1]]
			if !ok {
				t.Fatalf("content shows font %s the page does not name", s[1])
			}
			for i := 0; i+4 <= len(s[2]); i += 4 {
				c, _ := strconv.ParseUint(s[2][i:i+4], 16, 16)
				g := uint16(0)
				if 2*int(c)+2 <= len(f.gids) {
					g = binary.BigEndian.Uint16(f.gids[2*c:])
				}
				out = append(out, drawn{rune(c), f.name, g})
			}
		}
	}
	return out
}

// pdfObjects returns the writer's objects: each dictionary by object
// number, and each stream decompressed.
func pdfObjects(t testing.TB, data []byte) (dicts map[string]string, streams map[string][]byte) {
	t.Helper()
	dicts, streams = map[string]string{}, map[string][]byte{}
	for _, m := range objRE.FindAllSubmatchIndex(data, -1) {
		id, dict := string(data[m[2]:m[3]]), string(data[m[4]:m[5]])
		dicts[id] = dict
		if m[6] < 0 {
			continue
		}
		l := streamRE.FindStringSubmatch(dict)
		n, _ := strconv.Atoi(l[1])
		zr, err := zlib.NewReader(bytes.NewReader(data[m[7] : m[7]+n]))
		if err != nil {
			t.Fatalf("object %s: %v", id, err)
		}
		b, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("object %s: %v", id, err)
		}
		streams[id] = b
	}
	return dicts, streams
}

// TestSubsetFontIsSmall keeps the embedded fonts a subset: a one-page
// export must not carry DejaVu's whole 700 KB files, nor a Chinese one the
// 4 MB CJK font.
func TestSubsetFontIsSmall(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, process, text string }{
		{"latin", "Invoice", "The clerk checks the invoice."},
		{"chinese", "发票审批流程", "会计检查发票并批准付款。经理签字后，出纳付款并归档。"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			data, _, _, err := PDF(Request{ProcessName: tt.process, FormattedText: tt.text, ID: "an-1"})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("one-page PDF: %d bytes", len(data))
			if len(data) > 120_000 {
				t.Errorf("one-page PDF is %d bytes; the fonts are not subset", len(data))
			}
		})
	}
}

// TestFallbackOnlyWhenNeeded: a document whose characters DejaVu draws does
// not name the CJK font; one with Chinese does.
func TestFallbackOnlyWhenNeeded(t *testing.T) {
	t.Parallel()
	tests := []struct {
		process string
		want    bool
	}{
		{"Zatwierdzenie faktury", false},
		{"اعتماد الفاتورة", false},
		{"Invoice 发票", true},
	}
	for _, tt := range tests {
		data, _, _, err := PDF(Request{ProcessName: tt.process, FormattedText: tt.process, ID: "an-1"})
		if err != nil {
			t.Fatal(err)
		}
		if got := bytes.Contains(data, []byte(fontFallback)); got != tt.want {
			t.Errorf("%q: fallback font embedded = %v, want %v", tt.process, got, tt.want)
		}
	}
}

// TestCJKBold: the CJK font has no bold, so a bold Chinese title is drawn
// filled and stroked, and the stroke settings are put back afterwards.
func TestCJKBold(t *testing.T) {
	t.Parallel()
	data, _, _, err := PDF(Request{ProcessName: "发票审批", FormattedText: "会计检查发票。", ID: "an-1"})
	if err != nil {
		t.Fatal(err)
	}
	dicts, streams := pdfObjects(t, data)
	stroked := false
	for id, dict := range dicts {
		if !strings.Contains(dict, "/Type /Page ") {
			continue
		}
		content := string(streams[contRE.FindStringSubmatch(dict)[1]])
		stroked = stroked || strings.Contains(content, "2 Tr")
		if q, Q := len(saveRE.FindAllString(content, -1)), len(restoreRE.FindAllString(content, -1)); q != Q {
			t.Errorf("page %s: %d q, %d Q", id, q, Q)
		}
	}
	if !stroked {
		t.Error("the bold Chinese title is not stroked")
	}
}

// FuzzEncodeVisual: any text encodes to whole two-byte characters, and
// reordering a line for display keeps exactly its characters (brackets
// drawn mirrored).
func FuzzEncodeVisual(f *testing.F) {
	for _, s := range []string{"Größe → Ärger", "הפקיד בודק (3 ימים).", "يراجع المحاسب 12 الفاتورة", "a\tb\x00c😀", "abc אבג def", "لا سلام َ"} {
		f.Add(s)
	}
	count := func(s []byte) map[uint16]int {
		m := map[uint16]int{}
		for i := 0; i+1 < len(s); i += 2 {
			c := char(s, i)
			if _, text, ok := internalID(rune(c)); ok && c != lamMark {
				c = uint16(text[0]) // a mirrored bracket
			}
			if r, ok := mirror(rune(c)); ok {
				c = uint16(min(c, uint16(r)))
			}
			m[c]++
		}
		return m
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := encode(s)
		if len(e)%2 != 0 {
			t.Fatalf("odd encoding length %d", len(e))
		}
		v := visual(e)
		if len(v) != len(e) {
			t.Fatalf("visual changed the length: %d → %d", len(e), len(v))
		}
		a, b := count(e), count(v)
		for c, n := range a {
			if b[c] != n {
				t.Fatalf("character %U: %d before, %d after", c, n, b[c])
			}
		}
	})
}

// TestPDFRandomUnicode is FuzzPDF's property on a fixed, seeded sample of
// every script the export supports mixed with symbols, emoji, controls and
// unassigned code points, so each `go test` run checks it beyond the
// seeds.
func TestPDFRandomUnicode(t *testing.T) {
	t.Parallel()
	ranges := [][2]rune{
		{0x20, 0x7e}, {0xa0, 0x24f}, {0x370, 0x3ff}, {0x400, 0x4ff}, {0x590, 0x5ff}, {0x600, 0x6ff},
		// private use from U+E001: pdfcpu v0.15 takes U+E000 in the
		// document title for half of a surrogate pair and refuses it.
		{0x2000, 0x2bff}, {0x3000, 0x30ff}, {0x4e00, 0x9fff}, {0xac00, 0xd7a3}, {0xe001, 0xe0ff},
		{0xfb50, 0xfeff}, {0xfff0, 0xffff}, {0x1f300, 0x1f6ff}, {0, 0x1f},
	}
	rng := rand.New(rand.NewPCG(16, 6))
	for i := range 40 {
		rs := make([]rune, rng.IntN(300))
		for k := range rs {
			if rng.IntN(6) == 0 {
				rs[k] = ' '
				continue
			}
			r := ranges[rng.IntN(len(ranges))]
			rs[k] = r[0] + rng.Int32N(r[1]-r[0]+1)
		}
		s := string(rs)
		data, _, _, err := PDF(Request{ProcessName: s, FormattedText: s + "\n.", ID: "an-1"})
		if err != nil {
			t.Fatalf("sample %d: %v", i, err)
		}
		validPDF(t, data)
		for _, g := range drawnGlyphs(t, data) {
			if g.gid != 0 {
				continue
			}
			for _, name := range pdfFonts() {
				if metrics(name).gid[g.cid] != 0 {
					t.Fatalf("sample %d: %U drawn as a box in %s, but %s has it", i, g.cid, g.font, name)
				}
			}
		}
	}
}

// FuzzPDF exports random Unicode as a process name and text: the writer
// never fails or panics, pdfcpu accepts the file, and a character is drawn
// as the empty box only when none of the embedded fonts has it.
func FuzzPDF(f *testing.F) {
	for _, s := range []string{"Invoice", "发票审批 송장 請求書", "لا إله\nאבג (1)", "\x00\t😀\uFDD0\uFDD1\uFFFF", "=== ا ===\n- ب ج\n  - 한"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// pdfcpu v0.15 refuses U+E000 in the title (TestPDFRandomUnicode).
		s = strings.ReplaceAll(s, "\ue000", "\ue001")
		data, _, _, err := PDF(Request{ProcessName: s, FormattedText: s + "\n.", ID: "an-1"})
		if err != nil {
			t.Fatal(err)
		}
		validPDF(t, data)
		for _, g := range drawnGlyphs(t, data) {
			if g.gid != 0 {
				continue
			}
			for _, name := range pdfFonts() {
				if metrics(name).gid[g.cid] != 0 {
					t.Fatalf("%U drawn as a box in %s, but %s has it", g.cid, g.font, name)
				}
			}
		}
	})
}
