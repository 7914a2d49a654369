// Command fontgen makes the CJK fallback font the PDF export embeds
// (pkg/export/fonts/WenQuanYiMicroHei.ttf.gz) from Debian's
// fonts-wqy-microhei collection: it takes the first font of the .ttc, keeps
// only the tables a PDF font subset and the layout need (dropping glyph
// names, kerning and vertical metrics: 700 KB nothing reads) and gzips it,
// so the binary carries about 2 MB instead of 5 MB. The outlines are
// unchanged; the font keeps its licence (Apache-2.0, fonts/LICENSE-WenQuanYi.txt).
//
// Run it with `go generate ./pkg/export` after installing
// fonts-wqy-microhei.
package main

import (
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/spade-bpmn/spade/pkg/export/internal/ttf"
)

func main() {
	in := flag.String("in", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", "font collection to read")
	out := flag.String("out", "fonts/WenQuanYiMicroHei.ttf.gz", "gzipped TrueType font to write")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "fontgen:", err)
		os.Exit(1)
	}
}

// keep are the tables the export reads: the character map and metrics for
// layout (golang.org/x/image/font/sfnt), the outlines and hinting programs
// for the embedded subset, and name/OS/2 so the file stays a valid font.
var keep = map[string]bool{
	"cmap": true, "glyf": true, "head": true, "hhea": true, "hmtx": true, "loca": true,
	"maxp": true, "name": true, "OS/2": true, "cvt ": true, "fpgm": true, "prep": true,
}

func run(in, out string) error {
	data, err := os.ReadFile(in)
	if err != nil {
		return fmt.Errorf("read collection (install the Debian package fonts-wqy-microhei): %w", err)
	}
	tables, err := firstFont(data)
	if err != nil {
		return fmt.Errorf("read %s: %w", in, err)
	}
	f, err := os.Create(out)
	if err != nil {
		return fmt.Errorf("create font: %w", err)
	}
	zw, err := gzip.NewWriterLevel(f, gzip.BestCompression)
	if err != nil {
		return fmt.Errorf("compress font: %w", err)
	}
	// Laid out again: the collection's tables are not on four-byte
	// boundaries, which golang.org/x/image/font/sfnt refuses.
	if _, err := zw.Write(ttf.Write(tables)); err != nil {
		return fmt.Errorf("write font: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("write font: %w", err)
	}
	return f.Close()
}

// firstFont returns the kept tables of a collection's first font (or of a
// plain TrueType file).
func firstFont(d []byte) (map[string][]byte, error) {
	if len(d) < 16 {
		return nil, errors.New("file too short")
	}
	off := 0
	if string(d[:4]) == "ttcf" {
		off = int(binary.BigEndian.Uint32(d[12:]))
	}
	if off+12 > len(d) {
		return nil, errors.New("table directory out of range")
	}
	n := int(binary.BigEndian.Uint16(d[off+4:]))
	tables := map[string][]byte{}
	for i := range n {
		r := off + 12 + 16*i
		if r+16 > len(d) {
			return nil, errors.New("table directory out of range")
		}
		tag := string(d[r : r+4])
		o, l := int(binary.BigEndian.Uint32(d[r+8:])), int(binary.BigEndian.Uint32(d[r+12:]))
		if o+l > len(d) {
			return nil, fmt.Errorf("table %s out of range", tag)
		}
		switch {
		case keep[tag]:
			tables[tag] = d[o : o+l]
		case tag == "post" && l >= 32:
			// Version 3 of the table: the same header without the
			// half-megabyte of glyph names.
			post := append([]byte(nil), d[o:o+32]...)
			binary.BigEndian.PutUint32(post, 0x00030000)
			tables[tag] = post
		}
	}
	return tables, nil
}
