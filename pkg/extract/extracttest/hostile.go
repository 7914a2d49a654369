package extracttest

import (
	"archive/zip"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/filter"
)

// Hostile inputs: small files that declare or expand to huge sizes. Each
// is written streaming, so generating a 1 GB bomb costs no gigabyte.

// TextBombDOCX is a DOCX of about textBytes of plain text in paragraphs
// of 1,000 characters: a few hundred KB that a naive reader turns into a
// document of textBytes.
func TextBombDOCX(textBytes int64) []byte {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	add := func(name, content string) {
		w, _ := z.Create(name)
		io.WriteString(w, content)
	}
	add("[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`+
		`<Default Extension="xml" ContentType="application/xml"/></Types>`)
	w, _ := z.Create("word/document.xml")
	io.WriteString(w, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document `+wNS+`><w:body>`)
	para := "<w:p><w:r><w:t>" + strings.Repeat("The clerk checks the invoice. ", 33) + "</w:t></w:r></w:p>"
	for n := int64(0); n < textBytes; n += 990 {
		io.WriteString(w, para)
	}
	io.WriteString(w, `</w:body></w:document>`)
	z.Close()
	return b.Bytes()
}

// NestedDOCX is a DOCX whose document part nests depth elements.
func NestedDOCX(depth int) []byte {
	var b strings.Builder
	b.WriteString(strings.Repeat("<w:p>", depth))
	b.WriteString("<w:r><w:t>deep</w:t></w:r>")
	b.WriteString(strings.Repeat("</w:p>", depth))
	return DOCX(b.String(), nil)
}

// FlatPNG is a one-colour 8-bit grey PNG of w × h pixels whose header
// says so truthfully; 60 megapixels take about 60 KB.
func FlatPNG(w, h int) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		c := crc32.NewIEEE()
		b.WriteString(typ)
		c.Write([]byte(typ))
		b.Write(data)
		c.Write(data)
		binary.Write(&b, binary.BigEndian, c.Sum32())
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 0 // 8-bit greyscale
	chunk("IHDR", ihdr)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	row := make([]byte, 1+w) // filter byte 0, then w zero pixels
	for range h {
		zw.Write(row)
	}
	zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return b.Bytes()
}

// PNGHeader is only the signature and IHDR of a PNG claiming w × h
// pixels (any values, including 0 and 2³²-1) with the given bit depth
// and colour type: a header to check before decoding.
func PNGHeader(w, h uint32, depth, colorType byte) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = depth, colorType
	binary.Write(&b, binary.BigEndian, uint32(13))
	b.WriteString("IHDR")
	b.Write(ihdr)
	c := crc32.NewIEEE()
	c.Write([]byte("IHDR"))
	c.Write(ihdr)
	binary.Write(&b, binary.BigEndian, c.Sum32())
	return b.Bytes()
}

// BombStream is the content of a PDF page padded with pad spaces and
// encoded through filters (names as in /Filter, applied by the reader in
// this order), for PDFOptions.Encode.
func BombStream(content string, pad int64) io.Reader {
	return io.MultiReader(strings.NewReader(content), &spaces{left: pad})
}

type spaces struct{ left int64 }

func (s *spaces) Read(p []byte) (int, error) {
	if s.left <= 0 {
		return 0, io.EOF
	}
	n := int(min(int64(len(p)), s.left))
	for i := range n {
		p[i] = ' '
	}
	s.left -= int64(n)
	return n, nil
}

// Encode applies the PDF filters of chain to data (the reader undoes
// chain[0] first, so it is applied last). FlateDecode, ASCIIHexDecode and
// LZWDecode (EarlyChange 1) are known.
func Encode(r io.Reader, chain []string) ([]byte, error) {
	for i := len(chain) - 1; i >= 0; i-- {
		var out bytes.Buffer
		switch chain[i] {
		case "FlateDecode":
			w := zlib.NewWriter(&out)
			if _, err := io.Copy(w, r); err != nil {
				return nil, err
			}
			w.Close()
		case "ASCIIHexDecode":
			data, err := io.ReadAll(r)
			if err != nil {
				return nil, err
			}
			fmt.Fprintf(&out, "%x>", data)
		case "LZWDecode":
			if err := lzwEncode(&out, r); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("extracttest: no encoder for %s", chain[i])
		}
		r = &out
	}
	return io.ReadAll(r)
}

// lzwEncode writes PDF LZW (EarlyChange 1) with pdfcpu's encoder.
func lzwEncode(w io.Writer, r io.Reader) error {
	f, err := filter.NewFilter(filter.LZW, nil)
	if err != nil {
		return err
	}
	out, err := f.Encode(r)
	if err != nil {
		return err
	}
	_, err = io.Copy(w, out)
	return err
}
