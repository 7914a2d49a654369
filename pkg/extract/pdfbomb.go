package extract

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// detailPDFBomb is the answer for a PDF whose compressed streams expand
// past the budget (a decompression bomb, or a document far larger than
// any process description). It names the limit.
func detailPDFBomb(lim Limits) string {
	return fmt.Sprintf("This PDF expands to more than %s when its compressed parts are unpacked; the limit per document is %s%s. "+
		"Save it again without embedded media, or split it into smaller files, then upload it again.",
		sizeText(lim.MaxUncompressed), sizeText(lim.MaxUncompressed), lim.demoNote())
}

// maxStreamFraction: one stream may use at most this part of the
// document's budget before it is refused on its own.
const maxStreamFraction = 2

// imageAllowance: image streams are decoded only to draw a page, never to
// read its text, so they get this many times the budget (a scanned page
// of flat colour deflates a thousandfold and is no attack); they are still
// counted so that the check itself stays bounded.
const imageAllowance = 4

// maxFilters bounds a stream's filter chain; real files use one or two.
const maxFilters = 8

// checkPDFInflation decodes every stream of data through its whole filter
// chain (Flate, LZW, ASCIIHex, ASCII85, RunLength, in any order and
// nesting) into io.Discard, counting, before any PDF engine sees the file:
// engines decode streams into memory, and a 1 MB PDF can hold a gigabyte.
// It fails with detailPDFBomb when one stream expands past total/2 or all
// of them past total. Memory stays at the decoders' windows; the work
// stops at the budget.
//
// Streams are found by a single forward scan of the file's tokens rather
// than through the cross-reference table, so a damaged or lying table
// cannot hide one, and dictionaries of any length are read (object
// streams and cross-reference streams are streams like any other). A
// stream that does not decode is left for the engine to judge.
func checkPDFInflation(ctx context.Context, data []byte, lim Limits) error {
	total := lim.MaxUncompressed
	perStream := total / maxStreamFraction
	var sum, images int64
	s := pdfScanner{data: data}
	var z reusedInflater
	for k := 0; ; k++ {
		if k%64 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		st, ok := s.nextStream()
		if !ok {
			return nil
		}
		if len(st.filters) == 0 {
			continue
		}
		if st.image {
			left := imageAllowance*total - images
			n := z.decodedSize(st, left+1)
			images += n
			if n > left {
				return failure.Permanent(detailPDFBomb(lim),
					fmt.Errorf("pdf: images expand past %d bytes", imageAllowance*total))
			}
			continue
		}
		left := min(perStream, total-sum)
		n := z.decodedSize(st, left+1)
		sum += n
		if n > left {
			return failure.Permanent(detailPDFBomb(lim),
				fmt.Errorf("pdf: stream %v at offset %d expands past %d bytes (document budget %d)", st.filters, st.start, left, total))
		}
	}
}

// pdfStream is one stream found by pdfScanner.
type pdfStream struct {
	data        []byte   // from the first byte after "stream" and its EOL
	filters     []string // the /Filter chain, first applied first
	earlyChange bool
	image       bool
	start       int
}

// reusedInflater keeps one zlib reader across the streams of a document:
// most streams are a single FlateDecode, and a fresh inflater per stream
// (its 32 KB window and tables) was most of the check's cost on small
// files.
type reusedInflater struct {
	zr io.ReadCloser
}

// decodedSize returns how many bytes the stream's filter chain produces,
// counting at most limit. The chain stops at the first filter not decoded
// here (an image codec); what reaches it is counted.
func (z *reusedInflater) decodedSize(st pdfStream, limit int64) int64 {
	var r io.Reader = bytes.NewReader(st.data)
	for i, f := range st.filters {
		if i == 0 && (f == "FlateDecode" || f == "Fl") && len(st.data) >= 2 && st.data[0]&0x0f == 8 {
			if z.zr == nil {
				if zr, err := zlib.NewReader(r); err == nil {
					z.zr, r = zr, zr
					continue
				}
			} else if z.zr.(zlib.Resetter).Reset(r, nil) == nil {
				r = z.zr
				continue
			}
			r = bytes.NewReader(st.data) // not zlib after all: the general path
		}
		d, ok := pdfDecoder(f, r, st.earlyChange)
		if !ok {
			break
		}
		r = d
	}
	n, _ := io.Copy(io.Discard, io.LimitReader(r, limit))
	return n
}

// pdfScanner walks the tokens of a PDF file just well enough to find each
// stream and the dictionary in front of it: strings, comments and nested
// dictionaries are skipped properly, so no text inside them is taken for
// a keyword, and stream data is skipped by its /Length (or up to
// "endstream").
type pdfScanner struct {
	data []byte
	pos  int
	// The top-level dictionary most recently closed, and where: a stream
	// keyword right after it belongs to it.
	dict    dictInfo
	dictEnd int
}

// dictInfo is what the scanner keeps of a dictionary's top-level entries.
type dictInfo struct {
	filters     []string
	earlyChange bool
	image       bool
	length      int
	// filterRef is "N G" when /Filter is an indirect reference.
	filterRef string
}

