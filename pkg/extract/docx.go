package extract

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// errBudget marks a document that inflates past Options.MaxUncompressed.
var errBudget = errors.New("uncompressed size limit exceeded")

// budget counts bytes actually inflated across all entries of one archive;
// zip headers can lie about sizes, so they are never trusted.
type budget struct{ left int64 }

type budgetReader struct {
	r io.Reader
	b *budget
}

func (br budgetReader) Read(p []byte) (int, error) {
	if br.b.left <= 0 {
		// Probe one byte so that an entry ending exactly at the limit passes.
		var one [1]byte
		if n, _ := br.r.Read(one[:]); n > 0 {
			return 0, errBudget
		}
		return 0, io.EOF
	}
	if int64(len(p)) > br.b.left {
		p = p[:br.b.left]
	}
	n, err := br.r.Read(p)
	br.b.left -= int64(n)
	return n, err
}

// detailLyingZip answers a DOCX whose parts unpack past their declared
// sizes.
const detailLyingZip = "This DOCX file unpacks to more data than its own index declares (the mark of a zip bomb), so it was not read. " +
	"Open it in Word or LibreOffice, save it again as DOCX, and upload that."

// tokenCap fails a part in which more than max bytes pass without a '<':
// encoding/xml holds a whole text run or attribute value in memory before
// handing it over, and '<' can appear in neither, so this bounds each
// token at the text budget before it is buffered.
type tokenCap struct {
	r   io.Reader
	max int
	run int // bytes since the last '<'
}

func (t *tokenCap) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	for b := p[:n]; ; {
		k := bytes.IndexByte(b, '<')
		if k < 0 {
			t.run += len(b)
			break
		}
		if t.run+k > t.max {
			return 0, errTextBudget
		}
		t.run, b = 0, b[k+1:]
	}
	if t.run > t.max {
		return 0, errTextBudget
	}
	return n, err
}

// docxArchive is an opened DOCX with its limits.
type docxArchive struct {
	zr     *zip.Reader
	budget *budget
	files  map[string]*zip.File
}

func (a *docxArchive) open(name string) (io.ReadCloser, error) {
	f, ok := a.files[strings.ToLower(name)]
	if !ok {
		return nil, fmt.Errorf("docx: missing part %s", name)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	return struct {
		io.Reader
		io.Closer
	}{budgetReader{rc, a.budget}, rc}, nil
}

func extractDOCX(ctx context.Context, data []byte, opts Options) (*Document, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, failure.Permanent(detailCorruptDOCX, fmt.Errorf("docx: %w", err))
	}
	lim := opts.limits()
	if len(zr.File) > opts.MaxZipEntries {
		return nil, failure.Permanent(fmt.Sprintf("This DOCX file has %d parts; the limit is %d. Save it again without embedded media, or split it, then upload it again.", len(zr.File), opts.MaxZipEntries),
			fmt.Errorf("docx: %d entries, limit %d", len(zr.File), opts.MaxZipEntries))
	}
	a := &docxArchive{zr: zr, budget: &budget{left: opts.MaxUncompressed}, files: make(map[string]*zip.File, len(zr.File))}
	for _, f := range zr.File {
		a.files[strings.ToLower(strings.TrimPrefix(f.Name, "/"))] = f
	}
	if _, ok := a.files["word/encryptioninfo"]; ok {
		return nil, failure.Permanent(detailEncryptedDO, errors.New("docx: encrypted"))
	}

	main := mainDocumentPart(a)
	dir := path.Dir(main)
	styles := map[string]styleInfo{}
	numbering := &numbering{}
	// Styles and numbering only refine the output; a broken one is ignored.
	if err := parseStyles(a, path.Join(dir, "styles.xml"), styles); errors.Is(err, errBudget) {
		return nil, budgetFailure("DOCX", lim, err)
	}
	if err := parseNumbering(a, path.Join(dir, "numbering.xml"), numbering); errors.Is(err, errBudget) {
		return nil, budgetFailure("DOCX", lim, err)
	}

	rc, err := a.open(main)
	if err != nil {
		return nil, failure.Permanent(detailCorruptDOCX, err)
	}
	defer rc.Close()
	w := &docxWalker{ctx: ctx, styles: styles, numbering: numbering, textLeft: opts.MaxText}
	if err := w.walk(&tokenCap{r: rc, max: opts.MaxText}); err != nil {
		if fe := budgetFailure("DOCX", lim, err); fe != nil {
			return nil, fe
		}
		if errors.Is(err, zip.ErrFormat) {
			// archive/zip stops a part that unpacks past the size its
			// index declares: a zip bomb's lie, not a damaged file.
			return nil, failure.Permanent(detailLyingZip, fmt.Errorf("docx: %w", err))
		}
		if ctx.Err() != nil {
			return nil, err
		}
		return nil, failure.Permanent(detailCorruptDOCX, fmt.Errorf("docx: %w", err))
	}
	return &Document{Text: joinBlocks(w.blocks), Format: FormatDOCX}, nil
}

// mainDocumentPart follows the package relationship to the main part, which
// is usually word/document.xml but need not be.
func mainDocumentPart(a *docxArchive) string {
	const fallback = "word/document.xml"
	rc, err := a.open("_rels/.rels")
	if err != nil {
		return fallback
	}
	defer rc.Close()
	d := xml.NewDecoder(rc)
	for {
		tok, err := d.Token()
		if err != nil {
			return fallback
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "Relationship" {
			continue
		}
		if strings.HasSuffix(attr(se, "Type"), "/officeDocument") {
			t := strings.TrimPrefix(attr(se, "Target"), "/")
			if _, ok := a.files[strings.ToLower(t)]; ok {
				return t
			}
			return fallback
		}
	}
}

func attr(se xml.StartElement, local string) string {
	for _, at := range se.Attr {
		if at.Name.Local == local {
			return at.Value
		}
	}
	return ""
}

// encryptedOOXML reports a password-protected DOCX: Word stores those as a
// compound file holding an EncryptedPackage stream instead of a zip, so
// Detect rejects them; the user deserves the real reason.
func encryptedOOXML(filename string, data []byte) bool {
	if !strings.EqualFold(path.Ext(filename), ".docx") || !bytes.HasPrefix(data, magicOLE2) {
		return false
	}
	streams, err := readCFB(data, 1<<20, "EncryptionInfo")
	if err != nil {
		return false
	}
	_, ok := streams["EncryptionInfo"]
	return ok
}
