package extract

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"context"
	"fmt"
	"io"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// detailPDFBomb is the answer for a PDF whose compressed streams inflate
// past the budget (a decompression bomb, or a document far larger than
// any process description).
const detailPDFBomb = "This PDF expands to more data than allowed. Save it again without embedded media or split it into smaller files, then upload it again."

// maxStreamFraction: one stream may use at most this part of the
// document's budget before it is refused on its own.
const maxStreamFraction = 2

// imageAllowance: image streams are decoded only to draw a page, never to
// read its text, so they get this many times the budget (a scanned page
// of flat colour deflates a thousandfold and is no attack); they are still
// counted so that the check itself stays bounded.
const imageAllowance = 4

// checkPDFInflation inflates every Flate-compressed stream of data into
// io.Discard, counting, before pdfcpu or pdfium sees the file: both inflate
// streams into memory, and a 1 MB PDF can hold a gigabyte. It fails with
// detailPDFBomb when one stream inflates past total/2 or all of them past
// total. Memory stays at the inflaters' windows; the work stops at the
// budget, so a bomb costs at most total bytes of inflating.
//
// Streams are found by their keyword rather than by parsing, so a damaged
// cross-reference table cannot hide one; a stream that does not inflate is
// left for the parsers to judge.
func checkPDFInflation(ctx context.Context, data []byte, total int64) error {
	perStream := total / maxStreamFraction
	var sum, images int64
	kw := []byte("stream")
	for i := 0; i < len(data); {
		j := bytes.Index(data[i:], kw)
		if j < 0 {
			break
		}
		pos := i + j
		i = pos + len(kw)
		if pos >= 3 && string(data[pos-3:pos]) == "end" {
			continue
		}
		layers, image := flateLayers(data, pos)
		if layers == 0 {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		start := i
		if start < len(data) && data[start] == '\r' {
			start++
		}
		if start < len(data) && data[start] == '\n' {
			start++
		}
		if image {
			left := imageAllowance*total - images
			n := inflatedSize(data[start:], layers, left+1)
			images += n
			if n > left {
				return failure.Permanent(detailPDFBomb,
					fmt.Errorf("pdf: images inflate past %d bytes", imageAllowance*total))
			}
			continue
		}
		left := min(perStream, total-sum)
		n := inflatedSize(data[start:], layers, left+1)
		sum += n
		if n > left {
			return failure.Permanent(detailPDFBomb,
				fmt.Errorf("pdf: stream at offset %d inflates past %d bytes (document budget %d)", pos, left, total))
		}
	}
	return nil
}

// flateLayers counts the FlateDecode filters in the dictionary before the
// stream keyword at pos (the text back to the object's "obj", at most 4 KB)
// and tells whether the stream is an image.
func flateLayers(data []byte, pos int) (layers int, image bool) {
	dict := data[max(0, pos-4096):pos]
	if k := bytes.LastIndex(dict, []byte("obj")); k >= 0 {
		dict = dict[k:]
	}
	layers = bytes.Count(dict, []byte("/FlateDecode")) + bytes.Count(dict, []byte("/Fl ")) +
		bytes.Count(dict, []byte("/Fl]")) + bytes.Count(dict, []byte("/Fl/"))
	image = bytes.Contains(dict, []byte("/Subtype/Image")) || bytes.Contains(dict, []byte("/Subtype /Image"))
	return layers, image
}

// inflatedSize returns how many bytes compressed inflates to through the
// given number of zlib layers, counting at most limit.
func inflatedSize(compressed []byte, layers int, limit int64) int64 {
	var r io.Reader = bytes.NewReader(compressed)
	for range layers {
		r = inflater(r)
	}
	n, _ := io.Copy(io.Discard, io.LimitReader(r, limit))
	return n
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
