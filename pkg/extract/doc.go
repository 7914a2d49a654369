package extract

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf16"

	"github.com/richardlehane/mscfb"
	"golang.org/x/text/encoding/charmap"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// Word 97–2003 binary files ([MS-DOC]) keep their text in the WordDocument
// stream as pieces that may each be 8-bit (cp1252, "compressed") or
// UTF-16LE. The piece table (CLX) in the 0Table/1Table stream says where
// each run of character positions lives; the FIB at the start of
// WordDocument says which table stream holds it and how long the main text
// is. Formatting is not needed for text, so it is not parsed.

const (
	fibMagic        = 0xA5EC
	fibMinNFib      = 0x00C0 // Word 97 writes 0xC1; some converters 0xC0
	fibFlagEncrypt  = 0x0100
	fibFlagWhichTbl = 0x0200
	fibFlagObfusc   = 0x8000
	fibClxIndex     = 33 // fcClx/lcbClx pair in FibRgFcLcb97
)

var errDOC = errors.New("doc: malformed")

func extractDOC(ctx context.Context, data []byte, opts Options) (*Document, error) {
	streams, err := readCFB(data, opts.MaxUncompressed, "WordDocument", "0Table", "1Table")
	if err != nil {
		if fe := budgetFailure("DOC", opts.limits(), err); fe != nil {
			return nil, fe
		}
		return nil, failure.Permanent(detailCorruptDOC, err)
	}
	text, err := docText(streams)
	if err != nil {
		var fe *failure.Error
		if errors.As(err, &fe) {
			return nil, err
		}
		return nil, failure.Permanent(detailCorruptDOC, err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(text) > opts.MaxText {
		return nil, budgetFailure("DOC", opts.limits(), fmt.Errorf("doc: %d bytes of text: %w", len(text), errTextBudget))
	}
	return &Document{Text: text, Format: FormatDOC}, nil
}

// readCFB returns the named top-level streams of a compound file, reading at
// most limit bytes in total.
func readCFB(data []byte, limit int64, names ...string) (map[string][]byte, error) {
	r, err := mscfb.New(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("doc: compound file: %w", err)
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	out := map[string][]byte{}
	b := &budget{left: limit}
	for i := 0; ; i++ {
		if i > 10000 {
			return nil, fmt.Errorf("doc: too many directory entries: %w", errDOC)
		}
		f, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("doc: compound file: %w", err)
		}
		if len(f.Path) != 0 || !want[f.Name] {
			continue
		}
		if _, dup := out[f.Name]; dup {
			continue
		}
		buf, err := io.ReadAll(budgetReader{f, b})
		if err != nil {
			return nil, fmt.Errorf("doc: stream %s: %w", f.Name, err)
		}
		out[f.Name] = buf
	}
	return out, nil
}

// docText reads the main document text through the piece table.
func docText(streams map[string][]byte) (string, error) {
	wd := streams["WordDocument"]
	tableName, err := checkFIB(wd)
	if err != nil {
		return "", err
	}
	table := streams[tableName]
	if table == nil {
		return "", fmt.Errorf("doc: no %s stream: %w", tableName, errDOC)
	}
	ccpText, clx, err := locateCLX(wd, table)
	if err != nil {
		return "", err
	}
	pieces, err := parseCLX(clx)
	if err != nil {
		return "", err
	}
	raw, err := piecesText(wd, pieces, ccpText)
	if err != nil {
		return "", err
	}
	return cleanWordText(raw), nil
}

// checkFIB checks the WordDocument stream's FibBase (present, Word 97 or
// later, not encrypted) and names the table stream it uses.
func checkFIB(wd []byte) (tableName string, err error) {
	if len(wd) < 34 {
		return "", fmt.Errorf("doc: no WordDocument stream: %w", errDOC)
	}
	if binary.LittleEndian.Uint16(wd[0:]) != fibMagic {
		return "", fmt.Errorf("doc: bad FIB magic: %w", errDOC)
	}
	nFib := binary.LittleEndian.Uint16(wd[2:])
	flags := binary.LittleEndian.Uint16(wd[10:])
	if flags&(fibFlagEncrypt|fibFlagObfusc) != 0 {
		return "", failure.Permanent(detailEncryptedDO, errors.New("doc: encrypted"))
	}
	if nFib < fibMinNFib {
		// Word 6/95 (nFib 101/104) and older have no piece table.
		return "", fmt.Errorf("doc: nFib %#x predates Word 97: %w", nFib, errDOC)
	}
	if flags&fibFlagWhichTbl != 0 {
		return "1Table", nil
	}
	return "0Table", nil
}

// locateCLX reads from the FIB the main text's length in characters
// (ccpText) and where in the table stream the CLX (the piece table) is.
func locateCLX(wd, table []byte) (ccpText uint32, clx []byte, err error) {
	// FibBase (32 bytes), then three counted arrays: fibRgW (16-bit),
	// fibRgLw (32-bit), fibRgFcLcb (pairs of 32-bit).
	off := 32
	csw, ok := u16(wd, off)
	if !ok {
		return 0, nil, fmt.Errorf("doc: short FIB: %w", errDOC)
	}
	off += 2 + int(csw)*2
	cslw, ok := u16(wd, off)
	if !ok {
		return 0, nil, fmt.Errorf("doc: short FIB: %w", errDOC)
	}
	rgLw := off + 2
	off = rgLw + int(cslw)*4
	ccpText, ok = u32(wd, rgLw+3*4)
	if !ok || cslw < 4 {
		return 0, nil, fmt.Errorf("doc: short FIB: %w", errDOC)
	}
	cbRgFcLcb, ok := u16(wd, off)
	if !ok || cbRgFcLcb <= fibClxIndex {
		return 0, nil, fmt.Errorf("doc: short FIB: %w", errDOC)
	}
	fcClx, ok1 := u32(wd, off+2+fibClxIndex*8)
	lcbClx, ok2 := u32(wd, off+2+fibClxIndex*8+4)
	if !ok1 || !ok2 || uint64(fcClx)+uint64(lcbClx) > uint64(len(table)) {
		return 0, nil, fmt.Errorf("doc: CLX outside table stream: %w", errDOC)
	}
	return ccpText, table[fcClx : fcClx+lcbClx], nil
}

// piecesText reads the first ccpText characters of the pieces from the
// WordDocument stream: compressed pieces one byte a character
// (appendCompressed), the others UTF-16.
func piecesText(wd []byte, pieces []piece, ccpText uint32) ([]rune, error) {
	var raw []rune
	for _, p := range pieces {
		if p.cpStart >= ccpText {
			break
		}
		n := min(p.cpEnd, ccpText) - p.cpStart
		start, size := uint64(p.fc), 2*uint64(n)
		if p.compressed {
			start, size = uint64(p.fc/2), uint64(n)
		}
		if start+size > uint64(len(wd)) {
			return nil, fmt.Errorf("doc: piece outside WordDocument: %w", errDOC)
		}
		if p.compressed {
			raw = appendCompressed(raw, wd[start:start+size])
			continue
		}
		u := make([]uint16, n)
		for i := range u {
			u[i] = binary.LittleEndian.Uint16(wd[start+2*uint64(i):])
		}
		raw = append(raw, utf16.Decode(u)...)
	}
	return raw, nil
}

type piece struct {
	cpStart, cpEnd uint32
	fc             uint32
	compressed     bool
}

// parseCLX skips the Prc (formatting) entries and reads the PlcPcd.
func parseCLX(clx []byte) ([]piece, error) {
	i := 0
	for i < len(clx) && clx[i] == 0x01 {
		n, ok := u16(clx, i+1)
		if !ok {
			return nil, fmt.Errorf("doc: short Prc: %w", errDOC)
		}
		i += 3 + int(int16(n))
		if int16(n) < 0 {
			return nil, fmt.Errorf("doc: negative Prc: %w", errDOC)
		}
	}
	if i >= len(clx) || clx[i] != 0x02 {
		return nil, fmt.Errorf("doc: no piece table: %w", errDOC)
	}
	lcb, ok := u32(clx, i+1)
	if !ok || uint64(i)+5+uint64(lcb) > uint64(len(clx)) || lcb < 4 || (lcb-4)%12 != 0 {
		return nil, fmt.Errorf("doc: bad piece table: %w", errDOC)
	}
	plc := clx[i+5 : i+5+int(lcb)]
	n := int(lcb-4) / 12
	pcds := plc[4*(n+1):]
	pieces := make([]piece, 0, n)
	for k := range n {
		start := binary.LittleEndian.Uint32(plc[4*k:])
		end := binary.LittleEndian.Uint32(plc[4*(k+1):])
		if end < start {
			return nil, fmt.Errorf("doc: piece %d ends before it starts: %w", k, errDOC)
		}
		fc := binary.LittleEndian.Uint32(pcds[8*k+2:])
		pieces = append(pieces, piece{
			cpStart:    start,
			cpEnd:      end,
			fc:         fc &^ 0x40000000,
			compressed: fc&0x40000000 != 0,
		})
	}
	return pieces, nil
}

// appendCompressed decodes an 8-bit piece. [MS-DOC] 2.4.1 says these
// are cp1252 (its table of exceptions is exactly cp1252's 0x80–0x9F row).
func appendCompressed(dst []rune, b []byte) []rune {
	for _, c := range b {
		dst = append(dst, charmap.Windows1252.DecodeByte(c))
	}
	return dst
}

// cleanWordText turns Word's special characters into plain text: paragraph
// marks into paragraphs, cell marks into " | " separated rows, field codes
// dropped (their displayed result kept), object anchors removed.
func cleanWordText(raw []rune) string {
	w := &wordCleaner{}
	for _, r := range raw {
		if w.fieldMark(r) {
			w.prev = r
			continue
		}
		if w.inFieldCode() {
			continue
		}
		w.char(r)
		w.prev = r
	}
	if len(w.cells) > 0 {
		w.blocks = append(w.blocks, block{text: joinCells(w.cells), group: w.tableGrp})
	}
	w.blocks = append(w.blocks, block{text: w.cur.String()})
	return joinBlocks(w.blocks)
}

// wordCleaner is cleanWordText's place in the text.
type wordCleaner struct {
	blocks   []block
	cur      strings.Builder
	cells    []string
	groups   int
	tableGrp int
	cols     int // cells per row of the current table, 0 until known
	// field nesting: for each open field, whether we are past its
	// separator (showing the result) or still in its code; open counts
	// the fields still in their code.
	fields  []bool
	open    int
	skipped int // characters dropped since the last visible one
	prev    rune
}

// fieldMark takes a field's begin, separator or end mark; false for any
// other character.
func (w *wordCleaner) fieldMark(r rune) bool {
	switch r {
	case 0x13: // field begin
		w.fields = append(w.fields, false)
		w.open++
	case 0x14: // field separator
		if n := len(w.fields); n > 0 && !w.fields[n-1] {
			w.fields[n-1] = true
			w.open--
		}
	case 0x15: // field end
		if n := len(w.fields); n > 0 {
			if !w.fields[n-1] {
				w.open--
			}
			w.fields = w.fields[:n-1]
		}
	default:
		return false
	}
	return true
}

// inFieldCode drops a character of a field's code. Field codes are short;
// a code running on for pages means an unbalanced field, which must not
// swallow the document.
func (w *wordCleaner) inFieldCode() bool {
	if w.open > 0 {
		if w.skipped++; w.skipped > 4096 {
			w.fields, w.open = w.fields[:0], 0
		} else {
			return true
		}
	}
	w.skipped = 0
	return false
}

// flushPara ends the paragraph; the first paragraph after a table ends
// the table.
func (w *wordCleaner) flushPara() {
	if w.tableGrp != 0 {
		w.tableGrp, w.cols = 0, 0
	}
	w.blocks = append(w.blocks, block{text: w.cur.String()})
	w.cur.Reset()
}

// char takes a visible character or a paragraph, line, page or cell mark.
func (w *wordCleaner) char(r rune) {
	switch r {
	case '\r':
		w.flushPara()
	case 0x0B: // line break inside a paragraph
		w.cur.WriteByte('\n')
	case 0x0C: // page or section break
		w.flushPara()
	case 0x07:
		w.cellMark()
	case '\t', 0xA0:
		w.cur.WriteByte(' ')
	case 0x1E: // non-breaking hyphen
		w.cur.WriteByte('-')
	case 0x1F: // optional hyphen
	default:
		if r >= 0x20 {
			w.cur.WriteRune(r)
		}
	}
}

// cellMark ends a cell or a row. Cells end with 0x07 and rows with one
// more. Without parsing paragraph properties an empty cell looks the same
// as a row end, so the first row's cell count decides for later rows.
func (w *wordCleaner) cellMark() {
	if w.prev == 0x07 && len(w.cells) > 0 && (w.cols == 0 || len(w.cells) >= w.cols) {
		if w.tableGrp == 0 {
			w.groups++
			w.tableGrp = w.groups
		}
		if w.cols == 0 {
			w.cols = len(w.cells)
		}
		w.blocks = append(w.blocks, block{text: joinCells(w.cells), group: w.tableGrp})
		w.cells = w.cells[:0]
		return
	}
	w.cells = append(w.cells, strings.ReplaceAll(w.cur.String(), "\n", " "))
	w.cur.Reset()
}

func u16(b []byte, off int) (uint16, bool) {
	if off < 0 || off+2 > len(b) {
		return 0, false
	}
	return binary.LittleEndian.Uint16(b[off:]), true
}

func u32(b []byte, off int) (uint32, bool) {
	if off < 0 || off+4 > len(b) {
		return 0, false
	}
	return binary.LittleEndian.Uint32(b[off:]), true
}
