package main

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

// malformed is one hostile upload.
type malformed struct {
	name string
	path string // endpoint
	file string // file name sent
	data []byte
	// odd marks content that is valid under a strange name or encoding:
	// completing is as right as refusing.
	odd bool
}

func zipOf(t *testing.T, files map[string][]byte) []byte {
	t.Helper()
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for name, data := range files {
		w, err := z.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write(data)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// zipBombDOCX is a DOCX whose document.xml inflates to size bytes.
func zipBombDOCX(t *testing.T, size int) []byte {
	t.Helper()
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	w, _ := z.Create("[Content_Types].xml")
	_, _ = w.Write([]byte(`<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`))
	w, _ = z.Create("word/document.xml")
	_, _ = w.Write([]byte(`<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>`))
	chunk := bytes.Repeat([]byte("a"), 1<<20)
	for n := 0; n < size; n += len(chunk) {
		_, _ = w.Write(chunk)
	}
	_, _ = w.Write([]byte(`</w:t></w:r></w:p></w:body></w:document>`))
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

const xmlBomb = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p"><task id="t" name="&lol9;"/></process></definitions>`

const bpmnHead = `<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d"><process id="p">`

func deepBPMN(depth int) []byte {
	var b strings.Builder
	b.WriteString(bpmnHead)
	for i := 0; i < depth; i++ {
		fmt.Fprintf(&b, `<subProcess id="s%d">`, i)
	}
	for i := 0; i < depth; i++ {
		b.WriteString(`</subProcess>`)
	}
	b.WriteString(`</process></definitions>`)
	return []byte(b.String())
}

// pngHeader is a PNG whose header claims huge dimensions and whose data is
// missing: a decompression bomb that never decompresses.
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2
	chunk := append([]byte("IHDR"), ihdr...)
	_ = binary.Write(&b, binary.BigEndian, uint32(13))
	b.Write(chunk)
	_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}

func malformedCorpus(t *testing.T) []malformed {
	t.Helper()
	txt := []byte(sampleTXT)
	pdf := extracttest.PDF([]extracttest.PDFPage{{Content: extracttest.Text("F1", 12, 72, 700, "The clerk checks the invoice. The manager approves it.")}}, extracttest.PDFOptions{Compress: true})
	enc, err := extracttest.EncryptPDF(pdf, "secret", "owner")
	if err != nil {
		t.Fatal(err)
	}
	docx := extracttest.DOCX(extracttest.P("The clerk checks the invoice."), nil)
	const doc, img, bp = "/api/analyze", "/api/image/analyze", "/api/bpmn/analyze"
	c := []malformed{
		{"empty txt", doc, "a.txt", nil, false},
		{"empty pdf", doc, "a.pdf", nil, false},
		{"empty docx", doc, "a.docx", nil, false},
		{"empty doc", doc, "a.doc", nil, false},
		{"txt limit+1", doc, "big.txt", bytes.Repeat([]byte("a "), 5<<20+1)[:10<<20+1], false},
		{"pdf limit+1", doc, "big.pdf", append([]byte("%PDF-1.4\n"), make([]byte, 10<<20-8)...), false},
		{"pdf header only", doc, "h.pdf", []byte("%PDF-1.4\n"), false},
		{"pdf garbage after header", doc, "g.pdf", append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte{0xde, 0xad}, 4000)...), false},
		{"pdf encrypted", doc, "enc.pdf", enc, false},
		{"docx zip bomb", doc, "bomb.docx", zipBombDOCX(t, 400<<20), false},
		{"docx without document.xml", doc, "empty.docx", zipOf(t, map[string][]byte{"[Content_Types].xml": []byte("<Types/>")}), false},
		{"docx xml bomb", doc, "xbomb.docx", zipOf(t, map[string][]byte{"[Content_Types].xml": []byte("<Types/>"), "word/document.xml": []byte(xmlBomb)}), false},
		{"docx truncated", doc, "trunc.docx", docx[:len(docx)/2], false},
		{"docx not a zip", doc, "nz.docx", []byte("PK\x03\x04garbage-not-a-zip"), false},
		{"exe as pdf", doc, "x.pdf", []byte("MZ\x90\x00\x03\x00\x00\x00"), false},
		{"png as docx", doc, "x.docx", pngHeader(10, 10), false},
		{"zip as pdf", doc, "x.pdf", zipOf(t, map[string][]byte{"a": []byte("b")}), false},
		{"elf as txt", doc, "x.txt", append([]byte("\x7fELF\x02\x01\x01"), make([]byte, 200)...), false},
		{"random binary as txt", doc, "r.txt", bytes.Repeat([]byte{0, 1, 2, 0xff, 0xfe, 0x80}, 500), false},
		{"gif as doc", doc, "x.doc", []byte("GIF89a\x01\x00\x01\x00"), false},
		{"jpeg as docx", doc, "x.docx", []byte("\xff\xd8\xff\xe0\x00\x10JFIF"), false},
		{"cfb header garbage doc", doc, "g.doc", append([]byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"), make([]byte, 600)...), false},
		{"pdf bytes as doc", doc, "p.doc", pdf, false},
		{"latin-1 text", doc, "latin.txt", []byte("Der Sachbearbeiter pr\xfcft die Rechnung. Der Manager genehmigt sie."), true},
		{"utf-16 text", doc, "u16.txt", append([]byte{0xff, 0xfe}, []byte("T\x00h\x00e\x00 \x00c\x00l\x00e\x00r\x00k\x00")...), true},
		{"nul bytes in text", doc, "nul.txt", []byte("The clerk\x00 checks\x00 the invoice."), true},
		{"name non-utf8", doc, "\xff\xfe\xfd.txt", txt, true},
		{"name latin-1", doc, "caf\xe9.txt", txt, true},
		{"name traversal", doc, "../../etc/passwd.txt", txt, true},
		{"name windows traversal", doc, "..\\..\\windows\\win.ini.txt", txt, true},
		{"name absolute", doc, "/etc/shadow.txt", txt, true},
		{"name dot segments", doc, "a/b/../../c.txt", txt, true},
		{"name encoded traversal", doc, "%2e%2e%2fx.txt", txt, true},
		{"name newline", doc, "a\nb.txt", txt, true},
		{"name quote", doc, "a\";b.txt", txt, true},
		{"name very long", doc, strings.Repeat("n", 2000) + ".txt", txt, true},
		{"name empty", doc, "", txt, true},
		{"name dot", doc, ".", txt, true},
		{"name nul", doc, "a\x00.txt", txt, true},
		{"name rtl override", doc, "\u202etxt.exe", txt, true},
		{"name no extension", doc, "README", txt, true},
		{"empty png", img, "a.png", nil, false},
		{"png header only", img, "h.png", []byte("\x89PNG\r\n\x1a\n"), false},
		{"png huge dimensions", img, "huge.png", pngHeader(100000, 100000), false},
		{"pdf as png", img, "x.png", pdf, false},
		{"image limit+1", img, "big.png", append(pngHeader(10, 10), make([]byte, 20<<20)...), false},
		{"jpeg header only", img, "h.jpg", []byte("\xff\xd8\xff"), false},
		{"heic garbage", img, "g.heic", append([]byte("\x00\x00\x00\x18ftypheic"), make([]byte, 100)...), false},
		{"webp garbage", img, "g.webp", []byte("RIFF\x10\x00\x00\x00WEBPVP8 "), false},
		{"empty bpmn", bp, "a.bpmn", nil, false},
		{"bpmn xml bomb", bp, "bomb.bpmn", []byte(xmlBomb), false},
		{"bpmn 10000 deep", bp, "deep.bpmn", deepBPMN(10000), false},
		{"bpmn external entity", bp, "xxe.bpmn", []byte(`<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>` + bpmnHead[len(`<?xml version="1.0" encoding="UTF-8"?>`):] + `<task id="t" name="&x;"/></process></definitions>`), false},
		{"bpmn truncated", bp, "t.bpmn", []byte(bpmnHead + `<task id="t" name="Check`), false},
		{"bpmn not xml", bp, "n.bpmn", []byte("this is not xml at all"), false},
		{"json garbage", bp, "g.json", []byte(`{"process_name": [1, 2, {`), false},
		{"json wrong shape", bp, "w.json", []byte(`[1,2,3]`), false},
		{"bpmn limit+1", bp, "big.bpmn", append([]byte(bpmnHead), bytes.Repeat([]byte(" "), 10<<20)...), false},
		{"vsdx not a zip", bp, "x.vsdx", []byte("PK\x03\x04broken"), false},
		{"vsdx empty zip", bp, "e.vsdx", zipOf(t, map[string][]byte{"x.txt": []byte("x")}), false},
		{"bpmn wrong root", bp, "r.bpmn", []byte(`<?xml version="1.0"?><html><body>hi</body></html>`), false},
		// The BPMN reader is tolerant: a wrong encoding label or a file
		// without processes is read and reported on, not refused.
		{"bpmn utf-16 declared", bp, "u.bpmn", []byte(`<?xml version="1.0" encoding="UTF-16"?>` + bpmnHead[len(`<?xml version="1.0" encoding="UTF-8"?>`):] + `</process></definitions>`), true},
		{"pdf as bpmn", bp, "p.bpmn", pdf, false},
		{"bpmn no processes", bp, "np.bpmn", []byte(bpmnHead[:len(bpmnHead)-len(`<process id="p">`)] + `</definitions>`), true},
	}
	// Truncated PDFs at several points.
	for _, f := range []float64{0.1, 0.25, 0.5, 0.75, 0.9, 0.98} {
		// pdfium repairs a PDF that lost only its cross-reference table.
		c = append(c, malformed{fmt.Sprintf("pdf truncated %.0f%%", f*100), doc, "trunc.pdf", pdf[:int(float64(len(pdf))*f)], f > 0.95})
	}
	return c
}

// TestSoakMalformedUploads: every hostile upload is a clear 4xx or a failed
// analysis with a detail; nothing panics; the server keeps serving.
func TestSoakMalformedUploads(t *testing.T) {
	skipSoak(t)
	corpus := malformedCorpus(t)
	if len(corpus) < 60 {
		t.Fatalf("corpus has %d uploads, want at least 60", len(corpus))
	}
	cl := startCluster(t, clusterOpts{workers: 1, concurrency: 4, builtin: true, redisURL: testenv.Redis(t), dbURL: testenv.Postgres(t)})
	type pending struct {
		m  malformed
		id string
	}
	var queued []pending
	for _, m := range corpus {
		code, id, detail := cl.upload(m.path, m.file, m.data)
		switch {
		case code == http.StatusAccepted:
			queued = append(queued, pending{m, id})
		case code >= 400 && code < 500 && detail != "":
		default:
			t.Errorf("%s: %d %q, want a 4xx with a detail or 202", m.name, code, detail)
		}
	}
	ids := make([]string, len(queued))
	for i, p := range queued {
		ids[i] = p.id
	}
	views := cl.waitAll(ids, 3*time.Minute)
	rejected := len(corpus) - len(queued)
	failed := 0
	for _, p := range queued {
		v := views[p.id]
		if !utf8.ValidString(v.OriginalFilename) || strings.ContainsAny(v.OriginalFilename, "/\\\x00\n") {
			t.Errorf("%s: stored file name %q is not a plain, valid name", p.m.name, v.OriginalFilename)
		}
		switch {
		case v.Status == analysis.StatusFailed && v.Detail != "":
			failed++
		case p.m.odd && v.Status == analysis.StatusCompleted:
		default:
			t.Errorf("%s (%s): status %s detail %q, want failed with a detail", p.m.name, p.m.file, v.Status, v.Detail)
		}
	}
	t.Logf("%d uploads: %d refused with 4xx, %d failed with a detail, %d odd-but-valid completed", len(corpus), rejected, failed, len(queued)-failed)
	if res, err := cl.client.Get(cl.base + "/api/health"); err != nil || res.StatusCode != 200 {
		t.Fatalf("server not healthy after the corpus: %v %v", res, err)
	}
	for _, p := range append([]*proc{cl.api}, cl.workers...) {
		if !p.running() {
			t.Errorf("%s exited", p.name)
		}
	}
	cl.checkLogs()
}