func (s *pdfScanner) nextStream() (pdfStream, bool) {
	d := s.data
	for s.pos < len(d) {
		c := d[s.pos]
		switch {
		case c == '%':
			s.skipLine()
		case c == '(':
			s.skipString()
		case c == '<' && s.pos+1 < len(d) && d[s.pos+1] == '<':
			info := s.readDict()
			s.dict, s.dictEnd = info, s.pos
		case c == '<':
			s.skipHex()
		case bytes.HasPrefix(d[s.pos:], []byte("stream")) && !isRegular(d, s.pos-1) && !isRegular(d, s.pos+6):
			kw := s.pos
			start := kw + len("stream")
			if start < len(d) && d[start] == '\r' {
				start++
			}
			if start < len(d) && d[start] == '\n' {
				start++
			}
			// Only white space may stand between the dictionary and the
			// keyword; otherwise the dictionary is someone else's.
			info := dictInfo{}
			if s.dictEnd > 0 && len(bytes.TrimLeft(d[s.dictEnd:kw], "\x00\t\n\f\r ")) == 0 {
				info = s.dict
			}
			end := s.streamEnd(start, info.length)
			s.pos, s.dictEnd = end, 0
			filters := info.filters
			if info.filterRef != "" {
				filters = s.resolveFilters(info.filterRef)
			}
			if len(filters) > maxFilters {
				filters = filters[:maxFilters]
			}
			return pdfStream{data: d[start:end], filters: filters, earlyChange: info.earlyChange, image: info.image, start: kw}, true
		default:
			s.pos++
		}
	}
	return pdfStream{}, false
}

// streamEnd is where the stream data starting at start ends: at /Length
// when that is followed by "endstream", else before the next "endstream".
func (s *pdfScanner) streamEnd(start, length int) int {
	d := s.data
	if length > 0 && start+length <= len(d) {
		rest := bytes.TrimLeft(d[start+length:min(len(d), start+length+64)], "\x00\t\n\f\r ")
		if bytes.HasPrefix(rest, []byte("endstream")) {
			return start + length
		}
	}
	if k := bytes.Index(d[start:], []byte("endstream")); k >= 0 {
		return start + k
	}
	return len(d)
}

func (s *pdfScanner) skipLine() {
	for s.pos < len(s.data) && s.data[s.pos] != '\n' && s.data[s.pos] != '\r' {
		s.pos++
	}
}

// skipString skips a literal string: balanced parentheses, backslash
// escapes.
func (s *pdfScanner) skipString() {
	depth := 0
	for ; s.pos < len(s.data); s.pos++ {
		switch s.data[s.pos] {
		case '\\':
			s.pos++
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				s.pos++
				return
			}
		}
	}
}

func (s *pdfScanner) skipHex() {
	if k := bytes.IndexByte(s.data[s.pos:], '>'); k >= 0 {
		s.pos += k + 1
		return
	}
	s.pos = len(s.data)
}

// readDict reads the dictionary at s.pos ("<<") to its matching ">>",
// keeping /Filter, /DecodeParms /EarlyChange, /Subtype /Image and a direct
// /Length of the top level.
func (s *pdfScanner) readDict() dictInfo {
	d := s.data
	s.pos += 2
	r := dictReader{s: s, info: dictInfo{earlyChange: true}, depth: 1} // PDF's default
	for s.pos < len(d) && r.depth > 0 {
		c := d[s.pos]
		switch {
		case c == '%':
			s.skipLine()
		case c == '(':
			s.skipString()
			r.key = nextKey(r.key, r.depth, r.arr)
		case c == '<' && s.pos+1 < len(d) && d[s.pos+1] == '<':
			r.depth++
			s.pos += 2
		case c == '>' && s.pos+1 < len(d) && d[s.pos+1] == '>':
			r.depth--
			s.pos += 2
			r.endValue()
		case c == '<':
			s.skipHex()
			r.key = nextKey(r.key, r.depth, r.arr)
		case c == '[':
			r.arr++
			s.pos++
		case c == ']':
			r.arr = max(0, r.arr-1)
			s.pos++
			r.endValue()
		case c == '/':
			r.name(s.readName())
		case isRegular(d, s.pos):
			r.regular(s.readRegular())
		default:
			s.pos++
		}
	}
	return r.info
}

// dictReader is readDict's place in a dictionary: how deep it is in
// dictionaries (1 at the top level) and in arrays inside the current
// top-level value, and the top-level key whose value comes next.
type dictReader struct {
	s     *pdfScanner
	info  dictInfo
	depth int
	arr   int
	key   string
}

// top tells whether the reader is at the dictionary's own level.
func (r *dictReader) top() bool { return r.depth == 1 && r.arr == 0 }

// endValue clears the pending key once a nested dictionary or array that
// was its value closes.
func (r *dictReader) endValue() {
	if r.top() {
		r.key = ""
	}
}

// name takes a /Name: a top-level key, a filter of /Filter, the image
// /Subtype, or /EarlyChange inside /DecodeParms.
func (r *dictReader) name(name string) {
	switch {
	case r.top() && r.key == "":
		r.key = name
		if r.key == "Filter" {
			r.info.filters = r.info.filters[:0]
		}
	case r.depth == 1 && r.key == "Filter":
		r.info.filters = append(r.info.filters, name)
		if r.arr == 0 {
			r.key = ""
		}
	case r.top() && r.key == "Subtype":
		r.info.image = r.info.image || name == "Image"
		r.key = ""
	case r.depth > 1 && name == "EarlyChange":
		r.info.earlyChange = r.s.peekInt() != 0
	case r.top():
		r.key = ""
	}
}

// regular takes a number, keyword or reference part: an indirect /Filter,
// a direct /Length; a top-level value ends unless it is a reference.
func (r *dictReader) regular(tok []byte) {
	s := r.s
	if !r.top() || r.key == "" {
		return
	}
	if r.key == "Filter" && isDigits(tok) && s.followedByRef() {
		r.info.filterRef = s.refAt(tok)
	}
	if r.key == "Length" {
		if n, err := strconv.Atoi(string(tok)); err == nil && !s.followedByRef() {
			r.info.length = n
		}
	}
	if !bytes.Equal(tok, []byte("R")) && !s.followedByRef() {
		r.key = ""
	}
}

// nextKey clears the pending top-level key once its value (a string) is
// read.
func nextKey(key string, depth, arr int) string {
	if depth == 1 && arr == 0 {
		return ""
	}
	return key
}

func (s *pdfScanner) readName() string {
	s.pos++ // '/'
	start := s.pos
	for s.pos < len(s.data) && isRegular(s.data, s.pos) {
		s.pos++
	}
	return string(s.data[start:s.pos])
}

func (s *pdfScanner) readRegular() []byte {
	start := s.pos
	for s.pos < len(s.data) && isRegular(s.data, s.pos) {
		s.pos++
	}
	return s.data[start:s.pos]
}

// followedByRef tells whether the next tokens are "G R" (the number just
// read was an object number of an indirect reference).
func (s *pdfScanner) followedByRef() bool {
	rest := s.data[s.pos:min(len(s.data), s.pos+32)]
	f := bytes.Fields(rest)
	return len(f) >= 2 && isDigits(f[0]) && (bytes.Equal(f[1], []byte("R")) || bytes.HasPrefix(f[1], []byte("R/")) || bytes.HasPrefix(f[1], []byte("R>")))
}

// refAt returns "N G" for the reference whose object number tok was just
// read.
func (s *pdfScanner) refAt(tok []byte) string {
	f := bytes.Fields(s.data[s.pos:min(len(s.data), s.pos+32)])
	return string(tok) + " " + string(f[0])
}

// resolveFilters finds the object ref ("N G") and reads the filter name or
// array it holds. An object it cannot find (one inside an object stream)
// is counted as FlateDecode, the filter of nearly every stream.
func (s *pdfScanner) resolveFilters(ref string) []string {
	d := s.data
	key := []byte(ref + " obj")
	for from := 0; from < len(d); {
		k := bytes.Index(d[from:], key)
		if k < 0 {
			break
		}
		at := from + k
		from = at + len(key)
		if isRegular(d, at-1) {
			continue
		}
		var names []string
		for i := from; i < min(len(d), from+4096); i++ {
			switch d[i] {
			case '/':
				sub := pdfScanner{data: d, pos: i}
				names = append(names, sub.readName())
				i = sub.pos - 1
			case '[', ' ', '\t', '\r', '\n', '\f', 0:
			default:
				if len(names) > 0 {
					return names
				}
				i = len(d)
			}
		}
		if len(names) > 0 {
			return names
		}
	}
	return []string{"FlateDecode"}
}

func (s *pdfScanner) peekInt() int {
	rest := bytes.TrimLeft(s.data[s.pos:min(len(s.data), s.pos+32)], "\x00\t\n\f\r ")
	i := 0
	for i < len(rest) && (rest[i] == '-' || rest[i] >= '0' && rest[i] <= '9') {
		i++
	}
	n, _ := strconv.Atoi(string(rest[:i]))
	return n
}

func isDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// isRegular reports whether data[i] is a regular PDF character (not white
// space or a delimiter); outside data counts as not regular.
func isRegular(data []byte, i int) bool {
	if i < 0 || i >= len(data) {
		return false
	}
	switch data[i] {
	case 0, '\t', '\n', '\f', '\r', ' ', '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return false
	}
	return true
}

// inflater reads zlib data, or raw deflate data (which some producers
// write and readers accept) when the zlib header is missing.
func inflater(r io.Reader) io.Reader {
	br := &peekReader{r: r}
	zr, err := zlib.NewReader(br)
	if err == nil {
		return zr
	}
	return flate.NewReader(io.MultiReader(bytes.NewReader(br.seen), r))
}

// peekReader remembers what zlib's header check consumed so that the raw
// deflate fallback can start from the beginning.
type peekReader struct {
	r    io.Reader
	seen []byte
}

func (p *peekReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if len(p.seen) < 16 {
		p.seen = append(p.seen, b[:n]...)
	}
	return n, err
}
